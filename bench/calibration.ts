// Calibration of a 40-year hourly point (issue 33): the correction fitted on 350,640 pairs with its
// leave-one-year-out check (40 refits), applied to the series, and the statistics recomputed on the corrected
// series by the same engine. Target (issue 33): calibration and recompute under 3 s.
import {
  applyCorrection,
  calibrate,
  pairByTime,
  seededRandom,
  type CorrectionMethod,
  type Series,
} from '@metocean/core';
import { median } from './median';
import { copySeries, standardSet, synthetic } from './standard-set';

const RUNS = 3;

function timed(f: () => void): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

export function calibrationBench(): void {
  const full = synthetic();
  // the point as a wave point holds it: Hs, Tp and direction at the surface
  const point: Series = {
    time: full.time,
    stepMs: full.stepMs,
    fields: { hs: full.fields['hs@0']!, tp: full.fields['tp@0']!, dir: full.fields['dir@0']! },
  };
  // the "measurement": the synthetic Hs; the model: a biased, noisy copy of it (1 cm resolution)
  const obs = point.fields.hs!.values;
  const random = seededRandom(33);
  const model = Float64Array.from(
    obs,
    (o) => Math.round((0.9 * o ** 1.05 + 0.1 * (random() - 0.5)) * 100) / 100,
  );
  const pairs = pairByTime({ time: point.time, values: model }, { time: point.time, values: obs }, 0);
  console.log(
    `\ncalibration of a 40-year hourly point (${pairs.time.length} pairs, 40 leave-one-year-out refits)`,
  );
  const cases: [string, CorrectionMethod, boolean][] = [
    ['linear', 'linear', false],
    ['power', 'power', false],
    ['quantile mapping', 'quantile', false],
    ['quantile mapping per month', 'quantile', true],
  ];
  const recompute: number[] = [];
  for (let r = 0; r < RUNS + 1; r++) {
    const s = copySeries(point);
    recompute.push(timed(() => standardSet(s)));
  }
  const recomputeMs = median(recompute.slice(1));
  for (const [label, method, perMonth] of cases) {
    const fit: number[] = [];
    const apply: number[] = [];
    for (let r = 0; r < RUNS + 1; r++) {
      let c: ReturnType<typeof calibrate> | undefined;
      fit.push(timed(() => (c = calibrate(pairs, { method, perMonth, lowerBound: 0 }))));
      apply.push(timed(() => applyCorrection(c!.correction, point.time, model)));
    }
    const f = median(fit.slice(1));
    const a = median(apply.slice(1));
    console.log(
      `${`  ${label}: fit + out of sample / apply / recompute (Hs, Tp, dir set)`.padEnd(72)} ` +
        `${f.toFixed(0).padStart(6)} / ${a.toFixed(0).padStart(4)} / ${recomputeMs.toFixed(0)} ms  ` +
        `total ${(f + a + recomputeMs).toFixed(0)} ms`,
    );
  }
}
