// One point's series from a data file or store: a NetCDF3/NetCDF4 file or an xarray Zarr folder (CF
// decoded, variables under their catalogue keys) or one of our Zarr stores. A file of one node is that
// node's series; a file of several nodes needs a position, and the nearest node with data is read.
import { toRegularGrid } from '@metocean/core';
import type { Series } from '@metocean/core';
import { DataFileError } from './cf';
import { dropDeclared, type DecodedDataset } from './decode';
import { nodeCount } from './model';
import { nearestNode, type NearestNode } from './nearest';
import { readDataFile, type FileFormat } from './netcdf';
import { openZarrDataset, toField } from './zarr';

export interface PointRead {
  series: Series;
  /** The node read when the file holds several (its coordinates and distance); null for a one-node file. */
  node: NearestNode | null;
  /** Variables of the file not read, with the reason (not in the catalogue, wrong dimensions). */
  skipped: string[];
  /** Values treated as missing (fill values, outside the physical range), one sentence per variable. */
  notes: string[];
}

/**
 * Reads a point series from a data file or store of format `format` (sniffFormat). `position` chooses the
 * node of a file with several; a one-node file ignores it.
 */
export async function readPointSeries(
  path: string,
  format: FileFormat,
  position: { lat?: number; lon?: number; missing?: readonly number[] } = {},
): Promise<PointRead> {
  const { lat, lon } = position;
  const missing = position.missing ?? [];
  if (format === 'zarr-v3') {
    const dataset = await openZarrDataset(path);
    const n = nodeCount(dataset.info.grid);
    if (n > 1 && (lat === undefined || lon === undefined)) throw severalNodes(path, n);
    const { node, series } =
      n === 1 ? { node: null, series: await dataset.readNode(0) } : await dataset.readPoint(lat!, lon!);
    // our stores hold catalogue units: the declared values are compared with them
    const notes: string[] = [];
    for (const [name, field] of Object.entries(series.fields)) {
      const declared = dropDeclared(field.values, missing);
      if (declared.count > 0)
        notes.push(
          `${name}: ${declared.count.toLocaleString('en-US')} value${declared.count === 1 ? '' : 's'} of ${declared.values} treated as missing (declared missing)`,
        );
    }
    return { series, node, skipped: [], notes };
  }
  // a file without coordinates is one point, whose position no statistic reads
  const data = await readDataFile(path, { lat: lat ?? 0, lon: lon ?? 0, missing });
  const n = nodeCount(data.grid);
  if (n === 1)
    return { series: nodeSeries(data, 0), node: null, skipped: data.skipped, notes: data.notes ?? [] };
  if (lat === undefined || lon === undefined) throw severalNodes(path, n);
  const steps = data.time.length;
  // a node with no value in any field is land or outside the model's domain
  const hasData = (k: number): boolean =>
    data.fields.some((f) => f.values.subarray(k * steps, (k + 1) * steps).some((v) => v === v));
  const node = nearestNode(data.grid, lat, lon, { isSea: hasData, label: path });
  return { series: nodeSeries(data, node.index), node, skipped: data.skipped, notes: data.notes ?? [] };
}

function severalNodes(path: string, n: number): DataFileError {
  return new DataFileError(
    path,
    null,
    `holds ${n} nodes: choose one with a position (latitude and longitude)`,
  );
}

/**
 * Node `k`'s series of decoded data, on the regular grid of the file's smallest time step (absent steps
 * NaN), values as the file's float32.
 */
export function nodeSeries(data: DecodedDataset, k: number): Series {
  const steps = data.time.length;
  let stepMs = Infinity;
  for (let i = 1; i < steps; i++) stepMs = Math.min(stepMs, data.time[i]! - data.time[i - 1]!);
  if (!Number.isFinite(stepMs)) stepMs = 3_600_000;
  const columns = Object.fromEntries(
    data.fields.map((f) => [f.field, f.values.subarray(k * steps, (k + 1) * steps)] as const),
  );
  let grid;
  try {
    grid = toRegularGrid(data.time, columns, stepMs);
  } catch (error) {
    throw new DataFileError(
      data.source,
      'time',
      `times are not on a regular grid (${(error as Error).message})`,
    );
  }
  const fields = Object.fromEntries(
    data.fields.map((f) => [f.field, toField(f, Float32Array.from(grid.values[f.field]!))] as const),
  );
  return { time: grid.time, stepMs, fields };
}
