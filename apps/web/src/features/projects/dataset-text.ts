// Dataset details as a user reads them (issue 23): dates in words, not ISO timestamps.

/** '1 January 2000' from an ISO date (UTC); '—' when unknown; the text itself when it is not a date. */
export function humanDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
