// The registry of the statistic codes of spec 000 §9 (STYLE.md: "A registry of methods", Grafana's
// fieldReducers): id, name, description, method, which fields each applies to and the function computing
// it. Menus, chart titles, payloads' method texts, docs/methods/, exports, report text and the server's
// "run every statistic the dataset supports" read it.
import { empiricalDistribution, jointTable, monthlyRoses, rose } from './binning';
import { CONTOUR_BAND_ON_REQUEST } from './contour-band';
import { environmentalContours } from './contours';
import type { EnvironmentalContours } from './contours';
import { describe, monthlyStats, quantile } from './descriptive';
import { meanProfile, concomitantDownsample, minMaxDownsample } from './display';
import {
  ANNUAL_MAXIMA_LAWS,
  DEFAULT_INTERVAL,
  PEAKS_LAWS,
  directionalExtremes,
  directionalMethod,
  extremeCurrents,
  extremeValueAnalysis,
  extremeWaterHeights,
  monthlyExtremes,
  nonCyclonicExtremes,
} from './extremes';
import type { ExtremeOptions } from './extremes';
import { extremeOptionsMethod } from './extremes/analysis';
import { fitLaw, weightedSample } from './fit';
import type { LawId } from './laws';
import { HOUR_MS } from './series';
import type { Field, Series } from './series';
import { waitPercentileIntervals, windowProbabilityIntervals } from './downtime-intervals';
import { weatherDowntimes, weatherWindows, type DowntimeRow, type WindowRow } from './windows';
import { kindOf, type VariableKind } from './kinds';

export type StatisticCode =
  | 'WW'
  | 'DR'
  | 'MEANCOLSTD'
  | 'APD'
  | 'WD'
  | 'EJPD'
  | 'TS'
  | 'EPD'
  | 'CTS'
  | 'EXT'
  | 'MAEXT'
  | 'MIEXT'
  | 'CUREXT'
  | 'HEIEXT'
  | 'NOCYC'
  | 'EFT'
  /** Environmental contours: beyond spec 000 §9's codes (docs/decisions.md). */
  | 'ENVC';

/** The ids of the registry: a code, or the monthly variant of one (ids containing "month", spec 000 §9). */
export type StatisticId =
  | 'TS'
  | 'CTS'
  | 'EPD'
  | 'EPD_month'
  | 'APD'
  | 'EJPD'
  | 'DR'
  | 'DR_month'
  | 'WW'
  | 'WD'
  | 'MEANCOLSTD'
  | 'EXT'
  | 'EXT_month'
  | 'EXT_direction'
  | 'MAEXT'
  | 'MIEXT'
  | 'CUREXT'
  | 'HEIEXT'
  | 'NOCYC'
  | 'ENVC'
  | 'EFT';

// the kinds live apart from the registry: a screen that only names a field's kind loads no statistic
export { kindOf, type VariableKind } from './kinds';

/** The fields one run of a statistic reads. */
export interface StatisticTarget {
  field?: string;
  /** Second field: the direction of a rose, the y of a joint table, the right axis of CTS. */
  partner?: string;
  /** Variable with levels (MEANCOLSTD, CUREXT). */
  variable?: string;
}

/** Settings a user may change; every statistic has defaults for the ones it reads. */
export interface StatisticOptions {
  /** WW / WD limit; default: the field's median. */
  below?: number;
  durationsHours?: readonly number[];
  binWidth?: number;
  sectors?: number;
  edges?: readonly number[];
  extreme?: Partial<ExtremeOptions>;
  /** NOCYC: true at cyclonic steps. */
  cyclone?: ArrayLike<boolean | number>;
  pixels?: number;
  /**
   * WD: also the year-block bootstrap intervals of the wait percentiles (issue 31; seconds of CPU on a
   * 40-year record, so computed on request only: the server's wd_intervals route, `metocean downtime --ci`).
   */
  waitIntervals?: boolean;
  /** WD with waitIntervals: the percentiles given intervals (default all of the rows'). */
  intervalPercentiles?: readonly number[];
  /**
   * WW: also the year-block bootstrap interval of each month's probability (issue 31; about half a second of
   * CPU on a 40-year record, so computed on request only: the server's ww_intervals route).
   */
  probabilityIntervals?: boolean;
}

export interface StatisticDefinition {
  id: StatisticId;
  code: StatisticCode;
  /** The title of its charts, menus and exports. */
  name: string;
  description: string;
  /**
   * How it is computed, in one line: shown with its chart (a payload's kwargs.method; an extreme analysis
   * names its own sample, laws and interval, extremeMethod) and quoted verbatim by its page of
   * docs/methods/ (test: packages/core/test/methods-docs.test.ts).
   */
  method: string;
  /** Monthly variant (ids containing "month", spec 000 §9). */
  monthly: boolean;
  /** Which variables and levels it applies to, in words (for menus and help). */
  appliesTo: string;
  /** Every run the series supports. */
  targets: (series: Series) => StatisticTarget[];
  compute: (series: Series, target: StatisticTarget, options?: StatisticOptions) => unknown;
}

type Named = { name: string; field: Field; kind: VariableKind };

/** The series' fields with their kinds (a loop, not a callback made per call: see docs/decisions.md, session 35). */
function named(series: Series): Named[] {
  const out: Named[] = [];
  for (const [name, field] of Object.entries(series.fields))
    out.push({ name, field, kind: kindOf(name, field) });
  return out;
}

/** Buckets of the display series (TS, CTS). */
const DISPLAY_PIXELS = 1000;
/** Class width of histograms and joint tables, in the variable's unit (EPD, EJPD). */
const BIN_WIDTH = 0.5;
/** Class width of the periods of the Hs–Tp scatter table (EJPD hs × tp), s: the usual 1-s scatter diagram. */
const PERIOD_BIN_WIDTH = 1;
/** Direction sectors of roses and joint tables (DR, EJPD). */
const SECTORS = 16;
// phrases of the method texts shared by several statistics
const TYPE_7 = 'percentiles: Hyndman–Fan type 7 (linear between order statistics, as numpy)';
const SAMPLE_STD = 'standard deviation: sample (n − 1)';
const ROSE_METHOD =
  'sector k covers [k·w − w/2, k·w + w/2) clockwise from north, directions "coming from"; classes [e_c, e_c+1), the last open above; % of the pairs counted';

const MAGNITUDES: readonly VariableKind[] = ['waveHeight', 'windSpeed', 'currentSpeed'];
const SCALARS: readonly VariableKind[] = [...MAGNITUDES, 'period', 'waterLevel', 'surge', 'tide', 'other'];

/** Direction field paired with a magnitude: same level, the direction of the same family when named so. */
function directionFor(series: Series, magnitude: Named): string | undefined {
  const directions = named(series).filter(
    (f) => f.kind === 'direction' && f.field.level === magnitude.field.level,
  );
  const family = {
    waveHeight: /^(dir|dp|mwd)$|wave/i,
    windSpeed: /^(wd|thetaw)$|wind/i,
    currentSpeed: /^(cd|theta)$|current/i,
  };
  const pattern = family[magnitude.kind as keyof typeof family] as RegExp | undefined;
  const matching = pattern ? directions.find((d) => pattern.test(d.field.variable ?? d.name)) : undefined;
  return (matching ?? (directions.length === 1 ? directions[0] : undefined))?.name;
}

const perField =
  (kinds: readonly VariableKind[]) =>
  (series: Series): StatisticTarget[] =>
    named(series)
      .filter((f) => kinds.includes(f.kind))
      .map((f) => ({ field: f.name }));

const withDirection = (series: Series): StatisticTarget[] =>
  named(series)
    .filter((f) => MAGNITUDES.includes(f.kind))
    .flatMap((f) => {
      const partner = directionFor(series, f);
      return partner ? [{ field: f.name, partner }] : [];
    });

const familyText = (f: Named): string => `${f.field.variable ?? f.name} ${f.field.longName ?? ''}`;

/** A swell field (ERA5's combined sea is "Significant height of combined wind waves and swell": not one). */
const swell = (f: Named): boolean =>
  /swell/i.test(f.field.variable ?? f.name) ||
  (/swell/i.test(f.field.longName ?? '') && !/waves and swell/i.test(f.field.longName ?? ''));

/**
 * Period field paired with a wave height: same level, same family (swell height with swell period), the
 * peak period when there is one (tp, pp1d, "peak" in its long name), else the family's lone period.
 */
function periodFor(series: Series, height: Named): string | undefined {
  const family = named(series).filter(
    (f) => f.kind === 'period' && f.field.level === height.field.level && swell(f) === swell(height),
  );
  const peak = family.find((f) => /^(tp|pp1d)(_|\b)|peak/i.test(familyText(f)));
  return (peak ?? (family.length === 1 ? family[0] : undefined))?.name;
}

const withPeriod = (series: Series): StatisticTarget[] =>
  named(series)
    .filter((f) => f.kind === 'waveHeight')
    .flatMap((f) => {
      const partner = periodFor(series, f);
      return partner ? [{ field: f.name, partner }] : [];
    });

/**
 * The direction that sorts a magnitude's storms into sectors (directional extremes): for a wave height its
 * mean wave direction (the swell's mean direction for a swell height: mwd, dir, "mean … direction"), not the
 * peak direction of the roses; for wind and current speeds their own direction (directionFor).
 */
function meanDirectionFor(series: Series, magnitude: Named): string | undefined {
  if (magnitude.kind !== 'waveHeight') return directionFor(series, magnitude);
  const mean = named(series).find(
    (f) =>
      f.kind === 'direction' &&
      f.field.level === magnitude.field.level &&
      swell(f) === swell(magnitude) &&
      (/^(mwd|dir|dir_swell)$/i.test(f.field.variable ?? f.name) ||
        /mean.*direction/i.test(f.field.longName ?? '')),
  );
  return mean?.name ?? directionFor(series, magnitude);
}

const withMeanDirection = (series: Series): StatisticTarget[] =>
  named(series)
    .filter((f) => MAGNITUDES.includes(f.kind))
    .flatMap((f) => {
      const partner = meanDirectionFor(series, f);
      return partner ? [{ field: f.name, partner }] : [];
    });

const values = (series: Series, name: string | undefined): Field['values'] => {
  const field = name === undefined ? undefined : series.fields[name];
  if (!field) throw new RangeError(`statistics: no field "${name}"`);
  return field.values;
};

const roseOptions = (
  o: StatisticOptions,
  series: Series,
  field: string,
): { sectors: number; edges: readonly number[] } => {
  const max = quantile(values(series, field), 0.99);
  // a field without values (max NaN) keeps the smallest classes: its rose is empty, not an error
  const step = Math.max(0.5, Math.round(max / 4) || 0);
  return { sectors: o.sectors ?? SECTORS, edges: o.edges ?? [0, step, 2 * step, 3 * step, 4 * step] };
};

/**
 * Extremes of the registry: annual maxima with GEV and profile-likelihood intervals unless asked otherwise
 * (the CLI's `eva` has the same default, docs/decisions.md issue 21). The registry is what a point
 * computation runs for every field (dozens of fits): the parametric bootstrap (1,000 refits each) is asked
 * for explicitly (`extreme: { interval: 'bootstrap' }`), not for every stored fit. Every law of the method is
 * fitted to the same sample (annual maxima: GEV and Gumbel; peaks: GPD, exponential, Weibull 2p and 3p),
 * for the extreme view's table per law; `law` stays the primary one the other fields describe.
 */
const extremeOptions = (o: StatisticOptions, defaults: Partial<ExtremeOptions> = {}): ExtremeOptions => {
  const merged: ExtremeOptions = {
    method: 'annual-maxima',
    law: 'gev',
    interval: DEFAULT_INTERVAL,
    // asked for the delta method: positive quantities (wave heights, speeds) keep positive bounds
    deltaScale: 'auto',
    ...defaults,
    ...o.extreme,
  };
  return { ...merged, laws: merged.laws ?? (merged.method === 'pot' ? PEAKS_LAWS : ANNUAL_MAXIMA_LAWS) };
};

/** EXT_month: peaks over threshold (a month has too few years for its maxima). */
const MONTHLY_EXTREMES: Partial<ExtremeOptions> = { method: 'pot', law: 'gpd' };
/**
 * EXT_direction: the monthly extremes' method with the GPD and its 2-parameter member (the law the
 * short-record test may choose for a sector), at the design return periods: the four laws at seven periods
 * took 6 s of the 40-year point's set (9 runs × 9 fits), these 1.8 s (docs/decisions.md, issue 25).
 */
const DIRECTIONAL_EXTREMES: Partial<ExtremeOptions> = {
  ...MONTHLY_EXTREMES,
  laws: ['gpd', 'exponential'],
  returnPeriods: [1, 10, 50, 100],
};
/** Sectors of the directional extremes: 8 of 45° centred on N, NE, … (DNV-RP-C205 §3.7.3 practice). */
const EXTREME_SECTORS = 8;

const below = (o: StatisticOptions, series: Series, field: string): number =>
  o.below ?? quantile(values(series, field), 0.5);

const APD_LAWS: readonly LawId[] = ['normal', 'lognormal', 'gamma', 'gumbel', 'weibull2', 'weibull3'];

const variablesWithLevels =
  (kinds: readonly VariableKind[]) =>
  (series: Series): StatisticTarget[] => {
    const variables = new Set(
      named(series)
        .filter(
          (f) => kinds.includes(f.kind) && f.field.level !== undefined && f.field.variable !== undefined,
        )
        .map((f) => f.field.variable!),
    );
    return [...variables].map((variable) => ({ variable }));
  };

/** A WW row with its interval (issue 31); the whole year (month 0) has none. */
export interface WindowRowWithInterval extends WindowRow {
  /** [lower, upper] of the probability (%), to 0.01 %; null under 5 years (see intervalNote). */
  probabilityInterval?: [number, number] | null;
  /** Years with a start of known outcome in the month: what the interval rests on. */
  intervalYears?: number;
  intervalNote?: string;
}

/** Decimals of the WW probability interval: 0.01 %, as the probability is shown. */
const PROBABILITY_INTERVAL_DIGITS = 2;

/** The WW rows with the year-block bootstrap interval of their probability beside it (issue 31). */
export function withProbabilityIntervals(
  rows: readonly WindowRow[],
  intervals: ReturnType<typeof windowProbabilityIntervals>,
): WindowRowWithInterval[] {
  return rows.map((row) => {
    const band = intervals.find((i) => i.month === row.month && i.durationHours === row.durationHours);
    if (!band) return row;
    const round = (x: number) => Number(x.toFixed(PROBABILITY_INTERVAL_DIGITS));
    return {
      ...row,
      probabilityInterval: band.interval ? [round(band.interval[0]), round(band.interval[1])] : null,
      intervalYears: band.years,
      ...(band.note ? { intervalNote: band.note } : {}),
    };
  });
}

/** A WD row with the intervals of its wait percentiles (issue 31); the whole year (month 0) has none. */
export interface DowntimeRowWithIntervals extends DowntimeRow {
  /**
   * Percentile → [lower, upper] hours, to 0.1 h; an end null is censored (more than
   * `waitIntervalMoreThanHours[p]`); the whole interval null under 5 years (see intervalNote) or when
   * both ends are censored.
   */
  waitPercentileIntervals?: Record<string, [number | null, number | null] | null>;
  /** Percentile → c: its censored interval end(s) are more than c hours. */
  waitIntervalMoreThanHours?: Record<string, number>;
  /** Years with a start in the month: what the intervals rest on. */
  intervalYears?: number;
  intervalNote?: string;
}

/** Decimals of the WD wait interval bounds: 0.1 h (the waits are whole steps of the record). */
const WAIT_INTERVAL_DIGITS = 1;

/** The WD rows of one duration with the year-block bootstrap intervals of their wait percentiles. */
export function withWaitIntervals(
  rows: readonly DowntimeRow[],
  intervals: ReturnType<typeof waitPercentileIntervals>,
): DowntimeRowWithIntervals[] {
  const round = (x: number) => Number(x.toFixed(WAIT_INTERVAL_DIGITS));
  return rows.map((row) => {
    const band = intervals.find((i) => i.month === row.month);
    if (!band) return row;
    const moreThan = band.moreThanHours ?? {};
    return {
      ...row,
      waitPercentileIntervals: Object.fromEntries(
        Object.entries(band.intervals).map(([p, i]) => [
          p,
          i ? [round(i[0]), i[1] === null ? null : round(i[1])] : p in moreThan ? [null, null] : null,
        ]),
      ),
      ...(Object.keys(moreThan).length > 0
        ? {
            waitIntervalMoreThanHours: Object.fromEntries(
              Object.entries(moreThan).map(([p, c]) => [p, round(c)]),
            ),
          }
        : {}),
      intervalYears: band.years,
      ...(band.note ? { intervalNote: band.note } : {}),
    };
  });
}

export const STATISTICS: readonly StatisticDefinition[] = [
  {
    id: 'TS',
    code: 'TS',
    name: 'Time series',
    description: 'The series with min/max-preserving downsampling to a pixel budget for display.',
    method: `min/max-preserving downsampling to ${DISPLAY_PIXELS.toLocaleString('en-US')} buckets (every extreme kept; a gap breaks the line); the full series is in the exports`,
    monthly: false,
    appliesTo: 'every field, every level',
    targets: (s) => Object.keys(s.fields).map((field) => ({ field })),
    compute: (s, t, o = {}) => minMaxDownsample(s.time, values(s, t.field), o.pixels ?? DISPLAY_PIXELS),
  },
  {
    id: 'CTS',
    code: 'CTS',
    name: 'Concomitant time series',
    description: 'Two variables downsampled over the same buckets, on left and right axes.',
    method: `both variables min/max-downsampled over the same ${DISPLAY_PIXELS.toLocaleString('en-US')} buckets; the full series is in the exports`,
    monthly: false,
    appliesTo: 'any two fields; listed: each magnitude with its direction',
    targets: withDirection,
    compute: (s, t, o = {}) =>
      concomitantDownsample(s.time, values(s, t.field), values(s, t.partner), o.pixels ?? DISPLAY_PIXELS),
  },
  {
    id: 'EPD',
    code: 'EPD',
    name: 'Empirical probability distribution',
    description:
      'Histogram, exceedance and non-exceedance curves, quantile table, with the descriptive statistics.',
    method: `histogram bins left-closed [eₖ, eₖ₊₁) from 0, bin width ${BIN_WIDTH}; exceedance P(X ≥ e), non-exceedance P(X < e); ${TYPE_7}; ${SAMPLE_STD}`,
    monthly: false,
    appliesTo: 'every field except directions, every level',
    targets: perField(SCALARS),
    compute: (s, t, o = {}) => ({
      ...empiricalDistribution(values(s, t.field), { binWidth: o.binWidth ?? BIN_WIDTH }),
      describe: describe(values(s, t.field)),
    }),
  },
  {
    id: 'EPD_month',
    code: 'EPD',
    name: 'Monthly statistics',
    description: 'Count, mean, min, max, median and std per calendar month.',
    method: `per calendar month (UTC, all years pooled); ${SAMPLE_STD}; median: Hyndman–Fan type 7`,
    monthly: true,
    appliesTo: 'every field except directions, every level',
    targets: perField(SCALARS),
    compute: (s, t) => monthlyStats(s.time, values(s, t.field)),
  },
  {
    id: 'APD',
    code: 'APD',
    name: 'Analytical probability distributions',
    description:
      '2- and 3-parameter Weibull, log-normal, normal, gamma and Gumbel fitted to the positive values; parameters, KS, AIC.',
    method:
      'maximum likelihood on the positive values; goodness of fit: Kolmogorov–Smirnov sup|Fₙ − F| and AIC = 2k + 2·NLL; log-normal, gamma and Weibull 2p with location 0',
    monthly: false,
    appliesTo: 'wave heights, periods, wind and current speeds, every level',
    targets: perField([...MAGNITUDES, 'period']),
    compute: (s, t) => {
      const sample = weightedSample(values(s, t.field), { positive: true });
      return APD_LAWS.map((law) => fitLaw(law, sample));
    },
  },
  {
    id: 'EJPD',
    code: 'EJPD',
    name: 'Empirical joint probability distribution',
    description:
      'Joint occurrence table of two variables in counts and per mille, with marginal sums: each magnitude with its direction, and the Hs–Tp scatter table of every wave height with its period.',
    method: `bins left-closed from 0, ${BIN_WIDTH} wide (periods ${PERIOD_BIN_WIDTH} s wide); direction bins are the rose sectors, sector k covering [k·${360 / SECTORS}° − ${180 / SECTORS}°, k·${360 / SECTORS}° + ${180 / SECTORS}°) from north; pairs with a missing member left out; per mille of the pairs counted`,
    monthly: false,
    appliesTo:
      'magnitude × direction pairs and wave height × (peak) period at one level (any pair of fields on request)',
    targets: (s) => [...withDirection(s), ...withPeriod(s)],
    compute: (s, t, o = {}) => {
      const partner = s.fields[t.partner ?? ''];
      if (partner && kindOf(t.partner!, partner) === 'period')
        // the Hs–Tp scatter table: periods in classes of 1 s
        return jointTable(values(s, t.field), values(s, t.partner), {
          dx: o.binWidth ?? BIN_WIDTH,
          dy: PERIOD_BIN_WIDTH,
        });
      // the partner is a direction: its bins are the rose's sectors, centred on north
      return jointTable(values(s, t.field), values(s, t.partner), {
        dx: o.binWidth ?? BIN_WIDTH,
        dy: 360 / (o.sectors ?? SECTORS),
        yDirection: true,
        // counted in one pass with the pair's roses (DR, DR_month)
        time: s.time,
      });
    },
  },
  {
    id: 'DR',
    code: 'DR',
    name: 'Distribution rose',
    description: 'Direction sectors × magnitude classes in %, annual.',
    method: ROSE_METHOD,
    monthly: false,
    appliesTo: 'wave height, wind speed, current speed with their direction, every level',
    targets: withDirection,
    compute: (s, t, o = {}) =>
      // with the time axis: the monthly roses' counts summed (one pass for DR and DR_month)
      rose(values(s, t.partner), values(s, t.field), { ...roseOptions(o, s, t.field!), time: s.time }),
  },
  {
    id: 'DR_month',
    code: 'DR',
    name: 'Monthly distribution roses',
    description: 'The distribution rose per calendar month.',
    method: `per calendar month (UTC); ${ROSE_METHOD}`,
    monthly: true,
    appliesTo: 'wave height, wind speed, current speed with their direction, every level',
    targets: withDirection,
    compute: (s, t, o = {}) =>
      monthlyRoses(s.time, values(s, t.partner), values(s, t.field), roseOptions(o, s, t.field!)),
  },
  {
    id: 'WW',
    code: 'WW',
    name: 'Weather windows',
    description:
      'Per month and duration: probability that a window starts, calm periods per year, their mean length.',
    method:
      'a window of D hours starts at t when every value of the record (at its own step) in [t, t + D) exists and is strictly below the limit (default: the median); probability over the starts with a known outcome: a start whose window runs into missing data or the end of the record before any value at or above the limit is censored (counted, neither success nor failure); calm periods are maximal runs counted in the month they start; month 0 is the whole year; the probability interval, on request: year-block bootstrap, the years with a start of known outcome in the month drawn with replacement (1,000 resamples, seed 1), 90 % percentile interval to 0.01 %, none under 5 years and none for the whole year',
    monthly: true,
    appliesTo: 'wave height, wind and current speeds',
    targets: perField(MAGNITUDES),
    compute: (s, t, o = {}) => {
      const options = {
        below: below(o, s, t.field!),
        durationsHours: o.durationsHours ?? [6, 12, 24, 48],
        // durations in hours at the record's own step (a 6-h window on 3-hourly data is two records)
        stepMs: s.stepMs,
      };
      const rows = weatherWindows(s.time, values(s, t.field), options);
      if (o.probabilityIntervals !== true) return rows;
      return withProbabilityIntervals(rows, windowProbabilityIntervals(s.time, values(s, t.field), options));
    },
  },
  {
    id: 'WD',
    code: 'WD',
    name: 'Weather downtime',
    description:
      'Per month: waiting time until a window of the duration starts (mean, P10-P90) and total duration.',
    method:
      'waiting time from each step with data to the first window start (window as in WW, limit default: the median), estimated by the Kaplan–Meier product-limit estimator (Kaplan & Meier 1958) over every start: a start whose search meets a window of unknown outcome (missing data or the end of the record, no value at or above the limit) before the first window is censored, "waited at least c hours" with c the hours to that window; percentiles are the first wait where the curve is at or below 1 − p (midpoint of the flat where it equals 1 − p), left out (more than the follow-up, the longest wait followed) where the curve never reaches them; the mean is the restricted mean up to its horizon; month 0 is the whole year; the percentile intervals, on request: year-block bootstrap, the years with a start in the month drawn with replacement (1,000 resamples, seed 1), each resample\'s Kaplan–Meier percentile, 90 % percentile interval to 0.1 h; an end is "more than c h" where over 5 % of the resamples never reach the percentile (c the shortest follow-up among them); none under 5 years and none for the whole year',
    monthly: true,
    appliesTo: 'wave height, wind and current speeds',
    targets: perField(MAGNITUDES),
    compute: (s, t, o = {}) => {
      const options = {
        below: below(o, s, t.field!),
        durationsHours: o.durationsHours ?? [6, 12, 24, 48],
        // durations in hours at the record's own step (a 6-h window on 3-hourly data is two records)
        stepMs: s.stepMs,
      };
      const field = values(s, t.field);
      const rows = weatherDowntimes(s.time, field, options);
      if (o.waitIntervals !== true) return rows;
      return rows.map((r, k) =>
        withWaitIntervals(
          r,
          waitPercentileIntervals(s.time, field, {
            ...options,
            durationHours: options.durationsHours[k]!,
            ...(o.intervalPercentiles ? { percentiles: o.intervalPercentiles } : {}),
          }),
        ),
      );
    },
  },
  {
    id: 'MEANCOLSTD',
    code: 'MEANCOLSTD',
    name: 'Mean vertical profile',
    description: 'Mean ± standard deviation per depth or altitude level.',
    method: `mean ± standard deviation per level; ${SAMPLE_STD}`,
    monthly: false,
    appliesTo: 'variables with levels',
    targets: variablesWithLevels(SCALARS),
    compute: (s, t) => meanProfile(s, t.variable!),
  },
  {
    id: 'EXT',
    code: 'EXT',
    name: 'Extreme estimate',
    description:
      'Annual maxima (GEV, Gumbel) or peaks over threshold (GPD, exponential, Weibull) with return values and intervals.',
    method: extremeOptionsMethod(extremeOptions({})),
    monthly: false,
    appliesTo: 'every field except directions, every level',
    targets: perField(SCALARS),
    compute: (s, t, o = {}) => extremeValueAnalysis(s.time, values(s, t.field), extremeOptions(o)),
  },
  {
    id: 'EXT_month',
    code: 'EXT',
    name: 'Monthly extreme estimate',
    description: 'The extreme estimate per calendar month (λ per year of the whole record).',
    method: extremeOptionsMethod(extremeOptions({}, MONTHLY_EXTREMES)),
    monthly: true,
    appliesTo: 'every field except directions, every level',
    targets: perField(SCALARS),
    compute: (s, t, o = {}) =>
      monthlyExtremes(s.time, values(s, t.field), extremeOptions(o, MONTHLY_EXTREMES)),
  },
  {
    id: 'EXT_direction',
    code: 'EXT',
    name: 'Directional extreme estimate',
    description: `The storm peaks of the extreme estimate by the sector of their direction (${EXTREME_SECTORS} sectors of ${360 / EXTREME_SECTORS}°), each sector fitted with its own rate (λ per year of the whole record).`,
    method: `${extremeOptionsMethod(extremeOptions({}, DIRECTIONAL_EXTREMES))}; ${directionalMethod(EXTREME_SECTORS)}`,
    monthly: false,
    appliesTo:
      'wave height with its mean direction, wind and current speeds with their direction, every level',
    targets: withMeanDirection,
    compute: (s, t, o = {}) =>
      directionalExtremes(s.time, values(s, t.field), values(s, t.partner), {
        ...extremeOptions(o, DIRECTIONAL_EXTREMES),
        sectors: EXTREME_SECTORS,
      }),
  },
  {
    id: 'MAEXT',
    code: 'MAEXT',
    name: 'Extreme estimate of maxima',
    description: 'The extreme estimate of the maxima (the max variant of EXT).',
    method: extremeOptionsMethod(extremeOptions({})),
    monthly: false,
    appliesTo: 'every field except directions, every level',
    targets: perField(SCALARS),
    compute: (s, t, o = {}) =>
      extremeValueAnalysis(s.time, values(s, t.field), { ...extremeOptions(o), minima: false }),
  },
  {
    id: 'MIEXT',
    code: 'MIEXT',
    name: 'Extreme estimate of minima',
    description: 'The extreme estimate of the minima, by negation (low water levels, low temperatures).',
    method: extremeOptionsMethod(extremeOptions({})),
    monthly: false,
    appliesTo: 'every field except directions, every level',
    targets: perField(SCALARS),
    compute: (s, t, o = {}) =>
      extremeValueAnalysis(s.time, values(s, t.field), { ...extremeOptions(o), minima: true }),
  },
  {
    id: 'CUREXT',
    code: 'CUREXT',
    name: 'Extreme currents',
    description: 'The extreme estimate of current speed at every level, as a table.',
    method: extremeOptionsMethod(extremeOptions({})),
    monthly: false,
    appliesTo: 'current speed with levels',
    targets: variablesWithLevels(['currentSpeed']),
    compute: (s, t, o = {}) => extremeCurrents(s, t.variable!, extremeOptions(o)),
  },
  {
    id: 'HEIEXT',
    code: 'HEIEXT',
    name: 'Extreme water heights',
    description: 'The extreme estimate of total water level, surge and tide, as a table.',
    method: extremeOptionsMethod(extremeOptions({})),
    monthly: false,
    appliesTo: 'water level, surge and tide fields (at least one)',
    targets: (s) => (named(s).some((f) => ['waterLevel', 'surge', 'tide'].includes(f.kind)) ? [{}] : []),
    compute: (s, _t, o = {}) => {
      const first = (kind: VariableKind): Field['values'] | undefined =>
        named(s).find((f) => f.kind === kind)?.field.values;
      return extremeWaterHeights(
        s.time,
        { total: first('waterLevel'), surge: first('surge'), tide: first('tide') },
        extremeOptions(o),
      );
    },
  },
  {
    id: 'NOCYC',
    code: 'NOCYC',
    name: 'Non-cyclonic extreme estimate',
    description: 'The extreme estimate with the cyclone periods of a given mask excluded.',
    method: extremeOptionsMethod(extremeOptions({})),
    monthly: false,
    appliesTo: 'every field except directions, when a cyclone mask is given',
    targets: perField(SCALARS),
    compute: (s, t, o = {}) => {
      if (!o.cyclone) throw new RangeError('NOCYC: options.cyclone (the cyclone mask) is required');
      return nonCyclonicExtremes(s.time, values(s, t.field), o.cyclone, extremeOptions(o));
    },
  },
  {
    id: 'ENVC',
    code: 'ENVC',
    name: 'Environmental contours',
    description:
      'Hs-Tp joint model (3-parameter Weibull Hs, log-normal Tp given Hs; DNV-RP-C205 §3.6.3) and IFORM contours for 1, 10 and 100 years.',
    method:
      'joint model of DNV-RP-C205 (2010) §3.6.3: Hs 3-parameter Weibull by maximum likelihood; ln Tp given Hs normal with μ = a0 + a1·Hs^a2 and σ = b0 + b1·e^(b2·Hs), least squares with a0, a1, b0, b1 ≥ 0 on Hs classes [k·0.5, (k + 1)·0.5) m referenced at their centre, holding ≥ 50 pairs (as virocon); IFORM contours (Winterstein et al. 1993): β = Φ⁻¹(1 − 1/N), N = T·8765.82 / sea-state hours; 90 % band (on request): the joint model refitted on 200 year-block resamples (whole calendar years, ≥ 5 years), percentile interval of where the refitted contours cross each ray from the median sea state; occurrence cells 0.25 m × 0.5 s',
    monthly: false,
    appliesTo: 'wave height with its (peak) period at the same level',
    targets: withPeriod,
    // the band is not in the standard set (issue 34: ~0.6 s of CPU per wave height): environmentalContourBand
    // computes it on request
    compute: (s, t) => ({
      ...environmentalContours(values(s, t.field), values(s, t.partner), {
        seaStateHours: s.stepMs / HOUR_MS,
      }),
      bandNote: CONTOUR_BAND_ON_REQUEST,
    }),
  },
  {
    id: 'EFT',
    code: 'EFT',
    name: 'All time series',
    description:
      'Every field of the point at full resolution with its units, for the xlsx, mat and nc exports.',
    method: 'every field at full resolution (no downsampling, no gap filling); times UTC',
    monthly: false,
    appliesTo: 'the whole point',
    targets: () => [{}],
    compute: (s) => ({
      time: s.time,
      fields: Object.entries(s.fields).map(([name, f]) => ({
        name,
        units: f.units,
        level: f.level ?? null,
        values: f.values,
      })),
    }),
  },
];

/**
 * ENVC's contours with their year-block bootstrap band (contour-band.ts), for one target: what the band route
 * computes on request, on the same analysed series and sea-state duration as the standard set's ENVC, so its
 * contours equal the stored ones (the caller checks) and the band is measured from them.
 */
export function environmentalContourBand(s: Series, t: StatisticTarget): EnvironmentalContours {
  return environmentalContours(values(s, t.field), values(s, t.partner), {
    seaStateHours: s.stepMs / HOUR_MS,
    time: s.time,
  });
}

/** The registry entry of an id ("DR", "DR_month"), or an error naming the ids there are. */
export function statisticOf(id: string): StatisticDefinition {
  const statistic = STATISTICS.find((s) => s.id === id);
  if (!statistic)
    throw new RangeError(
      `statisticOf: unknown statistic "${id}" (have ${STATISTICS.map((s) => s.id).join(', ')})`,
    );
  return statistic;
}

/** Every (statistic, target) the series supports; NOCYC only with a cyclone mask. */
export function statisticsFor(
  series: Series,
  options: { cycloneMask?: boolean } = {},
): { id: StatisticId; target: StatisticTarget }[] {
  return STATISTICS.filter((s) => s.code !== 'NOCYC' || options.cycloneMask).flatMap((s) =>
    s.targets(series).map((target) => ({ id: s.id, target })),
  );
}
