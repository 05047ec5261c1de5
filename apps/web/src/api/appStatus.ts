// Application-wide conditions the API reports outside any one request: a client too old for the server
// (HTTP 426) and a maintenance in progress (HTTP 426 whose body says maintenance: the page reloads).

export interface AppStatus {
  updateRequired: boolean;
  maintenanceReload: boolean;
}

/** Delay before reloading during maintenance (spec 000 §9: maintenance lasts up to 10 minutes). */
export const maintenanceReloadMs = 30_000;

let status: AppStatus = { updateRequired: false, maintenanceReload: false };
const listeners = new Set<() => void>();
let reloadTimer: number | undefined;

function set(next: Partial<AppStatus>): void {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

export const appStatus = {
  get: (): AppStatus => status,
  requireUpdate(): void {
    if (!status.updateRequired) set({ updateRequired: true });
  },
  scheduleMaintenanceReload(): void {
    if (reloadTimer !== undefined) return;
    set({ maintenanceReload: true });
    reloadTimer = window.setTimeout(() => window.location.reload(), maintenanceReloadMs);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
