// DNV alpha factors in the browser (issue 32): a manager keeps a company alpha table on the customer's
// settings, chooses DNV-OS-H101 (2011) Table 4-1 for a planning (the calibration note shows), and reads the
// results: the table named, each factored limit, and the planning with and without α side by side; and
// picks the table in the contractors wizard's outputs step, whose statistics then name it with each
// factored limit, as does its exported workbook. Screenshots at 1440×900 in e2e/artifacts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it, onTestFailed } from 'vitest';
import { apiToken, createProject, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

describe('alpha factors in the browser', () => {
  let projectId: number;
  let contractorsProjectId: number;
  const harness = useServerAndBrowser(async ({ server }) => {
    const token = await apiToken(server.url, 'manager');
    projectId = await createProject(server.url, token, {
      offer: 'On Demand',
      zone: 'Southern North Sea',
      name: 'Alpha_demo',
      points: [{ name: 'Hornsea', lat: 53.3, lng: 1.8 }],
    });
    contractorsProjectId = await createProject(server.url, token, {
      offer: 'Marine Contractors Dashboard',
      zone: 'Southern North Sea',
      name: 'Alpha_contractors',
      points: [{ name: 'Hornsea', lat: 53.324, lng: 1.32 }],
    });
  });

  it('a manager adds a company table beside the built-in one, with its provenance', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-alpha-tables'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/account`);
    await page.getByRole('link', { name: 'Alpha tables' }).click();
    await visible(page.getByRole('heading', { name: 'Alpha factor tables' }));
    await visible(page.getByText(/calibrated for the North Sea and the Norwegian Sea/));
    await page.getByRole('button', { name: 'New table' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company alpha table' });
    await dialog.getByLabel('Name').fill('Company Hs table');
    await dialog.getByLabel(/^Source/).fill('Procedure MO-12 rev. 3');
    // a value above 1 is refused with the rule named, nothing saved
    await dialog.getByTestId('alpha-grid').fill('tpop_hours,1,3\n12,0.7,1.2\n48,0.6,0.7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('α at TPOP 12 h, limit 3: 1.2 is not in (0, 1]'));
    await dialog.getByTestId('alpha-grid').fill('tpop_hours,1,3\n12,0.7,0.8\n48,0.6,0.7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const card = page.getByTestId('alpha-table');
    await visible(card.getByRole('heading', { name: 'Company Hs table' }));
    await visible(card.getByText(/Procedure MO-12 rev. 3/));
    await screenshot(page, '90-alpha-tables');
  }, 120_000);

  it('plans with DNV-OS-H101 Table 4-1 and shows the results with and without α side by side', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-alpha-planning'));
    const template = Buffer.from(
      await (
        await page.request.get(`${server.url}/help/advanced_weather_downtime/planning_template.xlsx`)
      ).body(),
    );
    const path = join(mkdtempSync(join(tmpdir(), 'metocean-e2e-alpha-')), 'alpha-plan.xlsx');
    writeFileSync(path, template);
    await page.goto(`${server.url}/downtime/${projectId}`);
    await page.getByTestId('planning-file').setInputFiles(path);
    await visible(page.getByRole('heading', { name: 'Planning settings' }));
    for (const alias of ['PORT', 'SITE']) {
      await page.getByRole('combobox', { name: alias }).click();
      await page.getByRole('option', { name: 'Hornsea' }).click();
    }
    await page.getByRole('combobox', { name: 'Alpha factors' }).click();
    await visible(page.getByRole('option', { name: /Company Hs table/ }));
    await page.getByRole('option', { name: 'DNV-OS-H101 (2011) Table 4-1, base case' }).click();
    await visible(page.getByTestId('alpha-note'));
    expect(await page.getByTestId('alpha-note').textContent()).toMatch(/guideline elsewhere/);
    await screenshot(page, '91-alpha-upload-settings');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog', { name: 'Planning launched' }).getByRole('button').click();
    const row = page.getByRole('row').filter({ hasText: 'alpha-plan' });
    await row.getByText('Ready').waitFor({ state: 'visible', timeout: 170_000 });
    await page.getByRole('link', { name: 'alpha-plan' }).click();
    await visible(page.getByRole('heading', { name: 'Results · alpha-plan' }));
    const summary = page.getByTestId('alpha-summary');
    await visible(summary.getByText('Alpha factors: DNV-OS-H101 (2011) Table 4-1, base case'));
    // the template's Lower anchor: Hs 1.5 m, TPOP 8 h → row 12 h, α (0.65 + 0.76)/2 = 0.705 → 1.058 m
    const lower = summary.getByRole('row').filter({ hasText: 'Lower anchor' });
    expect((await lower.locator('td').allTextContents()).slice(3)).toEqual([
      '8',
      '12',
      '1.5',
      '0.705',
      '1.058',
    ]);
    await page.getByLabel('With and without α side by side').check();
    const side = page.getByTestId('alpha-side-by-side');
    await visible(side);
    expect(await side.locator('tbody tr').count()).toBe(12);
    await side.scrollIntoViewIfNeeded();
    await screenshot(page, '92-alpha-results');
  }, 240_000);

  it('runs the contractors wizard with DNV-OS-H101 Table 4-1 and names it in the statistics', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-alpha-contractors'));
    await page.goto(`${server.url}/project/${contractorsProjectId}`);
    await visible(page.getByTestId('contractors-wizard'));
    // operations: the first boat exists by itself; a 12 h operation limited to Hs ≤ 2 m
    await visible(page.getByRole('heading', { name: 'Operations of My Boat' }));
    await page.getByRole('button', { name: 'Add operation' }).click();
    const duration = page.getByRole('textbox', { name: 'Duration' });
    await duration.fill('12');
    await duration.press('Enter');
    await visible(page.getByRole('heading', { name: 'Constraints of My Operation 1' }));
    await page.getByRole('button', { name: 'Add constraint' }).click();
    const draft = page.getByTestId('constraint-draft');
    await draft.getByRole('combobox', { name: 'Variable' }).click();
    await page.getByRole('option', { name: 'Significant wave height', exact: true }).click();
    await draft.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: '≤', exact: true }).click();
    const limit = draft.getByRole('textbox', { name: 'Limit' });
    await limit.fill('2');
    await limit.press('Enter');
    await visible(page.getByTestId('constraint-row'));
    await page.getByRole('button', { name: 'Next' }).click();
    // locations
    await page.getByLabel(/Hornsea/).check();
    await page.getByRole('button', { name: 'Next' }).click();
    // outputs: the built-in table, its calibration note shown where it is offered
    await page.getByRole('combobox', { name: 'Alpha factors' }).click();
    await visible(page.getByRole('option', { name: /Company Hs table/ }));
    await page.getByRole('option', { name: 'DNV-OS-H101 (2011) Table 4-1, base case' }).click();
    // the menu gone (its fade-out included) before the screenshot
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
    const note = await visible(page.getByTestId('alpha-note'));
    expect(await note.textContent()).toMatch(/guideline elsewhere/);
    await screenshot(page, '93-alpha-contractors-outputs');
    await page.getByRole('button', { name: 'Launch' }).click();
    // the statistics name the table and each factored limit: TPOP 12 h → row ≤ 12 h, Hs 2 m → α 0.76
    // (DNV-OS-H101 (2011) Table 4-1), 2 × 0.76 = 1.52 m
    await page.getByTestId('operation-card').waitFor({ state: 'visible', timeout: 170_000 });
    const used = page.getByTestId('contractors-alpha');
    await visible(used);
    const text = (await used.textContent()) ?? '';
    expect(text).toMatch(
      /^Alpha factors: DNV-OS-H101 \(2011\) Table 4-1, base case \(DNV-OS-H101 Marine Operations/,
    );
    expect(text).toContain('My Operation 1 2 → 1.52 (α 0.76)');
    await used.scrollIntoViewIfNeeded();
    await screenshot(page, '94-alpha-contractors-statistics');
    // export all: the sheet names the table below its table too
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const lines: string[] = [];
    workbook.getWorksheet('Hornsea - My Boat')!.eachRow((row) => {
      if (row.getCell(1).text.startsWith('Alpha'))
        lines.push(`${row.getCell(1).text}: ${row.getCell(3).text}`);
    });
    expect(lines).toContain(
      "Alpha factors: DNV-OS-H101 (2011) Table 4-1, base case; TPOP = the operation's duration",
    );
    expect(lines).toContain(
      'Alpha factored limit: My Operation 1: Hs ≤ 2 m × α 0.76 (TPOP 12 h, row ≤ 12 h) = 1.52 m',
    );
  }, 240_000);
});
