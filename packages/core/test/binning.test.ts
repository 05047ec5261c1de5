import { describe as suite, expect, test } from 'vitest';
import {
  binIndex,
  calendarOf,
  empiricalDistribution,
  jointTable,
  markUnchanging,
  monthlyRoses,
  regularEdges,
  rose,
  sectorIndex,
  seededRandom,
  statisticOf,
} from '../src';
import type { EmpiricalDistribution, Rose } from '../src';
import { sharedRanks } from '../src/shared';
import { era5, ndbc, nora3, reference, values } from './data';

// Reference: scripts/reference/descriptive.py: numpy.histogram and numpy.histogram2d on the same
// left-closed edges, and a numpy rose (sector floor(((d + w/2) mod 360) / w), classes by searchsorted).
// Counts are exact; percentages to 1e-9.
interface Ref {
  epd: Record<
    string,
    {
      edges: number[];
      counts: number[];
      nonExceedancePercent: number[];
      exceedancePercent: number[];
      quantiles: Record<string, number>;
    }
  >;
  joint: { xEdges: number[]; yEdges: number[]; counts: number[][] };
  rose: Record<string, number[][]>;
}
const ref = reference<Ref>('binning.json');

suite('EPD', () => {
  for (const [key, get] of [
    ['era5.swh@0.5', () => values(era5(), 'swh')],
    ['era5.swh@0.1', () => values(era5(), 'swh')],
    ['ndbc.hs@0.25', () => values(ndbc(), 'significant wave height')],
  ] as const) {
    test(`${key}: histogram counts equal numpy.histogram, quantiles numpy.percentile`, () => {
      const e = ref.epd[key]!;
      const width = Number(key.split('@')[1]);
      const epd = empiricalDistribution(get(), { binWidth: width });
      expect(epd.edges).toEqual(e.edges);
      expect(epd.counts).toEqual(e.counts);
      for (const [p, v] of Object.entries(e.quantiles)) expect(epd.quantiles[p]).toBeCloseTo(v, 9);
      expect(epd.nonExceedancePercent.at(-1)).toBeCloseTo(100, 12);
      expect(epd.exceedancePercent[0]).toBe(100);
      expect(epd.density.reduce((s, d) => s + d * width, 0)).toBeCloseTo(1, 12);
    });
    test(`${key}: non-exceedance P(X < e) and exceedance P(X ≥ e) at every edge equal numpy's counts`, () => {
      // Reference: scripts/reference/descriptive.py, 100·numpy.count_nonzero(v < e)/n and
      // 100·numpy.count_nonzero(v >= e)/n at every edge, counted on the values (not from the histogram).
      // Tolerance 1e-9 percentage points: a single value out of place moves a point by 100/n ≥ 4e-4.
      const e = ref.epd[key]!;
      const epd = empiricalDistribution(get(), { binWidth: Number(key.split('@')[1]) });
      expect(epd.nonExceedancePercent.length).toBe(e.edges.length);
      expect(epd.exceedancePercent.length).toBe(e.edges.length);
      e.nonExceedancePercent.forEach((p, k) => expect(epd.nonExceedancePercent[k]).toBeCloseTo(p, 9));
      e.exceedancePercent.forEach((p, k) => expect(epd.exceedancePercent[k]).toBeCloseTo(p, 9));
    });
  }
  test("the stored EPD (registry, default bin width 0.5) of ERA5 swh has numpy's curves at every edge", () => {
    // Same reference and tolerance as above, through the statistic the product runs without options.
    const e = ref.epd['era5.swh@0.5']!;
    const epd = statisticOf('EPD').compute(era5(), { field: 'swh' }) as EmpiricalDistribution;
    expect(epd.edges).toEqual(e.edges);
    e.nonExceedancePercent.forEach((p, k) => expect(epd.nonExceedancePercent[k]).toBeCloseTo(p, 9));
    e.exceedancePercent.forEach((p, k) => expect(epd.exceedancePercent[k]).toBeCloseTo(p, 9));
  });
  test('a value on an edge falls in the bin it opens (0.3 with width 0.1)', () => {
    expect(binIndex([0, 0.1, 0.2, 0.3, 0.4], 0.3, 0.1)).toBe(3);
    expect(binIndex([0, 0.1, 0.2, 0.3, 0.4], 0.29999999999999993, 0.1)).toBe(2);
    const epd = empiricalDistribution([0.3, 0.2], { binWidth: 0.1 });
    expect(epd.edges).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(epd.counts).toEqual([0, 0, 1, 1]);
  });
  test('empty input returns empty arrays; a bad width throws naming the argument', () => {
    expect(empiricalDistribution([NaN], { binWidth: 1 }).counts).toEqual([]);
    expect(() => empiricalDistribution([1], { binWidth: 0 })).toThrow(/binWidth/);
  });
});

suite('EJPD', () => {
  test('ERA5 Hs × Tp counts equal numpy.histogram2d; per-mille and marginals add up', () => {
    const t = jointTable(values(era5(), 'swh'), values(era5(), 'pp1d'), { dx: 0.5, dy: 1 });
    expect(t.xEdges).toEqual(ref.joint.xEdges);
    expect(t.yEdges).toEqual(ref.joint.yEdges);
    expect(t.counts).toEqual(ref.joint.counts);
    expect(t.perMille.flat().reduce((a, b) => a + b, 0)).toBeCloseTo(1000, 9);
    expect(t.xMarginal.reduce((a, b) => a + b, 0)).toBe(t.count);
    expect(t.yMarginal.reduce((a, b) => a + b, 0)).toBe(t.count);
  });
  test('pairs with a missing member are left out', () => {
    expect(jointTable([1, NaN, 1], [1, 1, NaN], { dx: 1, dy: 1 }).count).toBe(1);
  });
  test('the table spans the pairs alone: brute force on random pairs with gaps, negative values and a given x0', () => {
    // Reference: edges from the pairs' own range (regularEdges), each pair's cell by binIndex's search.
    const random = seededRandom(31);
    const n = 6_000;
    const brute = (x: Float32Array, y: Float32Array, dx: number, dy: number, x0?: number) => {
      const pairs = [...x.keys()].filter((i) => !Number.isNaN(x[i]!) && !Number.isNaN(y[i]!));
      const xs = pairs.map((i) => x[i]!);
      const ys = pairs.map((i) => y[i]!);
      const xEdges = regularEdges(
        x0 ?? Math.min(0, Math.floor(Math.min(...xs) / dx) * dx),
        dx,
        Math.max(...xs),
      );
      const yEdges = regularEdges(Math.min(0, Math.floor(Math.min(...ys) / dy) * dy), dy, Math.max(...ys));
      const counts = xEdges.slice(1).map(() => yEdges.slice(1).map(() => 0));
      for (const i of pairs) counts[binIndex(xEdges, x[i]!)]![binIndex(yEdges, y[i]!)]!++;
      return { xEdges, yEdges, counts, count: pairs.length };
    };
    for (const shift of [0, -3]) {
      const x = Float32Array.from({ length: n }, () => Math.round((random() * 6 + shift) * 100) / 100);
      const y = Float32Array.from({ length: n }, () => Math.round((random() * 12 + shift) * 100) / 100);
      x[7] = 40; // the field's largest value without a partner: not in the table
      y[7] = NaN;
      if (shift) {
        y[9] = -50; // and the smallest (the table counted again on the pairs' own first edge)
        x[9] = NaN;
      }
      for (let i = 0; i < n; i += 13) y[i] = NaN;
      const got = jointTable(x, y, { dx: 0.5, dy: 1 });
      expect({ xEdges: got.xEdges, yEdges: got.yEdges, counts: got.counts, count: got.count }).toEqual(
        brute(x, y, 0.5, 1),
      );
      if (shift === 0) {
        x[11] = -1; // below the asked first edge, without a partner: allowed
        y[11] = NaN;
        const from = jointTable(x, y, { dx: 0.5, dy: 1, x0: -0.5 });
        expect(from.counts).toEqual(brute(x, y, 0.5, 1, -0.5).counts);
      }
    }
    expect(() => jointTable([1, 2], [1, 2], { dx: 1, dy: 1, x0: 1.5 })).toThrow(/below the first edge/);
    expect(() => jointTable([1, Infinity], [1, 2], { dx: 1, dy: 1 })).toThrow(/infinite/);
  });
  test('Hs × direction: direction bins are the rose sectors (sector shares equal the numpy rose)', () => {
    const t = jointTable(values(era5(), 'swh'), values(era5(), 'mwd'), {
      dx: 0.5,
      dy: 22.5,
      yDirection: true,
    });
    expect(t.yEdges[0]).toBe(-11.25);
    expect(t.yEdges.at(-1)).toBe(348.75);
    expect(t.yMarginal.length).toBe(16);
    // the rose's classes start at 0, so summing them gives each sector's share of all pairs
    ref.rose['era5.mwd.swh.16']!.forEach((classes, k) => {
      const share = classes.reduce((a, b) => a + b, 0);
      expect((100 * t.yMarginal[k]!) / t.count).toBeCloseTo(share, 9);
    });
    expect(
      jointTable([1, 1, 1], [359, 0.5, 11.25], { dx: 1, dy: 22.5, yDirection: true }).yMarginal.slice(0, 2),
    ).toEqual([2, 1]);
    expect(() => jointTable([1], [1], { dx: 1, dy: 25, yDirection: true })).toThrow(/divide 360/);
  });
});

suite('hindcast columns read by rank (issue 34)', () => {
  // reference: the same pairs as plain arrays, binned value by value (the path the numpy references above
  // check); on float32 columns each distinct value's bin is found once and read by rank: the same tables
  test('EJPD and the roses: the same tables, with gaps, negative values and the calendar pass', () => {
    const series = era5();
    const gappy = (v: ArrayLike<number>, every: number) =>
      Float32Array.from(v, (x, i) => (i % every === 0 ? NaN : x));
    const hs = gappy(values(series, 'swh'), 97);
    const tp = gappy(values(series, 'pp1d'), 89);
    const dir = gappy(values(series, 'mwd'), 83);
    const shifted = Float32Array.from(hs, (x) => x - 0.7); // negative values: the table's own first edge
    const plain = (v: Float32Array) => Array.from(v);
    expect(sharedRanks(hs) && sharedRanks(tp) && sharedRanks(shifted)).toBeTruthy();
    for (const [x, y, options] of [
      [hs, tp, { dx: 0.5, dy: 1 }],
      [shifted, tp, { dx: 0.25, dy: 0.5 }],
      [hs, dir, { dx: 0.5, dy: 22.5, yDirection: true }],
      [hs, dir, { dx: 0.5, dy: 30, yDirection: true, time: series.time }],
    ] as const) {
      expect(jointTable(x, y, options)).toStrictEqual(jointTable(plain(x), plain(y), options));
    }
    const edges = [0, 1, 2, 4];
    expect(rose(dir, hs, { sectors: 16, edges, time: series.time })).toStrictEqual(
      rose(plain(dir), plain(hs), { sectors: 16, edges, time: series.time }),
    );
    expect(monthlyRoses(series.time, dir, hs, { sectors: 8, edges })).toStrictEqual(
      monthlyRoses(series.time, plain(dir), plain(hs), { sectors: 8, edges }),
    );
  });
});

suite('DR roses', () => {
  test('ERA5 mwd × Hs, 16 sectors, equals the numpy rose', () => {
    const r = rose(values(era5(), 'mwd'), values(era5(), 'swh'), { sectors: 16, edges: [0, 1, 2, 3, 4] });
    r.percent.forEach((row, k) =>
      row.forEach((p, c) => expect(p).toBeCloseTo(ref.rose['era5.mwd.swh.16']![k]![c]!, 9)),
    );
    expect(r.sectors[1]).toBe(22.5);
  });
  test('NORA3 wind 10 m, 36 sectors, equals the numpy rose', () => {
    const s = nora3();
    const r = rose(values(s, 'wind_direction_10m'), values(s, 'wind_speed_10m'), {
      sectors: 36,
      edges: [0, 5, 10, 15, 20],
    });
    r.percent.forEach((row, k) =>
      row.forEach((p, c) =>
        expect(p).toBeCloseTo(ref.rose['nora3.wind_direction_10m.wind_speed_10m.36']![k]![c]!, 9),
      ),
    );
  });
  test('sector k covers [k·w - w/2, k·w + w/2): 348.75° opens north with 16 sectors, 11.25° opens sector 1', () => {
    expect(sectorIndex(348.75, 16)).toBe(0);
    expect(sectorIndex(348.7499, 16)).toBe(15);
    expect(sectorIndex(11.25, 16)).toBe(1);
    expect(sectorIndex(360, 16)).toBe(0);
    expect(sectorIndex(-10, 36)).toBe(35);
  });
  test('the rose and the joint table put every direction in the sector sectorIndex gives (edges, turns, gaps)', () => {
    // Brute force: sectorIndex per pair. Directions on sector edges and one double either side of them,
    // at 0.1° (a hindcast's), below 0, beyond a turn, and gaps; with and without the calendar (the pass
    // per month that EJPD and the roses share).
    const random = seededRandom(11);
    const bits = new Float64Array(1);
    const word = new BigUint64Array(bits.buffer);
    // the next double above or below x
    const nextTo = (x: number, up: boolean): number => {
      if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
      bits[0] = x;
      word[0] = x > 0 === up ? word[0]! + 1n : word[0]! - 1n;
      return bits[0];
    };
    for (const sectors of [8, 16, 36]) {
      const w = 360 / sectors;
      const n = 6_000;
      const direction = Float64Array.from({ length: n }, (_, i) => {
        const edge = Math.round(random() * 2 * sectors) * (w / 2); // an edge or a centre
        if (i % 5 === 0) return edge;
        if (i % 5 === 1) return nextTo(edge, i % 10 === 1);
        if (i % 7 === 0) return (random() - 0.5) * 1_000; // outside [0, 360)
        if (i % 97 === 0) return NaN;
        return i % 2 ? Math.round(random() * 3600) / 10 : random() * 360;
      });
      const magnitude = Float32Array.from({ length: n }, () => random() * 3);
      const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2001, 0, 1) + i * 3_600_000);
      const expected = new Array<number>(sectors).fill(0);
      direction.forEach((d) => {
        if (!Number.isNaN(d)) expected[sectorIndex(d, sectors)]!++;
      });
      const counts = (r: Rose): number[] => r.percent.map((row) => Math.round((row[0]! * r.count) / 100));
      expect(counts(rose(direction, magnitude, { sectors, edges: [0] }))).toEqual(expected);
      expect(counts(rose(direction, magnitude, { sectors, edges: [0], time }))).toEqual(expected);
      const joint = jointTable(magnitude, direction, { dx: 10, dy: w, yDirection: true });
      expect(joint.yMarginal).toEqual(expected);
      const monthly = jointTable(magnitude, direction, { dx: 0.5, dy: w, yDirection: true, time });
      expect(monthly.yMarginal).toEqual(expected);
    }
  });
  test('the pass shared by EJPD and the roses (per calendar month, on the 0.5 grid) gives the tables of one pass each', () => {
    // Brute force: the table and the rose of each month counted alone on the pairs of that month (calendarOf).
    // Edges on the grid take the shared pass, 0.3 and 1.1 do not; magnitudes on edges, zeros and gaps.
    const s = era5();
    const magnitude = values(s, 'swh').slice();
    const direction = values(s, 'mwd').slice();
    for (let i = 0; i < 400; i++) magnitude[i * 211] = [0, 0.5, 1, NaN][i % 4]!;
    for (let i = 0; i < 100; i++) direction[i * 307 + 5] = NaN;
    const withTime = jointTable(magnitude, direction, { dx: 0.5, dy: 22.5, yDirection: true, time: s.time });
    const alone = jointTable(magnitude, direction, { dx: 0.5, dy: 22.5, yDirection: true });
    expect(withTime).toEqual(alone);
    const { month } = calendarOf(s.time);
    for (const edges of [
      [0, 1, 2, 3],
      [0.5, 1.5, 4],
      [0, 0.3, 1.1],
    ]) {
      const options = { sectors: 16, edges };
      const annual = rose(direction, magnitude, options);
      expect(rose(direction, magnitude, { ...options, time: s.time })).toEqual(annual);
      monthlyRoses(s.time, direction, magnitude, options).forEach((r) => {
        const inMonth = (a: Float32Array | Float64Array): Float64Array =>
          Float64Array.from(a, (v, i) => (month[i] === r.month ? v : NaN));
        const { month: _, ...table } = r;
        expect(table).toEqual(rose(inMonth(direction), inMonth(magnitude), options));
      });
    }
  });
  test('arrays marked unchanging share their memo by identity: two directions with one magnitude stay apart', () => {
    // The shared pair counts are memoised on the magnitude with the direction and time in the key: marked
    // arrays have an id of their own in place of a fingerprint. Reference: the same roses of unmarked copies.
    const s = era5();
    const time = s.time.slice();
    const magnitude = values(s, 'swh').slice();
    const a = values(s, 'mwd').slice();
    const b = a.map((d) => (d + 90) % 360);
    markUnchanging([time, magnitude, a, b]);
    const options = { sectors: 16, edges: [0, 1, 2, 3], time };
    const expected = (d: Float32Array | Float64Array) =>
      rose(d.slice(), magnitude.slice(), { ...options, time: time.slice() });
    for (let repeat = 0; repeat < 2; repeat++) {
      expect(rose(a, magnitude, options)).toEqual(expected(a));
      expect(rose(b, magnitude, options)).toEqual(expected(b));
    }
  });
  test('a rose with bad arguments is refused naming the argument, with or without the time axis', () => {
    const time = Float64Array.from({ length: 10 }, (_, i) => i * 3_600_000);
    const d = new Float32Array(10).fill(90);
    const m = new Float32Array(10).fill(1);
    for (const axis of [{}, { time }]) {
      expect(() => rose(d, m, { sectors: 0, edges: [0, 1], ...axis })).toThrow(
        /sectors must be a positive integer/,
      );
      expect(() => rose(d, m, { sectors: 16, edges: [], ...axis })).toThrow(/edges must not be empty/);
      expect(() => rose(d, m.subarray(0, 9), { sectors: 16, edges: [0], ...axis })).toThrow(
        /differ in length/,
      );
    }
    expect(() => monthlyRoses(time, d, m, { sectors: 7.5, edges: [0] })).toThrow(
      /sectors must be a positive integer/,
    );
  });
  test('monthly roses partition the annual one', () => {
    const s = era5();
    const options = { sectors: 8, edges: [0, 2] };
    const annual = rose(values(s, 'mwd'), values(s, 'swh'), options);
    const months = monthlyRoses(s.time, values(s, 'mwd'), values(s, 'swh'), options);
    expect(months.reduce((sum, m) => sum + m.count, 0)).toBe(annual.count);
  });
  test('the annual rose read from the monthly counts (with time) is the rose of one pass', () => {
    const s = era5();
    const magnitude = values(s, 'swh').slice();
    magnitude[10] = NaN; // a gap, and a value below the first class, are left out the same way
    magnitude[20] = 0.1;
    const options = { sectors: 16, edges: [0.5, 1, 2, 3] };
    const direct = rose(values(s, 'mwd'), magnitude, options);
    const summed = rose(values(s, 'mwd'), magnitude, { ...options, time: s.time });
    expect(summed.count).toBe(direct.count);
    summed.percent.forEach((row, k) =>
      row.forEach((p, c) => expect(p).toBeCloseTo(direct.percent[k]![c]!, 12)),
    );
  });
});
