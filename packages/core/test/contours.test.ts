// Issue 21: environmental contours an engineer can sign. The dependence functions are fitted with virocon's
// bounds (a0, a1, b0, b1 ≥ 0), a contour never folds (checked by brute force: no two edges of the polygon
// cross), σ(h) ≤ 0 below the contour's highest Hs is refused, and the observed sea states outside a contour
// are counted (checked against a brute-force point-in-polygon count).
import { readFileSync } from 'node:fs';
import { describe as suite, expect, test } from 'vitest';
import { parseCsvSeries } from '@metocean/hindcast';
import { contourExceedances, environmentalContours, fitHsTpModel, iformContour, sigmaOf } from '../src';
import type { HsTpModel } from '../src';
import { sharedRanks } from '../src/shared';
import { DATA_DIR, reference, values } from './data';

interface Ref {
  contour1996: {
    a: number[];
    b: number[];
    sseSigma: number;
    contours: Record<string, { hs: number[]; tp: number[] }>;
  };
}
const ref = reference<Ref>('comparison.json');

/** One calendar year of NDBC 44007 (ec-benchmark dataset A), Hs and Tz. */
function year1996(): { hs: Float64Array; tz: Float64Array } {
  const a = parseCsvSeries(readFileSync(DATA_DIR + 'ndbc-ecbenchmark/A.txt', 'utf8'));
  const end = Date.UTC(1997, 0, 1);
  const n = a.time.findIndex((t) => t >= end);
  return {
    hs: Float64Array.from(values(a, 'significant wave height').subarray(0, n)),
    tz: Float64Array.from(values(a, 'zero-up-crossing period').subarray(0, n)),
  };
}

/** Whether segments p1p2 and p3p4 cross at a point inside both (shared end points do not count). */
function cross(p1: number[], p2: number[], p3: number[], p4: number[]): boolean {
  const d = (a: number[], b: number[], c: number[]) =>
    (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!);
  const d1 = d(p3, p4, p1);
  const d2 = d(p3, p4, p2);
  const d3 = d(p1, p2, p3);
  const d4 = d(p1, p2, p4);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Brute force: the closed polygon's edges, every pair of non-adjacent edges tested for a crossing. */
function selfIntersections(points: { hs: number; tp: number }[]): number {
  const p = points.map((x) => [x.tp, x.hs]);
  const n = p.length;
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (cross(p[i]!, p[(i + 1) % n]!, p[j]!, p[(j + 1) % n]!)) count++;
    }
  }
  return count;
}

/** Ray casting: whether (tp, hs) is inside the closed polygon. */
function inside(points: { hs: number; tp: number }[], tp: number, hs: number): boolean {
  let c = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.hs > hs !== b.hs > hs && tp < ((b.tp - a.tp) * (hs - a.hs)) / (b.hs - a.hs) + a.tp) c = !c;
  }
  return c;
}

suite('one year of NDBC 44007 (1996): the short record where σ(h) reached zero', () => {
  const { hs, tz } = year1996();
  const model = fitHsTpModel(hs, tz);
  test('the bounded fit of σ(h) keeps it positive up to the 100-year contour, as scipy with the same bounds', () => {
    // scripts/reference/comparison.py: curve_fit 'trf' with bounds b0, b1 ≥ 0 (virocon's exp3)
    const e = ref.contour1996;
    const sse = model.bins.reduce((s, bin) => s + (sigmaOf(model.b, bin.hs) - bin.sigma) ** 2, 0);
    expect(sse).toBeLessThanOrEqual(e.sseSigma * (1 + 1e-6));
    expect(model.b[0]).toBeGreaterThanOrEqual(0);
    expect(model.b[1]).toBeGreaterThanOrEqual(0);
    const c100 = iformContour(model, 100);
    for (let h = 0; h <= c100.maxHs; h += 0.01) expect(sigmaOf(model.b, h)).toBeGreaterThan(0);
  });
  test('no contour folds: no two edges of the 1-, 10- and 100-year polygons cross (brute force)', () => {
    for (const T of [1, 10, 100]) {
      const contour = iformContour(model, T, { points: 360 });
      expect(selfIntersections(contour.points), `${T}-year`).toBe(0);
      // and it is scipy's contour of the same bounded model (72 points, 0.5 %)
      const e = ref.contour1996.contours[String(T)]!;
      iformContour(model, T).points.forEach((p, i) => {
        expect(Math.abs(p.hs / e.hs[i]! - 1)).toBeLessThan(5e-3);
        expect(Math.abs(p.tp / e.tp[i]! - 1)).toBeLessThan(5e-3);
      });
    }
  });
});

suite('a model whose σ(h) is not positive below the contour is refused', () => {
  test('σ(h) = 0.5 − 0.1·e^(0.5·h) reaches zero at Hs 3.2 m: the 10-year contour is refused in words', () => {
    const model: HsTpModel = {
      hs: { location: 0, scale: 1.5, shape: 1.4 },
      a: [1, 0.5, 0.5],
      b: [0.5, -0.1, 0.5],
      bins: [],
    };
    expect(() => iformContour(model, 10)).toThrow(
      /the spread of ln T given Hs, σ\(h\) = -?[0-9.e-]+ at Hs [0-9.]+ m, is not positive below the 10-year contour's highest Hs .*would fold/,
    );
  });
});

suite('hindcast columns read by rank (issue 34)', () => {
  // reference: the same pairs as plain arrays, read value by value (the path every test above checks against
  // scipy and brute force); on float32 columns the terms of each distinct value are computed once and read by
  // rank, the sums taken in the same order: the same numbers, bit for bit
  const { hs, tz } = year1996();
  const cases: [string, Float32Array, Float32Array][] = [
    ['every Hs with its period', Float32Array.from(hs), Float32Array.from(tz)],
    [
      // steps whose period is missing or zero, and missing wave heights: the pairs' Hs differ from the field's
      'gaps in both columns',
      Float32Array.from(hs, (h, i) => (i % 101 === 0 ? NaN : h)),
      Float32Array.from(tz, (t, i) => (i % 37 === 0 ? NaN : i % 53 === 0 ? 0 : t)),
    ],
  ];
  for (const [name, h32, t32] of cases)
    test(name, () => {
      // the float32 columns are ranked (else this would compare the plain path with itself)
      expect(sharedRanks(h32) && sharedRanks(t32)).toBeTruthy();
      const plainH = Array.from(h32);
      const plainT = Array.from(t32);
      expect(fitHsTpModel(h32, t32)).toStrictEqual(fitHsTpModel(plainH, plainT));
      const ranked = environmentalContours(h32, t32);
      expect(ranked).toStrictEqual(environmentalContours(plainH, plainT));
      const contours = ranked.contours;
      expect(contourExceedances(ranked.model, contours, h32, t32)).toStrictEqual(
        contourExceedances(ranked.model, contours, plainH, plainT),
      );
      expect(ranked.exceedances.some((e) => e.outside > 0)).toBe(true);
    });
});

suite('observed sea states outside the contours', () => {
  const { hs, tz } = year1996();
  test('the count in standard normal space equals a brute-force point-in-polygon count', () => {
    const model = fitHsTpModel(hs, tz);
    const contours = [
      iformContour(model, 0.01, { points: 2000 }),
      iformContour(model, 0.1, { points: 2000 }),
    ];
    const { exceedances, pairs } = contourExceedances(model, contours, hs, tz);
    expect(pairs).toBe(hs.filter((h, i) => h > 0 && tz[i]! > 0).length);
    contours.forEach((contour, k) => {
      let brute = 0;
      for (let i = 0; i < hs.length; i++) {
        if (!(hs[i]! > 0 && tz[i]! > 0)) continue;
        if (!inside(contour.points, tz[i]!, hs[i]!)) brute++;
      }
      expect(brute).toBeGreaterThan(0);
      // the polygon of 2,000 points cuts the curve's chords: a few states on its edge may differ
      expect(Math.abs(exceedances[k]!.outside - brute)).toBeLessThanOrEqual(Math.max(3, 0.01 * brute));
      expect(exceedances[k]!.expected).toBeCloseTo(pairs * Math.exp(-(contour.beta ** 2) / 2), 9);
    });
  });
  test('ENVC warns when observed sea states lie outside a contour of a return period the record spans', () => {
    const r = environmentalContours(hs, tz, { returnPeriods: [0.5, 1, 10] });
    expect(r.exceedances.map((e) => e.returnPeriod)).toEqual([0.5, 1, 10]);
    const half = r.exceedances[0]!;
    // half a year of a one-year record: sea states outside it are expected, and no warning is given
    expect(r.warnings.some((w) => w.includes('0.5-year'))).toBe(false);
    expect(half.outside).toBeGreaterThan(0);
    for (const e of r.exceedances.slice(1)) {
      const warned = r.warnings.some((w) => w.includes(`outside the ${e.returnPeriod}-year contour`));
      expect(warned).toBe(e.outside > 0);
    }
    // each contour's largest Hs is F⁻¹(Φ(β))
    for (const c of r.contours) expect(c.maxHs).toBeCloseTo(Math.max(...c.points.map((p) => p.hs)), 6);
  });
});
