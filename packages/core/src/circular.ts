// Circular statistics of directions in degrees (Mardia & Jupp 2000 §2.2; scipy.stats.circmean/circstd with
// high = 360): the mean direction atan2(Σ sin θ, Σ cos θ) in [0, 360) and the circular standard deviation
// √(−2 ln R̄) of the mean resultant length R̄, in degrees. The arithmetic mean of 350° and 10° is 180°;
// their circular mean is 0°.

import { NO_RANK, type Ranks } from './order';

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

/** Slots of the sine and cosine table of directions without ranks: one per hundredth of a degree in [0, 360). */
const SLOTS = 36_000;
/**
 * The direction each slot holds the sine and cosine of (NaN: none yet), kept from one column to the next:
 * a direction's slot is its value in hundredths of a degree, so a column stored at 0.01° (or 0.1°, 1°) has
 * one slot per distinct value (36,000 over decades of hourly 0.01° directions: more than a count takes), and
 * its sine and cosine are computed once instead of at every step. A value at another precision takes its
 * slot from whatever it held, computing them again (a 16-bit packed column: about as many calls as before).
 */
const slots = new Float64Array(3 * SLOTS).fill(NaN); // per slot its direction, sine and cosine side by side

/** Σ sin θ, Σ cos θ and the count of the last sums (sumsOfRanks, sumsOfDirections). */
const sums = new Float64Array(3);

/**
 * Circular mean and standard deviation of directions in degrees (NaN values left out). `ranks`: the
 * column's distinct values and each step's code (a hindcast column counted by order.ts): each distinct
 * direction's sine and cosine computed once, summed step by step in the same order, so the sums are the
 * same numbers as without them. Without ranks, each direction's sine and cosine come from the table of its
 * hundredth of a degree when it holds that very value: the same numbers again.
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

/** The sums of a counted column: each distinct direction's sine and cosine once, summed step by step. */
function sumsOfRanks({ code, rankOf, distinct }: Ranks): void {
  const sines = distinct.map((d) => Math.sin(d * RADIANS));
  const cosines = distinct.map((d) => Math.cos(d * RADIANS));
  let s = 0;
  let c = 0;
  let count = 0;
  for (let i = 0; i < code.length; i++) {
    const r = rankOf[code[i]!]!;
    if (r === NO_RANK) continue;
    s += sines[r]!;
    c += cosines[r]!;
    count++;
  }
  sums[0] = s;
  sums[1] = c;
  sums[2] = count;
}

/** The sums of a column without ranks, each sine and cosine from the slot of its hundredth of a degree. */
function sumsOfDirections(degrees: ArrayLike<number>): void {
  let s = 0;
  let c = 0;
  let count = 0;
  for (let i = 0; i < degrees.length; i++) {
    const d = degrees[i]!;
    if (d !== d) continue;
    count++;
    // the nearest hundredth (any integer would do: the slot is used only when it holds this very value;
    // Math.round's -0 would take the compiled loop off its fast path)
    const k = (d * 100 + 0.5) | 0;
    // 0 is left to the functions: a slot's 0 would stand for a -0 too, whose sine is -0
    if (k >= 0 && k < SLOTS && d !== 0) {
      const at = 3 * k;
      if (slots[at] !== d) {
        slots[at] = d;
        slots[at + 1] = Math.sin(d * RADIANS);
        slots[at + 2] = Math.cos(d * RADIANS);
      }
      s += slots[at + 1]!;
      c += slots[at + 2]!;
    } else {
      s += Math.sin(d * RADIANS);
      c += Math.cos(d * RADIANS);
    }
  }
  sums[0] = s;
  sums[1] = c;
  sums[2] = count;
}
