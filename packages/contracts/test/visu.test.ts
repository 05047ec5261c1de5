import { describe, expect, it } from 'vitest';
import { exportQuery } from '../src';

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
