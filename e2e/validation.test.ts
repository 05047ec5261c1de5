// The data validation page (spec 002 /data-validation/{id}, "Data validation page", "Buoy comparison") and the
// help page /help/validation: a Gulf of Maine project near NDBC 44007, the overview, the map with the buoy,
// the tutorial and the comparison modal whose metrics are the API's. Runs with no network (offline coastline).
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it, onTestFailed } from 'vitest';
import { format } from '@metocean/charts';
import type { BuoyComparison, Buoy, ProjectListItem } from '@metocean/contracts';
import {
  apiCall,
  apiToken,
  artifactsDir,
  createProject,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

describe('the data validation page', () => {
  let manager = '';
  let projectId = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    manager = await apiToken(server.url, 'manager');
    // about 21 km east of NDBC 44007 (43.5 N, 70.1 W)
    projectId = await createProject(server.url, manager, {
      zone: 'Gulf of Maine',
      name: 'Maine_validation',
      points: [{ name: 'Casco Bay offshore', lat: 43.45, lng: -69.85 }],
    });
  });

  it('opens from the project header, shows the overview, the map and tutorial, and compares the buoy', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-validation'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}`);
    await page.getByRole('link', { name: 'data validation' }).click();
    await page.waitForURL(`${server.url}/data-validation/${projectId}`);
    await visible(page.getByTestId('validation-title'));
    expect(await page.getByTestId('validation-title').textContent()).toBe(
      'Maine_validation: data validation',
    );

    // overview: the dataset cards (revealed after 800 ms) and the datasource summary
    await visible(page.getByTestId('dataset-card'));
    expect(await page.getByTestId('datasource-summary').textContent()).toContain(
      'Synthetic demo hindcast (Gulf of Maine)',
    );
    await page.getByRole('tab', { name: 'Environmental conditions' }).click();
    await visible(page.getByText('No point of this project is computed yet'));
    await screenshot(page, 'validation-overview');

    // validation: the map with the point and the buoy, the parameters text, the tutorial's four steps
    await page.getByRole('button', { name: /^Comparisons/ }).click();
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await visible(page.getByText('Buoys in this zone: NDBC 44007 Portland, Maine.'));
    const tutorial = page.getByTestId('validation-tutorial');
    expect(await tutorial.textContent()).toContain('Step 1 of 4');
    await tutorial.getByRole('button', { name: 'Next' }).click();
    await tutorial.getByRole('button', { name: 'Next' }).click();
    expect(await tutorial.textContent()).toContain('Step 3 of 4');
    await tutorial.getByRole('button', { name: 'Previous' }).click();
    expect(await tutorial.textContent()).toContain('Step 2 of 4');
    await visible(page.locator('.buoy-marker'));
    await screenshot(page, 'validation-map');

    // a click on the buoy compares it with the nearest point
    await page.locator('.buoy-marker').first().click();
    const dialog = page.getByRole('dialog', { name: /Buoy comparison/ });
    await visible(dialog.getByTestId('comparison-scatter'));
    expect(await dialog.getByRole('heading').first().textContent()).toContain(
      'NDBC 44007 Portland, Maine / Casco Bay offshore',
    );
    const tabs = await dialog.getByRole('tab').allTextContents();
    // issue 35: tabs named by the label registry, with units, not by variable codes
    expect(tabs).toEqual([
      'Significant wave height (m)',
      'Mean zero-crossing wave period (s)',
      'Variable names',
      'Metric names',
    ]);
    await visible(dialog.getByTestId('synthetic-notice'));
    // the one-row metrics table shows the API's metrics at 2 decimals
    const buoy = (await apiCall<Buoy[]>(server.url, manager, 'GET', '/api/buoys/')).find(
      (b) => b.code === '44007',
    )!;
    const project = (await apiCall<ProjectListItem[]>(server.url, manager, 'GET', '/api/projects/')).find(
      (p) => p.id === projectId,
    )!;
    const api = await apiCall<BuoyComparison>(
      server.url,
      manager,
      'GET',
      `/api/buoys/${buoy.id}/comparison/?project=${projectId}&point=${project.points[0]!.id}`,
    );
    const hs = api.variables.find((v) => v.name === 'hs')!;
    const table = dialog.getByTestId('comparison-metrics');
    // issue 30: each metric in its units (bias m, pbias %)
    expect(await table.locator('th').allTextContents()).toEqual([
      'n',
      'bias (m)',
      'pbias (%)',
      'rmse (m)',
      'nrmse',
      'corr',
      'SI',
      'std_ratio',
    ]);
    expect(await table.locator('tbody td').allTextContents()).toEqual([
      String(hs.counts.paired),
      ...['bias', 'pbias', 'rmse', 'nrmse', 'corr', 'SI', 'std_ratio'].map((m) =>
        format(hs.metrics[m] ?? null, 2),
      ),
    ]);
    // the canvas drew something: the scatter's discs and lines
    const painted = await dialog.locator('[data-testid="comparison-scatter"] canvas').evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let k = 3; k < data.length; k += 4) if (data[k]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(10_000);
    await screenshot(page, 'validation-comparison');
    // issue 30: the buoy comparison downloads as the satellite one does: the data as a zip, the chart as
    // a PNG headed by the project, point, period and metrics
    // the server pairs the whole record again for the zip: seconds, more on a loaded machine
    const [zipFile] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      dialog.getByRole('button', { name: 'Data (zip)' }).click(),
    ]);
    expect(zipFile.suggestedFilename()).toMatch(/^Maine_validation_-_Casco_Bay_offshore_-_.*44007.*\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync(await zipFile.path()));
    expect(Object.keys(zip.files)).toEqual(['README.txt', 'pairs.csv', 'metrics.csv']);
    const metricsCsv = (await zip.file('metrics.csv')!.async('string')).trim().split('\n');
    expect(metricsCsv[0]).toContain('slope,intercept,r2');
    expect(metricsCsv[1]!.split(',')[2]).toBe(String(hs.counts.common));
    const pairLines = (await zip.file('pairs.csv')!.async('string')).trim().split('\n');
    expect(pairLines.filter((line) => line.startsWith('hs,'))).toHaveLength(hs.counts.common);
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const pngPath = `${artifactsDir}/validation-buoy-download.png`;
    await png.saveAs(pngPath);
    expect(readFileSync(pngPath).subarray(1, 4).toString()).toBe('PNG');
    await dialog.getByRole('tab', { name: 'Metric names' }).click();
    expect(await dialog.getByTestId('comparison-definitions').textContent()).toContain('dir_corr');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // a click on the point lists the buoys within 100 km, each opening the comparison
    await page.locator('.leaflet-overlay-pane path[fill="#0072b2"][stroke="#ffffff"]').first().click();
    const near = page.getByRole('dialog', { name: 'Casco Bay offshore' });
    await visible(near.getByText('20.92 km away'));
    await near.getByRole('button', { name: /Compare with NDBC 44007 Portland, Maine/ }).click();
    await visible(page.getByRole('dialog', { name: /Buoy comparison/ }).getByTestId('comparison-scatter'));
  }, 120_000);

  it('says comparison is not allowed on a project whose offer has expired', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-validation-expired'));
    const renewed = await apiToken(server.url, 'renewed');
    const [project] = await apiCall<ProjectListItem[]>(server.url, renewed, 'GET', '/api/projects/');
    expect(project!.offerInstance.expired).toBe(true);
    await signInFresh(page, server.url, 'renewed');
    await page.goto(`${server.url}/data-validation/${project!.id}`);
    await visible(page.getByText('Offer expired: comparison not allowed'));
  }, 60_000);

  it('serves the help page on validation', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-validation-help'));
    await page.goto(`${server.url}/help/validation`);
    await visible(page.getByRole('heading', { name: 'Data validation' }));
    await visible(page.getByRole('heading', { name: 'Metrics' }));
    await screenshot(page, 'validation-help');
  }, 60_000);
});
