import { describe, expect, it } from 'vitest';
import { SYNTHETIC_RESOLUTION_DEG } from '../../src/data/sources';
import { pointSeries } from '../../src/jobs/statistics-worker';

describe('the worker thread', () => {
  const source = { kind: 'synthetic', cyclonic: false } as const;
  it('reads a node once for the points on it, and again for another node', async () => {
    const first = await pointSeries(source, 56, 1.5);
    // 0.1° east: the same node of the 0.25° grid, its own distance
    const near = await pointSeries(source, 56, 1.6);
    expect(near.node).toMatchObject({ lat: 56, lon: 1.5 });
    expect(near.node.distanceKm).toBeGreaterThan(first.node.distanceKm);
    expect(near.series).toBe(first.series);
    const next = await pointSeries(source, 56, 1.5 + SYNTHETIC_RESOLUTION_DEG);
    expect(next.node).toMatchObject({ lat: 56, lon: 1.75 });
    expect(next.series).not.toBe(first.series);
    expect(next.series.fields.hs!.values.subarray(0, 24)).not.toEqual(
      first.series.fields.hs!.values.subarray(0, 24),
    );
  }, 60_000);
});
