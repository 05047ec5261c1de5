// The signed-in session (issue 23, docs/decisions.md "Refresh token in an HttpOnly cookie"): the access
// token lives in memory only; the refresh token is an HttpOnly cookie this code never sees. A reload or a
// new tab gets its access token from the cookie (client.ts `restoreSession`). localStorage holds no secret:
// a mark that this browser has a session (changed on each sign-in, so tabs follow each other's sign-in,
// impersonation and sign-out) and the time of the last activity. sessionStorage holds the notice the login
// page shows after the session ended (expired, unauthorised, inactivity).

export interface Notice {
  message: string;
  severity: 'error' | 'warning' | 'info' | 'success';
}

/** Set while this browser has a session; a new value on every sign-in. */
export const signedInKey = 'metocean.signedIn';
/** When the user last used the app, in epoch ms (shared by tabs; read by the inactivity check). */
export const lastActivityKey = 'metocean.lastActivity';
const noticeKey = 'metocean.notice';
// Versions before the cookie kept the token pair here: never leave it behind.
localStorage.removeItem('metocean.session');

type Listener = () => void;
const listeners = new Set<Listener>();

function readNotice(): Notice | null {
  try {
    const raw = sessionStorage.getItem(noticeKey);
    return raw ? (JSON.parse(raw) as Notice) : null;
  } catch {
    return null;
  }
}

let accessToken: string | null = null;
/** True while the access token is being fetched with the cookie (start-up, following another tab). */
let restoring = localStorage.getItem(signedInKey) !== null;
let notice: Notice | null = readNotice();

function emit(): void {
  for (const listener of listeners) listener();
}

export const session = {
  accessToken: (): string | null => accessToken,
  restoring: (): boolean => restoring,
  notice: (): Notice | null => notice,
  /** The sign-in mark: it changes when any tab signs in or out. */
  mark: (): string | null => localStorage.getItem(signedInKey),

  /** A new session (sign-in, impersonation start or stop): other tabs follow it. */
  start(token: string): void {
    // A new sign-in is activity: an old idle time must not end the new session.
    if (!accessToken) localStorage.setItem(lastActivityKey, String(Date.now()));
    localStorage.setItem(signedInKey, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
    accessToken = token;
    restoring = false;
    emit();
  },

  /** The same session with a renewed access token (renewal, or restored from the cookie). */
  renewed(token: string): void {
    accessToken = token;
    restoring = false;
    emit();
  },

  /** The access token is about to be fetched again with the cookie (another tab switched sessions). */
  beginRestore(): void {
    accessToken = null;
    restoring = true;
    emit();
  },

  /** Restoring could not reach the server: signed out here, the mark kept so a reload tries again. */
  abandonRestore(): void {
    restoring = false;
    emit();
  },

  /** Ends the session; the login page then shows `reason` when given. */
  end(reason?: Notice): void {
    const hadSession = accessToken !== null || restoring;
    accessToken = null;
    restoring = false;
    localStorage.removeItem(signedInKey);
    localStorage.removeItem(lastActivityKey);
    if (reason && (hadSession || !notice)) session.setNotice(reason);
    emit();
  },

  setNotice(next: Notice | null): void {
    notice = next;
    if (next) sessionStorage.setItem(noticeKey, JSON.stringify(next));
    else sessionStorage.removeItem(noticeKey);
    emit();
  },

  /** Resolves once no restore is under way: at once, or when the token fetched with the cookie came or not. */
  settled(): Promise<void> {
    if (!restoring) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (restoring) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
    });
  },

  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
