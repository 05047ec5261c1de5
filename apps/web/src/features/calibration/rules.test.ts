import { describe, expect, it } from 'vitest';
import type { Buoy, OverviewRow, Point, Project, SatelliteComparison } from '@metocean/contracts';
import {
  calibratableVariables,
  calibrationFamily,
  calibrationPanelView,
  differenceRows,
  formatParameter,
  formatSkill,
  formatStatistic,
  sourceChoices,
} from './rules';

const row = (variable: string, values: Partial<OverviewRow> = {}): OverviewRow => ({
  layer: '',
  variable,
  longName: variable,
  units: 'm',
  mean: 1,
  min: 0,
  max: 5,
  median: 0.9,
  std: 0.5,
  circular: false,
  ...values,
});

const point = (id: number, calibrationOf: number | null = null): Point =>
  ({ id, name: `P${id}`, lat: 43.45, lng: -70.02, isComputed: true, calibrationOf }) as Point;

describe('calibrationFamily', () => {
  const points = [point(1), point(2, 1), point(3), point(4, 1)];
  it('finds the original and its variants from either side', () => {
    expect(calibrationFamily(points, 1)).toEqual({ original: points[0], variants: [points[1], points[3]] });
    expect(calibrationFamily(points, 4)?.original.id).toBe(1);
  });
  it('is null for a point without variants, or none selected', () => {
    expect(calibrationFamily(points, 3)).toBeNull();
    expect(calibrationFamily(points, undefined)).toBeNull();
  });
});

describe('calibrationPanelView', () => {
  const project = (
    points: Point[],
    isManager: boolean,
    offer: { expired?: boolean; isTrial?: boolean } = {},
  ) =>
    ({
      points,
      isManager,
      offerInstance: { expired: false, isTrial: false, ...offer },
    }) as unknown as Project;
  const points = [point(1), point(2, 1), point(3), { ...point(5), isComputed: false }];
  it('shows a family to anyone, with the Calibrate button for a manager of a live offer', () => {
    expect(calibrationPanelView(project(points, false), 2)).toMatchObject({
      original: { id: 1 },
      canCalibrate: false,
    });
    expect(calibrationPanelView(project(points, true), 2)?.canCalibrate).toBe(true);
    expect(calibrationPanelView(project(points, true, { expired: true }), 1)?.canCalibrate).toBe(false);
  });
  it('shows a point without variants only to a manager who may calibrate its computed record', () => {
    expect(calibrationPanelView(project(points, true), 3)).toMatchObject({
      family: null,
      canCalibrate: true,
    });
    expect(calibrationPanelView(project(points, false), 3)).toBeNull();
    expect(calibrationPanelView(project(points, true, { isTrial: true }), 3)).toBeNull();
    expect(calibrationPanelView(project(points, true), 5)).toBeNull();
    expect(calibrationPanelView(project(points, true), undefined)).toBeNull();
  });
});

describe('differenceRows', () => {
  it('is calibrated − original per statistic, the corrected variable first, other variables at 0', () => {
    const rows = differenceRows(
      [row('tp', { mean: 8 }), row('hs', { mean: 1.2, max: 7.5, median: 1, std: 0.6 })],
      [row('tp', { mean: 8 }), row('hs', { mean: 1.35, max: 8.25, median: 1.1, std: 0.66 })],
      'hs',
    );
    expect(rows.map((r) => r.variable)).toEqual(['hs', 'tp']);
    // by hand: 1.35 − 1.2, 8.25 − 7.5, 1.1 − 1, 0.66 − 0.6
    expect(rows[0]!.difference.mean).toBeCloseTo(0.15, 12);
    expect(rows[0]!.difference.max).toBeCloseTo(0.75, 12);
    expect(rows[0]!.difference.median).toBeCloseTo(0.1, 12);
    expect(rows[0]!.difference.std).toBeCloseTo(0.06, 12);
    expect(rows[0]!.corrected).toBe(true);
    expect(rows[1]!.difference.mean).toBe(0);
  });
  it('wraps a direction’s difference of means to (−180, 180] and leaves its missing median empty', () => {
    const [dir] = differenceRows(
      [row('dir', { circular: true, mean: 350, median: -999, units: 'degree' })],
      [row('dir', { circular: true, mean: 10, median: -999, units: 'degree' })],
      'hs',
    );
    expect(dir!.difference.mean).toBe(20);
    expect(dir!.difference.median).toBeNull();
    expect(dir!.original.median).toBeNull();
  });
  it('pairs rows by layer as well as variable, and skips rows the variant lacks', () => {
    const rows = differenceRows(
      [row('cur', { layer: '10 m', mean: 0.3 }), row('cur', { layer: '50 m', mean: 0.2 }), row('hs')],
      [row('cur', { layer: '50 m', mean: 0.25 }), row('cur', { layer: '10 m', mean: 0.3 })],
      'hs',
    );
    expect(rows.map((r) => [r.layer, r.difference.mean])).toEqual([
      ['10 m', 0],
      ['50 m', expect.closeTo(0.05, 12)],
    ]);
  });
});

describe('formats', () => {
  it('shows a difference with its sign, never −0.00', () => {
    expect(formatStatistic(0.151, true)).toBe('+0.15');
    expect(formatStatistic(-0.004, true)).toBe('0.00');
    expect(formatStatistic(-0.25, true)).toBe('-0.25');
    expect(formatStatistic(null)).toBe('–');
  });
  it('parameters at 4 significant digits, skill at 3 decimals', () => {
    expect(formatParameter(1.0834567)).toBe('1.083');
    expect(formatParameter(-0.000123456)).toBe('-0.0001235');
    expect(formatParameter(2)).toBe('2');
    expect(formatSkill(0.12345)).toBe('0.123');
    expect(formatSkill(-0.0001)).toBe('0.000');
  });
});

describe('sourceChoices and calibratableVariables', () => {
  const buoy = (id: number, lat: number, lng: number, runs: string[]): Buoy =>
    ({
      id,
      code: String(44000 + id),
      name: `B${id}`,
      latitude: lat,
      longitude: lng,
      runs: runs.map((r) => ({ id: r, longName: r, units: 'm' })),
    }) as Buoy;
  const comparison = (id: number, pointId: number, status: SatelliteComparison['status']) =>
    ({
      id,
      name: `S${id}`,
      point: pointId,
      status,
      synthetic: true,
      stats: { hs: {} },
    }) as unknown as SatelliteComparison;
  // 0.5° of latitude is 55.6 km, 1° is 111 km: one inside BUOY_NEAR_KM (100 km), one outside
  const near = buoy(1, 43.95, -70.02, ['hs', 'tz']);
  const nearer = buoy(2, 43.55, -70.02, ['hs']);
  const far = buoy(3, 44.46, -70.02, ['hs']);
  const p = { id: 7, lat: 43.45, lng: -70.02 };
  const choices = sourceChoices(
    p,
    [near, far, nearer],
    [
      comparison(1, 7, 'FINISHED'),
      comparison(2, 7, 'RUNNING'),
      comparison(3, 8, 'FINISHED'),
      comparison(4, 7, 'FINISHED'),
    ],
  );

  it('lists the buoys within 100 km nearest first, the point’s finished comparisons newest first, then the upload', () => {
    expect(choices.map((c) => c.label)).toEqual([
      'Buoy 44002 (B2), 11 km',
      'Buoy 44001 (B1), 56 km',
      'Satellite comparison "S4" (synthetic altimetry)',
      'Satellite comparison "S1" (synthetic altimetry)',
      'Upload a measurement CSV',
    ]);
  });

  it('offers the scalar variables the source measured, none of the directions', () => {
    const rows = [row('hs'), row('tz'), row('wind_speed_10m'), row('dir', { circular: true })];
    expect(calibratableVariables(rows, choices[1]).map((r) => r.variable)).toEqual(['hs', 'tz']);
    expect(calibratableVariables(rows, choices[2]).map((r) => r.variable)).toEqual(['hs']);
    expect(calibratableVariables(rows, choices[4]).map((r) => r.variable)).toEqual([
      'hs',
      'tz',
      'wind_speed_10m',
    ]);
  });
});
