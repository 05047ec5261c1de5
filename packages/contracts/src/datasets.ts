// Registering a hindcast file as a dataset serving zones (issue 4: `metocean ingest` and the admin call
// POST /api/datasets/ingest/, ours: the spec shows datasets only through the zones' dataset dialog).
import { z } from 'zod';
import { idMessage, MAX_ID } from './ids';
import { zoneDataset } from './zones';

/** The largest upload the admin call takes: a NetCDF/CSV file, or a Zarr store zipped (compressed size). */
export const DATASET_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** A zipped Zarr store may not unpack to more than this. */
export const DATASET_UNZIPPED_MAX_BYTES = 1024 * 1024 * 1024;

/** The form fields next to `file` (multipart), as text. */
export const ingestFields = z.object({
  name: z.string().trim().min(3).max(120),
  kind: z.enum(['global', 'regional']).default('regional'),
  /** Comma-separated zone ids the dataset serves. */
  zones: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'comma-separated zone ids')
    .transform((text) => [...new Set(text.split(',').map((id) => Number(id.trim())))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), `each zone id ${idMessage}`),
  origin: z.string().trim().max(500).default(''),
  notes: z.string().trim().max(2000).default(''),
  licence: z.string().trim().min(1).max(500),
  /** Where the data comes from (URL, archive, producer request). */
  source: z.string().trim().min(1).max(500),
  citation: z.string().trim().max(500).optional(),
  private: z
    .enum(['true', 'false'])
    .default('false')
    .transform((text) => text === 'true'),
  /** Position of a point CSV without a LONGITUDE/LATITUDE comment line. */
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(360).optional(),
  /** Spatial resolution when the file does not give a regular grid (point files): value and units. */
  resolution: z.coerce.number().positive().optional(),
  resolutionUnits: z.enum(['degree', 'km']).optional(),
  /** Values of the file meaning missing that it does not declare (issue 21): comma-separated numbers. */
  missing: z
    .string()
    .regex(
      /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?(\s*,\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)*\s*$/,
      'comma-separated numbers',
    )
    .transform((text) => text.split(',').map((v) => Number(v.trim())))
    .optional(),
});
export type IngestFields = z.infer<typeof ingestFields>;

export const ingestResult = z.object({
  dataset: zoneDataset,
  zones: z.array(z.object({ id: z.number(), name: z.string() })),
  nodes: z.number(),
  timeSteps: z.number(),
  /** File variables not taken, with the reason. */
  skipped: z.array(z.string()),
  /** Values treated as missing (fill values, outside the physical range), one sentence each (issue 21). */
  notes: z.array(z.string()),
  bytesRead: z.number(),
});
export type IngestResult = z.infer<typeof ingestResult>;

export const datasetMessages = {
  superuserOnly: 'Only administrators can register datasets',
  sendFile: 'Send the file as multipart/form-data in the field "file"',
  unknownFormat: (file: string) =>
    `${file}: unknown file type: send a NetCDF file (.nc, .nc4), a point CSV (.csv, .txt) or a Zarr store zipped (.zip)`,
  nameTaken: (name: string) => `A dataset named "${name}" already exists`,
  unknownZones: (ids: number[]) => `Unknown zone(s): ${ids.join(', ')}`,
  notZarrZip: (file: string) =>
    `${file}: the archive holds no Zarr store (a folder with .zgroup or zarr.json)`,
  tooLarge: (megabytes: number) => `The file is too large: the limit is ${megabytes} MB`,
} as const;
