// The computing half of a satellite comparison (spec 002 "Satellite comparison"), run in a thread of the
// statistics pool so that the event loop keeps serving HTTP: reads the node's hourly record and the
// along-track altimetry near it (the zone's L3 files, else synthetic tracks), matches them (core
// compareAlongTrack) for Hs and the 10 m wind speed and answers the per-variable metrics, scatter data and
// matchups. No database here: the job (satellite-comparison.ts) finds the dataset and stores the answer.
import {
  SATELLITE_HALF_WINDOW_MINUTES,
  SATELLITE_MIN_SAMPLES,
  SATELLITE_RADIUS_KM,
  SATELLITE_VARIABLES,
  type SatelliteVisuData,
} from '@metocean/contracts';
import { compareAlongTrack } from '@metocean/core';
import { altimetryAt } from '../data/altimetry';
import { correctedSeries, type PointReading } from '../data/calibrated';
import type { PointSeries } from '../data/sources';
import type { StoredMatchups } from '../services/satellite';

/**
 * A point's collocation: a calibrated variant's with its correction (issue 33), its model values the
 * corrected ones as every reader of the point sees them (data/calibrated.ts); the altimetry is the node's,
 * whichever point asks.
 */
export interface SatelliteCollocationJob extends PointReading {
  kind: 'satellite-collocation';
  /** The zone's altimetry folder (altimetryFolder). */
  folder: string;
}

export interface SatelliteCollocation {
  synthetic: boolean;
  /** The altimetry's source (files or synthetic tracks). */
  source: string;
  missions: string[];
  node: PointSeries['node'];
  dataset: PointSeries['dataset'];
  /** The variables with at least one matchup. */
  variables: SatelliteVisuData['variables'];
  matchups: StoredMatchups[];
}

const finiteOrNull = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);
const isoOrNull = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());

export async function collocateSatellite(job: SatelliteCollocationJob): Promise<SatelliteCollocation> {
  const altimetry = await altimetryAt(job.source, job.folder, job.lat, job.lon, SATELLITE_RADIUS_KM);
  const { track, synthetic } = altimetry;
  // the synthetic tracks were drawn from the node's uncorrected record: a variant is compared with them too
  const model = job.correction
    ? { ...altimetry.model, series: correctedSeries(altimetry.model.series, job.correction) }
    : altimetry.model;
  const options = {
    // the model's values are the node's: the circle is drawn around it
    lat: model.node.lat,
    lon: model.node.lon,
    radiusKm: SATELLITE_RADIUS_KM,
    halfWindowMs: SATELLITE_HALF_WINDOW_MINUTES * 60_000,
    minSamples: SATELLITE_MIN_SAMPLES,
  };
  const missions = [...new Set(Array.from(track.mission, (m) => track.missions[m]!))];
  const measureRun = synthetic ? 'synthetic altimetry' : `altimetry (${missions.join(', ')})`;
  const variables: SatelliteVisuData['variables'] = [];
  const matchups: StoredMatchups[] = [];
  for (const v of SATELLITE_VARIABLES) {
    const field = model.series.fields[v.field];
    if (!field) continue;
    const variable = { name: v.name, units: v.units, longName: v.longName, directional: false };
    const result = compareAlongTrack(
      { time: model.series.time, values: field.values },
      {
        time: track.time,
        lat: track.lat,
        lon: track.lon,
        values: v.name === 'hs' ? track.hs : track.windSpeed,
      },
      variable,
      { model: model.dataset.name, measure: measureRun },
      options,
    );
    const m = result.matchups;
    if (m.counts.matchups === 0) continue;
    const { scatter } = result;
    variables.push({
      ...variable,
      counts: m.counts,
      period: { from: isoOrNull(m.time[0]), to: isoOrNull(m.time.at(-1)) },
      metrics: Object.fromEntries(Object.entries(result.metrics).map(([k, x]) => [k, finiteOrNull(x)])),
      scatter: {
        ...scatter,
        linregress: {
          slope: finiteOrNull(scatter.linregress.slope),
          intercept: finiteOrNull(scatter.linregress.intercept),
          r2: finiteOrNull(scatter.linregress.r2),
        },
      },
    });
    matchups.push({
      name: v.name,
      units: v.units,
      time: m.time,
      model: m.model,
      measure: m.measure,
      samples: m.samples,
      spread: m.spread,
      distanceKm: m.distanceKm,
    });
  }
  return {
    synthetic,
    source: track.source,
    missions,
    node: model.node,
    dataset: model.dataset,
    variables,
    matchups,
  };
}
