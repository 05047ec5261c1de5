import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from '../api/queries';

/**
 * Sends a page-view event on every route change (spec 000 §2.2), once the browser is idle (at the latest
 * two seconds on): a page's own requests and first render go first, not beside a write nobody waits for.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    const send = () => track({ category: 'pageView', action: pathname, path: pathname });
    if (typeof requestIdleCallback === 'function') requestIdleCallback(send, { timeout: 2000 });
    else setTimeout(send, 200);
  }, [pathname]);
  return null;
}
