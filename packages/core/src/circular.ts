// Circular statistics of directions in degrees (Mardia & Jupp 2000 §2.2; scipy.stats.circmean/circstd with
// high = 360): the mean direction atan2(Σ sin θ, Σ cos θ) in [0, 360) and the circular standard deviation
// √(−2 ln R̄) of the mean resultant length R̄, in degrees. The arithmetic mean of 350° and 10° is 180°;
// their circular mean is 0°.

import type { Ranks } from './order';

/** A field's name or long name that makes it a direction (the registry's kinds read the same pattern). */
export const DIRECTION_PATTERN = /^(dir|dp|mwd|wd|cd|theta|thetaw)$|direction/i;

export interface CircularStats {
  count: number;
  /** Mean direction in degrees, [0, 360); NaN without values or when the resultant is zero. */
  mean: number;
  /** Circular standard deviation √(−2 ln R̄) in degrees (0 for one direction, ∞ when R̄ = 0). */
  std: number;
  /** Mean resultant length R̄ in [0, 1]. */
  resultantLength: number;
}

const RADIANS = Math.PI / 180;
const RESULTANT_ZERO = 1e-12;

/** Slots of the counts of directions without ranks: one per hundredth of a degree in [0, 360). */
const SLOTS = 36_000;

/** Σ sin θ, Σ cos θ and the count of the last sums (sumsOfRanks, sumsOfDirections). */
const sums = new Float64Array(3);

/**
 * The sine and cosine of each slot's direction, computed once per process when a column first needs them:
 * of the hundredth k/100 as a double (a float64 column's value) and as the float32 nearest it (a float32
 * column's value: a hindcast stores its directions at 0.01°, 0.1° or 1°).
 */
let doubleTrig: Float64Array | undefined;
let singleTrig: Float64Array | undefined;

/** Per slot its sine and cosine side by side, of k/100 rounded to float32 when `single`. */
function slotTrig(single: boolean): Float64Array {
  const made = single ? singleTrig : doubleTrig;
  if (made) return made;
  const trig = new Float64Array(2 * SLOTS);
  for (let k = 0; k < SLOTS; k++) {
    const d = single ? Math.fround(k / 100) : k / 100;
    trig[2 * k] = Math.sin(d * RADIANS);
    trig[2 * k + 1] = Math.cos(d * RADIANS);
  }
  if (single) singleTrig = trig;
  else doubleTrig = trig;
  return trig;
}

/** How many steps hold each slot's direction (sumsOfDirections), emptied after each column. */
const slotCounts = new Int32Array(SLOTS);

/**
 * Circular mean and standard deviation of directions in degrees (NaN values left out). The sums Σ sin θ and
 * Σ cos θ are taken per distinct direction, its sine and cosine times the steps that hold it, in ascending
 * order of direction: from `ranks` (a hindcast column counted by order.ts: its distinct values and their
 * counts), else from a count per hundredth of a degree (sumsOfDirections). Both give the same numbers for
 * a column stored at hundredths of a degree (or tenths, or degrees); against the sums step by step they
 * differ by rounding alone (fewer roundings: one product per direction instead of one addition per step).
 */
export function circularStats(degrees: ArrayLike<number>, ranks?: Ranks): CircularStats {
  // the sums in loops of their own: compiled while running inside circularStats, the loop's code left it
  // without feedback for what follows, and each call fell back to the interpreter at its end
  if (ranks && ranks.code.length === degrees.length) sumsOfRanks(ranks);
  else sumsOfDirections(degrees);
  const s = sums[0]!;
  const c = sums[1]!;
  const count = sums[2]!;
  if (count === 0) return { count, mean: NaN, std: NaN, resultantLength: NaN };
  // below RESULTANT_ZERO the resultant is rounding of opposite directions (90° and 270°): no mean direction
  const r = Math.min(1, Math.hypot(s, c) / count);
  const mean = r > RESULTANT_ZERO ? (Math.atan2(s, c) / RADIANS + 360) % 360 : NaN;
  const std = r > RESULTANT_ZERO ? Math.sqrt(-2 * Math.log(r)) / RADIANS : Infinity;
  return { count, mean, std, resultantLength: r };
}

/**
 * The sums of a counted column: each distinct direction's sine and cosine once, times the steps that hold
 * it, in ascending order of direction (no pass over the steps: the counts are the column's).
 */
function sumsOfRanks({ distinct, counts }: Ranks): void {
  let s = 0;
  let c = 0;
  let count = 0;
  for (let r = 0; r < distinct.length; r++) {
    const d = distinct[r]!;
    const n = counts[r]!;
    s += n * Math.sin(d * RADIANS);
    c += n * Math.cos(d * RADIANS);
    count += n;
  }
  sums[0] = s;
  sums[1] = c;
  sums[2] = count;
}

/**
 * The sums of a column without ranks: the steps counted per slot when their direction is that slot's
 * hundredth of a degree (a hindcast's precision), then each slot's sine and cosine (slotTrig) times its count
 * in ascending order of direction, as sumsOfRanks sums a counted column: the same numbers for the same
 * directions. A direction off the hundredths (or outside [0, 360)) adds its own sine and cosine, after them.
 */
function sumsOfDirections(degrees: ArrayLike<number>): void {
  const single = degrees instanceof Float32Array;
  const trig = slotTrig(single);
  countOnSlots(degrees, single);
  const offS = sums[0]!;
  const offC = sums[1]!;
  let count = sums[2]!;
  let s = 0;
  let c = 0;
  for (let k = 0; k < SLOTS; k++) {
    const n = slotCounts[k]!;
    if (n === 0) continue;
    s += n * trig[2 * k]!;
    c += n * trig[2 * k + 1]!;
    count += n;
  }
  slotCounts.fill(0);
  sums[0] = s + offS;
  sums[1] = c + offC;
  sums[2] = count;
}

/**
 * sumsOfDirections' pass over a column: each direction at its slot's hundredth (as the nearest float32 when
 * `single`: a float32 column's value) counted there, the others summed into `sums` (with their count).
 */
function countOnSlots(degrees: ArrayLike<number>, single: boolean): void {
  let s = 0;
  let c = 0;
  let count = 0;
  for (let i = 0; i < degrees.length; i++) {
    const d = degrees[i]!;
    if (d !== d) continue;
    // the nearest hundredth (the slot counts only its very value; Math.round's -0 would take the compiled
    // loop off its fast path)
    const k = (d * 100 + 0.5) | 0;
    const hundredth = single ? Math.fround(k / 100) : k / 100;
    if (k >= 0 && k < SLOTS && hundredth === d) slotCounts[k]!++;
    else {
      s += Math.sin(d * RADIANS);
      c += Math.cos(d * RADIANS);
      count++;
    }
  }
  sums[0] = s;
  sums[1] = c;
  sums[2] = count;
}
