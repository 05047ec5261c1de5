import { describe as suite, expect, test } from 'vitest';
import { durationIn, formatDurationIn, roundTo, tableDurationUnit } from '../src';

// One unit per table (issue 30; spec 001 §9 "durations above 220 h in days"). References typed from the
// definitions: 9.6 d = 230 h / 24 rounded to 0.1; the float-noise cases are the ones the issue quotes.
suite('durations: one unit per table', () => {
  test('a table reads in days as soon as one value passes 220 h, in hours otherwise', () => {
    expect(tableDurationUnit([139, 179, 230])).toBe('d');
    expect(tableDurationUnit([139, 179, 220])).toBe('h');
    expect(tableDurationUnit([null, undefined, Number.NaN, 10])).toBe('h');
    expect(tableDurationUnit([])).toBe('h');
  });

  test('every cell of the table in that unit, at its precision', () => {
    const unit = tableDurationUnit([139, 179, 230]);
    expect([139, 179, 230].map((h) => formatDurationIn(h, unit))).toEqual(['5.8', '7.5', '9.6']);
    expect([10, 139.5].map((h) => formatDurationIn(h, 'h'))).toEqual(['10', '140']);
    expect(formatDurationIn(null, 'h')).toBe('–');
    expect(durationIn(10, 'd')).toBe(0.4);
  });

  test('roundTo leaves no float noise: the nearest double of the decimal text', () => {
    expect(roundTo(960.3000000000002, 2)).toBe(960.3);
    expect(roundTo(10 / 24, 2)).toBe(0.42);
    expect(String(roundTo(0.1 + 0.2, 6))).toBe('0.3');
    expect(roundTo(Number.NaN, 2)).toBeNaN();
  });
});
