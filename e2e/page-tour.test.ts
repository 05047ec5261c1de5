// Issue 30: every page of the product at 1440×900 as a manager with a computed project, an AWD planning, a
// contractors project and a validation project, screenshotted into e2e/artifacts/tour-*.png to be looked at.
// Each page must render its own content (its heading or main element), never the error page nor a loader
// that does not end; the screenshots are what a person checks for overlaps, cut text and empty states.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import {
  apiCall,
  apiToken,
  createProject,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

const files = mkdtempSync(join(tmpdir(), 'metocean-e2e-tour-'));

async function plan(name = 'cable-lay.xlsx', layHours = 24): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planning');
  sheet.addRow(['Environment #', 'Wave Hs (m)']);
  sheet.addRow(['TRANSIT', 2.5]);
  sheet.addRow(['LAY', 1.5]);
  sheet.addRow([]);
  sheet.addRow([
    'trip_id',
    'task_id',
    'activity_id',
    'min_hours',
    'contingency_time',
    'continuous',
    'environment',
    'location',
  ]);
  sheet.addRow(['CABLE', 'T1', 'Transit', 10, null, 'no', 'TRANSIT', 'Port']);
  sheet.addRow(['CABLE', 'T2', 'Lay', layHours, 25, 'no', 'LAY', 'Port']);
  const path = join(files, name);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

/** The page shows `content`, not the error page, and its loaders have ended; then its screenshot. */
async function shot(page: Page, name: string, content: Locator): Promise<void> {
  await visible(content);
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 })
    .catch(() => undefined);
  expect(await page.getByText('Reload the page').count(), name).toBe(0);
  await page.waitForTimeout(400); // charts finish their entry animation
  await screenshot(page, `tour-${name}`);
}

describe('every page at 1440×900 (issue 30)', () => {
  let scs = 0;
  let contractors = 0;
  let maine = 0;
  let planningId = 0;

  const harness = useServerAndBrowser(async ({ server }) => {
    const token = await apiToken(server.url, 'manager');
    scs = await createProject(server.url, token, {
      offer: 'On Demand',
      zone: 'South China Sea',
      name: 'Cable lay',
      points: [
        { name: 'Port', lat: 15.51, lng: 109.94 },
        { name: 'Offshore', lat: 12.5, lng: 113 },
      ],
    });
    await apiCall(server.url, token, 'PUT', `/api/projects/${scs}/compute/`);
    contractors = await createProject(server.url, token, {
      offer: 'Marine Contractors Dashboard',
      zone: 'Southern North Sea',
      name: 'MC tour',
      points: [{ name: 'Hornsea', lat: 53.324, lng: 1.32 }],
    });
    maine = await createProject(server.url, token, {
      zone: 'Gulf of Maine',
      name: 'Maine tour',
      points: [{ name: 'Casco Bay offshore', lat: 43.45, lng: -69.85 }],
    });
    const deadline = Date.now() + 240_000;
    let pointIds: number[];
    for (;;) {
      const project = await apiCall<{ status: string; points: { id: number }[] }>(
        server.url,
        token,
        'GET',
        `/api/projects/${scs}/`,
      );
      pointIds = project.points.map((p) => p.id);
      if (project.status === 'FINISHED') break;
      if (project.status === 'FAILED' || Date.now() > deadline)
        throw new Error(`the tour's project ended ${project.status}`);
      await new Promise((wait) => setTimeout(wait, 1000));
    }
    const report = await apiCall<{ id: number }>(server.url, token, 'POST', '/api/reports/', {
      projectId: scs,
      name: 'Cable lay operability',
    });
    await apiCall(server.url, token, 'PUT', `/api/reports/${report.id}/generate/`, {
      name: 'Cable lay operability',
      reportType: 'operability',
      points: pointIds,
    });
  });

  it('home, projects, a project and its tabs, the new-project flow', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-tour-projects'));
    await signInFresh(page, server.url, 'manager');
    await shot(page, '01-home', page.getByRole('heading').first());
    await page.goto(`${server.url}/new_project`);
    await shot(page, '02-new-project', page.getByRole('heading').first());
    await page.goto(`${server.url}/project/${scs}/query`);
    await shot(page, '03-query', page.getByText('Port').first());
    await page.goto(`${server.url}/project/${scs}/analyze`);
    await shot(page, '04-analyze', page.locator('canvas').first());
    await page.goto(`${server.url}/project/${scs}/report`);
    await shot(page, '05-report', page.getByText('Cable lay operability').first());
    await page.goto(`${server.url}/select_zone`);
    await shot(page, '06-select-zone', page.getByRole('heading').first());
  }, 300_000);

  it('AWD dashboard, upload, results and comparison', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-tour-awd'));
    await page.goto(`${server.url}/downtime/${scs}`);
    await shot(page, '10-awd-dashboard', page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await page.getByTestId('planning-file').setInputFiles(await plan());
    await shot(page, '11-awd-upload', page.getByTestId('planning-gantt'));
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog', { name: 'Planning launched' }).getByRole('button').first().click();
    // a second, longer lay: two plannings to compare
    await page.getByTestId('planning-file').setInputFiles(await plan('cable-lay-long.xlsx', 48));
    await visible(page.getByTestId('planning-gantt'));
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog', { name: 'Planning launched' }).getByRole('button').first().click();
    for (const name of ['cable-lay', 'cable-lay-long'])
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .getByText('Ready')
        .waitFor({ state: 'visible', timeout: 200_000 });
    await shot(page, '12-awd-dashboard-ready', page.getByRole('row').filter({ hasText: 'cable-lay' }));
    const token = await apiToken(server.url, 'manager');
    const plannings = await apiCall<{ id: number; name: string }[]>(
      server.url,
      token,
      'GET',
      `/api/downtimes/?project=${scs}`,
    );
    planningId = plannings.find((p) => p.name === 'cable-lay')!.id;
    const longer = plannings.find((p) => p.name === 'cable-lay-long')!.id;
    await page.goto(`${server.url}/downtime/${scs}/results/${planningId}`);
    await shot(page, '13-awd-results', page.getByTestId('planning-gantt'));
    await page.goto(`${server.url}/downtime/${scs}/comparison?ids=${planningId},${longer}`);
    await shot(page, '14-awd-comparison', page.getByRole('heading', { name: 'Compare results' }));
    // the cards read in one unit (they showed "169 h" beside "11.3 d")
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="card-value"]').length === 2);
    const units = (await page.getByTestId('card-value').allTextContents()).map((t) => t.split(' ').at(-1));
    expect(units.length).toBe(2);
    expect(new Set(units).size, units.join(', ')).toBe(1);
    await page.goto(`${server.url}/help/advanced_weather_downtime`);
    await shot(page, '15-awd-guide', page.getByRole('heading').first());
  }, 300_000);

  it('contractors wizard, data validation (satellite and buoys)', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-tour-others'));
    await page.goto(`${server.url}/project/${contractors}`);
    await shot(page, '20-contractors', page.getByTestId('contractors-wizard'));
    await page.goto(`${server.url}/data-validation/${maine}`);
    await shot(page, '21-validation', page.getByTestId('datasource-summary'));
    await page.getByRole('button', { name: /^Comparisons/ }).click();
    await shot(page, '22-validation-comparisons', page.locator('[data-testid="map"] .leaflet-container'));
    await page.goto(`${server.url}/project/${maine}/query`);
    await shot(page, '23-maine-query', page.getByText('Casco Bay offshore').first());
  }, 300_000);

  it('team, account, alpha tables, plans, profile, usage, admin, help, FAQ, changelog', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-tour-account'));
    const pages: [string, string][] = [
      ['30-team', '/people'],
      ['31-account', '/account'],
      ['32-alpha-tables', '/account/alpha-tables'],
      ['33-plans', '/plans'],
      ['34-profile', '/profile'],
      ['35-usage', '/usage'],
      ['36-admin', '/admin'],
      ['37-faq', '/help/faq'],
      ['38-statistics-help', '/help/statistics'],
      ['39-changelog', '/changelog'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${server.url}${path}`);
      await shot(page, name, page.getByRole('heading').first());
    }
  }, 300_000);
});
