import { describe, expect, it } from 'vitest';
import { PLANNING_INTERVALS_ON_REQUEST, PLANNING_INTERVALS_STALE } from '@metocean/core';
import {
  intervalCaption,
  intervalsOnRequest,
  intervalSummary,
  noIntervalsCaption,
  recordText,
} from './results';

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

// issue 31: the sentence under a chart with whiskers says what they rest on, or why there are none
describe('intervalCaption', () => {
  const note = 'no interval: fewer than 5 years of data in the period, too few to resample whole years';
  it('states the coverage, the resamples and the years per period', () => {
    const summary = intervalSummary(
      { intervals: { ci: 0.9 } },
      { intervalYears: { Jan: 11, Feb: 11 }, intervalNotes: {} },
    );
    expect(intervalCaption(summary, ['Jan', 'Feb'], 1000)).toBe(
      'Whiskers: the 90 % interval of each value (year-block bootstrap, 1,000 resamples), on 11 years of data per period.',
    );
  });
  it('gives the span of years and names the periods without an interval and why', () => {
    const summary = intervalSummary(
      { intervals: { ci: 0.8 } },
      { intervalYears: { Jan: 4, Feb: 6, Mar: 7 }, intervalNotes: { Jan: note } },
    );
    expect(intervalCaption(summary, ['Jan', 'Feb', 'Mar'])).toBe(
      `Whiskers: the 80 % interval of each value (year-block bootstrap), on 6–7 years of data per period. Jan: ${note}.`,
    );
  });
  it('says why there is no whisker at all under 5 years, and for results older than the intervals', () => {
    const summary = intervalSummary(
      { intervals: { ci: 0.9 } },
      { intervalYears: { Jan: 3 }, intervalNotes: { Jan: note } },
    );
    expect(intervalCaption(summary, ['Jan'])).toBe(
      'No interval: fewer than 5 years of data in the period, too few to resample whole years: no whiskers.',
    );
    expect(intervalSummary({}, { intervalYears: { Jan: 11 } })).toBeNull();
    expect(intervalCaption(null, ['Jan'])).toMatch(/^No intervals: these results were computed before/);
  });
});

// issue 31, session 31: the bi-weekly and weekly intervals are computed on request; the line says which case
describe('noIntervalsCaption', () => {
  it('on request: the switch computes them', () => {
    expect(intervalsOnRequest({ intervalsNote: PLANNING_INTERVALS_ON_REQUEST })).toBe(true);
    expect(intervalsOnRequest({ intervalsNote: PLANNING_INTERVALS_STALE })).toBe(false);
    expect(intervalsOnRequest({})).toBe(false);
    expect(noIntervalsCaption({ intervalsNote: PLANNING_INTERVALS_ON_REQUEST })).toMatch(
      /^The 90 % intervals of this breakdown are available on request: switch "Intervals" on/,
    );
  });
  it('stored but switched off, or not stored and why', () => {
    expect(noIntervalsCaption({ intervalYears: { Jan: 11 } })).toMatch(/^Intervals switched off/);
    expect(noIntervalsCaption({ intervalsNote: PLANNING_INTERVALS_STALE })).toBe(
      `No whiskers: ${PLANNING_INTERVALS_STALE.replace('no intervals: ', '')}.`,
    );
    expect(noIntervalsCaption({})).toMatch(/^No intervals: these results were computed before/);
  });
});
