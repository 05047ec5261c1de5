// Maximum-likelihood fits of the registered laws, in the steps of a fit: the sample (sample.ts), the
// likelihood (likelihood.ts), one estimator per family of laws (closed-form.ts, gev.ts, gpd.ts,
// weibull.ts), the fit and its goodness (maximum-likelihood.ts) and its observed information
// (information.ts). The names below are the package's; the others stay inside fit/.
export { MAX_DISTINCT, weightedSample, weightedSampleOfCounts, type WeightedSample } from './sample';
export { ksStatistic, negativeLogLikelihood } from './likelihood';
export { WEIBULL3_NEAREST } from './weibull';
export { fitLaw, fitParameters, type Fit, type FitOptions } from './maximum-likelihood';
export { observedInformation } from './information';
