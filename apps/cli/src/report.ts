// What the `metocean` command prints around every result (issue 21): the units of the variables read and of
// the result's quantities, the method (for extremes: the sample, the law, the fit and the interval method),
// the series' own time step, and the notes of the reading (values treated as missing, rows resampled).
import { extremeMethod, DEFAULT_SEPARATION_HOURS } from '@metocean/core';
import type { ExtremeMethod, LawId } from '@metocean/core';
import { csvColumnKey, formatStep, VARIABLES } from '@metocean/hindcast';

export interface Report {
  command: string;
  file: string;
  /** Units of each variable read and of the result's quantities (`durationHours: h`, `probability: %`). */
  units: Record<string, string>;
  method: string;
  /** The series' step (`1 h`, `3 h`), or null for a sample of annual maxima. */
  step: string | null;
  notes: string[];
  result: unknown;
}

/** Units of a field: the file's, else the catalogue's for a variable it knows (said so), else unknown. */
export function unitsOf(name: string, units: string | undefined): string {
  if (units) return units;
  const key = csvColumnKey(name);
  return key ? `${VARIABLES[key]!.units} (not in the file: the catalogue's units of ${key})` : 'unknown';
}

const TYPE_7 = 'Hyndman–Fan type 7 percentiles (linear between order statistics, as numpy)';
const SAMPLE_STD = 'sample standard deviation (n − 1)';

/** Method texts of the commands other than eva, given the step of the series in hours. */
export function commandMethod(command: string, options: Record<string, string>, stepHours: number): string {
  const step = `${stepHours} h`;
  switch (command) {
    case 'describe':
      return `count, mean, ${SAMPLE_STD}, min, max, median and ${TYPE_7} of the values present (missing values left out)`;
    case 'monthly':
      return `count, mean, min and max per calendar month (UTC, all years pooled) of the values present`;
    case 'joint':
      return 'joint occurrence of the pairs where both values exist; bins left-closed [e_k, e_k+1) from 0 (lower when values are negative); per mille of the pairs counted';
    case 'rose':
      return 'sector k covers [k·w − w/2, k·w + w/2) clockwise from north, directions "coming from"; classes [e_c, e_c+1), the last open above; % of the pairs counted';
    case 'windows':
      return (
        `a window of D hours starts at t when every value in [t, t + D) exists and is strictly below ${options.below}; ` +
        `D is counted in steps of the series (${step}: D / ${stepHours} consecutive values, rounded up); ` +
        'probability: % of the steps with data of the month where a window starts; calm periods per year: maximal runs of at least D hours, counted in the month they start'
      );
    case 'downtime':
      return (
        `waiting time from each step with data (${step}) to the first start of a window of ${options.duration} h ` +
        `strictly below ${options.below}; Kaplan–Meier (Kaplan & Meier 1958) over every start: a start whose search meets a window of unknown outcome (missing data or the end of the record) before a window is censored, "waited at least c h"; percentiles from the curve, null when it never reaches them (more than followUpHours); mean restricted to meanHorizonHours; P50/P90 intervals: year-block bootstrap (years drawn with replacement, ${options.resamples ?? 1000} resamples, seed ${options.seed ?? 1}, percentile interval at ${options.ci ?? 0.9}), none under 5 years`
      );
    case 'contours':
      return (
        'joint model of DNV-RP-C205 (2010) §3.6.3: Hs 3-parameter Weibull by maximum likelihood; ln Tp given Hs normal, ' +
        `dependence functions by least squares on Hs classes; IFORM contours (Winterstein et al. 1993), β = Φ⁻¹(1 − 1/N), N = T · 8765.82 h / ${step} sea states`
      );
    default:
      return '';
  }
}

/** The extremes' method text: sample, law, fit and interval method, from the analysis printed. */
export function evaMethod(
  result: {
    method: ExtremeMethod;
    law: LawId;
    interval: 'bootstrap' | 'delta';
    intervalScale: 'linear' | 'log';
    confidence: number;
  },
  separationHours: number | undefined,
): string {
  return extremeMethod({
    method: result.method,
    separationHours: separationHours ?? DEFAULT_SEPARATION_HOURS,
    law: result.law,
    laws: [result.law],
    interval: result.interval,
    intervalScale: result.intervalScale,
    confidence: result.confidence,
  });
}

/**
 * A duration that is not a whole number of steps is counted as the next whole number of steps (the core's
 * rule): said, so a 4-h window on 3-hourly data is known to be a 6-h one.
 */
export function durationNotes(hours: readonly number[], stepMs: number): string[] {
  const stepHours = stepMs / 3_600_000;
  return hours
    .filter((h) => h > 0 && Math.abs(h / stepHours - Math.round(h / stepHours)) > 1e-9)
    .map((h) => {
      const steps = Math.ceil(h / stepHours - 1e-9);
      return `a window of ${h} h is not a whole number of ${formatStep(stepMs)} steps: counted as ${steps} steps (${steps * stepHours} h)`;
    });
}

/** Units of the quantities of each command's result, besides the variables read. */
export const RESULT_UNITS: Record<string, Record<string, string>> = {
  describe: { count: 'values' },
  monthly: { count: 'values', month: '1-12 (UTC)' },
  joint: { counts: 'pairs', perMille: '‰ of the pairs' },
  rose: { percent: '% of the pairs', sectors: 'degree (centre, coming from)' },
  windows: {
    durationHours: 'h',
    probability: '%',
    meanCalmPeriods: 'per year',
    probabilityInterval: '%',
    intervalYears: 'years',
  },
  downtime: {
    meanWaitHours: 'h',
    meanHorizonHours: 'h',
    p50WaitHours: 'h',
    p90WaitHours: 'h',
    followUpHours: 'h',
    censored: 'starts',
    p50WaitInterval: 'h',
    p90WaitInterval: 'h',
    intervalYears: 'years',
  },
  contours: { returnPeriod: 'years', beta: '1 (standard normal)' },
  eva: { returnPeriod: 'years', poissonLambda: 'per year' },
};
