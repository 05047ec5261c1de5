// The product-limit (Kaplan–Meier) estimator of a survival curve from right-censored times
// (E. L. Kaplan and P. Meier, "Nonparametric estimation from incomplete observations", JASA 53, 1958).
// Conventions of R's survival::survfit: a time censored at c is at risk at every event time ≤ c (events
// at c come before the censoring at c); quantiles are the first time the curve is ≤ 1 − p, the midpoint
// of the flat when the curve equals 1 − p exactly there; the restricted mean is the area under the curve
// up to a horizon.

/** A step curve: S(t) = survival[k] for time[k] ≤ t < time[k + 1], 1 before time[0]. */
export interface SurvivalCurve {
  /** Distinct event times, ascending. */
  time: Float64Array;
  /** S just after each event time. */
  survival: Float64Array;
  /** Number at risk at each event time and the events there. */
  atRisk: Float64Array;
  events: Float64Array;
  /** Observations (events and censorings) entered, and the censored ones. */
  total: number;
  censored: number;
  /** The largest time observed, event or censored: the curve is known up to it, not beyond. */
  followUp: number;
}

/**
 * The Kaplan–Meier curve from counts at distinct times: `events[k]` events and `censored[k]` censorings
 * at `times[k]` (ascending, distinct). O(k).
 */
export function kaplanMeierCounts(
  times: ArrayLike<number>,
  events: ArrayLike<number>,
  censored: ArrayLike<number>,
): SurvivalCurve {
  const k = times.length;
  if (events.length !== k || censored.length !== k)
    throw new RangeError('kaplanMeier: times, events and censored differ in length');
  let remaining = 0;
  let censoredTotal = 0;
  let distinct = 0;
  for (let j = 0; j < k; j++) {
    if (j > 0 && !(times[j]! > times[j - 1]!))
      throw new RangeError('kaplanMeier: times must be distinct and ascending');
    if (!(events[j]! >= 0) || !(censored[j]! >= 0))
      throw new RangeError('kaplanMeier: counts must be non-negative');
    remaining += events[j]! + censored[j]!;
    censoredTotal += censored[j]!;
    if (events[j]! > 0) distinct++;
  }
  const total = remaining;
  const time = new Float64Array(distinct);
  const survival = new Float64Array(distinct);
  const atRisk = new Float64Array(distinct);
  const eventsAt = new Float64Array(distinct);
  let s = 1;
  let e = 0;
  let followUp = NaN;
  for (let j = 0; j < k; j++) {
    const d = events[j]!;
    const c = censored[j]!;
    if (d + c > 0) followUp = times[j]!;
    if (d > 0) {
      s *= 1 - d / remaining;
      time[e] = times[j]!;
      survival[e] = s;
      atRisk[e] = remaining;
      eventsAt[e++] = d;
    }
    remaining -= d + c;
  }
  return { time, survival, atRisk, events: eventsAt, total, censored: censoredTotal, followUp };
}

/** The Kaplan–Meier curve from one time per observation and whether it is an event (else censored). */
export function kaplanMeier(times: ArrayLike<number>, isEvent: ArrayLike<boolean>): SurvivalCurve {
  if (times.length !== isEvent.length)
    throw new RangeError('kaplanMeier: times and isEvent differ in length');
  const order = Array.from({ length: times.length }, (_, i) => i);
  for (const i of order)
    if (!Number.isFinite(times[i]!)) throw new RangeError('kaplanMeier: times must be finite');
  order.sort((a, b) => times[a]! - times[b]!);
  const at: number[] = [];
  const d: number[] = [];
  const c: number[] = [];
  for (const i of order) {
    if (at.length === 0 || at[at.length - 1] !== times[i]) {
      at.push(times[i]!);
      d.push(0);
      c.push(0);
    }
    if (isEvent[i]) d[d.length - 1]!++;
    else c[c.length - 1]!++;
  }
  return kaplanMeierCounts(at, d, c);
}

/** Relative tolerance of "the curve equals 1 − p exactly" (survfit's sqrt(.Machine$double.eps)). */
const FLAT = Math.sqrt(2.220446049250313e-16);

/**
 * The p-quantile (0 < p < 1) of the time to event: the first time the curve is ≤ 1 − p, or the midpoint
 * of the flat where it equals 1 − p (survfit's rule; with no censoring this is the averaged inverse of the
 * empirical distribution). null when the curve never falls to 1 − p: the quantile is then more than
 * `followUp`, unknown.
 */
export function survivalQuantile(curve: SurvivalCurve, p: number): number | null {
  if (!(p > 0 && p < 1)) throw new RangeError(`survivalQuantile: p must be in (0, 1), got ${p}`);
  const target = 1 - p;
  const { time, survival } = curve;
  for (let k = 0; k < time.length; k++) {
    const s = survival[k]!;
    if (Math.abs(s - target) <= FLAT * target) {
      // flat at exactly 1 − p from time[k] to the next event (or to the end of the curve)
      return k + 1 < time.length ? (time[k]! + time[k + 1]!) / 2 : time[k]!;
    }
    if (s < target) return time[k]!;
  }
  return null;
}

/**
 * The restricted mean ∫₀^τ S(t) dt up to the horizon τ (default: the follow-up, the largest time
 * observed). When the curve falls to 0 at or before τ this is the mean itself (`restricted: false`).
 * Times are taken as ≥ 0.
 */
export function restrictedMean(
  curve: SurvivalCurve,
  horizon: number = curve.followUp,
): { mean: number; horizon: number; restricted: boolean } {
  if (!(horizon >= 0)) return { mean: NaN, horizon, restricted: true };
  let area = 0;
  let from = 0;
  let s = 1;
  const { time, survival } = curve;
  for (let k = 0; k < time.length && time[k]! <= horizon; k++) {
    area += s * (time[k]! - from);
    from = time[k]!;
    s = survival[k]!;
  }
  area += s * (horizon - from);
  return { mean: area, horizon, restricted: s > 0 };
}
