// Measuring buoys (spec 002 §3 Buoy, "Buoy comparison"): the NDBC stations shipped with the demo, their
// observations stored once as Zarr under DATA_DIR/buoys/<station>.zarr (one node, hourly, absent hours NaN)
// and registered in the buoys table.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  createDatasetWriter,
  NDBC_BUOYS,
  openZarrDataset,
  readBuoy,
  VARIABLES,
  type BuoyInfo,
  type DatasetInfo,
  type ZarrDataset,
} from '@metocean/hindcast';
import type { Db } from '../db/client';
import { buoys } from '../db/schema';

/** What buoys.meta holds: where the observations are and where they come from. */
export interface BuoyMeta {
  path: string;
  notes: string;
  licence: string;
  /** Field name, units and long name of each observed series. */
  fields: { field: string; units: string; longName: string }[];
}

async function writeBuoyStore(dir: string, dataDir: string, buoy: BuoyInfo): Promise<void> {
  const { series } = await readBuoy(dataDir, buoy);
  const fields = Object.keys(series.fields);
  const info: DatasetInfo = {
    name: buoy.name,
    kind: 'regional',
    private: false,
    grid: { type: 'nodes', lat: [buoy.latitude], lon: [buoy.longitude] },
    variables: fields.map((field) => ({
      ...(VARIABLES[field] ?? { name: field, longName: field, units: '' }),
    })),
    spatialResolution: { value: 0, units: 'km' },
    timeStep: { value: 1, units: 'hour' },
    period: { start: series.time[0]!, end: series.time[series.time.length - 1]! },
    origin: buoy.centre,
    notes: buoy.notes,
    provenance: { source: buoy.files.join(', '), licence: buoy.licence },
  };
  const writer = await createDatasetWriter(dir, info, series.time);
  try {
    await writer.writeNode(0, Object.fromEntries(fields.map((f) => [f, series.fields[f]!.values])));
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Registers the NDBC buoys of the demo: observations read once from `sourceDir` (the server's assets) into a
 * store per station, then one row per station (upserted by station code).
 */
export async function seedBuoys(db: Db, dataDir: string, sourceDir: string): Promise<void> {
  const folder = path.join(dataDir, 'buoys');
  mkdirSync(folder, { recursive: true });
  for (const buoy of NDBC_BUOYS) {
    const dir = path.join(folder, `ndbc-${buoy.id}.zarr`);
    if (!existsSync(dir)) await writeBuoyStore(dir, sourceDir, buoy);
    const store = await openStore(dir);
    const values = {
      code: buoy.id,
      name: buoy.name,
      centre: buoy.centre,
      provider: buoy.provider,
      type: buoy.type,
      latitude: buoy.latitude,
      longitude: buoy.longitude,
      sensors: buoy.sensors,
      dateBegin: new Date(store.info.period.start),
      dateEnd: new Date(store.info.period.end),
      meta: {
        path: dir,
        notes: buoy.notes,
        licence: buoy.licence,
        fields: store.info.variables.map((v) => ({ field: v.name, units: v.units, longName: v.longName })),
      } satisfies BuoyMeta as unknown as Record<string, unknown>,
    };
    await db.insert(buoys).values(values).onConflictDoUpdate({ target: buoys.code, set: values });
  }
}

const stores = new Map<string, Promise<ZarrDataset>>();

/** A buoy's observation store, opened once per process. */
export function openStore(dir: string): Promise<ZarrDataset> {
  let store = stores.get(dir);
  if (!store) {
    store = openZarrDataset(dir);
    store.catch(() => stores.delete(dir));
    stores.set(dir, store);
  }
  return store;
}
