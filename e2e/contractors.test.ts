// The marine contractors wizard in the browser (spec 001 §2.6): on a project of the demo customer's
// "Marine Contractors Dashboard" offer, the four steps end to end — the first boat created by itself, an
// operation and its constraint entered inline, a point chosen, a custom percentile added, the run's
// progress, the statistics (operation card, chart, table), export all and relaunch. Screenshots at
// 1440×900 in e2e/artifacts.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it, onTestFailed } from 'vitest';
import { apiToken, createProject, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

describe('the marine contractors wizard in the browser', () => {
  let projectId: number;

  const harness = useServerAndBrowser(async ({ server }) => {
    projectId = await createProject(server.url, await apiToken(server.url, 'manager'), {
      offer: 'Marine Contractors Dashboard',
      zone: 'Southern North Sea',
      name: 'MC_demo',
      points: [{ name: 'Hornsea', lat: 53.324, lng: 1.32 }],
    });
  });

  it('goes through operations, locations, outputs, the run and the statistics', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-contractors'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${projectId}`);
    await visible(page.getByTestId('contractors-wizard'));

    // operations: the first boat exists by itself; rename it, add an operation and its constraint
    await visible(page.getByRole('heading', { name: 'Boats of Demo Offshore Ltd' }));
    const boatName = page.getByTestId('boat-row').getByRole('textbox', { name: 'Boat' });
    await expect.poll(() => boatName.inputValue(), { timeout: 10_000 }).toBe('My Boat');
    await boatName.fill('CTV Aurora');
    await boatName.press('Enter');
    await visible(page.getByRole('heading', { name: 'Operations of CTV Aurora' }));
    await page.getByRole('button', { name: 'Add operation' }).click();
    const duration = page.getByRole('textbox', { name: 'Duration' });
    await duration.fill('6');
    await duration.press('Enter');
    const operationRow = await visible(page.getByTestId('operation-row'));
    expect(await operationRow.getByRole('textbox', { name: 'Operation' }).inputValue()).toBe(
      'My Operation 1',
    );
    await visible(page.getByRole('heading', { name: 'Constraints of My Operation 1' }));
    // Next with an operation that has no constraint: the modal
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page.getByText('An operation have no constraint. Please add at least one constraint'));
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add constraint' }).click();
    const draft = page.getByTestId('constraint-draft');
    await draft.getByRole('combobox', { name: 'Variable' }).click();
    // issue 30: the planner's words ("Significant wave height", "<"), not hs or LESS
    await page.getByRole('option', { name: 'Significant wave height', exact: true }).click();
    await draft.getByRole('combobox', { name: 'Condition' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['<', '≤', '>', '≥']);
    await page.getByRole('option', { name: '<', exact: true }).click();
    const limit = draft.getByRole('textbox', { name: 'Limit' });
    await limit.fill('2');
    await limit.press('Enter');
    const saved = await visible(page.getByTestId('constraint-row'));
    expect(await saved.getByRole('combobox', { name: 'Unit' }).textContent()).toContain('m');
    await screenshot(page, 'contractors-operations');
    await page.getByRole('button', { name: 'Next' }).click();

    // locations: the project's point, selected in the list
    await visible(page.getByText('Select all'));
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(/Hornsea/).check();
    await visible(page.locator('[data-testid="map"] .leaflet-container'));
    await screenshot(page, 'contractors-locations');
    await next.click();

    // outputs: a custom percentile through the modal, the default format
    await page.getByRole('button', { name: 'Custom percentile' }).click();
    const entry = page.getByRole('dialog').getByLabel('Percentile');
    await entry.fill('50');
    await entry.press('Enter');
    await visible(page.getByText('This percentile is already in the list'));
    await entry.fill('95');
    await entry.press('Enter');
    await visible(page.getByRole('button', { name: 'P95' }));
    expect(await page.getByRole('radio', { name: 'Duration' }).isChecked()).toBe(true);
    await screenshot(page, 'contractors-outputs');
    await page.getByRole('button', { name: 'Launch' }).click();

    // the run, then the statistics
    await visible(page.getByTestId('operation-card'));
    const card = page.getByTestId('operation-card');
    expect(await card.textContent()).toContain('My Operation 1');
    expect(await card.textContent()).toContain('6 h');
    expect(await card.textContent()).toContain('Significant wave height < 2 m');
    // issue 35: the percentile convention is stated where the table is
    expect(await page.getByTestId('percentile-convention').textContent()).toContain(
      'not exceeded at p % of the hourly starts',
    );
    await visible(page.getByTestId('contractors-chart').locator('canvas'));
    await visible(page.getByRole('tab', { name: 'CTV Aurora' }));
    await visible(page.getByRole('tab', { name: 'Hornsea' }));
    // one unit per table (issue 30): a 6 h operation reads in hours
    const table = page.getByRole('table', { name: 'Duration (hours) per month' });
    // header, the years of data, sequence and operation × 7 percentiles
    expect(await table.getByRole('row').count()).toBe(1 + 1 + 2 * 7);
    // issue 31: each percentile's year-block interval in brackets under it, in the table's unit, the years
    // each month rests on and the legend with the interval's settings
    // Hornsea's NORA3 record is one year, the same in every month: no bracket, the note in words
    // (alpha.test.ts and the core tests check the bounds on eleven years of ERA5)
    expect(await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Years of data',
      '',
      ...Array.from({ length: 12 }, () => '1'),
    ]);
    expect(await table.getByTestId('percentile-interval').count()).toBe(0);
    expect(await page.getByTestId('contractors-intervals').textContent()).toContain(
      'its 90 % year-block interval (1,000 resamples), in hours',
    );
    expect(await page.getByTestId('contractors-intervals').textContent()).toContain(
      'No interval for any month: fewer than 5 years of data in the period, too few to resample whole years.',
    );
    await screenshot(page, 'contractors-statistics');

    // export all: the workbook's sheet of the point and boat
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Hornsea - CTV Aurora']);

    // relaunch returns to the operations step with the boat and its operation
    await page.getByRole('button', { name: 'Relaunch' }).click();
    await visible(page.getByRole('heading', { name: 'Boats of Demo Offshore Ltd' }));
    expect(await page.getByTestId('operation-row').getByRole('checkbox').isChecked()).toBe(true);
  }, 180_000);
});
