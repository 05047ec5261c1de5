import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportQuery, float32Decimal, statIdOf, statIdParts, toStoredJson } from '../src';

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
  it('store a float32 column value as a short decimal that reads back to the same float32', () => {
    // 1.23 as float32 is 1.2300000190734863 as a double: 18 characters of JSON for 4 of information
    expect(toStoredJson(Float32Array.of(1.23, 0.1, 331.6293, -1e-30))).toEqual([1.23, 0.1, 331.6293, -1e-30]);
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const [stored] = JSON.parse(JSON.stringify(toStoredJson(Float32Array.of(value)))) as [number];
        expect(Math.fround(stored)).toBe(Math.fround(value) || 0);
        // at most 9 significant digits, the most a float32 needs (IEEE 754-2008 §5.12.2)
        const digits = stored
          .toExponential()
          .replace(/^-?|e.*$/g, '')
          .replace('.', '');
        expect(digits.length).toBeLessThanOrEqual(9);
        // 8 whenever 8 identify the float32 (99 % of them)
        if (Math.fround(+value.toPrecision(8)) === Math.fround(value))
          expect(digits.length).toBeLessThanOrEqual(8);
      }),
      { seed: 32, numRuns: 2000 },
    );
    expect(float32Decimal(Math.fround(2.5))).toBe(2.5);
  });
  it('store a float32 column value with the fewest digits that read back to it', () => {
    // 8 digits identify Math.fround(0.71) as 0.70999998, but 0.71 does too: a column stored at 2 decimals
    // reads as written
    expect(toStoredJson(Float32Array.of(0.71, 2.89, 0.6, 1234.5, 1e20))).toEqual([
      0.71, 2.89, 0.6, 1234.5, 1e20,
    ]);
    // a decimal of p ≤ 6 significant digits (a float32 holds 7 for certain) comes back with at most p
    const decimal = fc
      .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: -12, max: 20 }), fc.boolean())
      .map(([digits, exponent, negative]) => (negative ? -1 : 1) * Number(`${digits}e${exponent}`));
    const significant = (x: number): number =>
      x
        .toExponential()
        .replace(/^-?|e.*$/g, '')
        .replace('.', '').length;
    fc.assert(
      fc.property(decimal, (d) => {
        const stored = float32Decimal(Math.fround(d));
        expect(Math.fround(stored)).toBe(Math.fround(d));
        expect(significant(stored)).toBeLessThanOrEqual(significant(d));
      }),
      { seed: 71, numRuns: 5000 },
    );
  });
  it('store the numbers of a Float64Array as the doubles they are', () => {
    const doubles = Float64Array.of(Math.fround(1.23), 0.1 + 0.2, 474436800000);
    expect(toStoredJson(doubles)).toEqual([Math.fround(1.23), 0.1 + 0.2, 474436800000]);
  });
});
