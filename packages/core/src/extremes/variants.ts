// The variants of the extreme analysis: the storm peaks shared out among direction sectors, the analysis
// restricted to a calendar month or the non-cyclonic steps (λ per year of the whole record), and the tables
// of every level (CUREXT) or water height component (HEIEXT).
import { sectorIndex } from '../binning';
import { levelsOf } from '../series';
import type { Series } from '../series';
import { sharedCalendar } from '../shared';
import { analyzeSample, checkExtremeOptions, extremeValueAnalysis, peaksSample } from './analysis';
import type { ExtremeAnalysis, ExtremeOptions } from './analysis';
import { sortedSample, tooFewMessage } from './model';
import {
  declusteredSample,
  exceedancesOf,
  MIN_EXTREME_SAMPLE,
  resolveThreshold,
  shortPeaksWarning,
} from './sample';
import type { ExtremeSample, Mask } from './sample';

/** Mask of the steps where `keep(i)` holds, as bytes. */
function maskOf(n: number, keep: (i: number) => boolean): Uint8Array {
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (keep(i)) mask[i] = 1;
  return mask;
}

/** One row of the directional extremes: a direction sector, or every direction (`sector` null). */
export interface SectorExtremes {
  /** Centre of the sector in degrees clockwise from north, directions "coming from"; null: all directions. */
  sector: number | null;
  /** Width of the sector in degrees (360 for all directions). */
  width: number;
  /** Storm peaks assigned to the sector (all directions: every peak, those without a direction too). */
  events: number;
  /** Events per year of the whole record (the sector's λ, from which its return periods are in years). */
  poissonLambda: number;
  analysis: ExtremeAnalysis | null;
  /** Why the sector has no analysis (fewer than MIN_EXTREME_SAMPLE storms), null when it has one. */
  error: string | null;
}

/** What the directional extremes add to the method text of their analyses (the registry's, the payloads'). */
export function directionalMethod(sectors: number): string {
  return (
    `each peak in the sector of the direction at its time (${sectors} sectors of ${360 / sectors}° centred on ` +
    'north, "coming from"), λ per sector and per year of the whole record; not scaled to the omnidirectional values'
  );
}

/** First index whose time is ≥ t (times ascending). */
function indexOfTime(time: Float64Array, t: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Directional extremes (DNV-RP-C205 §3.7.3, ISO 19901-1): the declustered storm peaks of the whole record
 * (peaksSample: the events of the omnidirectional analysis by peaks over threshold, same threshold and
 * separation) each assigned to the sector of the direction at its peak's time step; per sector the same
 * laws and interval fitted to its peaks with its own rate λₖ = peaks in the sector / years of the whole
 * record, so that its return periods are in years: x_T = u + G⁻¹(1 − 1/(λₖT)). A sector with fewer than
 * MIN_EXTREME_SAMPLE peaks carries the refusal instead of a result, one with fewer than SHORT_RECORD the
 * short-record warning (and the likelihood-ratio choice of law). The last row is every direction together
 * (λ of all the peaks). Sector values are not scaled to the omnidirectional ones (docs/methods/extremes.md).
 */
export function directionalExtremes(
  time: Float64Array,
  values: ArrayLike<number>,
  direction: ArrayLike<number>,
  options: ExtremeOptions & { sectors: number },
): SectorExtremes[] {
  checkExtremeOptions(options);
  const { sectors } = options;
  if (!(Number.isInteger(sectors) && sectors >= 1))
    throw new RangeError(`directionalExtremes: sectors must be a whole number ≥ 1, got ${sectors}`);
  if (options.method !== 'pot')
    throw new RangeError(
      'directionalExtremes: directional extremes are drawn from storm peaks (method "pot"), not annual maxima',
    );
  if (direction.length !== values.length)
    throw new RangeError('directionalExtremes: direction and values differ in length');
  const minima = options.minima ?? false;
  const all = peaksSample(time, values, options);
  // the peaks of each sector (indices into the sample, in time order)
  const bySector = Array.from({ length: sectors }, (): number[] => []);
  let unassigned = 0;
  for (let j = 0; j < all.times.length; j++) {
    const d = direction[indexOfTime(time, all.times[j]!)]!;
    if (Number.isFinite(d)) bySector[sectorIndex(d, sectors)]!.push(j);
    else unassigned++;
  }
  const missing =
    unassigned > 0
      ? [
          `${unassigned} storm peak${unassigned > 1 ? 's have' : ' has'} no direction at the peak: in no sector`,
        ]
      : [];
  const row = (sector: number | null, width: number, sample: ExtremeSample): SectorExtremes => {
    const base = { sector, width, events: sample.values.length, poissonLambda: sample.poissonLambda };
    try {
      if (sample.values.length < MIN_EXTREME_SAMPLE)
        throw new RangeError(tooFewMessage(sortedSample(sample, 0)));
      return { ...base, analysis: analyzeSample(sample, options, minima), error: null };
    } catch (error) {
      return { ...base, analysis: null, error: error instanceof Error ? error.message : String(error) };
    }
  };
  const width = 360 / sectors;
  const rows = bySector.map((picked, k) => {
    const short = shortPeaksWarning(picked.length);
    return row(k * width, width, {
      ...all,
      values: pickedOf(all.values, picked),
      times: pickedOf(all.times, picked),
      poissonLambda: all.years > 0 ? picked.length / all.years : NaN,
      // the guide's 1-10 storms per year is a rule of the whole sample (the last row), not of a sector
      warnings: [...(short ? [short] : []), ...missing],
    });
  });
  return [...rows, row(null, 360, all)];
}

/** values[j] for each j of `picked`, in order (a loop, not a callback made per call: see docs/decisions.md). */
function pickedOf(values: readonly number[], picked: readonly number[]): number[] {
  const out: number[] = [];
  for (const j of picked) out.push(values[j]!);
  return out;
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
