// Intervals on the WD wait percentiles and the WW probabilities (issue 31 §2): the year-block bootstrap of bootstrap.ts applied to
// the Kaplan–Meier estimate of windows.ts. Each start's wait or censoring is found once; a resample draws
// the years with data in the month with replacement and recomputes the month's product-limit curve from
// the per-year counts, weighted by how many times each year is drawn.
import {
  FEW_YEARS_NOTE,
  MIN_INTERVAL_YEARS,
  intervalOptions,
  percentileInterval,
  yearBlockWeights,
  type IntervalOptions,
} from './bootstrap';
import { quantileSorted } from './order';
import { sharedCalendar } from './shared';
import { kaplanMeierCounts, survivalQuantile } from './survival';
import { DOWNTIME_PERCENTILES, NO_DOWNTIME_START, downtimeStarts, windowOutcomes } from './windows';

export interface WaitIntervalRow {
  /** Calendar month 1-12. */
  month: number;
  /** Years with data in the month: what the interval rests on. */
  years: number;
  /**
   * Percentile (0-100) → [lower, upper] hours; upper null when more than (1 − ci)/2 of the resamples
   * never reach the percentile (it is then more than their follow-up); null under 5 years.
   */
  intervals: Record<string, [number, number | null] | null>;
  /**
   * Percentile → c (hours) where an end of its interval is censored (the upper null, or the whole interval
   * null with 5 years or more: the lower too): that end is more than c h, c the shortest follow-up of the
   * resamples whose curve never reaches the percentile (each of their percentiles is beyond their own
   * follow-up, and they sort above every value read). Absent when both ends are numbers.
   */
  moreThanHours?: Record<string, number>;
  /** Why there is no interval. */
  note?: string;
}

/**
 * The WD payload's intervalsNote while its stored result has no intervals (issue 31, session 30): they cost
 * seconds of CPU on a 40-year record, so the standard set leaves them to a request (Analyze's "Intervals").
 */
export const WAIT_INTERVALS_ON_REQUEST =
  'intervals on request: switch "Intervals" on to compute the 90 % intervals of the wait percentiles';

/**
 * The WW payload's intervalsNote while its stored result has no intervals (issue 34, session 31): the
 * bootstrap of the probabilities was most of a 40-year point's WW cost, so the standard set leaves it to a
 * request (Analyze's "Intervals"), as for WD.
 */
export const WINDOW_INTERVALS_ON_REQUEST =
  'intervals on request: switch "Intervals" on to compute the 90 % intervals of the window probabilities';

/** Year-block bootstrap intervals of the WD wait percentiles of one duration, per month. */
export function waitPercentileIntervals(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationHours: number; stepMs?: number; percentiles?: readonly number[] },
  intervals: IntervalOptions = {},
): WaitIntervalRow[] {
  const { ci, resamples, seed } = intervalOptions(intervals);
  const percentiles = options.percentiles ?? DOWNTIME_PERCENTILES;
  const { coded, stepHours } = downtimeStarts(time, values, options);
  const { year, month } = sharedCalendar(time);
  const rows: WaitIntervalRow[] = [];
  for (const starts of monthStarts(coded, year, month)) {
    const { month: m, years: Y } = starts;
    if (Y < MIN_INTERVAL_YEARS) {
      rows.push({
        month: m,
        years: Y,
        intervals: Object.fromEntries(percentiles.map((p) => [String(p), null])),
        note: FEW_YEARS_NOTE,
      });
      continue;
    }
    const table = new YearTable(starts, stepHours);
    // the whole record's percentiles: where each resample's search starts (resamples read near them)
    table.draw(new Int32Array(Y).fill(1), 0);
    table.quantiles(percentiles, new Float64Array(percentiles.length));
    table.searchFromFound();
    const weights = yearBlockWeights(Y, resamples, seed);
    const resampled = percentiles.map(() => new Float64Array(resamples));
    const read = new Float64Array(percentiles.length);
    // per percentile, the shortest follow-up of the resamples that never reach it
    const moreThan = new Float64Array(percentiles.length).fill(Infinity);
    for (let r = 0; r < resamples; r++) {
      table.draw(weights, r);
      // a percentile the resample's curve never reaches is above every value: +∞ in the ordering
      if (!table.quantiles(percentiles, read)) table.walkedQuantiles(percentiles, read);
      for (let q = 0; q < percentiles.length; q++) {
        resampled[q]![r] = read[q]!;
        if (read[q] === Infinity) moreThan[q] = Math.min(moreThan[q]!, table.followUp());
      }
    }
    const row: WaitIntervalRow = {
      month: m,
      years: Y,
      intervals: Object.fromEntries(
        percentiles.map((p, q) => {
          const v = resampled[q]!.sort();
          const lower = quantileSorted(v, (1 - ci) / 2);
          // type 7 between a value and +∞ is +∞ (0 · ∞ would read NaN): unknown, more than the follow-up
          const h = (v.length - 1) * ((1 + ci) / 2);
          const upper = Number.isFinite(v[Math.ceil(h)]!) ? quantileSorted(v, (1 + ci) / 2) : null;
          return [String(p), Number.isFinite(lower) ? [lower, upper] : null];
        }),
      ),
    };
    const censored = percentiles.flatMap((p, q) =>
      (row.intervals[String(p)]?.[1] === null || row.intervals[String(p)] === null) &&
      Number.isFinite(moreThan[q]!)
        ? [[String(p), moreThan[q]!] as const]
        : [],
    );
    if (censored.length > 0) row.moreThanHours = Object.fromEntries(censored);
    rows.push(row);
  }
  return rows;
}

/** One month's starts: the year (renumbered in order of appearance), curve time (steps) and kind of each. */
interface MonthStarts {
  month: number;
  /** Years with a start in the month (a start censored at 0 counts its year, though it adds nothing). */
  years: number;
  year: Int32Array;
  /** The curve's time in steps: the wait, or c − 1 for a start censored at c; −1 adds nothing. */
  at: Int32Array;
  event: Uint8Array;
}

/** The starts of each calendar month, in one pass. */
function monthStarts(coded: Int32Array, year: ArrayLike<number>, month: ArrayLike<number>): MonthStarts[] {
  const count = new Int32Array(13);
  for (let i = 0; i < coded.length; i++) if (coded[i] !== NO_DOWNTIME_START) count[month[i]!]!++;
  const out = Array.from({ length: 12 }, (_, k) => ({
    month: k + 1,
    years: 0,
    year: new Int32Array(count[k + 1]!),
    at: new Int32Array(count[k + 1]!),
    event: new Uint8Array(count[k + 1]!),
  }));
  // each month's years numbered in order of appearance: local[(m − 1)·span + year − first], −1 unseen
  let first = Infinity;
  let lastYear = -Infinity;
  for (let i = 0; i < coded.length; i++) {
    if (coded[i] === NO_DOWNTIME_START) continue;
    if (year[i]! < first) first = year[i]!;
    if (year[i]! > lastYear) lastYear = year[i]!;
  }
  const span = Math.max(0, lastYear - first + 1);
  const local = new Int32Array(12 * span).fill(-1);
  const seen = new Int32Array(13);
  const filled = new Int32Array(13);
  for (let i = 0; i < coded.length; i++) {
    const c = coded[i]!;
    if (c === NO_DOWNTIME_START) continue;
    const m = month[i]!;
    const o = out[m - 1]!;
    const at = (m - 1) * span + year[i]! - first;
    let j = local[at]!;
    if (j < 0) local[at] = j = seen[m]!++;
    const k = filled[m]!++;
    o.year[k] = j;
    // a censoring at c steps is "more than c − 1", one at 0 adds nothing: as windows.ts
    o.at[k] = c >= 0 ? c : -2 - c;
    o.event[k] = c >= 0 ? 1 : 0;
  }
  out.forEach((o, k) => (o.years = seen[k + 1]!));
  return out;
}

/** Relative tolerance of "the curve equals 1 − p exactly" (survival.ts, survfit's sqrt(.Machine$double.eps)). */
const FLAT = Math.sqrt(2.220446049250313e-16);

/**
 * A month's starts as per-year cumulative counts at the month's distinct curve times, made once; a
 * resample only re-weights the years. The Kaplan–Meier curve of a resample telescopes between censoring
 * times: with no censoring between the event times a..b, n₍ᵢ₊₁₎ = nᵢ − dᵢ, so Π (1 − dᵢ/nᵢ) = (nₐ − Σd)/nₐ,
 * and S at any time is the product over the stretches between censoring times before it — a sum over the
 * years drawn per stretch and per probe, never a walk over every time. Each percentile is found by
 * bisection on that monotone S. The telescoped S and the walked product of kaplanMeierCounts round
 * differently (in their last bits); when a reading lies within a bound of that difference of a threshold
 * of survivalQuantile (S ≤ 1 − p, the flat |S − (1 − p)| ≤ FLAT·(1 − p)) the resample's curve is walked as
 * before, so every value is the one kaplanMeierCounts and survivalQuantile give.
 */
class YearTable {
  private readonly Y: number;
  private readonly K: number;
  /** The distinct curve times in hours, ascending. */
  private readonly at: Float64Array;
  /** events[k·Y + j]: year j's events at time k; cumEvents: at times ≤ k. */
  private readonly events: Int32Array;
  private readonly censored: Int32Array;
  private readonly cumEvents: Int32Array;
  /** Starts of each year entered in the curve (time ≥ 0), and the index of its longest time (−1: none). */
  private readonly total: Int32Array;
  private readonly last: Int32Array;
  /** The longest time index of the resample drawn. */
  private lastDrawn = -1;
  /** The time indices with a censoring in some year, and the years' cumulative censorings there. */
  private readonly cuts: Int32Array;
  /** The cuts of the resample drawn: all of them, or none when it draws no year with a censoring. */
  private cutsDrawn = 0;
  private readonly cumCensoredAtCut: Int32Array;
  /** The years with a censoring (a 40-year record's last starts: often its last year only). */
  private readonly censoringYears: Int32Array;
  /**
   * The events by time index, sparse: time k's years and counts at eventStart[k] … eventStart[k + 1] − 1
   * (in the tail of long waits, a time holds a year or two where the dense table holds every year).
   */
  private readonly eventStart: Int32Array;
  private readonly eventYear: Int32Array;
  private readonly eventCount: Int32Array;
  /** The resample drawn: its weights are weights[weightsAt + j] for year j (0 for a year not drawn). */
  private weights: Int32Array = new Int32Array(0);
  private weightsAt = 0;
  // the resample drawn: its years and weights, its size, and per stretch (m = 0 before every cut, m the
  // stretch after cut m − 1) its S at the start, events before it and number at risk at its start
  private readonly drawnYear: Int32Array;
  private readonly drawnWeight: Int32Array;
  private drawn = 0;
  private readonly stretchS: Float64Array;
  private readonly stretchE: Float64Array;
  private readonly stretchN: Float64Array;
  /** Stretches computed for the resample drawn. */
  private ready = 1;
  /** The resample drawn's number (from 1), and the S read at each time index in the resample readIn[k]. */
  private drawing = 0;
  private readonly read: Float64Array;
  private readonly readIn: Int32Array;
  /** Per percentile, the time index its last search found, and where a search starts (searchFromFound). */
  private found = new Int32Array(0);
  private startAt = new Int32Array(0);

  constructor(starts: MonthStarts, stepHours: number) {
    const Y = (this.Y = starts.years);
    // the distinct times by counting (waits are whole steps, at most the record's length)
    let longest = -1;
    for (let i = 0; i < starts.at.length; i++) if (starts.at[i]! > longest) longest = starts.at[i]!;
    const index = new Int32Array(longest + 1).fill(-1);
    for (let i = 0; i < starts.at.length; i++) if (starts.at[i]! >= 0) index[starts.at[i]!] = 0;
    let K = 0;
    const times: number[] = [];
    for (let t = 0; t <= longest; t++) {
      if (index[t] !== 0) continue;
      index[t] = K++;
      times.push(t);
    }
    this.K = K;
    this.at = Float64Array.from(times, (t) => t * stepHours);
    this.events = new Int32Array(K * Y);
    this.censored = new Int32Array(K * Y);
    this.total = new Int32Array(Y);
    this.last = new Int32Array(Y).fill(-1);
    for (let i = 0; i < starts.at.length; i++) {
      const t = starts.at[i]!;
      if (t < 0) continue;
      const j = starts.year[i]!;
      (starts.event[i] ? this.events : this.censored)[index[t]! * Y + j]!++;
      this.total[j]!++;
      if (index[t]! > this.last[j]!) this.last[j] = index[t]!;
    }
    this.cumEvents = new Int32Array(K * Y);
    const cuts: number[] = [];
    // the sparse events in the same pass: at most one entry per start
    this.eventStart = new Int32Array(K + 1);
    const eventYear = new Int32Array(starts.at.length);
    const eventCount = new Int32Array(starts.at.length);
    let entries = 0;
    for (let k = 0; k < K; k++) {
      let censoredHere = false;
      for (let j = 0; j < Y; j++) {
        const d = this.events[k * Y + j]!;
        this.cumEvents[k * Y + j] = (k > 0 ? this.cumEvents[(k - 1) * Y + j]! : 0) + d;
        if (this.censored[k * Y + j]! > 0) censoredHere = true;
        if (d === 0) continue;
        eventYear[entries] = j;
        eventCount[entries++] = d;
      }
      this.eventStart[k + 1] = entries;
      if (censoredHere) cuts.push(k);
    }
    this.eventYear = eventYear.subarray(0, entries);
    this.eventCount = eventCount.subarray(0, entries);
    this.cuts = Int32Array.from(cuts);
    this.cumCensoredAtCut = new Int32Array(cuts.length * Y);
    const running = new Int32Array(Y);
    let from = 0;
    cuts.forEach((cut, m) => {
      for (; from <= cut; from++) for (let j = 0; j < Y; j++) running[j]! += this.censored[from * Y + j]!;
      this.cumCensoredAtCut.set(running, m * Y);
    });
    const censoringYears: number[] = [];
    for (let j = 0; j < Y; j++) if (running[j]! > 0) censoringYears.push(j);
    this.censoringYears = Int32Array.from(censoringYears);
    this.read = new Float64Array(K);
    this.readIn = new Int32Array(K);
    this.drawnYear = new Int32Array(Y);
    this.drawnWeight = new Int32Array(Y);
    this.stretchS = new Float64Array(cuts.length + 1);
    this.stretchE = new Float64Array(cuts.length + 1);
    this.stretchN = new Float64Array(cuts.length + 1);
  }

  /** Σ over the years drawn of weight × table[base + year] (exact: integer counts and weights). */
  private sum(table: Int32Array, base: number): number {
    let s = 0;
    for (let i = 0; i < this.drawn; i++) s += this.drawnWeight[i]! * table[base + this.drawnYear[i]!]!;
    return s;
  }

  /** The resample r of the weights. */
  draw(weights: Int32Array, r: number): void {
    const Y = this.Y;
    this.weights = weights;
    this.weightsAt = r * Y;
    this.drawn = 0;
    this.lastDrawn = -1;
    let n = 0;
    for (let j = 0; j < Y; j++) {
      const w = weights[r * Y + j]!;
      if (w === 0) continue;
      if (this.last[j]! > this.lastDrawn) this.lastDrawn = this.last[j]!;
      this.drawnYear[this.drawn] = j;
      this.drawnWeight[this.drawn++] = w;
      n += w * this.total[j]!;
    }
    // a resample that draws none of the years with a censoring has none: its curve is one stretch (a
    // 40-year record's censorings are often its last year's only, undrawn in a third of the resamples).
    // Fewer roundings than the stretches' product: within the bound quantiles() tests, so every reading
    // near a threshold is still the walked curve's
    this.cutsDrawn = 0;
    for (const j of this.censoringYears)
      if (weights[r * Y + j]! > 0) {
        this.cutsDrawn = this.cuts.length;
        break;
      }
    this.stretchS[0] = 1;
    this.stretchE[0] = 0;
    this.stretchN[0] = n;
    this.ready = 1;
    this.drawing++;
  }

  /** The follow-up of the resample drawn (its longest time, event or censored; NaN when empty), hours. */
  followUp(): number {
    return this.lastDrawn >= 0 ? this.at[this.lastDrawn]! : NaN;
  }

  /**
   * The stretches up to m, computed when first needed (a search rarely goes past the last percentile). The
   * events to a cut are the previous cut's plus those between, when those are fewer entries than the years
   * drawn (a 40-year record's last starts, each censored at its own time, make hundreds of cuts a time
   * index apart); the censorings, a sum over the years that have any when they are fewer than the years
   * drawn. Integer counts and weights: each sum is exact, whichever way it is taken, so S is the same.
   */
  private stretchesTo(m: number): void {
    const { Y, weights, weightsAt } = this;
    for (; this.ready <= m; this.ready++) {
      const k = this.ready - 1;
      const cut = this.cuts[k]!;
      const from = this.eventStart[k > 0 ? this.cuts[k - 1]! + 1 : 0]!;
      const to = this.eventStart[cut + 1]!;
      let eCut: number;
      if (to - from < this.drawn) {
        eCut = this.stretchE[k]!;
        for (let e = from; e < to; e++)
          eCut += weights[weightsAt + this.eventYear[e]!]! * this.eventCount[e]!;
      } else eCut = this.sum(this.cumEvents, cut * Y);
      let censoredToCut = 0;
      if (this.censoringYears.length < this.drawn)
        for (const j of this.censoringYears)
          censoredToCut += weights[weightsAt + j]! * this.cumCensoredAtCut[k * Y + j]!;
      else censoredToCut = this.sum(this.cumCensoredAtCut, k * Y);
      this.stretchS[k + 1] = telescoped(this.stretchS[k]!, this.stretchN[k]!, eCut - this.stretchE[k]!);
      this.stretchE[k + 1] = eCut;
      this.stretchN[k + 1] = this.stretchN[0]! - eCut - censoredToCut;
    }
  }

  /** The stretch holding time index k: the number of the resample's cuts before k. */
  private stretchOf(k: number): number {
    let lo = 0;
    let hi = this.cutsDrawn;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cuts[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The resample's S just after time index k (1 before index 0). */
  private survival(k: number): number {
    if (k < 0) return 1;
    // a search reads its last indices again (the threshold's check): each S read once per resample
    if (this.readIn[k] === this.drawing) return this.read[k]!;
    const m = this.stretchOf(k);
    if (m >= this.ready) this.stretchesTo(m);
    const s = telescoped(this.stretchS[m]!, this.stretchN[m]!, this.eventsTo(k) - this.stretchE[m]!);
    this.read[k] = s;
    this.readIn[k] = this.drawing;
    return s;
  }

  /** S has reached the threshold `target` at time index k: at it within `flat`, or below (survivalQuantile). */
  private reached(k: number, target: number, flat: number): boolean {
    const s = this.survival(k);
    return Math.abs(s - target) <= flat || s < target;
  }

  private eventsTo(k: number): number {
    return this.sum(this.cumEvents, k * this.Y);
  }

  /**
   * The resample's percentiles (fractions of 100) into `out`, +∞ where never reached; false when one
   * reading is too close to a threshold to be told from the rounding of the walked curve.
   */
  quantiles(percentiles: readonly number[], out: Float64Array): boolean {
    const K = this.K;
    if (K === 0) {
      out.fill(Infinity, 0, percentiles.length);
      return true;
    }
    if (this.found.length < percentiles.length) this.found = new Int32Array(percentiles.length);
    // where the previous percentile was reached: a larger one is reached there or later
    let from = 0;
    for (let q = 0; q < percentiles.length; q++) {
      if (q > 0 && percentiles[q]! < percentiles[q - 1]!) from = 0;
      const target = 1 - percentiles[q]! / 100;
      // reached: S ≤ high (survivalQuantile's flat |S − target| ≤ FLAT·target, or below the target)
      const flat = FLAT * target;
      const high = target + flat;
      const low = target - flat;
      // the difference of the two roundings: each factor of the walk rounds three times and its 1 − d/n
      // loses d/(n − d) more near its threshold (at most 1/target before it); the telescoped S rounds
      // twice per stretch. Eight times that bound, relative to the threshold.
      const tolerance = 8 * (3 * K + 2 * this.cuts.length + 4 / target + 4) * Number.EPSILON * target;
      // the first index where S reaches the threshold: S never rises (each stretch multiplies by a factor
      // ≤ 1, rounded), so any bracketing finds the same index. Gallop from where the search starts (the
      // whole record's index, or `from`), down when S has reached it there, up otherwise; then bisect.
      const start = Math.min(K - 1, Math.max(from, this.startAt[q] ?? 0));
      let lo: number;
      let hi: number;
      if (start > from && this.reached(start, target, flat)) {
        hi = start;
        lo = from;
        for (let step = 1; hi - step >= from; step *= 2) {
          if (!this.reached(hi - step, target, flat)) {
            lo = hi - step + 1;
            break;
          }
          hi -= step;
        }
      } else {
        // not reached at a start past `from`: the index is after it
        lo = hi = Math.min(K - 1, start > from ? start + 1 : start);
        for (let step = 1; hi < K - 1; step *= 2) {
          if (this.reached(hi, target, flat)) break;
          lo = hi + 1;
          hi = Math.min(K - 1, hi + step);
        }
      }
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.reached(mid, target, flat)) hi = mid;
        else lo = mid + 1;
      }
      from = lo;
      this.found[q] = lo;
      // lo is K − 1 when the curve never reaches the threshold
      const s = this.survival(lo);
      const before = this.survival(lo - 1);
      if (
        Math.abs(s - high) <= tolerance ||
        Math.abs(s - low) <= tolerance ||
        Math.abs(before - high) <= tolerance ||
        Math.abs(before - low) <= tolerance
      )
        return false;
      if (!(Math.abs(s - target) <= flat || s < target)) out[q] = Infinity;
      else if (Math.abs(s - target) <= flat) {
        // flat at 1 − p: the midpoint to the next event time, if any
        const e = this.eventsTo(lo);
        let a = lo + 1;
        let b = K;
        while (a < b) {
          const mid = (a + b) >> 1;
          if (this.eventsTo(mid) > e) b = mid;
          else a = mid + 1;
        }
        out[q] = a < K ? (this.at[lo]! + this.at[a]!) / 2 : this.at[lo]!;
      } else out[q] = this.at[lo]!;
    }
    return true;
  }

  /** The next searches start where the last one found each percentile (the whole record's, drawn first). */
  searchFromFound(): void {
    this.startAt = this.found.slice();
  }

  /** The percentiles as kaplanMeierCounts and survivalQuantile read them from the resample's counts. */
  walkedQuantiles(percentiles: readonly number[], out: Float64Array): void {
    const { K, Y } = this;
    const d = new Float64Array(K);
    const c = new Float64Array(K);
    for (let i = 0; i < this.drawn; i++) {
      const j = this.drawnYear[i]!;
      const w = this.drawnWeight[i]!;
      for (let k = 0; k < K; k++) {
        d[k]! += w * this.events[k * Y + j]!;
        c[k]! += w * this.censored[k * Y + j]!;
      }
    }
    const curve = kaplanMeierCounts(this.at, d, c);
    percentiles.forEach((p, q) => (out[q] = survivalQuantile(curve, p / 100) ?? Infinity));
  }
}

/** S after a stretch without censoring: s · (n − events)/n (n at risk at its start; nothing left: s). */
function telescoped(s: number, n: number, events: number): number {
  return events === 0 || n <= 0 ? s : s * ((n - events) / n);
}

export interface WindowIntervalRow {
  /** Calendar month 1-12. */
  month: number;
  durationHours: number;
  /** Years with a start of known outcome in the month: what the interval rests on. */
  years: number;
  /** [lower, upper] of the probability (%) that a window starts; null under 5 years. */
  interval: [number, number] | null;
  note?: string;
}

/**
 * Year-block bootstrap intervals of the WW probability (window starts over the starts of known outcome,
 * censored starts neither, as weatherWindows): per (year, month) the two counts, a resample's probability
 * is the ratio of their weighted sums.
 */
export function windowProbabilityIntervals(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { below: number; durationsHours: readonly number[]; stepMs?: number },
  intervals: IntervalOptions = {},
): WindowIntervalRow[] {
  const { ci, resamples, seed } = intervalOptions(intervals);
  const { year, month } = sharedCalendar(time);
  const rows: WindowIntervalRow[] = [];
  for (const durationHours of options.durationsHours) {
    const { outcome } = windowOutcomes(time, values, { ...options, durationHours });
    for (let m = 1; m <= 12; m++) {
      const local = new Map<number, number>();
      const starts: number[] = [];
      const known: number[] = [];
      for (let i = 0; i < outcome.length; i++) {
        const o = outcome[i]!;
        if (month[i] !== m || o < 0) continue;
        let j = local.get(year[i]!);
        if (j === undefined) {
          local.set(year[i]!, (j = local.size));
          starts.push(0);
          known.push(0);
        }
        known[j]!++;
        if (o === 1) starts[j]!++;
      }
      const Y = local.size;
      if (Y < MIN_INTERVAL_YEARS) {
        rows.push({ month: m, durationHours, years: Y, interval: null, note: FEW_YEARS_NOTE });
        continue;
      }
      const weights = yearBlockWeights(Y, resamples, seed);
      const resampled = new Float64Array(resamples);
      for (let r = 0; r < resamples; r++) {
        let s = 0;
        let k = 0;
        for (let j = 0; j < Y; j++) {
          s += weights[r * Y + j]! * starts[j]!;
          k += weights[r * Y + j]! * known[j]!;
        }
        resampled[r] = k > 0 ? (100 * s) / k : NaN;
      }
      rows.push({ month: m, durationHours, years: Y, interval: percentileInterval(resampled, ci) });
    }
  }
  return rows;
}
