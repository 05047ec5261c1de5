import { useSyncExternalStore } from 'react';
import { appStatus, type AppStatus } from './appStatus';
import { session, type Notice } from './session';

// React's view of the session and of the app's status, apart from them so that the API client and the
// session's start (session-start.ts) load without React, before the app's frame (issue 34).

export function useAccessToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.accessToken);
}

/** True while a reload or a new tab fetches its access token: pages wait rather than show signed-out. */
export function useSessionRestoring(): boolean {
  return useSyncExternalStore(session.subscribe, session.restoring);
}

export function useSessionNotice(): Notice | null {
  return useSyncExternalStore(session.subscribe, session.notice);
}

export function useAppStatus(): AppStatus {
  return useSyncExternalStore(appStatus.subscribe, appStatus.get);
}
