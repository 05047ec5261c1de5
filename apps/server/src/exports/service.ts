// GET /api/projects/{id}/export/ (spec 002 §3 export request, §4 download permission, §9 formats): a
// stored statistic of a computed point, or the point's full record (EFT, read from its dataset, never
// stored), as .xlsx, .mat or .nc. The caller must see the project (404) and its offer must allow
// statistics downloads (403 with the upgrade message); a request the statistic cannot answer gets 400.
import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import {
  EXPORT_EXTENSIONS,
  EXPORT_QUERY_KEYS,
  projectMessages,
  statIdParts,
  type ExportQuery,
  type VisuKwargs,
} from '@metocean/contracts';
import { statisticOf, type Series } from '@metocean/core';
import { points } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { datasetsOfZones, sourceForPoint } from '../data/registry';
import { analysedSeries } from '../data/sources';
import { readPointRecord, seriesStampRows } from '../data/calibrated';
import type { Caller, Services } from '../services/context';
import { logExport } from '../services/events';
import { projectFor, type ProjectAccess } from '../services/project-access';
import { storedPayload } from '../services/results';
import {
  payloadDocument,
  SelectionError,
  seriesDocument,
  type ExportContext,
  type ExportDocument,
} from './document';
import { writeMatDocument } from './mat';
import { writeNetcdfDocument } from './netcdf';
import { writeXlsx } from './xlsx';

/** 'Export all time series': the point's full record, streamed at export time (docs/decisions.md). */
export const EFT_ID = 'EFT';

export const exportMessages = {
  notComputed: (point: string) =>
    `The point ${point} is not computed yet: compute its statistics before exporting them.`,
  unknownStatistic: (statId: string, point: string) =>
    `stat_id: "${statId}" is not a statistic of the point ${point}; GET /api/projects/{id}/stats/ lists them, and EFT exports every time series.`,
  failedStatistic: (statId: string, error: string) =>
    `stat_id: ${statId} could not be computed for this point (${error}), so there is nothing to export.`,
  noDataset: 'No dataset serves this point any more: its time series cannot be exported.',
  unknownFields: (names: string[], point: string, have: string[]) =>
    `fields: ${names.join(', ')} ${names.length > 1 ? 'are not variables' : 'is not a variable'} of the point ${point} (it has ${have.join(', ')}).`,
  fieldsOnlyForEft: 'fields: only the full time series (stat_id EFT) takes a list of variables.',
  pointsOnlyForEft: 'points: only the full time series (stat_id EFT) takes several points.',
  netcdfOnePoint:
    'points: a NetCDF file holds one point (a CF time series of one station): choose Excel or Matlab for several points, or export them one at a time.',
  noDatasetAt: (point: string) =>
    `No dataset serves the point ${point} any more: its time series cannot be exported.`,
  differentAxes: (a: string, b: string) =>
    `The points' records do not share one time axis (${a}; ${b}): export them one at a time.`,
} as const;

type PointRow = typeof points.$inferSelect;
type SelectionRequest = { month?: number; levelIndex?: number; classLists: Record<string, string> };

const CONTENT_TYPES = {
  EXCEL: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  MATLAB: 'application/x-matlab-data',
  NETCDF: 'application/x-netcdf',
} as const;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** A file name of letters, digits, '-', '_' and '.', with the format's extension. */
export function exportFileName(wanted: string, kind: ExportQuery['export_kind']): string {
  const extension = EXPORT_EXTENSIONS[kind];
  const base =
    wanted
      .replace(new RegExp(`\\.${extension}$`, 'i'), '')
      .replace(/[^A-Za-z0-9_.-]+/g, '_')
      .replace(/^[_.]+|_+$/g, '')
      .slice(0, 150) || 'export';
  return `${base}.${extension}`;
}

/** The class lists of the request: every key that is not one of the export request's own. */
export function classListsOf(query: ExportQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] =>
        !EXPORT_QUERY_KEYS.includes(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

/**
 * The provenance of a dataset of the project's zone, from the registry: source, licence, citation. The
 * synthetic hindcast of a zone is named per process, so it is found by its flag when the name differs.
 */
async function provenanceOf(
  services: Services,
  zoneId: number,
  datasetName: string,
  synthetic: boolean,
): Promise<Pick<ExportContext, 'provenance' | 'coverage'>> {
  const datasets = await datasetsOfZones(services.db, [zoneId]);
  const dataset =
    datasets.find((d) => d.name === datasetName) ??
    (synthetic ? datasets.find((d) => d.meta.synthetic) : undefined);
  if (!dataset) return {};
  const { source, licence, citation } = dataset.meta.provenance;
  const start = Date.parse(dataset.meta.dateBegin);
  const end = Date.parse(dataset.meta.dateEnd);
  return {
    provenance: [source, licence && `licence: ${licence}`, citation].filter(Boolean).join('; '),
    ...(Number.isFinite(start) && Number.isFinite(end) ? { coverage: { start, end } } : {}),
  };
}

async function statisticDocument(
  services: Services,
  access: ProjectAccess,
  point: PointRow,
  query: ExportQuery,
  request: SelectionRequest,
  context: ExportContext,
): Promise<ExportDocument> {
  const settings =
    query.below !== undefined || query.durations !== undefined
      ? { below: query.below, durationsHours: query.durations }
      : undefined;
  const payload = await storedPayload(services, access, point.id, query.stat_id, undefined, settings).catch(
    (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404)
        throw badRequest({
          fieldErrors: { stat_id: [exportMessages.unknownStatistic(query.stat_id, point.name)] },
        });
      throw error;
    },
  );
  const { kwargs } = payload;
  if (kwargs.error)
    throw badRequest({
      fieldErrors: { stat_id: [exportMessages.failedStatistic(query.stat_id, kwargs.error)] },
    });
  const { id, subject, partner } = statIdParts(query.stat_id);
  // TS and CTS are stored downsampled for the chart: their exports are the full record of their fields
  if (FULL_RECORD.has(id))
    return timeSeriesDocument(services, access, point, request, context, {
      kwargs,
      fields: [subject, partner].filter(Boolean),
    });
  const about = await provenanceOf(services, access.zone.id, kwargs.dataset, Boolean(kwargs.notice));
  return payloadDocument(payload, request, { ...context, ...about });
}

/**
 * The series items of a file (issue 33): a point's own (original, or calibrated with its correction); for
 * several points, each one's, named.
 */
async function seriesOf(services: Services, rows: PointRow[]): Promise<[string, string | number][]> {
  const variants = await services.db
    .select({ name: points.name, of: points.calibrationOf })
    .from(points)
    .where(
      inArray(
        points.calibrationOf,
        rows.map((r) => r.id),
      ),
    );
  const own = (row: PointRow) =>
    seriesStampRows(
      row.calibration,
      variants.filter((v) => v.of === row.id).map((v) => v.name),
    );
  if (rows.length === 1) return own(rows[0]!);
  return rows.flatMap((row) =>
    own(row).map(([item, value]): [string, string | number] => [`${item} (${row.name})`, value]),
  );
}

/** Statistics whose stored result is a display series: exported as the full record of their fields. */
const FULL_RECORD = new Set(['TS', 'CTS']);

async function timeSeriesDocument(
  services: Services,
  access: ProjectAccess,
  point: PointRow,
  request: SelectionRequest,
  context: ExportContext,
  only?: { kwargs?: VisuKwargs; fields: string[] },
): Promise<ExportDocument> {
  const source = await sourceForPoint(services.db, access.zone.id, point.lat, point.lng);
  if (!source) throw badRequest({ nonFieldErrors: [exportMessages.noDataset] });
  const { series, node, dataset } = await readPointRecord(source, point);
  const analysed = analysedSeries(series);
  const eft = statisticOf(EFT_ID);
  let kwargs: VisuKwargs = {
    statId: EFT_ID,
    code: 'EFT',
    periodicity: 'annual',
    title: `${eft.name} at ${point.name}`,
    dataset: dataset.name,
    node,
    method: eft.method,
  };
  if (dataset.synthetic) kwargs.notice = (dataset.notes.split(';')[0] ?? dataset.notes).trim();
  let exported = analysed;
  if (only) {
    const unknown = only.fields.filter((f) => !analysed.fields[f]);
    if (unknown.length > 0) {
      const message = exportMessages.unknownFields(unknown, point.name, Object.keys(analysed.fields));
      throw badRequest({ fieldErrors: { fields: [message] } });
    }
    exported = { ...analysed, fields: Object.fromEntries(only.fields.map((f) => [f, analysed.fields[f]!])) };
    // a statistic's own kwargs (title, axes), with the method of what the file holds
    if (only.kwargs)
      kwargs = { ...only.kwargs, method: `${eft.method} (the chart shows a min/max downsampling of it)` };
  }
  const { provenance } = await provenanceOf(services, access.zone.id, dataset.name, dataset.synthetic);
  return seriesDocument(exported, kwargs, request, { ...context, provenance });
}

/** A record's period and step in words: "2000-01-01 to 2000-12-31, every 1 h". */
function spanOf(name: string, time: Float64Array, stepMs: number): string {
  const day = (ms: number | undefined) => (ms === undefined ? '?' : new Date(ms).toISOString().slice(0, 10));
  return `${name}: ${day(time[0])} to ${day(time.at(-1))}, every ${stepMs / 3_600_000} h`;
}

const sameAxis = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * 'Export all time series' of several points of the project in one file (xlsx or mat): every chosen
 * variable of each point, named `<field>_<point>`, on the time axis they share (refused, saying why, when
 * their records differ in period or step).
 */
async function severalPointsDocument(
  services: Services,
  access: ProjectAccess,
  rows: PointRow[],
  request: SelectionRequest,
  context: ExportContext,
  fields: string[] | undefined,
): Promise<ExportDocument> {
  const read: {
    point: PointRow;
    series: Series;
    node: { lat: number; lon: number; distanceKm: number };
    dataset: string;
    notes: string;
    synthetic: boolean;
  }[] = [];
  for (const point of rows) {
    const source = await sourceForPoint(services.db, access.zone.id, point.lat, point.lng);
    if (!source) throw badRequest({ nonFieldErrors: [exportMessages.noDatasetAt(point.name)] });
    const { series, node, dataset } = await readPointRecord(source, point);
    read.push({
      point,
      series: analysedSeries(series),
      node,
      dataset: dataset.name,
      notes: dataset.notes,
      synthetic: dataset.synthetic,
    });
  }
  const first = read[0]!;
  const apart = read.find((r) => !sameAxis(r.series.time, first.series.time));
  if (apart)
    throw badRequest({
      nonFieldErrors: [
        exportMessages.differentAxes(
          spanOf(first.point.name, first.series.time, first.series.stepMs),
          spanOf(apart.point.name, apart.series.time, apart.series.stepMs),
        ),
      ],
    });
  const combined: Series['fields'] = {};
  for (const { point, series } of read) {
    const wanted = fields ?? Object.keys(series.fields);
    const unknown = wanted.filter((f) => !series.fields[f]);
    if (unknown.length > 0)
      throw badRequest({
        fieldErrors: {
          fields: [exportMessages.unknownFields(unknown, point.name, Object.keys(series.fields))],
        },
      });
    const suffix = point.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || `point${point.id}`;
    for (const f of wanted) {
      const field = series.fields[f]!;
      const name = combined[`${f}_${suffix}`] ? `${f}_${suffix}_${point.id}` : `${f}_${suffix}`;
      combined[name] = { ...field, longName: `${field.longName ?? f}, point ${point.name}` };
    }
  }
  const eft = statisticOf(EFT_ID);
  const names = read.map((r) => r.point.name);
  const kwargs: VisuKwargs = {
    statId: EFT_ID,
    code: 'EFT',
    periodicity: 'annual',
    title: `${eft.name} at ${names.join(', ')}`,
    dataset: [...new Set(read.map((r) => r.dataset))].join('; '),
    method: eft.method,
    points: read.map(
      (r) =>
        `${r.point.name} (${r.point.lat}, ${r.point.lng}; node ${r.node.lat}, ${r.node.lon}, ${r.node.distanceKm.toFixed(1)} km away)`,
    ),
  };
  if (first.synthetic) kwargs.notice = (first.notes.split(';')[0] ?? first.notes).trim();
  const { provenance } = await provenanceOf(services, access.zone.id, first.dataset, first.synthetic);
  // the points are listed in the kwargs: no one position stands for the file
  const several = { ...context, point: { name: names.join(', '), lat: NaN, lng: NaN }, provenance };
  return seriesDocument({ ...first.series, fields: combined }, kwargs, request, several);
}

/** Pipes a writer's output through a stream handed to the reply at once; a failure aborts the download. */
function streamed(write: (out: PassThrough) => Promise<void>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** The netCDF file is written to a private temporary folder, streamed, then removed. */
async function netcdfStream(document: ExportDocument): Promise<Readable> {
  const dir = await mkdtemp(path.join(tmpdir(), 'metocean-export-'));
  const file = path.join(dir, 'export.nc');
  try {
    await writeNetcdfDocument(document, file);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const stream = createReadStream(file);
  stream.on('close', () => void rm(dir, { recursive: true, force: true }));
  return stream;
}

export async function exportStatistic(
  services: Services,
  caller: Caller,
  projectId: number,
  query: ExportQuery,
): Promise<ExportFile> {
  const access = await projectFor(services.db, caller, projectId);
  if (!access.instance.canDownload) throw forbidden(projectMessages.downloadNeedsUpgrade);
  const [point] = await services.db
    .select()
    .from(points)
    .where(and(eq(points.id, query.point), eq(points.projectId, projectId)))
    .limit(1);
  if (!point) throw notFound();
  if (!point.isComputed) throw badRequest({ nonFieldErrors: [exportMessages.notComputed(point.name)] });
  const others = [...new Set(query.points ?? [])].filter((id) => id !== point.id);
  if (others.length > 0 && query.stat_id !== EFT_ID)
    throw badRequest({ fieldErrors: { points: [exportMessages.pointsOnlyForEft] } });
  if (others.length > 0 && query.export_kind === 'NETCDF')
    throw badRequest({ fieldErrors: { points: [exportMessages.netcdfOnePoint] } });
  const more =
    others.length === 0
      ? []
      : await services.db
          .select()
          .from(points)
          .where(and(inArray(points.id, others), eq(points.projectId, projectId)));
  if (more.length < others.length) throw notFound();
  const uncomputed = more.find((p) => !p.isComputed);
  if (uncomputed) throw badRequest({ nonFieldErrors: [exportMessages.notComputed(uncomputed.name)] });
  const context: ExportContext = {
    project: access.project.name,
    point: { name: point.name, lat: point.lat, lng: point.lng },
    exportedAt: new Date(),
    series: await seriesOf(services, [point, ...more]),
  };
  const request = { month: query.month, levelIndex: query.export_level_idx, classLists: classListsOf(query) };
  let document: ExportDocument;
  try {
    if (query.fields && query.stat_id !== EFT_ID)
      throw badRequest({ fieldErrors: { fields: [exportMessages.fieldsOnlyForEft] } });
    document =
      more.length > 0
        ? await severalPointsDocument(services, access, [point, ...more], request, context, query.fields)
        : query.stat_id === EFT_ID
          ? await timeSeriesDocument(
              services,
              access,
              point,
              request,
              context,
              query.fields ? { fields: query.fields } : undefined,
            )
          : await statisticDocument(services, access, point, query, request, context);
  } catch (error) {
    if (error instanceof SelectionError)
      throw badRequest({ fieldErrors: { [error.field]: [error.message] } });
    throw error;
  }
  const kind = query.export_kind;
  const onError = (error: unknown) =>
    services.log.error({ err: error, projectId, statId: query.stat_id }, 'export failed');
  const body =
    kind === 'NETCDF'
      ? await netcdfStream(document)
      : streamed(
          (out) => (kind === 'EXCEL' ? writeXlsx(document, out) : writeMatDocument(document, out)),
          onError,
        );
  // The audit trail counts exports per kind and statistic code (usage 'exportDetails', spec 002 §3).
  await logExport(services.db, caller, {
    kind,
    code: document.kwargs.code,
    projectId,
    pointId: point.id,
    statId: query.stat_id,
  });
  return {
    fileName: exportFileName(
      query.file_name || `${access.project.name}_${point.name}_${query.stat_id}`,
      kind,
    ),
    contentType: CONTENT_TYPES[kind],
    body,
  };
}
