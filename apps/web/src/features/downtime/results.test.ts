import { describe, expect, it } from 'vitest';
import { recordText } from './results';

// issue 30 "state the record each planning used": the ERA5 South China Sea record runs 2000-01-01 00:00 to
// 2010-12-31 23:00, 96,432 hourly steps = 4,018 days = 11.0 years of 365.25 days (shared/data README)
describe('recordText', () => {
  it('states the period and its length in years', () => {
    expect(recordText({ start: '2000-01-01T00:00:00.000Z', end: '2010-12-31T23:00:00.000Z' })).toBe(
      'Record used: 2000-01-01 to 2010-12-31 UTC, 11.0 years of hourly hindcast.',
    );
    expect(recordText({ start: '2000-01-01T00:00:00.000Z', end: '2000-12-31T23:00:00.000Z' })).toBe(
      'Record used: 2000-01-01 to 2000-12-31 UTC, 1.0 years of hourly hindcast.',
    );
  });
});
