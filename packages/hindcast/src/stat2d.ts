// 2D statistics maps (Stat2D, spec 002 §2 "Map screens", §3): per node of a zone grid, the mean or a
// quantile of one field over the whole record, as a raster with its colour-bar metadata. The statistics
// are core's (moments: Welford mean; quantile: type 7), so a map node equals the point analysis there.
import { moments, quantile } from '@metocean/core';
import type { Series } from '@metocean/core';
import { VARIABLES } from './model';
import type { DatasetInfo } from './model';
import { normalizeLongitude } from './nearest';

export type Stat2dStatistic = 'mean' | 'p90';

/** Anything that reads a node's series: a Zarr store or the synthetic dataset. */
export interface NodeSource {
  readonly info: DatasetInfo;
  readNode(index: number, fields?: readonly string[]): Promise<Series>;
  readonly mask?: Uint8Array;
}

export interface Stat2dOptions {
  field: string;
  statistic: Stat2dStatistic;
  /** Use every `stride`-th row and column of the dataset grid (default 1). */
  stride?: number;
  /** Restrict to a zone's bounds (degrees, west/east in −180–180; east < west crosses the antimeridian). */
  bounds?: { south: number; west: number; north: number; east: number };
}

export interface ColorBar {
  /** cmocean colour map name of the npm `colormap` package (STYLE.md), viridis for generic fields. */
  colormap: string;
  min: number;
  max: number;
  ticks: number[];
  units: string;
  label: string;
}

export interface Stat2dRaster {
  field: string;
  statistic: Stat2dStatistic;
  units: string;
  /** Row-major, rows from north to south: values[row * columns + column]; NaN where no data. */
  values: Float32Array;
  rows: number;
  columns: number;
  /** Centres of the first (north-west) cell and cell size, degrees. */
  north: number;
  west: number;
  latStep: number;
  lonStep: number;
  colorBar: ColorBar;
  /** Dataset notes to show with the map (carries the synthetic notice when there is one). */
  source: string;
}

const FIELD_COLORMAPS: Record<string, string> = {
  temperature: 'temperature',
  salinity: 'salinity',
  water_level: 'freesurface-blue',
  tide: 'freesurface-blue',
  surge: 'freesurface-blue',
  wind_speed: 'velocity-blue',
  current_speed: 'velocity-blue',
  hs: 'velocity-blue',
  hs_swell: 'velocity-blue',
};

/** 4 to 8 round ticks (1, 2, 2.5 or 5 × 10^k apart) covering [min, max]. */
export function niceTicks(min: number, max: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => (max - min) / s <= 7)!;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step)
    ticks.push(Math.round(t / step) * step);
  return ticks;
}

function inBounds(lon: number, west: number, east: number): boolean {
  const x = normalizeLongitude(lon);
  return west <= east ? x >= west && x <= east : x >= west || x <= east;
}

/**
 * Computes a Stat2D raster over a regular-grid dataset: reads each node (skipping land/missing nodes of
 * the mask) and applies the statistic to the field. Nodes are read one at a time, so memory stays at one
 * series; time is nodes × (read or generation) — run it in a job.
 */
export async function stat2dRaster(source: NodeSource, options: Stat2dOptions): Promise<Stat2dRaster> {
  const grid = source.info.grid;
  if (grid.type !== 'regular')
    throw new Error(`stat2dRaster: dataset "${source.info.name}" has no regular grid`);
  const stride = options.stride ?? 1;
  if (!(Number.isInteger(stride) && stride >= 1))
    throw new RangeError('stat2dRaster: stride must be an integer ≥ 1');
  const b = options.bounds;
  // rows north to south
  const latIndices = Array.from({ length: grid.lat.count }, (_, i) => i)
    .filter((i) => i % stride === 0)
    .filter(
      (i) =>
        !b ||
        (grid.lat.start + i * grid.lat.step >= b.south && grid.lat.start + i * grid.lat.step <= b.north),
    )
    .sort((x, y) => grid.lat.start + y * grid.lat.step - (grid.lat.start + x * grid.lat.step));
  const lonIndices = Array.from({ length: grid.lon.count }, (_, j) => j)
    .filter((j) => j % stride === 0)
    .filter((j) => !b || inBounds(grid.lon.start + j * grid.lon.step, b.west, b.east));
  if (latIndices.length === 0 || lonIndices.length === 0) {
    throw new RangeError(`stat2dRaster: no node of "${source.info.name}" inside the bounds`);
  }
  const rows = latIndices.length;
  const columns = lonIndices.length;
  const values = new Float32Array(rows * columns).fill(NaN);
  let units = VARIABLES[options.field]?.units ?? '';
  let longName = options.field;
  for (const [r, i] of latIndices.entries()) {
    for (const [c, j] of lonIndices.entries()) {
      const index = i * grid.lon.count + j;
      if (source.mask && source.mask[index] !== 1) continue;
      const series = await source.readNode(index, [options.field]);
      const field = series.fields[options.field];
      if (!field)
        throw new Error(`stat2dRaster: dataset "${source.info.name}" has no field "${options.field}"`);
      units = field.units;
      longName = field.longName ?? options.field;
      values[r * columns + c] = stat2dValue(field.values, options.statistic);
    }
  }
  return rasterFromValues({
    field: options.field,
    statistic: options.statistic,
    units,
    longName,
    values,
    rows,
    columns,
    north: grid.lat.start + latIndices[0]! * grid.lat.step,
    west: normalizeLongitude(grid.lon.start + lonIndices[0]! * grid.lon.step),
    latStep: Math.abs(grid.lat.step) * stride,
    lonStep: grid.lon.step * stride,
    source: `${source.info.name}; ${source.info.notes}`,
  });
}

/** The one rule for a map value: core's Welford mean or type-7 P90 of a node's record (NaN skipped). */
export function stat2dValue(values: Float32Array | Float64Array, statistic: Stat2dStatistic): number {
  return statistic === 'mean' ? moments(values).mean : quantile(values, 0.9);
}

/** A raster from its node values (row-major, north to south), with the colour bar of the field. */
export function rasterFromValues(
  raster: Omit<Stat2dRaster, 'colorBar'> & { longName: string },
): Stat2dRaster {
  let min = Infinity;
  let max = -Infinity;
  for (const v of raster.values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const variable = raster.field.replace(/_\d+(\.\d+)?m$/, '');
  const { longName, ...rest } = raster;
  return {
    ...rest,
    colorBar: {
      colormap: FIELD_COLORMAPS[variable] ?? 'viridis',
      min,
      max,
      ticks: niceTicks(min, max),
      units: raster.units,
      label: `${raster.statistic === 'mean' ? 'Mean' : 'P90'} ${longName}`,
    },
  };
}
