// What a report holds (issue 30): a waves-only point gives a report of waves only, the other asked parts
// named once with the reason; a part one point has and another lacks is drawn for the first only.
import { describe, expect, it } from 'vitest';
import type { OverviewRow } from '@metocean/core';
import type { ReportPart } from '@metocean/contracts';
import type { ReportPoint } from '../../src/reports/data';
import { partList, reportScope } from '../../src/reports/scope';

const row = (field: string, longName: string, units: string) =>
  ({ field, variable: field, longName, units }) as OverviewRow;
// the fields of the ERA5 South China Sea file (shared/data README: pp1d, swh, mwd, named tp, hs, mwd here)
const era5 = [
  row('hs', 'significant wave height', 'm'),
  row('tp', 'peak wave period', 's'),
  row('mwd', 'mean wave direction', 'degree'),
];
const windy = [...era5, row('wind_speed_10m', 'wind speed at 10 m', 'm s-1')];

const point = (name: string, dataset: string, fields: OverviewRow[]) =>
  ({ point: { name }, dataset: { name: dataset }, fields }) as unknown as ReportPoint;

const ALL: ReportPart[] = ['waves', 'wind', 'currents', 'waterLevels'];

describe('reportScope', () => {
  it('keeps only the parts the data hold and says once why the others are left out', () => {
    const p = point('Port approach', 'ERA5 South China Sea', era5);
    const scope = reportScope({ points: [p], parts: ALL });
    expect(scope.parts).toEqual(['waves']);
    expect(scope.absent).toEqual(['wind', 'currents', 'waterLevels']);
    expect(scope.pointsOf('waves')).toEqual([p]);
    expect(scope.leftOut).toEqual([
      'Wind, currents and water levels are left out: the data of Port approach (ERA5 South China Sea: hs, tp, mwd) have none of their fields.',
    ]);
  });

  it('draws a part for the points that have it and names the ones that lack it', () => {
    const a = point('A', 'ERA5 South China Sea', era5);
    const b = point('B', 'NORA3', windy);
    const scope = reportScope({ points: [a, b], parts: ['waves', 'wind'] });
    expect(scope.parts).toEqual(['waves', 'wind']);
    expect(scope.absent).toEqual([]);
    expect(scope.pointsOf('wind')).toEqual([b]);
    expect(scope.pointsOf('waves')).toEqual([a, b]);
    expect(scope.leftOut).toEqual([
      'Wind is left out at A: its data (ERA5 South China Sea: hs, tp, mwd) have no wind fields.',
    ]);
  });

  it('a report of every part on data that hold them all leaves nothing out', () => {
    const full = [
      ...windy,
      row('current_speed', 'current speed', 'm s-1'),
      row('water_level', 'water level', 'm'),
    ];
    const scope = reportScope({ points: [point('M', 'Synthetic', full)], parts: ALL });
    expect(scope.parts).toEqual(ALL);
    expect(scope.leftOut).toEqual([]);
  });

  it('lists parts in words', () => {
    expect(partList(['wind'])).toBe('Wind');
    expect(partList(['wind', 'currents'])).toBe('Wind and currents');
  });
});
