// The correction laws of issue 33, fitted on pairs (m model, o measurement) and applied to a model series:
//   linear     o = a + b·m               ordinary least squares of o on m
//   power      o = a·m^b                 least squares in the variable's units (Gauss-Newton from the log-log
//                                        fit), the usual law of Hs against altimetry (Queffeulou 2004)
//   quantile   o = F_o⁻¹(F_m(m))         empirical quantile mapping on 1001 levels (Déqué 2007; Gudmundsson
//                                        et al. 2012), linear beyond the table with the slope of its outer 1 %
// Each law may be fitted per calendar month (UTC) of the pair. Directions are not corrected by these laws.
import { computeCalendar } from '../calendar';
import { logOfPositive, quantileSorted } from '../order';

export const CORRECTION_METHODS = ['linear', 'power', 'quantile'] as const;
export type CorrectionMethod = (typeof CORRECTION_METHODS)[number];

export const CORRECTION_METHOD_TEXT: Record<CorrectionMethod, string> = {
  linear: 'linear o = a + b·m, least squares of the measurement on the model',
  power: 'power o = a·m^b, least squares in the variable’s units',
  quantile:
    'empirical quantile mapping on 1001 levels, linear beyond the fitted range with the slope of the outer 1 % of the table',
};

/** Quantile levels of the mapping table: 0, 0.001, …, 1. */
export const QUANTILE_LEVELS = 1001;
/** The extrapolation slope is taken over the outer 1 % of the table (levels 0–0.01 and 0.99–1). */
const TAIL_LEVELS = 10;

export type LawParameters =
  | { method: 'linear'; a: number; b: number }
  | { method: 'power'; a: number; b: number }
  | {
      method: 'quantile';
      /** Model quantiles (knots, strictly increasing after ties are merged) */
      model: number[];
      /** Measured quantiles at the same levels (a tie of model quantiles maps to their mean) */
      obs: number[];
      /** Slopes used below the first and above the last knot */
      lowSlope: number;
      highSlope: number;
    };

/** The printed parameters of a law: a and b, or the quantile table's extent and extrapolation slopes. */
export function lawParameters(law: LawParameters): Record<string, number> {
  switch (law.method) {
    case 'linear':
    case 'power':
      return { a: law.a, b: law.b };
    case 'quantile':
      return {
        knots: law.model.length,
        modelMin: law.model[0]!,
        modelMax: law.model.at(-1)!,
        obsMin: law.obs[0]!,
        obsMax: law.obs.at(-1)!,
        lowSlope: law.lowSlope,
        highSlope: law.highSlope,
      };
  }
}

export interface Correction {
  method: CorrectionMethod;
  perMonth: boolean;
  /** One law, or twelve (January … December) when perMonth. */
  laws: LawParameters[];
  /** Corrected values below this are set to it (0 for a non-negative quantity such as Hs). */
  lowerBound: number | null;
}

/** Least squares y = a + b·x (two passes: means, then centred sums). */
function ols(x: ArrayLike<number>, y: ArrayLike<number>): { a: number; b: number } {
  const n = x.length;
  let xm = 0;
  let ym = 0;
  for (let i = 0; i < n; i++) {
    xm += x[i]!;
    ym += y[i]!;
  }
  xm /= n;
  ym /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - xm;
    sxx += dx * dx;
    sxy += dx * (y[i]! - ym);
  }
  const b = sxy / sxx;
  return { a: ym - b * xm, b };
}

function fitLinear(m: Float64Array, o: Float64Array): LawParameters {
  return { method: 'linear', ...ols(m, o) };
}

/**
 * o = a·m^b by least squares on the original scale (scipy.optimize.curve_fit's objective). Start: the OLS
 * line of ln o on ln m over the pairs where both are positive; then Gauss-Newton with step halving.
 */
function fitPower(
  m: Float64Array,
  o: Float64Array,
  start?: { a: number; b: number },
  logModel?: Float64Array,
  stepTolerance = 1e-10,
): LawParameters {
  const n = m.length;
  // ln m once (or handed over: the refits of leave-one-year-out share it); a model value ≤ 0 has no power
  // and contributes o² to the sum of squares
  const lm = logModel ?? logOfPositive(m);
  let a: number;
  let b: number;
  if (start) ({ a, b } = start);
  else {
    const lx: number[] = [];
    const ly: number[] = [];
    for (let i = 0; i < n; i++)
      if (m[i]! > 0 && o[i]! > 0) {
        lx.push(lm[i]!);
        ly.push(Math.log(o[i]!));
      }
    if (lx.length < 2)
      throw new RangeError('fitCorrection: the power law needs positive model and measured values');
    const line = ols(lx, ly);
    a = Math.exp(line.a);
    b = line.b;
  }
  // m^b of the current b, and of a trial b: the sum of squares of an accepted trial hands its powers to the
  // next Jacobian, so each iteration takes one exp per pair instead of two
  let power = new Float64Array(n);
  let trial = new Float64Array(n);
  const sse = (a_: number, b_: number, into: Float64Array): number => {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const l = lm[i]!;
      // a model value ≤ 0 (NaN log) has no power: its prediction is 0
      const p = l === l ? Math.exp(b_ * l) : 0;
      into[i] = p;
      const r = o[i]! - a_ * p;
      s += r * r;
    }
    return s;
  };
  let current = sse(a, b, power);
  for (let iter = 0; iter < 100; iter++) {
    // normal equations of the Jacobian [m^b, a·m^b·ln m]
    let jaa = 0;
    let jab = 0;
    let jbb = 0;
    let ga = 0;
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const l = lm[i]!;
      if (l !== l) continue;
      const p = power[i]!;
      const db = a * p * l;
      const r = o[i]! - a * p;
      jaa += p * p;
      jab += p * db;
      jbb += db * db;
      ga += p * r;
      gb += db * r;
    }
    const det = jaa * jbb - jab * jab;
    if (!(Math.abs(det) > 0)) break;
    const stepA = (jbb * ga - jab * gb) / det;
    const stepB = (jaa * gb - jab * ga) / det;
    // the step relative to the parameters: once it is at rounding level, no halving can lower the sum of
    // squares (a converged fit ended each refit with twenty wasted passes)
    const relative = Math.max(Math.abs(stepA) / Math.abs(a), Math.abs(stepB) / Math.abs(b));
    if (!(relative > 1e-13)) break;
    let t = 1;
    let next = sse(a + stepA, b + stepB, trial);
    while (next > current && t > 1e-6 && t * relative > 1e-13) {
      t /= 2;
      next = sse(a + t * stepA, b + t * stepB, trial);
    }
    if (next > current) break;
    a += t * stepA;
    b += t * stepB;
    [power, trial] = [trial, power];
    // converged: the sum of squares no longer moves, or the step is below 1e-10 of the parameters
    const done =
      current - next <= 1e-14 * current ||
      (Math.abs(t * stepA) <= stepTolerance * Math.abs(a) &&
        Math.abs(t * stepB) <= stepTolerance * Math.abs(b));
    current = next;
    if (done) break;
  }
  return { method: 'power', a, b };
}

/** The table from the model and measured values, each sorted ascending. */
function fitQuantile(ms: Float64Array, os: Float64Array): LawParameters {
  const xs: number[] = [];
  const ys: number[] = [];
  const counts: number[] = [];
  for (let k = 0; k < QUANTILE_LEVELS; k++) {
    const p = k / (QUANTILE_LEVELS - 1);
    const x = quantileSorted(ms, p);
    const y = quantileSorted(os, p);
    const last = xs.length - 1;
    if (last >= 0 && x === xs[last]) {
      // a model value cannot be split between two measured quantiles: it maps to their mean
      ys[last] = (ys[last]! * counts[last]! + y) / (counts[last]! + 1);
      counts[last]!++;
    } else {
      xs.push(x);
      ys.push(y);
      counts.push(1);
    }
  }
  const slope = (i: number, j: number): number => {
    const s = (ys[j]! - ys[i]!) / (xs[j]! - xs[i]!);
    return Number.isFinite(s) && s > 0 ? s : 1;
  };
  const n = xs.length;
  // the knots nearest levels 0.01 and 0.99 (merged ties may have moved them)
  const low = Math.min(n - 1, Math.max(1, Math.round((TAIL_LEVELS * n) / QUANTILE_LEVELS)));
  const high = Math.max(0, n - 1 - low);
  return {
    method: 'quantile',
    model: xs,
    obs: ys,
    lowSlope: n > 1 ? slope(0, low) : 1,
    highSlope: n > 1 ? slope(high, n - 1) : 1,
  };
}

/**
 * One law on the pairs (m, o); no refusal here (see calibrate.ts). `hint`: the same values already sorted
 * (quantile mapping), or a starting point of the power law (a refit on most of the same pairs) and ln m.
 */
export function fitCorrectionLaw(
  method: CorrectionMethod,
  m: Float64Array,
  o: Float64Array,
  hint: {
    sortedModel?: Float64Array;
    sortedObs?: Float64Array;
    start?: { a: number; b: number };
    /** ln m where m > 0, NaN elsewhere (logOfPositive), for the power law */
    logModel?: Float64Array;
    /**
     * The power law stops once a step moves a and b by less than this fraction (default 1e-10). A refit of
     * leave-one-year-out starts at the full fit, a step away from its own optimum: 1e-7 is reached in two
     * steps and moves the judged RMSE by far less than its printed 3 decimals.
     */
    stepTolerance?: number;
  } = {},
): LawParameters {
  switch (method) {
    case 'linear':
      return fitLinear(m, o);
    case 'power':
      return fitPower(m, o, hint.start, hint.logModel, hint.stepTolerance);
    case 'quantile':
      return fitQuantile(hint.sortedModel ?? m.slice().sort(), hint.sortedObs ?? o.slice().sort());
  }
}

/** Where a value fell relative to a quantile table: inside, or extrapolated below or above it. */
export type Placement = 0 | -1 | 1;

/** The law at one model value, and whether a quantile table was extrapolated. */
export function applyCorrectionLaw(law: LawParameters, x: number): [number, Placement] {
  switch (law.method) {
    case 'linear':
      return [law.a + law.b * x, 0];
    case 'power':
      // a negative or zero model value has no power: it stays 0
      return [x > 0 ? law.a * x ** law.b : 0, 0];
    case 'quantile': {
      const xs = law.model;
      const ys = law.obs;
      const n = xs.length;
      if (x < xs[0]!) return [ys[0]! + (x - xs[0]!) * law.lowSlope, -1];
      if (x > xs[n - 1]!) return [ys[n - 1]! + (x - xs[n - 1]!) * law.highSlope, 1];
      let lo = 0;
      let hi = n - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (xs[mid]! <= x) lo = mid;
        else hi = mid;
      }
      if (hi === lo) return [ys[lo]!, 0];
      const w = (x - xs[lo]!) / (xs[hi]! - xs[lo]!);
      return [ys[lo]! + w * (ys[hi]! - ys[lo]!), 0];
    }
  }
}

export interface Corrected {
  values: Float64Array;
  /** Values beyond the quantile table (linear extrapolation), below and above */
  extrapolatedBelow: number;
  extrapolatedAbove: number;
  /** Values raised to the lower bound */
  clamped: number;
}

/** A model series corrected: NaN stays NaN; per month, the law of the value's UTC calendar month. */
export function applyCorrection(
  correction: Correction,
  time: ArrayLike<number>,
  values: ArrayLike<number>,
): Corrected {
  if (time.length !== values.length)
    throw new RangeError('applyCorrection: time and values differ in length');
  const expected = correction.perMonth ? 12 : 1;
  if (correction.laws.length !== expected)
    throw new RangeError(`applyCorrection: ${expected} law(s) expected, got ${correction.laws.length}`);
  const out = new Float64Array(values.length);
  let below = 0;
  let above = 0;
  let clamped = 0;
  const bound = correction.lowerBound;
  // calendar months 1-12 of every time, one date conversion per day
  const month = correction.perMonth ? computeCalendar(Float64Array.from(time)).month : null;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (!Number.isFinite(x)) {
      out[i] = NaN;
      continue;
    }
    const law = correction.laws[month ? month[i]! - 1 : 0]!;
    const [fitted, placement] = applyCorrectionLaw(law, x);
    let y = fitted;
    if (placement < 0) below++;
    else if (placement > 0) above++;
    if (bound !== null && y < bound) {
      y = bound;
      clamped++;
    }
    out[i] = y;
  }
  return { values: out, extrapolatedBelow: below, extrapolatedAbove: above, clamped };
}
