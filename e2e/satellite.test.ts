// The satellite comparison (spec 002 "Satellite comparison", "Data validation page", §4 flow): a manager
// clicks a point of a Gulf of Maine project on the data validation page, launches its comparison from the
// launch modal, waits for it to be computed (polled until FINISHED), reads the result modal whose metrics are
// the API's, saves the chart as a PNG named for the comparison, and gets the e-mail; the point, now validated,
// opens its result. Then the help page /help/satellite_comparison. Runs with no network.
import { describe, expect, it, onTestFailed } from 'vitest';
import { format } from '@metocean/charts';
import type { ProjectListItem, SatelliteComparison } from '@metocean/contracts';
import {
  apiCall,
  apiToken,
  createProject,
  mailText,
  newestMail,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

describe('the satellite comparison', () => {
  let manager = '';
  let projectId = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    manager = await apiToken(server.url, 'manager');
    projectId = await createProject(server.url, manager, {
      zone: 'Gulf of Maine',
      name: 'Maine_satellite',
      points: [{ name: 'Casco Bay offshore', lat: 43.45, lng: -69.85 }],
    });
  });

  it('launches from the data validation page and shows the result modal', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-satellite'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/data-validation/${projectId}`);
    await page.getByRole('button', { name: /^Comparisons/ }).click();
    await visible(page.locator('[data-testid="map"] .leaflet-container'));

    // a point without satellite validation opens the launch modal
    const pending = page.locator('.leaflet-overlay-pane path[fill="#0072b2"][stroke="#ffffff"]');
    await visible(pending);
    await pending.first().click();
    const launch = page.getByRole('dialog', { name: 'Satellite comparison: Casco Bay offshore' });
    await visible(launch.getByRole('link', { name: 'Help on satellite comparison' }));
    expect(await launch.getByTestId('satellite-mail-note').textContent()).toContain(
      'The result is sent by e-mail to you',
    );
    await visible(launch.getByText('Buoys near this point'));
    await visible(launch.getByRole('button', { name: /Compare with NDBC 44007/ }));
    await screenshot(page, 'satellite-launch');
    const mailsBefore = Date.now();
    await launch.getByRole('button', { name: 'Launch' }).click();

    // created, computed, polled until FINISHED: then the result modal replaces the launch modal
    const result = page.getByRole('dialog', {
      name: 'Satellite comparison: Maine_satellite - Casco Bay offshore',
    });
    await result.getByTestId('comparison-scatter').waitFor({ state: 'visible', timeout: 240_000 });
    expect(await result.getByRole('tab').allTextContents()).toEqual([
      'Significant wave height (m)',
      'Wind speed (m/s)',
      'Variable names',
      'Metric names',
    ]);
    await visible(result.getByTestId('satellite-synthetic-notice'));

    // the one-row metrics table is the API's stats at 2 decimals
    const [comparison] = await apiCall<SatelliteComparison[]>(
      server.url,
      manager,
      'GET',
      `/api/satellite_comparisons/?project=${projectId}`,
    );
    expect(comparison!.status).toBe('FINISHED');
    const hs = comparison!.stats!.hs!;
    const table = result.getByTestId('comparison-metrics');
    const names = ['bias', 'pbias', 'rmse', 'nrmse', 'corr', 'SI', 'std_ratio'];
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
      String(hs.counts.matchups),
      ...names.map((m) => format(hs.metrics[m] ?? null, 2)),
    ]);
    const painted = await result.locator('[data-testid="comparison-scatter"] canvas').evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let k = 3; k < data.length; k += 4) if (data[k]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(10_000);
    await screenshot(page, 'satellite-result');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'satellite-result-metrics');

    // Download saves the chart as a PNG named for the comparison
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Maine_satellite_-_Casco_Bay_offshore.png');

    // the wind speed tab, then a definitions tab (no chart: Download disabled)
    await result.getByRole('tab', { name: 'Wind speed (m/s)' }).click();
    await visible(result.getByTestId('comparison-panel-magw'));
    await result.getByRole('tab', { name: 'Metric names' }).click();
    expect(await result.getByTestId('comparison-definitions').textContent()).toContain('std_ratio');
    expect(await result.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(true);

    // the user is told by e-mail
    const mail = mailText(await newestMail(server.dataDir, mailsBefore - 1000, 30_000));
    expect(mail).toContain('The satellite comparison Maine_satellite - Casco Bay offshore has been computed');
    expect(mail).toMatch(/hs: \d+ matchups, bias -?\d\.\d{3} m/);
    await result.getByRole('button', { name: 'Close' }).click();

    // the point is now drawn as validated and opens its result directly
    const validated = page.locator('.leaflet-overlay-pane path[fill="#cc79a7"][stroke="#ffffff"]');
    await visible(validated);
    await validated.first().click();
    await visible(result.getByTestId('comparison-scatter'));
  }, 300_000);

  it('disables the launch on a project whose offer has expired', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-satellite-expired'));
    const renewed = await apiToken(server.url, 'renewed');
    const [project] = await apiCall<ProjectListItem[]>(server.url, renewed, 'GET', '/api/projects/');
    expect(project!.offerInstance.expired).toBe(true);
    await signInFresh(page, server.url, 'renewed');
    await page.goto(`${server.url}/data-validation/${project!.id}`);
    await page.getByRole('button', { name: /^Comparisons/ }).click();
    const marker = page.locator('.leaflet-overlay-pane path[stroke="#ffffff"]');
    await visible(marker);
    await marker.first().click();
    const launch = page.getByRole('dialog', { name: /^Satellite comparison: / });
    await visible(launch.getByText('Your offer has expired: comparison is not allowed.'));
    expect(await launch.getByRole('button', { name: 'Launch' }).isDisabled()).toBe(true);
    // the refusal replaces the "up to 20 minutes, sent by e-mail" note of a launch
    expect(await launch.getByTestId('satellite-not-allowed').textContent()).toContain(
      'comparison is not allowed',
    );
    expect(await launch.getByTestId('satellite-mail-note').count()).toBe(0);
    // the dialog's fade-in over, for the screenshot
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDialog-container')].every(
        (e) => getComputedStyle(e).opacity === '1',
      ),
    );
    await screenshot(page, 'satellite-expired');
  }, 60_000);

  it('serves the help page on satellite comparison', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-satellite-help'));
    await page.goto(`${server.url}/help/satellite_comparison`);
    await visible(page.getByRole('heading', { name: 'Satellite comparison' }));
    await visible(page.getByRole('heading', { name: 'How the measures are matched with the model' }));
    await screenshot(page, 'satellite-help');
  }, 60_000);
});
