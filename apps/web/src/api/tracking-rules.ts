// The searches worth a tracking event (spec 000 §7), kept pure for unit tests.
import type { TrackingEvent } from '@metocean/contracts';

/** Where a search was typed: the project list, the team list, the map's place search. */
export type SearchBox = 'projects' | 'team' | 'place';

/** How long a search box must stay unchanged before its search is tracked: one event per search, not per key. */
export const searchSettleMs = 1000;

const MAX_LABEL = 500;
/** The place search's minimum length (spec 000 §9), for every box: one letter says nothing. */
const MIN_SEARCH = 2;

/**
 * The tracking event of a search, or null when there is nothing worth recording: an empty box or fewer
 * characters than a place search needs (spec 000 §9: 2).
 */
export function searchEvent(box: SearchBox, query: string): Omit<TrackingEvent, 'path'> | null {
  const text = query.trim().replace(/\s+/g, ' ');
  if (text.length < MIN_SEARCH) return null;
  return { category: 'search', action: box, label: text.slice(0, MAX_LABEL) };
}
