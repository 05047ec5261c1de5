// Extreme value analysis, step 2 (pyextremes' fit_model): a law of the method fitted to the sample by
// maximum likelihood (location held at the threshold for peaks), and its return values.
import { fitLaw, weightedSample } from '../fit';
import type { Fit, WeightedSample } from '../fit';
import { LAWS } from '../laws';
import type { LawId, Parameters } from '../laws';
import { MIN_EXTREME_SAMPLE } from './sample';
import type { ExtremeMethod, ExtremeSample } from './sample';

export const ANNUAL_MAXIMA_LAWS: readonly LawId[] = ['gev', 'gumbel'];
export const PEAKS_LAWS: readonly LawId[] = ['gpd', 'exponential', 'weibull2', 'weibull3'];

/** How the laws are fitted, in the words of the method texts (extremeMethod). */
export const EXTREME_FIT_METHOD = 'by maximum likelihood (GEV/GPD shape ξ in the Coles 2001 sign convention)';

export interface ExtremeFit extends Fit {
  method: ExtremeMethod;
  threshold: number;
  poissonLambda: number;
  nPeaks: number;
  sample: ExtremeSample;
  /** Largest values left out of the fit (shown as ignored outliers). */
  ignored: number[];
  /** The values fitted (the sample without the ignored ones), as the likelihood reads them. */
  weighted: WeightedSample;
}

/**
 * A sample sorted once, with the values fitted (as the likelihood reads them) and the largest ones left
 * out: every law of one analysis is fitted to the same, so it is sorted and compressed once.
 */
export interface SortedSample {
  sample: ExtremeSample;
  /** All values, ascending. */
  sorted: number[];
  ignored: number[];
  /** The values fitted: the sorted ones without the ignored. */
  weighted: WeightedSample;
  kept: number;
}

export function sortedSample(sample: ExtremeSample, ignoreLargest: number): SortedSample {
  const sorted = [...sample.values].sort((a, b) => a - b);
  const kept = sorted.slice(0, sorted.length - ignoreLargest);
  const ignored = sorted.slice(sorted.length - ignoreLargest);
  return { sample, sorted, ignored, weighted: weightedSample(kept), kept: kept.length };
}

/** Fits `law` to the sample (location held at the threshold for peaks, except weibull3). */
export function fitExtremes(
  sample: ExtremeSample,
  law: LawId,
  options: { ignoreLargest?: number } = {},
): ExtremeFit {
  return fitSorted(sortedSample(sample, options.ignoreLargest ?? 0), law);
}

/**
 * Why an analysis of a sample too short is refused, in a user's words (the count, what is needed, what to
 * do); fitExtremes itself fits any sample (the numerics are tested on small ones).
 */
export function tooFewMessage(s: SortedSample): string {
  const { sample, kept } = s;
  const left = s.ignored.length > 0 ? ` once the ${s.ignored.length} largest left out are removed` : '';
  return sample.method === 'pot'
    ? `Too few storms for an extreme-value fit: ${kept} peaks above ${+sample.threshold.toPrecision(4)}${left}, ` +
        `at least ${MIN_EXTREME_SAMPLE} are needed. Lower the threshold or use a longer record.`
    : `Too few years for an extreme-value fit: ${kept} annual maxima${left} (years with enough data), ` +
        `at least ${MIN_EXTREME_SAMPLE} are needed. Use a longer record or peaks over threshold.`;
}

export function fitSorted(s: SortedSample, law: LawId): ExtremeFit {
  const { sample, weighted } = s;
  const allowed = sample.method === 'annual-maxima' ? ANNUAL_MAXIMA_LAWS : PEAKS_LAWS;
  if (!allowed.includes(law)) {
    throw new RangeError(
      `fitExtremes: law ${law} does not apply to ${sample.method} (use ${allowed.join(', ')})`,
    );
  }
  if (sample.values.length === 0) {
    throw new RangeError(
      sample.method === 'pot'
        ? `fitExtremes: no value is above the threshold ${+sample.threshold.toPrecision(4)} (lower it)`
        : 'fitExtremes: no annual maximum to fit (no year with enough data)',
    );
  }
  const fit = fitLaw(law, weighted, sample.method === 'pot' ? { location: sample.threshold } : {});
  return {
    ...fit,
    method: sample.method,
    threshold: sample.threshold,
    poissonLambda: sample.poissonLambda,
    nPeaks: sample.values.length,
    sample,
    ignored: [...s.ignored],
    weighted,
  };
}

/** Non-exceedance probability of the law that corresponds to a return period in years. */
export function returnProbability(
  method: ExtremeMethod,
  poissonLambda: number,
  returnPeriod: number,
): number {
  return method === 'annual-maxima' ? 1 - 1 / returnPeriod : 1 - 1 / (poissonLambda * returnPeriod);
}

/** x_T = F⁻¹(1 - 1/T) for annual maxima, u + G⁻¹(1 - 1/(λT)) for peaks; NaN when the probability is not in (0, 1). */
export function returnValue(
  law: LawId,
  parameters: Parameters,
  method: ExtremeMethod,
  poissonLambda: number,
  returnPeriod: number,
): number {
  const q = returnProbability(method, poissonLambda, returnPeriod);
  if (!(q > 0 && q < 1)) return NaN;
  return LAWS[law].ppf(q, parameters);
}
