// The dataset registry: which hindcast serves which zone, as the dataset dialog shows it (spec 000 §2.4,
// §3 Dataset overview) and as the compute worker reads it. Real records are ingested once into Zarr stores
// under DATA_DIR/datasets; zones without real data are served by the synthetic demo hindcast.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  ingest,
  openZarrDataset,
  OutsideZoneError,
  REAL_DEMO_DATASETS,
  SYNTHETIC_NOTICE,
  syntheticDataset,
  type DatasetInfo,
} from '@metocean/hindcast';
import type { ZoneDataset as ContractZoneDataset } from '@metocean/contracts';
import type { Db } from '../db/client';
import { datasetZones, datasets, zones } from '../db/schema';
import { SYNTHETIC_RESOLUTION_DEG, type DataSource } from './sources';
import { seedBuoys } from './buoys';

/** What the dataset dialog shows, and where the data is. Stored in datasets.meta. */
export interface DatasetMeta {
  source: DataSource;
  synthetic: boolean;
  dateBegin: string;
  dateEnd: string;
  spatialResolution: number;
  spatialResolutionUnits: string;
  timeStepSeconds: number;
  variables: { name: string; longName: string; units: string; levels: number[] }[];
  provenance: { source: string; licence: string; citation?: string };
}

/** The zones each real record serves (by zone name), from the positions of the records. */
const REAL_ZONES: Record<string, string[]> = {
  'ERA5 South China Sea (point 15.51 N 109.94 E)': ['South China Sea'],
  'NORA3 southern North Sea (point 53.32 N 1.32 E)': ['Southern North Sea', 'North and Celtic Seas'],
};

function assetsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'assets', 'data');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('apps/server/assets/data not found');
}

function metaOf(info: DatasetInfo, source: DataSource): DatasetMeta {
  return {
    source,
    synthetic: info.synthetic ?? false,
    dateBegin: new Date(info.period.start).toISOString(),
    dateEnd: new Date(info.period.end).toISOString(),
    spatialResolution: info.spatialResolution.value,
    spatialResolutionUnits: info.spatialResolution.units,
    timeStepSeconds: Math.round(
      info.timeStep.units.startsWith('h') ? info.timeStep.value * 3600 : info.timeStep.value,
    ),
    variables: info.variables.map((v) => ({
      name: v.name,
      longName: v.longName,
      units: v.units,
      levels: v.levels ?? [],
    })),
    provenance: info.provenance,
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function upsertDataset(
  db: Db,
  info: DatasetInfo,
  source: DataSource,
  zoneIds: number[],
): Promise<void> {
  // every synthetic dataset's notes carry the notice once (the generator's own notes already start with it)
  const notes =
    info.synthetic && !info.notes.includes(SYNTHETIC_NOTICE)
      ? `${SYNTHETIC_NOTICE}; ${info.notes}`
      : info.notes;
  const values = {
    name: info.name,
    kind: info.kind,
    isPrivate: info.private,
    origin: info.origin,
    notes,
    meta: metaOf(info, source) as unknown as Record<string, unknown>,
  };
  const [row] = await db
    .insert(datasets)
    .values(values)
    .onConflictDoUpdate({ target: datasets.name, set: values })
    .returning({ id: datasets.id });
  if (!row) throw new Error(`dataset ${info.name} could not be registered`);
  await db.delete(datasetZones).where(eq(datasetZones.datasetId, row.id));
  if (zoneIds.length > 0)
    await db.insert(datasetZones).values(zoneIds.map((zoneId) => ({ datasetId: row.id, zoneId })));
}

/**
 * Registers a new dataset serving some zones, in one transaction (the caller removes the store it wrote if
 * this fails). Undefined when the name is taken: names are unique, an ingest never replaces a dataset.
 */
export async function registerDataset(
  db: Db,
  info: DatasetInfo,
  source: DataSource,
  zoneIds: number[],
): Promise<ZoneDataset | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(datasets)
      .values({
        name: info.name,
        kind: info.kind,
        isPrivate: info.private,
        origin: info.origin,
        notes: info.notes,
        meta: metaOf(info, source) as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing({ target: datasets.name })
      .returning();
    if (!row) return undefined;
    if (zoneIds.length > 0)
      await tx.insert(datasetZones).values(zoneIds.map((zoneId) => ({ datasetId: row.id, zoneId })));
    return { ...row, meta: row.meta as unknown as DatasetMeta };
  });
}

/**
 * Registers the demo datasets: the real ERA5 and NORA3 records (ingested into Zarr once), the NDBC buoys
 * with their observations, and one synthetic hindcast per zone (worldwide for World, regional elsewhere, cyclonic where the zone is).
 */
export async function seedDatasets(db: Db, dataDir: string): Promise<void> {
  const zoneRows = await db.select().from(zones).orderBy(asc(zones.id));
  const idOf = (name: string) => zoneRows.find((z) => z.name === name)?.id;
  const folder = path.join(dataDir, 'datasets');
  mkdirSync(folder, { recursive: true });
  for (const record of REAL_DEMO_DATASETS) {
    const dir = path.join(folder, `${slug(record.description.name)}.zarr`);
    if (!existsSync(dir))
      await ingest(
        record.files.map((file) => path.join(assetsDir(), file)),
        dir,
        record.description,
      );
    const store = await openZarrDataset(dir);
    const served = (REAL_ZONES[record.description.name] ?? [])
      .map(idOf)
      .filter((id): id is number => id !== undefined);
    await upsertDataset(db, store.info, { kind: 'zarr', path: dir }, served);
  }
  await seedBuoys(db, dataDir, assetsDir());
  for (const zone of zoneRows) {
    const info = syntheticDataset({
      name: zone.isWorld ? 'Synthetic demo hindcast (worldwide)' : `Synthetic demo hindcast (${zone.name})`,
      kind: zone.isWorld ? 'global' : 'regional',
      // the grid the points are read from (sources.ts), so the dataset dialog and the Grids overlay agree
      resolutionDeg: SYNTHETIC_RESOLUTION_DEG,
      cyclonic: zone.isCyclonic,
    }).info;
    await upsertDataset(db, info, { kind: 'synthetic', cyclonic: zone.isCyclonic }, [zone.id]);
  }
}

export interface ZoneDataset {
  id: number;
  name: string;
  kind: string;
  isPrivate: boolean;
  origin: string;
  notes: string;
  meta: DatasetMeta;
}

/** The datasets of some zones: real records first, then synthetic, each group by name. */
export async function datasetsOfZones(
  db: Db,
  zoneIds: number[],
): Promise<(ZoneDataset & { zoneId: number })[]> {
  if (zoneIds.length === 0) return [];
  const rows = await db
    .select({ dataset: datasets, zoneId: datasetZones.zoneId })
    .from(datasetZones)
    .innerJoin(datasets, eq(datasets.id, datasetZones.datasetId))
    .where(inArray(datasetZones.zoneId, zoneIds))
    .orderBy(asc(datasets.name));
  return rows
    .map(({ dataset, zoneId }) => ({ ...dataset, meta: dataset.meta as unknown as DatasetMeta, zoneId }))
    .sort((a, b) => Number(a.meta.synthetic) - Number(b.meta.synthetic));
}

const DIMENSION_OF: [RegExp, ZoneDatasetDimension['kind']][] = [
  [/^wind_/, 'wind'],
  [/^current_/, 'current'],
  [/^(water_level|tide|surge)$/, 'waterLevel'],
  [/^(temperature|salinity)$/, 'hydrology'],
  [/^(hs|tp|tz|dp|dir|energy_flux)|_swell$|_sea$/, 'wave'],
];
type ZoneDatasetDimension = ContractZoneDataset['dimensions'][number];

/** The dialog's view of a dataset: one entry per dimension (waves, wind, currents …) it holds. */
export function presentDataset(dataset: ZoneDataset): ContractZoneDataset {
  const groups = new Map<ZoneDatasetDimension['kind'], string[]>();
  for (const variable of dataset.meta.variables) {
    if (variable.name === 'hurricane') continue;
    const kind = DIMENSION_OF.find(([pattern]) => pattern.test(variable.name))?.[1] ?? 'other';
    groups.set(kind, [...(groups.get(kind) ?? []), variable.name]);
  }
  return {
    id: dataset.id,
    name: dataset.name,
    kind: dataset.kind === 'global' ? 'global' : 'regional',
    isPrivate: dataset.isPrivate,
    synthetic: dataset.meta.synthetic,
    origin: dataset.origin,
    notes: dataset.notes,
    licence: dataset.meta.provenance.licence,
    citation: dataset.meta.provenance.citation ?? '',
    dimensions: [...groups].map(([kind, variables]) => ({
      kind,
      variables,
      spatialResolution: dataset.meta.spatialResolution,
      spatialResolutionUnits: dataset.meta.spatialResolutionUnits,
      timeStep: dataset.meta.timeStepSeconds,
      dateBegin: dataset.meta.dateBegin,
      dateEnd: dataset.meta.dateEnd,
      origin: dataset.origin,
      notes: dataset.notes,
    })),
  };
}

/**
 * The source that serves a position of a zone: the first real record whose node speaks for the position,
 * else the zone's synthetic hindcast. Undefined when the zone has no dataset at all.
 */
export async function sourceForPoint(
  db: Db,
  zoneId: number,
  lat: number,
  lon: number,
): Promise<DataSource | undefined> {
  return (await sourceResolver(db, zoneId))(lat, lon).then((found) => found?.source);
}

/**
 * sourceForPoint's rule for many positions of one zone, the zone's datasets read once; each answer names the
 * registered dataset ("Synthetic demo hindcast (South China Sea)"), as the dataset dialog does.
 */
export async function sourceResolver(
  db: Db,
  zoneId: number,
): Promise<(lat: number, lon: number) => Promise<{ source: DataSource; name: string } | undefined>> {
  const served = await datasetsOfZones(db, [zoneId]);
  return async (lat, lon) => {
    for (const { meta, name } of served) {
      const source = meta.source;
      if (source.kind === 'synthetic') return { source, name };
      try {
        (await openStore(source.path)).nearest(lat, lon);
        return { source, name };
      } catch (error) {
        if (!(error instanceof OutsideZoneError)) throw error;
      }
    }
    return undefined;
  };
}

const stores = new Map<string, ReturnType<typeof openZarrDataset>>();
function openStore(dir: string) {
  let store = stores.get(dir);
  if (!store) {
    store = openZarrDataset(dir);
    stores.set(dir, store);
  }
  return store;
}
