import { describe, expect, it } from 'vitest';
import type { Zone, ZoneDataset, ZonePointData } from '@metocean/contracts';
import {
  datasetVariables,
  lackingVariablesNotes,
  periodYears,
  regionalZoneNote,
  resolutionText,
} from './zone-data';

function dataset(
  name: string,
  synthetic: boolean,
  resolution: [number, string],
  period: [string, string],
  groups: [ZoneDataset['dimensions'][number]['kind'], string[]][],
): ZoneDataset {
  return {
    id: name.length,
    name,
    kind: 'regional',
    isPrivate: false,
    synthetic,
    origin: '',
    notes: '',
    licence: '',
    citation: '',
    dimensions: groups.map(([kind, variables]) => ({
      kind,
      variables,
      spatialResolution: resolution[0],
      spatialResolutionUnits: resolution[1],
      timeStep: 3600,
      dateBegin: period[0],
      dateEnd: period[1],
      origin: '',
      notes: '',
    })),
  };
}

// The demo's South China Sea (registry.ts): the ERA5 record (0.5°, hourly 2000–2010, waves only) and the
// zone's synthetic set (0.25°, every variable); the World zone's synthetic set is 0.25° too.
const era5 = dataset(
  'ERA5 South China Sea (point 15.51 N 109.94 E)',
  false,
  [0.5, 'degree'],
  ['2000-01-01T00:00:00.000Z', '2010-12-31T23:00:00.000Z'],
  // in the file's column order (pp1d, swh, mwd)
  [['wave', ['tp', 'hs', 'dir']]],
);
const scsSynthetic = dataset(
  'Synthetic demo hindcast (South China Sea)',
  true,
  [0.25, 'degree'],
  ['1979-01-01T00:00:00.000Z', '2019-12-31T23:00:00.000Z'],
  [
    ['wave', ['hs', 'tp', 'dir']],
    ['wind', ['wind_speed', 'wind_dir']],
    ['current', ['current_speed']],
    ['waterLevel', ['water_level']],
  ],
);
const worldSynthetic = dataset(
  'Synthetic demo hindcast (worldwide)',
  true,
  [0.25, 'degree'],
  ['1979-01-01T00:00:00.000Z', '2019-12-31T23:00:00.000Z'],
  [['wave', ['hs']]],
);
const nora3 = dataset(
  'NORA3 southern North Sea (point 53.32 N 1.32 E)',
  false,
  [3, 'km'],
  ['2000-01-01T00:00:00.000Z', '2000-12-31T23:00:00.000Z'],
  [['wave', ['hs']]],
);
const zone = (name: string, datasets: ZoneDataset[], isWorld = false) =>
  ({ id: name.length, name, isWorld, datasets }) as unknown as Zone;

describe('dataset cards of the new-project flow', () => {
  it('give the period as first–last year (UTC), one year alone', () => {
    expect(periodYears(era5)).toBe('2000–2010');
    expect(periodYears(nora3)).toBe('2000');
  });

  it("list the variables in the planner's words (labels.ts), in the catalogue's order, each once", () => {
    expect(datasetVariables(era5)).toEqual([
      'Significant wave height',
      'Peak wave period',
      'Mean wave direction (coming from)',
    ]);
    expect(datasetVariables(scsSynthetic)).toContain('Wind speed');
    expect(datasetVariables(scsSynthetic)).toContain('Water level');
  });

  it('give the grid step as declared', () => {
    expect(resolutionText(era5)).toBe('0.5°');
    expect(resolutionText(nora3)).toBe('3 km');
  });
});

describe('the note beside the Global/High-Resolution toggle', () => {
  it('says "finer" only when a regional grid is finer than the worldwide one (3 km < 0.25° = 27.8 km)', () => {
    const note = regionalZoneNote(
      [zone('Southern North Sea', [nora3, worldSynthetic])],
      [zone('World', [worldSynthetic], true)],
    );
    expect(note).toMatch(
      /^These points lie in the Southern North Sea zone, which has finer data: NORA3 southern North Sea \(point 53\.32 N 1\.32 E\) at 3 km, 2000;/,
    );
  });

  it('says "its own data" where the regional grids are not finer (ERA5 0.5° against 0.25°)', () => {
    const note = regionalZoneNote(
      [zone('South China Sea', [era5, scsSynthetic])],
      [zone('World', [worldSynthetic], true)],
    );
    expect(note).toContain('South China Sea zone, which has its own data: ERA5 South China Sea');
    expect(note).toContain(
      '(point 15.51 N 109.94 E) at 0.5°, 2000–2010; Synthetic demo hindcast (South China Sea) at 0.25°, 1979–2019.',
    );
  });

  it('is silent without a regional zone', () => {
    expect(regionalZoneNote([], [zone('World', [worldSynthetic], true)])).toBeNull();
  });
});

describe('the variables new points will lack', () => {
  const entry = (
    name: string,
    variables: string[],
    lacks: string[],
  ): NonNullable<ZonePointData['points'][number]> => ({
    dataset: name,
    synthetic: false,
    node: { lat: 15.509, lon: 109.939, distanceKm: 0.1 },
    variables,
    lacks,
    sameNodeAs: [],
  });

  it('groups the points on the wave-only record and names what they lack and who holds it', () => {
    const data: ZonePointData = {
      zone: 1,
      points: [
        entry(era5.name, ['tp', 'hs', 'dir'], ['water_level', 'wind_speed']),
        entry(scsSynthetic.name, ['hs', 'wind_speed', 'water_level'], []),
        entry(era5.name, ['tp', 'hs', 'dir'], ['water_level', 'wind_speed']),
        null,
      ],
    };
    const notes = lackingVariablesNotes(
      data,
      ['SITE', 'FIELD', 'QUAY', 'LAND'],
      zone('South China Sea', [era5, scsSynthetic]),
    );
    expect(notes).toEqual([
      'SITE and QUAY will read ERA5 South China Sea (point 15.51 N 109.94 E), which has Significant wave height, Peak wave period and Mean wave direction (coming from) only: they will have no wind or water levels (held here only by Synthetic demo hindcast (South China Sea), synthetic, at other positions).',
    ]);
  });

  it('names whole dimensions in words and counts the other wave variables', () => {
    const lacks = ['tz', 'dp', 'hs_swell', 'wind_speed', 'wind_dir', 'current_speed', 'water_level'];
    const withMore = zone('South China Sea', [
      era5,
      dataset(
        'Synthetic demo hindcast (South China Sea)',
        true,
        [0.25, 'degree'],
        ['1979-01-01', '2019-12-31'],
        [
          ['wave', ['hs', 'tp', 'tz', 'dp', 'dir', 'hs_swell']],
          ['wind', ['wind_speed', 'wind_dir']],
          ['current', ['current_speed']],
          ['waterLevel', ['water_level']],
        ],
      ),
    ]);
    const [note] = lackingVariablesNotes(
      { zone: 1, points: [entry(era5.name, ['hs'], lacks)] },
      ['SITE'],
      withMore,
    );
    expect(note).toContain(
      'only: it will have no wind, currents or water levels, nor 3 other wave variables (',
    );
    const [few] = lackingVariablesNotes(
      { zone: 1, points: [entry(era5.name, ['hs'], ['tz'])] },
      ['SITE'],
      withMore,
    );
    expect(few).toContain('it will have no mean zero-crossing wave period (');
  });

  it('says nothing when every point reads every variable of the zone', () => {
    const data: ZonePointData = { zone: 1, points: [entry(scsSynthetic.name, ['hs'], [])] };
    expect(lackingVariablesNotes(data, ['A'], zone('South China Sea', [era5, scsSynthetic]))).toEqual([]);
  });
});
