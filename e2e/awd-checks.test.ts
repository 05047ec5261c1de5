// Issue 30 in the browser: the AWD upload step checks the plan against the chosen points' data before
// launch (a wind limit on the ERA5 South China Sea record, which has waves only), names each gap in the
// planner's words with Launch disabled, and lets the planner fix it by choosing a point with wind; a plan
// error names the missing column and where, keeps the ranges and offers to fix the settings.
// Screenshots at 1440×900 in e2e/artifacts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it, onTestFailed } from 'vitest';
import { apiToken, createProject, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

const files = mkdtempSync(join(tmpdir(), 'metocean-e2e-awd-checks-'));

async function plan(name: string, minHoursHeader = 'min_hours'): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planning');
  sheet.addRow(['Environment #', 'Wave Hs (m)', 'Wind speed (m/s)']);
  sheet.addRow(['TRANSIT', 2.5, 12]);
  sheet.addRow(['LAY', 1.5, null]);
  sheet.addRow([]);
  sheet.addRow([
    'trip_id',
    'task_id',
    'activity_id',
    minHoursHeader,
    'continuous',
    'environment',
    'location',
  ]);
  sheet.addRow(['CABLE', 'T1', 'Transit', 10, 'no', 'TRANSIT', 'Port approach']);
  sheet.addRow(['CABLE', 'T2', 'Lay', 24, 'no', 'LAY', 'Port approach']);
  const path = join(files, name);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

describe('AWD upload: fail before launch (issue 30)', () => {
  let projectId: number;

  const harness = useServerAndBrowser(async ({ server }) => {
    projectId = await createProject(server.url, await apiToken(server.url, 'manager'), {
      offer: 'On Demand',
      zone: 'South China Sea',
      name: 'Cable_lay',
      points: [
        // on the ERA5 record's node (Hs, Tp, mean direction; no wind)
        { name: 'Port_approach', lat: 15.51, lng: 109.94 },
        // 10 km away: the same node
        { name: 'Landfall', lat: 15.55, lng: 110.0 },
        // far from the ERA5 node: the zone's synthetic hindcast, with wind
        { name: 'Offshore', lat: 12.5, lng: 113 },
      ],
    });
  });

  it('names the environment and point without wind, keeps Launch disabled, and clears once a point with wind is chosen', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-check'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/downtime/${projectId}`);
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await page.getByTestId('planning-file').setInputFiles(await plan('cable-lay.xlsx'));
    await visible(page.getByRole('heading', { name: 'Planning settings' }));
    const alias = page.getByRole('combobox', { name: 'Port approach' });
    await alias.click();
    // the alias choice says where each point reads its data, and which points share a node
    const era5 = page.getByRole('option', { name: /^Port_approach/ });
    await visible(era5.getByText(/ERA5 South China Sea.*same data node as Landfall/));
    await era5.click();
    const gaps = page.getByTestId('data-gaps');
    await visible(gaps);
    expect(await gaps.textContent()).toContain(
      'Environment "TRANSIT": Port_approach, on ERA5 South China Sea (point 15.51 N 109.94 E), has no wind speed; it has Hs, Tp, mean direction. Remove the limit or choose a point on a dataset with wind.',
    );
    expect(await page.getByRole('button', { name: 'Launch' }).isDisabled()).toBe(true);
    await screenshot(page, '90-awd-check-no-wind');

    await alias.click();
    await page.getByRole('option', { name: /^Offshore/ }).click();
    await gaps.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Launch' }).isEnabled()).toBe(true);
    await screenshot(page, '91-awd-check-resolved');
  });

  it('a renamed column: the error names it and where, the ranges stay, and "Fix the settings" opens the form', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-renamed'));
    await page.goto(`${server.url}/downtime/${projectId}`);
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await page.getByTestId('planning-file').setInputFiles(await plan('renamed.xlsx', 'hours'));
    const errors = page.getByRole('dialog', { name: 'The planning has errors' });
    await visible(errors);
    await visible(errors.getByText('Tasks table at Planning!A5: column min_hours missing (found: hours)'));
    await screenshot(page, '92-awd-renamed-column');
    await errors.getByRole('button', { name: 'Fix the settings' }).click();
    await visible(page.getByRole('heading', { name: 'Planning settings' }));
    expect(await page.getByLabel('Environments table (e.g. Sheet!B3:E6)').inputValue()).toBe(
      'Planning!A1:C3',
    );
    expect(await page.getByLabel('Tasks table (e.g. Sheet!B10:L40)').inputValue()).toBe('Planning!A5:G7');
  });
});
