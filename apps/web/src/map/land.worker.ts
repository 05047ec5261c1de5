// Reads and packs the land for the cards' SVG previews off the page's main thread: parsing the 546 kB
// topology and converting its 60,000 vertices is a ~150 ms task (GC included) that would otherwise land
// just after the home page is shown.
import { packedLand } from './coastline';

const scope = self as unknown as { postMessage(message: unknown, transfer?: Transferable[]): void };

packedLand().then(
  (land) => scope.postMessage(land, [land.coords.buffer, land.starts.buffer, land.boxes.buffer]),
  (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
