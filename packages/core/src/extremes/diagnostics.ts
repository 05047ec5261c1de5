// Extreme value analysis, the diagnostics of a fit (pyextremes' plot_diagnostic): the empirical return
// periods of the sample (plotting positions) and the peak rose.
import { sectorIndex } from '../binning';
import type { ExtremeSample } from './sample';

/** How the empirical points are placed, in the words of the method texts (extremeMethod). */
export const PLOTTING_POSITION_METHOD = 'empirical return periods from the Weibull plotting position i/(n+1)';

export interface EmpiricalPoint {
  value: number;
  /** Empirical return period in years from the Weibull plotting position rank/(n+1). */
  returnPeriod: number;
}

/**
 * Empirical return periods of the sample: the i-th smallest of n gets F = i/(n+1) (Weibull plotting
 * position), T = 1/(1 - F) for annual maxima and T = 1/(λ(1 - F)) for peaks.
 */
export function plottingPositions(sample: ExtremeSample): EmpiricalPoint[] {
  return positionsOf(
    [...sample.values].sort((a, b) => a - b),
    sample,
  );
}

export function positionsOf(sorted: readonly number[], sample: ExtremeSample): EmpiricalPoint[] {
  const n = sorted.length;
  return sorted.map((value, i) => {
    const exceed = 1 - (i + 1) / (n + 1);
    const rate = sample.method === 'annual-maxima' ? 1 : sample.poissonLambda;
    return { value, returnPeriod: 1 / (rate * exceed) };
  });
}

/** Peak rose: number of peaks per direction sector (direction at the time of each peak). */
export function peakRose(
  directionsAtPeaks: readonly number[],
  sectors: number,
): { sectors: number[]; counts: number[] } {
  const counts = new Array<number>(sectors).fill(0);
  for (const d of directionsAtPeaks) if (!Number.isNaN(d)) counts[sectorIndex(d, sectors)]!++;
  return { sectors: Array.from({ length: sectors }, (_, k) => (k * 360) / sectors), counts };
}
