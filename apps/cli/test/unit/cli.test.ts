import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe as suite, expect, test, vi } from 'vitest';
import { ingest, parseCsvSeries, writeNetcdf4 } from '@metocean/hindcast';
import { environmentalContourBand } from '@metocean/core';
import { runCli, toJson } from '../../src/cli';

// The command on the real files of ../shared/data. Expected numbers come from the committed scipy/numpy
// references of packages/core (scripts/reference/*.py), so the command is checked end to end against them.
const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const ERA5 = DATA + 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv';
const NDBC_A = DATA + 'ndbc-ecbenchmark/A.txt';
// the commands read real records of megabytes (csv-parse): a few seconds on a machine shared by several runs
vi.setConfig({ testTimeout: 30_000 });
const REF = fileURLToPath(new URL('../../../../packages/core/test/reference/', import.meta.url));
const reference = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(REF + name, 'utf8')) as Record<string, unknown>;

const warnings: string[] = [];
const io = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  warn: (message: string) => warnings.push(message),
};

/** The printed report (units, method, step, notes and the result). */
async function report(...argv: string[]): Promise<Record<string, unknown>> {
  const result = await runCli(argv, io);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** The result of the printed report. */
async function run(...argv: string[]): Promise<unknown> {
  return (await report(...argv)).result;
}

suite('metocean describe / monthly', () => {
  test('describe prints the numpy statistics of ERA5 Hs', async () => {
    const out = (await run('describe', ERA5, '--var', 'swh')) as Record<string, unknown>;
    const ref = (reference('descriptive.json').describe as Record<string, Record<string, unknown>>)[
      'era5.swh'
    ]!;
    expect(Object.keys(out).sort()).toEqual(['count', 'max', 'mean', 'median', 'min', 'percentiles', 'std']);
    expect(out.count).toBe(ref.count);
    expect(out.mean as number).toBeCloseTo(ref.mean as number, 9);
    expect((out.percentiles as Record<string, number>)['99']).toBeCloseTo(
      (ref.percentiles as Record<string, number>)['99']!,
      9,
    );
  });
  test('describe of a direction prints the circular mean and std (scipy circmean/circstd, issue 21)', async () => {
    const out = (await run('describe', ERA5, '--var', 'mwd')) as Record<string, number | boolean>;
    const ref = (reference('circular.json') as Record<string, { mean: number; std: number }>)['era5.mwd']!;
    expect(out.circular).toBe(true);
    expect(out.mean as number).toBeCloseTo(ref.mean, 9);
    expect(out.std as number).toBeCloseTo(ref.std, 9);
    expect(out.resultantLength as number).toBeGreaterThan(0);
  });
  test('monthly prints { month, count, mean, min, max } for months 1-12 of the gappy NDBC file', async () => {
    const out = (await run('monthly', NDBC_A, '--var', 'significant wave height')) as Record<
      string,
      number
    >[];
    expect(out).toHaveLength(12);
    expect(Object.keys(out[0]!)).toEqual(['month', 'count', 'mean', 'min', 'max']);
    expect(out.reduce((s, r) => s + r.count!, 0)).toBe(82805);
  });
});

suite('metocean eva', () => {
  const ext = reference('extremes.json') as Record<
    string,
    {
      fits: Record<string, { nll: number; parameters: Record<string, number> }>;
      threshold?: number;
      poissonLambda?: number;
    }
  >;
  test('annual maxima GEV of ERA5 Hs: 11 maxima, so Gumbel is primary unless the LRT supports ξ (issue 21)', async () => {
    const out = (await run(
      'eva',
      ERA5,
      '--var',
      'swh',
      '--method',
      'annual-maxima',
      '--law',
      'gev',
      '--resamples',
      '200',
    )) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      'law',
      'method',
      'parameters',
      'nll',
      'threshold',
      'nPeaks',
      'poissonLambda',
      'returnValues',
      'fit',
      'interval',
      'intervalScale',
      'confidence',
      'lawSelection',
    ]);
    // the GEV is fitted (scipy's optimum) and tested against Gumbel: D = 2.42, p = 0.12 ≥ 0.05
    expect(out.law).toBe('gumbel');
    expect(out.interval).toBe('profile');
    expect(out.lawSelection).toMatchObject({ requested: 'gev', chosen: 'gumbel' });
    expect(out.nll as number).toBeLessThanOrEqual(ext['am.era5.swh']!.fits.gumbel!.nll + 1e-6);
    expect(out.threshold).toBeNull();
    expect(out.nPeaks).toBe(11);
    const rows = out.returnValues as {
      returnPeriod: number;
      value: number | null;
      lower: number | null;
      upper: number | null;
    }[];
    expect(rows.map((r) => r.returnPeriod)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    // T = 1 has no finite value: F⁻¹(0) is the lower end of the law
    expect(rows[0]!.value).toBeNull();
    for (const r of rows.slice(1)) expect(r.lower! <= r.value! && r.value! <= r.upper!).toBe(true);
  });
  test('POT GPD with the 0.99 quantile threshold and 48 h separation matches the scipy reference', async () => {
    const out = (await run(
      'eva',
      ERA5,
      '--var',
      'swh',
      '--method',
      'pot',
      '--law',
      'gpd',
      '--threshold',
      '0.99q',
      '--separation',
      '48',
      '--return-periods',
      '10,100',
      '--ci',
      '0.9',
      '--interval',
      'delta',
    )) as Record<string, number>;
    expect(out.threshold).toBeCloseTo(ext['pot.era5.swh']!.threshold!, 10);
    expect(out.poissonLambda).toBeCloseTo(ext['pot.era5.swh']!.poissonLambda!, 10);
    expect(out.nPeaks).toBe(35);
    expect(out.nll).toBeLessThanOrEqual(ext['pot.era5.swh']!.fits.gpd!.nll + 1e-6);
  });
  test('--input maxima reads one annual maximum per row (Coles 2001 Port Pirie): (3.87, 0.198, -0.050)', async () => {
    const pp = reference('extremes.json').portPirie as { values: number[] };
    const file = fileURLToPath(new URL('./port-pirie.csv', import.meta.url));
    expect(readFileSync(file, 'utf8').trim().split('\n').slice(2).map(Number)).toEqual(pp.values);
    const out = (await run(
      'eva',
      file,
      '--input',
      'maxima',
      '--var',
      'SeaLevel',
      '--method',
      'annual-maxima',
      '--law',
      'gev',
      '--interval',
      'delta',
      '--ci',
      '0.95',
      '--return-periods',
      '10,100',
    )) as {
      parameters: Record<string, number>;
      returnValues: { value: number; lower: number; upper: number }[];
    };
    expect(out.parameters.location).toBeCloseTo(3.87, 2);
    expect(out.parameters.scale).toBeCloseTo(0.198, 3);
    expect(out.parameters.shape).toBeCloseTo(-0.05, 3);
    expect(out.returnValues[1]!.value).toBeCloseTo(4.69, 2);
    expect(out.returnValues[1]!.lower).toBeCloseTo(4.38, 2);
  });
  test('the default interval is the profile likelihood, as the app: Port Pirie against scipy', async () => {
    // scripts/reference/profile_intervals.py: brute-force scipy profile of the GEV 100-year level, 95 %
    const profile = reference('profile-intervals.json').portPirie as {
      gev: Record<string, { value: number; lower: number; upper: number }>;
    };
    const file = fileURLToPath(new URL('./port-pirie.csv', import.meta.url));
    const out = (await run(
      'eva',
      file,
      '--input',
      'maxima',
      '--var',
      'SeaLevel',
      '--method',
      'annual-maxima',
      '--law',
      'gev',
      '--ci',
      '0.95',
      '--return-periods',
      '100',
    )) as { interval: string; returnValues: { value: number; lower: number; upper: number }[] };
    expect(out.interval).toBe('profile');
    const e = profile.gev['100']!;
    expect(out.returnValues[0]!.lower).toBeCloseTo(e.lower, 2);
    expect(out.returnValues[0]!.upper).toBeCloseTo(e.upper, 2);
  });
  test('a law that does not fit the method is an error naming the choices', async () => {
    const r = await runCli(['eva', ERA5, '--var', 'swh', '--method', 'pot', '--law', 'gev'], io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gpd, exponential, weibull2, weibull3/);
  });
});

suite('metocean joint / rose / windows / downtime / contours', () => {
  test('joint prints numpy.histogram2d counts of Hs × Tp', async () => {
    const out = (await run('joint', ERA5, '--x', 'swh', '--y', 'pp1d', '--dx', '0.5', '--dy', '1')) as Record<
      string,
      unknown
    >;
    const ref = reference('binning.json').joint as { counts: number[][]; xEdges: number[] };
    expect(Object.keys(out)).toEqual(['xEdges', 'yEdges', 'counts', 'perMille']);
    expect(out.counts).toEqual(ref.counts);
    expect(out.xEdges).toEqual(ref.xEdges);
  });
  test('rose prints sectors × classes in % equal to the numpy rose', async () => {
    const out = (await run(
      'rose',
      ERA5,
      '--dir',
      'mwd',
      '--var',
      'swh',
      '--sectors',
      '16',
      '--edges',
      '0,1,2,3,4',
    )) as { sectors: number[]; edges: number[]; percent: number[][] };
    const ref = (reference('binning.json').rose as Record<string, number[][]>)['era5.mwd.swh.16']!;
    expect(out.sectors).toHaveLength(16);
    expect(out.edges).toEqual([0, 1, 2, 3, 4]);
    out.percent.forEach((row, k) => row.forEach((p, c) => expect(p).toBeCloseTo(ref[k]![c]!, 9)));
  });
  test('windows prints per month and duration the probability with its interval, calm periods, censored starts', async () => {
    const out = (await run(
      'windows',
      ERA5,
      '--var',
      'swh',
      '--below',
      '1.5',
      '--durations',
      '6,12,24,48',
    )) as Record<string, number>[];
    expect(out).toHaveLength(48);
    expect(Object.keys(out[0]!)).toEqual([
      'month',
      'durationHours',
      'probability',
      'meanCalmPeriods',
      'censored',
      'probabilityInterval',
      'intervalYears',
    ]);
    for (const r of out) expect(r.probability! >= 0 && r.probability! <= 100).toBe(true);
    // issue 31: 11 Januaries of ERA5 (2000-2010); the probability lies in its year-block interval
    const band = out[0] as unknown as {
      probability: number;
      probabilityInterval: [number, number];
      intervalYears: number;
    };
    expect(band.intervalYears).toBe(11);
    expect(band.probabilityInterval[0]).toBeLessThanOrEqual(band.probability);
    expect(band.probabilityInterval[1]).toBeGreaterThanOrEqual(band.probability);
    // a longer window is never more likely
    const jan = out.filter((r) => r.month === 1).map((r) => r.probability!);
    expect([...jan].sort((a, b) => b - a)).toEqual(jan);
  });
  test('downtime prints per month the Kaplan–Meier mean, horizon, P50, P90, follow-up and censored starts', async () => {
    const out = (await run(
      'downtime',
      NDBC_A,
      '--var',
      'significant wave height',
      '--below',
      '2',
      '--duration',
      '12',
    )) as {
      meanWaitHours: number;
      meanHorizonHours: number;
      p50WaitHours: number | null;
      p90WaitHours: number | null;
      followUpHours: number;
      censored: number;
    }[];
    expect(out).toHaveLength(12);
    expect(Object.keys(out[0]!)).toEqual([
      'month',
      'meanWaitHours',
      'meanHorizonHours',
      'meanRestricted',
      'p50WaitHours',
      'p90WaitHours',
      'followUpHours',
      'censored',
      'p50WaitInterval',
      'p90WaitInterval',
      'intervalYears',
    ]);
    // Kaplan–Meier (issue 31): a percentile is null (more than the follow-up) or within it
    for (const r of out) {
      expect(r.p50WaitHours === null || r.p50WaitHours <= (r.p90WaitHours ?? Infinity)).toBe(true);
      if (r.p90WaitHours !== null) expect(r.p90WaitHours).toBeLessThanOrEqual(r.followUpHours);
      expect(r.meanWaitHours).toBeLessThanOrEqual(r.meanHorizonHours);
    }
    expect(out.some((r) => r.censored > 0)).toBe(true);
    // issue 31: the intervals rest on the years of NDBC A.txt with data in the month (1996-2005 and more)
    const jan = out[0] as (typeof out)[number] & {
      intervalYears: number;
      p90WaitInterval: [number, number | null] | null;
    };
    expect(jan.intervalYears).toBeGreaterThanOrEqual(5);
    expect(jan.p90WaitInterval![0]).toBeLessThanOrEqual(jan.p90WaitHours!);
    const bad = await runCli(
      [
        'downtime',
        NDBC_A,
        '--var',
        'significant wave height',
        '--below',
        '2',
        '--duration',
        '12',
        '--ci',
        '2',
      ],
      io,
    );
    expect(bad.stderr).toContain('downtime: --ci must be in (0, 1), got 2');
  });
  test('contours prints one IFORM contour per return period; β grows with it', async () => {
    const out = (await run(
      'contours',
      NDBC_A,
      '--hs',
      'significant wave height',
      '--tp',
      'zero-up-crossing period',
      '--return-periods',
      '1,10,100',
    )) as { returnPeriod: number; beta: number; points: { hs: number; tp: number }[] }[];
    const ref = (reference('comparison.json').contour as { contours: Record<string, { beta: number }> })
      .contours;
    expect(out.map((c) => c.returnPeriod)).toEqual([1, 10, 100]);
    out.forEach((c) => expect(c.beta).toBeCloseTo(ref[String(c.returnPeriod)]!.beta, 9));
    expect(out[2]!.points).toHaveLength(72);
  });
  test('contours --band prints the band the server computes: the same core function, 200 resamples, seed 1 (issue 31 §3)', async () => {
    const out = (await run('contours', ERA5, '--hs', 'swh', '--tp', 'pp1d', '--band')) as {
      contours: { returnPeriod: number }[];
      band: { ci: number; resamples: number; seed: number; years: number; bands: unknown[] };
      bandNote: string | null;
    };
    // the server's band (POST contour_band): environmentalContourBand on the point's series
    const series = parseCsvSeries(readFileSync(ERA5, 'utf8'));
    const server = environmentalContourBand(series, { field: 'swh', partner: 'pp1d' });
    expect(out.contours.map((c) => c.returnPeriod)).toEqual([1, 10, 100]);
    expect(JSON.parse(JSON.stringify(out.band))).toEqual(JSON.parse(toJson(server.band)));
    expect(out.band).toMatchObject({ ci: 0.9, resamples: 200, seed: 1, years: 11 });
    expect(out.bandNote).toBeNull();
    // another seed and coverage change the band; the options need --band
    const other = (await run(
      'contours',
      ERA5,
      '--hs',
      'swh',
      '--tp',
      'pp1d',
      '--return-periods',
      '100',
      '--band',
      '--resamples',
      '100',
      '--seed',
      '3',
      '--ci',
      '0.8',
    )) as typeof out;
    expect(other.band).toMatchObject({ ci: 0.8, resamples: 100, seed: 3 });
    expect(other.band.bands).toHaveLength(1);
    const refused = await runCli(['contours', ERA5, '--hs', 'swh', '--tp', 'pp1d', '--seed', '3'], io);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('contours: --seed needs --band');
  }, 120_000);
  test('eva puts every warning of stderr in the JSON notes too (issue 30: notes was empty)', async () => {
    warnings.length = 0;
    // 11 annual maxima of ERA5: a short record, where the likelihood-ratio test chooses the law
    const out = await report('eva', ERA5, '--var', 'swh', '--method', 'annual-maxima', '--law', 'gev');
    const printed = warnings.map((w) => w.replace(/^(warning|note): /, ''));
    expect(printed.length).toBeGreaterThan(0);
    expect(printed.some((w) => /short record|likelihood-ratio/i.test(w))).toBe(true);
    expect(out.notes).toEqual(printed);
  });
  test('contours warns of observed sea states outside a contour the record spans (issue 21)', async () => {
    warnings.length = 0;
    // ERA5: 11 years of hourly Hs and Tp; 60 sea states, up to the record's 8.07 m, lie outside the
    // 100-year contour of the 3-parameter Weibull joint model (the model expects 1.4); the same count from
    // scipy with the same model (scripts/reference/comparison.py contour_model, |u| > β)
    await run('contours', ERA5, '--hs', 'swh', '--tp', 'pp1d', '--return-periods', '1,100');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: 60 observed sea states \(up to Hs 8\.07 m\) lie outside the 100-year contour, from 11\.0 years of record; the joint model expects 1\.4 outside it$/,
    );
  });
});

suite('NetCDF and Zarr point series', () => {
  // the ERA5 CSV written as a CF NetCDF4 file (float32, as the CDS delivers), then read by the command
  const work = mkdtempSync(join(tmpdir(), 'metocean-cli-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const csv = parseCsvSeries(readFileSync(ERA5, 'utf8'));
  const hours = Float64Array.from(csv.time, (t) => (t - csv.time[0]!) / 3_600_000);
  const column = (name: string): Float32Array => Float32Array.from(csv.fields[name]!.values);
  const timeAxis = { name: 'time', values: hours, attrs: { units: 'hours since 2000-01-01 00:00:00' } };
  const waves = (dims: string[], shift = (v: Float32Array): Float32Array => v) => [
    { name: 'swh', dims, values: shift(column('swh')), attrs: { units: 'm' } },
    { name: 'pp1d', dims, values: shift(column('pp1d')), attrs: { units: 's' } },
    { name: 'mwd', dims, values: column('mwd'), attrs: { units: 'degree_true' } },
  ];

  test('a one-node NetCDF4 file gives the CSV statistics, under catalogue or file names', async () => {
    const file = join(work, 'era5.nc');
    await writeNetcdf4(file, {
      dimensions: [timeAxis],
      variables: [
        { name: 'latitude', dims: [], values: new Float64Array([15.509]), attrs: { units: 'degrees_north' } },
        {
          name: 'longitude',
          dims: [],
          values: new Float64Array([109.939]),
          attrs: { units: 'degrees_east' },
        },
        ...waves(['time']),
      ],
    });
    const fromCsv = (await run('describe', ERA5, '--var', 'swh')) as {
      count: number;
      mean: number;
      median: number;
    };
    const fromNc = (await run('describe', file, '--var', 'hs')) as typeof fromCsv;
    expect(fromNc.count).toBe(fromCsv.count);
    // float32 in the file against the CSV's decimals: the same values to ~1e-7 relative
    expect(fromNc.mean).toBeCloseTo(fromCsv.mean, 6);
    expect(fromNc.median).toBeCloseTo(fromCsv.median, 6);
    expect(await run('describe', file, '--var', 'swh')).toEqual(fromNc);
    const windows = (await run(
      'windows',
      file,
      '--var',
      'hs',
      '--below',
      '1.5',
      '--durations',
      '12',
    )) as unknown[];
    expect(windows).toEqual(
      await run('windows', ERA5, '--var', 'swh', '--below', '1.5', '--durations', '12'),
    );
  }, 30_000);

  test('a file of several nodes reads the node nearest --lat/--lon, and asks for them without', async () => {
    const file = join(work, 'two-nodes.nc');
    const plusOne = (v: Float32Array): Float32Array => {
      const both = new Float32Array(2 * v.length);
      for (let i = 0; i < v.length; i++) {
        both[2 * i] = v[i]!;
        both[2 * i + 1] = v[i]! + 1;
      }
      return both;
    };
    await writeNetcdf4(file, {
      dimensions: [
        timeAxis,
        { name: 'lat', values: new Float64Array([15.5, 16]), attrs: { units: 'degrees_north' } },
        { name: 'lon', values: new Float64Array([110]), attrs: { units: 'degrees_east' } },
      ],
      variables: [
        { name: 'swh', dims: ['time', 'lat', 'lon'], values: plusOne(column('swh')), attrs: { units: 'm' } },
      ],
    });
    const first = (await run('describe', file, '--var', 'hs', '--lat', '15.4', '--lon', '110.1')) as {
      mean: number;
    };
    warnings.length = 0;
    const second = (await run(
      'describe',
      file,
      '--var',
      'hs',
      '--lat',
      '16.1',
      '--lon',
      '109.9',
    )) as typeof first;
    expect(second.mean - first.mean).toBeCloseTo(1, 5);
    expect(warnings).toEqual([
      expect.stringMatching(/^note: node 1 read \(16\.0000, 110\.0000\), 1[0-9]\.\d km/),
    ]);
    // the JSON says which node was read, as stderr does
    const noted = (await report('describe', file, '--var', 'hs', '--lat', '16.1', '--lon', '109.9')).notes;
    expect(noted).toEqual([expect.stringMatching(/^node 1 read \(16\.0000, 110\.0000\), 1[0-9]\.\d km/)]);
    const without = await runCli(['describe', file, '--var', 'hs'], io);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/holds 2 nodes: choose one with a position/);
  });

  test('a Zarr store written by ingest is read as its point', async () => {
    const store = join(work, 'era5.zarr');
    await ingest(ERA5, store, {
      name: 'ERA5 test',
      kind: 'regional',
      private: true,
      origin: 'ECMWF ERA5',
      notes: 'test',
      provenance: { source: 'Copernicus CDS', licence: 'CC BY 4.0' },
    });
    const fromCsv = (await run('monthly', ERA5, '--var', 'swh')) as { count: number; mean: number }[];
    const fromZarr = (await run('monthly', store, '--var', 'hs')) as typeof fromCsv;
    expect(fromZarr.map((r) => r.count)).toEqual(fromCsv.map((r) => r.count));
    fromZarr.forEach((r, k) => expect(r.mean).toBeCloseTo(fromCsv[k]!.mean, 6));
  });

  test('a folder that is no store and a variable the file lacks are clear errors', async () => {
    const notStore = await runCli(['describe', work, '--var', 'hs'], io);
    expect(notStore.stderr).toMatch(/folder is not a Zarr store/);
    const missing = await runCli(['describe', join(work, 'era5.nc'), '--var', 'wind_speed'], io);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no column "wind_speed" \(have hs, tp, dir\)/);
  });
});

suite('CSV rules', () => {
  const work = mkdtempSync(join(tmpdir(), 'metocean-csv-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const file = (name: string, text: string): string => {
    const path = join(work, name);
    writeFileSync(path, text);
    return path;
  };

  test('comments anywhere, , or ; with spaces, both time formats, CRLF, missing cells, rows in any order', async () => {
    const path = file(
      'ok.csv',
      '# a comment\r\ntime ; hs ; tp\r\n2000-01-01-02 ; 3 ; 9\r\n# another\r\n2000-01-01 00:00:00; 1 ;7;\r\n' +
        '2000-01-01-04;NaN;;\r\n2000-01-01 01:00:00;2;8\r\n',
    );
    const out = (await run('describe', path, '--var', 'hs', '--percentiles', '50')) as {
      count: number;
      mean: number;
    };
    // hours 0, 1, 2 and 4: hour 3 absent (a gap), hour 4 NaN
    expect(out).toMatchObject({ count: 3, mean: 2 });
    const monthly = (await run('monthly', path, '--var', 'tp')) as { count: number; max: number }[];
    expect(monthly[0]).toMatchObject({ count: 3, max: 9 });
  });

  test.each([
    [
      'bad-value.csv',
      'time,hs\n2000-01-01 00:00:00,1\n2000-01-01 01:00:00,abc\n',
      /line 3: column "hs" holds "abc" where a number like 1\.5 was expected/,
    ],
    [
      'short-row.csv',
      'time,hs,tp\n2000-01-01 00:00:00,1\n',
      /line 2: 2 cells where the header has 3 \(time, hs, tp\)/,
    ],
    ['long-row.csv', 'time,hs\n2000-01-01 00:00:00,1,5\n', /line 2: 3 cells where the header has 2/],
    [
      'bad-date.csv',
      '# c\ntime,hs\n2000-13-45 01:00:00,1\n',
      /line 3: column "time" holds "2000-13-45 01:00:00" where a time was expected/,
    ],
    ['hour-24.csv', 'time,hs\n2000-04-31-00,1\n', /line 2: column "time" holds "2000-04-31-00" where a time/],
    [
      'duplicate.csv',
      'time,hs\n2000-01-01-00,1\n2000-01-01-01,2\n2000-01-01 00:00:00,3\n',
      /line 4: the time 2000-01-01 00:00:00 was already given on line 2/,
    ],
    [
      'mixed-steps.csv',
      'time,hs\n2000-01-01 00:00:00,1\n2000-01-01 01:00:00,2\n2000-01-01 02:00:00,2\n2000-01-01 02:30:00,2\n',
      /line 5: the time 2000-01-01 02:30:00 comes 30 min after 2000-01-01 02:00:00 \(line 4\), but the record's step is 1 h: the steps are mixed/,
    ],
    [
      'mixed-separators.csv',
      'time;hs;tp\n2000-01-01 00:00:00;1;7\n2000-01-01 01:00:00,2,8\n',
      /line 3: 1 cell where the header has 3 \(time, hs, tp\), separated by ";"/,
    ],
  ])('%s is refused, naming the line', async (name, text, message) => {
    const path = file(name, text);
    const r = await runCli(['describe', path, '--var', 'hs'], io);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.startsWith(`${path}: `)).toBe(true);
  });

  test('--input maxima refuses a cell that is not a number, and names a missing file', async () => {
    const path = file('maxima.csv', 'level\n4.1\n3.9\nx\n');
    const args = ['--input', 'maxima', '--var', 'level', '--method', 'annual-maxima', '--law', 'gev'];
    expect((await runCli(['eva', path, ...args], io)).stderr).toMatch(/line 4: column "level" holds "x"/);
    expect((await runCli(['eva', join(work, 'none.csv'), ...args], io)).stderr).toMatch(
      /none\.csv: no such file/,
    );
  });
});

suite('errors', () => {
  test('an unknown column lists the available ones; an unknown command prints the usage', async () => {
    expect((await runCli(['describe', ERA5, '--var', 'tz'], io)).stderr).toMatch(
      /no column "tz" \(have pp1d, swh, mwd\)/,
    );
    expect((await runCli(['frobnicate', ERA5], io)).stderr).toMatch(/usage: metocean/);
  });
  test.each([
    [
      ['describe', ERA5, '--var', 'swh', '--bogus', '3'],
      /unknown option --bogus \(options: --var, --percentiles, --lat, --lon, --missing, --decimal, --resample\)/,
    ],
    [['describe', ERA5, '--var', 'swh', '--percentiles='], /--percentiles must be comma-separated numbers/],
    [
      ['eva', ERA5, '--var', 'swh', '--method', 'annual-maxima', '--law', 'gev', '--resamples', '2.5'],
      /bootstrap resamples must be a whole number of at least 2, got 2\.5/,
    ],
    [
      ['eva', ERA5, '--var', 'swh', '--method', 'annual-maxima', '--law', 'gev', '--return-periods', '0,-1'],
      /return periods must be positive years, got 0/,
    ],
    [
      ['eva', ERA5, '--var', 'swh', '--method', 'pot', '--law', 'gpd', '--separation', '-1'],
      /storm separation must be hours ≥ 0, got -1/,
    ],
    [
      ['eva', ERA5, '--var', 'swh', '--method', 'pot', '--law', 'gpd', '--threshold', '99'],
      /no value is above the threshold 99/,
    ],
    [
      ['rose', ERA5, '--dir', 'mwd', '--var', 'swh', '--edges', '2,1,0'],
      /class edges must be finite and increasing, got 2, 1, 0/,
    ],
    [
      ['rose', ERA5, '--dir', 'mwd', '--var', 'swh', '--sectors', '7', '--edges', '0,1'],
      /--sectors must be 8, 16, 36, got 7/,
    ],
  ])('%j is refused with a clear message', async (argv, message) => {
    const r = await runCli(argv, io);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
  test('the bin launcher runs through tsx: JSON on stdout, errors on stderr with exit code 1', () => {
    const bin = fileURLToPath(new URL('../../bin/metocean.mjs', import.meta.url));
    const ok = spawnSync(process.execPath, [bin, 'describe', ERA5, '--var', 'swh', '--percentiles', '50'], {
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { result: { median: number } }).result.median).toBe(1.06);
    const bad = spawnSync(process.execPath, [bin, 'describe', '/nonexistent.csv', '--var', 'swh'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/nonexistent/);
  }, 30_000);
});
