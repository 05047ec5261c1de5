// The label registry (issue 35): what a person reads for a variable code or a comparison metric.
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  intervalNotesText,
  metricHeader,
  metricUnits,
  variableLabel,
  variableUnits,
  VARIABLE_LABELS,
  yearBlockIntervalLabel,
} from '../src/labels';

describe('variableLabel', () => {
  it('names a spec code in words with its units, or without them on demand', () => {
    expect(variableLabel('magw')).toBe('Wind speed (m/s)');
    expect(variableLabel('magw', { units: false })).toBe('Wind speed');
    expect(variableLabel('hs')).toBe('Significant wave height (m)');
    expect(variableUnits('theta')).toBe('°');
  });

  it('reads an unknown code as itself, so nothing is hidden, and has no units for it', () => {
    expect(variableLabel('swh')).toBe('swh');
    expect(variableUnits('swh')).toBe('');
    // a property of every object is not a code
    expect(variableLabel('toString')).toBe('toString');
  });

  it('gives every code of the registry words that are not the code itself', () => {
    for (const [code, { label, units }] of Object.entries(VARIABLE_LABELS)) {
      expect(label.toLowerCase()).not.toBe(code.toLowerCase());
      expect(units).not.toBe('');
    }
  });
});

describe('metric units', () => {
  it("reads bias and rmse in the variable's units, pbias in %, circular metrics in degrees", () => {
    expect(metricHeader('bias', 'm')).toBe('bias (m)');
    expect(metricHeader('pbias', 'm')).toBe('pbias (%)');
    expect(metricHeader('rmse', 'm/s')).toBe('rmse (m/s)');
    expect(metricHeader('dir_bias', '°')).toBe('dir_bias (°)');
    expect(metricHeader('r2', 'm')).toBe('r²');
  });

  it('gives ratios and correlations no units', () => {
    for (const metric of ['nrmse', 'corr', 'SI', 'std_ratio', 'dir_corr', 'slope'])
      expect(metricUnits(metric, 'm'), metric).toBe('');
    expect(metricHeader('corr', 'm')).toBe('corr');
  });
});

describe('fieldLabel: the catalogue keys in the planner words (issue 30)', () => {
  it('reads a catalogue key as the spec code of the same variable does', () => {
    expect(fieldLabel('wind_speed')).toBe(variableLabel('magw', { units: false }));
    expect(fieldLabel('current_dir')).toBe(variableLabel('theta', { units: false }));
    expect(fieldLabel('hs')).toBe('Significant wave height');
  });

  it('names a level and keeps an unknown key readable', () => {
    expect(fieldLabel('wind_speed@10')).toBe('Wind speed at 10 m');
    expect(fieldLabel('wave_age')).toBe('wave age');
  });
});

describe('the planning intervals in words (issue 31)', () => {
  it('names the coverage and the resamples with a thousands separator', () => {
    expect(yearBlockIntervalLabel({ ci: 0.9, resamples: 1000 })).toBe(
      '90 % year-block interval (1,000 resamples)',
    );
    expect(yearBlockIntervalLabel({ ci: 0.95, resamples: 250 })).toBe(
      '95 % year-block interval (250 resamples)',
    );
  });

  it('groups the months by their reason, in the order of the periods', () => {
    const few = 'no interval: fewer than 5 years of data in the period, too few to resample whole years';
    expect(intervalNotesText({ Mar: few, Jan: few, Feb: 'no value' }, ['Jan', 'Feb', 'Mar', 'Apr'])).toEqual([
      'No interval for Jan, Mar: fewer than 5 years of data in the period, too few to resample whole years',
      'Feb: no value',
    ]);
    expect(intervalNotesText({}, ['Jan'])).toEqual([]);
    expect(intervalNotesText({ Jan: few, Feb: few }, ['Jan', 'Feb'])).toEqual([
      'No interval for any month: fewer than 5 years of data in the period, too few to resample whole years',
    ]);
  });
});
