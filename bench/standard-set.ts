// The engine's standard statistic set of one point on a deterministic 40-year hourly synthetic series,
// shared by the core benchmark (run.ts) and the machine's scaling check (scaling.ts). Run as a script, it
// times the set at steady state and prints the median in ms (what scaling.ts runs in child processes).
import { isMainThread } from 'node:worker_threads';
import {
  markUnchanging,
  overview,
  seededRandom,
  statisticOf,
  statisticsFor,
  withUnchangedInputs,
  type Field,
  type Series,
} from '@metocean/core';
import { median } from './median';

/** 40 years of hourly sea states from a seeded AR(1) process: Weibull-like Hs, Tp, directions, wind,
 * current at 3 levels; values rounded to 2 decimals as hindcast files store them. */
export function synthetic(): Series {
  const n = 350_640;
  const start = Date.UTC(1980, 0, 1);
  const t = Float64Array.from({ length: n }, (_, i) => start + i * 3_600_000);
  const random = seededRandom(40);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const fields: Record<string, Field> = {};
  const variables = ['hs', 'tp', 'dir', 'ws', 'wd', 'cs', 'cd', 'wl'];
  for (const [v, name] of variables.entries()) {
    for (const [k, level] of [0, 10, 50].entries()) {
      const values = new Float32Array(n);
      let z = 0;
      for (let i = 0; i < n; i++) {
        z = 0.97 * z + Math.sqrt(1 - 0.97 * 0.97) * gauss();
        const season = 1 + 0.3 * Math.cos((2 * Math.PI * i) / 8766);
        const u = 0.5 * (1 + Math.tanh(z));
        const x =
          name.endsWith('d') || name === 'dir'
            ? (360 * u + 40 * v) % 360
            : season * (1 + v) * (1 - 0.2 * k) * Math.pow(-Math.log(1 - 0.999 * u), 1 / 1.6);
        values[i] = Math.round(x * 100) / 100;
      }
      fields[`${name}@${level}`] = { values, units: '', variable: name, level, levelType: 'depth' };
    }
  }
  return { time: t, stepMs: 3_600_000, fields };
}

/** Copy of a series with fresh arrays (nothing memoized for them yet). */
export function copySeries(series: Series): Series {
  const fields = Object.entries(series.fields).map(([k, f]) => [k, { ...f, values: f.values.slice() }]);
  return {
    time: series.time.slice(),
    stepMs: series.stepMs,
    fields: Object.fromEntries(fields) as Series['fields'],
  };
}

/**
 * The standard statistic set of one point: every statistic of the registry the series supports and the
 * overview, as a worker computes them for a point (each field's runs together, so the data derived from a
 * field is shared; the overview last). Like a worker thread's node record, the series' arrays are marked
 * unchanging: nothing writes to them, and the engine does not fingerprint them (~36 MB a 40-year point)
 * before it trusts what it derived from them. Adds the CPU time per statistic id (ms) to `perId` when asked to.
 */
export function standardSet(series: Series, perId?: Record<string, number>): void {
  // CPU time (process.cpuUsage, user + system): the machine is shared, the clock counts other sessions' work
  const timed = (id: string, run: () => unknown): void => {
    const c0 = perId ? process.cpuUsage() : undefined;
    run();
    if (perId && c0) {
      const c = process.cpuUsage(c0);
      perId[id] = (perId[id] ?? 0) + (c.user + c.system) / 1000;
    }
  };
  markUnchanging([series.time, ...Object.values(series.fields).map((field) => field.values)]);
  withUnchangedInputs(() => {
    for (const { id, target } of statisticsFor(series)) {
      if (id === 'EFT') continue; // the full record, streamed at export time (not computed)
      timed(id, () => statisticOf(id).compute(series, target));
    }
    timed('overview', () => overview(series));
  });
}

export interface TimedSet {
  ms: number;
  cpuMs: number;
}

/**
 * Wall and CPU ms of one standard set on fresh copies of the series (CPU: process.cpuUsage, user + system,
 * the collector's threads included: the machine is shared, and the CPU time moves less with its load).
 */
export function timedSet(series: Series): TimedSet {
  const input = copySeries(series);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  standardSet(input);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}

/** Median ms of `runs` standard sets at steady state (after 2), each on fresh copies of the series. */
export function steadySetMs(runs: number): number {
  const series = synthetic();
  for (let i = 0; i < 2; i++) standardSet(copySeries(series));
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = copySeries(series);
    const t0 = performance.now();
    standardSet(input);
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

// as a script (scaling.ts), not when a worker thread imports it (set-thread-worker.ts: a worker's argv[1] is its file)
if (isMainThread && import.meta.url === `file://${process.argv[1]}`)
  console.log(steadySetMs(Number(process.argv[2] ?? 5)));
