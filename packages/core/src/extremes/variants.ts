// The variants of the extreme analysis: restricted to a direction sector, a calendar month or the
// non-cyclonic steps (λ per year of the whole record), and the tables of every level (CUREXT) or water
// height component (HEIEXT).
import { sectorIndex } from '../binning';
import { levelsOf } from '../series';
import type { Series } from '../series';
import { sharedCalendar } from '../shared';
import { analyzeSample, checkExtremeOptions, extremeValueAnalysis } from './analysis';
import type { ExtremeAnalysis, ExtremeOptions } from './analysis';
import { declusteredSample, exceedancesOf, resolveThreshold } from './sample';
import type { Mask } from './sample';

/** Mask of the steps where `keep(i)` holds, as bytes. */
function maskOf(n: number, keep: (i: number) => boolean): Uint8Array {
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (keep(i)) mask[i] = 1;
  return mask;
}

/** Directional extremes: the analysis restricted to each direction sector (λ per year of the whole record). */
export function directionalExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  direction: ArrayLike<number>,
  options: ExtremeOptions & { sectors: number },
): ({ sector: number } & (ExtremeAnalysis | { error: string }))[] {
  const threshold =
    options.method === 'pot' ? resolveThreshold(options.threshold ?? '0.99q', values) : options.threshold;
  return Array.from({ length: options.sectors }, (_, k) => {
    const mask = maskOf(direction.length, (i) => {
      const d = direction[i]!;
      return !Number.isNaN(d) && sectorIndex(d, options.sectors) === k;
    });
    const sector = (k * 360) / options.sectors;
    try {
      return { sector, ...extremeValueAnalysis(time, values, { ...options, threshold, mask }) };
    } catch (error) {
      return { sector, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

/** Monthly extremes: the analysis restricted to each calendar month (T in years, one month per year). */
export function monthlyExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  options: ExtremeOptions,
): ({ month: number } & (ExtremeAnalysis | { error: string }))[] {
  checkExtremeOptions(options);
  const { month } = sharedCalendar(time);
  const threshold =
    options.method === 'pot' ? resolveThreshold(options.threshold ?? '0.99q', values) : options.threshold;
  // peaks over threshold of maxima: the exceedances of the whole record found once, then each month's
  // exceedances declustered (what a mask on the month gives, without a pass over the record per month)
  const pot =
    options.method === 'pot' && !options.minima && typeof threshold === 'number'
      ? exceedancesOf(values, threshold)
      : undefined;
  // each month's exceedances (in time order), split in one pass
  const byMonth = Array.from({ length: 12 }, (): number[] => []);
  if (pot) for (const i of pot.exceedances) byMonth[month[i]! - 1]!.push(i);
  return Array.from({ length: 12 }, (_, k) => {
    try {
      if (pot) {
        const sample = declusteredSample(time, values, byMonth[k]!, pot.validSteps, {
          threshold: threshold as number,
          separationHours: options.separationHours,
        });
        return { month: k + 1, ...analyzeSample(sample, options) };
      }
      const mask = maskOf(month.length, (i) => month[i] === k + 1);
      return {
        month: k + 1,
        ...extremeValueAnalysis(time, values, { ...options, threshold, mask, minValidFraction: 0 }),
      };
    } catch (error) {
      return { month: k + 1, error: error instanceof Error ? error.message : String(error) };
    }
  });
}

export interface LevelExtremes {
  level: number;
  field: string;
  analysis: ExtremeAnalysis | null;
  error: string | null;
}

/** CUREXT: the extreme analysis of a variable (current speed) at every level, ordered by level. */
export function extremeCurrents(series: Series, variable: string, options: ExtremeOptions): LevelExtremes[] {
  const levels = levelsOf(series, variable);
  if (levels.length === 0) throw new RangeError(`extremeCurrents: no levels of "${variable}"`);
  return levels.map(({ name, field }) => {
    try {
      const analysis = extremeValueAnalysis(series.time, field.values, options);
      return { level: field.level!, field: name, analysis, error: null };
    } catch (error) {
      return { level: field.level!, field: name, analysis: null, error: String(error) };
    }
  });
}

export type WaterHeightComponent = 'total' | 'surge' | 'tide';

/**
 * HEIEXT: the extreme analysis of each water height component given (total, surge, tide), each on its
 * own series; the table rows are the components in that order.
 */
export function extremeWaterHeights(
  time: Float64Array,
  components: Partial<Record<WaterHeightComponent, ArrayLike<number>>>,
  options: ExtremeOptions,
): { component: WaterHeightComponent; analysis: ExtremeAnalysis }[] {
  const present = (['total', 'surge', 'tide'] as const).filter((c) => components[c] !== undefined);
  if (present.length === 0) throw new RangeError('extremeWaterHeights: no component given');
  return present.map((component) => ({
    component,
    analysis: extremeValueAnalysis(time, components[component]!, options),
  }));
}

/**
 * NOCYC: the extreme analysis with cyclone periods excluded: steps where `cyclone` is true are left out
 * of the threshold, the maxima and the peaks; λ stays per year of the whole record (as the directional
 * and monthly variants), since non-cyclonic storms are counted per calendar year.
 */
export function nonCyclonicExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  cyclone: Mask,
  options: ExtremeOptions,
): ExtremeAnalysis {
  if (cyclone.length !== values.length)
    throw new RangeError('nonCyclonicExtremes: cyclone mask and values differ in length');
  const mask = maskOf(cyclone.length, (i) => !cyclone[i]);
  // a quantile threshold is taken over the non-cyclonic values only (negated for minima)
  const sign = options.minima ? -1 : 1;
  const spec = options.threshold ?? '0.99q';
  let threshold = options.threshold;
  if (options.method === 'pot' && typeof spec === 'string') {
    const kept = new Float64Array(values.length);
    for (let i = 0; i < values.length; i++) kept[i] = mask[i] ? sign * values[i]! : NaN;
    threshold = sign * resolveThreshold(spec, kept);
  }
  return extremeValueAnalysis(time, values, { ...options, threshold, mask });
}
