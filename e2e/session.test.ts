// The session rules of spec 000 §2.1, §2.2, §4 and §8 in the browser: the tokens out of the page's reach
// (issue 23), token renewal, expired credentials, unknown paths, expired accounts, the maintenance banner and
// maintenance mode.
import { describe, expect, it, onTestFailed } from 'vitest';
import { errorCodes, limits, messages, paths } from '@metocean/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import {
  demoPassword,
  hidden,
  screenshot,
  signIn,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

const refreshCookie = 'metocean_refresh';

// The tests' tsconfig has no DOM types; this is the part of the page's localStorage they use.
interface PageStorage {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** Everything script in the page can read that might hold a secret: both storages and document.cookie. */
function readableByScript(page: Page): Promise<string> {
  return page.evaluate(
    'JSON.stringify({ local: Object.entries(localStorage), session: Object.entries(sessionStorage), cookie: document.cookie })',
  );
}

describe('session rules in the browser', () => {
  const harness = useServerAndBrowser();

  /** The admin's token for API calls made by the test itself (no version header: always served). */
  async function adminToken(): Promise<string> {
    const response = await fetch(`${harness.server.url}${paths.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: demoPassword }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  async function setMaintenance(body: { scheduledAt: string | null; message: string; active: boolean }) {
    const response = await fetch(`${harness.server.url}${paths.maintenance}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  /** The browser's refresh cookie (Playwright reads HttpOnly cookies; the page cannot). */
  async function cookieOf(context: BrowserContext) {
    const cookie = (await context.cookies()).find((c) => c.name === refreshCookie);
    if (!cookie) throw new Error('no refresh cookie');
    return cookie;
  }

  it('keeps every token out of reach of script, and stays signed in across a reload and in a new tab', async () => {
    const { page, server } = harness;
    const context = page.context();
    onTestFailed(() => screenshot(page, 'failure-session-storage'));
    const login = page.waitForResponse(
      (response) => response.url().endsWith(paths.token) && response.request().method() === 'POST',
    );
    await signInFresh(page, server.url, 'manager');
    const answer = (await (await login).json()) as Record<string, string>;
    expect(Object.keys(answer)).toEqual(['accessToken']);
    const cookie = await cookieOf(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api-auth/', secure: false });

    const readable = await readableByScript(page);
    expect(readable).not.toContain(answer.accessToken);
    expect(readable).not.toContain(cookie.value);
    expect(readable).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(readable).not.toContain(refreshCookie);

    // A reload renews with the cookie (which rotates) and stays on the page, signed in.
    await page.goto(`${server.url}/profile`);
    await visible(page.getByRole('heading', { name: 'My profile' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'My profile' }));
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect((await cookieOf(context)).value).not.toBe(cookie.value);

    const other = await context.newPage();
    try {
      await other.goto(`${server.url}/profile`);
      await visible(other.getByRole('heading', { name: 'My profile' }));
    } finally {
      await other.close();
    }
    expect(await readableByScript(page)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });

  it("asks for the home page's lists with the signed-in user on a reload, not after it (issue 34)", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-session-prefetch'));
    await signInFresh(page, server.url, 'manager');
    await visible(page.getByRole('heading', { name: 'My projects' }));
    const events: string[] = [];
    const api = (url: string) => new URL(url).pathname;
    const onRequest = (request: { url(): string }) => events.push(`ask ${api(request.url())}`);
    const onResponse = (response: { url(): string }) => events.push(`answer ${api(response.url())}`);
    page.on('request', onRequest);
    page.on('response', onResponse);
    try {
      await page.reload();
      await visible(page.getByRole('heading', { name: 'My projects' }));
    } finally {
      page.off('request', onRequest);
      page.off('response', onResponse);
    }
    const at = (event: string) => {
      const index = events.indexOf(event);
      expect(index, `${event} in ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    // the token first (the lists need it), then the user and the lists together: before, each waited for the
    // one before it (the user for the route's code, the lists for the user)
    expect(at(`answer ${paths.refresh}`)).toBeLessThan(at(`ask ${paths.usersCurrent}`));
    expect(at(`ask ${paths.projects}`)).toBeLessThan(at(`answer ${paths.usersCurrent}`));
    expect(at(`ask ${paths.offers}`)).toBeLessThan(at(`answer ${paths.usersCurrent}`));
  });

  it('renews an expired access token with the cookie, and sends the user to login once it cannot', async () => {
    const { page, server } = harness;
    const context = page.context();
    onTestFailed(() => screenshot(page, 'failure-session-renewal'));
    await signInFresh(page, server.url, 'manager');
    const before = (await cookieOf(context)).value;

    // The next call of the page says its access token expired: the app renews and retries once.
    let refreshes = 0;
    const countRefreshes = (request: { url(): string }) => {
      if (request.url().endsWith(paths.refresh)) refreshes += 1;
    };
    page.on('request', countRefreshes);
    let expiredOnce = false;
    await page.route(`**${paths.usersCurrent}`, async (route) => {
      if (expiredOnce) return route.fallback();
      expiredOnce = true;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ detail: messages.tokenExpired, code: errorCodes.tokenExpired }),
      });
    });
    await page.goto(`${server.url}/profile`);
    await visible(page.getByRole('heading', { name: 'My profile' }));
    await page.unroute(`**${paths.usersCurrent}`);
    page.off('request', countRefreshes);
    expect(expiredOnce).toBe(true);
    // One refresh when the page loaded (the access token lives in memory), one after the 401.
    expect(refreshes).toBe(2);
    const renewed = (await cookieOf(context)).value;
    expect(renewed).not.toBe(before);

    // Someone replays the browser's refresh token elsewhere first: rotation makes the browser's copy a
    // replay, the family is revoked, and the next load goes to login with the spec's message.
    const thief = await fetch(`${server.url}${paths.refresh}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: renewed }),
    });
    expect(thief.status).toBe(200);
    await page.goto(`${server.url}/plans`);
    await page.waitForURL('**/login');
    await visible(page.getByText(messages.credentialsExpired));
    await screenshot(page, '20-credentials-expired');
    expect((await context.cookies()).map((c) => c.name)).not.toContain(refreshCookie);
    await page.locator('input[name="username"]').fill('manager');
    await page.locator('input[name="password"]').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/plans');
    await visible(page.getByRole('heading', { name: 'My plans' }));
  });

  it('sends unknown paths home and an expired account to its plans', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-session-paths'));
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/`);
    await visible(page.getByRole('heading', { name: 'My projects' }));

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await signIn(page, server.url, 'expired', demoPassword);
    for (const path of ['/', '/profile', '/changelog', '/help/faq']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL('**/plans');
    }
    await visible(page.getByText(messages.offerExpired, { exact: false }));
    await screenshot(page, '21-expired-plans');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
  });

  it('shows a user a page they may not see as no-access, and keeps them signed in (issue 30)', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-session-unauthorised'));
    await signIn(page, server.url, 'member', demoPassword);
    await page.goto(`${server.url}/admin`);
    await visible(page.getByTestId('empty-noAccess'));
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByText(messages.unauthorizedPage).count()).toBe(0);
  });

  it('logs out after a long inactivity with the spec message', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-session-inactivity'));
    await signIn(page, server.url, 'manager', demoPassword);
    const longAgo = String(Date.now() - (limits.inactivityLogoutMinutes + 1) * 60_000);
    await page.evaluate(
      ([key, value]) => (globalThis as unknown as PageStorage).localStorage.setItem(key, value),
      ['metocean.lastActivity', longAgo] as const,
    );
    await page.reload();
    await page.waitForURL('**/login');
    await visible(page.getByText(messages.inactivityLogout));
    await screenshot(page, '24-inactivity');
    // Regression: the old idle time once logged the next sign-in out at once.
    await signIn(page, server.url, 'manager', demoPassword);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows a scheduled maintenance until dismissed, and reloads during maintenance mode', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-session-maintenance'));
    await setMaintenance({
      scheduledAt: '2030-06-01T22:00:00.000Z',
      message: 'Database upgrade.',
      active: false,
    });
    await signIn(page, server.url, 'member', demoPassword);
    const banner = await visible(page.getByTestId('maintenance-banner'));
    expect(await banner.textContent()).toContain('Database upgrade.');
    await screenshot(page, '22-maintenance-banner');
    await banner.getByRole('button', { name: 'Close' }).click();
    await hidden(page.getByTestId('maintenance-banner'));
    await page.reload();
    await visible(page.locator('nav[aria-label="Main"]'));
    expect(await page.getByTestId('maintenance-banner').count()).toBe(0);

    // Maintenance mode: web calls get 426 'maintenance' and the page announces a reload.
    await setMaintenance({ scheduledAt: null, message: '', active: true });
    await page.goto(`${server.url}/profile`);
    await visible(page.getByText('A maintenance is in progress', { exact: false }));
    await screenshot(page, '23-maintenance-mode');
    await setMaintenance({ scheduledAt: null, message: '', active: false });
  });
});
