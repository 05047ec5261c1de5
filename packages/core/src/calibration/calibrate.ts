// A correction from pairs, judged in and out of sample (issue 33). Refusals: fewer than 300 pairs, pairs
// spanning less than one season (91 days), a direction, or — per month — a calendar month with fewer than
// 300 pairs. Out of sample: leave-one-year-out (UTC calendar years) when the pairs fall in at least two
// years, otherwise four blocks of equal duration; each fold is refitted on the other folds with the same
// rules and judged on its own pairs, and the held-out pairs of every fold are pooled.
import {
  applyCorrection,
  CORRECTION_METHODS,
  fitCorrectionLaw,
  type Correction,
  type CorrectionMethod,
} from './laws';
import { computeCalendar, MONTH_NAMES } from '../calendar';
import { logOfPositive } from '../order';
import { skillSummary, type SkillSummary } from './metrics';
import { subsetByFold, subsetPairs, type Pairs } from './pairing';

export const MIN_PAIRS = 300;
/** One season: three months of 30.4 days, rounded up. */
export const MIN_SPAN_DAYS = 91;
const DAY_MS = 86_400_000;
/** Blocks of the out-of-sample check when the pairs fall in a single calendar year. */
const BLOCKS = 4;

/** A correction that must not be made, with the reason said to the user. */
export class CalibrationRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CalibrationRefused';
  }
}

export interface CalibrationOptions {
  method: CorrectionMethod;
  perMonth?: boolean;
  /** Corrected values below it are set to it (0 for Hs, periods, speeds); null for none. */
  lowerBound?: number | null;
  /** A direction is refused: these laws do not correct directions. */
  directional?: boolean;
}

/** The UTC calendar month 1-12 of every pair. */
const monthsOf = (pairs: Pairs): Uint8Array => computeCalendar(pairs.time).month;

/** The reason these pairs cannot carry a correction, or null. */
export function refusalReason(
  pairs: Pairs,
  options: CalibrationOptions,
  months: Uint8Array = monthsOf(pairs),
): string | null {
  return refusalOf(
    profileWhere(pairs, months, () => true),
    options,
  );
}

/** What the refusal rules look at, over some of the pairs. */
interface Profile {
  n: number;
  first: number;
  last: number;
  /** Pairs per calendar month, January first */
  monthCounts: number[];
  /** Pairs where both values are positive (the power law) */
  positive: number;
}

function profileWhere(pairs: Pairs, months: Uint8Array, keep: (i: number) => boolean): Profile {
  const profile: Profile = {
    n: 0,
    first: Infinity,
    last: -Infinity,
    monthCounts: new Array<number>(12).fill(0),
    positive: 0,
  };
  for (let i = 0; i < pairs.time.length; i++) {
    if (!keep(i)) continue;
    const t = pairs.time[i]!;
    profile.n++;
    if (t < profile.first) profile.first = t;
    if (t > profile.last) profile.last = t;
    profile.monthCounts[months[i]! - 1]!++;
    if (pairs.model[i]! > 0 && pairs.obs[i]! > 0) profile.positive++;
  }
  return profile;
}

/** profileWhere over the pairs outside fold `left`, without a call per pair (one per fold of 40 years). */
function profileOutsideFold(pairs: Pairs, months: Uint8Array, fold: Int32Array, left: number): Profile {
  const profile: Profile = {
    n: 0,
    first: Infinity,
    last: -Infinity,
    monthCounts: new Array<number>(12).fill(0),
    positive: 0,
  };
  const { time, model, obs } = pairs;
  for (let i = 0; i < time.length; i++) {
    if (fold[i] === left) continue;
    const t = time[i]!;
    profile.n++;
    if (t < profile.first) profile.first = t;
    if (t > profile.last) profile.last = t;
    profile.monthCounts[months[i]! - 1]!++;
    if (model[i]! > 0 && obs[i]! > 0) profile.positive++;
  }
  return profile;
}

function refusalOf(profile: Profile, options: CalibrationOptions): string | null {
  if (options.directional)
    return 'directions are not corrected: the linear, power and quantile-mapping laws apply to scalar quantities';
  if (!(CORRECTION_METHODS as readonly string[]).includes(options.method))
    return `unknown method "${options.method}" (${CORRECTION_METHODS.join(', ')})`;
  const n = profile.n;
  if (n < MIN_PAIRS) return `${n} pairs: a correction needs at least ${MIN_PAIRS}`;
  const spanDays = (profile.last - profile.first) / DAY_MS;
  if (spanDays < MIN_SPAN_DAYS)
    return `the pairs span ${spanDays.toFixed(1)} days: a correction needs at least one season (${MIN_SPAN_DAYS} days)`;
  if (options.perMonth) {
    const short = profile.monthCounts.flatMap((c, k) => (c < MIN_PAIRS ? [`${MONTH_NAMES[k]} ${c}`] : []));
    if (short.length)
      return `a correction per month needs at least ${MIN_PAIRS} pairs in every calendar month (${short.join(', ')})`;
  }
  if (options.method === 'power' && profile.positive < MIN_PAIRS)
    return `${profile.positive} pairs with positive values: the power law needs at least ${MIN_PAIRS}`;
  return null;
}

/** One group of pairs fitted by one law (all the pairs, or one calendar month's) and what its refits share. */
interface Group {
  pairs: Pairs;
  /** The fold of each pair of the group (-1 before folds are formed) */
  fold: Int32Array;
  /** Indices by increasing model value and by increasing measured value (quantile mapping) */
  orderModel: Uint32Array | null;
  orderObs: Uint32Array | null;
  /** ln of the model values (NaN where ≤ 0), taken once for the power law's 1 + folds fits */
  logModel: Float64Array | null;
}

interface Prepared {
  months: Uint8Array;
  groups: Group[];
  /** The laws fitted on all the pairs (a power law's refit starts from them) */
  full: Correction | null;
}

function argsort(values: Float64Array): Uint32Array {
  const order = Uint32Array.from(values.keys());
  return order.sort((i, j) => values[i]! - values[j]! || i - j);
}

/** values[order[k]] for the k whose fold is not `left` (every k for -1), in that order: a sorted subset without sorting again. */
function sortedWhere(values: Float64Array, order: Uint32Array, fold: Int32Array, left: number): Float64Array {
  const out = new Float64Array(order.length);
  let n = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (left < 0 || fold[i] !== left) out[n++] = values[i]!;
  }
  return out.subarray(0, n);
}

function prepare(pairs: Pairs, options: CalibrationOptions, fold?: Int32Array): Prepared {
  const quantile = options.method === 'quantile';
  const months = monthsOf(pairs);
  const all = fold ?? new Int32Array(pairs.time.length).fill(-1);
  const group = (keep: (i: number) => boolean): Group => {
    const p = subsetPairs(pairs, keep);
    const f = new Int32Array(p.time.length);
    let k = 0;
    for (let i = 0; i < all.length; i++) if (keep(i)) f[k++] = all[i]!;
    return {
      pairs: p,
      fold: f,
      orderModel: quantile ? argsort(p.model) : null,
      orderObs: quantile ? argsort(p.obs) : null,
      logModel: options.method === 'power' ? logOfPositive(p.model) : null,
    };
  };
  const groups = options.perMonth
    ? Array.from({ length: 12 }, (_, g) => group((i) => months[i] === g + 1))
    : [group(() => true)];
  return { months, groups, full: null };
}

/** values[i] for the i whose fold is not `left`, in order: a fold's training values without a call per pair. */
function outsideFold(values: Float64Array, fold: Int32Array, left: number, count: number): Float64Array {
  const out = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < values.length; i++) if (fold[i] !== left) out[k++] = values[i]!;
  return out;
}

/** The laws fitted on the pairs outside fold `left` (-1: on all of them). */
function fitLeavingOut(options: CalibrationOptions, prep: Prepared, left: number): Correction {
  const laws = prep.groups.map(({ pairs, fold, orderModel, orderObs, logModel }, g) => {
    let count = 0;
    if (left >= 0) for (let i = 0; i < fold.length; i++) if (fold[i] !== left) count++;
    const take = (values: Float64Array) => (left < 0 ? values : outsideFold(values, fold, left, count));
    const start = prep.full?.laws[g];
    return fitCorrectionLaw(options.method, take(pairs.model), take(pairs.obs), {
      ...(logModel ? { logModel: take(logModel) } : {}),
      ...(orderModel ? { sortedModel: sortedWhere(pairs.model, orderModel, fold, left) } : {}),
      ...(orderObs ? { sortedObs: sortedWhere(pairs.obs, orderObs, fold, left) } : {}),
      ...(start && start.method === 'power'
        ? { start: { a: start.a, b: start.b }, ...(left >= 0 ? { stepTolerance: 1e-7 } : {}) }
        : {}),
    });
  });
  return {
    method: options.method,
    perMonth: options.perMonth ?? false,
    laws,
    lowerBound: options.lowerBound ?? null,
  };
}

/** The correction fitted on the pairs; throws CalibrationRefused with the reason when it must not be made. */
export function fitCorrection(pairs: Pairs, options: CalibrationOptions): Correction {
  const reason = refusalReason(pairs, options);
  if (reason) throw new CalibrationRefused(reason);
  return fitLeavingOut(options, prepare(pairs, options), -1);
}

export interface Judgement {
  before: SkillSummary;
  after: SkillSummary;
}

export interface OutOfSample extends Judgement {
  scheme: 'leave-one-year-out' | 'blocks';
  /** Folds (years, or blocks) formed, and those whose training pairs could not carry a correction */
  folds: number;
  skipped: { fold: string; reason: string }[];
}

export interface Calibration {
  correction: Correction;
  pairs: number;
  /** First and last paired times, UTC epoch ms */
  period: [number, number];
  inSample: Judgement;
  /** null when no fold could be refitted (the reason is in warnings) */
  outOfSample: OutOfSample | null;
  warnings: string[];
}

interface Folds {
  scheme: OutOfSample['scheme'];
  labels: string[];
  /** The fold of every pair */
  fold: Int32Array;
}

function folds(pairs: Pairs): Folds {
  const n = pairs.time.length;
  const years = computeCalendar(pairs.time).year;
  const distinct = [...new Set(years)].sort((a, b) => a - b);
  if (distinct.length >= 2)
    return {
      scheme: 'leave-one-year-out',
      labels: distinct.map(String),
      fold: Int32Array.from(years, (y) => distinct.indexOf(y)),
    };
  const t0 = pairs.time[0]!;
  const width = (pairs.time[n - 1]! - t0) / BLOCKS;
  const fold = Int32Array.from(pairs.time, (t) => Math.min(BLOCKS - 1, Math.floor((t - t0) / width)));
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const labels = Array.from(
    { length: BLOCKS },
    (_, k) => `${iso(t0 + k * width)}…${iso(t0 + (k + 1) * width)}`,
  );
  return { scheme: 'blocks', labels, fold };
}

/** Out-of-sample judgement: every fold corrected by the law fitted on the others. */
function judgeOutOfSample(
  pairs: Pairs,
  options: CalibrationOptions,
  prep: Prepared,
  { scheme, labels, fold }: Folds,
): OutOfSample | { reason: string } {
  const n = pairs.time.length;
  const model = new Float64Array(n);
  const corrected = new Float64Array(n);
  const obs = new Float64Array(n);
  let filled = 0;
  const skipped: OutOfSample['skipped'] = [];
  for (let k = 0; k < labels.length; k++) {
    const held = subsetByFold(pairs, fold, k);
    if (held.time.length === 0) continue;
    const reason = refusalOf(profileOutsideFold(pairs, prep.months, fold, k), options);
    if (reason) {
      skipped.push({ fold: labels[k]!, reason });
      continue;
    }
    const law = fitLeavingOut(options, prep, k);
    const c = applyCorrection(law, held.time, held.model).values;
    model.set(held.model, filled);
    corrected.set(c, filled);
    obs.set(held.obs, filled);
    filled += c.length;
  }
  if (filled === 0)
    return {
      reason: `no ${scheme === 'blocks' ? 'block' : 'year'} left out could be refitted on the others (${skipped[0]?.reason ?? 'no pairs'})`,
    };
  return {
    scheme,
    folds: labels.length,
    skipped,
    before: skillSummary(model.subarray(0, filled), obs.subarray(0, filled)),
    after: skillSummary(corrected.subarray(0, filled), obs.subarray(0, filled)),
  };
}

/** Out-of-sample judgement: every fold corrected by the law fitted on the others. */
export function outOfSample(pairs: Pairs, options: CalibrationOptions): OutOfSample | { reason: string } {
  const f = folds(pairs);
  return judgeOutOfSample(pairs, options, prepare(pairs, options, f.fold), f);
}

/** Fit, judge in sample and out of sample, and say what the user must know. */
export function calibrate(pairs: Pairs, options: CalibrationOptions): Calibration {
  const reason = refusalReason(pairs, options);
  if (reason) throw new CalibrationRefused(reason);
  const f = folds(pairs);
  const prep = prepare(pairs, options, f.fold);
  const correction = fitLeavingOut(options, prep, -1);
  prep.full = correction;
  const corrected = applyCorrection(correction, pairs.time, pairs.model).values;
  const warnings: string[] = [];
  const oos = judgeOutOfSample(pairs, options, prep, f);
  let out: OutOfSample | null = null;
  if ('reason' in oos) warnings.push(`no out-of-sample check: ${oos.reason}`);
  else {
    out = oos;
    if (oos.skipped.length)
      warnings.push(
        `out of sample from ${oos.folds - oos.skipped.length} of ${oos.folds} folds: ${oos.skipped.map((s) => `${s.fold} (${s.reason})`).join('; ')}`,
      );
    if (oos.after.rmse > oos.before.rmse)
      warnings.push(
        `out of sample the correction does worse than none: RMSE ${oos.after.rmse.toPrecision(3)} against ${oos.before.rmse.toPrecision(3)} uncorrected`,
      );
  }
  // a design basis lives in the upper tail: a law that lowers the RMSE by pulling the extremes toward the mean
  // (a regression on noisy or mistimed pairs) must not pass unnoticed
  const judged = out ?? {
    before: skillSummary(pairs.model, pairs.obs),
    after: skillSummary(corrected, pairs.obs),
  };
  if (Math.abs(judged.after.p99Error) > Math.abs(judged.before.p99Error))
    warnings.push(
      `${out ? 'out of sample' : 'in sample'} the correction worsens the 99th-percentile error: ` +
        `${judged.after.p99Error.toPrecision(3)} against ${judged.before.p99Error.toPrecision(3)} uncorrected` +
        (options.method === 'quantile'
          ? ''
          : ' (a regression pulls the extremes toward the mean; quantile mapping keeps the distribution)'),
    );
  return {
    correction,
    pairs: pairs.time.length,
    period: [pairs.time[0]!, pairs.time[pairs.time.length - 1]!],
    inSample: { before: skillSummary(pairs.model, pairs.obs), after: skillSummary(corrected, pairs.obs) },
    outOfSample: out,
    warnings,
  };
}
