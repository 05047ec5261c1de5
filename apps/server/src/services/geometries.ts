// Geometries of a project (spec 000 §2.7 geometry management dialog, §3 Geometry, §7 Maps and geometries):
// lines, polygons and points a user uploads as KML, KMZ, GeoJSON or a zipped shapefile, kept in WGS 84 as
// layers (one per geometry kind, or per shapefile of an archive) with colours from the fixed palette.
// Files are untrusted: the route bounds the upload, this module bounds what is unzipped, the number of
// features and of positions, checks every coordinate, and turns every reader failure into a message.
import path from 'node:path';
import proj4 from 'proj4';
import * as shapefile from 'shapefile';
import type { Feature, FeatureCollection, Geometry as GeoJsonGeometry, Position } from 'geojson';
import { asc, count, eq } from 'drizzle-orm';
import {
  baseLayerNames,
  geometryLimits,
  geometryMessages,
  geometryPalette,
  type GeometryLayerType,
  type MapConfig,
  type ProjectGeometry,
} from '@metocean/contracts';
import { geometries, type GeometryLayerColumn } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import type { Caller, Services } from './context';
import { withParseSlot, type ArchiveBudget } from './archive';
import { isWgs84, kmlFeatures, openZip, parseMessages, refuse, type ArchiveFiles } from './parse';
import { projectFor, requireEditable } from './project-access';

type GeometryRow = typeof geometries.$inferSelect;
type Kind = GeometryLayerType;
type Reproject = (xy: [number, number]) => [number, number];

interface Source {
  /** Layer name when the source gives one (a shapefile's name), else the kind names the layer. */
  name: string | null;
  features: Feature<GeoJsonGeometry | null>[];
}

const kindOf: Record<string, Kind | undefined> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'polygon',
  MultiPolygon: 'polygon',
};
const kindNames: Record<Kind, string> = { point: 'Points', line: 'Lines', polygon: 'Polygons' };
const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

// ---- reading the files ----------------------------------------------------------------------------------

/** What a geometry archive may inflate to, counted on the bytes actually inflated (see archive.ts). */
const GEOMETRY_ARCHIVE_BUDGET: ArchiveBudget = {
  maxEntries: 1000,
  maxEntryBytes: geometryLimits.unzippedMaxBytes,
  maxTotalBytes: geometryLimits.unzippedMaxBytes,
};

const extensionOf = (name: string) => path.extname(name).toLowerCase().slice(1);

/** A projection from a .prj or a GeoJSON crs name to WGS 84; null when already WGS 84. */
function projectionFromPrj(prj: string | undefined): Reproject | null {
  if (prj === undefined || prj.trim() === '' || isWgs84(prj)) return null;
  try {
    const converter = proj4(prj.trim(), 'WGS84');
    const forward: Reproject = (xy) => converter.forward<[number, number]>(xy);
    forward([0, 0]);
    return forward;
  } catch {
    throw refuse(parseMessages.unknownProjection);
  }
}

function projectionFromCrsName(name: string): Reproject | null {
  if (/CRS84$/i.test(name)) return null;
  const code = /EPSG:{1,2}(\d+)$/i.exec(name)?.[1];
  if (code === '4326') return null;
  if (code === undefined || !proj4.defs(`EPSG:${code}`)) throw refuse(geometryMessages.unknownCrs(name));
  const converter = proj4(`EPSG:${code}`, 'WGS84');
  return (xy) => converter.forward<[number, number]>(xy);
}

async function readShapefiles(
  files: ArchiveFiles,
): Promise<{ sources: Source[]; projections: (Reproject | null)[] }> {
  const byBase = new Map<string, Map<string, Buffer>>();
  for (const [name, buffer] of files) {
    const base = name.slice(0, name.length - path.extname(name).length);
    const parts = byBase.get(base) ?? new Map<string, Buffer>();
    parts.set(extensionOf(name), buffer);
    byBase.set(base, parts);
  }
  const shapefiles = [...byBase.entries()].filter(([, parts]) => parts.has('shp'));
  if (shapefiles.length === 0) throw refuse(parseMessages.missingParts(['shp']));
  const sources: Source[] = [];
  const projections: (Reproject | null)[] = [];
  for (const [base, parts] of shapefiles.sort(([a], [b]) => a.localeCompare(b))) {
    const shp = parts.get('shp')!;
    const dbf = parts.get('dbf');
    const prj = parts.get('prj')?.toString('utf8');
    let collection: FeatureCollection;
    try {
      collection = await shapefile.read(shp, dbf);
    } catch {
      throw refuse(parseMessages.unreadable('shapefile'));
    }
    sources.push({ name: path.basename(base), features: collection.features });
    // Without a .prj the coordinates must already be longitudes and latitudes (checked below).
    projections.push(projectionFromPrj(prj));
  }
  return { sources, projections };
}

function readGeoJson(buffer: Buffer): { source: Source; projection: Reproject | null } {
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8'));
  } catch {
    throw refuse(parseMessages.unreadable('GeoJSON'));
  }
  const object = (json ?? {}) as {
    type?: unknown;
    features?: unknown;
    crs?: { properties?: { name?: unknown } };
  };
  const crsName = object.crs?.properties?.name;
  const projection = typeof crsName === 'string' ? projectionFromCrsName(crsName) : null;
  let features: Feature<GeoJsonGeometry | null>[];
  if (object.type === 'FeatureCollection' && Array.isArray(object.features))
    features = object.features as Feature<GeoJsonGeometry | null>[];
  else if (object.type === 'Feature') features = [object as Feature<GeoJsonGeometry | null>];
  else if (typeof object.type === 'string' && (kindOf[object.type] || object.type === 'GeometryCollection'))
    features = [{ type: 'Feature', properties: {}, geometry: object as GeoJsonGeometry }];
  else throw refuse(parseMessages.unreadable('GeoJSON'));
  return { source: { name: null, features }, projection };
}

async function readSources(
  buffer: Buffer,
  fileName: string,
): Promise<{ sources: Source[]; projections: (Reproject | null)[] }> {
  switch (path.extname(fileName).toLowerCase()) {
    case '.json':
    case '.geojson': {
      const { source, projection } = readGeoJson(buffer);
      return { sources: [source], projections: [projection] };
    }
    case '.kml':
      return {
        sources: [{ name: null, features: kmlFeatures(buffer.toString('utf8')).features }],
        projections: [null],
      };
    case '.kmz': {
      const files = await openZip(buffer, 'KMZ file', GEOMETRY_ARCHIVE_BUDGET);
      const kml = [...files].find(([name]) => extensionOf(name) === 'kml')?.[1];
      if (!kml) throw refuse(parseMessages.unreadable('KMZ'));
      return {
        sources: [{ name: null, features: kmlFeatures(kml.toString('utf8')).features }],
        projections: [null],
      };
    }
    case '.zip':
      return readShapefiles(await openZip(buffer, 'archive', GEOMETRY_ARCHIVE_BUDGET));
    default:
      throw refuse(geometryMessages.unknownFormat);
  }
}

// ---- checking and normalising ---------------------------------------------------------------------------

interface Budget {
  features: number;
  positions: number;
}

/** A position in WGS 84, 2D, 7 decimals; a position that is not one refuses the file. */
function position(raw: unknown, projection: Reproject | null, budget: Budget): Position {
  if (!Array.isArray(raw) || raw.length < 2) throw refuse(geometryMessages.notLonLat);
  const [x, y] = raw as unknown[];
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    throw refuse(geometryMessages.notLonLat);
  budget.positions += 1;
  if (budget.positions > geometryLimits.positions) throw refuse(geometryMessages.tooManyPositions);
  const [lng, lat] = projection ? projection([x, y]) : [x, y];
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    throw refuse(geometryMessages.notLonLat);
  return [round7(lng), round7(lat)];
}

/** Nested coordinate arrays of the given depth (0 = one position). */
function coordinates(raw: unknown, depth: number, projection: Reproject | null, budget: Budget): unknown {
  if (depth === 0) return position(raw, projection, budget);
  if (!Array.isArray(raw)) throw refuse(geometryMessages.notLonLat);
  return raw.map((item) => coordinates(item, depth - 1, projection, budget));
}

const depthOf: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

/** Scalar properties only (names and attributes for the map's tooltips), bounded in number and length. */
function properties(raw: unknown): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>).slice(0, 50)) {
    if (typeof value === 'string') out[key.slice(0, 100)] = value.slice(0, 500);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null)
      out[key.slice(0, 100)] = value;
  }
  return out;
}

/** Simple features (GeometryCollections unfolded) with their kind; null geometries are skipped. */
function* simpleFeatures(
  feature: Feature<GeoJsonGeometry | null>,
  projection: Reproject | null,
  budget: Budget,
): Generator<{ kind: Kind; feature: Feature }> {
  const geometry = feature?.geometry as {
    type?: unknown;
    coordinates?: unknown;
    geometries?: unknown;
  } | null;
  if (!geometry) return;
  if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries)) {
    for (const member of geometry.geometries as GeoJsonGeometry[])
      yield* simpleFeatures({ ...feature, geometry: member }, projection, budget);
    return;
  }
  const type = typeof geometry.type === 'string' ? geometry.type : '';
  const kind = kindOf[type];
  if (!kind) throw refuse(parseMessages.unreadable('geometry'));
  budget.features += 1;
  if (budget.features > geometryLimits.features) throw refuse(geometryMessages.tooManyFeatures);
  yield {
    kind,
    feature: {
      type: 'Feature',
      properties: properties(feature.properties),
      geometry: {
        type,
        coordinates: coordinates(geometry.coordinates, depthOf[type] ?? 0, projection, budget),
      } as GeoJsonGeometry,
    },
  };
}

/** The layers of a file: one per kind of each source, named by the source or the kind. */
export function layersOf(
  sources: Source[],
  projections: (Reproject | null)[],
  color: string,
): GeometryLayerColumn[] {
  const budget: Budget = { features: 0, positions: 0 };
  const layers: GeometryLayerColumn[] = [];
  sources.forEach((source, index) => {
    const byKind = new Map<Kind, Feature[]>();
    for (const raw of source.features)
      for (const { kind, feature } of simpleFeatures(raw, projections[index] ?? null, budget))
        byKind.set(kind, [...(byKind.get(kind) ?? []), feature]);
    for (const kind of ['polygon', 'line', 'point'] as const) {
      const features = byKind.get(kind);
      if (!features) continue;
      const name =
        source.name === null
          ? kindNames[kind]
          : byKind.size > 1
            ? `${source.name} (${kindNames[kind].toLowerCase()})`
            : source.name;
      layers.push({
        id: layers.length + 1,
        name,
        type: kind,
        color,
        features: { type: 'FeatureCollection', features },
      });
    }
  });
  if (layers.length === 0) throw refuse(geometryMessages.noFeatures);
  return layers;
}

const isClosed = (line: Position[]) =>
  line.length >= 4 && line[0]?.[0] === line.at(-1)?.[0] && line[0]?.[1] === line.at(-1)?.[1];

/**
 * How a layer may be drawn, from its features: points as points; polygons filled or as outlines; lines as
 * lines, or filled when every line is a closed ring (a boundary traced as a line, common in KML).
 */
export function allowedLayerTypes(layer: Pick<GeometryLayerColumn, 'features'>): GeometryLayerType[] {
  const features = (layer.features as unknown as FeatureCollection).features ?? [];
  const kinds = new Set(features.map((f) => kindOf[f.geometry?.type ?? '']));
  if (kinds.size !== 1) return [];
  const [kind] = [...kinds];
  if (kind === 'point') return ['point'];
  if (kind === 'polygon') return ['polygon', 'line'];
  const closed = features.every((f) => {
    const g = f.geometry;
    if (g?.type === 'LineString') return isClosed(g.coordinates);
    if (g?.type === 'MultiLineString') return g.coordinates.every(isClosed);
    return false;
  });
  return closed ? ['line', 'polygon'] : ['line'];
}

// ---- the API --------------------------------------------------------------------------------------------

export function presentGeometry(row: GeometryRow): ProjectGeometry {
  return {
    id: row.id,
    project: row.projectId,
    name: row.name,
    color: row.color,
    layers: row.layers.map((layer) => ({
      id: layer.id,
      name: layer.name,
      type: layer.type as GeometryLayerType,
      allowedTypes: allowedLayerTypes(layer),
      color: layer.color,
      features: layer.features as unknown as ProjectGeometry['layers'][number]['features'],
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The geometry and its project's access, if the caller may see the project (404 otherwise). */
async function geometryFor(services: Services, caller: Caller, id: number) {
  const [row] = await services.db.select().from(geometries).where(eq(geometries.id, id)).limit(1);
  if (!row) throw notFound();
  const access = await projectFor(services.db, caller, row.projectId);
  return { row, access };
}

export async function listGeometries(
  services: Services,
  caller: Caller,
  projectId: number,
): Promise<ProjectGeometry[]> {
  await projectFor(services.db, caller, projectId);
  const rows = await services.db
    .select()
    .from(geometries)
    .where(eq(geometries.projectId, projectId))
    .orderBy(asc(geometries.id));
  return rows.map(presentGeometry);
}

/** The geometry's name: the file's, without its extension, within the name limit. */
export function nameFromFile(fileName: string): string {
  const base = path.basename(fileName, path.extname(fileName)).trim();
  return (base === '' ? 'Geometry' : base).slice(0, geometryLimits.nameMax);
}

export async function uploadGeometry(
  services: Services,
  caller: Caller,
  projectId: number,
  file: { buffer: Buffer; fileName: string },
): Promise<ProjectGeometry> {
  const access = await projectFor(services.db, caller, projectId);
  requireEditable(access);
  if (access.instance.isTrial) throw badRequest({ nonFieldErrors: [geometryMessages.trialNoUpload] });
  const [{ value: existing } = { value: 0 }] = await services.db
    .select({ value: count() })
    .from(geometries)
    .where(eq(geometries.projectId, projectId));
  if (existing >= geometryLimits.perProject)
    throw badRequest({ nonFieldErrors: [geometryMessages.tooManyGeometries] });
  const { sources, projections } = await withParseSlot(() => readSources(file.buffer, file.fileName));
  // Each new geometry takes the next colour of the palette; its layers start in that colour.
  const color = geometryPalette[existing % geometryPalette.length] ?? geometryPalette[0];
  const layers = layersOf(sources, projections, color);
  const [row] = await services.db
    .insert(geometries)
    .values({ projectId, name: nameFromFile(file.fileName), color, layers, createdBy: caller.id })
    .returning();
  if (!row) throw new Error('geometry insert returned nothing');
  return presentGeometry(row);
}

/** Renames and/or recolours; a new colour recolours every layer too (the geometry's colour is theirs). */
export async function updateGeometry(
  services: Services,
  caller: Caller,
  id: number,
  change: { name?: string | undefined; color?: string | undefined },
): Promise<ProjectGeometry> {
  const { row, access } = await geometryFor(services, caller, id);
  requireEditable(access);
  const [updated] = await services.db
    .update(geometries)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.color !== undefined
        ? { color: change.color, layers: row.layers.map((layer) => ({ ...layer, color: change.color! })) }
        : {}),
    })
    .where(eq(geometries.id, id))
    .returning();
  if (!updated) throw notFound();
  return presentGeometry(updated);
}

/** A layer's colour and how it is drawn; the layer is addressed by its current type and id. */
export async function updateGeometryLayer(
  services: Services,
  caller: Caller,
  address: { id: number; type: GeometryLayerType; layerId: number },
  change: { color?: string | undefined; type?: GeometryLayerType | undefined },
): Promise<ProjectGeometry> {
  const { access } = await geometryFor(services, caller, address.id);
  requireEditable(access);
  const updated = await services.db.transaction(async (tx) => {
    // Row lock: two layer edits of one geometry must not overwrite each other's jsonb.
    const [row] = await tx.select().from(geometries).where(eq(geometries.id, address.id)).for('update');
    const layer = row?.layers.find((l) => l.id === address.layerId && l.type === address.type);
    if (!row || !layer) throw notFound();
    if (change.type !== undefined) {
      const allowed = allowedLayerTypes(layer);
      if (!allowed.includes(change.type))
        throw badRequest({ fieldErrors: { type: [geometryMessages.typeNotAllowed(change.type, allowed)] } });
    }
    const layers = row.layers.map((l) =>
      l === layer
        ? {
            ...l,
            ...(change.color !== undefined ? { color: change.color } : {}),
            ...(change.type ? { type: change.type } : {}),
          }
        : l,
    );
    const [saved] = await tx
      .update(geometries)
      .set({ layers })
      .where(eq(geometries.id, address.id))
      .returning();
    return saved;
  });
  if (!updated) throw notFound();
  return presentGeometry(updated);
}

export async function deleteGeometry(services: Services, caller: Caller, id: number): Promise<void> {
  const { access } = await geometryFor(services, caller, id);
  requireEditable(access);
  await services.db.delete(geometries).where(eq(geometries.id, id));
}

// ---- the map's services ---------------------------------------------------------------------------------

const isHttpTemplate = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

/**
 * The map's tile services and geocoder from the configuration (MAP_TILES, GEOCODER_URL). Entries that are not
 * a base layer of the spec or not an http(s) URL are left out, so a typo never breaks the map: it falls back
 * to the offline coastline and gazetteer.
 */
export function mapConfiguration(mapTiles: string, geocoderUrl: string): MapConfig {
  let parsed: unknown;
  try {
    parsed = mapTiles.trim() === '' ? {} : JSON.parse(mapTiles);
  } catch {
    parsed = {};
  }
  const entries = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const tileLayers = baseLayerNames.flatMap((name) => {
    const entry = entries[name];
    const url = typeof entry === 'string' ? entry : (entry as { url?: unknown } | undefined)?.url;
    const attribution = (entry as { attribution?: unknown } | undefined)?.attribution;
    if (typeof url !== 'string' || !isHttpTemplate(url)) return [];
    return [{ name, url, attribution: typeof attribution === 'string' ? attribution : '' }];
  });
  return {
    tileLayers,
    geocoderUrl: isHttpTemplate(geocoderUrl) && geocoderUrl.includes('{q}') ? geocoderUrl : '',
  };
}
