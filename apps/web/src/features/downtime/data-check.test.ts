import { describe, expect, it } from 'vitest';
import type { ScanAnswer } from '@metocean/contracts';
import { uploadGaps } from './data-check';

// issue 30: the upload step refuses, before launch, an environment limiting what the chosen point lacks
const activity = (id: string, environment: string, locationAlias: string | null) => ({
  id,
  minimumDuration: 2,
  inputContingencyTime: 0,
  nbWindows: 1,
  environment,
  locationAlias,
  continuous: false,
});
const scan: ScanAnswer = {
  fileName: 'campaign.xlsx',
  outputDir: 'campaign',
  envCoords: 'Plan!A1:C3',
  tasksCoords: 'Plan!A5:G7',
  points: [
    {
      name: 'Port approach',
      lng: 109.94,
      lat: 15.51,
      dataset: 'ERA5 South China Sea',
      synthetic: false,
      fields: ['hs', 'tp', 'dir'],
      node: { lat: 15.51, lon: 109.94 },
      sharedWith: ['Port 2'],
    },
    {
      name: 'Port 2',
      lng: 109.95,
      lat: 15.52,
      dataset: 'ERA5 South China Sea',
      synthetic: false,
      fields: ['hs', 'tp', 'dir'],
      node: { lat: 15.51, lon: 109.94 },
      sharedWith: ['Port approach'],
    },
    {
      name: 'Offshore',
      lng: 110.5,
      lat: 16,
      dataset: 'Synthetic demo hindcast, synthetic',
      synthetic: true,
      fields: ['hs', 'tp', 'dir', 'wind_speed', 'wind_speed@10'],
      node: { lat: 16, lon: 110.5 },
      sharedWith: [],
    },
  ],
  environmentNeeds: { TRANSIT: ['hs', 'wind_speed'], LAY: ['hs'] },
  percentiles: [50],
  locationAliases: { PORT: null },
  formats: [{ value: 'TOTAL_DURATION', selected: true }],
  planning: { errors: [], warnings: [] },
  trips: [
    {
      id: 'K',
      tasks: [{ id: 'T', activities: [activity('A', 'TRANSIT', 'PORT'), activity('B', 'LAY', null)] }],
    },
  ],
};

describe('uploadGaps', () => {
  it('names the environment and point while the chosen point lacks wind, and nothing once it has it', () => {
    const gaps = uploadGaps(scan, { PORT: 'Port approach' });
    expect(gaps.map((g) => [g.environment, g.point, g.missing])).toEqual([
      ['TRANSIT', 'Port approach', ['wind_speed']],
    ]);
    expect(gaps[0]!.text).toContain('has no wind speed; it has Hs, Tp, mean direction');
    expect(uploadGaps(scan, { PORT: 'Offshore' })).toEqual([]);
  });

  it('waits for an alias to be chosen before judging it', () => {
    expect(uploadGaps(scan, { PORT: '' })).toEqual([]);
  });
});
