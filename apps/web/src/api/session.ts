import { useSyncExternalStore } from 'react';
import { tokenPair, type TokenPair } from '@metocean/contracts';

// The signed-in session: the token pair (kept in localStorage so a reload or a new tab stays signed in)
// and the notice the login page shows after the session ended (expired, unauthorised, inactivity).

export interface Notice {
  message: string;
  severity: 'error' | 'warning' | 'info' | 'success';
}

const storageKey = 'metocean.session';
/** When the user last used the app, in epoch ms (shared by tabs; read by the inactivity check). */
export const lastActivityKey = 'metocean.lastActivity';
const noticeKey = 'metocean.notice';

type Listener = () => void;
const listeners = new Set<Listener>();

function readTokens(): TokenPair | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const parsed = tokenPair.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readNotice(): Notice | null {
  try {
    const raw = sessionStorage.getItem(noticeKey);
    return raw ? (JSON.parse(raw) as Notice) : null;
  } catch {
    return null;
  }
}

let tokens: TokenPair | null = readTokens();
let notice: Notice | null = readNotice();

function emit(): void {
  for (const listener of listeners) listener();
}

// Another tab signed in, renewed or signed out: follow it (refresh tokens rotate, so sharing matters).
window.addEventListener('storage', (event) => {
  if (event.key !== storageKey) return;
  tokens = readTokens();
  emit();
});

export const session = {
  tokens: (): TokenPair | null => tokens,
  notice: (): Notice | null => notice,

  /** Starts (or continues with renewed tokens) a session. */
  start(pair: TokenPair): void {
    // A new sign-in is activity: an old idle time must not end the new session.
    if (!tokens) localStorage.setItem(lastActivityKey, String(Date.now()));
    tokens = pair;
    localStorage.setItem(storageKey, JSON.stringify(pair));
    emit();
  },

  /** Ends the session; the login page then shows `reason` when given. */
  end(reason?: Notice): void {
    const hadSession = tokens !== null;
    tokens = null;
    localStorage.removeItem(storageKey);
    localStorage.removeItem(lastActivityKey);
    if (reason && (hadSession || !notice)) session.setNotice(reason);
    emit();
  },

  /**
   * Re-reads the stored pair, which another tab may have renewed meanwhile. Returns it when it differs from
   * `than` (and adopts it), otherwise null.
   */
  newerStored(than: TokenPair): TokenPair | null {
    const stored = readTokens();
    if (!stored || stored.refreshToken === than.refreshToken) return null;
    tokens = stored;
    emit();
    return stored;
  },

  setNotice(next: Notice | null): void {
    notice = next;
    if (next) sessionStorage.setItem(noticeKey, JSON.stringify(next));
    else sessionStorage.removeItem(noticeKey);
    emit();
  },

  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionTokens(): TokenPair | null {
  return useSyncExternalStore(session.subscribe, session.tokens);
}

export function useSessionNotice(): Notice | null {
  return useSyncExternalStore(session.subscribe, session.notice);
}
