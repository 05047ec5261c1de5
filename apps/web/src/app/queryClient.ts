import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ApiError } from '../api/client';
import { session } from '../api/session';

/**
 * The app's one query client: the components read it through the provider in App.tsx, and the routes'
 * loaders prefetch into it before the page renders (`prefetching` below, issue 34).
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
 * A route's prefetch (issue 34), spread into the route: its loader, once the session has its access token
 * — at once, or when a cold start's restore with the refresh cookie ends — asks for the route's queries, so
 * that on a first load they go out beside the route's code and the signed-in user rather than one after the
 * other. The loader returns at once (the page shows its own loading state and errors); signed out, it asks
 * nothing. It runs when the route is entered, not again when the address's query changes (the home page's
 * search box), where the page's own queries ask what they need.
 */
export function prefetching(
  start: (client: QueryClient, request: Request) => void,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request }) => {
      void session.settled().then(() => {
        if (session.accessToken()) start(queryClient, request);
      });
      return null;
    },
    shouldRevalidate: () => false,
  };
}
