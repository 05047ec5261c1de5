// Along-track altimetry near a position of a zone, for the satellite comparison (spec 002 "Satellite
// comparison"): the real CMEMS-style L3 files an administrator placed under DATA_DIR/altimetry/<zone id>/
// (*.nc, NetCDF4 or NetCDF3; WAVE_GLO_PHY_SWH_L3 layout) when there are any, else synthetic tracks drawn from
// the hindcast that serves the position (flagged synthetic). The model series comes with it, read from the
// same dataset as the point's statistics.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  observationsNear,
  OutsideZoneError,
  readAlongTrack,
  syntheticAltimetry,
  type AlongTrack,
} from '@metocean/hindcast';
import type { Db } from '../db/client';
import { sourceForPoint } from './registry';
import { readPointSeries, type DataSource, type PointSeries } from './sources';

export interface Altimetry {
  track: AlongTrack;
  synthetic: boolean;
  /** The model record at the point (node, dataset) the observations are compared with. */
  model: PointSeries;
}

/** Joins tracks (time order kept per file, then sorted by time); missions renumbered. */
function joinTracks(tracks: AlongTrack[]): AlongTrack {
  const missions = [...new Set(tracks.flatMap((t) => t.missions))];
  const rows = tracks.flatMap((t) =>
    Array.from(t.time, (_, i) => ({ t, i, mission: missions.indexOf(t.missions[t.mission[i]!]!) })),
  );
  rows.sort((a, b) => a.t.time[a.i]! - b.t.time[b.i]!);
  return {
    time: Float64Array.from(rows, (r) => r.t.time[r.i]!),
    lat: Float64Array.from(rows, (r) => r.t.lat[r.i]!),
    lon: Float64Array.from(rows, (r) => r.t.lon[r.i]!),
    hs: Float32Array.from(rows, (r) => r.t.hs[r.i]!),
    windSpeed: Float32Array.from(rows, (r) => r.t.windSpeed[r.i]!),
    mission: Uint8Array.from(rows, (r) => r.mission),
    missions,
    cycle: Int32Array.from(rows, (r) => r.t.cycle[r.i]!),
    pass: Int32Array.from(rows, (r) => r.t.pass[r.i]!),
    source: tracks.map((t) => t.source).join(' + '),
  };
}

/** The folder of a zone's L3 altimetry files (absent: synthetic tracks). */
export const altimetryFolder = (dataDir: string, zoneId: number) =>
  path.join(dataDir, 'altimetry', String(zoneId));

/**
 * The altimetry near a position served by `source` (no database: runs in a statistics thread as well), from
 * the L3 files of `folder` when there are any, else synthetic tracks.
 */
export async function altimetryAt(
  source: DataSource,
  folder: string,
  lat: number,
  lon: number,
  radiusKm = 50,
): Promise<Altimetry> {
  const model = await readPointSeries(source, lat, lon);
  const files = existsSync(folder)
    ? (await readdir(folder)).filter((f) => /\.(nc|nc4)$/i.test(f)).sort((a, b) => a.localeCompare(b))
    : [];
  if (files.length > 0) {
    const tracks: AlongTrack[] = [];
    for (const file of files)
      tracks.push(observationsNear(await readAlongTrack(path.join(folder, file)), lat, lon, radiusKm));
    return { track: joinTracks(tracks), synthetic: false, model };
  }
  return {
    track: syntheticAltimetry(model.node.lat, model.node.lon, model.series, { radiusKm }),
    synthetic: true,
    model,
  };
}

/** The dataset that serves a position of a zone, or OutsideZoneError. */
export async function altimetrySource(db: Db, zoneId: number, lat: number, lon: number): Promise<DataSource> {
  const source = await sourceForPoint(db, zoneId, lat, lon);
  if (!source) throw new OutsideZoneError('no dataset serves this position', 'missing', lat, lon);
  return source;
}

export async function altimetryNear(
  db: Db,
  dataDir: string,
  zoneId: number,
  lat: number,
  lon: number,
  radiusKm = 50,
): Promise<Altimetry> {
  const source = await altimetrySource(db, zoneId, lat, lon);
  return altimetryAt(source, altimetryFolder(dataDir, zoneId), lat, lon, radiusKm);
}
