import { describe, expect, it } from 'vitest';
import { OVERVIEW_ID } from '@metocean/contracts';
import { seededRandom, statisticOf, type Series } from '@metocean/core';
import {
  batchesOf,
  cycloneMaskOf,
  planPoint,
  payloadJson,
  BatchStopped,
  raiseStop,
  runStatistics,
  runStatisticsStored,
  stopFlag,
} from '../../src/jobs/point-statistics';
import { decodePayload, encodePayload } from '../../src/db/payload';

/** Ten years of hourly Hs and direction, with a few steps marked as hurricane when asked. */
function series(hurricanes: boolean): Series {
  const n = 10 * 8766;
  const random = seededRandom(3);
  const hs = Float32Array.from({ length: n }, (_, i) => 1 + Math.sin(i / 500) ** 2 + random());
  const dir = Float32Array.from({ length: n }, () => 360 * random());
  const hurricane = new Float32Array(n);
  if (hurricanes) hurricane.fill(1, 40_000, 40_100);
  return {
    time: Float64Array.from({ length: n }, (_, i) => Date.UTC(2000, 0, 1) + i * 3_600_000),
    stepMs: 3_600_000,
    fields: {
      hs: { values: hs, units: 'm', longName: 'significant wave height' },
      dir: { values: dir, units: 'degree', longName: 'mean wave direction' },
      hurricane: { values: hurricane, units: '1' },
    },
  };
}

const point = (s: Series) => ({
  series: s,
  node: { lat: 1, lon: 2, distanceKm: 0.5 },
  dataset: { name: 'test', notes: '', synthetic: true },
});

describe('the statistics of a point', () => {
  it('plans every supported statistic but EFT, the overview last, NOCYC only where cyclones are marked', () => {
    const calm = planPoint(point(series(false)));
    expect(calm.runs.at(-1)).toEqual({ id: OVERVIEW_ID, target: {} });
    expect(calm.runs.some((r) => r.id === 'EFT')).toBe(false);
    expect(calm.runs.some((r) => r.id === 'NOCYC')).toBe(false);
    // the mask is not a variable to analyse
    expect(calm.runs.some((r) => r.target.field === 'hurricane')).toBe(false);
    expect(cycloneMaskOf(series(false))).toBeUndefined();
    const stormy = planPoint(point(series(true)));
    expect(stormy.runs.filter((r) => r.id === 'NOCYC').map((r) => r.target.field)).toEqual(['hs']);
  });

  it('groups the runs by field and answers each run, failures with their reason', () => {
    const s = series(true);
    const { runs } = planPoint(point(s));
    const batches = batchesOf(runs);
    expect(batches.flat()).toHaveLength(runs.length);
    for (const batch of batches) {
      const keys = new Set(batch.map((r) => r.target.field ?? r.target.variable ?? r.id));
      expect(keys.size).toBe(1);
    }
    const hsBatch = batches.find((b) => b[0]!.target.field === 'hs')!;
    const outcomes = runStatistics(s, [...hsBatch, { id: 'EPD', target: { field: 'nothing' } }]);
    expect(outcomes).toHaveLength(hsBatch.length + 1);
    expect((outcomes.at(-1) as { error: string }).error).toContain('nothing');
    // a stored result is the engine's result, JSON-safe (the -999 of spec 002 for missing numbers)
    const epd = hsBatch.findIndex((r) => r.id === 'EPD_month');
    const expected: unknown = JSON.parse(
      JSON.stringify(statisticOf('EPD_month').compute(s, { field: 'hs' }), (_k, v: unknown) =>
        typeof v === 'number' && !Number.isFinite(v) ? -999 : v,
      ),
    );
    expect(outcomes[epd]).toEqual({ result: expected });
    // what the worker sends: each run's payload as stored, its fields followed by its outcome, compressed
    const [stored] = runStatisticsStored(point(s), [hsBatch[epd]!]);
    const bytes = Buffer.from(stored!, 'base64');
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip, not the JSON text
    expect(bytes.length).toBeLessThan(JSON.stringify(expected).length / 2);
    expect(decodePayload(stored!)).toEqual({
      target: { field: 'hs' },
      dataset: point(s).dataset,
      node: point(s).node,
      result: expected,
    });
    expect(JSON.parse(payloadJson({ target: {} }, '{}'))).toEqual({ target: {} });
  });

  it('reads back a payload stored compressed and one stored as JSON text before compression', () => {
    const payload = { target: { field: 'hs' }, result: { mean: 1.25, months: [1, 2, -999] } };
    expect(decodePayload(encodePayload(JSON.stringify(payload)))).toEqual(payload);
    // a row of migration 0004: its json converted to bytea as UTF-8 text (an accent keeps its two bytes)
    const old = { ...payload, dataset: { name: 'Hindcast – Golfe de Gascogne' } };
    expect(decodePayload(Buffer.from(JSON.stringify(old), 'utf8').toString('base64'))).toEqual(old);
    // what PostgreSQL's encode(…, 'base64') answers: lines of 76 characters
    const wrapped = encodePayload(JSON.stringify(old)).replace(/.{76}/g, '$&\n');
    expect(wrapped).toContain('\n');
    expect(decodePayload(wrapped)).toEqual(old);
  });

  it('ends a batch before its next statistic once the point stops, answering nothing', () => {
    const s = series(false);
    const batch = batchesOf(planPoint(point(s)).runs).find((b) => b[0]!.target.field === 'hs')!;
    const stop = stopFlag();
    // not raised: the flag changes nothing
    expect(runStatistics(s, batch, stop)).toEqual(runStatistics(s, batch));
    // the flag crosses to a worker thread shared, not copied (postMessage clones the view, not the memory)
    expect(stop.buffer).toBeInstanceOf(SharedArrayBuffer);
    raiseStop(stop);
    expect(() => runStatistics(s, batch, stop)).toThrow(BatchStopped);
  });
});
