import { describe, expect, it } from 'vitest';
import { exportQuery, statIdOf, statIdParts, toStoredJson } from '../src';

describe('the export request of spec 002 §3', () => {
  const base = { point: '3', stat_id: 'EPD__hs', export_kind: 'EXCEL' };
  it('reads month and level as zero-based indices; an empty value is not given, never 0', () => {
    expect(exportQuery.parse({ ...base, month: '0', export_level_idx: '2' })).toMatchObject({
      month: 0,
      export_level_idx: 2,
    });
    const empty = exportQuery.parse({ ...base, month: '', export_level_idx: '' });
    expect(empty.month).toBeUndefined();
    expect(empty.export_level_idx).toBeUndefined();
  });
  it('refuses a month outside 0-11 and a negative level with the message naming the field', () => {
    for (const month of ['12', '-1', '1.5', 'may']) {
      const answer = exportQuery.safeParse({ ...base, month });
      expect(answer.success).toBe(false);
      expect(answer.error?.issues[0]?.message).toMatch(/^month must be/);
    }
    expect(exportQuery.safeParse({ ...base, export_level_idx: '-1' }).error?.issues[0]?.message).toMatch(
      /^export_level_idx/,
    );
  });
});

describe('stored statistics', () => {
  it('name a statistic by id, field or variable, and partner, and read the name back', () => {
    expect(statIdOf('DR', { field: 'hs', partner: 'dp' })).toBe('DR__hs__dp');
    expect(statIdOf('CUREXT', { variable: 'current_speed' })).toBe('CUREXT__current_speed');
    expect(statIdOf('HEIEXT', {})).toBe('HEIEXT');
    expect(statIdParts('DR__hs__dp')).toEqual({ id: 'DR', subject: 'hs', partner: 'dp' });
    expect(statIdParts('EPD_month__wind_speed_10m')).toEqual({
      id: 'EPD_month',
      subject: 'wind_speed_10m',
      partner: '',
    });
    expect(statIdParts('HEIEXT')).toEqual({ id: 'HEIEXT', subject: '', partner: '' });
  });
  it('store typed arrays as arrays and missing numbers as -999 (spec 002 §3)', () => {
    expect(
      toStoredJson({ a: Float32Array.of(1.5, NaN), b: [Infinity, 2], c: 'x', d: { e: -Infinity } }),
    ).toEqual({ a: [1.5, -999], b: [-999, 2], c: 'x', d: { e: -999 } });
  });
});
