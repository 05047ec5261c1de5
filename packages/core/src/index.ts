export * from './series';
export * from './calendar';
export { moments, momentsOfRanks, type Moments } from './moments';
export {
  NO_RANK,
  checkProbability,
  countable,
  quantileSorted,
  quantilesOfValid,
  sortValid,
  sortedByCounting,
  sortedWithRanks,
  validValues,
  type Ranks,
  type SortedValues,
} from './order';
export * from './descriptive';
export * from './special';
export * from './optimize';
export * from './random';
export * from './laws';
export * from './fit';
export * from './binning';
export * from './extremes';
export * from './windows';
export * from './survival';
export * from './bootstrap';
export * from './downtime-intervals';
export * from './display';
export * from './metrics';
export * from './comparison/collocate';
export * from './comparison/along-track';
export * from './contours';
export * from './contour-band';
export * from './statistics';
/**
 * Runs `f` (statistics of one point computed together) promising that no input array is changed in place
 * while it runs: each array's fingerprint is then checked once, not at every statistic (see memo.ts).
 */
export { checkedOnce as withUnchangedInputs, markUnchanging } from './memo';
export * from './geo';
export * from './circular';
export * from './planning';
export * from './calibration';
