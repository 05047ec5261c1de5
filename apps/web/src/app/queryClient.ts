import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { session } from '../api/session';

/**
 * The app's one query client: the components read it through the provider in App.tsx, and the routes'
 * loaders prefetch into it before the page renders (`prefetchSignedIn` below, issue 34).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (4xx) will not change on a retry; network and server errors may.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * A route loader's prefetch (issue 34): once the session has its access token — at once, or when a cold
 * start's restore with the refresh cookie ends — `start` asks for the route's queries, so that on a first
 * load they go out beside the route's code and the signed-in user rather than one after the other. Returns
 * at once (the page shows its own loading state and errors); signed out, it asks nothing.
 */
export function prefetchSignedIn(start: (client: QueryClient) => void): null {
  void session.settled().then(() => {
    if (session.accessToken()) start(queryClient);
  });
  return null;
}

/**
 * For the routes that prefetch: their loader runs when the route is entered, not again when the address's
 * query changes (the home page's search box), where the page's own queries ask what they need.
 */
export const enteringOnly = (): boolean => false;
