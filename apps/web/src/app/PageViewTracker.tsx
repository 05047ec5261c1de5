import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from '../api/queries';

/** Sends a page-view event on every route change (spec 000 §2.2). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    track({ category: 'pageView', action: pathname, path: pathname });
  }, [pathname]);
  return null;
}
