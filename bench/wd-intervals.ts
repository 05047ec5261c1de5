// Issue 31: the WD wait-percentile intervals of a 40-year point's standard WD set (`npm run bench -- wd`):
// every WD field of the synthetic point, the four default durations, the limit at the field's median,
// 1,000 resamples, as the WD statistic computes them on request (options.waitIntervals: the wd_intervals
// route). CPU time (process.cpuUsage: the machine is shared), median of 3 runs on fresh arrays after one;
// beside it, what the standard set pays: the WD statistic without intervals (the default since session 30).
import { quantile, statisticOf, statisticsFor, waitPercentileIntervals } from '@metocean/core';
import { record } from './figures';
import { median } from './median';
import { copySeries, synthetic } from './standard-set';

const DURATIONS = [6, 12, 24, 48];

function cpuOf(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

export function wdIntervalsBench(): void {
  const synth = synthetic();
  const targets = statisticsFor(synth).filter((x) => x.id === 'WD');
  console.log(`\nWD wait-percentile intervals, 40-year point (${targets.length} WD fields × 4 durations)`);
  const intervals: number[] = [];
  const rows: number[] = [];
  for (let run = 0; run < 4; run++) {
    const s = copySeries(synth);
    const fields = targets.map(({ target }) => {
      const values = s.fields[target.field!]!.values;
      return { values, below: quantile(values, 0.5) };
    });
    // the standard set's WD first (the statistic as the point computes it: no intervals asked); it derives
    // the calm runs and the calendar the intervals share
    const wd = cpuOf(() => {
      for (const { target } of targets) statisticOf('WD').compute(s, target, { durationsHours: DURATIONS });
    });
    const ci = cpuOf(() => {
      for (const { values, below } of fields)
        for (const durationHours of DURATIONS)
          waitPercentileIntervals(s.time, values, { below, durationHours, stepMs: s.stepMs });
    });
    if (run > 0) {
      rows.push(wd);
      intervals.push(ci);
    }
  }
  console.log(
    `${'  the intervals (1,000 resamples), CPU time'.padEnd(64)} ${median(intervals).toFixed(1).padStart(9)} ms`,
  );
  console.log(
    `${"  the standard set's WD (rows only, no intervals), CPU time".padEnd(64)} ${median(rows).toFixed(1).padStart(9)} ms`,
  );
  record({
    id: 'wd.intervals',
    label: '40-year point: WD wait-percentile intervals of the standard WD set, CPU',
    value: median(intervals),
    unit: 'ms',
  });
  record({
    id: 'wd.standard',
    label: "40-year point: the standard set's WD statistics (no intervals), CPU",
    value: median(rows),
    unit: 'ms',
  });
}
