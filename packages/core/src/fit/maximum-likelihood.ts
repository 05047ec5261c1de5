// Maximum-likelihood fits of the registered laws: the estimator of each law, made once per sample object
// and law, and the fit with its goodness (NLL, AIC, KS).
import { LAWS } from '../laws';
import type { LawId, Parameters } from '../laws';
import { fitGamma, fitLognormal, fitNormal } from './closed-form';
import { fitGev, fitGumbel } from './gev';
import { fitGpd } from './gpd';
import { ksStatistic, negativeLogLikelihood } from './likelihood';
import { weightedMean } from './sample';
import type { WeightedSample } from './sample';
import { fitWeibull3, fitWeibullAt } from './weibull';

export interface Fit {
  law: LawId;
  parameters: Parameters;
  /** Negative log-likelihood at the estimate. */
  nll: number;
  /** Akaike information criterion 2k + 2 NLL. */
  aic: number;
  /** Kolmogorov-Smirnov statistic sup |F_n - F|. */
  ks: number;
  n: number;
}

export interface FitOptions {
  /** Location held fixed (the threshold for peaks over threshold); 0 when absent for weibull2. */
  location?: number;
  /** Starting point for the iterative fits (GEV, GPD): a bootstrap refit starts from the original estimate. */
  start?: Parameters;
}

/** Fits made without options, per sample object and law (the APD and ENVC of a wave height share theirs). */
const fitted = new WeakMap<WeightedSample, Map<LawId, Parameters>>();

/** Parameters of `law` fitted by maximum likelihood (a copy of the sample's fit when made already). */
export function fitParameters(law: LawId, sample: WeightedSample, options: FitOptions = {}): Parameters {
  if (options.location !== undefined || options.start !== undefined) return fitWith(law, sample, options);
  let laws = fitted.get(sample);
  if (!laws) fitted.set(sample, (laws = new Map<LawId, Parameters>()));
  let parameters = laws.get(law);
  if (!parameters) laws.set(law, (parameters = fitWith(law, sample, options)));
  return { ...parameters };
}

function fitWith(law: LawId, sample: WeightedSample, options: FitOptions): Parameters {
  if (sample.n === 0) throw new RangeError(`fitParameters: no values to fit ${law}`);
  const location = options.location ?? 0;
  switch (law) {
    case 'normal':
      return fitNormal(sample);
    case 'lognormal':
      return checkPositive(sample, law) ?? fitLognormal(sample);
    case 'gamma':
      return checkPositive(sample, law) ?? fitGamma(sample);
    case 'gumbel':
      return fitGumbel(sample);
    case 'weibull2':
      return fitWeibullAt(sample, location).parameters;
    case 'weibull3':
      return fitWeibull3(sample);
    case 'gev':
      return fitGev(sample, options.start);
    case 'gpd':
      return fitGpd(sample, location, options.start);
    case 'exponential':
      return { location, scale: weightedMean(sample, (x) => x - location), shape: 0 };
  }
}

function checkPositive(s: WeightedSample, law: LawId): null {
  if (!(s.x[0]! > 0)) throw new RangeError(`fitParameters: ${law} needs positive values, got ${s.x[0]}`);
  return null;
}

/** Fit plus its goodness of fit. */
export function fitLaw(law: LawId, sample: WeightedSample, options: FitOptions = {}): Fit {
  const parameters = fitParameters(law, sample, options);
  const nll = negativeLogLikelihood(law, sample, parameters);
  return {
    law,
    parameters,
    nll,
    aic: 2 * LAWS[law].freeParameters + 2 * nll,
    ks: ksStatistic(law, sample, parameters),
    n: sample.n,
  };
}
