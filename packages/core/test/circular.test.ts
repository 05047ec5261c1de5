// Issue 21: a direction is summarised by its circular mean and circular standard deviation, wherever a
// direction is summarised (the overview, describe). Reference: scripts/reference/circular.py,
// scipy.stats.circmean/circstd with high = 360 on hand cases and on the real series.
import { describe as suite, expect, test } from 'vitest';
import { angularDifference, circularStats, overview, seededRandom } from '../src';
import { sortedByCounting } from '../src/order';
import { era5, nora3, reference, values } from './data';

interface Circ {
  count: number;
  mean: number;
  std: number;
}
const ref = reference<{ cases: Record<string, Circ & { values: number[] }> } & Record<string, Circ>>(
  'circular.json',
);

/** Means compared on the circle (scipy reports 360 where we report 0), to 1e-9 degrees. */
function expectSame(got: Circ, expected: Circ): void {
  expect(got.count).toBe(expected.count);
  expect(Math.abs(angularDifference(got.mean, expected.mean))).toBeLessThan(1e-9);
  expect(got.std).toBeCloseTo(expected.std, 9);
}

suite('circular mean and standard deviation against scipy circmean/circstd', () => {
  test('hand cases: the mean of 350° and 10° is 0°, not 180°', () => {
    for (const c of Object.values(ref.cases)) {
      const got = circularStats(c.values);
      expectSame(got, c);
      expect(got.mean).toBeGreaterThanOrEqual(0);
      expect(got.mean).toBeLessThan(360);
    }
    expect(circularStats([350, 10]).mean).toBeCloseTo(0, 9);
  });
  test('real series: ERA5 mwd, NORA3 thq and the 10 m wind direction', () => {
    expectSame(circularStats(values(era5(), 'mwd')), ref['era5.mwd']!);
    expectSame(circularStats(values(nora3(), 'thq')), ref['nora3.thq']!);
    expectSame(circularStats(values(nora3(), 'wind_direction_10m')), ref['nora3.wind_direction_10m']!);
  });
  test("a counted hindcast column's distinct values and counts give the same sums as its count per hundredth of a degree: the same numbers, bit for bit (issue 34)", () => {
    // both sum each distinct direction's sine and cosine times its count in ascending order of direction
    // (the step-by-step definition is the reference of the next test)
    // float32 columns, as a hindcast stores them (what the counting sort reads)
    const gappy = Float32Array.from(values(nora3(), 'thq'), (x, i) => (i % 97 === 0 ? NaN : x));
    for (const column of [
      Float32Array.from(values(nora3(), 'Pdir')),
      Float32Array.from(values(nora3(), 'thq')),
      Float32Array.from(values(nora3(), 'wind_direction_10m')),
      gappy,
    ]) {
      const ranks = sortedByCounting(column)?.ranks;
      expect(ranks).toBeTruthy();
      expect(circularStats(column, ranks!)).toStrictEqual(circularStats(column));
    }
    expect(circularStats(gappy).count).toBe(gappy.filter((x) => x === x).length);
  });
  test('a column without ranks, counted per hundredth of a degree, gives the sums of the literal definition to rounding (issue 34)', () => {
    // reference: the literal definition, Σ sin and Σ cos step by step in the column's order (angles in
    // radians as d · π/180, as circularStats writes them); the sums per distinct direction differ from it by
    // rounding alone: ~n·ε relative at most (n = 200,000 steps: < 1e-10), here asked to 1e-12 of the count
    const RAD = Math.PI / 180;
    const literal = (degrees: ArrayLike<number>) => {
      let s = 0;
      let c = 0;
      let count = 0;
      for (let i = 0; i < degrees.length; i++) {
        const d = degrees[i]!;
        if (Number.isNaN(d)) continue;
        s += Math.sin(d * RAD);
        c += Math.cos(d * RAD);
        count++;
      }
      const r = Math.min(1, Math.hypot(s, c) / count);
      return {
        count,
        mean: (Math.atan2(s, c) / RAD + 360) % 360,
        std: Math.sqrt(-2 * Math.log(r)) / RAD,
        resultantLength: r,
      };
    };
    const random = seededRandom(34);
    // directions at 0.01° over decades (36,000 distinct values: too many to count), then float32 values at
    // no fixed precision (a packed 16-bit column) sharing their slots, then values out of [0, 360), -0 and 0
    const hundredths = Float32Array.from({ length: 200_000 }, () => Math.floor(random() * 36_000) / 100);
    const packed = Float32Array.from({ length: 50_000 }, () => random() * 360);
    const odd = Float32Array.from(
      { length: 20_000 },
      (_, i) => [-0, 0, -12.5, 360, 359.999, 725.25, NaN][i % 7]! + (i % 7 === 2 ? random() : 0),
    );
    for (const column of [hundredths, packed, odd, hundredths, Float64Array.from(packed, (x) => x + 1e-9)]) {
      const got = circularStats(column);
      const expected = literal(column);
      expect(got.count).toBe(expected.count);
      expect(Math.abs(angularDifference(got.mean, expected.mean))).toBeLessThan(1e-9);
      expect(Math.abs(got.resultantLength - expected.resultantLength)).toBeLessThan(1e-12);
      expect(Math.abs(got.std - expected.std)).toBeLessThan(1e-9);
    }
  });
  test('NaN values are left out; no value gives NaN; opposite directions have no mean', () => {
    expect(circularStats([NaN, 350, 10, NaN]).count).toBe(2);
    expect(circularStats([]).mean).toBeNaN();
    const opposite = circularStats([90, 270]);
    expect(opposite.mean).toBeNaN();
    expect(opposite.std).toBe(Infinity);
  });
});

suite('the overview summarises directions on the circle', () => {
  test('ERA5: mwd has the circular mean and std and no median; swh keeps the arithmetic ones', () => {
    const rows = overview(era5());
    const mwd = rows.find((r) => r.field === 'mwd')!;
    expect(mwd.circular).toBe(true);
    expect(Math.abs(angularDifference(mwd.mean, ref['era5.mwd']!.mean))).toBeLessThan(1e-9);
    expect(mwd.std).toBeCloseTo(ref['era5.mwd']!.std, 9);
    expect(mwd.median).toBeNaN();
    const swh = rows.find((r) => r.field === 'swh')!;
    expect(swh.circular).toBe(false);
    expect(swh.mean).toBeCloseTo(1.32, 2);
  });
});
