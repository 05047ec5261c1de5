// The real series of ../shared/data (beside the clone), read with the product's CSV reader.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsvSeries } from '@metocean/hindcast';
import type { Series } from '../src';

export const DATA_DIR = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

const cache = new Map<string, Series>();

function load(paths: string[]): Series {
  const key = paths.join('+');
  let series = cache.get(key);
  if (!series) {
    series = parseCsvSeries(paths.map((p) => readFileSync(DATA_DIR + p, 'utf8')));
    cache.set(key, series);
  }
  return series;
}

export const era5 = (): Series => load(['era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv']);
export const nora3 = (): Series =>
  load(['nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv']);
/** NDBC 44007, A.txt followed by Ar.txt: 22 years with gaps. */
export const ndbc = (): Series => load(['ndbc-ecbenchmark/A.txt', 'ndbc-ecbenchmark/Ar.txt']);

export function values(series: Series, name: string): Float64Array | Float32Array {
  const field = series.fields[name];
  if (!field) throw new Error(`no field ${name}`);
  return field.values;
}

export function reference<T>(name: string): T {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`./reference/${name}`, import.meta.url)), 'utf8'),
  ) as T;
}

/** |a - b| ≤ atol + rtol·|b|, with a message naming the quantity. */
export function close(a: number, b: number, rtol: number, atol = 0): boolean {
  return Math.abs(a - b) <= atol + rtol * Math.abs(b);
}
