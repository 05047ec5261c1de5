// The rules of the usage tables (spec 002 §2 "Usage analysis (staff)", §9 constants): how a date and the
// export details read, and how a column sorts.
import {
  EXPORT_KINDS,
  USAGE_PAGE_SIZE,
  USAGE_PAGE_SIZE_MAX,
  type ExportCounts,
  type ExportDetails,
  type SortDirection,
} from '@metocean/contracts';

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

// One order for the server's pages and the detail pages' tables.
export { sortedRows, type SortDirection, type SortValue } from '@metocean/contracts';

/** The list query of the address (?page=2&page_size=50&ordering=-lastVisit); anything unreadable is dropped. */
export function listQueryOf(params: URLSearchParams): {
  page: number;
  pageSize: number;
  ordering: string | null;
} {
  const whole = (text: string | null, min: number, max: number) => {
    const value = Number(text);
    return Number.isInteger(value) && value >= min && value <= max ? value : null;
  };
  const ordering = params.get('ordering');
  return {
    page: whole(params.get('page'), 1, 1_000_000) ?? 1,
    pageSize: whole(params.get('page_size'), 1, USAGE_PAGE_SIZE_MAX) ?? USAGE_PAGE_SIZE,
    ordering: ordering && /^-?[A-Za-z]+$/.test(ordering) ? ordering : null,
  };
}

/** The table's sort of an ordering ('-lastVisit': lastVisit, descending), and back. */
export function sortOf(ordering: string | null): { id: string; direction: SortDirection } | null {
  if (!ordering) return null;
  return ordering.startsWith('-')
    ? { id: ordering.slice(1), direction: 'desc' }
    : { id: ordering, direction: 'asc' };
}

export function orderingOf(sort: { id: string; direction: SortDirection } | null): string | null {
  if (!sort) return null;
  return sort.direction === 'desc' ? `-${sort.id}` : sort.id;
}
