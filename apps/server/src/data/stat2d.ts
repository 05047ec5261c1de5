// 2D statistics maps of a zone (spec 002 "Map screens", Stat2D): which layers, on which grid, computed from
// which dataset, stored where, and drawn as slippy z/x/y tiles. A render computes every layer of a zone in
// one pass over its map nodes (each node's record is read or generated once, in the worker-thread pool),
// writes one folder per render under DATA_DIR/stat2d/<zone>/<render>/<layer>/ (raster.json and
// properties.json) and registers the layers; tiles are drawn from raster.json on first request and kept
// beside it (tiles/<z>/<x>/<y>.png). See docs/hindcast.md "Stat2D".
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  colorBarStops,
  rasterBounds,
  rasterFromValues,
  encodePng,
  OutsideZoneError,
  renderTile,
  TILE_SIZE,
  tileRange,
  SYNTHETIC_NOTICE,
  stat2dValue,
  VARIABLES,
  type Stat2dRaster,
  type Stat2dStatistic,
} from '@metocean/hindcast';
import type { Stat2dGroupName, Stat2dProperties } from '@metocean/contracts';
import type { GeoJsonGeometry, Bounds } from '../db/schema';
import { containsPoint } from '@metocean/core';
import { openSource, readPointSeries, type DataSource } from './sources';

export interface Stat2dLayerSpec {
  group: Stat2dGroupName;
  field: string;
  statistic: Stat2dStatistic;
  name: string;
}

/** The layers of a zone's maps, in the spec's overlay groups (spec 002 "Map screens"). */
export const STAT2D_LAYER_SPECS: readonly Stat2dLayerSpec[] = [
  { group: 'Wind', field: 'wind_speed_10m', statistic: 'mean', name: 'Mean wind speed at 10 m' },
  { group: 'Wind', field: 'wind_speed_10m', statistic: 'p90', name: 'P90 wind speed at 10 m' },
  { group: 'Currents', field: 'current_speed_0m', statistic: 'mean', name: 'Mean surface current speed' },
  { group: 'Currents', field: 'current_speed_0m', statistic: 'p90', name: 'P90 surface current speed' },
  { group: 'Waves', field: 'hs', statistic: 'mean', name: 'Mean significant wave height' },
  { group: 'Waves', field: 'hs', statistic: 'p90', name: 'P90 significant wave height' },
  { group: 'Waves-TP', field: 'tp', statistic: 'mean', name: 'Mean peak wave period' },
  { group: 'Water heights', field: 'water_level', statistic: 'p90', name: 'P90 water level (tide + surge)' },
  { group: 'Temperature', field: 'temperature_0m', statistic: 'mean', name: 'Mean sea surface temperature' },
  { group: 'Salinity', field: 'salinity_0m', statistic: 'mean', name: 'Mean sea surface salinity' },
  { group: 'Energy', field: 'energy_flux', statistic: 'mean', name: 'Mean wave energy flux' },
];

export const layerKey = (spec: Pick<Stat2dLayerSpec, 'field' | 'statistic'>) =>
  `${spec.field}_${spec.statistic}`;

/** Tiles are drawn up to this zoom; Leaflet scales them beyond (the data is far coarser than a tile). */
export const STAT2D_MIN_ZOOM = 3;
export const STAT2D_MAX_ZOOM = 9;

/**
 * Map nodes per zone (default 100): each costs one read of the node's whole record (a generation of the
 * synthetic hindcast, ~0.7 s), so a zone renders in about a minute on one pool thread. Tests lower it.
 */
export function stat2dMaxNodes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.STAT2D_MAX_NODES;
  if (raw === undefined || raw === '') return 100;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`STAT2D_MAX_NODES must be a positive integer, got '${raw}'`);
  return value;
}

export interface MapGrid {
  north: number;
  west: number;
  step: number;
  rows: number;
  columns: number;
  /** The nodes computed: those whose half-step neighbourhood touches the zone. */
  nodes: { row: number; column: number; lat: number; lon: number }[];
}

/** Rounds away float noise of multiples of a step (0.1 × 7 = 0.7000000000000001). */
const clean = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The map grid of a zone: nodes on multiples of a step that is a multiple of the dataset's own step (so
 * each map node is a dataset node, read as is), the smallest such step giving at most `maxNodes` nodes.
 */
export function mapGrid(
  zone: { geom: GeoJsonGeometry; bounds: Bounds },
  datasetStep: number,
  maxNodes: number,
): MapGrid {
  const { northEast: ne, southWest: sw } = zone.bounds;
  const area = Math.max((ne.lat - sw.lat) * (ne.lon - sw.lon), datasetStep * datasetStep);
  let k = Math.max(1, Math.floor(Math.sqrt(area / maxNodes) / datasetStep));
  for (;;) {
    const step = clean(k * datasetStep);
    const south = Math.max(Math.floor(sw.lat / step), Math.ceil(-89.9 / step));
    const north = Math.min(Math.ceil(ne.lat / step), Math.floor(89.9 / step));
    const west = Math.floor(sw.lon / step);
    const east = Math.ceil(ne.lon / step);
    const rows = north - south + 1;
    const columns = east - west + 1;
    const nodes: MapGrid['nodes'] = [];
    for (let row = 0; row < rows; row++) {
      const lat = clean((north - row) * step);
      for (let column = 0; column < columns; column++) {
        const lon = clean((west + column) * step);
        const touches = [-0.5, 0, 0.5].some((a) =>
          [-0.5, 0, 0.5].some((b) => containsPoint(zone.geom, lon + b * step, lat + a * step)),
        );
        if (touches) nodes.push({ row, column, lat, lon });
      }
    }
    if (nodes.length <= maxNodes)
      return { north: clean(north * step), west: clean(west * step), step, rows, columns, nodes };
    k++;
  }
}

/** One node of a render, run in the worker-thread pool: every layer's statistic of the node's record. */
export interface Stat2dNodeJob {
  kind: 'stat2d-node';
  source: DataSource;
  lat: number;
  lon: number;
  layers: { field: string; statistic: Stat2dStatistic }[];
}

export async function stat2dNode(job: Stat2dNodeJob): Promise<number[]> {
  let series;
  try {
    ({ series } = await readPointSeries(job.source, job.lat, job.lon));
  } catch (error) {
    // a land or missing node of a gridded record: no value there
    if (error instanceof OutsideZoneError) return job.layers.map(() => NaN);
    throw error;
  }
  return job.layers.map((layer) => {
    const field = series.fields[layer.field];
    return field ? stat2dValue(field.values, layer.statistic) : NaN;
  });
}

/** What a render needs to know of the dataset it reads. */
export interface MapDataset {
  id: number;
  name: string;
  source: DataSource;
  synthetic: boolean;
  notes: string;
  dateBegin: string;
  dateEnd: string;
}

/** The raster file of a layer: the raster, the zone outline (tiles are clipped to it) and the properties. */
interface RasterFile {
  raster: Omit<Stat2dRaster, 'values'> & { values: (number | null)[] };
  geom: GeoJsonGeometry;
}

export interface RenderedLayer {
  spec: Stat2dLayerSpec;
  key: string;
  units: string;
  /** 'stat2d/<zone>/<render>/<layer>': the folder under DATA_DIR and the unsigned URL path. */
  relativePath: string;
}

export interface RenderOutcome {
  renderId: string;
  layers: RenderedLayer[];
  nodes: number;
  seconds: number;
}

const zoneFolder = (dataDir: string, zoneId: number) => path.join(dataDir, 'stat2d', String(zoneId));

/**
 * Computes every layer of a zone and writes its folder (nothing is visible until the folder is renamed
 * into place: a failed render leaves no half-written layer). `runNode` computes one node (the pool).
 */
export async function renderZone(
  dataDir: string,
  zone: { id: number; name: string; geom: GeoJsonGeometry; bounds: Bounds },
  dataset: MapDataset,
  runNode: (job: Stat2dNodeJob) => Promise<number[]>,
  options: { maxNodes?: number; concurrency?: number } = {},
): Promise<RenderOutcome> {
  const started = performance.now();
  const opened = await openSource(dataset.source);
  const grid0 = opened.info.grid;
  const datasetStep =
    grid0.type === 'regular' ? Math.abs(grid0.lat.step) : opened.info.spatialResolution.value || 0.25;
  const fields = new Set(
    opened.info.variables.flatMap((v) =>
      v.levels && v.levels.length > 0 ? v.levels.map((l) => `${v.name}_${l}m`) : [v.name],
    ),
  );
  const specs = STAT2D_LAYER_SPECS.filter((spec) => fields.has(spec.field));
  if (specs.length === 0) throw new Error(`dataset ${dataset.name} has none of the map fields`);
  const grid = mapGrid(zone, datasetStep, options.maxNodes ?? stat2dMaxNodes());
  const values = specs.map(() => new Float32Array(grid.rows * grid.columns).fill(NaN));
  // A few nodes at a time: point computations queued in the same pool are not held back for the whole render.
  const concurrency = options.concurrency ?? 2;
  let next = 0;
  const worker = async () => {
    while (next < grid.nodes.length) {
      const node = grid.nodes[next++]!;
      const result = await runNode({
        kind: 'stat2d-node',
        source: dataset.source,
        lat: node.lat,
        lon: node.lon,
        layers: specs.map(({ field, statistic }) => ({ field, statistic })),
      });
      result.forEach((v, k) => (values[k]![node.row * grid.columns + node.column] = v));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, grid.nodes.length) }, worker));

  const renderId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const folder = zoneFolder(dataDir, zone.id);
  const temporary = path.join(folder, `.tmp-${renderId}`);
  await mkdir(temporary, { recursive: true });
  const period = `${dataset.dateBegin.slice(0, 4)}–${dataset.dateEnd.slice(0, 4)}`;
  const source =
    `Source: ${dataset.name}, ${period}` +
    (dataset.synthetic ? `; ${SYNTHETIC_NOTICE}` : '') +
    `; ${grid.nodes.length} nodes every ${grid.step}°, bilinear between nodes`;
  const layers: RenderedLayer[] = [];
  try {
    for (const [k, spec] of specs.entries()) {
      const variable = spec.field.replace(/_\d+(\.\d+)?m$/, '');
      const catalogue = VARIABLES[variable];
      const raster = rasterFromValues({
        field: spec.field,
        statistic: spec.statistic,
        units: catalogue?.units ?? '',
        longName: catalogue?.longName ?? spec.field,
        values: values[k]!,
        rows: grid.rows,
        columns: grid.columns,
        north: grid.north,
        west: grid.west,
        latStep: grid.step,
        lonStep: grid.step,
        source,
      });
      const key = layerKey(spec);
      const dir = path.join(temporary, key);
      await mkdir(dir);
      const file: RasterFile = {
        raster: { ...raster, values: Array.from(raster.values, (v) => (Number.isNaN(v) ? null : v)) },
        geom: zone.geom,
      };
      await writeFile(path.join(dir, 'raster.json'), JSON.stringify(file));
      const properties: Stat2dProperties = {
        field: key,
        variable: spec.field,
        statistic: spec.statistic,
        group: spec.group,
        name: spec.name,
        units: raster.units,
        min: raster.colorBar.min,
        max: raster.colorBar.max,
        ticks: raster.colorBar.ticks,
        colormap: raster.colorBar.colormap,
        colorStops: colorBarStops(raster.colorBar),
        bounds: rasterBounds(raster),
        grid: { rows: grid.rows, columns: grid.columns, latStep: grid.step, lonStep: grid.step },
        dataset: dataset.name,
        period: { begin: dataset.dateBegin, end: dataset.dateEnd },
        synthetic: dataset.synthetic,
        source,
        renderedAt: new Date().toISOString(),
      };
      await writeFile(path.join(dir, 'properties.json'), JSON.stringify(properties, null, 1));
      layers.push({
        spec,
        key,
        units: raster.units,
        relativePath: `stat2d/${zone.id}/${renderId}/${key}`,
      });
    }
    await rename(temporary, path.join(folder, renderId));
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  return { renderId, layers, nodes: grid.nodes.length, seconds: (performance.now() - started) / 1000 };
}

/** Removes the render folders of a zone other than `keep` (older renders, failed attempts). */
export async function pruneRenders(dataDir: string, zoneId: number, keep: string | undefined): Promise<void> {
  const folder = zoneFolder(dataDir, zoneId);
  if (!existsSync(folder)) return;
  for (const entry of await readdir(folder))
    if (entry !== keep) await rm(path.join(folder, entry), { recursive: true, force: true });
}

/** A layer folder path as found in a URL: every segment checked, so no path leaves DATA_DIR/stat2d. */
export const LAYER_PATH = /^stat2d\/\d+\/[0-9a-z]+\/[a-z0-9_]+$/;

const rasters = new Map<string, Promise<{ raster: Stat2dRaster; geom: GeoJsonGeometry }>>();

async function loadRaster(file: string): Promise<{ raster: Stat2dRaster; geom: GeoJsonGeometry }> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as RasterFile;
  const values = Float32Array.from(parsed.raster.values, (v) => (v === null ? NaN : v));
  return { raster: { ...parsed.raster, values }, geom: parsed.geom };
}

let empty: Buffer | undefined;
const emptyTile = () => (empty ??= encodePng(new Uint8Array(TILE_SIZE * TILE_SIZE * 4)));

/** A few rasters stay parsed in memory (a map view asks for a dozen tiles of the same layer at once). */
function cachedRaster(file: string) {
  let entry = rasters.get(file);
  if (!entry) {
    entry = loadRaster(file);
    entry.catch(() => rasters.delete(file));
    rasters.set(file, entry);
    if (rasters.size > 32) rasters.delete(rasters.keys().next().value!);
  }
  return entry;
}

/**
 * Tile z/x/y of a layer as PNG bytes: read from the layer's tile folder, drawn and kept there on first
 * request (written aside then renamed, so a concurrent reader never sees half a file). Undefined when the
 * layer does not exist (an old render, a wrong path).
 */
export async function layerTile(
  dataDir: string,
  relativePath: string,
  z: number,
  x: number,
  y: number,
): Promise<Buffer | undefined> {
  if (!LAYER_PATH.test(relativePath)) return undefined;
  const dir = path.join(dataDir, relativePath);
  const tile = path.join(dir, 'tiles', String(z), String(x), `${y}.png`);
  try {
    return await readFile(tile);
  } catch {
    // not drawn yet
  }
  const rasterFile = path.join(dir, 'raster.json');
  if (!existsSync(rasterFile)) return undefined;
  const { raster, geom } = await cachedRaster(rasterFile);
  // Outside the layer's bounds every tile is empty: one shared answer, nothing written (a client walking
  // the whole world at every zoom must not fill the disk).
  const range = tileRange(rasterBounds(raster), z);
  if (x < range.xMin || x > range.xMax || y < range.yMin || y > range.yMax) return emptyTile();
  const rings = (geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates) as number[][][][];
  const png = renderTile(raster, z, x, y, { clip: rings.flat() });
  await mkdir(path.dirname(tile), { recursive: true });
  const aside = `${tile}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(aside, png);
  await rename(aside, tile);
  return png;
}

/** The raster of a layer (values NaN where none), or undefined when the layer does not exist. */
export async function layerRaster(dataDir: string, relativePath: string): Promise<Stat2dRaster | undefined> {
  if (!LAYER_PATH.test(relativePath)) return undefined;
  const file = path.join(dataDir, relativePath, 'raster.json');
  if (!existsSync(file)) return undefined;
  return (await cachedRaster(file)).raster;
}

/** The property file of a layer, or undefined when the layer does not exist. */
export async function layerProperties(dataDir: string, relativePath: string): Promise<string | undefined> {
  if (!LAYER_PATH.test(relativePath)) return undefined;
  try {
    return await readFile(path.join(dataDir, relativePath, 'properties.json'), 'utf8');
  } catch {
    return undefined;
  }
}
