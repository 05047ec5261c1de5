// Issue 30 in the browser, "Say what is true" about places and data: points that read one data node are
// said to (point list and map); the new-project flow names the regional zone beside the worldwide default,
// lists each dataset's variables and period, and names the variables points will lack where a zone's
// datasets split them; after an import the map fits every point with a margin and names the sea.
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  apiToken,
  createProject,
  hidden,
  offerZone,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

/** The ERA5 South China Sea record's node (file header: LONGITUDE:109.939, LATITUDE:15.509). */
const SITE = { name: 'SITE', lat: 15.51, lng: 109.94 }; // 0.15 km from the node
const QUAY = { name: 'QUAY', lat: 15.6, lng: 109.9 }; // 10.9 km from the node: the same one
const FIELD = { name: 'FIELD', lat: 12.04, lng: 112.02 }; // beyond the record's 78.6 km reach: synthetic

/** Closes a guided tour if one opens by itself (the tours are tested in projects-tours.test.ts). */
async function skipTourIfShown(page: Page): Promise<void> {
  const skip = page.locator('.react-joyride__tooltip').getByRole('button', { name: 'Skip tutorial' });
  try {
    await skip.waitFor({ state: 'visible', timeout: 4000 });
  } catch {
    return;
  }
  await skip.click();
  await hidden(skip);
}

/** Lets the map finish its zoom animation and the page its frame before a screenshot (a picture only). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(800);
}

/** The point markers (white-edged circles) of the map. */
const markers = (page: Page): Locator => page.locator('.leaflet-overlay-pane path[stroke="#ffffff"]');

/** The smallest distance of any marker's centre to the map's edge, as a fraction of the map's size. */
async function smallestMargin(page: Page): Promise<{ count: number; x: number; y: number }> {
  const map = (await page.locator('[data-testid="map"] .leaflet-container').boundingBox())!;
  const boxes = await markers(page).evaluateAll((paths) =>
    paths.map((p) => {
      const r = p.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }),
  );
  let x = Infinity;
  let y = Infinity;
  for (const b of boxes) {
    x = Math.min(x, (b.x - map.x) / map.width, (map.x + map.width - b.x) / map.width);
    y = Math.min(y, (b.y - map.y) / map.height, (map.y + map.height - b.y) / map.height);
  }
  return { count: boxes.length, x, y };
}

describe('places and data choice in the browser (issue 30)', () => {
  let sharedId = 0;
  let importId = 0;
  let onDemandId = 0;

  const harness = useServerAndBrowser(async ({ server }) => {
    const manager = await apiToken(server.url, 'manager');
    sharedId = await createProject(server.url, manager, {
      offer: 'On Demand',
      zone: 'South China Sea',
      name: 'Shared_node',
      points: [SITE, QUAY, FIELD],
    });
    importId = await createProject(server.url, manager, {
      offer: 'On Demand',
      zone: 'Southern North Sea',
      name: 'Import_fit',
      points: [{ name: 'Edge', lat: 53.05, lng: 2.9 }],
    });
    onDemandId = (await offerZone(server.url, manager, 'On Demand', 'South China Sea')).offer.id;
  });

  it('names the points on one data node in the point list and rings them on the map', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-places-same-node'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${sharedId}/query`);
    await skipTourIfShown(page);
    const rows = page.getByTestId('point-row');
    await visible(rows.filter({ hasText: /^FIELD/ }));
    await expect
      .poll(() => rows.filter({ hasText: /^SITE/ }).getByTestId('same-node').textContent())
      .toBe('Same data node as QUAY (15.509° N, 109.939° E)');
    expect(await rows.filter({ hasText: /^QUAY/ }).getByTestId('same-node').textContent()).toBe(
      'Same data node as SITE (15.509° N, 109.939° E)',
    );
    expect(
      await rows
        .filter({ hasText: /^FIELD/ })
        .getByTestId('same-node')
        .count(),
    ).toBe(0);
    // the two points on one node are ringed; FIELD is not
    await expect.poll(() => page.locator('path.same-node-ring').count()).toBe(2);
    // the list's note explains itself: dataset, node, distance
    await rows.filter({ hasText: /^SITE/ }).getByTestId('same-node').hover();
    await visible(page.getByRole('tooltip').filter({ hasText: 'Reads ERA5 South China Sea' }));
    expect(await page.getByRole('tooltip').textContent()).toMatch(
      /at its node 15\.509° N, 109\.939° E, 0\.2 km away\. Points on one node read the same series/,
    );
    await settle(page);
    await screenshot(page, 'issue30-same-node-list');
    // the map marker's tooltip names the other point
    await page.mouse.move(0, 0);
    const ring = page.locator('path.same-node-ring').first();
    const box = (await ring.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await visible(page.locator('.leaflet-tooltip').filter({ hasText: /Same data node as (QUAY|SITE)/ }));
    await settle(page);
    await screenshot(page, 'issue30-same-node-map');
  });

  it('says beside the toggle which regional zone the points lie in, lists datasets and what points lack', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-places-new-project'));
    await page.goto(`${server.url}/new_project?offerId=${onDemandId}`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await skipTourIfShown(page);
    const csv = ['name,lat,lon', ...[SITE, QUAY, FIELD].map((p) => `${p.name},${p.lat},${p.lng}`)].join('\n');
    await page.getByLabel('Points file').setInputFiles({
      name: 'scs-points.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // the worldwide default stays; the note names the zone and its datasets with grid and period
    const note = await visible(page.getByTestId('regional-note'));
    expect(await note.textContent()).toMatch(
      /^These points lie in the South China Sea zone, which has its own data: ERA5 South China Sea \(point 15\.51 N 109\.94 E\) at 0\.5°, 2000–2010; Synthetic demo hindcast \(South China Sea\) at 0\.25°, \d{4}–\d{4}\. Choose High-Resolution to use it\.$/,
    );
    expect(await page.getByRole('button', { name: 'Global Data' }).getAttribute('aria-pressed')).toBe('true');
    // the map refits to the imported points: every one drawn, the view settled before the picture
    await expect.poll(async () => (await smallestMargin(page)).x, { timeout: 15_000 }).toBeGreaterThan(0.08);
    await page.waitForTimeout(1000);
    await screenshot(page, 'issue30-new-project-regional-note');

    await page.getByRole('button', { name: 'High-Resolution' }).click();
    await hidden(page.getByTestId('regional-note'));
    const era5 = page.getByTestId('dataset-card').filter({ hasText: 'ERA5 South China Sea' });
    await visible(era5);
    expect(await era5.getByTestId('dataset-period').textContent()).toBe('2000–2010 · every 1 h · 0.5°');
    expect(await era5.getByTestId('dataset-variables').textContent()).toBe(
      'Significant wave height, Peak wave period, Mean wave direction (coming from)',
    );
    const synthetic = page.getByTestId('dataset-card').filter({ hasText: 'Synthetic demo hindcast' });
    expect(await synthetic.getByTestId('dataset-variables').textContent()).toContain('Wind speed');
    const lacking = await visible(page.getByTestId('lacking-variables'));
    const text = (await lacking.textContent()) ?? '';
    expect(text).toMatch(/^SITE and QUAY will read ERA5 South China Sea \(point 15\.51 N 109\.94 E\)/);
    expect(text).toMatch(
      /only: they will have no wind, currents, water levels or sea temperature and salinity, nor \d+ other wave variables/,
    );
    expect(text).toContain('Synthetic demo hindcast (South China Sea), synthetic');
    // FIELD reads the synthetic set, which has every variable of the zone: not named
    expect(text).not.toContain('FIELD');
    await settle(page);
    await screenshot(page, 'issue30-new-project-datasets');
  });

  it('fits the map to every point with a margin after an import and names the sea', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-places-import-fit'));
    await page.goto(`${server.url}/project/${importId}/query`);
    await skipTourIfShown(page);
    await expect.poll(async () => (await smallestMargin(page)).count, { timeout: 15_000 }).toBe(1);
    // points far apart in the zone (51.2–55.3° N, 1.2° W–7.8° E): off the one-point view until fitted
    const csv = [
      'name,lat,lon',
      'Thames,51.6,1.6',
      'Dogger,54.9,2.4',
      'Borkum,53.8,6.4',
      'Humber,53.6,0.4',
    ].join('\n');
    await page.getByLabel('Points file').setInputFiles({
      name: 'north-sea.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await visible(page.getByTestId('point-row').filter({ hasText: 'Borkum' }));
    // every marker inside the view, at least 8% of its size from each edge: the fit pads the points' box
    // by 15% per side (mapDefaults.fitMargin) and zooms out to a whole level, so ≥ 11% unless clipped
    await expect
      .poll(
        async () => {
          const margin = await smallestMargin(page);
          return margin.count === 5 && margin.x >= 0.08 && margin.y >= 0.08;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // place names of the offline gazetteer over the coastline: a sea and harbours
    await expect.poll(() => page.locator('.place-label.place-sea').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.place-label.place-town').count()).toBeGreaterThan(0);
    expect(await page.locator('.place-label').allTextContents()).toEqual(
      expect.arrayContaining(['Dogger Bank', 'Great Yarmouth']),
    );
    await settle(page);
    await screenshot(page, 'issue30-import-fit-place-names');
  });
});
