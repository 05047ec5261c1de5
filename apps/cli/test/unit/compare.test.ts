import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { parseCsvSeries } from '@metocean/hindcast';
import { runCompareCli } from '../../src/compare';

// `metocean compare` and `metocean calibrate` end to end on NDBC 44007 (ec-benchmark A + Ar) and a model made
// from it, m(t) = 0.85·o(t − 3 h)^1.1 + 0.05: the expected numbers are the numpy/scipy ones of
// scripts/reference/calibration.py (packages/core/test/reference/calibration.json).
const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const REF = fileURLToPath(
  new URL('../../../../packages/core/test/reference/calibration.json', import.meta.url),
);
const ERA5 = DATA + 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv';
vi.setConfig({ testTimeout: 60_000 });

interface Summary {
  n: number;
  bias: number;
  rmse: number;
  si: number;
  p99Error: number;
}
const ref = JSON.parse(readFileSync(REF, 'utf8')) as {
  metrics: Record<string, number>;
  cases: {
    linear: { parameters: { a: number; b: number }; outOfSample: { before: Summary; after: Summary } };
  };
};

const dir = mkdtempSync(join(tmpdir(), 'metocean-compare-'));
const MODEL = join(dir, 'model.csv');
const OBS = join(dir, 'obs.txt');
const written = new Map<string, string>();
const warnings: string[] = [];
const io = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  writeText: (path: string, text: string) => void written.set(path, text),
  warn: (message: string) => void warnings.push(message),
};

beforeAll(() => {
  // one measured file: A.txt then the rows of Ar.txt
  const a = readFileSync(DATA + 'ndbc-ecbenchmark/A.txt', 'utf8');
  const ar = readFileSync(DATA + 'ndbc-ecbenchmark/Ar.txt', 'utf8');
  writeFileSync(OBS, a + ar.slice(ar.indexOf('\n') + 1));
  const obs = parseCsvSeries([a, ar]);
  const o = obs.fields['significant wave height']!.values;
  const lines = ['time,hs [m]'];
  for (let i = 3; i < o.length; i++) {
    if (Number.isNaN(o[i - 3]!)) continue;
    const time = new Date(obs.time[i]!).toISOString().slice(0, 19).replace('T', ' ');
    // String(v): the shortest text that reads back as the same double
    lines.push(`${time},${String(0.85 * o[i - 3]! ** 1.1 + 0.05)}`);
  }
  writeFileSync(MODEL, lines.join('\n') + '\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const close = (a: number, b: number, rtol: number, atol = 1e-12) =>
  Math.abs(a - b) <= atol + rtol * Math.abs(b);

async function json(command: 'compare' | 'calibrate', ...argv: string[]): Promise<Record<string, unknown>> {
  const r = await runCompareCli(command, argv, io);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('metocean compare', () => {
  test('prints the metric set of the pairs, as numpy and scipy.stats.linregress', async () => {
    const out = await json('compare', MODEL, OBS, '--var', 'hs', '--obs-var', 'significant wave height');
    const metrics = out.metrics as Record<string, number>;
    const names: Record<string, string> = { std_ratio: 'stdRatio' };
    expect(Object.keys(metrics)).toEqual([
      'n',
      'bias',
      'pbias',
      'rmse',
      'urmse',
      'si',
      'nrmse',
      'corr',
      'std_ratio',
      'slope',
      'intercept',
      'r2',
    ]);
    for (const [key, value] of Object.entries(metrics))
      expect(close(value, ref.metrics[names[key] ?? key]!, 1e-9), key).toBe(true);
    expect(out.units).toBe('m');
  });

  test('a direction gets the circular metrics', async () => {
    const out = await json('compare', ERA5, ERA5, '--var', 'mwd');
    expect(Object.keys(out.metrics as object)).toEqual(['n', 'dir_bias', 'dir_rmse', 'dir_corr']);
    expect((out.metrics as Record<string, number>).dir_rmse).toBe(0);
  });

  test('a negative window is refused with the option named', async () => {
    const r = await runCompareCli('compare', [MODEL, OBS, '--var', 'hs', '--window', '-1'], io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--window must be a number of hours ≥ 0/);
  });
});

describe('metocean calibrate', () => {
  test('prints the linear law and its skill in and out of sample, and writes the corrected series', async () => {
    const out = join(dir, 'corrected.csv');
    const result = await json(
      'calibrate',
      MODEL,
      OBS,
      '--var',
      'hs',
      '--obs-var',
      'significant wave height',
      '--method',
      'linear',
      '--out',
      out,
    );
    const [law] = result.parameters as { a: number; b: number }[];
    expect(close(law!.a, ref.cases.linear.parameters.a, 1e-9)).toBe(true);
    expect(close(law!.b, ref.cases.linear.parameters.b, 1e-9)).toBe(true);
    const oos = result.outOfSample as { scheme: string; after: Summary; before: Summary };
    expect(oos.scheme).toBe('leave-one-year-out');
    for (const key of ['bias', 'rmse', 'si', 'p99Error'] as const)
      expect(close(oos.after[key], ref.cases.linear.outOfSample.after[key], 1e-9, 1e-9), key).toBe(true);
    // the written file: the stamp, then every model value corrected, at 3 decimals
    const text = written.get(out)!;
    expect(text.split('\n')[0]).toMatch(/^# corrected by linear .* fitted on 173659 pairs with .*obs\.txt/);
    const corrected = parseCsvSeries(text).fields.hs!.values;
    const model = parseCsvSeries(readFileSync(MODEL, 'utf8')).fields.hs!.values;
    expect(corrected.length).toBe(model.length);
    for (let i = 0; i < model.length; i += 997)
      if (!Number.isNaN(model[i]!))
        expect(Math.abs(corrected[i]! - Math.max(0, law!.a + law!.b * model[i]!))).toBeLessThanOrEqual(
          5e-4 + 1e-12,
        );
  });

  test('refuses a direction and too few pairs with the reason, exit code 1', async () => {
    const d = await runCompareCli('calibrate', [ERA5, ERA5, '--var', 'mwd', '--method', 'linear'], io);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/refused: directions are not corrected/);
    const short = join(dir, 'short.csv');
    writeFileSync(short, readFileSync(MODEL, 'utf8').split('\n').slice(0, 200).join('\n'));
    const s = await runCompareCli(
      'calibrate',
      [short, OBS, '--var', 'hs', '--obs-var', 'significant wave height', '--method', 'power'],
      io,
    );
    expect(s.code).toBe(1);
    expect(s.stderr).toMatch(/refused: 1\d\d pairs: a correction needs at least 300/);
  });

  test('refuses an unknown method', async () => {
    const r = await runCompareCli('calibrate', [MODEL, OBS, '--var', 'hs', '--method', 'cubic'], io);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--method must be linear, power, quantile/);
  });
});
