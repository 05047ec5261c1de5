// Advanced Weather Downtime screens (issue 24): the guide and its anchors, the entry links, and the
// dashboard of a project whose offer includes AWD. Screenshots at 1440×900 in e2e/artifacts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { planningPercentileConventions } from '@metocean/contracts';
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

/**
 * The whiskers' pixels of a chart (issue 31): near-black (#222222) pixels inside its plot, where only bars
 * and whiskers are drawn (the titles, legend and axis labels are outside the grid), before any hover.
 */
async function whiskerPixels(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      // the plot of the AWD bar charts: grid top 92, left 64, right 24, bottom 56 (packages/charts)
      const [x0, y0] = [Math.ceil(66 * scale), Math.ceil(94 * scale)];
      const [x1, y1] = [Math.floor(canvas.width - 26 * scale), Math.floor(canvas.height - 58 * scale)];
      const { data } = canvas.getContext('2d')!.getImageData(x0, y0, x1 - x0, y1 - y0);
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i]! < 60 && data[i + 1]! < 60 && data[i + 2]! < 60 && data[i + 3]! > 200) n++;
      return n;
    });
}

/** Hovers the first period of an AWD bar chart: its axis tooltip opens. */
async function hoverFirstPeriod(page: Page, testId: string): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  await page.mouse.move(box.x + 64 + 8, box.y + box.height - 80);
}

describe('advanced weather downtime in the browser', () => {
  let projectId: number;

  const harness = useServerAndBrowser(async ({ server }) => {
    projectId = await createProject(server.url, await apiToken(server.url, 'manager'), {
      offer: 'On Demand',
      zone: 'Southern North Sea',
      name: 'AWD_demo',
      points: [{ name: 'Hornsea', lat: 53.3, lng: 1.8 }],
    });
  });

  it('reaches the guide from the top bar; its six anchors scroll to their sections; the template downloads', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-guide'));
    await signInFresh(page, server.url, 'manager');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AWD guide' }).click();
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime guide' }));
    expect(new URL(page.url()).pathname).toBe('/help/advanced_weather_downtime/');
    const menu = page.getByRole('navigation', { name: 'Quick navigation' });
    const titles = await menu.getByRole('link').allTextContents();
    expect(titles).toEqual([
      'What is AWD',
      'Step-by-Step Guide',
      'File Format',
      'Output Files',
      'Tips and Common Errors',
      'How It Works',
    ]);
    await menu.getByRole('link', { name: 'How It Works' }).click();
    expect(new URL(page.url()).hash).toBe('#how-it-works');
    await visible(page.getByTestId('awd-example-hours'));
    const inView = await page
      .locator('#how-it-works')
      .evaluate(
        (el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0,
      );
    expect(inView).toBe(true);
    // The worked example: Lift waits until 09:00, the plan ends at 15:00.
    const rows = page.getByTestId('awd-example-hours').locator('tbody tr');
    expect(await rows.count()).toBe(16);
    expect(await rows.nth(9).locator('td').nth(2).textContent()).toBe('Lift');
    expect(await rows.nth(15).locator('td').nth(2).textContent()).toBe('finished');
    await page.locator('#what-is-awd').scrollIntoViewIfNeeded();
    await screenshot(page, '60-awd-guide');

    const href = await page.getByRole('link', { name: 'Download the template' }).first().getAttribute('href');
    expect(href).toBe('/help/advanced_weather_downtime/planning_template.xlsx');
    const response = await page.request.get(`${server.url}${href}`);
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect(body.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip
    const examples = page.getByRole('link', { name: 'Download example outputs' }).first();
    await visible(examples);
    const zip = await page.request.get(`${server.url}${await examples.getAttribute('href')}`);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  });

  it('links the project page to the dashboard, which opens on its empty state', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-dashboard'));
    await page.goto(`${server.url}/project/${projectId}/query`);
    await page.getByRole('link', { name: 'advanced weather downtime' }).click();
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    expect(new URL(page.url()).pathname).toBe(`/downtime/${projectId}`);
    await visible(page.getByText('Upload your first planning :'));
    await page.getByRole('button', { name: 'How to Use?' }).click();
    const guide = page.getByRole('link', { name: 'Read the full guide' });
    await visible(guide);
    expect(await guide.getAttribute('target')).toBe('_blank');
    await screenshot(page, '61-awd-dashboard-empty');
  });

  // The template's Planning sheet: Tasks at B8:L16 (header row 8; environment in K, min_hours in F).
  const variant = async (template: Buffer, name: string, edit: (sheet: ExcelJS.Worksheet) => void) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Planning');
    if (!sheet) throw new Error('the template has no Planning sheet');
    edit(sheet);
    const path = join(files, name);
    writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
    return path;
  };
  const files = mkdtempSync(join(tmpdir(), 'metocean-e2e-awd-'));

  /** Picks a file on the dashboard and fills the settings form's aliases with the project's point. */
  const upload = async (page: Page, path: string) => {
    await page.goto(`${harness.server.url}/downtime/${projectId}`);
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await page.getByTestId('planning-file').setInputFiles(path);
    await visible(page.getByRole('heading', { name: 'Planning settings' }));
    for (const alias of ['PORT', 'SITE']) {
      await page.getByRole('combobox', { name: alias }).click();
      await page.getByRole('option', { name: 'Hornsea' }).click();
    }
  };

  const waitReady = async (page: Page, name: string) => {
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Ready').waitFor({ state: 'visible', timeout: 110_000 });
  };

  it('uploads the filled template, launches, sees a warning and aborts, then launches anyway, sees an error and aborts', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-upload'));
    const template = Buffer.from(
      await (
        await page.request.get(`${server.url}/help/advanced_weather_downtime/planning_template.xlsx`)
      ).body(),
    );
    const base = join(files, 'awd-base.xlsx');
    writeFileSync(base, template);
    // ENV3 used nowhere (a warning) and ENV1's Hs limit raised to 3 m: less waiting, shorter durations.
    const warned = await variant(template, 'awd-warning.xlsx', (sheet) => {
      for (const row of [9, 12, 16]) sheet.getCell(`K${row}`).value = 'none';
      sheet.getCell('C3').value = 3;
    });
    // No weather limit at all (no downtime) but a 10 000 h load-out: the least downtime, the longest duration.
    const longer = await variant(template, 'awd-longer.xlsx', (sheet) => {
      for (let row = 9; row <= 16; row++) sheet.getCell(`K${row}`).value = 'none';
      sheet.getCell('F13').value = 10_000;
    });
    // An activity on an environment that does not exist: an error.
    const broken = await variant(template, 'awd-error.xlsx', (sheet) => {
      sheet.getCell('K10').value = 'ENV9';
    });

    await upload(page, base);
    // the plan's Gantt: 65 h nominal with contingency (ceil(6 × 1.1) = 7 …), so Day by default above 45 h; Hour on demand
    const gantt = page.getByTestId('planning-gantt');
    await visible(gantt.getByText('Gantt · 65 h nominal with contingency'));
    await visible(gantt.locator('[data-view-mode="Day"]'));
    await visible(gantt.getByText('TRIP2').first());
    await screenshot(page, '62-awd-upload-settings');
    await gantt.getByRole('button', { name: 'Hour', exact: true }).click();
    await visible(gantt.locator('[data-view-mode="Hour"]'));
    await screenshot(page, '62b-awd-gantt-hour');
    await page.getByRole('button', { name: 'Launch' }).click();
    const launched = page.getByRole('dialog', { name: 'Planning launched' });
    await visible(launched);
    await visible(launched.getByText('An e-mail will be sent to you when the results are ready.'));
    await launched.getByRole('button', { name: 'Back to the plannings' }).click();
    await visible(page.getByRole('row').filter({ hasText: 'awd-base' }));

    // Warnings: Abort deletes the planning just created (never launched) and goes back to the dashboard.
    await upload(page, warned);
    await page.getByRole('button', { name: 'Launch' }).click();
    const warnings = page.getByRole('dialog', { name: 'The planning has warnings' });
    await visible(warnings);
    await visible(warnings.getByText(/ENV3/));
    await screenshot(page, '63-awd-warnings');
    await warnings.getByRole('button', { name: 'Abort' }).click();
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await visible(page.getByRole('row').filter({ hasText: 'awd-base' }));
    expect(await page.getByRole('row').filter({ hasText: 'awd-warning' }).count()).toBe(0);

    // Left at the warnings, the planning stays created but never launched: the dashboard shows it Pending and
    // offers Delete (regression: it had no Delete although the server allows it).
    await upload(page, warned);
    await page.getByRole('button', { name: 'Launch' }).click();
    await visible(warnings);
    await page.goto(`${server.url}/downtime/${projectId}`);
    const unlaunched = page.getByRole('row').filter({ hasText: 'awd-warning' });
    await visible(unlaunched.getByText('Pending'));
    await unlaunched.getByRole('button', { name: 'Delete awd-warning' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete planning' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await hidden(confirm);
    await hidden(unlaunched);

    // … or "Launch anyway" computes it.
    await upload(page, warned);
    await page.getByRole('button', { name: 'Launch' }).click();
    await visible(warnings);
    await warnings.getByRole('button', { name: 'Launch anyway' }).click();
    await page.getByRole('dialog', { name: 'Planning launched' }).getByRole('button').click();

    await upload(page, longer);
    await page.getByRole('button', { name: 'Launch' }).click();
    await page
      .getByRole('dialog', { name: 'The planning has warnings' })
      .getByRole('button', { name: 'Launch anyway' })
      .click();
    await page.getByRole('dialog', { name: 'Planning launched' }).getByRole('button').click();

    // A file with errors: the settings-errors modal opens on the scan, with Abort only.
    await page.goto(`${server.url}/downtime/${projectId}`);
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await page.getByTestId('planning-file').setInputFiles(broken);
    const errors = page.getByRole('dialog', { name: 'The planning has errors' });
    await visible(errors);
    await visible(errors.getByText(/ENV9/));
    await visible(errors.getByText('Planning!K10'));
    expect(await errors.getByRole('button', { name: 'Launch anyway' }).count()).toBe(0);
    await screenshot(page, '64-awd-errors');
    await errors.getByRole('button', { name: 'Abort' }).click();
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    await visible(page.getByRole('row').filter({ hasText: 'awd-longer' }));
    expect(await page.getByRole('row').filter({ hasText: 'awd-error' }).count()).toBe(0);

    for (const name of ['awd-base', 'awd-warning', 'awd-longer']) await waitReady(page, name);
    await screenshot(page, '65-awd-dashboard');
  }, 300_000);

  it('opens the results of a finished planning', async () => {
    const { page } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-results'));
    await page.getByRole('link', { name: 'awd-base' }).click();
    await visible(page.getByRole('heading', { name: 'Results · awd-base' }));
    await visible(page.getByTestId('censored-count'));
    await visible(page.getByTestId('results-bars').locator('canvas'));
    await visible(page.getByRole('table', { name: 'Estimated Duration per period' }));
    expect(await page.getByTestId('percentile-convention').textContent()).toBe(
      planningPercentileConventions.distribsOfAllDurations,
    );
    await screenshot(page, '66-awd-results');

    // issue 31: the NORA3 record of this point spans about 40 years: a whisker on every bar, and the years
    // it rests on under the chart
    expect(await page.getByTestId('results-bars-intervals').textContent()).toMatch(
      /^Whiskers: the 90 % interval of each value \(year-block bootstrap, 1,000 resamples\), on \d+(–\d+)? years of data per period\./,
    );
    await page.waitForTimeout(500);
    expect(await whiskerPixels(page, 'results-bars')).toBeGreaterThan(100);

    // issue 31, session 31: the run computed the monthly intervals only; the weekly ones are on request
    await page.getByRole('tab', { name: 'Weekly', exact: true }).click();
    const caption = page.getByTestId('results-bars-intervals');
    await expect
      .poll(() => caption.textContent())
      .toMatch(/^The 90 % intervals of this breakdown are available on request: switch "Intervals" on/);
    await page.waitForTimeout(500);
    expect(await whiskerPixels(page, 'results-bars')).toBeLessThan(20);
    const toggle = page.getByLabel('Intervals: the 90 % interval of each value of this breakdown');
    expect(await toggle.isChecked()).toBe(false);
    await screenshot(page, '66b-awd-results-weekly-on-request');
    await toggle.check();
    // the plan simulated again on 40 years and the weekly intervals drawn: seconds, with a progress bar
    expect(await (await visible(page.getByTestId('results-intervals-progress'))).textContent()).toMatch(
      /^Computing the weekly intervals: the plan simulated again/,
    );
    await expect
      .poll(() => caption.textContent(), { timeout: 120_000 })
      .toMatch(/^Whiskers: the 90 % interval of each value \(year-block bootstrap, 1,000 resamples\)/);
    await hidden(page.getByTestId('results-intervals-progress'));
    await page.waitForTimeout(500);
    expect(await whiskerPixels(page, 'results-bars')).toBeGreaterThan(100);
    await screenshot(page, '66c-awd-results-weekly-intervals');
    // stored: the page opened again draws them at once, the switch on
    await page.reload();
    await page.getByRole('tab', { name: 'Weekly', exact: true }).click();
    await expect.poll(() => caption.textContent()).toMatch(/^Whiskers: /);
    expect(await toggle.isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Monthly' }).click();
  }, 240_000);

  it('compares three plannings; month and percentile change the values and the Best Result follows the lowest', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-comparison'));
    await page.goto(`${server.url}/downtime/${projectId}`);
    for (const name of ['awd-base', 'awd-warning', 'awd-longer'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Compare Results' }).click();
    await visible(page.getByRole('heading', { name: 'Compare results' }));
    const cards = page.locator('[data-testid^="comparison-card-"]');
    await visible(cards.getByTestId('card-value'));
    expect(await cards.count()).toBe(3);
    // Every card's results loaded before reading values.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="card-value"]').length === 3);

    /** The badge sits on the card with the lowest value (or nowhere when they tie). */
    const checkBadge = async () => {
      const values = await Promise.all(
        (await cards.getByTestId('card-value').all()).map(async (v) =>
          Number(await v.getAttribute('data-value')),
        ),
      );
      const badges = await Promise.all(
        (await cards.all()).map(async (card) => (await card.getByTestId('best-result').count()) > 0),
      );
      const lowest = Math.min(...values);
      const unique = values.filter((v) => v === lowest).length === 1 && new Set(values).size > 1;
      expect(badges.filter(Boolean).length).toBe(unique ? 1 : 0);
      if (unique) expect(badges[values.indexOf(lowest)]).toBe(true);
      return badges.indexOf(true);
    };
    const before = await checkBadge();
    await page.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Estimated Duration' }).click();
    await page.getByTestId('month-select').click();
    await page.getByRole('option', { name: 'Jan', exact: true }).click();
    await page.getByTestId('percentile-select').click();
    await page.getByRole('option', { name: 'P90' }).click();
    const after = await checkBadge();
    // Downtime: the plan without limits has none; duration: its 10 000 h load-out makes it the longest.
    expect(before).toBe(2);
    expect(after).not.toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('awd.comparison.month'))).toBe('Jan');
    await screenshot(page, '67-awd-comparison');

    // issue 35: under the period table, what Pp means — the weather window's P50 ≥ P99 is stated as intended
    await page.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Weather Window' }).click();
    const convention = page.getByTestId('percentile-convention');
    await visible(convention);
    expect(await convention.textContent()).toBe(planningPercentileConventions.distribsOfNoDowntimeRatio);
    await convention.scrollIntoViewIfNeeded();
    await screenshot(page, '67b-awd-comparison-weather-window');

    // issue 31: each value within the noise of the best is marked ≈ exactly where its interval (the cell's
    // title) overlaps the best one's; a whisker on the plannings' bars
    await page.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Estimated Downtime' }).click();
    const period = page.getByTestId('period-comparison');
    expect(await period.getByTestId('noise-legend').textContent()).toMatch(
      /^≈ within the noise: the value's 90 % interval overlaps the best planning's/,
    );
    await page.waitForTimeout(500);
    expect(await whiskerPixels(page, 'period-comparison-chart')).toBeGreaterThan(50);
    const rows = await period.locator('tbody tr').all();
    for (const row of rows) {
      const cells = await row.locator('td').all();
      const read = await Promise.all(
        cells.slice(1).map(async (cell) => {
          const title = await cell.getAttribute('title');
          const bounds = title ? /interval ([\d.]+)–([\d.]+)/.exec(title) : null;
          return {
            best: (await cell.getAttribute('data-best')) === 'true',
            noise: (await cell.getAttribute('data-noise')) === 'true',
            interval: bounds ? [Number(bounds[1]), Number(bounds[2])] : null,
            text: (await cell.textContent()) ?? '',
          };
        }),
      );
      const best = read.findIndex((c) => c.best);
      const overlaps = (a: number[] | null, b: number[] | null) =>
        a !== null && b !== null && a[0]! <= b[1]! && b[0]! <= a[1]!;
      read.forEach((c, k) => {
        const expected =
          best < 0 || best === k
            ? read.some((o, j) => j !== k && overlaps(c.interval, o.interval))
            : overlaps(c.interval, read[best]!.interval);
        expect(c.noise, `${c.text} in row ${rows.indexOf(row)}`).toBe(expected);
        expect(c.text.endsWith('≈')).toBe(c.noise);
      });
    }
    await period.getByTestId('noise-legend').scrollIntoViewIfNeeded();
    await screenshot(page, '67c-awd-comparison-noise');

    await cards
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await cards.nth(2).waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(2);
    await page.getByRole('button', { name: 'Add another result' }).click();
    await page.getByRole('dialog', { name: 'Add another result' }).getByRole('button').first().click();
    await cards.nth(2).waitFor();
    expect(await cards.count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Add another result' }).isDisabled()).toBe(true);
  });

  it('lets a member (consult only) read results but neither upload nor delete', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-member'));
    const manager = await apiToken(server.url, 'manager');
    const team = await apiCall<{ id: number; username: string }[]>(server.url, manager, 'GET', '/api/users/');
    const member = team.find((u) => u.username === 'member');
    if (!member) throw new Error('no demo member');
    await apiCall(server.url, manager, 'POST', `/api/projects/${projectId}/update_collaborators/`, {
      collaborators: [member.id],
    });
    await signInFresh(page, server.url, 'member');
    await page.goto(`${server.url}/downtime/${projectId}`);
    await visible(page.getByRole('row').filter({ hasText: 'awd-base' }));
    expect(await page.getByRole('button', { name: 'Upload' }).first().isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Download / }).count()).toBe(3);
    await page.getByRole('link', { name: 'awd-base' }).click();
    await visible(page.getByTestId('results-bars').locator('canvas'));
    await screenshot(page, '68-awd-member-results');
  });

  it('sends /downtime/{id}/upload without upload data back to the dashboard', async () => {
    const { page, server } = harness;
    await page.goto(`${server.url}/downtime/${projectId}/upload`);
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    expect(new URL(page.url()).pathname).toBe(`/downtime/${projectId}`);
  });

  it("keeps a project under an offer that ended read-only: results open, Upload says 'AWD offer expired'", async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-awd-expired'));
    // the demo's 'renewed' account: a running offer, and last season's project under the offer that ended
    const token = await apiToken(server.url, 'renewed');
    const projects = await apiCall<{ id: number; name: string }[]>(
      server.url,
      token,
      'GET',
      '/api/projects/',
    );
    const expired = projects.find((p) => p.name === 'Cable_lay_2025');
    if (!expired) throw new Error('the demo project under the ended offer is missing');
    await signInFresh(page, server.url, 'renewed');
    await page.goto(`${server.url}/project/${expired.id}/query`);
    await visible(page.getByText('Offer expired'));
    await page.getByRole('link', { name: 'advanced weather downtime' }).click();
    await visible(page.getByRole('heading', { name: 'Advanced Weather Downtime' }));
    const row = page.getByRole('row').filter({ hasText: 'Cable lay campaign' });
    await visible(row.getByText('Ready'));
    // a manager, but the offer has ended: no delete; the finished planning still downloads
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Download / }).count()).toBe(1);

    await page.getByRole('button', { name: 'Upload' }).first().click();
    const notice = page.getByRole('dialog', { name: 'AWD offer expired' });
    await visible(notice);
    await visible(notice.getByText(/new plannings cannot be uploaded or run/));
    await screenshot(page, '69-awd-offer-expired');
    await notice.getByRole('button', { name: 'Close' }).click();
    await hidden(notice);
    expect(new URL(page.url()).pathname).toBe(`/downtime/${expired.id}`);

    await page.getByRole('link', { name: 'Cable lay campaign' }).click();
    await visible(page.getByRole('heading', { name: 'Results · Cable lay campaign' }));
    await visible(page.getByTestId('results-bars').locator('canvas'));
    await visible(page.getByRole('table', { name: 'Estimated Duration per period' }));
    await screenshot(page, '69b-awd-expired-results');

    // issue 31 (11 years of ERA5): a whisker on each bar, the years it rests on under the chart and in the tooltip
    const caption = page.getByTestId('results-bars-intervals');
    expect(await caption.textContent()).toMatch(
      /^Whiskers: the 90 % interval of each value \(year-block bootstrap, 1,000 resamples\), on (\d+) years of data per period\.$/,
    );
    const years = /on (\d+) years/.exec((await caption.textContent())!)![1];
    await page.waitForTimeout(500);
    expect(await whiskerPixels(page, 'results-bars')).toBeGreaterThan(100);
    await hoverFirstPeriod(page, 'results-bars');
    await visible(page.getByTestId('results-bars').getByText(`90 % interval, ${years} years`));
    await visible(page.getByTestId('results-bars').getByText(/P50: [\d.]+ [hd] \[[\d.]+–[\d.]+\]/));
    await screenshot(page, '69c-awd-results-whiskers');
    await page.getByTestId('results-trips').scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(await whiskerPixels(page, 'results-trips')).toBeGreaterThan(20);
    expect(await page.getByTestId('results-trips-intervals').textContent()).toContain(
      "Each trip's whisker stands on the trips below it.",
    );
    await hoverFirstPeriod(page, 'results-trips');
    await visible(page.getByTestId('results-trips').getByText(`90 % interval, ${years} years`));
    await screenshot(page, '69d-awd-results-trips-whiskers');
  });
});
