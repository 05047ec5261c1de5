import { toRegularGrid } from '@metocean/core';
import { describe, expect, test } from 'vitest';
import { numericColumns, parseCsvSeries, parseCsvTable, parseTime } from '../src/index';

describe('CSV point series', () => {
  test('parseTime reads both formats and refuses times that are not real (no roll-over into another day)', () => {
    expect(parseTime('2000-02-29 23:00:00')).toBe(Date.UTC(2000, 1, 29, 23));
    expect(parseTime('2000-02-29-23')).toBe(Date.UTC(2000, 1, 29, 23));
    expect(parseTime('2024-02-29 00:00:00')).toBe(Date.UTC(2024, 1, 29));
    expect(parseTime('2024-12-31T23:59:59Z')).toBe(Date.UTC(2024, 11, 31, 23, 59, 59));
    for (const bad of [
      '1999-02-29-00',
      '1900-02-29-00', // not a leap year (century)
      '2000-13-01-00',
      '2000-04-31 00:00:00',
      '2000-01-01-24',
      '2000-01-01 10:60:00',

      '2000/01/01 00:00',
    ]) {
      expect(parseTime(bad), bad).toBeNaN();
    }
  });

  test('a trailing separator adds no cell; a row of another width names its line', () => {
    const table = parseCsvTable('# c\ntime,hs,\n\n2000-01-01-00,1,\n2000-01-01-01,2\n');
    expect(table.columns).toEqual(['time', 'hs']);
    expect(table.lines).toEqual([4, 5]);
    expect(() => parseCsvTable('time,hs\n2000-01-01-00,1,2\n')).toThrow(
      /^line 2: 3 cells where the header has 2/,
    );
  });

  test('missing cells are empty or NaN/NA/null; other words are errors naming line and column', () => {
    const table = parseCsvTable('level\n1.5\n\nnan\nNA\nnull\n-2e-1\n');
    expect([...numericColumns(table).level!]).toEqual([1.5, NaN, NaN, NaN, -0.2]);
    expect(() => numericColumns(parseCsvTable('level\n1\n0x10\n'))).toThrow(
      /line 3: column "level" holds "0x10"/,
    );
  });

  test('a record in several files names the file of a bad line; a time given twice is refused', () => {
    const a = 'time;hs\n2000-01-01-00;1\n2000-01-01-01;2\n';
    const b = 'time;hs\n2000-01-01-03;3\n2000-01-01-01;4\n';
    expect(() => parseCsvSeries([a, b])).toThrow(
      /^file 2, line 3: the time 2000-01-01-01 was already given on file 1, line 3$/,
    );
    expect(() => parseCsvSeries([a, 'time;hs\n2000-01-01-05;x\n'])).toThrow(
      /^file 2, line 2: column "hs" holds "x"/,
    );
    const series = parseCsvSeries([a, 'time;hs\n2000-01-01-03;3\n']);
    expect([...series.fields.hs!.values]).toEqual([1, 2, NaN, 3]);
  });

  test('toRegularGrid refuses two rows on one step instead of keeping the last', () => {
    expect(() => toRegularGrid([0, 3_600_000, 0], { x: [1, 2, 3] })).toThrow(
      /times\[0\] and times\[2\] are one step/,
    );
    expect([...toRegularGrid([7_200_000, 0], { x: [3, 1] }).values.x!]).toEqual([1, NaN, 3]);
  });
});
