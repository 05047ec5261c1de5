// Extreme value analysis (EXT, MAEXT, MIEXT, CUREXT, HEIEXT, NOCYC), in pyextremes' steps: sample.ts
// (get_extremes), model.ts (fit_model), intervals.ts, diagnostics.ts, analysis.ts (the chain on a series)
// and variants.ts (by sector, month, level, component, without cyclones). The names below are the
// package's; the others stay inside extremes/.
export {
  DEFAULT_SEPARATION_HOURS,
  MIN_EXTREME_SAMPLE,
  SHORT_RECORD,
  annualMaxima,
  annualMaximaSample,
  peaksOverThreshold,
  resolveThreshold,
  type AnnualMaximum,
  type ExtremeMethod,
  type ExtremeSample,
  type Mask,
  type PeaksOptions,
} from './sample';
export {
  ANNUAL_MAXIMA_LAWS,
  PEAKS_LAWS,
  fitExtremes,
  returnProbability,
  returnValue,
  type ExtremeFit,
} from './model';
export {
  DEFAULT_CONFIDENCE,
  DEFAULT_INTERVAL,
  INTERVAL_KINDS,
  DEFAULT_RESAMPLES,
  bootstrapIntervals,
  deltaMethodIntervals,
  parameterCovariance,
  type IntervalKind,
  type ReturnValueRow,
} from './intervals';
export { profileIntervals } from './profile';
export { peakRose, plottingPositions, type EmpiricalPoint } from './diagnostics';
export {
  DEFAULT_RETURN_PERIODS,
  analyzeSample,
  extremeMethod,
  extremeValueAnalysis,
  type ExtremeAnalysis,
  type ExtremeMethodParts,
  type ExtremeOptions,
  type LawEstimate,
  type LawSelection,
  LAW_SELECTION_LEVEL,
  NESTED_LAWS,
  type SpecParameters,
} from './analysis';
export {
  directionalExtremes,
  directionalMethod,
  extremeCurrents,
  extremeWaterHeights,
  monthlyExtremes,
  nonCyclonicExtremes,
  type LevelExtremes,
  type SectorExtremes,
  type WaterHeightComponent,
} from './variants';
