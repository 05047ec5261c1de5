// Along-track altimetry against a model's time steps (spec 002 "Satellite comparison"; docs/decisions.md,
// "satellite"): the space-time matchup of 1-Hz altimeter samples with the hourly record of one model node.
// The rule, as in the altimeter validations of wave models (e.g. Ribal & Young 2019, Sci. Data 6:77;
// Mentaschi et al. 2013 for WAVEWATCH III), is the "super-observation":
//  - a sample takes part when its value and position are finite and it lies within `radiusKm` of the
//    point (great-circle, haversine on the IUGG mean radius);
//  - it is attached to the model step nearest in time, the earlier one on an exact tie, and only when that
//    step is within `halfWindowMs` of it (±30 min by default: every sample of an hourly record belongs to at
//    most one step);
//  - the samples of one step are averaged into one measured value; a step needs `minSamples` of them
//    (3 by default: a pass that only grazes the circle gives too noisy a mean) and a model value;
//  - the model value is the model's own value at that step, never interpolated in time.
import { namedMetrics, scatterData } from './collocate';
import type { ComparedVariable, MetricName, ScatterData } from './collocate';

/** IUGG mean Earth radius R1 (Moritz 2000), km: the one of the data layer's nearest-node search. */
const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;
const SENTINEL = -999;

/** Great-circle distance in km (haversine). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Altimeter samples: time (UTC epoch ms, any order), position and the measured value (NaN when absent). */
export interface TrackSamples {
  time: ArrayLike<number>;
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** The model record at the point: strictly increasing step times and their values (-999/NaN missing). */
export interface ModelSteps {
  time: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface MatchupOptions {
  lat: number;
  lon: number;
  /** Default 50 km. */
  radiusKm?: number;
  /** Default 30 minutes. */
  halfWindowMs?: number;
  /** Default 3. */
  minSamples?: number;
}

export const MATCHUP_DEFAULTS = { radiusKm: 50, halfWindowMs: 30 * 60_000, minSamples: 3 } as const;

export interface Matchups {
  /** The model step of each matchup, increasing. */
  time: number[];
  model: number[];
  /** Mean of the samples attached to the step. */
  measure: number[];
  /** Samples averaged, their standard deviation (population) and their mean distance to the point, km. */
  samples: number[];
  spread: number[];
  distanceKm: number[];
  counts: {
    /** Samples with a value, within the radius. */
    inRadius: number;
    /** Of those, the ones no model step lies within the window of. */
    outsideRecord: number;
    /** Steps with samples but fewer than minSamples. */
    tooFewSamples: number;
    /** Steps with enough samples but no model value. */
    missingModel: number;
    matchups: number;
  };
}

const isMissing = (v: number) => !Number.isFinite(v) || v === SENTINEL;

function checked(model: ModelSteps, track: TrackSamples, options: MatchupOptions) {
  const caller = 'alongTrackMatchups';
  if (model.time.length !== model.values.length)
    throw new RangeError(`${caller}: model time and values differ in length`);
  for (let i = 1; i < model.time.length; i++)
    if (!(model.time[i]! > model.time[i - 1]!))
      throw new RangeError(`${caller}: model times must be strictly increasing`);
  const n = track.time.length;
  if (track.lat.length !== n || track.lon.length !== n || track.values.length !== n)
    throw new RangeError(`${caller}: track columns differ in length`);
  const radiusKm = options.radiusKm ?? MATCHUP_DEFAULTS.radiusKm;
  const halfWindowMs = options.halfWindowMs ?? MATCHUP_DEFAULTS.halfWindowMs;
  const minSamples = options.minSamples ?? MATCHUP_DEFAULTS.minSamples;
  if (!(radiusKm > 0)) throw new RangeError(`${caller}: radiusKm must be positive, got ${radiusKm}`);
  if (!(halfWindowMs >= 0)) throw new RangeError(`${caller}: halfWindowMs must be ≥ 0, got ${halfWindowMs}`);
  if (!(Number.isInteger(minSamples) && minSamples >= 1))
    throw new RangeError(`${caller}: minSamples must be an integer ≥ 1, got ${minSamples}`);
  if (!Number.isFinite(options.lat) || !Number.isFinite(options.lon))
    throw new RangeError(`${caller}: the point's position must be finite`);
  return { radiusKm, halfWindowMs, minSamples };
}

/** Index of the step nearest to t (the earlier on a tie), by bisection; -1 without steps. */
function nearestStep(time: ArrayLike<number>, t: number): number {
  const n = time.length;
  if (n === 0) return -1;
  let lo = 0;
  let hi = n; // first index with time > t
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  if (lo === n) return n - 1;
  return t - time[lo - 1]! <= time[lo]! - t ? lo - 1 : lo;
}

/** The matchups of a model node's record with altimeter samples near it (rule at the top of this file). */
export function alongTrackMatchups(
  model: ModelSteps,
  track: TrackSamples,
  options: MatchupOptions,
): Matchups {
  const { radiusKm, halfWindowMs, minSamples } = checked(model, track, options);
  const groups = new Map<number, { sum: number; sum2: number; km: number; n: number }>();
  let inRadius = 0;
  let outsideRecord = 0;
  for (let s = 0; s < track.time.length; s++) {
    const value = track.values[s]!;
    const t = track.time[s]!;
    if (isMissing(value) || !Number.isFinite(t)) continue;
    const km = haversineKm(options.lat, options.lon, track.lat[s]!, track.lon[s]!);
    if (!(km <= radiusKm)) continue;
    inRadius++;
    const k = nearestStep(model.time, t);
    if (k < 0 || Math.abs(t - model.time[k]!) > halfWindowMs) {
      outsideRecord++;
      continue;
    }
    const group = groups.get(k) ?? { sum: 0, sum2: 0, km: 0, n: 0 };
    group.sum += value;
    group.sum2 += value * value;
    group.km += km;
    group.n++;
    groups.set(k, group);
  }
  const out: Matchups = {
    time: [],
    model: [],
    measure: [],
    samples: [],
    spread: [],
    distanceKm: [],
    counts: { inRadius, outsideRecord, tooFewSamples: 0, missingModel: 0, matchups: 0 },
  };
  for (const k of [...groups.keys()].sort((a, b) => a - b)) {
    const group = groups.get(k)!;
    if (group.n < minSamples) {
      out.counts.tooFewSamples++;
      continue;
    }
    const m = model.values[k]!;
    if (isMissing(m)) {
      out.counts.missingModel++;
      continue;
    }
    const mean = group.sum / group.n;
    out.time.push(model.time[k]!);
    out.model.push(m);
    out.measure.push(mean);
    out.samples.push(group.n);
    out.spread.push(Math.sqrt(Math.max(0, group.sum2 / group.n - mean * mean)));
    out.distanceKm.push(group.km / group.n);
  }
  out.counts.matchups = out.time.length;
  return out;
}

export interface AlongTrackComparison {
  variable: ComparedVariable;
  matchups: Matchups;
  metrics: Partial<Record<MetricName, number>>;
  scatter: ScatterData;
}

/** One variable of a satellite comparison: its matchups, the metrics of spec 002 §9 and the scatter data. */
export function compareAlongTrack(
  model: ModelSteps,
  track: TrackSamples,
  variable: ComparedVariable,
  runs: { model: string; measure: string },
  options: MatchupOptions,
): AlongTrackComparison {
  const matchups = alongTrackMatchups(model, track, options);
  return {
    variable,
    matchups,
    metrics: namedMetrics(matchups.model, matchups.measure, variable.directional),
    scatter: scatterData(matchups.model, matchups.measure, variable, runs),
  };
}
