// Pairs of a model series and a measured series by time (issue 33): each measured value is paired with the
// nearest model time within a window; a window of 0 pairs exact times only. Missing values (NaN, infinite,
// the -999 sentinel) on either side drop the pair.

export interface TimedSeries {
  /** UTC epoch ms, strictly increasing. */
  time: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface Pairs {
  /** The measured value's time, UTC epoch ms. */
  time: Float64Array;
  model: Float64Array;
  obs: Float64Array;
}

const SENTINEL = -999;
const isMissing = (v: number): boolean => !Number.isFinite(v) || v === SENTINEL;

function checkSeries(s: TimedSeries, name: string): void {
  if (s.time.length !== s.values.length)
    throw new RangeError(`pairByTime: ${name} time and values differ in length`);
  for (let i = 1; i < s.time.length; i++)
    if (!(s.time[i]! > s.time[i - 1]!))
      throw new RangeError(`pairByTime: ${name} times must be strictly increasing`);
}

/**
 * Each measured value with the model value at the nearest model time no further than `windowHours` away
 * (an equidistant tie takes the earlier model time); `windowHours` 0 keeps exact matches only. A model time
 * may serve several measurements (a 10-min buoy against an hourly hindcast), as in modelskill's matching.
 */
export function pairByTime(model: TimedSeries, obs: TimedSeries, windowHours = 0): Pairs {
  if (!(windowHours >= 0) || !Number.isFinite(windowHours))
    throw new RangeError(`pairByTime: windowHours must be a finite number ≥ 0, got ${windowHours}`);
  checkSeries(model, 'model');
  checkSeries(obs, 'observation');
  const windowMs = windowHours * 3_600_000;
  const time: number[] = [];
  const m: number[] = [];
  const o: number[] = [];
  let j = 0;
  const n = model.time.length;
  for (let i = 0; i < obs.time.length; i++) {
    const t = obs.time[i]!;
    const v = obs.values[i]!;
    // first model time ≥ t
    while (j < n && model.time[j]! < t) j++;
    let best = -1;
    let distance = Infinity;
    if (j > 0 && t - model.time[j - 1]! <= windowMs) {
      best = j - 1;
      distance = t - model.time[j - 1]!;
    }
    if (j < n && model.time[j]! - t <= windowMs && model.time[j]! - t < distance) best = j;
    if (best < 0 || isMissing(v) || isMissing(model.values[best]!)) continue;
    time.push(t);
    m.push(model.values[best]!);
    o.push(v);
  }
  return { time: Float64Array.from(time), model: Float64Array.from(m), obs: Float64Array.from(o) };
}

/** The pairs where `keep(i)` holds (a fold's training or held-out set, a month's pairs). */
export function subsetPairs(pairs: Pairs, keep: (i: number) => boolean): Pairs {
  const n = pairs.time.length;
  const idx = new Uint32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) if (keep(i)) idx[k++] = i;
  const pick = (a: Float64Array): Float64Array => {
    const out = new Float64Array(k);
    for (let j = 0; j < k; j++) out[j] = a[idx[j]!]!;
    return out;
  };
  return { time: pick(pairs.time), model: pick(pairs.model), obs: pick(pairs.obs) };
}

/** The pairs of fold `k` (fold[i] === k), as subsetPairs would give them, without a call per pair. */
export function subsetByFold(pairs: Pairs, fold: Int32Array, k: number): Pairs {
  let count = 0;
  for (let i = 0; i < fold.length; i++) if (fold[i] === k) count++;
  const time = new Float64Array(count);
  const model = new Float64Array(count);
  const obs = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < fold.length; i++)
    if (fold[i] === k) {
      time[j] = pairs.time[i]!;
      model[j] = pairs.model[i]!;
      obs[j++] = pairs.obs[i]!;
    }
  return { time, model, obs };
}
