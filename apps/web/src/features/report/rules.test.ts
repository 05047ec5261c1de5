import { describe, expect, it } from 'vitest';
import type { Project } from '@metocean/contracts';
import { availableParts, proposedName, toggled } from './rules';

const row = (variable: string, longName: string) => ({
  layer: '',
  variable,
  longName,
  units: 'm',
  mean: 1,
  min: 0,
  max: 2,
  median: 1,
  std: 0.5,
  circular: false,
});

describe('availableParts', () => {
  it('finds waves from Hs and Tp, wind from a wind speed, and nothing from a direction alone', () => {
    const project = {
      overviewStats: {
        '1': [row('hs', 'Significant wave height'), row('tp', 'Peak period'), row('dp', 'Wave direction')],
        '2': [row('magw', 'Wind speed')],
      },
    };
    expect(availableParts(project)).toEqual(['waves', 'wind']);
    expect(availableParts({ overviewStats: { '1': [row('dp', 'Wave direction')] } })).toEqual([]);
  });
});

describe('proposedName', () => {
  const project = {
    name: 'North_Sea',
    points: [
      { id: 1, name: 'Point 1' },
      { id: 2, name: 'Point 2' },
    ],
  } as unknown as Project;
  it('codes the category, the points and the parts', () => {
    expect(proposedName(project, 'operability', [1], ['waves'], ['waves', 'wind'])).toBe(
      'North_Sea_OPE_Point1_WAV',
    );
    expect(proposedName(project, 'design', [1, 2], [], ['waves'])).toBe('North_Sea_DES_2P_ALL');
    expect(proposedName(project, 'design', [2], ['waves', 'wind'], ['waves', 'wind'])).toBe(
      'North_Sea_DES_Point2_ALL',
    );
  });
});

describe('toggled', () => {
  it("adds and removes one value; 'all' selects everything, then nothing", () => {
    expect(toggled([1], 2, [1, 2, 3])).toEqual([1, 2]);
    expect(toggled([1, 2], 1, [1, 2, 3])).toEqual([2]);
    expect(toggled([1], 'all', [1, 2, 3])).toEqual([1, 2, 3]);
    expect(toggled([1, 2, 3], 'all', [1, 2, 3])).toEqual([]);
  });
});
