import { describe, expect, it } from 'vitest';
import { exportRows, sortedRows, usageDate } from './rules';

describe('usageDate', () => {
  it('reads "No date" for a missing or broken date, the UTC day otherwise', () => {
    expect(usageDate(null)).toBe('No date');
    expect(usageDate('not a date')).toBe('No date');
    expect(usageDate('2026-11-27T23:30:00.000Z')).toBe('2026-11-27');
  });
});

describe('exportRows', () => {
  it('is null without details, and one row per statistic code with its total otherwise', () => {
    expect(exportRows(null)).toBeNull();
    expect(
      exportRows({
        data: { EXT: { EXCEL: 0, MATLAB: 1, NETCDF: 0 }, DR: { EXCEL: 2, MATLAB: 0, NETCDF: 1 } },
        generatedAt: '2026-11-28T06:00:00.000Z',
      }),
    ).toEqual([
      { code: 'DR', counts: { EXCEL: 2, MATLAB: 0, NETCDF: 1 }, total: 3 },
      { code: 'EXT', counts: { EXCEL: 0, MATLAB: 1, NETCDF: 0 }, total: 1 },
    ]);
  });
});

describe('sortedRows', () => {
  const rows = [
    { name: 'beta', n: 10, at: '2026-01-02' },
    { name: 'Alpha', n: 2, at: null },
    { name: 'gamma', n: 2, at: '2025-05-05' },
  ];
  it('sorts numbers by value and keeps ties in the given order', () => {
    expect(sortedRows(rows, (r) => r.n, 'asc').map((r) => r.name)).toEqual(['Alpha', 'gamma', 'beta']);
    expect(sortedRows(rows, (r) => r.n, 'desc').map((r) => r.name)).toEqual(['beta', 'Alpha', 'gamma']);
  });
  it('sorts text without regard to case, and puts missing values last both ways', () => {
    expect(sortedRows(rows, (r) => r.name, 'asc').map((r) => r.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sortedRows(rows, (r) => r.at, 'asc').map((r) => r.name)).toEqual(['gamma', 'beta', 'Alpha']);
    expect(sortedRows(rows, (r) => r.at, 'desc').map((r) => r.name)).toEqual(['beta', 'gamma', 'Alpha']);
  });
  it('does not change the rows it is given', () => {
    const frozen = Object.freeze([...rows]);
    sortedRows(frozen, (r) => r.n, 'asc');
    expect(frozen.map((r) => r.name)).toEqual(['beta', 'Alpha', 'gamma']);
  });
});
