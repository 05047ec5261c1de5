// Registering an uploaded hindcast file as a dataset serving zones (admin call POST /api/datasets/ingest/):
// NetCDF4/NetCDF3 grids or points, point CSVs, xarray Zarr stores (zipped). The file is decoded by
// packages/hindcast's ingest into a new Zarr store under DATA_DIR/datasets; the dataset row and its zones are
// written in one transaction; any failure removes the store, so nothing is half-registered.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import {
  DATASET_UNZIPPED_MAX_BYTES,
  datasetMessages,
  type IngestFields,
  type IngestResult,
} from '@metocean/contracts';
import { DataFileError, ingest, nodeCount, type DatasetDescription } from '@metocean/hindcast';
import { datasets, zones } from '../db/schema';
import { presentDataset, registerDataset } from '../data/registry';
import { badRequest, forbidden, HttpError } from '../http/errors';
import type { Caller, Services } from './context';
import { logCallerEvent } from './events';
import { ArchiveError, readArchive, type ArchiveBudget } from './archive';

export function requireSuperuser(caller: Caller): void {
  if (!caller.isSuperuser) throw forbidden(datasetMessages.superuserOnly);
}

/** An upload kept aside for the time of the call: the route removes `folder` whatever happens. */
export interface Upload {
  folder: string;
  /** The file as sent, saved under `folder` with its (sanitised) name. */
  path: string;
  fileName: string;
}

/** A file name safe to keep: its last path segment, odd characters replaced. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  return cleaned === '' ? 'upload' : cleaned.slice(0, 120);
}

/** Error texts name the file as the user sent it, not where the server kept it. */
function userMessage(upload: Upload, error: DataFileError): string {
  return error.message.split(`${upload.folder}${path.sep}`).join('').split(upload.folder).join('');
}

/** A zipped Zarr store may hold many chunk files, each inflated within the dataset limit. */
const ZARR_ARCHIVE_BUDGET: ArchiveBudget = {
  maxEntries: 100_000,
  maxEntryBytes: DATASET_UNZIPPED_MAX_BYTES,
  maxTotalBytes: DATASET_UNZIPPED_MAX_BYTES,
};

/**
 * Unpacks a zipped Zarr store next to the upload, as a stream within ZARR_ARCHIVE_BUDGET (entry names are
 * checked: no absolute path, no '..'), and returns the store's folder.
 */
async function unzipZarr(upload: Upload): Promise<string> {
  const root = path.join(upload.folder, 'unzipped');
  const names: string[] = [];
  try {
    await readArchive(
      { path: upload.path },
      {
        kind: 'archive',
        budget: ZARR_ARCHIVE_BUDGET,
        action: (name) => {
          if (name.endsWith('/')) return 'skip';
          names.push(name);
          return { file: path.join(root, name) };
        },
      },
    );
  } catch (error) {
    // The ingest form shows errors by field: the archive's message goes to the file field.
    if (error instanceof ArchiveError)
      throw new HttpError(error.statusCode, {
        fieldErrors: { file: [`${upload.fileName}: ${error.message}`] },
      });
    throw error;
  }
  // The store: the folder holding the group metadata (.zgroup for Zarr v2, zarr.json for v3), shallowest first.
  const marker = names
    .filter((name) => /(^|\/)(\.zgroup|zarr\.json)$/.test(name))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (marker === undefined)
    throw badRequest({ fieldErrors: { file: [datasetMessages.notZarrZip(upload.fileName)] } });
  const store = path.join(root, path.dirname(marker));
  // Name the store after the upload so that errors speak of the file the user sent.
  const named = path.join(upload.folder, upload.fileName.replace(/\.zip$/i, '') || 'store.zarr');
  if (store === root) {
    await rm(named, { recursive: true, force: true });
    await mkdir(named);
    for (const entry of await readdir(root)) await rename(path.join(root, entry), path.join(named, entry));
    return named;
  }
  return store;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** Decodes the upload into a new store and registers it as a dataset serving the zones. */
export async function ingestUpload(
  services: Services,
  caller: Caller,
  upload: Upload,
  fields: IngestFields,
): Promise<IngestResult> {
  requireSuperuser(caller);
  const zoneRows = await services.db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(inArray(zones.id, fields.zones));
  const unknown = fields.zones.filter((id) => !zoneRows.some((zone) => zone.id === id));
  if (unknown.length > 0)
    throw badRequest({ fieldErrors: { zones: [datasetMessages.unknownZones(unknown)] } });
  const taken = await services.db
    .select({ id: datasets.id })
    .from(datasets)
    .where(inArray(datasets.name, [fields.name]));
  if (taken.length > 0) throw badRequest({ fieldErrors: { name: [datasetMessages.nameTaken(fields.name)] } });

  let input: string;
  if (/\.(nc|nc4|cdf|netcdf|h5|hdf5|csv|txt)$/i.test(upload.fileName)) input = upload.path;
  else if (/\.zip$/i.test(upload.fileName)) input = await unzipZarr(upload);
  else throw badRequest({ fieldErrors: { file: [datasetMessages.unknownFormat(upload.fileName)] } });

  const description: DatasetDescription = {
    name: fields.name,
    kind: fields.kind,
    private: fields.private,
    origin: fields.origin,
    notes: fields.notes,
    provenance: {
      source: fields.source,
      licence: fields.licence,
      ...(fields.citation ? { citation: fields.citation } : {}),
    },
    ...(fields.resolution !== undefined
      ? { spatialResolution: { value: fields.resolution, units: fields.resolutionUnits ?? 'km' } }
      : {}),
  };
  const folder = path.join(services.config.dataDir, 'datasets');
  await mkdir(folder, { recursive: true });
  const dir = path.join(folder, `${slug(fields.name)}-${randomBytes(4).toString('hex')}.zarr`);
  let ingested;
  try {
    ingested = await ingest(input, dir, description, {
      ...(fields.lat !== undefined ? { lat: fields.lat } : {}),
      ...(fields.lon !== undefined ? { lon: fields.lon } : {}),
      ...(fields.missing !== undefined ? { missing: fields.missing } : {}),
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof DataFileError)
      throw badRequest({ fieldErrors: { file: [userMessage(upload, error)] }, code: 'bad_data_file' });
    throw error;
  }
  let row;
  try {
    row = await registerDataset(services.db, ingested.info, { kind: 'zarr', path: dir }, fields.zones);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  if (!row) {
    await rm(dir, { recursive: true, force: true });
    throw badRequest({ fieldErrors: { name: [datasetMessages.nameTaken(fields.name)] } });
  }
  await logCallerEvent(
    services.db,
    caller,
    'dataset.ingested',
    `${fields.name} from ${upload.fileName} for zones ${fields.zones.join(', ')}`,
  );
  return {
    dataset: presentDataset(row),
    zones: zoneRows,
    nodes: nodeCount(ingested.info.grid),
    timeSteps:
      Math.round((ingested.info.period.end - ingested.info.period.start) / stepMs(ingested.info)) + 1,
    skipped: ingested.skipped,
    notes: ingested.notes,
    bytesRead: ingested.bytesRead,
  };
}

function stepMs(info: { timeStep: { value: number; units: string } }): number {
  const unit = info.timeStep.units.startsWith('h')
    ? 3_600_000
    : info.timeStep.units.startsWith('min')
      ? 60_000
      : 1000;
  return info.timeStep.value * unit || 1;
}

/** The folder uploads are kept in for the time of a call (removed by the route). */
export async function uploadFolder(services: Services): Promise<string> {
  const folder = path.join(services.config.dataDir, 'tmp', `ingest-${randomBytes(6).toString('hex')}`);
  await mkdir(folder, { recursive: true });
  return folder;
}
