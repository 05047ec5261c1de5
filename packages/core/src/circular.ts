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

/**
 * Circular mean and standard deviation of directions in degrees (NaN values left out). `ranks`: the
 * column's distinct values and each step's code (a hindcast column counted by order.ts): each distinct
 * direction's sine and cosine computed once, summed step by step in the same order, so the sums are the
 * same numbers as without them.
 */
export function circularStats(degrees: ArrayLike<number>, ranks?: Ranks): CircularStats {
  let s = 0;
  let c = 0;
  let count = 0;
  if (ranks && ranks.code.length === degrees.length) {
    const { code, rankOf, distinct } = ranks;
    const sines = distinct.map((d) => Math.sin(d * RADIANS));
    const cosines = distinct.map((d) => Math.cos(d * RADIANS));
    for (let i = 0; i < code.length; i++) {
      const r = rankOf[code[i]!]!;
      if (r === NO_RANK) continue;
      s += sines[r]!;
      c += cosines[r]!;
      count++;
    }
  } else
    for (let i = 0; i < degrees.length; i++) {
      const d = degrees[i]!;
      if (d !== d) continue;
      s += Math.sin(d * RADIANS);
      c += Math.cos(d * RADIANS);
      count++;
    }
  if (count === 0) return { count, mean: NaN, std: NaN, resultantLength: NaN };
  // below RESULTANT_ZERO the resultant is rounding of opposite directions (90° and 270°): no mean direction
  const r = Math.min(1, Math.hypot(s, c) / count);
  const mean = r > RESULTANT_ZERO ? (Math.atan2(s, c) / RADIANS + 360) % 360 : NaN;
  const std = r > RESULTANT_ZERO ? Math.sqrt(-2 * Math.log(r)) / RADIANS : Infinity;
  return { count, mean, std, resultantLength: r };
}
