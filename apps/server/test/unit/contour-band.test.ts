// The band route's two rules (services/contour-band.ts): when a stored ENVC result needs no new band, and
// when the contours a thread refitted are the stored ones (else the band would be measured from contours the
// user does not see).
import { describe, expect, it } from 'vitest';
import { CONTOUR_BAND_ON_REQUEST } from '@metocean/core';
import { bandSettled, sameContours } from '../../src/services/contour-band';

const contour = (returnPeriod: number, shift = 0) => ({
  returnPeriod,
  points: [
    { hs: 1 + shift, tp: 5 },
    { hs: 2, tp: 7.25 },
  ],
});

describe('contour band on request', () => {
  it('computes for the standard set and for results stored before bands; not again once stored or refused', () => {
    expect(bandSettled({ band: null, bandNote: CONTOUR_BAND_ON_REQUEST })).toBe(false);
    expect(bandSettled({})).toBe(false);
    expect(bandSettled({ band: { ci: 0.9 }, bandNote: null })).toBe(true);
    expect(bandSettled({ band: null, bandNote: 'no band: the sea states span 3 calendar years' })).toBe(true);
  });

  it('the refitted contours must be the stored ones, to 1e-9 relative', () => {
    const stored = [contour(1), contour(10)];
    expect(sameContours(stored, [contour(1), contour(10)])).toBe(true);
    expect(sameContours(stored, [contour(1, 1e-12), contour(10)])).toBe(true);
    expect(sameContours(stored, [contour(1, 1e-6), contour(10)])).toBe(false);
    expect(sameContours(stored, [contour(1)])).toBe(false);
    expect(sameContours(stored, [contour(1), contour(100)])).toBe(false);
    expect(sameContours(undefined, [contour(1)])).toBe(false);
  });
});
