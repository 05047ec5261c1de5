import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe as suite, expect, test } from 'vitest';
import {
  commonRecord,
  DEFAULT_INTERVALS,
  expandCopies,
  planningIntervals,
  planningStatistics,
  readPlan,
  roundTo,
  simulatePlan,
  withIntervals,
  type PlanResultsWithIntervals,
  type AlphaSummary,
  type PlanResults,
} from '@metocean/core';
import { planningPercentileConventions } from '@metocean/contracts';
import { loadWorkbookGrid, parseCsvSeries, planningTemplate } from '@metocean/hindcast';
import { runPlanningCli } from '../../src/planning';

// `metocean planning` on the template plan and the real ERA5 series of ../shared/data. The engine itself is
// checked against a brute-force simulator in packages/core; here the command must give the engine's numbers
// for the same inputs, and its Excel outputs must read back the same with an independent reader (openpyxl).
const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const ERA5 = DATA + 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv';

const dir = mkdtempSync(join(tmpdir(), 'metocean-planning-'));
const warnings: string[] = [];
const io = { readText: (path: string) => readFileSync(path, 'utf8'), warn: (m: string) => warnings.push(m) };

suite('metocean planning', () => {
  test('prints the engine results for the template on ERA5 and writes the four Excel outputs', async () => {
    const plan = join(dir, 'template.xlsx');
    writeFileSync(plan, await planningTemplate());
    const out = join(dir, 'out');
    const result = await runPlanningCli(
      [
        plan,
        '--point',
        `SITE=${ERA5}`,
        '--point',
        `QUAY=${ERA5}`,
        '--alias',
        'PORT=QUAY',
        '--percentiles',
        '50,90',
        '--ci',
        '0.8',
        '--resamples',
        '200',
        '--seed',
        '3',
        '--out',
        out,
      ],
      io,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as PlanResultsWithIntervals & { envCoords: string };
    expect(json.envCoords).toBe('Planning!B2:I5');
    expect(json.trips).toEqual(['TRIP1', 'TRIP2']);
    expect(json.totalStarts).toBe(96_432);

    // the same inputs through the core directly
    const series = parseCsvSeries(readFileSync(ERA5, 'utf8'));
    const fields = {
      hs: series.fields.swh!.values,
      tp: series.fields.pp1d!.values,
      dir: series.fields.mwd!.values,
    };
    const { plan: parsed } = readPlan(await loadWorkbookGrid(readFileSync(plan)));
    const { time, locations } = commonRecord([
      { name: 'SITE', time: series.time, fields },
      { name: 'QUAY', time: series.time, fields },
    ]);
    const sim = simulatePlan({
      time,
      locations,
      aliases: { SITE: 0, PORT: 1 },
      environments: parsed!.environments,
      copies: expandCopies(parsed!.activities),
    });
    // issue 31: the intervals of --ci 0.8 --resamples 200 --seed 3 beside the percentiles
    const expected = withIntervals(
      planningStatistics(sim, [50, 90]),
      planningIntervals(sim, [50, 90], { ci: 0.8, resamples: 200, seed: 3 }),
    );
    expect(json.intervals).toMatchObject({ ci: 0.8, resamples: 200, seed: 3 });
    expect(json.MONTHLY.intervalYears.Jan).toBe(11);
    const [lower, upper] = json.MONTHLY.distribsOfAllDelay.wholeSequenceIntervals.P90!.Jan!;
    expect(lower).toBeLessThanOrEqual(upper);
    expect(json.MONTHLY).toEqual(JSON.parse(JSON.stringify(expected.MONTHLY)));
    expect(json.WEEKLY.distribsOfAllDelay.tripsScenarios.TRIP2!['Jan 22-end']).toEqual(
      expected.WEEKLY.distribsOfAllDelay.tripsScenarios.TRIP2!['Jan 22-end'],
    );
    expect(json.censored).toBe(expected.censored);
    // the monsoon: a January plan waits longer than a May one at P90
    const p90 = json.MONTHLY.distribsOfAllDelay.wholeSequenceScenarios.P90!;
    expect(p90.Jan!).toBeGreaterThan(p90.May!);

    expect(readdirSync(out).sort()).toEqual([
      'template_DOWNTIME_DURATION.xlsx',
      'template_DOWNTIME_PERCENT.xlsx',
      'template_NO_DOWNTIME_RATIO.xlsx',
      'template_TOTAL_DURATION.xlsx',
    ]);
    // openpyxl reads the MONTHLY sheet: row 3 is P50 of the whole sequence, periods from column B, rows 4-5
    // its interval
    const read = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `import json, openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1], read_only=True)['MONTHLY']
rows = [list(r) for r in ws.iter_rows(min_row=2, max_row=6, values_only=True)]
print(json.dumps(rows))`,
        join(out, 'template_TOTAL_DURATION.xlsx'),
      ],
      { encoding: 'utf8' },
    );
    const rows = JSON.parse(read) as (string | number | null)[][];
    expect(rows[0]!.slice(0, 3)).toEqual(['Percentile', 'Jan', 'Feb']);
    const p50 = json.MONTHLY.distribsOfAllDurations.wholeSequenceScenarios.P50!;
    // the workbooks hold values to 0.1 (issue 30: no float noise; the About sheet says so)
    const tenth = (v: number | null | undefined) => (v === null || v === undefined ? null : roundTo(v, 1));
    expect(rows[1]).toEqual(['P50', ...json.MONTHLY.periods.map((p) => tenth(p50[p]))]);
    // issue 31: P50's interval rows follow it, then P90
    const bounds = json.MONTHLY.distribsOfAllDurations.wholeSequenceIntervals.P50!;
    expect(rows[2]).toEqual(['P50 lower 80 %', ...json.MONTHLY.periods.map((p) => tenth(bounds[p]![0]))]);
    expect(rows[3]).toEqual(['P50 upper 80 %', ...json.MONTHLY.periods.map((p) => tenth(bounds[p]![1]))]);
    expect(rows[4]![0]).toBe('P90');

    // issue 35: each workbook states what its Pp means (the shared sentence of the results page) in About and
    // under the tables of every breakdown sheet; the no-downtime ratio's P50 ≥ P99 is said to be intended
    const conventions = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `import json, openpyxl, sys
out = {}
for path in sys.argv[1:]:
    wb = openpyxl.load_workbook(path, read_only=True)
    about = {r[0]: r[1] for r in wb['About'].iter_rows(values_only=True) if r and r[0]}
    last = {}
    for name in ('MONTHLY', 'BIWEEKLY', 'WEEKLY'):
        cells = [r[0] for r in wb[name].iter_rows(values_only=True) if r and r[0] is not None]
        last[name] = cells[-1]
    out[path] = {'about': about.get('Percentiles'), 'last': last}
print(json.dumps(out))`,
        ...['TOTAL_DURATION', 'DOWNTIME_DURATION', 'DOWNTIME_PERCENT', 'NO_DOWNTIME_RATIO'].map((f) =>
          join(out, `template_${f}.xlsx`),
        ),
      ],
      { encoding: 'utf8' },
    );
    const stated = JSON.parse(conventions) as Record<string, { about: string; last: Record<string, string> }>;
    const expectedSentence = {
      TOTAL_DURATION: planningPercentileConventions.distribsOfAllDurations,
      DOWNTIME_DURATION: planningPercentileConventions.distribsOfAllDelay,
      DOWNTIME_PERCENT: planningPercentileConventions.distribsOfDowntimePercent,
      NO_DOWNTIME_RATIO: planningPercentileConventions.distribsOfNoDowntimeRatio,
    };
    for (const [format, sentence] of Object.entries(expectedSentence)) {
      const file = stated[join(out, `template_${format}.xlsx`)]!;
      expect(file.about).toBe(sentence);
      expect(file.last).toEqual({ MONTHLY: sentence, BIWEEKLY: sentence, WEEKLY: sentence });
    }
    expect(stated[join(out, 'template_NO_DOWNTIME_RATIO.xlsx')]!.about).toContain(
      'exceedance percentile over the years',
    );
  }, 60_000);

  test('plan errors go to stderr with their cells, exit code 1', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Plan');
    sheet.addRow(['Environment #', 'Hs', 'Wave direction']);
    sheet.addRow(['E1', 1.5, 90]);
    sheet.addRow([]);
    sheet.addRow(['trip_id', 'task_id', 'activity_id', 'min_hours', 'continuous', 'environment']);
    sheet.addRow(['K', 'T', 'A', -2, 'no', 'E1']);
    const plan = join(dir, 'bad.xlsx');
    writeFileSync(plan, Buffer.from(await workbook.xlsx.writeBuffer()));
    const result = await runPlanningCli([plan, '--point', `P=${ERA5}`], io);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      [
        'error: Plan!C2: "90" in Wave direction: a direction limit is a sector "from-to" in degrees (e.g. 270-90), not a single number',
        'error: Plan!D5: min_hours must be a number > 0, got "-2"',
      ].join('\n') + '\n',
    );
  });

  test('an alias without a point, a parameter the data lack, bad options', async () => {
    const plan = join(dir, 'template.xlsx');
    writeFileSync(plan, await planningTemplate());
    const noAlias = await runPlanningCli([plan, '--point', `SITE=${ERA5}`], io);
    expect(noAlias.stderr).toBe(
      'planning: location "PORT" of the Tasks table is not a point: add --alias PORT=NAME\n',
    );
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Plan');
    sheet.addRow(['Environment #', 'Wind speed (m/s)']);
    sheet.addRow(['W', 10]);
    sheet.addRow([]);
    sheet.addRow(['trip_id', 'task_id', 'activity_id', 'min_hours', 'continuous', 'environment']);
    sheet.addRow(['K', 'T', 'A', 2, 'no', 'W']);
    const windy = join(dir, 'windy.xlsx');
    writeFileSync(windy, Buffer.from(await workbook.xlsx.writeBuffer()));
    const lacking = await runPlanningCli([windy, '--point', `ERA5=${ERA5}`], io);
    expect(lacking.stderr).toBe(
      'planning: environment "W" limits wind speed, which the data of point "ERA5" lack\n',
    );
    expect(
      (await runPlanningCli([plan, '--point', `SITE=${ERA5}`, '--percentiles', '50,150'], io)).stderr,
    ).toContain('Please enter a series of integers between 1 and 99');
    expect((await runPlanningCli([plan, '--point', `SITE=${ERA5}`, '--ci', '1.5'], io)).stderr).toBe(
      'planning: --ci must be in (0, 1), got 1.5\n',
    );
    expect((await runPlanningCli([plan, '--point', `SITE=${ERA5}`, '--resamples', 'many'], io)).stderr).toBe(
      'planning: --resamples takes a number, got "many"\n',
    );
    expect((await runPlanningCli([plan], io)).stderr).toBe(
      'planning: at least one --point NAME=FILE is required\n',
    );
    expect((await runPlanningCli([join(dir, 'none.xlsx'), '--point', `A=${ERA5}`], io)).stderr).toContain(
      'no such file',
    );
  });

  test('--alpha: the numbers of the same plan with each Hs limit replaced by α·L by hand; About names the table', async () => {
    const plan = join(dir, 'template.xlsx');
    writeFileSync(plan, await planningTemplate());
    const out = join(dir, 'alpha');
    const args = [
      plan,
      '--point',
      `SITE=${ERA5}`,
      '--point',
      `QUAY=${ERA5}`,
      '--alias',
      'PORT=QUAY',
      '--percentiles',
      '50,90',
    ];
    const result = await runPlanningCli([...args, '--alpha', 'os-h101-2011-t4-1', '--out', out], io);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as PlanResults & { alpha: AlphaSummary };
    // DNV-OS-H101 (2011) Table 4-1, every template activity in the 12 h row: 1.5 m → (0.65 + 0.76)/2 =
    // 0.705 → 1.0575 m; 2 m → 0.76 → 1.52 m; 2.5 m → 0.76 + 0.03 × 0.25 = 0.7675 → 1.91875 m
    const byHandLimit: Record<number, number> = { 1.5: 1.0575, 2: 1.52, 2.5: 1.91875 };
    const series = parseCsvSeries(readFileSync(ERA5, 'utf8'));
    const fields = {
      hs: series.fields.swh!.values,
      tp: series.fields.pp1d!.values,
      dir: series.fields.mwd!.values,
    };
    const { plan: parsed } = readPlan(await loadWorkbookGrid(readFileSync(plan)));
    const environments = parsed!.environments.map((e) => ({
      ...e,
      maxima: { ...e.maxima, ...(e.maxima.hs !== undefined ? { hs: byHandLimit[e.maxima.hs]! } : {}) },
    }));
    expect(environments.map((e) => e.maxima.hs)).toEqual(expect.arrayContaining([1.0575, 1.52, 1.91875]));
    const { time, locations } = commonRecord([
      { name: 'SITE', time: series.time, fields },
      { name: 'QUAY', time: series.time, fields },
    ]);
    const sim = simulatePlan({
      time,
      locations,
      aliases: { SITE: 0, PORT: 1 },
      environments,
      copies: expandCopies(parsed!.activities),
    });
    // the command's default intervals (issue 31) on the hand-factored simulation
    const expected = withIntervals(
      planningStatistics(sim, [50, 90]),
      planningIntervals(sim, [50, 90], DEFAULT_INTERVALS),
    );
    // every statistic of the by-hand run; the CLI adds the intervals of issue 31 beside them (checked above)
    expect(json.MONTHLY).toEqual(JSON.parse(JSON.stringify(expected.MONTHLY)));
    expect(json.WEEKLY).toEqual(JSON.parse(JSON.stringify(expected.WEEKLY)));
    expect(json.alpha.name).toBe('DNV-OS-H101 (2011) Table 4-1, base case');
    expect(json.alpha.factored.map((f) => f.effectiveLimit)).toEqual([
      1.91875, 1.52, 1.0575, 1.91875, 1.52, 1.0575, 1.91875,
    ]);

    // the About sheet (openpyxl) names the table, its source, the calibration note and each factored limit
    const read = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `import json, openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1], read_only=True)['About']
print(json.dumps([list(r)[:2] for r in ws.iter_rows(values_only=True)]))`,
        join(out, 'template_TOTAL_DURATION.xlsx'),
      ],
      { encoding: 'utf8' },
    );
    const about = JSON.parse(read) as [string, string][];
    expect(about).toContainEqual(['Alpha factors', 'DNV-OS-H101 (2011) Table 4-1, base case']);
    expect(about.find((r) => r[0] === 'Alpha note')![1]).toMatch(
      /North Sea and the Norwegian Sea.*guideline elsewhere/,
    );
    expect(about.filter((r) => r[0] === 'Alpha factored limit')[2]![1]).toBe(
      'TRIP1 › Install › Lower anchor (Planning!B11): Hs ≤ 1.5 m × α 0.705 (TPOP 8 h, row ≤ 12 h) = 1.058 m',
    );
    // and without --alpha the About sheet says so
    const plainOut = join(dir, 'plain');
    await runPlanningCli([...args, '--out', plainOut], io);
    const plainAbout = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `import json, openpyxl, sys
ws = openpyxl.load_workbook(sys.argv[1], read_only=True)['About']
print(json.dumps([list(r)[:2] for r in ws.iter_rows(values_only=True)]))`,
        join(plainOut, 'template_TOTAL_DURATION.xlsx'),
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(plainAbout)).toContainEqual(['Alpha factors', 'none (the raw operational limits)']);
    expect(
      (await runPlanningCli([...args, '--alpha', 'os-h101-2011-t4-1', '--alpha-table', 'x.csv'], io)).stderr,
    ).toBe('planning: give --alpha or --alpha-table, not both\n');
  }, 120_000);
});
