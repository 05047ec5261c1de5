import { describe, expect, it } from 'vitest';
import { USAGE_PAGE_SIZE, usageOrderings } from '@metocean/contracts';
import { customerColumns, offerColumns, userColumns } from './columns';
import { exportRows, listQueryOf, orderingOf, sortedRows, sortOf, usageDate } from './rules';
import { nextSort } from './UsageTable';

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

describe('the lists sort and page on the server', () => {
  it('gives every sortable column of a list an ordering the server knows, and no other', () => {
    const lists = [
      ['customers', customerColumns],
      ['users', userColumns],
      ['offers', offerColumns],
    ] as const;
    for (const [list, columns] of lists) {
      const sortable = columns.filter((c) => c.sortValue).map((c) => c.id);
      expect(sortable.sort(), list).toEqual(Object.keys(usageOrderings[list]).sort());
    }
  });

  it('reads the page, size and ordering of the address, dropping what it cannot read', () => {
    expect(listQueryOf(new URLSearchParams(''))).toEqual({
      page: 1,
      pageSize: USAGE_PAGE_SIZE,
      ordering: null,
    });
    expect(listQueryOf(new URLSearchParams('page=3&page_size=50&ordering=-lastVisit'))).toEqual({
      page: 3,
      pageSize: 50,
      ordering: '-lastVisit',
    });
    expect(listQueryOf(new URLSearchParams('page=0&page_size=9999&ordering=a;b'))).toEqual({
      page: 1,
      pageSize: USAGE_PAGE_SIZE,
      ordering: null,
    });
    expect(listQueryOf(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('turns a header click into the next ordering: ascending first, then descending', () => {
    expect(orderingOf(nextSort(sortOf(null), 'name'))).toBe('name');
    expect(orderingOf(nextSort(sortOf('name'), 'name'))).toBe('-name');
    expect(orderingOf(nextSort(sortOf('-name'), 'name'))).toBe('name');
    expect(orderingOf(nextSort(sortOf('-name'), 'credits'))).toBe('credits');
    expect(sortOf('-lastVisit')).toEqual({ id: 'lastVisit', direction: 'desc' });
  });
});
