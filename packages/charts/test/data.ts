// Result rows as the server stores them, built by running the real engine on the real ERA5 record of
// ../shared/data (the South China Sea node the demo ingests), so payloads and charts are tested on real numbers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  environmentalContourBand,
  overview,
  statisticOf,
  statisticsFor,
  type Series,
  type StatisticTarget,
} from '@metocean/core';
import { statIdOf, toStoredJson } from '@metocean/contracts';
import { parseCsvSeries } from '@metocean/hindcast';
import type { FieldInfo, ResultRow } from '../src';

export const DATA_DIR = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

let cached: Series | undefined;
/** ERA5 hourly 2000-2010 at 109.94°E 15.51°N: pp1d, swh, mwd. */
export function era5(): Series {
  cached ??= parseCsvSeries([
    readFileSync(`${DATA_DIR}era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv`, 'utf8'),
  ]);
  return cached;
}

/**
 * ERA5 with levels: swh read as a current speed profile (0.3·swh scaled down with depth) and a water level
 * (swh − mean), for the statistics over levels (MEANCOLSTD, CUREXT) and water heights (HEIEXT).
 */
export function era5WithLevels(): Series {
  const base = era5();
  const swh = base.fields.swh!.values;
  const levels = [0, 10, 30];
  const fields: Series['fields'] = { ...base.fields };
  for (const level of levels)
    fields[`current_speed_${level}m`] = {
      values: Float32Array.from(swh, (v) => 0.3 * v * (1 - level / 60)),
      units: 'm s-1',
      longName: 'current speed',
      variable: 'current_speed',
      level,
      levelType: 'depth',
    };
  fields.water_level = {
    values: Float32Array.from(swh, (v) => v - 1.2),
    units: 'm',
    longName: 'water level',
  };
  return { ...base, fields };
}

/** The server's JSON of a result, as stored. */
export const toJson = toStoredJson;

export const DATASET = { name: 'ERA5 South China Sea', notes: 'ECMWF ERA5 reanalysis', synthetic: false };
export const NODE = { lat: 15.5, lon: 109.94, distanceKm: 1.2 };

/** A stored row as apps/server/src/jobs/compute-point.ts writes it. */
export function rowOf(
  series: Series,
  id: string,
  target: StatisticTarget,
  options: Parameters<ReturnType<typeof statisticOf>['compute']>[2] = {},
  dataset = DATASET,
): ResultRow & { raw: unknown } {
  const statistic = statisticOf(id);
  const statId = statIdOf(id, target);
  let raw: unknown;
  let payload: Record<string, unknown>;
  try {
    raw = statistic.compute(series, target, options);
    payload = { target, dataset, node: NODE, result: toJson(raw) };
  } catch (error) {
    payload = { target, dataset, node: NODE, error: error instanceof Error ? error.message : String(error) };
  }
  return { statId, code: statistic.code, payload, raw };
}

export function fieldsOf(series: Series): FieldInfo[] {
  return toJson(overview(series)) as FieldInfo[];
}

/** Every run the registry lists for the series (as the server runs them). */
export function runsOf(series: Series): { id: string; target: StatisticTarget }[] {
  return statisticsFor(series).filter((run) => run.id !== 'EFT');
}

const rowCache = new Map<string, ReturnType<typeof rowOf>>();
/** One row per statistic id on ERA5 (swh and its direction), computed once per test file. */
export function era5Row(id: string): ReturnType<typeof rowOf> {
  let row = rowCache.get(id);
  if (!row) {
    const target: StatisticTarget = ['DR', 'DR_month', 'EJPD', 'CTS'].includes(id)
      ? { field: 'swh', partner: 'mwd' }
      : id === 'ENVC'
        ? { field: 'swh', partner: 'pp1d' }
        : { field: 'swh' };
    // WD and WW as stored once their intervals were asked for (the wd_intervals and ww_intervals routes)
    row = rowOf(
      era5(),
      id,
      target,
      id === 'NOCYC'
        ? { cyclone: nocycMask() }
        : id === 'WD'
          ? { waitIntervals: true }
          : id === 'WW'
            ? { probabilityIntervals: true }
            : {},
    );
    // ENVC as stored once its band was asked for (the contour band route): the contours with their band
    if (id === 'ENVC') {
      const { band, bandNote } = environmentalContourBand(era5(), target);
      const result = row.payload.result as Record<string, unknown>;
      row = {
        ...row,
        payload: { ...row.payload, result: { ...result, ...(toJson({ band, bandNote }) as object) } },
      };
    }
    rowCache.set(id, row);
  }
  return row;
}

/** A cyclone mask for NOCYC: August-October steps flagged. */
export function nocycMask(): boolean[] {
  return Array.from(era5().time, (t) => [7, 8, 9].includes(new Date(t).getUTCMonth()));
}
