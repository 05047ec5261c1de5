// The report's derived tables regroup stored results; each is checked against a brute-force count of its
// literal definition on a seeded random sea state record (the outside reference of these regroupings).
import { describe, expect, it } from 'vitest';
import { jointTable, monthlyRoses, rose } from '@metocean/core';
import { directionalNonExceedance, monthlyNonExceedance, scatterTable } from '../../src/reports/operability';
import { associatedTp } from '../../src/reports/design';

/** A seeded generator (mulberry32): the same record on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const n = 3 * 8760;
const next = random(25);
const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2001, 0, 1) + i * HOUR);
// Hs stored at 2 decimals (as hindcasts are), some above 4 m; directions anywhere on the circle
const hs = Float32Array.from({ length: n }, () => Math.round(100 * 4.5 * next() ** 1.5) / 100);
const dir = Float32Array.from({ length: n }, () => Math.round(3600 * next()) / 10);
const edges = [0, 1, 2, 3, 4];

describe('monthly non-exceedance from the monthly roses', () => {
  it('equals the share of each month below each class edge, counted hour by hour', () => {
    const annual = rose(dir, hs, { sectors: 16, edges, time });
    const monthly = monthlyRoses(time, dir, hs, { sectors: 16, edges });
    const { rows } = monthlyNonExceedance(annual, monthly);
    for (let m = 0; m < 12; m++) {
      const inMonth = [...hs].filter((_, i) => new Date(time[i]!).getUTCMonth() === m);
      edges.slice(1).forEach((edge, k) => {
        const brute = (100 * inMonth.filter((v) => v < edge).length) / inMonth.length;
        expect(Number(rows[m]![k + 1])).toBeCloseTo(brute, 1); // printed at 0.1 %
      });
    }
    const year = rows[12]!;
    expect(year[0]).toBe('Year');
    expect(Number(year[2])).toBeCloseTo((100 * [...hs].filter((v) => v < 2).length) / n, 1);
  });
});

describe('directional non-exceedance from the joint table', () => {
  it('equals, per 22.5° sector centred on north, the share of its hours below each threshold', () => {
    const joint = jointTable(hs, dir, { dx: 0.5, dy: 22.5, yDirection: true });
    const rows = directionalNonExceedance(joint, [1, 2, 3]);
    expect(rows).toHaveLength(16);
    rows.forEach((row, j) => {
      const inSector = [...hs].filter(
        (_, i) => Math.floor(((((dir[i]! + 11.25) % 360) + 360) % 360) / 22.5) === j,
      );
      expect(row[0]).toBe(`${(j * 22.5).toFixed(1)}°`);
      expect(Number(row[1])).toBeCloseTo((100 * inSector.length) / n, 2);
      [1, 2, 3].forEach((t, k) =>
        expect(Number(row[k + 2])).toBeCloseTo(
          (100 * inSector.filter((v) => v < t).length) / inSector.length,
          1,
        ),
      );
    });
  });
});

describe('Hs–Tp scatter table', () => {
  it('merges 0.25 m × 0.5 s cells into 0.5 m × 1 s classes in per mille, marginals summing to 1000', () => {
    const hsEdges = [0, 0.25, 0.5, 0.75, 1];
    const tpEdges = [0, 0.5, 1, 1.5, 2];
    // counts[tp][hs]
    const counts = [
      [1, 2, 0, 0],
      [3, 4, 0, 5],
      [0, 0, 6, 0],
      [0, 0, 7, 2],
    ];
    const pairs = 30;
    const { header, rows } = scatterTable({ density: { hsEdges, tpEdges, counts, pairs } });
    expect(header).toEqual(['Hs \\ Tp (s)', '0–1', '1–2', 'Σ']);
    // Hs 0–0.5 × Tp 0–1: 1 + 2 + 3 + 4 = 10 pairs → 333.3 ‰; Hs 0.5–1 × Tp 1–2: 6 + 7 + 2 = 15 → 500 ‰
    expect(rows[0]).toEqual(['0–0.5', '333.3', '', '333.3']);
    expect(rows[1]).toEqual(['0.5–1', '166.7', '500.0', '666.7']);
    expect(rows[2]).toEqual(['Σ', '500.0', '500.0', '1000.0']);
  });
});

describe('Tp associated with an extreme Hs', () => {
  it('is the median of the log-normal Tp | Hs of DNV-RP-C205 §3.6.3: exp(a0 + a1·Hs^a2)', () => {
    // μ(Hs) = a0 + a1·Hs^a2 (DNV-RP-C205 (2010) eq. 3.6.3); the median of a log-normal variable is e^μ,
    // whatever σ(Hs): the coefficients below are the ERA5 node's stored fit
    const model = {
      a: [3.3636654051917914, -1.4227199338177094, -0.19970491505661675],
      b: [0.04, 0.42, -0.79],
    };
    for (const h of [5, 7.64, 12.85])
      expect(associatedTp(model, h)).toBeCloseTo(
        Math.exp(3.3636654051917914 - 1.4227199338177094 * h ** -0.19970491505661675),
        12,
      );
    // rises with Hs, as the wave steepness limit asks
    expect(associatedTp(model, 12.85)).toBeGreaterThan(associatedTp(model, 7.64));
  });
});
