import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paths,
  type ContactRequest,
  type CurrentUser,
  type TrackingEvent,
  type UserSettings,
} from '@metocean/contracts';
import { apiRequest } from './client';
import { lazySchema } from './lazy-schema';
import { useAccessToken } from './hooks';

export const queryKeys = {
  currentUser: ['users', 'current'] as const,
  users: (scope: 'customer' | 'all', search: string) => ['users', 'list', scope, search] as const,
  changelog: ['changelog'] as const,
  maintenance: ['maintenance'] as const,
  flatPage: (url: string) => ['flatpages', url] as const,
  offers: ['offers'] as const,
};

// the answers' schemas, loaded with zod after the first page (issue 34)
const currentUser = lazySchema((schemas) => schemas.currentUser);
const collaborator = lazySchema((schemas) => schemas.collaborator);
const collaborators = lazySchema((schemas) => schemas.collaborators);
const offers = lazySchema((schemas) => schemas.offers);
const changelogResponse = lazySchema((schemas) => schemas.changelogResponse);
const maintenanceNotice = lazySchema((schemas) => schemas.maintenanceNotice);
const flatPage = lazySchema((schemas) => schemas.flatPage);
const userSettings = lazySchema((schemas) => schemas.userSettings);

// The queries the shell and the home page need at once, shared by their hooks and the routes' prefetch
// (app/routes.tsx, issue 34).
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => apiRequest(paths.usersCurrent, { schema: currentUser, signal }),
  staleTime: 60_000,
});

export const offersQuery = queryOptions({
  queryKey: queryKeys.offers,
  queryFn: ({ signal }) => apiRequest(paths.offers, { schema: offers, signal }),
  staleTime: 60_000,
});

export const changelogQuery = queryOptions({
  queryKey: queryKeys.changelog,
  queryFn: ({ signal }) => apiRequest(paths.changelog, { schema: changelogResponse, signal, kind: 'quiet' }),
  staleTime: Infinity,
});

export const maintenanceQuery = queryOptions({
  queryKey: queryKeys.maintenance,
  queryFn: ({ signal }) =>
    apiRequest(paths.maintenance, { schema: maintenanceNotice, signal, kind: 'quiet' }),
  // an answer prefetched a moment before the banner mounts is not asked again
  staleTime: 10_000,
});

export function useCurrentUser() {
  const accessToken = useAccessToken();
  return useQuery({ ...currentUserQuery, enabled: accessToken !== null });
}

/** The signed-in user, for components rendered inside the shell (which waits for it). */
export function useMe(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useMe() used outside the signed-in shell');
  return data;
}

export function useUsers(scope: 'customer' | 'all', search = '', enabled = true) {
  return useQuery({
    queryKey: queryKeys.users(scope, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (scope === 'all') query.set('scope', 'all');
      if (search) query.set('search', search);
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return apiRequest(`${paths.users}${suffix}`, { schema: collaborators, signal, forbidden: 'throw' });
    },
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The offer instances of the caller's account, expired ones included. */
export function useOffers() {
  return useQuery(offersQuery);
}

export function useChangelog(enabled = true) {
  return useQuery({ ...changelogQuery, enabled });
}

export function useMaintenance() {
  return useQuery({ ...maintenanceQuery, refetchInterval: 5 * 60_000 });
}

export function useFlatPage(url: string) {
  return useQuery({
    queryKey: queryKeys.flatPage(url),
    queryFn: ({ signal }) =>
      apiRequest(paths.flatpage(url), { schema: flatPage, signal, forbidden: 'throw' }),
    retry: false,
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) =>
      apiRequest(paths.usersCurrentSettings, { method: 'PUT', body: settings, schema: userSettings }),
    onSuccess: (settings) =>
      client.setQueryData<CurrentUser>(queryKeys.currentUser, (user) =>
        user ? { ...user, settings } : user,
      ),
  });
}

export function useEditNames() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...names }: { id: number; firstName: string; lastName: string }) =>
      apiRequest(paths.user(id), { method: 'PUT', body: names, schema: collaborator }),
    onSuccess: (updated) => {
      client.setQueryData<CurrentUser>(queryKeys.currentUser, (user) =>
        user && user.id === updated.id
          ? { ...user, firstName: updated.firstName, lastName: updated.lastName }
          : user,
      );
      return client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useContact() {
  return useMutation({
    mutationFn: (request: ContactRequest) =>
      apiRequest(paths.contact, { method: 'POST', body: request, kind: 'quiet' }),
  });
}

/** Fire-and-forget tracking (page views, clicks); failures never reach the user. */
export function track(event: Omit<TrackingEvent, 'label' | 'path'> & Partial<TrackingEvent>): void {
  apiRequest(paths.events, {
    method: 'POST',
    kind: 'quiet',
    body: { label: '', path: window.location.pathname, ...event },
  }).catch(() => undefined);
}
