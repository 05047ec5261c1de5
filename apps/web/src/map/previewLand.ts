import type { PackedRings } from './clip';

let land: Promise<PackedRings> | null = null;

/**
 * The land of the cards' and the zone picker's previews, read in a worker (`land.worker.ts`) once per page.
 * Rejects where the browser has no module worker; the previews then show the zone and its points only.
 */
export function previewLand(): Promise<PackedRings> {
  land ??= new Promise<PackedRings>((resolve, reject) => {
    if (typeof Worker === 'undefined') throw new Error('coastline: no worker in this browser');
    const worker = new Worker(new URL('./land.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PackedRings | { error: string }>) => {
      worker.terminate();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`coastline: ${event.message}`));
    };
  }).catch((error: unknown) => {
    land = null;
    throw error;
  });
  return land;
}
