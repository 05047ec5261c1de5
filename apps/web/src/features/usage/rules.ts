// The rules of the usage tables (spec 002 §2 "Usage analysis (staff)", §9 constants): how a date and the
// export details read, and how a column sorts.
import { EXPORT_KINDS, type ExportCounts, type ExportDetails } from '@metocean/contracts';

/** Missing dates read "No date" (spec 002 §2). */
export function usageDate(iso: string | null): string {
  if (!iso) return 'No date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'No date';
  return date.toISOString().slice(0, 10);
}

/**
 * Export details as table rows, statistic codes in alphabetical order, with each row's total; null when
 * there are none, which the page words as "No data available" (the spec's "noDataAvailable").
 */
export function exportRows(
  details: ExportDetails | null,
): { code: string; counts: ExportCounts; total: number }[] | null {
  if (!details) return null;
  return Object.entries(details.data)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, counts]) => ({
      code,
      counts,
      total: EXPORT_KINDS.reduce((sum, kind) => sum + counts[kind], 0),
    }));
}

export type SortValue = string | number | boolean | null;
export type SortDirection = 'asc' | 'desc';

/**
 * Rows sorted by one column: numbers by value, text case-insensitively, ties kept in the server's order;
 * empty values (no date, no name) last in either direction.
 */
export function sortedRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        if (a.key === b.key) return a.index - b.index;
        return a.key === null ? 1 : -1;
      }
      const order =
        typeof a.key === 'string' && typeof b.key === 'string'
          ? a.key.localeCompare(b.key, 'en', { sensitivity: 'base', numeric: true })
          : Number(a.key) - Number(b.key);
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((entry) => entry.row);
}
