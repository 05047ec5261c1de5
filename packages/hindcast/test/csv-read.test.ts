// Issue 21, reading series: the CSV dialects engineers meet (quoting, separators, BOM, CRLF, decimal
// commas, units in headers), fill values and the record's own time step, on small files written here.
import { describe, expect, test } from 'vitest';
import { detectDelimiter, parseCsvTable, parseStep, readCsvSeries } from '../src/index';

const H = 3_600_000;
const t0 = Date.UTC(2000, 0, 1);

describe('CSV dialects (csv-parse, RFC 4180)', () => {
  test('quoted header cells and quoted values; a quoted cell may hold the separator', () => {
    const read = readCsvSeries(
      '"time","sealevel","Hs, total [m]"\n"2000-01-01 00:00:00","1.5","2"\n"2000-01-01 01:00:00","-0.25","3"\n',
    );
    expect(Object.keys(read.series.fields)).toEqual(['sealevel', 'Hs, total']);
    expect([...read.series.fields.sealevel!.values]).toEqual([1.5, -0.25]);
    expect(read.series.fields['Hs, total']!.units).toBe('m');
  });

  test('",", ";" and tab are detected from the header, with spaces after the separator', () => {
    expect(detectDelimiter('# a, b, c\ntime;hs;tp\n')).toBe(';');
    expect(detectDelimiter('time\ths\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    const tab = readCsvSeries('time\ths\ttp\n2000-01-01-00\t1\t7\n2000-01-01-01\t2\t8\n');
    expect([...tab.series.fields.tp!.values]).toEqual([7, 8]);
    const semi = readCsvSeries('time; hs\n2000-01-01-00; 1.25\n');
    expect(semi.delimiter).toBe(';');
    expect([...semi.series.fields.hs!.values]).toEqual([1.25]);
  });

  test('a UTF-8 BOM and CRLF line ends are read as if absent', () => {
    const read = readCsvSeries('\uFEFFtime,hs\r\n2000-01-01 00:00:00,1\r\n2000-01-01 01:00:00,2\r\n');
    expect(Object.keys(read.series.fields)).toEqual(['hs']);
    expect([...read.series.fields.hs!.values]).toEqual([1, 2]);
    expect(read.series.time[0]).toBe(t0);
  });

  test('decimal commas with ";" (seen in the cells, or declared); never with "," separators', () => {
    const text = 'time;Hs [m]\n2000-01-01 00:00:00;1,5\n2000-01-01 01:00:00;2\n';
    const read = readCsvSeries(text);
    expect(read.decimal).toBe(',');
    expect([...read.series.fields.Hs!.values]).toEqual([1.5, 2]);
    expect(readCsvSeries('time;hs\n2000-01-01-00;2\n', { decimal: ',' }).decimal).toBe(',');
    // a decimal point in a decimal-comma file is not guessed (a thousands separator?)
    expect(() => readCsvSeries('time;hs\n2000-01-01-00;1,5\n2000-01-01-01;1.5\n')).toThrow(
      'line 3: column "hs" holds "1.5" where a number with a decimal comma like 1,5 was expected',
    );
    expect(() => parseCsvTable('time,hs\n2000-01-01-00,1\n', { decimal: ',' })).toThrow(
      /a decimal comma needs ";" or tab separators/,
    );
    // a quoted decimal comma in a "," file: the error says how to read it
    expect(() => readCsvSeries('time,hs\n2000-01-01-00,"1,5"\n')).toThrow(
      /line 2: column "hs" holds "1,5" where a number with a decimal point like 1\.5 \(a decimal comma needs ";" separators or --decimal ,\) was expected/,
    );
  });

  test('units in () or [] leave the name; the metocean-api comment block gives units otherwise', () => {
    const read = readCsvSeries('time,Hs [m],Tp (s),wind_speed_10m\n2000-01-01-00,1,8,5\n');
    expect(read.series.fields.Hs!.units).toBe('m');
    expect(read.series.fields.Tp!.units).toBe('s');
    expect(read.series.fields.wind_speed_10m!.units).toBe('');
  });

  test('errors name the line and the column and say what was expected', () => {
    expect(() => readCsvSeries('time,hs\n2000-01-01-00,1\n2000-01-01-01,abc\n')).toThrow(
      'line 3: column "hs" holds "abc" where a number like 1.5 was expected',
    );
    expect(() => readCsvSeries('time,hs\n01/01/2000 00:00,1\n')).toThrow(
      /line 2: column "time" holds "01\/01\/2000 00:00" where a time was expected \(YYYY-MM-DD HH:MM:SS/,
    );
    expect(() => readCsvSeries('time,hs\n2000-01-01-00,"1\n')).toThrow(/^line 2: not a valid CSV \(.*quote/i);
    expect(() => readCsvSeries('time;hs\n2000-01-01-00;1;2;3\n')).toThrow(
      'line 2: 4 cells where the header has 2 (time, hs), separated by ";"',
    );
  });
});

test('times: UTC by default; an ISO offset (pandas +00:00) is taken back to UTC; milliseconds read', () => {
  const read = readCsvSeries(
    'time,hs\n2000-01-01 00:00:00+00:00,1\n2000-01-01T02:00:00+01:00,2\n2000-01-01 02:00:00.000Z,3\n2000-01-01 03:00 UTC,4\n',
  );
  expect([...read.series.time]).toEqual([0, 1, 2, 3].map((h) => t0 + h * H));
  expect([...read.series.fields.hs!.values]).toEqual([1, 2, 3, 4]);
  expect(() => readCsvSeries('time,hs\n2000-01-01T00:00:00+1,1\n')).toThrow(/where a time was expected/);
});

describe('fill values: missing, counted and reported, never data', () => {
  test('values outside the physical range of a catalogue variable (Hs −999, NDBC 99.00) are missing', () => {
    const rows = [1.2, -999, 99.0, 1.4, -999, -999].map(
      (v, h) => `2000-01-01-0${h},${v},${h % 2 ? 'MM' : 180}`,
    );
    const read = readCsvSeries(`time,WVHT,MWD\n${rows.join('\n')}\n`);
    expect([...read.series.fields.WVHT!.values]).toEqual([1.2, NaN, NaN, 1.4, NaN, NaN]);
    expect([...read.series.fields.MWD!.values]).toEqual([180, NaN, 180, NaN, 180, NaN]);
    expect(read.missing).toEqual(
      expect.arrayContaining([
        { column: 'WVHT', value: '-999', count: 3, reason: 'range' },
        { column: 'WVHT', value: '99', count: 1, reason: 'range' },
        { column: 'MWD', value: 'MM', count: 3, reason: 'code' },
      ]),
    );
    expect(read.notes).toEqual([
      'WVHT: 4 values (3 of -999, 1 of 99) treated as missing (outside the physical range of hs, 0 to 30 m)',
      'MWD: 3 values of MM treated as missing (a missing-value code)',
    ]);
  });

  test('directions in the ±180° convention are data; 999 (NDBC) is not', () => {
    const read = readCsvSeries('time,WDIR\n2000-01-01-00,-170\n2000-01-01-01,999\n2000-01-01-02,360\n');
    expect([...read.series.fields.WDIR!.values]).toEqual([-170, NaN, 360]);
    expect(read.notes).toEqual([
      'WDIR: 1 value of 999 treated as missing (outside the physical range of wind_dir, -180 to 360 degree)',
    ]);
  });

  test('the range is taken in the column units (cm), and thousands are written 4,821', () => {
    const rows = Array.from(
      { length: 4823 },
      (_, i) => `${new Date(t0 + i * H).toISOString()},${i < 2 ? 150 : -999}`,
    );
    const read = readCsvSeries(`time,hs (cm)\n${rows.join('\n')}\n`);
    expect(read.series.fields.hs!.values[0]).toBe(150);
    expect(read.notes).toEqual([
      'hs: 4,821 values of -999 treated as missing (outside the physical range of hs, 0 to 3000 cm)',
    ]);
  });

  test('--missing declares more; a common fill code outside the catalogue is reported, kept', () => {
    const text = 'time,pres,count\n2000-01-01-00,1013,-1\n2000-01-01-01,9999,4\n2000-01-01-02,999,-1\n';
    const plain = readCsvSeries(text);
    expect([...plain.series.fields.pres!.values]).toEqual([1013, 9999, 999]);
    expect(plain.notes).toEqual([
      'pres: 1 value of 9999, a common fill code, kept as data (the column is not in the catalogue): declare it missing if it is one',
      'pres: 1 value of 999, a common fill code, kept as data (the column is not in the catalogue): declare it missing if it is one',
    ]);
    const declared = readCsvSeries(text, { missing: [9999, -1] });
    expect([...declared.series.fields.pres!.values]).toEqual([1013, NaN, 999]);
    expect([...declared.series.fields.count!.values]).toEqual([NaN, 4, NaN]);
    expect(declared.notes).toEqual([
      'count: 2 values of -1 treated as missing (declared missing)',
      'pres: 1 value of 9999 treated as missing (declared missing)',
      'pres: 1 value of 999, a common fill code, kept as data (the column is not in the catalogue): declare it missing if it is one',
    ]);
  });
});

describe("the record's own time step", () => {
  const rowsAt = (hours: number[], value = (h: number) => h): string =>
    'time,hs\n' +
    hours.map((h) => `${new Date(t0 + h * H).toISOString()},${value(h) % 10}`).join('\n') +
    '\n';

  test('a 3-hourly record is on a 3-hour grid: an absent step is one NaN, not two thirds of the record', () => {
    const read = readCsvSeries(rowsAt([0, 3, 6, 12, 15]));
    expect(read.series.stepMs).toBe(3 * H);
    expect([...read.series.time]).toEqual([0, 3, 6, 9, 12, 15].map((h) => t0 + h * H));
    expect([...read.series.fields.hs!.values]).toEqual([0, 3, 6, NaN, 2, 5]);
  });

  test('10-minute and daily records keep their step', () => {
    const tenMin = readCsvSeries(
      'time,hs\n2000-01-01 00:00:00,1\n2000-01-01 00:10:00,2\n2000-01-01 00:30:00,3\n',
    );
    expect(tenMin.series.stepMs).toBe(600_000);
    expect([...tenMin.series.fields.hs!.values]).toEqual([1, 2, NaN, 3]);
    expect(readCsvSeries('time,hs\n2000-01-01,1\n2000-01-02,2\n').series.stepMs).toBe(24 * H);
  });

  test('mixed steps are refused naming the first irregular rows; --resample keeps the rows on one grid', () => {
    // hourly, then one half-hour row
    const text = rowsAt([0, 1, 2, 3]).replace('2000-01-01T03:00:00.000Z', '2000-01-01T02:30:00.000Z');
    expect(() => readCsvSeries(text)).toThrow(
      "line 5: the time 2000-01-01T02:30:00.000Z comes 30 min after 2000-01-01T02:00:00.000Z (line 4), but the record's step is 1 h: the steps are mixed",
    );
    const read = readCsvSeries(text, { resampleMs: H });
    expect(read.series.stepMs).toBe(H);
    expect([...read.series.fields.hs!.values]).toEqual([0, 1, 2]);
    expect(read.notes).toEqual(['1 of 4 rows are off the 1 h grid and were left out (resample)']);
  });

  test('steps are written 10min, 30 min, 1h, 3h, 1d', () => {
    expect(['10min', '30 min', '1h', '3h', '6 h', '1d'].map(parseStep)).toEqual([
      600_000,
      1_800_000,
      H,
      3 * H,
      6 * H,
      24 * H,
    ]);
    expect(() => parseStep('fast')).toThrow(
      '"fast" is not a time step (expected e.g. 10min, 30min, 1h, 3h, 6h, 1d)',
    );
  });
});
