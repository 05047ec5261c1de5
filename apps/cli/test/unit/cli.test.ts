import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe as suite, expect, test } from 'vitest';
import { runCli } from '../../src/cli';

// The command on the real files of ../shared/data. Expected numbers come from the committed scipy/numpy
// references of packages/core (scripts/reference/*.py), so the command is checked end to end against them.
const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const ERA5 = DATA + 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv';
const NDBC_A = DATA + 'ndbc-ecbenchmark/A.txt';
const REF = fileURLToPath(new URL('../../../../packages/core/test/reference/', import.meta.url));
const reference = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(REF + name, 'utf8')) as Record<string, unknown>;

const warnings: string[] = [];
const io = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  isDirectory: (path: string) => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  },
  warn: (message: string) => warnings.push(message),
};

function run(...argv: string[]): unknown {
  const result = runCli(argv, io);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

suite('metocean describe / monthly', () => {
  test('describe prints the numpy statistics of ERA5 Hs', () => {
    const out = run('describe', ERA5, '--var', 'swh') as Record<string, unknown>;
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
  test('monthly prints { month, count, mean, min, max } for months 1-12 of the gappy NDBC file', () => {
    const out = run('monthly', NDBC_A, '--var', 'significant wave height') as Record<string, number>[];
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
  test('annual maxima GEV of ERA5 Hs: the scipy optimum, JSON shape of the issue', () => {
    const out = run(
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
    ) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([
      'law',
      'method',
      'parameters',
      'nll',
      'threshold',
      'nPeaks',
      'poissonLambda',
      'returnValues',
    ]);
    expect(out.nll as number).toBeLessThanOrEqual(ext['am.era5.swh']!.fits.gev!.nll + 1e-6);
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
  test('POT GPD with the 0.99 quantile threshold and 48 h separation matches the scipy reference', () => {
    const out = run(
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
    ) as Record<string, number>;
    expect(out.threshold).toBeCloseTo(ext['pot.era5.swh']!.threshold!, 10);
    expect(out.poissonLambda).toBeCloseTo(ext['pot.era5.swh']!.poissonLambda!, 10);
    expect(out.nPeaks).toBe(35);
    expect(out.nll).toBeLessThanOrEqual(ext['pot.era5.swh']!.fits.gpd!.nll + 1e-6);
  });
  test('--input maxima reads one annual maximum per row (Coles 2001 Port Pirie): (3.87, 0.198, -0.050)', () => {
    const pp = reference('extremes.json').portPirie as { values: number[] };
    const file = fileURLToPath(new URL('./port-pirie.csv', import.meta.url));
    expect(readFileSync(file, 'utf8').trim().split('\n').slice(2).map(Number)).toEqual(pp.values);
    const out = run(
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
    ) as {
      parameters: Record<string, number>;
      returnValues: { value: number; lower: number; upper: number }[];
    };
    expect(out.parameters.location).toBeCloseTo(3.87, 2);
    expect(out.parameters.scale).toBeCloseTo(0.198, 3);
    expect(out.parameters.shape).toBeCloseTo(-0.05, 3);
    expect(out.returnValues[1]!.value).toBeCloseTo(4.69, 2);
    expect(out.returnValues[1]!.lower).toBeCloseTo(4.38, 2);
  });
  test('a law that does not fit the method is an error naming the choices', () => {
    const r = runCli(['eva', ERA5, '--var', 'swh', '--method', 'pot', '--law', 'gev'], io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gpd, exponential, weibull2, weibull3/);
  });
});

suite('metocean joint / rose / windows / downtime / contours', () => {
  test('joint prints numpy.histogram2d counts of Hs × Tp', () => {
    const out = run('joint', ERA5, '--x', 'swh', '--y', 'pp1d', '--dx', '0.5', '--dy', '1') as Record<
      string,
      unknown
    >;
    const ref = reference('binning.json').joint as { counts: number[][]; xEdges: number[] };
    expect(Object.keys(out)).toEqual(['xEdges', 'yEdges', 'counts', 'perMille']);
    expect(out.counts).toEqual(ref.counts);
    expect(out.xEdges).toEqual(ref.xEdges);
  });
  test('rose prints sectors × classes in % equal to the numpy rose', () => {
    const out = run(
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
    ) as { sectors: number[]; edges: number[]; percent: number[][] };
    const ref = (reference('binning.json').rose as Record<string, number[][]>)['era5.mwd.swh.16']!;
    expect(out.sectors).toHaveLength(16);
    expect(out.edges).toEqual([0, 1, 2, 3, 4]);
    out.percent.forEach((row, k) => row.forEach((p, c) => expect(p).toBeCloseTo(ref[k]![c]!, 9)));
  });
  test('windows prints per month and duration { month, durationHours, probability, meanCalmPeriods }', () => {
    const out = run('windows', ERA5, '--var', 'swh', '--below', '1.5', '--durations', '6,12,24,48') as Record<
      string,
      number
    >[];
    expect(out).toHaveLength(48);
    expect(Object.keys(out[0]!)).toEqual(['month', 'durationHours', 'probability', 'meanCalmPeriods']);
    for (const r of out) expect(r.probability! >= 0 && r.probability! <= 100).toBe(true);
    // a longer window is never more likely
    const jan = out.filter((r) => r.month === 1).map((r) => r.probability!);
    expect([...jan].sort((a, b) => b - a)).toEqual(jan);
  });
  test('downtime prints per month { month, meanWaitHours, p50WaitHours, p90WaitHours, censored }', () => {
    const out = run(
      'downtime',
      NDBC_A,
      '--var',
      'significant wave height',
      '--below',
      '2',
      '--duration',
      '12',
    ) as Record<string, number>[];
    expect(out).toHaveLength(12);
    expect(Object.keys(out[0]!)).toEqual([
      'month',
      'meanWaitHours',
      'p50WaitHours',
      'p90WaitHours',
      'censored',
    ]);
    for (const r of out) expect(r.p50WaitHours! <= r.p90WaitHours!).toBe(true);
  });
  test('contours prints one IFORM contour per return period; β grows with it', () => {
    const out = run(
      'contours',
      NDBC_A,
      '--hs',
      'significant wave height',
      '--tp',
      'zero-up-crossing period',
      '--return-periods',
      '1,10,100',
    ) as { returnPeriod: number; beta: number; points: { hs: number; tp: number }[] }[];
    const ref = (reference('comparison.json').contour as { contours: Record<string, { beta: number }> })
      .contours;
    expect(out.map((c) => c.returnPeriod)).toEqual([1, 10, 100]);
    out.forEach((c) => expect(c.beta).toBeCloseTo(ref[String(c.returnPeriod)]!.beta, 9));
    expect(out[2]!.points).toHaveLength(72);
  });
});

suite('errors', () => {
  test('NetCDF and Zarr are rejected with a clear message', () => {
    const r = runCli(['describe', 'point.nc', '--var', 'hs'], io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/NetCDF and Zarr input is not supported/);
  });
  test('an unknown column lists the available ones; an unknown command prints the usage', () => {
    expect(runCli(['describe', ERA5, '--var', 'hs'], io).stderr).toMatch(
      /no column "hs" \(have pp1d, swh, mwd\)/,
    );
    expect(runCli(['frobnicate', ERA5], io).stderr).toMatch(/usage: metocean/);
  });
  test('the bin launcher runs through tsx: JSON on stdout, errors on stderr with exit code 1', () => {
    const bin = fileURLToPath(new URL('../../bin/metocean.mjs', import.meta.url));
    const ok = spawnSync(process.execPath, [bin, 'describe', ERA5, '--var', 'swh', '--percentiles', '50'], {
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { median: number }).median).toBe(1.06);
    const bad = spawnSync(process.execPath, [bin, 'describe', '/nonexistent.csv', '--var', 'swh'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/nonexistent/);
  }, 30_000);
});
