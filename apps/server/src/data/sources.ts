// Where a zone's hindcast comes from. Registered datasets (Zarr stores under DATA_DIR/datasets) serve their
// zones; a zone without one is served by the synthetic demo hindcast, flagged as such in every result.
import type { Series } from '@metocean/core';
import { openZarrDataset, syntheticDataset, type HindcastDataset } from '@metocean/hindcast';

export type DataSource = { kind: 'synthetic'; cyclonic: boolean } | { kind: 'zarr'; path: string };

export interface PointSeries {
  series: Series;
  node: { lat: number; lon: number; distanceKm: number };
  dataset: { name: string; notes: string; synthetic: boolean };
}

/** Grid step of the synthetic demo hindcast, every zone: what its datasets declare and what points snap to. */
export const SYNTHETIC_RESOLUTION_DEG = 0.25;

const opened = new Map<string, Promise<HindcastDataset>>();

/** The dataset behind a source, opened once per process. */
export function openSource(source: DataSource): Promise<HindcastDataset> {
  const key = JSON.stringify(source);
  let dataset = opened.get(key);
  if (!dataset) {
    dataset =
      source.kind === 'zarr'
        ? openZarrDataset(source.path)
        : Promise.resolve(
            syntheticDataset({
              cyclonic: source.cyclonic,
              name: 'Synthetic demo hindcast',
              resolutionDeg: SYNTHETIC_RESOLUTION_DEG,
            }),
          );
    opened.set(key, dataset);
  }
  return dataset;
}

/** Reads the whole record of a node of a source's dataset (the worker thread keeps the last one read). */
export type NodeReader = (source: DataSource, dataset: HindcastDataset, index: number) => Promise<Series>;

const readWhole: NodeReader = (_source, dataset, index) => dataset.readNode(index);

/** The series of the node nearest to a position, with the node and the dataset the results name. */
export async function readPointSeries(
  source: DataSource,
  lat: number,
  lon: number,
  readNode: NodeReader = readWhole,
): Promise<PointSeries> {
  const dataset = await openSource(source);
  const node = dataset.nearest(lat, lon);
  const series = await readNode(source, dataset, node.index);
  return {
    series,
    node: { lat: node.lat, lon: node.lon, distanceKm: node.distanceKm },
    dataset: { name: dataset.info.name, notes: dataset.info.notes, synthetic: source.kind === 'synthetic' },
  };
}

/** Flags that travel with a series but are not variables to analyse (the hurricane mask of NOCYC). */
const MASK_FIELDS = new Set(['hurricane']);

export function analysedSeries(series: Series): Series {
  return {
    ...series,
    fields: Object.fromEntries(Object.entries(series.fields).filter(([name]) => !MASK_FIELDS.has(name))),
  };
}
