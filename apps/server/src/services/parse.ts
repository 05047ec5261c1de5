// Points from a file (spec 000 §5 point file rules, §7 POST /api/points/parse/): CSV, XLSX, GeoJSON,
// KML/KMZ and zipped shapefiles. Every reader turns its file into candidate rows; one function then checks
// names and, when a project is given, the zone. Files are untrusted: sizes are bounded by the route, every
// reader failure becomes a message, nothing is written.
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { kml } from '@tmcw/togeojson';
import { CsvError, parse, type CsvErrorCode } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import proj4 from 'proj4';
import * as shapefile from 'shapefile';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { eq } from 'drizzle-orm';
import { messages, projectMessages, type ParsedPoints } from '@metocean/contracts';
import { points } from '../db/schema';
import { badRequest } from '../http/errors';
import type { Caller, Services } from './context';
import { defaultPointName, zoneProblems } from './points';
import { projectFor } from './project-access';
import { openWorkbook, ZipError } from '@metocean/hindcast';
import { archiveError, isContentEntry, readArchive, withParseSlot, type ArchiveBudget } from './archive';

/** The most points one file may bring (the bulk-create limit). */
export const MAX_FILE_POINTS = 1000;

/**
 * What a point file's archive (.kmz, zipped shapefile, .xlsx) may inflate to: a thousand points take well
 * under a megabyte in any of these formats, so 20 MB leaves room for styles and attributes, not for bombs.
 */
export const POINT_ARCHIVE_BUDGET: ArchiveBudget = {
  maxEntries: 200,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
};

/** An .xlsx of points: the archive budget, and cells for a thousand rows of a few dozen columns. */
const POINT_WORKBOOK_LIMITS = {
  maxInflatedBytes: POINT_ARCHIVE_BUDGET.maxTotalBytes,
  maxParts: POINT_ARCHIVE_BUDGET.maxEntries,
  maxCells: 200_000,
};

interface Candidate {
  row: number;
  name: string;
  lat: number;
  lng: number;
}
interface Read {
  candidates: Candidate[];
  errors: ParsedPoints['errors'];
}

export const parseMessages = {
  unknownFormat:
    'Unknown file type: use a CSV, an XLSX, a GeoJSON, a KML or KMZ file, or a zipped shapefile (.zip)',
  missingParts: (parts: string[]) => `The zipped shapefile lacks its ${parts.join(', ')} part(s)`,
  notPoints: (type: string) => `The file holds ${type} geometries: only points can be loaded`,
  unknownProjection:
    'The projection of the shapefile (.prj) could not be read: save it in WGS 84 (EPSG:4326)',
  unreadable: (kind: string) => `The ${kind} file could not be read`,
  unreadableCsv: (line: number, problem: string) =>
    `The CSV file could not be read from line ${line}: ${problem}`,
  missingColumns: 'The file needs name, lat and lon columns (lat/latitude, lon/lng/longitude)',
  notNumber: (column: string, value: string) => `${column} is not a number: '${value}'`,
  tooManyPoints: `A file may hold at most ${MAX_FILE_POINTS} points`,
} as const;

export const refuse = (message: string) => badRequest({ nonFieldErrors: [message] });

// ---- tables: CSV and XLSX -------------------------------------------------------------------------------

const LAT = new Set(['lat', 'latitude', 'y']);
const LNG = new Set(['lon', 'lng', 'long', 'longitude', 'x']);
const NAME = new Set(['name', 'nom', 'point', 'label']);

function number(raw: string, decimalComma: boolean): number {
  const text = raw.trim();
  const normalised = decimalComma ? text.replace(',', '.') : text;
  return text === '' ? Number.NaN : Number(normalised);
}

/** Rows of cells (header first, numbered from 1 as in the file) → candidates and per-row errors. */
function fromTable(rows: { row: number; cells: string[] }[], decimalComma: boolean): Read {
  const [header, ...body] = rows;
  if (!header) return { candidates: [], errors: [] };
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const latAt = columns.findIndex((c) => LAT.has(c));
  const lngAt = columns.findIndex((c) => LNG.has(c));
  const nameAt = columns.findIndex((c) => NAME.has(c));
  if (latAt < 0 || lngAt < 0) throw refuse(parseMessages.missingColumns);
  const read: Read = { candidates: [], errors: [] };
  for (const { row, cells } of body) {
    if (cells.every((c) => c.trim() === '')) continue;
    const latText = cells[latAt] ?? '';
    const lngText = cells[lngAt] ?? '';
    const lat = number(latText, decimalComma);
    const lng = number(lngText, decimalComma);
    if (!Number.isFinite(lat)) read.errors.push({ row, message: parseMessages.notNumber('lat', latText) });
    else if (!Number.isFinite(lng))
      read.errors.push({ row, message: parseMessages.notNumber('lon', lngText) });
    else read.candidates.push({ row, name: nameAt >= 0 ? (cells[nameAt] ?? '').trim() : '', lat, lng });
  }
  return read;
}

/** Line breaks (LF, CRLF or a lone CR) that start in bytes [from, to) of the file. */
function lineBreaks(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++)
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) count++;
  return count;
}

/** What a CSV reading error means for the person who wrote the file, by csv-parse's code. */
const CSV_PROBLEMS: Partial<Record<CsvErrorCode, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell goes on after its closing quote',
  INVALID_OPENING_QUOTE: 'a cell that is not quoted holds a double quote (quote the cell, double the quote)',
};

/**
 * A CSV as RFC 4180 writes it (csv-parse: quoted cells may hold separators, doubled quotes and line
 * breaks; a UTF-8 BOM is dropped; rows may have fewer or more cells than the header). Each row is numbered
 * by the line of the file it starts on, counted here from csv-parse's byte offsets: its own line count
 * takes a CRLF inside a quoted cell for two lines.
 */
function readCsv(buffer: Buffer): Read {
  const header =
    buffer
      .toString('utf8')
      .split(/\r\n|\r|\n/)
      .find((l) => l.trim() !== '') ?? '';
  // Semicolons separate columns where the comma is the decimal separator (European spreadsheets): the
  // header, which holds no number, says which one the file uses.
  const delimiter = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: { row: number; cells: string[] }[] = [];
  let line = 1;
  let read = 0;
  try {
    parse(buffer, {
      bom: true,
      delimiter,
      relax_column_count: true,
      on_record: (cells: string[], { bytes }) => {
        if (cells.some((c) => c.trim() !== '')) rows.push({ row: line, cells });
        line += lineBreaks(buffer, read, bytes);
        read = bytes;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw refuse(parseMessages.unreadableCsv(line, CSV_PROBLEMS[error.code] ?? error.message));
  }
  return fromTable(rows, delimiter === ';');
}

async function readXlsx(buffer: Buffer): Promise<Read> {
  // Inflated once, by the counting zip reader, within the point files' budget (whatever the headers say).
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await openWorkbook(buffer, POINT_WORKBOOK_LIMITS);
  } catch (error) {
    if (error instanceof ZipError) throw archiveError(error, 'XLSX file', POINT_ARCHIVE_BUDGET);
    throw refuse(parseMessages.unreadable('XLSX'));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { candidates: [], errors: [] };
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rows.length > MAX_FILE_POINTS + 1) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text ?? '';
    });
    rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return fromTable(rows, false);
}

// ---- geometries: GeoJSON, KML, KMZ, shapefile ----------------------------------------------------------

function featureName(feature: Feature): string {
  const props = feature.properties ?? {};
  const key = Object.keys(props).find((k) => NAME.has(k.toLowerCase()));
  const value = key === undefined ? undefined : (props[key] as unknown);
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** Point features in order (row = feature number, from 1); other geometries are errors of their row. */
function fromFeatures(features: Feature<Geometry | null>[]): Read {
  const read: Read = { candidates: [], errors: [] };
  features.forEach((feature, index) => {
    const row = index + 1;
    const geometry = feature.geometry;
    if (!geometry || geometry.type !== 'Point') {
      read.errors.push({ row, message: parseMessages.notPoints(geometry?.type ?? 'empty') });
      return;
    }
    const [lng, lat] = geometry.coordinates;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
      read.errors.push({
        row,
        message: parseMessages.notNumber('coordinates', JSON.stringify(geometry.coordinates)),
      });
    else read.candidates.push({ row, name: featureName(feature as Feature), lat, lng });
  });
  return read;
}

function readGeoJson(buffer: Buffer): Read {
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8'));
  } catch {
    throw refuse(parseMessages.unreadable('GeoJSON'));
  }
  const object = json as { type?: string; features?: unknown; geometry?: unknown; coordinates?: unknown };
  if (object?.type === 'FeatureCollection' && Array.isArray(object.features))
    return fromFeatures(object.features as Feature[]);
  if (object?.type === 'Feature') return fromFeatures([object as Feature]);
  if (object?.type === 'Point')
    return fromFeatures([{ type: 'Feature', properties: {}, geometry: object as Geometry }]);
  throw refuse(parseMessages.unreadable('GeoJSON'));
}

/** The features of a KML document (shared with the geometry upload). */
export function kmlFeatures(text: string): FeatureCollection<Geometry | null> {
  try {
    const document = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml');
    return kml(document);
  } catch {
    throw refuse(parseMessages.unreadable('KML'));
  }
}

function readKml(text: string): Read {
  return fromFeatures(kmlFeatures(text).features);
}

/** The content files of an archive (see isContentEntry), inflated within `budget`. */
export type ArchiveFiles = Map<string, Buffer>;

export function openZip(buffer: Buffer, kind: string, budget: ArchiveBudget): Promise<ArchiveFiles> {
  return readArchive(buffer, {
    kind,
    budget,
    action: (name) => (isContentEntry(name) ? 'keep' : 'skip'),
  });
}

/** Files of an archive by lower-case extension (the first of each). */
export function zipEntries(files: ArchiveFiles): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  for (const [name, buffer] of files) {
    const extension = path.extname(name).toLowerCase().slice(1);
    if (!entries.has(extension)) entries.set(extension, buffer);
  }
  return entries;
}

function readKmz(files: ArchiveFiles): Read {
  const entry = zipEntries(files).get('kml');
  if (!entry) throw refuse(parseMessages.unreadable('KMZ'));
  return readKml(entry.toString('utf8'));
}

export const isWgs84 = (wkt: string) =>
  /^\s*GEOGCS\[/i.test(wkt) && /WGS[_ ]?(19)?84/i.test(wkt) && !/PROJCS\[/i.test(wkt);

async function readShapefile(files: ArchiveFiles): Promise<Read> {
  const entries = zipEntries(files);
  const missing = ['shp', 'shx', 'prj', 'dbf'].filter((part) => !entries.has(part));
  if (missing.length > 0) throw refuse(parseMessages.missingParts(missing));
  const shp = entries.get('shp')!;
  const dbf = entries.get('dbf')!;
  const prj = entries.get('prj')!.toString('utf8');
  let collection: FeatureCollection;
  try {
    collection = await shapefile.read(shp, dbf);
  } catch {
    throw refuse(parseMessages.unreadable('shapefile'));
  }
  const other = collection.features.find((f) => f.geometry?.type !== 'Point');
  if (other) throw refuse(parseMessages.notPoints(other.geometry?.type ?? 'empty'));
  const read = fromFeatures(collection.features);
  if (isWgs84(prj)) return read;
  // Not WGS 84: reproject with the .prj's definition, or refuse when proj4 cannot read it.
  let forward: (xy: [number, number]) => number[];
  try {
    const converter = proj4(prj.trim(), 'WGS84');
    forward = (xy) => converter.forward(xy);
    forward([0, 0]);
  } catch {
    throw refuse(parseMessages.unknownProjection);
  }
  return {
    errors: read.errors,
    candidates: read.candidates.map((c) => {
      const [lng = Number.NaN, lat = Number.NaN] = forward([c.lng, c.lat]);
      return { ...c, lat: Math.round(lat * 1e7) / 1e7, lng: Math.round(lng * 1e7) / 1e7 };
    }),
  };
}

async function readFile(buffer: Buffer, fileName: string): Promise<Read> {
  const extension = path.extname(fileName).toLowerCase();
  switch (extension) {
    case '.csv':
    case '.txt':
      return readCsv(buffer);
    case '.xlsx':
      return readXlsx(buffer);
    case '.json':
    case '.geojson':
      return readGeoJson(buffer);
    case '.kml':
      return readKml(buffer.toString('utf8'));
    case '.kmz':
      return readKmz(await openZip(buffer, 'KMZ file', POINT_ARCHIVE_BUDGET));
    case '.zip': {
      const files = await openZip(buffer, 'archive', POINT_ARCHIVE_BUDGET);
      const entries = zipEntries(files);
      return entries.has('kml') && !entries.has('shp') ? readKmz(files) : readShapefile(files);
    }
    default:
      throw refuse(parseMessages.unknownFormat);
  }
}

/**
 * Parses a file into points and per-row errors. With a project, names are checked against its points and
 * positions against its zone; without one (the new-project page) only the file is read.
 */
export async function parsePoints(
  services: Services,
  caller: Caller,
  file: { buffer: Buffer; fileName: string },
  projectId: number | undefined,
): Promise<ParsedPoints> {
  const access = projectId === undefined ? undefined : await projectFor(services.db, caller, projectId);
  const read = await withParseSlot(() => readFile(file.buffer, file.fileName));
  if (read.candidates.length > MAX_FILE_POINTS) throw refuse(parseMessages.tooManyPoints);
  const existing = access
    ? await services.db
        .select({ name: points.name })
        .from(points)
        .where(eq(points.projectId, access.project.id))
    : [];
  const taken = new Set(existing.map((p) => p.name.toLowerCase()));
  const result: ParsedPoints = { points: [], errors: [...read.errors] };
  for (const candidate of read.candidates) {
    if (access) {
      const problems = Object.values(zoneProblems(access.zone, candidate.lat, candidate.lng)).flat();
      if (problems.length > 0) {
        for (const message of problems) result.errors.push({ row: candidate.row, message });
        continue;
      }
    }
    let name = candidate.name.slice(0, 50);
    if (name === '') name = defaultPointName(taken, existing.length + result.points.length);
    if (taken.has(name.toLowerCase())) {
      result.errors.push({ row: candidate.row, message: messages.pointNameExists });
      continue;
    }
    taken.add(name.toLowerCase());
    result.points.push({ name, lat: candidate.lat, lng: candidate.lng });
  }
  result.errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (result.points.length === 0) {
    const fieldErrors: Record<string, string[]> = {};
    for (const error of result.errors.slice(0, 50))
      (fieldErrors[`row.${error.row ?? 0}`] ??= []).push(error.message);
    throw badRequest({
      nonFieldErrors: [projectMessages.pointsNotLoaded],
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    });
  }
  return result;
}
