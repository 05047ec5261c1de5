// Issue 30 in the browser: the planning's Gantt reads as a calendar from its example start or as hours from
// the start (a toggle beside the chart, remembered in this browser), and a trip or a task is a plain
// summary bar spanning its activities (no wedge). Screenshots at 1440×900 in e2e/artifacts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { apiToken, createProject, screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

const files = mkdtempSync(join(tmpdir(), 'metocean-e2e-gantt-'));

/** One trip of two tasks: Transit 10 h, then Lay 24 h + 25 % contingency (30 h): 40 h, so Hour view. */
async function plan(): Promise<string> {
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
  sheet.addRow(['CABLE', 'T1', 'Transit', 10, null, 'no', 'TRANSIT', 'Site']);
  sheet.addRow(['CABLE', 'T2', 'Lay', 24, 25, 'no', 'LAY', 'Site']);
  const path = join(files, 'gantt.xlsx');
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

const tickLabels = (page: Page) => page.getByTestId('gantt-tick').allTextContents();

describe('planning Gantt (issue 30)', () => {
  let projectId: number;

  const harness = useServerAndBrowser(async ({ server }) => {
    projectId = await createProject(server.url, await apiToken(server.url, 'manager'), {
      offer: 'On Demand',
      zone: 'South China Sea',
      name: 'Gantt_axis',
      points: [{ name: 'Site', lat: 15.51, lng: 109.94 }],
    });
  });

  it('toggles a calendar or an hours-from-start axis, remembers it, and draws groups as plain spanning bars', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-gantt'));
    await signInFresh(page, server.url, 'manager');
    const open = async () => {
      await page.goto(`${server.url}/downtime/${projectId}`);
      await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
      await page.getByTestId('planning-file').setInputFiles(await plan());
      await visible(page.getByRole('heading', { name: 'Planning settings' }));
      return visible(page.getByTestId('planning-gantt'));
    };
    const gantt = await open();
    await visible(gantt.getByText('Gantt · 40 h nominal with contingency'));
    await visible(gantt.locator('[data-view-mode="Hour"][data-axis="calendar"]'));
    // the calendar (UTC) from the example start, Monday 3 January 2000 00:00, a tick every 3 h
    expect((await tickLabels(page)).slice(0, 4)).toEqual(['Mon 3 Jan', '03:00', '06:00', '09:00']);
    expect(await tickLabels(page)).toContain('Tue 4 Jan');

    await gantt.getByRole('button', { name: 'Hours from start' }).click();
    await visible(gantt.locator('[data-axis="relative"]'));
    const relative = await tickLabels(page);
    expect(relative.slice(0, 4)).toEqual(['0 h', '3 h', '6 h', '9 h']);
    expect(relative).toContain('39 h');
    expect(relative.some((label) => /Jan|:00/.test(label))).toBe(false);
    await gantt.getByRole('button', { name: 'Day' }).click();
    expect((await tickLabels(page)).slice(0, 3)).toEqual(['0 h', '24 h', '48 h']);
    await gantt.getByRole('button', { name: 'Hour', exact: true }).click();
    await screenshot(page, '95-awd-gantt-relative');

    // the trip and its two tasks: plain rectangles, each from its first activity's start to its last one's end
    const boxes = await page.getByTestId('gantt-bars').evaluate((svg) => {
      const box = (el: Element) => {
        const b = (el as SVGGraphicsElement).getBBox();
        return { x: Math.round(b.x), end: Math.round(b.x + b.width) };
      };
      return {
        groups: [...svg.querySelectorAll('[data-testid="gantt-group-bar"]')].map((el) => ({
          tag: el.tagName,
          ...box(el),
        })),
        paths: svg.querySelectorAll('path, polygon').length,
      };
    });
    expect(boxes.paths).toBe(0);
    // 20 px an hour (spec 001 §9 Hour view): trip 0–40 h, task T1 0–10 h, task T2 10–40 h
    expect(boxes.groups).toEqual([
      { tag: 'rect', x: 0, end: 800 },
      { tag: 'rect', x: 0, end: 200 },
      { tag: 'rect', x: 200, end: 800 },
    ]);

    // remembered: a new upload (a new page) opens on hours from the start
    await open();
    await visible(page.getByTestId('planning-gantt').locator('[data-axis="relative"]'));
    expect((await tickLabels(page)).slice(0, 2)).toEqual(['0 h', '3 h']);
  });
});
