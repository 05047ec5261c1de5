// The map's Grids overlay (spec 002 'Map screens': Grids, the nodes of the datasets serving the zone) and the
// legend swatch of a 2D statistics layer, on the Query tab. Runs with no network (offline coastline).
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { stat2dMap, stat2dProperties, type ZoneNodes } from '@metocean/contracts';
import { swatchColour } from '../apps/web/src/map/colourbar';
import {
  apiCall,
  apiToken,
  createProject,
  offerZone,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

/** Pixels of the grid nodes' canvas that something was drawn on. */
function paintedPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.leaflet-grid-nodes-pane canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let k = 3; k < data.length; k += 4) if (data[k]! > 0) painted++;
    return painted;
  });
}

const isNodesCall = (url: string) => /\/api\/zones\/\d+\/nodes\/\?bbox=/.test(url);

describe('the Grids overlay and the map legend', () => {
  let northSea = 0;
  let world = 0;
  let northSeaZone = 0;

  const harness = useServerAndBrowser(
    async ({ server }) => {
      const manager = await apiToken(server.url, 'manager');
      ({ zoneId: northSeaZone } = await offerZone(server.url, manager, 'On Demand', 'Southern North Sea'));
      northSea = await createProject(server.url, manager, {
        offer: 'On Demand',
        zone: 'Southern North Sea',
        name: 'Grids_demo',
        points: [{ name: 'Hornsea', lat: 53.3, lng: 1.8 }],
      });
      world = await createProject(server.url, manager, {
        offer: 'On Demand',
        zone: 'World',
        name: 'Grids_world',
        points: [{ name: 'Mid-Atlantic', lat: 30, lng: -40 }],
      });
    },
    // A handful of map nodes per zone, so rendering the zone's maps takes seconds (the default is 100).
    { serverEnv: { STAT2D_MAX_NODES: '8' } },
  );

  it("switches on Grids on the Query tab and draws the nodes of the zone's datasets", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-grids'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${northSea}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await page.getByRole('button', { name: 'Layers' }).click();
    const grids = page.getByRole('region', { name: 'Map layers' }).getByRole('checkbox', { name: 'Grids' });
    // Off by default: nothing asked, nothing drawn.
    expect(await grids.isChecked()).toBe(false);
    expect(await page.locator('.leaflet-grid-nodes-pane canvas').count()).toBe(0);

    const answered = page.waitForResponse((response) => isNodesCall(response.url()));
    await grids.check();
    const first = await answered;
    expect(first.status()).toBe(200);
    const body = (await first.json()) as ZoneNodes;
    // The NORA3 record's node first, then the synthetic hindcast's 0.25° grid over the zone (not thinned).
    expect(body.datasets.map((d) => d.synthetic)).toEqual([false, true]);
    expect(body.datasets[0]?.nodes).toEqual([[53.3249, 1.3358]]);
    const synthetic = body.datasets[1]!;
    expect(synthetic.thinned).toBe(false);
    // the map opens fitted to the one point (zoom 9, issue 23): some 40 nodes of the 0.25° grid in view
    expect(synthetic.nodes.length).toBeGreaterThan(30);
    for (const [lat, lon] of synthetic.nodes) {
      expect(Math.abs(lat * 4 - Math.round(lat * 4))).toBeLessThan(1e-9);
      expect(Math.abs(lon * 4 - Math.round(lon * 4))).toBeLessThan(1e-9);
    }
    await expect.poll(() => paintedPixels(page)).toBeGreaterThan(500);

    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('button', { name: 'Show Legends' }).click();
    const legend = page.getByRole('region', { name: 'Legend' });
    await visible(legend.getByText('Grid nodes: NORA3 southern North Sea (point 53.32 N 1.32 E)'));
    await visible(legend.getByText('Grid nodes: Synthetic demo hindcast (Southern North Sea)'));
    expect(await legend.getByText(/node shown/).count()).toBe(0);
    await screenshot(page, '69-grids-query');

    // Zoomed in: the view is asked again once the map stops moving, and fewer nodes are in it.
    const again = page.waitForResponse((response) => isNodesCall(response.url()));
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = (await (await again).json()) as ZoneNodes;
    expect(zoomed.datasets[1]!.total).toBeLessThan(synthetic.total);
    expect(zoomed.datasets[1]!.total).toBeGreaterThan(0);

    // Switched off: the nodes go.
    await page.getByRole('button', { name: 'Layers' }).click();
    await grids.uncheck();
    await expect.poll(() => page.locator('.leaflet-grid-nodes-pane canvas').count()).toBe(0);
    await expect.poll(() => legend.getByText(/^Grid nodes:/).count()).toBe(0);
  });

  it('says when a wide view shows only every N-th node', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-grids-thinned'));
    await page.goto(`${server.url}/project/${world}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    // the map opens fitted to the project's one point (zoom 9); out to the widest view (zoom 3) first
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 6; i++) {
      await zoomOut.click();
      await page.waitForTimeout(300);
    }
    await page.getByRole('button', { name: 'Layers' }).click();
    const answered = page.waitForResponse((response) => isNodesCall(response.url()));
    await page.getByRole('region', { name: 'Map layers' }).getByRole('checkbox', { name: 'Grids' }).check();
    const body = (await (await answered).json()) as ZoneNodes;
    const synthetic = body.datasets[0]!;
    expect(synthetic.thinned).toBe(true);
    expect(synthetic.nodes.length).toBeLessThanOrEqual(body.maxNodes);
    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('button', { name: 'Show Legends' }).click();
    const note = page.getByRole('region', { name: 'Legend' }).getByText(/node shown/);
    await visible(note);
    expect(await note.textContent()).toMatch(
      new RegExp(`^every ${synthetic.spacing}(st|nd|rd|th) node shown`),
    );
    await expect.poll(() => paintedPixels(page)).toBeGreaterThan(2000);
    await screenshot(page, '69b-grids-thinned');
  });

  it("gives a 2D statistics layer's legend entry the colour of its colour bar", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-stat2d-swatch'));
    await page.goto(`${server.url}/project/${northSea}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Map layers' });
    // The manager's Full Study Unlimited offer includes maps: they are rendered on first ask (polled 10 s).
    const waves = layers.getByRole('group', { name: 'Waves', exact: true });
    await waves.waitFor({ timeout: 150_000 });
    await waves.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('button', { name: 'Show Legends' }).click();
    const legend = page.getByRole('region', { name: 'Legend' });
    const swatch = legend.getByTestId('stat2d-swatch');
    await visible(swatch);

    // The expected colour: the middle of the layer's colour bar, from its property file.
    const manager = await apiToken(server.url, 'manager');
    const maps = stat2dMap.parse(
      await apiCall(server.url, manager, 'GET', `/api/stat2Ds/?zone=${northSeaZone}`),
    );
    // The layer control lists a group's layers in the answer's order: the first checkbox is the first layer.
    const layer = maps.groups.find((g) => g.name === 'Waves')!.layers[0]!;
    const props = stat2dProperties.parse(await (await fetch(`${server.url}${layer.propertyFile}`)).json());
    const hex = swatchColour(props)!;
    const rgb = `rgb(${[1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)).join(', ')})`;
    await expect.poll(() => swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
    expect(rgb).not.toBe('rgb(127, 140, 153)'); // the grey it used to be
    await screenshot(page, '69c-stat2d-legend-swatch');
  }, 240_000);
});
