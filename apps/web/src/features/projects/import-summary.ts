// What a point import says once done (issue 23): how many points were added and why any row was skipped.
import type { ParsedPoints } from '@metocean/contracts';

/** Every point file the server reads (spec 000 §5 point file rules; services/parse.ts). */
export const POINT_FILE_ACCEPT = '.csv,.txt,.xlsx,.geojson,.json,.kml,.kmz,.zip';

/** Reasons listed one by one before the rest are counted. */
const LISTED = 5;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "3 points added. 2 rows skipped: row 4: lat is not a number: 'x'; row 7: …". `skipped` adds reasons found
 * on this side (a name already in the list).
 */
export function importSummary(
  added: number,
  errors: ParsedPoints['errors'],
  skipped: { name: string; message: string }[] = [],
): string {
  const reasons = [
    ...errors.map((e) => (e.row === null ? e.message : `row ${e.row}: ${e.message}`)),
    ...skipped.map((s) => `${s.name}: ${s.message}`),
  ];
  const head = `${plural(added, 'point', 'points')} added.`;
  if (reasons.length === 0) return head;
  const rows = new Set(errors.map((e) => e.row ?? -1)).size + skipped.length;
  const listed = reasons.slice(0, LISTED).join('; ');
  const more = reasons.length > LISTED ? `; and ${reasons.length - LISTED} more` : '';
  return `${head} ${plural(rows, 'row', 'rows')} skipped: ${listed}${more}.`;
}
