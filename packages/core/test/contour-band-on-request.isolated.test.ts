// Issue 34 follow-up of issue 31 §3: the standard set's ENVC computes no band (200 refits of the joint model,
// ~0.6 s of CPU per wave height); the band is computed on request (environmentalContourBand), from the same
// series, and measured from the same contours.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import * as band from '../src/contour-band';
import {
  CONTOUR_BAND_ON_REQUEST,
  environmentalContourBand,
  environmentalContours,
  statisticOf,
  statisticsFor,
  type EnvironmentalContours,
} from '../src';
import { era5 } from './data';

// the band's function, counted: contours.ts imports it from this module
vi.mock('../src/contour-band', async (original) => {
  const actual = await original<typeof band>();
  return { ...actual, contourBands: vi.fn(actual.contourBands) };
});
const contourBands = vi.mocked(band.contourBands);

beforeEach(() => {
  contourBands.mockClear();
});

describe('the contour band: on request, not in the standard set', () => {
  test("the standard set's ENVC does not call the band and stores none, saying it is on request", () => {
    const s = era5();
    const target = statisticsFor(s).find((r) => r.id === 'ENVC')!.target;
    const r = statisticOf('ENVC').compute(s, target) as EnvironmentalContours;
    expect(contourBands).not.toHaveBeenCalled();
    expect(r.band).toBeNull();
    expect(r.bandNote).toBe(CONTOUR_BAND_ON_REQUEST);
    // the contours are those of the joint model alone, as before the band was added
    const plain = environmentalContours(s.fields.swh!.values, s.fields.pp1d!.values, { seaStateHours: 1 });
    expect(r.contours).toEqual(plain.contours);
    expect(r.model).toEqual(plain.model);
  });

  test('on request: the band of the same contours, from the whole record (11 calendar years of ERA5)', () => {
    const s = era5();
    const target = { field: 'swh', partner: 'pp1d' };
    const standard = statisticOf('ENVC').compute(s, target) as EnvironmentalContours;
    const r = environmentalContourBand(s, target);
    expect(contourBands).toHaveBeenCalledTimes(1);
    // the rays start from the contours the user already sees
    expect(r.contours).toEqual(standard.contours);
    expect(r.bandNote).toBeNull();
    expect(r.band).toMatchObject({ ci: 0.9, resamples: band.CONTOUR_BAND_RESAMPLES, seed: 1 });
    expect(r.band!.years).toBe(new Set(Array.from(s.time, (t) => new Date(t).getUTCFullYear())).size);
    expect(r.band!.bands.map((b) => b.returnPeriod)).toEqual([1, 10, 100]);
  });
});
