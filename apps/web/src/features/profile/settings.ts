import { useSyncExternalStore } from 'react';
import { userSettings, type UserSettings } from '@metocean/contracts';
import { useMe, useUpdateSettings } from '../../api/queries';

// The two per-user display settings (spec 000 §2.10) are stored locally, per user, and mirrored to the
// server so they follow the user to another browser. The local copy wins in this browser.

const key = (userId: number) => `metocean.settings.${userId}`;
const listeners = new Set<() => void>();
const cache = new Map<number, { raw: string | null; value: Partial<UserSettings> }>();

function readLocal(userId: number): Partial<UserSettings> {
  const raw = localStorage.getItem(key(userId));
  const cached = cache.get(userId);
  if (cached && cached.raw === raw) return cached.value;
  let value: Partial<UserSettings> = {};
  try {
    const parsed = userSettings.partial().safeParse(raw ? JSON.parse(raw) : {});
    if (parsed.success) value = parsed.data;
  } catch {
    value = {};
  }
  cache.set(userId, { raw, value });
  return value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's settings (local copy first, then the server's) and a setter that stores both. */
export function useUserSettings(): [UserSettings, (change: Partial<UserSettings>) => void] {
  const user = useMe();
  const update = useUpdateSettings();
  const local = useSyncExternalStore(subscribe, () => readLocal(user.id));
  const settings: UserSettings = { ...user.settings, ...local };
  const set = (change: Partial<UserSettings>) => {
    const next = { ...settings, ...change };
    localStorage.setItem(key(user.id), JSON.stringify(next));
    for (const listener of listeners) listener();
    update.mutate(next);
  };
  return [settings, set];
}
