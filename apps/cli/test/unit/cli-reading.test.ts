// Issue 21 through the command: every result printed with its units, method and step; --missing,
// --decimal and --resample; literal headers as column names; notes of values treated as missing; a
// 3-hourly record computed at its own step.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe as suite, expect, test, vi } from 'vitest';
import { ingest, writeNetcdf4 } from '@metocean/hindcast';
import { runCli } from '../../src/cli';

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const ERA5 = DATA + 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv';
const NDBC_A = DATA + 'ndbc-ecbenchmark/A.txt';
// the commands read real records of megabytes (csv-parse): a few seconds on a machine shared by several runs
vi.setConfig({ testTimeout: 30_000 });

const warnings: string[] = [];
const io = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  warn: (message: string) => warnings.push(message),
};

interface Printed {
  command: string;
  file: string;
  units: Record<string, string>;
  method: string;
  step: string | null;
  notes: string[];
  result: unknown;
}

async function report(...argv: string[]): Promise<Printed> {
  warnings.length = 0;
  const result = await runCli(argv, io);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Printed;
}

const work = mkdtempSync(join(tmpdir(), 'metocean-reading-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
};

suite('units and method with every result', () => {
  test('describe: the units of the column (from the metocean-api comment block), method, step', async () => {
    const out = await report('describe', ERA5, '--var', 'swh', '--percentiles', '50');
    expect(out).toMatchObject({ command: 'describe', file: ERA5, step: '1 h', notes: [] });
    expect(out.units).toEqual({ swh: 'm', count: 'values' });
    expect(out.method).toMatch(/sample standard deviation \(n − 1\).*Hyndman–Fan type 7/);
    expect(out.result).toMatchObject({ median: 1.06 });
  });

  test('eva: law, fit and interval method in the method and the result', async () => {
    const out = await report(
      'eva',
      ERA5,
      '--var',
      'swh',
      '--method',
      'annual-maxima',
      '--law',
      'gumbel',
      '--interval',
      'delta',
      '--ci',
      '0.95',
    );
    expect(out.units).toMatchObject({ swh: 'm', returnPeriod: 'years' });
    expect(out.method).toMatch(/annual maxima/i);
    expect(out.method).toMatch(/Gumbel by maximum likelihood/);
    expect(out.method).toMatch(/delta-method/);
    expect(out.method).toMatch(/95 %|95%/);
    expect(out.result).toMatchObject({
      law: 'gumbel',
      fit: 'maximum likelihood',
      interval: 'delta',
      confidence: 0.95,
    });
  });

  test('every command prints units for what it reads and what it computes', async () => {
    const joint = await report('joint', ERA5, '--x', 'swh', '--y', 'pp1d', '--dx', '1', '--dy', '2');
    expect(joint.units).toMatchObject({ swh: 'm', pp1d: 's', perMille: '‰ of the pairs' });
    const rose = await report('rose', ERA5, '--dir', 'mwd', '--var', 'swh', '--edges', '0,1,2');
    expect(rose.units).toMatchObject({ mwd: 'Degree true', swh: 'm', percent: '% of the pairs' });
    const windows = await report(
      'windows',
      NDBC_A,
      '--var',
      'significant wave height',
      '--below',
      '2',
      '--durations',
      '6',
    );
    expect(windows.units).toMatchObject({
      'significant wave height': 'm',
      durationHours: 'h',
      probability: '%',
    });
    expect(windows.method).toMatch(/strictly below 2; D is counted in steps of the series \(1 h/);
  }, 30_000);

  test('a column without units says the catalogue units are assumed, or that they are unknown', async () => {
    const path = file('no-units.csv', 'time,hs,foo\n2000-01-01-00,1,3\n2000-01-01-01,2,4\n');
    expect((await report('describe', path, '--var', 'hs')).units.hs).toBe(
      "m (not in the file: the catalogue's units of hs)",
    );
    expect((await report('describe', path, '--var', 'foo')).units.foo).toBe('unknown');
  });
});

suite('reading options', () => {
  test('the literal header "Hs [m]", its bare name and the catalogue name all find the column', async () => {
    const path = file(
      'units.csv',
      'time;Hs [m];Tp (s)\n2000-01-01 00:00:00;1,5;8\n2000-01-01 01:00:00;2,5;9\n',
    );
    for (const name of ['Hs [m]', 'Hs', 'hs', 'swh']) {
      const out = await report('describe', path, '--var', name, '--percentiles', '50');
      expect(out.result, name).toMatchObject({ count: 2, mean: 2 });
      expect(out.units).toMatchObject({ Hs: 'm' });
    }
    expect(
      ((await report('describe', NDBC_A, '--var', 'significant wave height (m)')).result as { count: number })
        .count,
    ).toBe(82805);
  });

  test('--missing declares fill values; notes go to stderr as note: lines and into the report', async () => {
    const path = file(
      'codes.csv',
      'time,hs,pres\n2000-01-01-00,1,1013\n2000-01-01-01,-999,9999\n2000-01-01-02,2,9999\n',
    );
    const result = await runCli(['describe', path, '--var', 'pres', '--missing', '9999'], io);
    const out = JSON.parse(result.stdout) as Printed;
    expect(out.notes).toEqual([
      'hs: 1 value of -999 treated as missing (outside the physical range of hs, 0 to 30 m)',
      'pres: 2 values of 9999 treated as missing (declared missing)',
    ]);
    expect(out.result).toMatchObject({ count: 1, max: 1013 });
    expect(result.stderr).toBe('');
    expect(warnings.slice(-2)).toEqual(out.notes.map((n) => `note: ${n}`));
    const bad = await runCli(['describe', path, '--var', 'hs', '--missing', 'x'], io);
    expect(bad.stderr).toMatch(/--missing must be comma-separated numbers, got "x"/);
  });

  test('--missing applies to NetCDF values too (float32 compared as float32), with the fill notes', async () => {
    const path = join(work, 'fills.nc');
    await writeNetcdf4(path, {
      dimensions: [
        { name: 'time', values: Float64Array.from([0, 1, 2, 3]), attrs: { units: 'hours since 2000-01-01' } },
      ],
      variables: [
        {
          name: 'swh',
          dims: ['time'],
          values: Float32Array.from([1.5, -32767, 7.77, -999]),
          attrs: { units: 'm', _FillValue: new Float32Array([-32767]) },
        },
      ],
    });
    const out = await report('describe', path, '--var', 'hs', '--missing', '7.77');
    expect(out.result).toMatchObject({ count: 1, max: 1.5 });
    expect(out.notes).toEqual([
      'swh: 1 value of the fill value -32767 treated as missing',
      'swh: 1 value of 7.77 treated as missing (declared missing)',
      'swh: 1 value outside the physical range of hs, 0 to 30 m treated as missing',
    ]);
  });

  test('--missing applies to a store of metocean ingest (its catalogue units)', async () => {
    const csv = file(
      'point.csv',
      '#LONGITUDE:2,LATITUDE:50\ntime,hs\n2000-01-01-00,1\n2000-01-01-01,2\n2000-01-01-02,3\n',
    );
    const store = join(work, 'point.zarr');
    await ingest(csv, store, {
      name: 'declared test',
      kind: 'regional',
      private: true,
      origin: 'test',
      notes: '',
      provenance: { source: 'test', licence: 'CC0' },
    });
    const out = await report('describe', store, '--var', 'hs', '--missing', '2');
    expect(out.result).toMatchObject({ count: 2, mean: 2 });
    expect(out.notes).toEqual(['hs: 1 value of 2 treated as missing (declared missing)']);
  });

  test('--decimal , reads decimal commas of a tab file; with "," separators it is refused', async () => {
    const tab = file('tab.tsv', 'time\ths\n2000-01-01-00\t1\n2000-01-01-01\t2,5\n');
    expect((await report('describe', tab, '--var', 'hs', '--decimal', ',')).result).toMatchObject({
      max: 2.5,
    });
    const comma = file('comma.csv', 'time,hs\n2000-01-01-00,1\n');
    const r = await runCli(['describe', comma, '--var', 'hs', '--decimal', ','], io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a decimal comma needs ";" or tab separators/);
    expect((await runCli(['describe', comma, '--var', 'hs', '--decimal', ';'], io)).stderr).toMatch(
      /--decimal must be "," or "\.", got ";"/,
    );
  });

  test('mixed steps are refused naming the rows; --resample 1h keeps the hourly rows', async () => {
    const path = file(
      'mixed.csv',
      'time,hs\n2000-01-01 00:00:00,1\n2000-01-01 01:00:00,2\n2000-01-01 01:10:00,9\n2000-01-01 02:00:00,3\n' +
        '2000-01-01 03:00:00,4\n',
    );
    const refused = await runCli(['describe', path, '--var', 'hs'], io);
    expect(refused.stderr).toMatch(
      /line 4: the time 2000-01-01 01:10:00 comes 10 min after 2000-01-01 01:00:00 \(line 3\)/,
    );
    const out = await report('describe', path, '--var', 'hs', '--resample', '1h');
    expect(out.result).toMatchObject({ count: 4, max: 4 });
    expect(out.step).toBe('1 h');
    expect(out.notes).toEqual(['1 of 5 rows are off the 1 h grid and were left out (resample)']);
    expect((await runCli(['describe', path, '--var', 'hs', '--resample', 'often'], io)).stderr).toMatch(
      /--resample: "often" is not a time step/,
    );
  });
});

suite('a 3-hourly record at its own step', () => {
  const threeHourly = file(
    'era5-3h.csv',
    readFileSync(ERA5, 'utf8')
      .split('\n')
      .filter((line) => {
        const m = /^\d{4}-\d{2}-\d{2} (\d{2})/.exec(line);
        return !m || Number(m[1]) % 3 === 0;
      })
      .join('\n'),
  );

  test('contours count 3-hour sea states: β of 100 years is scipy norm.ppf(1 − 3 / (100 · 8765.82))', async () => {
    const out = await report(
      'contours',
      threeHourly,
      '--hs',
      'swh',
      '--tp',
      'pp1d',
      '--return-periods',
      '100',
    );
    expect(out.step).toBe('3 h');
    expect(out.method).toMatch(/N = T · 8765\.82 h \/ 3 h sea states/);
    // scipy.stats.norm.ppf(1 - 3 / (100 * 8765.82)) = 4.498459366615202 (hourly: 4.726734814694499)
    expect((out.result as { beta: number }[])[0]!.beta).toBeCloseTo(4.498459366615202, 9);
  });

  test('windows of 6 h are two records: the probability is within 3 points of the hourly record in every month', async () => {
    const args = ['--var', 'swh', '--below', '1.5', '--durations', '6,24'];
    const three = (await report('windows', threeHourly, ...args)).result as {
      month: number;
      probability: number;
    }[];
    const hourly = (await report('windows', ERA5, ...args)).result as typeof three;
    three.forEach((r, k) => expect(Math.abs(r.probability - hourly[k]!.probability)).toBeLessThan(3));
  }, 30_000);

  test('a duration that is not a whole number of steps is said to be rounded up', async () => {
    const out = await report('downtime', threeHourly, '--var', 'swh', '--below', '1.5', '--duration', '4');
    expect(out.notes).toEqual([
      'a window of 4 h is not a whole number of 3 h steps: counted as 2 steps (6 h)',
    ]);
    const six = await report('downtime', threeHourly, '--var', 'swh', '--below', '1.5', '--duration', '6');
    expect(six.notes).toEqual([]);
    expect(out.result).toEqual(six.result);
  }, 30_000);
});
