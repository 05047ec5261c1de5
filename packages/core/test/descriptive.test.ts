import { describe as suite, expect, test } from 'vitest';
import {
  calendarOf,
  describe,
  empiricalDistribution,
  moments,
  monthlyStats,
  overview,
  quantile,
  quantileSorted,
  quantiles,
  seededRandom,
  sortValid,
  sortedWithRanks,
  NO_RANK,
  weightedSample,
  yearMonthStats,
} from '../src';
import type { MonthlyRow } from '../src';
import { era5, ndbc, nora3, reference, values } from './data';

// Reference: scripts/reference/descriptive.py (numpy.percentile 'linear' = Hyndman-Fan type 7, pandas
// groupby, std with ddof=1) on the real series. Tolerance 1e-9 relative: both sides accumulate in float64.
interface Described {
  count: number;
  mean: number;
  min: number;
  max: number;
  median: number;
  std: number;
  percentiles: Record<string, number>;
}
interface Ref {
  grid: Record<string, number>;
  describe: Record<string, Described>;
  monthly: Record<string, (Omit<Described, 'percentiles'> & { month: number })[]>;
  yearMonth: Record<
    string,
    { year: number; month: number; count: number; mean: number | null; max: number | null }[]
  >;
}
const ref = reference<Ref>('descriptive.json');

const cases: [string, () => Float64Array | Float32Array][] = [
  ['era5.swh', () => values(era5(), 'swh')],
  ['era5.pp1d', () => values(era5(), 'pp1d')],
  ['nora3.hs', () => values(nora3(), 'hs')],
  ['nora3.wind_speed_10m', () => values(nora3(), 'wind_speed_10m')],
  ['ndbc.hs', () => values(ndbc(), 'significant wave height')],
];

suite('describe on the real series matches numpy/pandas', () => {
  test('the NDBC 44007 record is put on its hourly grid with absent hours as NaN', () => {
    const hs = values(ndbc(), 'significant wave height');
    expect(hs.length).toBe(ref.grid['ndbc.length']);
    expect(hs.filter(Number.isNaN).length).toBe(ref.grid['ndbc.missing']);
  });
  for (const [key, get] of cases) {
    test(`${key}: count, mean, min, max, median, std and type 7 percentiles`, () => {
      const expected = ref.describe[key]!;
      const got = describe(get());
      expect(got.count).toBe(expected.count);
      for (const k of ['mean', 'min', 'max', 'median', 'std'] as const) {
        expect(got[k]).toBeCloseTo(expected[k], 9);
      }
      for (const [p, v] of Object.entries(expected.percentiles)) expect(got.percentiles[p]).toBeCloseTo(v, 9);
    });
    test(`${key}: per calendar month`, () => {
      const series = key.startsWith('era5') ? era5() : key.startsWith('nora3') ? nora3() : ndbc();
      const rows = monthlyStats(series.time, get());
      rows.forEach((row, i) => {
        const e = ref.monthly[key]![i]!;
        expect(row.month).toBe(e.month);
        expect(row.count).toBe(e.count);
        for (const k of ['mean', 'min', 'max', 'median', 'std'] as const) expect(row[k]).toBeCloseTo(e[k], 9);
      });
    });
  }
  test('ndbc.hs: per year and month, including months without data', () => {
    const series = ndbc();
    const rows = yearMonthStats(series.time, values(series, 'significant wave height'));
    const expected = ref.yearMonth['ndbc.hs']!;
    expect(rows.length).toBe(expected.length);
    rows.forEach((row, i) => {
      const e = expected[i]!;
      expect([row.year, row.month, row.count]).toEqual([e.year, e.month, e.count]);
      if (e.mean === null) expect(row.mean).toBeNaN();
      else expect(row.mean).toBeCloseTo(e.mean, 9);
      if (e.max !== null) expect(row.max).toBe(e.max);
    });
  });
  test('overview lists mean, min, max, median, std per field', () => {
    const rows = overview(era5());
    const swh = rows.find((r) => r.field === 'swh')!;
    expect(swh.units).toBe('m');
    expect(swh.mean).toBeCloseTo(ref.describe['era5.swh']!.mean, 9);
    expect(swh.std).toBeCloseTo(ref.describe['era5.swh']!.std, 9);
  });
  test("the overview's median is the numpy median, whether another statistic sorted the field first or not", () => {
    // Reference: numpy.median of each ERA5 column (scripts/reference/descriptive.py), exact to 1e-9.
    const s = era5();
    const fresh = overview(s); // nothing sorted yet: the median by selection
    for (const name of ['swh']) quantile(s.fields[name]!.values, 0.9); // sorts swh (pp1d stays unsorted)
    const afterSort = overview(s);
    for (const name of ['swh', 'pp1d']) {
      const median = ref.describe[`era5.${name}`]!.median;
      expect(fresh.find((r) => r.field === name)!.median).toBeCloseTo(median, 9);
      expect(afterSort.find((r) => r.field === name)!.median).toBeCloseTo(median, 9);
    }
  });
  test("the overview's median of an unsorted float32 column (read as its bits) equals the brute-force median", () => {
    // Brute force: type 7 median of the non-NaN values sorted by comparison. Exact: both pick the same
    // two order statistics of float32 values. Gaps, ±∞, −0, negatives, ties and one value range per case.
    const random = seededRandom(7);
    const n = 20_000;
    const cases: Float32Array[] = [
      Float32Array.from({ length: n }, () => Math.round(random() * 36000) / 100), // a direction
      Float32Array.from({ length: n }, () => (random() < 0.1 ? NaN : (random() - 0.7) * 1e3)),
      Float32Array.from({ length: n + 1 }, (_, i) => (i % 3 ? 2.5 : -0)), // ties, one bucket
      Float32Array.from({ length: n }, (_, i) => [Infinity, -Infinity, NaN][i % 7] ?? random()),
    ];
    for (const values of cases) {
      const valid = [...values].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
      const h = (valid.length - 1) * 0.5;
      const lo = Math.floor(h);
      const expected =
        lo + 1 < valid.length ? valid[lo]! + (h - lo) * (valid[lo + 1]! - valid[lo]!) : valid[lo]!;
      const s = {
        time: Float64Array.from({ length: values.length }, (_, i) => i * 3_600_000),
        stepMs: 3_600_000,
        // named x: a field named as a direction has no median (issue 21, its mean is the circular one)
        fields: { x: { values, units: 'deg' } },
      };
      expect(overview(s)[0]!.median).toBe(expected);
    }
  });
});

suite('quantile edge cases', () => {
  test('quantile(values, p) by quickselect equals the sorted type 7 value (brute force)', () => {
    const x = Float64Array.from(
      { length: 1001 },
      (_, i) => Math.sin(i * 12.9898) * 43758.5453 - Math.floor(Math.sin(i * 12.9898) * 43758.5453),
    );
    const sorted = [...x].sort((a, b) => a - b);
    for (const p of [0, 0.01, 0.1, 0.333, 0.5, 0.9, 0.99, 1]) {
      const h = (sorted.length - 1) * p;
      const lo = Math.floor(h);
      const expected =
        sorted[lo]! + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? 0) - sorted[lo]!);
      expect(quantile(x, p)).toBeCloseTo(expected, 14);
    }
  });
  test('quantile skips NaN, is NaN when empty or all NaN, and rejects p outside [0, 1]', () => {
    expect(quantile([1, NaN, 3], 0.5)).toBe(2);
    expect(quantile([], 0.5)).toBeNaN();
    expect(quantile([NaN, NaN], 0.5)).toBeNaN();
    expect(() => quantile([1], 1.5)).toThrow(/quantile: probability 1.5/);
  });
  test('one value: every quantile is that value, std is NaN', () => {
    expect(quantiles([7], [0, 0.5, 1])).toEqual([7, 7, 7]);
    expect(moments([7]).std).toBeNaN();
  });
  test('huge magnitudes keep precision (Welford)', () => {
    const m = moments([1e12 + 4, 1e12 + 7, 1e12 + 13, 1e12 + 16]);
    expect(m.mean).toBe(1e12 + 10);
    expect(m.std).toBeCloseTo(Math.sqrt(30), 6);
  });
  test('frozen input is not mutated', () => {
    const input = Object.freeze([3, 1, 2]);
    expect(describe(input).median).toBe(2);
    expect(quantile(input, 0.25)).toBe(1.5);
    expect(input).toEqual([3, 1, 2]);
  });
  test('a typed array changed in place between calls is described again, not served from the memo', () => {
    const field = Float32Array.from({ length: 1000 }, (_, i) => i);
    expect(describe(field).max).toBe(999);
    expect(quantile(field, 1)).toBe(999);
    field[10] = 5000;
    expect(describe(field).max).toBe(5000);
    expect(quantile(field, 1)).toBe(5000);
  });
  test('describe of an empty series returns count 0 and NaN', () => {
    const d = describe(new Float32Array(0));
    expect(d.count).toBe(0);
    expect(d.mean).toBeNaN();
    expect(d.percentiles['50']).toBeNaN();
  });
});

suite('calendar medians of a float32 column (read in sorted order)', () => {
  test('ERA5 Hs as float32: monthly medians match numpy to the float32 rounding; year-months equal a sort', () => {
    const { time } = era5();
    const f32 = Float32Array.from(values(era5(), 'swh'));
    const rows = monthlyStats(time, f32);
    // the reference medians are of the float64 values: float32 storage moves them by < 1e-6 relative
    rows.forEach((row, i) => expect(row.median).toBeCloseTo(ref.monthly['era5.swh']![i]!.median, 5));
    const { year, month } = calendarOf(time);
    for (const row of yearMonthStats(time, f32).filter((_, k) => k % 7 === 0)) {
      const group = [...f32].filter(
        (v, i) => year[i] === row.year && month[i] === row.month && !Number.isNaN(v),
      );
      expect(row.median).toBe(
        quantileSorted(
          group.sort((a, b) => a - b),
          0.5,
        ),
      );
    }
  });
});

suite('sortValid (radix sort on the bits of the doubles)', () => {
  // Reference: Float64Array.prototype.sort (numeric order, ECMAScript §23.2.3.29); -0 and 0 compare equal.
  const sameOrder = (a: Float64Array): void => {
    const got = sortValid(a);
    const expected = a.slice().sort();
    expect(got.length).toBe(expected.length);
    for (let i = 0; i < got.length; i++) expect(got[i] === expected[i]).toBe(true);
    expect(a).not.toBe(got); // a copy, the input untouched
  };
  test('random doubles of both signs, ties, infinities, zeros and subnormals', () => {
    const random = seededRandom(11);
    const a = new Float64Array(20_000);
    for (let i = 0; i < a.length; i++) {
      const u = random();
      a[i] =
        u < 0.05 ? [Infinity, -Infinity, 0, -0, 5e-324, -5e-324][i % 6]! : (u - 0.5) * 10 ** (40 * u - 20);
    }
    for (let i = 0; i < 2_000; i++) a[i * 10] = a[i]!; // ties
    const before = a.slice();
    sameOrder(a);
    expect(a).toEqual(before);
  });
  test('float32 values and values at a fixed precision (most digits constant, passes skipped)', () => {
    const random = seededRandom(12);
    const f32 = Float64Array.from(new Float32Array(50_000).map(() => random() * 12));
    sameOrder(f32);
    sameOrder(Float64Array.from({ length: 50_000 }, () => Math.round(random() * 1500) / 100));
    sameOrder(new Float64Array(4_000).fill(2.5));
  });
  test('a subarray view and a short array', () => {
    const random = seededRandom(13);
    const big = Float64Array.from({ length: 3_001 }, () => random() - 0.5);
    sameOrder(big.subarray(1, 2_001));
    sameOrder(Float64Array.from([3, -1, 2]));
  });
});

suite('sortedWithRanks (the sorted values and, for a hindcast column, the rank of each step)', () => {
  // Reference: the valid values sorted by comparison (Array.prototype.sort with a - b), and each step's
  // value found at its rank among the distinct values. -0 and 0 compare equal and may take two ranks.
  const check = (values: Float32Array | Float64Array, counted: boolean): void => {
    const { sorted, ranks } = sortedWithRanks(values);
    const valid = [...values].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    expect(sorted.length).toBe(valid.length);
    for (let i = 0; i < valid.length; i++) expect(sorted[i] === valid[i]).toBe(true);
    if (!counted) {
      expect(ranks).toBeNull();
      return;
    }
    expect(ranks).not.toBeNull();
    const { code, rankOf, distinct } = ranks!;
    for (let j = 1; j < distinct.length; j++) expect(distinct[j - 1]! <= distinct[j]!).toBe(true);
    expect(distinct.length).toBeLessThanOrEqual(new Set(valid).size + 1); // + 1: a -0 beside a 0
    for (let i = 0; i < values.length; i++) {
      const rank = rankOf[code[i]!]!;
      if (Number.isNaN(values[i]!)) expect(rank).toBe(NO_RANK);
      else expect(Object.is(distinct[rank], values[i])).toBe(true);
    }
  };
  test('gaps, both signs, infinities, zeros and ties of a hindcast-like column (counted), left unchanged', () => {
    const random = seededRandom(21);
    const a = Float32Array.from({ length: 30_000 }, () => Math.round((random() - 0.2) * 1500) / 100);
    for (let i = 0; i < 300; i++) a[i * 97] = [NaN, Infinity, -Infinity, -0, 0][i % 5]!;
    const before = a.slice();
    check(a, true);
    expect(a).toEqual(before);
  });
  test('a continuous column (too many distinct values to count: the radix sort, no ranks)', () => {
    const random = seededRandom(23);
    const a = Float32Array.from({ length: 40_000 }, () => (random() - 0.3) * 10);
    for (let i = 0; i < 400; i++) a[i * 97] = [NaN, Infinity, -Infinity, -0, 0, 2.5][i % 6]!;
    check(a, false);
  });
  test('whole numbers, a short column, a float64 column (sorted, no ranks)', () => {
    const random = seededRandom(22);
    check(
      Float32Array.from({ length: 10_000 }, () => Math.floor(random() * 50)),
      true,
    );
    check(
      Float32Array.from({ length: 100 }, () => Math.floor(random() * 50)),
      false,
    );
    check(Float64Array.from(new Float32Array(10_000).map(() => random() * 8)), false);
    check(
      Float64Array.from({ length: 5_000 }, (_, i) => Math.sin(i) / 3),
      false,
    );
  });
});

suite("a hindcast column's quantiles, histogram and fit sample read from its ranks", () => {
  // Reference: the same statistics of the same values as float64, a column that is never counted (its
  // valid values sorted by the radix sort and read one by one). Equal bit for bit: the ranks' cumulative
  // counts say which value the sorted values hold at each index. The column has gaps, both signs, ties,
  // infinities, and a -0 beside its 0s (two ranks of equal value, one value of the fit's sample).
  const random = seededRandom(31);
  const column = Float32Array.from({ length: 30_000 }, () => Math.round((random() - 0.2) * 1500) / 100);
  for (let i = 0; i < 300; i++) column[i * 97] = [NaN, Infinity, -Infinity, -0, 0][i % 5]!;
  const finite = column.map((x) => (Number.isFinite(x) ? x : NaN));
  test('quantiles at every probability, the ends and the median included', () => {
    const ps = [0, 1e-9, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1 - 1e-9, 1];
    const counted = quantiles(column, ps);
    const sorted = quantiles(Float64Array.from(column), ps);
    for (let k = 0; k < ps.length; k++) expect(Object.is(counted[k], sorted[k])).toBe(true);
  });
  test('the histogram: each bin counted from the lower bounds of its edges', () => {
    for (const binWidth of [0.01, 0.5, 3]) {
      const counted = empiricalDistribution(finite, { binWidth, start: -4 });
      const sorted = empiricalDistribution(Float64Array.from(finite), { binWidth, start: -4 });
      expect(counted.counts).toEqual(sorted.counts);
      expect(counted.quantiles).toEqual(sorted.quantiles);
      expect(counted.count).toBe(sorted.count);
    }
  });
  test("the fits' weighted sample, of every value and of the positive ones", () => {
    for (const positive of [false, true]) {
      const counted = weightedSample(column, { positive });
      const sorted = weightedSample(Float64Array.from(column), { positive });
      expect(counted.n).toBe(sorted.n);
      expect([...counted.x].map((x) => (Object.is(x, -0) ? '-0' : x))).toEqual(
        [...sorted.x].map((x) => (Object.is(x, -0) ? '-0' : x)),
      );
      expect([...counted.w]).toEqual([...sorted.w]);
    }
    // the -0 and the 0s are one value of the sample, as a run of the sorted values
    const zeros = weightedSample(column);
    expect(zeros.x.filter((x) => x === 0).length).toBe(1);
  });
});

suite('moments of a hindcast column from its distinct values and their counts', () => {
  // Reference: moments() (two passes over the values, itself checked against numpy above) on the same
  // float32 values: count, min and max exact, mean and std to 1e-12 relative (the ranks sum each distinct
  // value times its count, fewer roundings than a pass).
  const close = (got: number, expected: number): void =>
    expect(Math.abs(got - expected)).toBeLessThanOrEqual(1e-12 * Math.abs(expected));
  test('ERA5 Hs and Tp as float32, and a gappy column with both zeros', () => {
    const random = seededRandom(41);
    const gappy = Float32Array.from({ length: 20_000 }, (_, i) =>
      i % 17 === 0 ? NaN : i % 101 === 0 ? -0 : Math.round((random() - 0.3) * 800) / 100,
    );
    for (const column of [
      Float32Array.from(values(era5(), 'swh')),
      Float32Array.from(values(era5(), 'pp1d')),
      gappy,
    ]) {
      const expected = moments(column);
      const got = describe(column);
      expect([got.count, got.min, got.max]).toEqual([expected.count, expected.min, expected.max]);
      close(got.mean, expected.mean);
      close(got.std, expected.std);
    }
  });
  test('a column with infinities gives the moments of the passes (an infinite mean, NaN or ∞ spread)', () => {
    const random = seededRandom(42);
    for (const infinities of [[Infinity], [Infinity, -Infinity]]) {
      const column = Float32Array.from({ length: 10_000 }, () => Math.round(random() * 300) / 100);
      infinities.forEach((x, k) => (column[k * 7] = x));
      const expected = moments(column);
      const got = describe(column);
      expect([got.count, got.mean, got.min, got.max, got.std]).toEqual([
        expected.count,
        expected.mean,
        expected.min,
        expected.max,
        expected.std,
      ]);
    }
  });
  test("a column's moments do not depend on which statistic asked first", () => {
    const column = Float32Array.from(values(era5(), 'swh'));
    const first = describe(column.slice());
    const time = era5().time;
    const other = column.slice();
    monthlyStats(time, other); // sorts and counts the column before describe asks
    expect(describe(other)).toEqual(first);
  });
});

suite('calendar tables of a hindcast column (from the ranks of its values) and of a continuous one', () => {
  // Brute force: each group's values sorted by comparison, type 7 median (quantileSorted), exact: both
  // pick the same two order statistics of float32 values; min and max exact; mean and std by the two-pass
  // formulas in float64 (ddof 1), to 1e-12 relative (the tables sum run by run, the brute force at once).
  const check = (row: MonthlyRow, group: number[]): void => {
    expect(row.count).toBe(group.length);
    if (group.length === 0) {
      expect([row.mean, row.median, row.min, row.max, row.std]).toEqual([NaN, NaN, NaN, NaN, NaN]);
      return;
    }
    const sorted = group.sort((a, b) => a - b);
    const mean = group.reduce((a, b) => a + b, 0) / group.length;
    const std = Math.sqrt(group.reduce((a, b) => a + (b - mean) ** 2, 0) / (group.length - 1));
    expect(row.median).toBe(quantileSorted(sorted, 0.5));
    expect(row.min).toBe(sorted[0]);
    expect(row.max).toBe(sorted[sorted.length - 1]);
    expect(Math.abs(row.mean - mean)).toBeLessThanOrEqual(1e-12 * Math.abs(mean));
    if (group.length > 1) expect(Math.abs(row.std - std)).toBeLessThanOrEqual(1e-12 * std);
    else expect(row.std).toBeNaN();
  };
  // a smooth column (neighbouring ranks all taken), a sparse one (each month's values far apart among the
  // distinct values of the whole column, so the two middle values of a group have empty ranks between) and
  // a continuous one (more distinct values than a count takes: the passes over the values)
  test.each(['smooth', 'sparse', 'continuous'])(
    'every calendar month and year-month of a gappy 3-year %s column',
    (kind) => {
      const random = seededRandom(31);
      const start = Date.UTC(2001, 0, 1);
      const n = 3 * 8760;
      const time = Float64Array.from({ length: n }, (_, i) => start + i * 3_600_000);
      let z = 0;
      const values = Float32Array.from({ length: n }, (_, i) => {
        z = 0.95 * z + 0.3 * (random() - 0.5);
        if (kind === 'continuous') return 2 + z + random();
        const x = kind === 'smooth' ? 2 + z + Math.sin(i / 700) : (i % 8760) / 73 + 40 * random();
        return Math.round(x * 100) / 100;
      });
      for (let i = 0; i < n; i++) if (random() < 0.05) values[i] = NaN; // scattered gaps
      values.fill(NaN, 24 * 31 * 1, 24 * (31 + 28)); // February 2001 missing
      for (let i = 24 * 31 * 2; i < 24 * 31 * 2 + 24 * 30; i++) if (i % 13) values[i] = NaN; // a sparse month
      const { year, month } = calendarOf(time);
      // the last hours of every month of the last year missing: gaps that end a group's run of steps
      for (let i = 0; i + 1 < n; i++) if (year[i] === 2003 && month[i + 1] !== month[i]) values[i] = NaN;
      for (const row of monthlyStats(time, values)) {
        check(
          row,
          [...values].filter((v, i) => month[i] === row.month && !Number.isNaN(v)),
        );
      }
      const yearMonths = yearMonthStats(time, values);
      expect(yearMonths).toHaveLength(36);
      for (const row of yearMonths) {
        const group = [...values].filter(
          (v, i) => year[i] === row.year && month[i] === row.month && !Number.isNaN(v),
        );
        check(row, group);
      }
    },
  );
});
