// Issue 31 §3: the year-block bootstrap band of the environmental contours, against a brute force of its
// literal definition: each resample's sea states written out year by year (each year as many times as it is
// drawn), the joint model refitted from scratch on them, its contour computed, each ray from the median sea
// state crossed with it edge by edge, and the percentile interval of the crossing distances taken by sorting.
import { describe as suite, expect, test } from 'vitest';
import {
  environmentalContours,
  fitHsTpModel,
  iformContour,
  LAWS,
  muOf,
  rayCrossing,
  yearBlockWeights,
} from '../src';
import { era5, values } from './data';

/** ERA5 Hs/Tp of the years [from, to) every `step` hours, with their times. */
function era5Years(from: number, to: number, step: number) {
  const s = era5();
  const hs = values(s, 'swh');
  const tp = values(s, 'pp1d');
  const keep: number[] = [];
  for (let i = 0; i < s.time.length; i += step) {
    const y = new Date(s.time[i]!).getUTCFullYear();
    if (y >= from && y < to) keep.push(i);
  }
  return {
    hs: Float64Array.from(keep, (i) => hs[i]!),
    tp: Float64Array.from(keep, (i) => tp[i]!),
    time: Float64Array.from(keep, (i) => s.time[i]!),
  };
}

/** Type 7 quantile of ascending values (Hyndman & Fan 1996, definition 7). */
function type7(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? 0) - sorted[lo]!);
}

/** Largest t where the ray c + t·d meets the segment a–b, by solving the 2 × 2 system (NaN when none). */
function crossingBrute(c: number[], d: number[], polygon: number[][]): number {
  let best = NaN;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    // [d, a − b] · [t, s]ᵀ = a − c, Cramer's rule
    const m = [
      [d[0]!, a[0]! - b[0]!],
      [d[1]!, a[1]! - b[1]!],
    ];
    const r = [a[0]! - c[0]!, a[1]! - c[1]!];
    const det = m[0]![0]! * m[1]![1]! - m[0]![1]! * m[1]![0]!;
    if (det === 0) continue;
    const t = (r[0]! * m[1]![1]! - m[0]![1]! * r[1]!) / det;
    const s = (m[0]![0]! * r[1]! - r[0]! * m[1]![0]!) / det;
    if (s >= 0 && s <= 1 && t > 0 && !(t <= best)) best = t;
  }
  return best;
}

suite('contour band: year-block bootstrap of the joint model', () => {
  test('equals the brute force of its definition on 6 years of ERA5 (3-hourly), 100 resamples', () => {
    const { hs, tp, time } = era5Years(2000, 2006, 3);
    const ci = 0.9;
    const resamples = 100;
    const seed = 7;
    const periods = [1, 10];
    const r = environmentalContours(hs, tp, {
      seaStateHours: 3,
      returnPeriods: periods,
      time,
      intervals: { ci, resamples, seed },
    });
    expect(r.bandNote).toBeNull();
    const band = r.band!;
    expect(band).toMatchObject({ ci, resamples, seed, years: 6 });

    // the years in order, and their sea states
    const yearOf = Array.from(time, (t) => new Date(t).getUTCFullYear() - 2000);
    const model = fitHsTpModel(hs, tp);
    const centreHs = LAWS.weibull3.ppf(0.5, model.hs);
    const centre = [Math.exp(muOf(model.a, centreHs)), centreHs];
    expect(band.centre.hs).toBeCloseTo(centre[1]!, 12);
    expect(band.centre.tp).toBeCloseTo(centre[0]!, 12);
    const weights = yearBlockWeights(6, resamples, seed);
    const ratios = periods.map(() => Array.from({ length: 72 }, () => [] as number[]));
    // a resample whose refit is refused (fewer than 3 classes, a folding contour) or whose contour a ray
    // does not cross is left out
    let failed = 0;
    for (let k = 0; k < resamples; k++) {
      const h: number[] = [];
      const t: number[] = [];
      for (let y = 0; y < 6; y++)
        for (let times = 0; times < weights[k * 6 + y]!; times++)
          for (let i = 0; i < hs.length; i++)
            if (yearOf[i] === y) {
              h.push(hs[i]!);
              t.push(tp[i]!);
            }
      let found: number[][][];
      try {
        const refit = fitHsTpModel(Float64Array.from(h), Float64Array.from(t));
        found = periods.map((T, j) => {
          const polygon = iformContour(refit, T, { seaStateHours: 3, points: 360 }).points.map((p) => [
            p.tp,
            p.hs,
          ]);
          return r.contours[j]!.points.map((p) => [
            crossingBrute(centre, [p.tp - centre[0]!, p.hs - centre[1]!], polygon),
          ]);
        });
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        failed++;
        continue;
      }
      if (found.flat(2).some((x) => !(x > 0))) {
        failed++;
        continue;
      }
      found.forEach((rays, j) => rays.forEach(([x], i) => ratios[j]![i]!.push(x!)));
    }
    expect(band.used).toBe(resamples - failed);
    expect(failed).toBeLessThanOrEqual(5);
    periods.forEach((T, j) => {
      const b = band.bands[j]!;
      expect(b.returnPeriod).toBe(T);
      r.contours[j]!.points.forEach((p, i) => {
        const sorted = ratios[j]![i]!.slice().sort((x, y) => x - y);
        expect(sorted.every(Number.isFinite)).toBe(true);
        const lo = type7(sorted, (1 - ci) / 2);
        const hi = type7(sorted, (1 + ci) / 2);
        for (const [point, s] of [
          [b.lower[i]!, lo],
          [b.upper[i]!, hi],
        ] as const) {
          expect(point.hs).toBeCloseTo(centre[1]! + s * (p.hs - centre[1]!), 6);
          expect(point.tp).toBeCloseTo(centre[0]! + s * (p.tp - centre[0]!), 6);
        }
      });
    });
  });

  test('the fitted contour itself is crossed at t = 1 along every ray: the band is measured from it', () => {
    const { hs, tp, time } = era5Years(2000, 2011, 1);
    const r = environmentalContours(hs, tp, { time, returnPeriods: [100] });
    const { centre } = r.band!;
    const fine = iformContour(r.model, 100, { points: 360 }).points;
    const xs = fine.map((p) => p.tp);
    const ys = fine.map((p) => p.hs);
    r.contours[0]!.points.forEach((p, i) => {
      expect(rayCrossing(centre.tp, centre.hs, p.tp - centre.tp, p.hs - centre.hs, xs, ys)).toBeCloseTo(1, 9);
      // 11 years: the 90 % band brackets the fitted contour on every ray
      const dist = (q: { hs: number; tp: number }) => Math.hypot(q.hs - centre.hs, q.tp - centre.tp);
      expect(dist(r.band!.bands[0]!.lower[i]!)).toBeLessThan(dist(p));
      expect(dist(r.band!.bands[0]!.upper[i]!)).toBeGreaterThan(dist(p));
    });
    expect(r.band!.resamples).toBe(200);
  });

  test('under 5 calendar years: no band, and a note that says why', () => {
    const { hs, tp, time } = era5Years(2000, 2004, 1);
    const r = environmentalContours(hs, tp, { time });
    expect(r.band).toBeNull();
    expect(r.bandNote).toBe(
      'no band: the sea states span 4 calendar years, fewer than 5, too few to resample whole years',
    );
    expect(environmentalContours(hs, tp).bandNote).toBe(
      'no band: the times of the sea states were not given',
    );
  });
});
