// Calibrate → recompute → compare (issue 33), as a manager does it in the Analyze tab: the Gulf of Maine point
// near NDBC 44007, computed; Calibrate opens the dialog on the nearest buoy, Fit shows the law's parameters and
// its skill in and out of sample (the API's preview, at the dialog's precision), Create makes the variant and
// Compute the variant computes it; then the toggle's "both" shows the standard statistics of the original and
// the calibrated series with their differences, equal to the API's overview figures.
import { describe, expect, it, onTestFailed } from 'vitest';
import type { CalibrationStamp, Project } from '@metocean/contracts';
import { choosePointAsThePanelComes } from './analyze-helpers';
import {
  apiCall,
  apiToken,
  createProject,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

/** The project once no point computes any more (polled), FINISHED or not. */
async function settled(url: string, token: string, projectId: number, timeoutMs: number): Promise<Project> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const project = await apiCall<Project>(url, token, 'GET', `/api/projects/${projectId}/`);
    if (project.status === 'FINISHED' || project.status === 'FAILED') return project;
    if (Date.now() > deadline) throw new Error(`the project is still ${project.status}`);
    await new Promise((wait) => setTimeout(wait, 1000));
  }
}

const two = (v: number) => (Number(v.toFixed(2)) === 0 ? '0.00' : v.toFixed(2));
const signed = (v: number) => (v > 0 && two(v) !== '0.00' ? `+${two(v)}` : two(v));

describe('calibration in the Analyze tab', () => {
  let manager = '';
  let projectId = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    manager = await apiToken(server.url, 'manager');
    projectId = await createProject(server.url, manager, {
      zone: 'Gulf of Maine',
      name: 'Maine_calibrated',
      points: [{ name: 'Near 44007', lat: 43.45, lng: -70.02 }],
    });
    await apiCall(server.url, manager, 'PUT', `/api/projects/${projectId}/compute/`);
    expect((await settled(server.url, manager, projectId, 170_000)).status).toBe('FINISHED');
  });

  it('fits, creates and computes the variant, then compares it with the original', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-calibration'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}/analyze`);
    await page
      .getByTestId('group-points')
      .getByRole('button', { name: /Near 44007/ })
      .click();
    const panel = await visible(page.getByTestId('calibration-panel'));
    await panel.getByRole('button', { name: 'Calibrate…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Calibrate Near 44007 against measurements' });
    await visible(dialog);
    // the nearest buoy is offered first; its variable and the linear law are the defaults
    await expect.poll(() => dialog.getByTestId('calibration-source').inputValue()).toBe('0');
    await visible(dialog.getByText(/^Buoy 44007 /));
    await dialog.getByRole('button', { name: 'Fit' }).click();
    const result = await visible(dialog.getByTestId('calibration-result'));
    await result.scrollIntoViewIfNeeded();

    const original = (await apiCall<Project>(server.url, manager, 'GET', `/api/projects/${projectId}/`))
      .points[0]!;
    const buoys = await apiCall<{ id: number; code: string }[]>(server.url, manager, 'GET', '/api/buoys/');
    const preview = await apiCall<CalibrationStamp>(
      server.url,
      manager,
      'POST',
      `/api/points/${original.id}/calibrate/preview/`,
      {
        variable: 'hs',
        method: 'linear',
        perMonth: false,
        windowHours: 0,
        source: { buoy: buoys.find((b) => b.code === '44007')!.id, run: 'hs' },
      },
    );
    const { a, b } = preview.parameters[0] as { a: number; b: number };
    // the dialog's parameters are the API's at 4 significant digits
    expect(await dialog.getByTestId('calibration-parameters').locator('tbody td').allTextContents()).toEqual([
      String(Number(a.toPrecision(4))),
      String(Number(b.toPrecision(4))),
    ]);
    // in and out of sample, before and after: n, bias, RMSE, SI, P99 error at 3 decimals
    const skillRows = dialog.getByTestId('calibration-skill').locator('tbody tr');
    expect(await skillRows.count()).toBe(4);
    const outAfter = await skillRows.nth(3).locator('td').allTextContents();
    const judged = preview.outOfSample!.after;
    expect(outAfter.slice(2)).toEqual([
      judged.n.toLocaleString('en-GB'),
      ...[judged.bias, judged.rmse, judged.si, judged.p99Error].map((v) =>
        Number(v.toFixed(3)) === 0 ? '0.000' : v.toFixed(3),
      ),
    ]);
    await screenshot(page, 'calibration-fit');

    await dialog.getByRole('button', { name: 'Create calibrated variant' }).click();
    await visible(dialog.getByTestId('calibration-created'));
    await dialog.getByRole('button', { name: 'Compute the variant' }).click();
    await visible(dialog.getByText(/Its computation has started/));
    const project = await settled(server.url, manager, projectId, 240_000);
    expect(project.status).toBe('FINISHED');
    const variant = project.points.find((p) => p.calibrationOf === original.id)!;
    expect(variant.name).toBe('Near 44007 · hs linear');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // the toggle: both shows the standard statistics side by side with calibrated − original
    const both = panel.getByTestId('series-both');
    await expect.poll(() => both.isEnabled(), { timeout: 30_000 }).toBe(true);
    await both.click();
    const table = await visible(panel.getByTestId('calibration-differences'));
    const before = project.overviewStats[String(original.id)]!.find((r) => r.variable === 'hs')!;
    const after = project.overviewStats[String(variant.id)]!.find((r) => r.variable === 'hs')!;
    const cells = await table.getByTestId('difference-hs').locator('td').allTextContents();
    expect(cells.slice(2)).toEqual(
      (['mean', 'min', 'max', 'median', 'std'] as const).map((s) => signed(after[s] - before[s])),
    );
    // the other variables are the same record read twice: listed on demand, every difference 0.00
    const other = project.overviewStats[String(original.id)]!.find(
      (r) => r.variable !== 'hs' && !r.circular,
    )!;
    await panel.getByRole('button', { name: /^Show all \d+ variables$/ }).click();
    const otherCells = await table
      .getByTestId(`difference-${other.variable}`)
      .first()
      .locator('td')
      .allTextContents();
    expect(otherCells.slice(2)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00']);
    await panel.getByRole('button', { name: 'Only the corrected variable' }).click();
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'calibration-compare');

    // calibrated selects the variant in the menu, with its stamp in words
    await panel.getByTestId('series-calibrated').click();
    await visible(panel.getByTestId('calibration-stamp'));
    expect(await page.getByTestId('group-points').locator('.Mui-selected').textContent()).toContain(
      'Near 44007 · hs linear',
    );
    await panel.getByTestId('series-original').click();
    expect(await page.getByTestId('group-points').locator('.Mui-selected').textContent()).not.toContain(
      'hs linear',
    );

    // opened again with the panel's code held back: its place (the series' toggle) is kept meanwhile, and
    // the menu stays where it stood when the panel comes
    const menuTop = await choosePointAsThePanelComes(
      page,
      () => page.goto(`${server.url}/project/${projectId}/analyze`),
      /Near 44007(?! ·)/,
      'calibration-placeholder',
    );
    expect(menuTop.after).toBeCloseTo(menuTop.before, 0);
  }, 600_000);
});
