// The pages of spec 000 §2.1 that had fallen to the catch-all: the public pages /front, /features and /demo
// (signed out and signed in), the example statistics without an account, /account, the zone picker
// /select_zone leading to a new project in the chosen zone, and the dataset catalogue /catalog/{id}.
import { describe, expect, it, onTestFailed } from 'vitest';
import type { CurrentUser, Offer } from '@metocean/contracts';
import {
  apiCall,
  apiToken,
  createProject,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

/** dd/mm/yyyy of an ISO date, as the account page shows the subscription end (spec 001 §9). */
const frenchDate = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

describe('the public pages and the pages of the account and zones', () => {
  let manager = '';
  let projectId = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    manager = await apiToken(server.url, 'manager');
    projectId = await createProject(server.url, manager, {
      zone: 'Bay of Biscay',
      name: 'Biscay_catalogue',
      points: [{ name: 'Mid bay', lat: 45.5, lng: -5 }],
    });
  });

  it('serves the built JavaScript compressed as the browser accepts it, the hashed assets cached for a year (issue 34)', async () => {
    const { server } = harness;
    const html = await (await fetch(`${server.url}/front`)).text();
    // the app's entry (the session's start, loaded beside it, is too small to be worth compressing)
    const entry = /<script type="module"[^>]* src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, html).toBeTruthy();
    const raw = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await raw.arrayBuffer());
    // fetch decodes what it is sent: the bytes are the same file whichever variant came
    for (const encoding of ['br', 'gzip']) {
      const answer = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Buffer.from(await answer.arrayBuffer()).equals(body)).toBe(true);
    }
    // the page that names the assets is asked for again on every use
    const page = await fetch(`${server.url}/front`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('honours a system that asks for reduced motion: transitions and animations take 1 ms (WCAG 2.3.3)', async () => {
    const { page, server } = harness;
    await page.goto(`${server.url}/front`);
    // the test browser asks for reduced motion (harness.ts); a MUI button's colours change in 250 ms otherwise
    const button = page.locator('.MuiButton-root').first();
    await visible(button);
    const durations = () =>
      button.evaluate((element) => getComputedStyle(element).transitionDuration.split(', ').map(parseFloat));
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    // the longest is 1 ms (an element without a transition would give no duration, and -Infinity here)
    expect(Math.max(...(await durations()))).toBe(0.001);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    try {
      expect(Math.min(...(await durations()))).toBeGreaterThanOrEqual(0.1);
    } finally {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    }
  });

  it('shows the product, its features and the demo to a visitor who is not signed in', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-public-signed-out'));
    await page.goto(`${server.url}/front`);
    await visible(page.getByRole('heading', { level: 1, name: /Ocean and weather statistics for offshore/ }));
    const bar = page.getByRole('banner');
    await visible(bar.getByRole('link', { name: 'Sign in' }));
    await visible(bar.getByRole('link', { name: 'Create an account' }));
    await screenshot(page, 'public-front');
    // the example charts are drawn as they come into view: the strip's placeholder loads them once seen and
    // is replaced by them, so the scroll is asked of whichever is there (an action such as
    // scrollIntoViewIfNeeded waits for its element to be stable, and failed when the swap came first)
    await page
      .getByTestId('example-strip')
      .first()
      .evaluate((strip) => strip.scrollIntoView({ block: 'center' }));
    await visible(
      page.getByTestId('example-strip').getByTestId('thumbnail').first().locator('canvas, svg').first(),
    );
    await screenshot(page, 'public-front-examples');

    await bar.getByRole('link', { name: 'Features' }).click();
    await page.waitForURL(`${server.url}/features`);
    await visible(page.getByRole('heading', { level: 2, name: 'Advanced weather downtime' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Extreme values an engineer can sign' }));
    await screenshot(page, 'public-features');

    await bar.getByRole('link', { name: 'Free demo' }).click();
    await page.waitForURL(`${server.url}/demo`);
    await visible(page.getByRole('heading', { level: 3, name: 'Free Trial' }));
    await visible(page.getByRole('heading', { level: 3, name: 'Pack 10 Demo' }));
    // the location request needs an account: the box says so and links the way in
    const request = page.getByTestId('demo-request');
    await visible(request.getByText('Create an account or sign in first'));
    await screenshot(page, 'public-demo');

    // the examples need no account: they open in the public frame, not on the sign-in page
    await bar.getByRole('link', { name: 'Example statistics' }).click();
    await page.waitForURL(`${server.url}/help/statistics`);
    await visible(page.getByTestId('examples'));
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign in' }));
    // issue 35: one page, one name; the spec's /examples leads to it with its anchor
    await page.goto(`${server.url}/examples#EXT`);
    await page.waitForURL(`${server.url}/help/statistics#EXT`);
    await visible(page.getByRole('heading', { level: 1, name: 'Example statistics' }));

    // issue 35: the FAQ and the AWD guide are readable signed out, from the public bar
    await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`${server.url}/help/faq`);
    await visible(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }));
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign in' }));
    await screenshot(page, 'public-faq-signed-out');
    await page.getByRole('banner').getByRole('link', { name: 'AWD guide' }).click();
    await page.waitForURL(`${server.url}/help/advanced_weather_downtime`);
    await visible(page.getByRole('heading', { level: 1 }));
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign in' }));
    await screenshot(page, 'public-awd-guide-signed-out');

    // the sign-in link goes to the sign-in page, which leads back to the product pages
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole('link', { name: 'What it does' }).click();
    await page.waitForURL(`${server.url}/front`);

    // the account's pages still need one
    await page.goto(`${server.url}/account`);
    await page.waitForURL(`${server.url}/login`);
  }, 90_000);

  it('lets a signed-in manager read the product pages, the account, the zones and the catalogue', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-public-signed-in'));
    await signInFresh(page, server.url, 'manager');

    // the public pages know the visitor: the way into the app instead of sign-in
    await page.goto(`${server.url}/front`);
    const bar = page.getByRole('banner');
    await visible(bar.getByRole('link', { name: 'Open my projects' }));
    expect(await bar.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.goto(`${server.url}/demo`);
    await page.getByRole('button', { name: 'Ask for another demo location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for another demo location' });
    await dialog.getByLabel('Longitude').fill('-3.5');
    await dialog.getByLabel('Latitude').fill('47.2');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await visible(dialog.getByText('our team will reply within 48 hours'));
    await dialog.getByRole('button', { name: 'Close' }).click();

    // signed in, the examples stay in the app's shell
    await page.goto(`${server.url}/examples`);
    await visible(page.locator('nav[aria-label="Main"]'));
    await visible(page.getByTestId('examples'));

    // the account: pack, credits, collaborators and the subscription end in the French format
    const me = await apiCall<CurrentUser>(server.url, manager, 'GET', '/api/users/current/');
    const account = me.accounts[0]!;
    await page.goto(`${server.url}/account`);
    const card = await visible(page.getByTestId('account'));
    expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(account.name);
    expect(await card.getByTestId('subscription-end').textContent()).toBe(
      frenchDate(account.subscriptionEnd!),
    );
    expect(await card.getByTestId('collaborators').textContent()).toBe(String(account.collaborators));
    await visible(card.getByText(`Pack: ${account.pack!.name}`));
    await screenshot(page, 'account');

    // the zone picker: the zones of the running offers; an offer of a zone starts a project in it
    await page.goto(`${server.url}/select_zone`);
    await visible(page.getByTestId('zone-card').first());
    const offers = await apiCall<Offer[]>(server.url, manager, 'GET', '/api/offers/');
    const shown = await page.getByTestId('zone-card').getByRole('heading', { level: 2 }).allTextContents();
    const opened = new Set(offers.filter((o) => !o.expired).flatMap((o) => o.zones.map((z) => z.name)));
    expect(new Set(shown)).toEqual(opened);
    await screenshot(page, 'select-zone');
    const unlimited = offers.find((o) => o.name === 'Full Study Unlimited')!;
    const biscay = unlimited.zones.find((z) => z.name === 'Bay of Biscay')!;
    await page
      .getByRole('button', { name: 'New project in Bay of Biscay with Full Study Unlimited' })
      .click();
    await page.waitForURL(`${server.url}/new_project?offerId=${unlimited.id}&zone=${biscay.id}`);
    await visible(page.getByTestId('chosen-offer').getByText('Full Study Unlimited'));
    await visible(page.locator('.leaflet-container'));
    // the chosen zone is drawn on the map, fitted to it
    await visible(page.locator('.leaflet-overlay-pane path').first());
    await screenshot(page, 'new-project-zone');

    // the catalogue of a project's zone, from the project's header
    await page.goto(`${server.url}/project/${projectId}/query`);
    await page.getByRole('link', { name: 'datasets', exact: true }).click();
    await page.waitForURL(`${server.url}/catalog/${projectId}`);
    const entry = await visible(page.getByTestId('catalog-dataset').first());
    expect(await entry.textContent()).toContain('Synthetic demo hindcast');
    await visible(entry.getByText('Licence'));
    await visible(entry.getByRole('table'));
    await screenshot(page, 'catalog');
  }, 120_000);
});
