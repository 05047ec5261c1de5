import { describe, expect, it } from 'vitest';
import type { ScanAnswer } from '@metocean/contracts';
import { defaultSettings, settingsPayload } from './settings';

const scan: ScanAnswer = {
  fileName: 'North jacket v3.xlsx',
  outputDir: 'North jacket v3',
  envCoords: 'Environments!B3:E6',
  tasksCoords: null,
  points: [
    { name: 'P1', lng: -4, lat: 47, dataset: null, synthetic: false, fields: [], node: null, sharedWith: [] },
    {
      name: 'P2',
      lng: -4.5,
      lat: 47.2,
      dataset: null,
      synthetic: false,
      fields: [],
      node: null,
      sharedWith: [],
    },
  ],
  environmentNeeds: {},
  percentiles: [50, 60, 70, 80, 90, 99],
  locationAliases: { port: 'P1', site: null },
  formats: [
    { value: 'TOTAL_DURATION', selected: true },
    { value: 'NO_DOWNTIME_RATIO', selected: false },
  ],
  planning: { errors: [], warnings: [] },
  trips: [],
};

describe('planning settings form (spec 001 §2.3, §5)', () => {
  it('prefills from the scan (the server names the output after the file, without extension)', () => {
    const form = defaultSettings(scan);
    expect(form.outputDir).toBe('North jacket v3');
    expect(form.envCoords).toBe('Environments!B3:E6');
    expect(form.tasksCoords).toBe('');
    expect(form.locationAliases).toEqual({ port: 'P1', site: '' });
    expect(defaultSettings({ ...scan, outputDir: 'given' }).outputDir).toBe('given');
  });

  it('does not share arrays with the scan (editing the form leaves the scan as read)', () => {
    const form = defaultSettings(scan);
    form.percentiles.push(95);
    form.formats[1]!.selected = true;
    expect(scan.percentiles).toHaveLength(6);
    expect(scan.formats[1]!.selected).toBe(false);
  });

  it('sends trimmed ranges and only the selected formats', () => {
    const form = { ...defaultSettings(scan), tasksCoords: '  Tasks!B3:L20 ', outputDir: ' run 1 ' };
    expect(settingsPayload(form)).toEqual({
      outputDir: 'run 1',
      percentiles: [50, 60, 70, 80, 90, 99],
      envCoords: 'Environments!B3:E6',
      tasksCoords: 'Tasks!B3:L20',
      locationAliases: { port: 'P1', site: '' },
      formats: ['TOTAL_DURATION'],
      alpha: 'none',
    });
    // issue 32: the alpha choice travels as chosen
    expect(settingsPayload({ ...form, alpha: 'os-h101-2011-t4-1' }).alpha).toBe('os-h101-2011-t4-1');
  });
});
