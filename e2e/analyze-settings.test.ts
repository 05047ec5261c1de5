// The Analyze settings of issue 21 in Chromium: the user types a weather-window limit and durations, the
// chart recomputes from the point's full record at once (get_visu_data with below and durations), a bad
// value is refused beside its field without a request, and the Excel export carries the numbers shown;
// 'Export all time series' downloads the variables chosen, in the format chosen, with its progress.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFailed } from 'vitest';
import JSZip from 'jszip';
import { GRID_TOP } from '@metocean/charts';
import { closeModal, computedProject, display, menu, modal } from './analyze-helpers';
import { screenshot, signInFresh, useServerAndBrowser, visible } from './harness';

describe('analyze settings: windows recomputed, all time series exported', () => {
  let project = 0;

  const harness = useServerAndBrowser(async ({ server }) => {
    project = await computedProject(server, 'manager', 'On Demand', 'South China Sea', 'Windows_ERA5', {
      name: 'ERA5 node',
      lat: 15.51,
      lng: 109.94,
    });
  });

  it('recomputes the windows with the limit and durations typed, refuses bad ones, exports what is shown', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-windows-settings'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/project/${project}/analyze`);
    await visible(menu(page));
    await menu(page)
      .getByTestId('group-points')
      .getByRole('button', { name: /ERA5 node/ })
      .click();
    await display(page, /wave height/i, 'Weather windows');
    const label = modal(page).getByTestId('window-limit-label');
    await visible(label);
    expect(await label.textContent()).toMatch(/Computed with the point for .*\(median\)/);
    expect(await modal(page).getByTestId('window-durations').inputValue()).toBe('6,12,24,48');

    // a bad limit: refused beside the field, the stored chart stays
    const recomputed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('get_visu_data') && r.url().includes('durations=')) recomputed.push(r.url());
    });
    await modal(page).getByTestId('window-limit').fill('-1');
    await visible(modal(page).getByText('The limit must be above 0'));
    await page.waitForTimeout(600);
    expect(recomputed).toHaveLength(0);

    // a good limit and durations: one request once typing settles, the chart and its label follow
    await modal(page).getByTestId('window-limit').fill('1.5');
    await modal(page).getByTestId('window-durations').fill('6,36');
    await visible(
      modal(page)
        .getByTestId('window-limit-label')
        .getByText(/Recomputed from the full record/),
    );
    expect(await label.textContent()).toMatch(/< 1\.5 m$/);
    expect(recomputed.length).toBeGreaterThan(0);
    expect(recomputed.at(-1)).toMatch(/durations=6%2C36&below=1\.5/);
    expect(await modal(page).getByTestId('chart-error').count()).toBe(0);
    await visible(
      modal(page)
        .getByTestId('window-censored')
        .getByText(/36 h: /),
    );
    await page.waitForTimeout(1200);
    await screenshot(page, 'analyze-98-weather-windows-settings');

    // the Excel export holds the recomputed run (its limit label), not the stored one
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      modal(page).getByRole('button', { name: 'Excel' }).click(),
    ]);
    const zip = await JSZip.loadAsync(readFileSync(await xlsx.path()));
    const xml = await Promise.all(
      Object.keys(zip.files)
        .filter((f) => f.startsWith('xl/') && f.endsWith('.xml'))
        .map((f) => zip.file(f)!.async('string')),
    );
    expect(xml.join('\n')).toMatch(/&lt; 1\.5 m/);
    await closeModal(page);

    // downtime: a duration that is not a whole number of hours is refused by the server, in words
    await display(page, /wave height/i, 'Weather downtime');
    await modal(page).getByTestId('window-durations').fill('1.5');
    await visible(
      modal(page)
        .getByTestId('window-error')
        .getByText(/whole number of the record's 1 h/),
    );
    await modal(page).getByTestId('window-durations').fill('24');
    await visible(
      modal(page)
        .getByTestId('window-limit-label')
        .getByText(/Recomputed from the full record/),
    );
    expect(await modal(page).getByRole('combobox', { name: 'Duration' }).textContent()).toBe('24 h');
    await page.waitForTimeout(1200);
    await screenshot(page, 'analyze-99-weather-downtime-settings');
    await closeModal(page);
  });

  it('draws the WD wait percentiles with their whiskers once "Intervals" is on and says what they rest on (issue 31)', async () => {
    const { page } = harness;
    onTestFailed(() => screenshot(page, 'failure-downtime-intervals'));
    await display(page, /wave height/i, 'Weather downtime');
    const note = modal(page).getByTestId('downtime-intervals');
    await visible(note);
    // the standard set has none: the chart as before and one line saying they are on request (session 30)
    expect(await note.textContent()).toMatch(/available on request: switch "Intervals" on/);
    await modal(page).getByLabel('Intervals: the 90 % interval of each waiting-time percentile').check();
    await page.waitForFunction(
      () => /^Whiskers/.test(document.querySelector('[data-testid="downtime-intervals"]')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    // ERA5 South China Sea 2000-2010: 11 years in every month (shared/data README)
    expect(await note.textContent()).toMatch(
      /^Whiskers on each waiting-time percentile: its 90 % interval .* on 11 years of data per month/,
    );
    await page.waitForTimeout(1200);
    // the whiskers: near-black (#222222) pixels inside the plot, where only bars, the mean line and the
    // whiskers are drawn (grid: left 56, right 20, top GRID_TOP, bottom 80 in packages/charts)
    const dark = await modal(page)
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement, top: number) => {
        const scale = canvas.width / canvas.getBoundingClientRect().width;
        const [x0, y0] = [Math.ceil(58 * scale), Math.ceil((top + 2) * scale)];
        const [x1, y1] = [Math.floor(canvas.width - 22 * scale), Math.floor(canvas.height - 82 * scale)];
        const { data } = canvas.getContext('2d')!.getImageData(x0, y0, x1 - x0, y1 - y0);
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i]! < 60 && data[i + 1]! < 60 && data[i + 2]! < 60 && data[i + 3]! > 200) n++;
        return n;
      }, GRID_TOP);
    expect(dark).toBeGreaterThan(200);
    await screenshot(page, 'analyze-97-weather-downtime-intervals');
    await closeModal(page);
  });

  it('draws the WW probabilities with their whiskers once "Intervals" is on and says what they rest on (issue 34)', async () => {
    const { page } = harness;
    onTestFailed(() => screenshot(page, 'failure-window-intervals'));
    await display(page, /wave height/i, 'Weather windows');
    const note = modal(page).getByTestId('window-intervals');
    await visible(note);
    // the standard set has none (issue 34, session 31): the bars alone and one line saying they are on request
    expect(await note.textContent()).toMatch(/available on request: switch "Intervals" on/);
    await page.waitForTimeout(1200);
    const darkPixels = () =>
      modal(page)
        .locator('canvas')
        .first()
        .evaluate((canvas: HTMLCanvasElement, top: number) => {
          const scale = canvas.width / canvas.getBoundingClientRect().width;
          const [x0, y0] = [Math.ceil(58 * scale), Math.ceil((top + 2) * scale)];
          const [x1, y1] = [Math.floor(canvas.width - 22 * scale), Math.floor(canvas.height - 82 * scale)];
          const { data } = canvas.getContext('2d')!.getImageData(x0, y0, x1 - x0, y1 - y0);
          let n = 0;
          for (let i = 0; i < data.length; i += 4)
            if (data[i]! < 60 && data[i + 1]! < 60 && data[i + 2]! < 60 && data[i + 3]! > 200) n++;
          return n;
        }, GRID_TOP);
    const before = await darkPixels();
    await screenshot(page, 'analyze-96-weather-windows-intervals-off');
    await modal(page).getByLabel('Intervals: the 90 % interval of each window probability').check();
    await page.waitForFunction(
      () => /^Whiskers/.test(document.querySelector('[data-testid="window-intervals"]')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    // ERA5 South China Sea 2000-2010: 11 years in every month (shared/data README)
    expect(await note.textContent()).toMatch(
      /^Whiskers on the probability: its 90 % interval .* on 11 years of data per month/,
    );
    await page.waitForTimeout(1200);
    // the whiskers: near-black (#222222) pixels inside the plot, where only the bars and the whiskers are
    // drawn (grid: left 56, right 20, top GRID_TOP, bottom 80 in packages/charts)
    expect(await darkPixels()).toBeGreaterThan(before + 200);
    await screenshot(page, 'analyze-96-weather-windows-intervals');
    await closeModal(page);
  });

  it('exports the chosen variables of the point as one NetCDF file, with progress', async () => {
    const { page } = harness;
    onTestFailed(() => screenshot(page, 'failure-export-all'));
    await menu(page).getByRole('button', { name: 'Export all time series' }).click();
    const dialog = page.getByTestId('export-all');
    await visible(dialog);
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(3); // ERA5: hs, tp, dp
    // none chosen: the dialog says why it cannot export
    for (let i = 0; i < 3; i++) await boxes.nth(i).uncheck();
    await visible(dialog.getByText('Choose at least one variable to export.'));
    expect(await dialog.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/wave height/i).check();
    await dialog.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'NetCDF (.nc)' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^ERA5_node_all_time_series.*\.nc$/);
    await visible(dialog.getByTestId('export-progress').getByText(/^Downloaded: \d+\.\d MB$/));
    // the file holds the full hourly record of Hs only: netCDF's own reader (ncdump, Debian's netcdf-bin)
    const header = execFileSync('ncdump', ['-h', await file.path()]).toString();
    expect(header).toMatch(/time = 96432 ;/); // 2000-2010, hourly
    expect(header).toMatch(/float hs\(time\)/);
    expect(header).not.toMatch(/ tp\(time\)| dp\(time\)/);
    await screenshot(page, 'analyze-100-export-all');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
