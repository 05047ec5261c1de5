// Tracking events besides page views (spec 000 §7, 002 §6): searches, tutorials and clicks, each with an
// action and a label, sent fire-and-forget to POST /api/events/ (stored in tracking_events).
import { useEffect } from 'react';
import { track } from './queries';
import { searchEvent, searchSettleMs, type SearchBox } from './tracking-rules';

export { searchEvent, type SearchBox } from './tracking-rules';

/** Tracks a search once the box has stayed unchanged for `searchSettleMs`. */
export function useSearchTracking(box: SearchBox, query: string): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      const event = searchEvent(box, query);
      if (event) track(event);
    }, searchSettleMs);
    return () => clearTimeout(timer);
  }, [box, query]);
}

/** A click the product follows: contact us, the free demo, compute statistics, display statistics. */
export function trackClick(action: string, label = ''): void {
  track({ category: 'click', action, label });
}
