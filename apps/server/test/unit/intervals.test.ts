// The WD and WW intervals routes' rules (services/intervals.ts): when a stored WD or WW result needs no new
// intervals, and when the rows a thread recomputed are the stored ones (else the intervals would be those of waits the
// user does not see); and the Operability report's persistence memo (reports/operability.ts): one
// computation per point and field for the report's two drawing passes.
import { describe, expect, it } from 'vitest';
import { WAIT_INTERVALS_ON_REQUEST, WINDOW_INTERVALS_ON_REQUEST } from '@metocean/core';
import {
  bareRows,
  intervalsSettled,
  WAIT_INTERVALS_STALE,
  WINDOW_INTERVALS_STALE,
} from '../../src/services/intervals';
import { persistenceOf } from '../../src/reports/operability';
import type { ReportData, ReportPoint } from '../../src/reports/data';

const row = (month: number, p50: number) => ({
  durationHours: 12,
  month,
  waitPercentilesHours: { '50': p50 },
});
const withIntervals = (month: number, p50: number) => ({
  ...row(month, p50),
  waitPercentileIntervals: { '50': [p50 - 1, p50 + 1] },
  intervalYears: 11,
});

describe('WD intervals on request', () => {
  it('computes for the standard set and results stored before; not again once stored or refused', () => {
    expect(intervalsSettled({ result: [[row(0, 5), row(1, 6)]] })).toBe(false);
    // the payload's on-request note lives in the payload builder, never in the stored payload
    expect(intervalsSettled({ result: [[row(0, 5), withIntervals(1, 6)]] })).toBe(true);
    expect(intervalsSettled({ result: [[row(0, 5)]], intervalsNote: WAIT_INTERVALS_STALE })).toBe(true);
    expect(WAIT_INTERVALS_ON_REQUEST).toMatch(/^intervals on request/);
  });

  it('the recomputed rows, their intervals left aside, must be the stored ones', () => {
    const stored = [[row(0, 5), row(1, 6)]];
    expect(bareRows([[row(0, 5), withIntervals(1, 6)]])).toBe(bareRows(stored));
    expect(bareRows([[row(0, 5), withIntervals(1, 6.5)]])).not.toBe(bareRows(stored));
    expect(bareRows([[row(0, 5)]])).not.toBe(bareRows(stored));
  });
});

// WW rows: one per duration and month (not grouped by duration as WD's)
const window = (month: number, probability: number) => ({ durationHours: 12, month, probability });
const windowWithInterval = (month: number, probability: number) => ({
  ...window(month, probability),
  probabilityInterval: [probability - 2, probability + 2],
  intervalYears: 11,
});

describe('WW intervals on request', () => {
  it('computes for the standard set and results stored before; not again once stored or refused', () => {
    expect(intervalsSettled({ result: [window(0, 50), window(1, 40)] })).toBe(false);
    expect(intervalsSettled({ result: [window(0, 50), windowWithInterval(1, 40)] })).toBe(true);
    expect(intervalsSettled({ result: [window(0, 50)], intervalsNote: WINDOW_INTERVALS_STALE })).toBe(true);
    expect(intervalsSettled({ result: [] })).toBe(false);
    expect(WINDOW_INTERVALS_ON_REQUEST).toMatch(/^intervals on request/);
  });

  it('the recomputed rows, their intervals left aside, must be the stored ones', () => {
    const stored = [window(0, 50), window(1, 40)];
    expect(bareRows([window(0, 50), windowWithInterval(1, 40)])).toBe(bareRows(stored));
    expect(bareRows([window(0, 50), windowWithInterval(1, 40.01)])).not.toBe(bareRows(stored));
    expect(bareRows([window(0, 50)])).not.toBe(bareRows(stored));
  });
});

describe('Operability persistence memo', () => {
  it('one computation per report, point and field, shared by both drawing passes', async () => {
    // a point whose dataset is gone: its section is a note, computed without reading any record
    const point = {
      point: { id: 7, name: 'P', lat: 0, lng: 0 },
      source: undefined,
    } as unknown as ReportPoint;
    const other = { ...point, point: { ...point.point, id: 8 } };
    const report = {} as ReportData;
    const first = persistenceOf(report, point, 'hs');
    expect(persistenceOf(report, point, 'hs')).toBe(first);
    expect(persistenceOf(report, point, 'tp')).not.toBe(first);
    expect(persistenceOf(report, other, 'hs')).not.toBe(first);
    // another report computes its own
    expect(persistenceOf({} as ReportData, point, 'hs')).not.toBe(first);
    expect(await first).toEqual({
      note: 'the dataset of this point is no longer available: the persistence tables are left out.',
    });
  });
});
