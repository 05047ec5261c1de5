// One first-visit dialog at a time (issue 23): the release notes and the first tutorial both open by
// themselves on a first visit; the tutorial waits until no such dialog is open any more.
import { useEffect, useSyncExternalStore } from 'react';

const open = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Marks the dialog `name` open while `shown` holds (and the component is mounted). */
export function useFirstVisitDialog(name: string, shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    open.add(name);
    emit();
    return () => {
      open.delete(name);
      emit();
    };
  }, [name, shown]);
}

/** Whether a first-visit dialog is open: automatic tutorials wait for it to close. */
export function useFirstVisitDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open.size > 0);
}
