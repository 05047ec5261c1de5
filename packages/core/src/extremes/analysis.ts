// Extreme value analysis in the engineer's steps (pyextremes' get_extremes -> fit_model -> summary): the
// sample (sample.ts), each law of the method fitted to it (model.ts), return values with confidence
// intervals (intervals.ts) and the empirical points (diagnostics.ts), as one analysis of a series.
import { checkedOnce, copyOf, memoizedOver } from '../memo';
import { lawName } from '../laws';
import type { LawId, Parameters } from '../laws';
import { PLOTTING_POSITION_METHOD, positionsOf } from './diagnostics';
import type { EmpiricalPoint } from './diagnostics';
import { bootstrapIntervals, DEFAULT_CONFIDENCE, deltaMethodIntervals, intervalMethod } from './intervals';
import type { ReturnValueRow } from './intervals';
import { EXTREME_FIT_METHOD, fitSorted, sortedSample } from './model';
import type { SortedSample } from './model';
import {
  DEFAULT_SEPARATION_HOURS,
  annualExtremes,
  annualMaximaSample,
  peaksOverThreshold,
  resolveThreshold,
  sampleMethod,
} from './sample';
import type { ExtremeMethod, ExtremeSample, Mask } from './sample';

export const DEFAULT_RETURN_PERIODS: readonly number[] = [1, 2, 5, 10, 20, 50, 100];

/** −values as float64 (MIEXT analyses minima as maxima of the negated series). */
function negated(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = -values[i]!;
  return out;
}

export interface ExtremeOptions {
  method: ExtremeMethod;
  law: LawId;
  /** "0.99q" or a value, for peaks; default 0.99q. */
  threshold?: string | number;
  separationHours?: number;
  returnPeriods?: readonly number[];
  confidence?: number;
  interval?: 'bootstrap' | 'delta';
  /** Delta-method scale: 'auto' takes the log scale when every value of the sample is positive. */
  deltaScale?: 'linear' | 'log' | 'auto';
  resamples?: number;
  seed?: number;
  /** Analyse minima (MIEXT) by negation. */
  minima?: boolean;
  mask?: Mask;
  minValidFraction?: number;
  ignoreLargest?: number;
  /**
   * Laws also fitted to the same sample, each with its return values and intervals (the result's `laws`,
   * in this order; `law` gives the other fields). A law whose fit fails gives its reason, the others stay.
   */
  laws?: readonly LawId[];
}

/** Spec fit parameters (law, sampleLength, blockSize, threshold, poissonLambda, ...). */
export interface SpecParameters {
  law: LawId;
  sampleLength: number;
  blockSize: string | null;
  threshold: number | null;
  poissonLambda: number;
  shapeParameter: number | null;
  scaleParameter: number;
  locationParameter: number;
  independenceFactor: number | null;
}

export interface ExtremeAnalysis {
  law: LawId;
  method: ExtremeMethod;
  minima: boolean;
  parameters: Parameters;
  specParameters: SpecParameters;
  nll: number;
  aic: number;
  ks: number;
  threshold: number | null;
  nPeaks: number;
  poissonLambda: number;
  confidence: number;
  interval: 'bootstrap' | 'delta';
  /** Scale of a delta-method interval ('linear' for the bootstrap). */
  intervalScale: 'linear' | 'log';
  returnValues: ReturnValueRow[];
  empirical: EmpiricalPoint[];
  ignored: number[];
  peaks: { time: number; value: number }[];
  warnings: string[];
  /** Every law of `options.laws` fitted to the same sample (absent without the option). */
  laws?: LawEstimate[];
}

/** One law's estimate of an extreme sample, or the reason its fit failed. */
export type LawEstimate =
  | {
      law: LawId;
      parameters: Parameters;
      specParameters: SpecParameters;
      nll: number;
      aic: number;
      ks: number;
      returnValues: ReturnValueRow[];
      ignored: number[];
      /** The law's own warnings (failed bootstrap refits), beside the sample's. */
      warnings: string[];
      error: null;
    }
  | { law: LawId; error: string };

function estimateOf(analysis: ExtremeAnalysis, sample: ExtremeSample): LawEstimate {
  return {
    law: analysis.law,
    parameters: analysis.parameters,
    specParameters: analysis.specParameters,
    nll: analysis.nll,
    aic: analysis.aic,
    ks: analysis.ks,
    returnValues: analysis.returnValues,
    ignored: analysis.ignored,
    warnings: analysis.warnings.filter((w) => !sample.warnings.includes(w)),
    error: null,
  };
}

/** The options every extreme analysis checks before it starts: an error names the one that is wrong. */
export function checkExtremeOptions(options: ExtremeOptions): void {
  for (const T of options.returnPeriods ?? []) {
    if (!(T > 0 && T < Infinity))
      throw new RangeError(`extremes: return periods must be positive years, got ${T}`);
  }
  const { confidence, resamples, separationHours } = options;
  if (confidence !== undefined && !(confidence > 0 && confidence < 1))
    throw new RangeError(`extremes: the confidence level must be in (0, 1), got ${confidence}`);
  if (resamples !== undefined && !(Number.isInteger(resamples) && resamples >= 2))
    throw new RangeError(
      `extremes: bootstrap resamples must be a whole number of at least 2, got ${resamples}`,
    );
  if (separationHours !== undefined && !(separationHours >= 0 && separationHours < Infinity))
    throw new RangeError(`extremes: the storm separation must be hours ≥ 0, got ${separationHours}`);
}

/** The interval an analysis computes: its options with their defaults ('auto' is resolved on the sample). */
function intervalOf(options: ExtremeOptions): {
  confidence: number;
  interval: 'bootstrap' | 'delta';
  deltaScale: 'linear' | 'log' | 'auto';
} {
  return {
    confidence: options.confidence ?? DEFAULT_CONFIDENCE,
    interval: options.interval ?? 'bootstrap',
    deltaScale: options.deltaScale ?? 'linear',
  };
}

/** What the method text of an extreme analysis names: the fields of an analysis (a stored one's too). */
export interface ExtremeMethodParts {
  method: ExtremeMethod;
  /** Cluster separation of the peaks in hours (not read for annual maxima). */
  separationHours: number;
  /** The primary law and every law fitted (law ids; an unknown one is named as it is). */
  law: string;
  laws: readonly string[];
  interval: 'bootstrap' | 'delta';
  intervalScale: 'linear' | 'log' | 'auto';
  confidence: number;
}

/**
 * The method text of an extreme analysis (a payload's kwargs.method, the registry, docs/methods/extremes.md,
 * the reports): how the sample is drawn, the laws and their fit, the intervals and the empirical points,
 * each in the words of the step that computes it.
 */
export function extremeMethod(parts: ExtremeMethodParts): string {
  const laws =
    parts.laws.length > 1
      ? `laws ${parts.laws.map(lawName).join(', ')} (primary ${lawName(parts.law)})`
      : `law ${lawName(parts.law)}`;
  return [
    sampleMethod(parts.method, parts.separationHours),
    `${laws} ${EXTREME_FIT_METHOD}`,
    intervalMethod(parts.interval, parts.intervalScale, parts.confidence),
    PLOTTING_POSITION_METHOD,
  ].join('; ');
}

/** The method text of the analyses `options` ask for, whatever the series (the registry's extremes). */
export function extremeOptionsMethod(options: ExtremeOptions): string {
  const { confidence, interval, deltaScale } = intervalOf(options);
  return extremeMethod({
    method: options.method,
    separationHours: options.separationHours ?? DEFAULT_SEPARATION_HOURS,
    law: options.law,
    laws: options.laws ?? [options.law],
    interval,
    intervalScale: interval === 'delta' ? deltaScale : 'linear',
    confidence,
  });
}

/** The whole EXT / MAEXT / MIEXT chain on one series. */
export function extremeValueAnalysis(
  time: Float64Array,
  values: ArrayLike<number>,
  options: ExtremeOptions,
): ExtremeAnalysis {
  checkExtremeOptions(options);
  if (options.mask) return analysis(time, values, options);
  // without a mask the analysis depends on the arrays and the options only: EXT and MAEXT of a field, and
  // the levels of CUREXT and HEIEXT, are the same analyses; the caller gets its own copy (memo.ts)
  const settings = Object.entries({ ...options, minima: options.minima ?? false })
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const key = `analysis:${JSON.stringify(settings)}`;
  return copyOf(checkedOnce(() => memoizedOver(values, [time], key, () => analysis(time, values, options))));
}

function analysis(time: Float64Array, values: ArrayLike<number>, options: ExtremeOptions): ExtremeAnalysis {
  const minima = options.minima ?? false;
  let sample: ExtremeSample;
  if (options.method === 'annual-maxima') {
    // minima are the maxima of the negated series, read from the same yearly pass
    const maxima = annualExtremes(time, values, {
      minValidFraction: options.minValidFraction,
      mask: options.mask,
      minima,
    });
    sample = annualMaximaSample(
      maxima.map((m) => m.value),
      maxima.map((m) => m.time),
    );
  } else {
    const signed = minima ? negated(values) : values;
    const spec = options.threshold ?? '0.99q';
    const threshold = minima && typeof spec === 'number' ? -spec : resolveThreshold(spec, signed);
    sample = peaksOverThreshold(time, signed, {
      threshold,
      separationHours: options.separationHours,
      mask: options.mask,
    });
  }
  return analyzeSample(sample, options, minima);
}

/** Fit and return values for a prepared sample (e.g. annual maxima read from a table). */
export function analyzeSample(
  sample: ExtremeSample,
  options: ExtremeOptions,
  minima = false,
): ExtremeAnalysis {
  checkExtremeOptions(options);
  return analyzeSorted(sortedSample(sample, options.ignoreLargest ?? 0), options, minima);
}

function analyzeSorted(sorted: SortedSample, options: ExtremeOptions, minima: boolean): ExtremeAnalysis {
  const { sample } = sorted;
  const fit = fitSorted(sorted, options.law);
  const returnPeriods = options.returnPeriods ?? DEFAULT_RETURN_PERIODS;
  const { confidence, interval, deltaScale: asked } = intervalOf(options);
  const warnings = [...sample.warnings];
  let rows: ReturnValueRow[];
  const positive = sample.values.every((v) => v > 0);
  const deltaScale = asked === 'auto' ? (positive ? 'log' : 'linear') : asked;
  if (interval === 'delta') rows = deltaMethodIntervals(fit, returnPeriods, confidence, deltaScale);
  else {
    const result = bootstrapIntervals(fit, returnPeriods, {
      confidence,
      resamples: options.resamples,
      seed: options.seed,
    });
    rows = result.rows;
    if (result.failed > 0) warnings.push(`${result.failed} bootstrap refits failed and were skipped`);
  }
  const sign = minima ? -1 : 1;
  const returnValues = rows.map((r) =>
    minima ? { returnPeriod: r.returnPeriod, value: -r.value, lower: -r.upper, upper: -r.lower } : r,
  );
  const threshold = sample.method === 'pot' ? sign * sample.threshold : null;
  const analysis: ExtremeAnalysis = {
    law: fit.law,
    method: sample.method,
    minima,
    parameters: fit.parameters,
    specParameters: {
      law: fit.law,
      sampleLength: sample.years,
      blockSize: sample.method === 'annual-maxima' ? '1 year' : null,
      threshold,
      poissonLambda: sample.poissonLambda,
      shapeParameter: fit.parameters.shape,
      scaleParameter: fit.parameters.scale,
      locationParameter: fit.parameters.location,
      independenceFactor: sample.method === 'pot' ? sample.separationHours : null,
    },
    nll: fit.nll,
    aic: fit.aic,
    ks: fit.ks,
    threshold,
    nPeaks: sample.values.length,
    poissonLambda: sample.poissonLambda,
    confidence,
    interval,
    intervalScale: interval === 'delta' ? deltaScale : 'linear',
    returnValues,
    empirical: positionsOf(sorted.sorted, sample).map((p) => ({
      value: sign * p.value,
      returnPeriod: p.returnPeriod,
    })),
    ignored: fit.ignored.map((v) => sign * v),
    peaks: sample.values.map((v, i) => ({ time: sample.times[i]!, value: sign * v })),
    warnings,
  };
  if (options.laws) {
    // the other laws on the same sorted sample (the primary's estimate is reused)
    analysis.laws = options.laws.map((law): LawEstimate => {
      if (law === fit.law) return estimateOf(analysis, sample);
      try {
        return estimateOf(analyzeSorted(sorted, { ...options, law, laws: undefined }, minima), sample);
      } catch (error) {
        return { law, error: error instanceof Error ? error.message : String(error) };
      }
    });
  }
  return analysis;
}
