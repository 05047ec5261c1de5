// The Query tab's geometry management dialog and per-point task progress (spec 000 §2.7, §4): upload a
// GeoJSON file, change a layer's type and colour, rename, see it on the map; run one point and watch its
// progress to FINISHED, then download its statistics. Runs with no network (offline coastline).
import { describe, expect, it, onTestFailed } from 'vitest';
import { geometryPalette, projectMessages } from '@metocean/contracts';
import {
  apiCall,
  apiToken,
  createProject,
  hidden,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

const farm = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Farm' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [1.6, 53.1],
            [2.2, 53.1],
            [2.2, 53.5],
            [1.6, 53.5],
            [1.6, 53.1],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { name: 'Export cable' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [1.9, 53.3],
          [1.2, 52.9],
        ],
      },
    },
  ],
};

describe('geometries and point progress in the browser', () => {
  let projectId = 0;
  let standardProjectId = 0;

  const harness = useServerAndBrowser(
    async ({ server }) => {
      const manager = await apiToken(server.url, 'manager');
      projectId = await createProject(server.url, manager, {
        offer: 'On Demand',
        zone: 'Southern North Sea',
        name: 'Geometry_demo',
        points: [{ name: 'Hornsea', lat: 53.3, lng: 1.8 }],
      });
      standardProjectId = await createProject(server.url, await apiToken(server.url, 'standard'), {
        offer: 'Standard Access',
        zone: 'Southern North Sea',
        name: 'Maps_demo',
        points: [{ name: 'Dogger', lat: 54.5, lng: 2.2 }],
      });
    },
    // A handful of map nodes per zone, so rendering the bought maps takes seconds (the default is 100).
    { serverEnv: { STAT2D_MAX_NODES: '8' } },
  );

  it('a manager uploads a geometry, changes its layers and sees it on the map', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-geometries'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));

    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Map layers' });
    await visible(layers.getByText('no geometry uploaded'));
    await layers.getByRole('button', { name: 'manage geometries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage geometries' });
    await visible(dialog.getByText('No geometry uploaded'));
    await screenshot(page, '60-geometries-empty');

    await dialog.locator('input[aria-label="Geometry file"]').setInputFiles({
      name: 'Wind farm.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(farm)),
    });
    await visible(dialog.getByTestId('geometry-row'));
    expect(await dialog.getByTestId('geometry-layer').allTextContents()).toEqual([
      expect.stringContaining('Polygons'),
      expect.stringContaining('Lines'),
    ]);

    // The polygon layer drawn as an outline, the line layer recoloured from the palette.
    const polygonType = dialog.getByRole('combobox', { name: 'Type of layer Polygons' });
    await polygonType.selectOption('line');
    await expect.poll(() => polygonType.inputValue()).toBe('line');
    await expect.poll(() => polygonType.isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Colour of layer Lines' }).click();
    await page.getByRole('option', { name: geometryPalette[5] }).click();

    await dialog.getByRole('button', { name: 'Rename Wind farm' }).click();
    await dialog.getByRole('textbox', { name: 'Geometry name' }).fill('Hornsea site');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Hornsea site'));
    await screenshot(page, '61-geometries-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);

    // Drawn on the map: the outline in the first palette colour (not filled), the cable in the chosen one.
    const paths = page.locator('.leaflet-geometries-pane path');
    await visible(paths);
    await expect.poll(() => paths.count()).toBe(2);
    const drawn = [];
    for (const index of [0, 1])
      drawn.push([
        await paths.nth(index).getAttribute('stroke'),
        await paths.nth(index).getAttribute('fill'),
      ]);
    expect(drawn).toEqual([
      [geometryPalette[0], 'none'],
      [geometryPalette[5], 'none'],
    ]);
    await visible(layers.getByText('Hornsea site'));
    await page.getByRole('button', { name: 'Show Legends' }).click();
    await visible(page.getByRole('region', { name: 'Legend' }).getByText('Hornsea site: Lines'));
    await screenshot(page, '62-geometries-on-map');
  });

  it('a member sees the geometries read-only', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-geometries-member'));
    const manager = await apiToken(server.url, 'manager');
    const member = await apiCall<{ id: number }>(
      server.url,
      await apiToken(server.url, 'member'),
      'GET',
      '/api/users/current/',
    );
    await apiCall(server.url, manager, 'POST', `/api/projects/${projectId}/update_collaborators/`, {
      collaborators: [member.id],
    });
    await signInFresh(page, server.url, 'member');
    await page.goto(`${server.url}/project/${projectId}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('button', { name: 'manage geometries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage geometries' });
    await visible(dialog.getByText('Hornsea site'));
    expect(await dialog.getByRole('button', { name: 'Upload geometry' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await dialog.getByRole('combobox', { name: 'Type of layer Polygons' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('a manager runs one point and watches its progress to FINISHED, then downloads its statistics', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-point-progress'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}/query`);
    const row = page.getByTestId('point-row').filter({ hasText: 'Hornsea' });
    await row.getByRole('button', { name: 'run all statistics' }).click();
    const confirm = page.getByRole('dialog', { name: 'Compute statistics of Hornsea' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await visible(row.getByText(/running statistic · \d+%/));
    await screenshot(page, '63-point-running');
    await row.getByText('FINISHED').waitFor({ timeout: 240_000 });
    // the project's status follows its one task, without a reload
    await page.getByTestId('project-status').getByText('FINISHED').waitFor({ timeout: 10_000 });
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download the statistics of Hornsea' }).click();
    expect((await download).suggestedFilename()).toBe('Hornsea-statistics.json');
    await screenshot(page, '64-point-finished');
  }, 300_000);

  it("a Standard Access manager buys the zone's maps and shows a variable layer with its colour bar", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-buy-maps'));
    await signInFresh(page, server.url, 'standard');
    await page.goto(`${server.url}/project/${standardProjectId}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await page.getByRole('button', { name: 'Layers' }).click();
    const layers = page.getByRole('region', { name: 'Map layers' });
    await visible(layers.getByText('layers not available'));

    await page.getByRole('button', { name: 'buy maps' }).click();
    const dialog = page.getByRole('dialog', { name: /Buy the maps of Southern North Sea/ });
    await visible(dialog.getByText('10 credits'));
    await screenshot(page, '65-buy-maps');
    await dialog.getByRole('button', { name: 'Buy maps' }).click();
    await hidden(dialog);
    // Bought: the button goes; the layers appear once rendered (polled every 10 s).
    expect(await page.getByRole('button', { name: 'buy maps' }).count()).toBe(0);
    const waves = layers.getByRole('group', { name: 'Waves', exact: true });
    await waves.waitFor({ timeout: 150_000 });
    await waves.getByRole('checkbox').first().check();
    const bar = page.getByRole('region', { name: 'Colour bars' }).getByTestId('colour-bar');
    await visible(bar.getByText(/^Source:/));
    await expect
      .poll(() => page.locator('.leaflet-stat2d-pane img.leaflet-tile-loaded').count())
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Layers' }).click();
    await screenshot(page, '66-stat2d-layer');
  }, 240_000);

  it('an offer without statistics download gets the upgrade notice with a way to contact us', async () => {
    const { page } = harness;
    onTestFailed(() => screenshot(page, 'failure-ask-download'));
    // Still the Standard Access manager on the maps project.
    const row = page.getByTestId('point-row').filter({ hasText: 'Dogger' });
    await row.getByRole('button', { name: 'run all statistics' }).click();
    await page
      .getByRole('dialog', { name: 'Compute statistics of Dogger' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await row.getByText('FINISHED').waitFor({ timeout: 240_000 });
    // the project's status follows its one task, without a reload
    await page.getByTestId('project-status').getByText('FINISHED').waitFor({ timeout: 10_000 });
    await row.getByRole('button', { name: 'Download the statistics of Dogger' }).click();
    const notice = page.getByRole('dialog', { name: 'Download statistics' });
    await visible(notice.getByText(projectMessages.downloadNeedsUpgrade));
    await screenshot(page, '68-ask-download');
    await notice.getByRole('button', { name: 'Contact us' }).click();
    await visible(page.getByRole('dialog', { name: /Contact/ }));
  }, 300_000);

  it('the Buoys overlay shows the measuring buoys of the zone', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-buoys'));
    const maine = await createProject(server.url, await apiToken(server.url, 'manager'), {
      zone: 'Gulf of Maine',
      name: 'Buoys_demo',
      points: [{ name: 'Jeffreys', lat: 43, lng: -69.5 }],
    });
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${maine}/query`);
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('checkbox', { name: /^Buoys \(\d+\)$/ }).check();
    await expect.poll(() => page.locator('.buoy-marker').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show Legends' }).click();
    await visible(page.getByRole('region', { name: 'Legend' }).getByText('Buoy', { exact: true }));
    // the marker's own mouseover (Leaflet opens its tooltip on it): the open layers panel may cover the
    // marker where the map fit puts it under the panel, which a pointer hover would then hit instead
    await page.locator('.buoy-marker').first().dispatchEvent('mouseover');
    await visible(page.getByText(/^Buoy 44007/));
    await screenshot(page, '67-buoys');
  });
});
