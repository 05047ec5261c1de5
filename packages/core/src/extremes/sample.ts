// Extreme value analysis, step 1 (pyextremes' get_extremes): the sample of extremes of a series, its
// calendar-year maxima or its declustered peaks over a threshold, with the guide's warnings.
import { quantile } from '../descriptive';
import { checkedOnce, memoizedOver } from '../memo';
import { HOUR_MS, HOURS_PER_YEAR, stepOfTime } from '../series';
import { sharedCalendar } from '../shared';

/** Steps to keep: true or 1 kept, false or 0 left out (typed masks are built without boxing). */
export type Mask = ArrayLike<boolean | number>;

export const DEFAULT_SEPARATION_HOURS = 48;
/**
 * Fewer annual maxima or storm peaks than this is a short record: every result says so with the count, and
 * a law with a shape parameter is the primary one only when a likelihood-ratio test supports it (analysis.ts).
 */
export const SHORT_RECORD = 20;
/** Fewer values than this and no extreme-value law is fitted: the analysis is refused (model.ts). */
export const MIN_EXTREME_SAMPLE = 10;
/** Years with less than this share of their steps present give no annual maximum. */
const MIN_VALID_FRACTION = 0.5;

/** How the sample is drawn, in the words of the method texts (extremeMethod). */
export function sampleMethod(method: ExtremeMethod, separationHours: number): string {
  return method === 'pot'
    ? `peaks over threshold (clusters ${separationHours} h apart)`
    : `annual maxima (calendar years UTC; years with less than ${MIN_VALID_FRACTION * 100} % of their hours left out)`;
}

export type ExtremeMethod = 'annual-maxima' | 'pot';

export interface ExtremeSample {
  method: ExtremeMethod;
  /** Block maxima or cluster peaks, in time order. */
  values: number[];
  /** Time of each value (epoch ms); NaN when unknown (maxima read from a table). */
  times: number[];
  /** Threshold of the peaks (NaN for annual maxima). */
  threshold: number;
  /** Cluster separation in hours (the independence factor); NaN for annual maxima. */
  separationHours: number;
  /** Years of record: valid hours / 8765.82 for peaks, number of blocks for maxima. */
  years: number;
  /** Mean number of values per year (1 for annual maxima). */
  poissonLambda: number;
  /** Guide-rule violations (storms per year outside 1-10, fewer than 20 storms). */
  warnings: string[];
}

export interface AnnualMaximum {
  year: number;
  value: number;
  time: number;
  /** Share of the year's steps with data. */
  validFraction: number;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Per calendar year of a series: its maximum and minimum with their times, and the steps with data. */
interface YearlyExtremes {
  years: Int32Array;
  max: Float64Array;
  maxTime: Float64Array;
  min: Float64Array;
  minTime: Float64Array;
  valid: Float64Array;
}

/** One pass for the maxima and minima of every year (EXT, MAEXT and MIEXT of a field share it). */
function yearlyExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  mask: Mask | undefined,
): YearlyExtremes {
  const { year, runStart } = sharedCalendar(time);
  const n = time.length;
  const first = n ? year[0]! : 0;
  const count = n ? year[n - 1]! - first + 1 : 0;
  const out: YearlyExtremes = {
    years: Int32Array.from({ length: count }, (_, k) => first + k),
    max: new Float64Array(count).fill(-Infinity),
    maxTime: new Float64Array(count).fill(NaN),
    min: new Float64Array(count).fill(Infinity),
    minTime: new Float64Array(count).fill(NaN),
    valid: new Float64Array(count),
  };
  const { max, maxTime, min, minTime, valid } = out;
  // the calendar's runs of one month of one year: a run's count and extremes kept in locals, merged into
  // its year's at the run's end
  for (let r = 0; r + 1 < runStart.length; r++) {
    const from = runStart[r]!;
    const to = runStart[r + 1]!;
    const k = year[from]! - first;
    let runValid = 0;
    let hi = -Infinity;
    let hiAt = -1;
    let lo = Infinity;
    let loAt = -1;
    if (mask) {
      for (let i = from; i < to; i++) {
        const v = values[i]!;
        if (v !== v) continue; // NaN
        runValid++;
        if (!mask[i]) continue;
        if (v > hi) {
          hi = v;
          hiAt = i;
        }
        if (v < lo) {
          lo = v;
          loAt = i;
        }
      }
    } else {
      // NaN fails both comparisons; the valid steps counted, not branched on (V8 runs the loop twice as fast)
      for (let i = from; i < to; i++) {
        const v = values[i]!;
        if (v > hi) {
          hi = v;
          hiAt = i;
        }
        if (v < lo) {
          lo = v;
          loAt = i;
        }
        runValid += v === v ? 1 : 0;
      }
    }
    valid[k]! += runValid;
    // the first of equal extremes is kept: a later run replaces only a strictly larger (smaller) one
    if (hiAt >= 0 && (maxTime[k]! !== maxTime[k]! || hi > max[k]!)) {
      max[k] = hi;
      maxTime[k] = time[hiAt]!;
    }
    if (loAt >= 0 && (minTime[k]! !== minTime[k]! || lo < min[k]!)) {
      min[k] = lo;
      minTime[k] = time[loAt]!;
    }
  }
  return out;
}

/** Annual maxima (or minima, negated) from the yearly extremes; years short of data left out. */
export function annualExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { minValidFraction?: number; stepMs?: number; mask?: Mask; minima?: boolean },
): AnnualMaximum[] {
  if (time.length !== values.length) throw new RangeError('annualMaxima: time and values differ in length');
  const minValidFraction = options.minValidFraction ?? MIN_VALID_FRACTION;
  const stepMs = options.stepMs ?? stepOfTime(time);
  const yearly = options.mask
    ? yearlyExtremes(time, values, options.mask)
    : checkedOnce(() =>
        memoizedOver(values, [time], 'yearlyExtremes', () => yearlyExtremes(time, values, undefined)),
      );
  const out: AnnualMaximum[] = [];
  yearly.years.forEach((y, k) => {
    const value = options.minima ? -yearly.min[k]! : yearly.max[k]!;
    const stepsInYear = ((isLeap(y) ? 366 : 365) * 86_400_000) / stepMs;
    const validFraction = yearly.valid[k]! / stepsInYear;
    if (value > -Infinity && validFraction >= minValidFraction) {
      const time = options.minima ? yearly.minTime[k]! : yearly.maxTime[k]!;
      out.push({ year: y, value, time, validFraction });
    }
  });
  return out;
}

/**
 * Calendar-year maxima (UTC). Years with less than `minValidFraction` of their steps present are left
 * out, since a maximum over a few months underestimates the annual one. `mask` keeps only the steps
 * where it is true (a direction sector, a month, non-cyclonic periods).
 */
export function annualMaxima(
  time: Float64Array,
  values: ArrayLike<number>,
  options: { minValidFraction?: number; stepMs?: number; mask?: Mask } = {},
): AnnualMaximum[] {
  return annualExtremes(time, values, options);
}

export function annualMaximaSample(maxima: readonly number[], times?: readonly number[]): ExtremeSample {
  const warnings =
    maxima.length < SHORT_RECORD
      ? [
          `Short record: only ${maxima.length} annual maxima (fewer than ${SHORT_RECORD}); return values beyond ` +
            `${maxima.length} years are extrapolations, read them with their intervals`,
        ]
      : [];
  return {
    method: 'annual-maxima',
    values: [...maxima],
    times: times ? [...times] : maxima.map(() => NaN),
    threshold: NaN,
    separationHours: NaN,
    years: maxima.length,
    poissonLambda: 1,
    warnings,
  };
}

export interface PeaksOptions {
  /** Absolute threshold; peaks are strictly above it. */
  threshold: number;
  separationHours?: number;
  stepMs?: number;
  mask?: Mask;
}

/**
 * Peaks over threshold: exceedances strictly above the threshold are grouped into clusters, a new
 * cluster starting when the time between consecutive exceedances exceeds the separation; each cluster
 * keeps its maximum. λ = peaks / (valid hours / 8765.82).
 */
export function peaksOverThreshold(
  time: Float64Array,
  values: ArrayLike<number>,
  options: PeaksOptions,
): ExtremeSample {
  if (time.length !== values.length)
    throw new RangeError('peaksOverThreshold: time and values differ in length');
  const { threshold } = options;
  if (!Number.isFinite(threshold))
    throw new RangeError(`peaksOverThreshold: threshold must be finite, got ${threshold}`);
  const { exceedances, validSteps } = exceedancesOf(values, threshold, options.mask);
  return declusteredSample(time, values, exceedances, validSteps, options);
}

/** Indices of the steps strictly above the threshold (kept by the mask), and the count of valid steps. */
export function exceedancesOf(
  values: ArrayLike<number>,
  threshold: number,
  mask?: Mask,
): { exceedances: number[]; validSteps: number } {
  const exceedances: number[] = [];
  let validSteps = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    validSteps++;
    if (v > threshold && (!mask || mask[i])) exceedances.push(i);
  }
  return { exceedances, validSteps };
}

/**
 * Clusters of exceedances (indices in time order): a new cluster starts when the time between consecutive
 * exceedances exceeds the separation; each keeps its maximum. λ = peaks / (valid hours / 8765.82).
 */
export function declusteredSample(
  time: Float64Array,
  values: ArrayLike<number>,
  exceedances: readonly number[],
  validSteps: number,
  options: PeaksOptions,
): ExtremeSample {
  const separationHours = options.separationHours ?? DEFAULT_SEPARATION_HOURS;
  const separationMs = separationHours * HOUR_MS;
  const stepHours = (options.stepMs ?? stepOfTime(time)) / HOUR_MS;
  const peaks: number[] = [];
  const times: number[] = [];
  let lastExceedance = -Infinity;
  for (const i of exceedances) {
    const v = values[i]!;
    const t = time[i]!;
    if (t - lastExceedance > separationMs || peaks.length === 0) {
      peaks.push(v);
      times.push(t);
    } else if (v > peaks[peaks.length - 1]!) {
      peaks[peaks.length - 1] = v;
      times[times.length - 1] = t;
    }
    lastExceedance = t;
  }
  const years = (validSteps * stepHours) / HOURS_PER_YEAR;
  const poissonLambda = years > 0 ? peaks.length / years : NaN;
  const warnings: string[] = [];
  const short = shortPeaksWarning(peaks.length);
  if (short) warnings.push(short);
  if (poissonLambda < 1 || poissonLambda > 10) {
    warnings.push(`${poissonLambda.toFixed(2)} storms per year: the guide asks for 1 to 10 on average`);
  }
  const { threshold } = options;
  return { method: 'pot', values: peaks, times, threshold, separationHours, years, poissonLambda, warnings };
}

/** The short-record warning of a sample of storm peaks (issue 21), or null from SHORT_RECORD peaks on. */
export function shortPeaksWarning(count: number): string | null {
  return count < SHORT_RECORD
    ? `Short record: only ${count} storm peaks (fewer than ${SHORT_RECORD}, the guide asks for at least ` +
        `${SHORT_RECORD}); return values are extrapolations, read them with their intervals`
    : null;
}

/** Threshold from "0.99q" (a quantile of the valid values) or a plain number. */
export function resolveThreshold(spec: string | number, values: ArrayLike<number>): number {
  if (typeof spec === 'number') return spec;
  const text = spec.trim();
  if (/^[0-9.]+q$/i.test(text)) return quantile(values, Number(text.slice(0, -1)));
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw new RangeError(`resolveThreshold: cannot read "${spec}"`);
  return value;
}
