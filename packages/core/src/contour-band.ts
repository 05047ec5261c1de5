// The band of an environmental contour (issue 31 §3): how far the N-year contour moves when the joint model is
// refitted on other draws of the same years. Whole calendar years of sea states are resampled with replacement
// (the year-block bootstrap of ./bootstrap.ts, the same weights as the planning intervals), the joint model is
// refitted on each resample (3-parameter Weibull Hs by maximum likelihood, the class statistics, the bounded
// dependence curves) and its contour computed. Along each ray from the median sea state through a point of the
// contour, the resample's contour is crossed at some multiple t of that point's distance (t = 1 on the fitted
// contour); the band is the percentile interval of t over the resamples, drawn as the points at the two
// bounds on each ray. It is the sampling uncertainty of the fitted model, not that of the model's form.
import { intervalOptions, MIN_INTERVAL_YEARS, percentileInterval, yearBlockWeights } from './bootstrap';
import type { IntervalOptions } from './bootstrap';
import { classBins, dependenceCurves, iformContour, muOf } from './contour-model';
import type { Contour, HsTpModel } from './contour-model';
import { fitParameters, MAX_DISTINCT } from './fit';
import { LAWS } from './laws';

/**
 * Resamples of the band (computed on request): each refits the 3-parameter Weibull by maximum likelihood
 * (2–6 ms), so 1,000 would make the user wait seconds per wave height; the 5th and 95th
 * percentiles of 200 rest on the 10 values beyond each (docs/decisions.md, issue 31).
 */
export const CONTOUR_BAND_RESAMPLES = 200;

/**
 * The note of a standard set's contours: their band is computed on request (the contour band route), not with
 * every point's statistics (issue 34: 200 refits cost ~0.6 s of CPU per wave height).
 */
export const CONTOUR_BAND_ON_REQUEST = 'band on request: switch "Band" on to compute it';

/** Points of a resample's contour polygon the rays are crossed with (72 contour points: every 5th). */
const BAND_POLYGON_POINTS = 360;

/** More resampled fits than this fraction failing (too few classes, a folding contour): no band. */
const MAX_FAILED_FRACTION = 0.05;

export interface ContourBand {
  returnPeriod: number;
  /** On the ray from `centre` through each contour point (same order): the band's inner and outer points. */
  lower: { hs: number; tp: number }[];
  upper: { hs: number; tp: number }[];
}

export interface ContourBands {
  /** Coverage of the band (0.9: from the 5th to the 95th percentile of the resampled contours). */
  ci: number;
  resamples: number;
  seed: number;
  /** Calendar years holding sea states: the blocks resampled. */
  years: number;
  /** Resamples whose refit gave a contour (the others are counted out: `resamples − used`). */
  used: number;
  /** The rays' origin: the median sea state of the fitted model, Hs = F⁻¹(½), Tp = e^μ(Hs). */
  centre: { hs: number; tp: number };
  bands: ContourBand[];
}

/** The band of each contour, or null with the reason. */
export type ContourBandResult = { bands: ContourBands; note: null } | { bands: null; note: string };

/** Calendar years (UTC) of the pairs: yearOf[i] in 0..count − 1, −1 for a row that is not a pair. */
function pairYears(
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  time: ArrayLike<number>,
): { yearOf: Int32Array; count: number } {
  const yearOf = new Int32Array(hs.length).fill(-1);
  const index = new Map<number, number>();
  for (let i = 0; i < hs.length; i++) {
    if (!(hs[i]! > 0 && tp[i]! > 0)) continue;
    const year = new Date(time[i]!).getUTCFullYear();
    let k = index.get(year);
    if (k === undefined) index.set(year, (k = index.size));
    yearOf[i] = k;
  }
  return { yearOf, count: index.size };
}

/**
 * The largest t > 0 where the ray c + t·d crosses an edge of the closed polygon (xs, ys), or NaN when it
 * crosses none (a resample with all its years drawn once refits the same contour, whose vertices the rays
 * pass through).
 */
export function rayCrossing(
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
): number {
  let best = NaN;
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    const ax = xs[i]!;
    const ay = ys[i]!;
    const ex = xs[(i + 1) % n]! - ax;
    const ey = ys[(i + 1) % n]! - ay;
    // c + t·d = a + s·e  →  t = ((a − c) × e) / (d × e), s = ((a − c) × d) / (d × e)
    const den = dx * ey - dy * ex;
    if (den === 0) continue;
    const qx = ax - cx;
    const qy = ay - cy;
    const t = (qx * ey - qy * ex) / den;
    const s = (qx * dy - qy * dx) / den;
    // a ray through a vertex meets both its edges at s = 1 and s = 0, which rounding can push just outside
    if (s >= -1e-9 && s <= 1 + 1e-9 && t > 0 && !(t <= best)) best = t;
  }
  return best;
}

/**
 * The year-block bootstrap band of each contour of `model` (fitted to the same pairs with the same class
 * width and minimum count). Fewer than MIN_INTERVAL_YEARS calendar years, or more than 5 % of the resampled
 * fits failing: no band, and a note that says why.
 */
export function contourBands(
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  time: ArrayLike<number>,
  model: HsTpModel,
  contours: readonly Contour[],
  options: IntervalOptions & { seaStateHours?: number; binWidth?: number; minCount?: number } = {},
): ContourBandResult {
  const { ci, resamples, seed } = intervalOptions(options);
  const width = options.binWidth ?? 0.5;
  const minCount = options.minCount ?? 50;
  const seaStateHours = options.seaStateHours ?? 1;
  if (time.length !== hs.length) throw new RangeError('contourBands: time and hs differ in length');
  const { yearOf, count: Y } = pairYears(hs, tp, time);
  if (Y < MIN_INTERVAL_YEARS)
    return {
      bands: null,
      note: `no band: the sea states span ${Y} calendar year${Y === 1 ? '' : 's'}, fewer than ${MIN_INTERVAL_YEARS}, too few to resample whole years`,
    };

  // per (class, year): Σ ln Tp, Σ (ln Tp)², pairs; per (Hs value or class, year): pairs and Σ Hs
  let top = 0;
  let hsMin = Infinity;
  for (let i = 0; i < hs.length; i++)
    if (yearOf[i]! >= 0) {
      if (hs[i]! > top) top = hs[i]!;
      if (hs[i]! < hsMin) hsMin = hs[i]!;
    }
  const size = Math.floor(top / width) + 1;
  const sl = new Float64Array(size * Y);
  const sll = new Float64Array(size * Y);
  const cn = new Float64Array(size * Y);
  // the Hs sample: its distinct values, or MAX_DISTINCT equal-width classes when it has more (as the fit's
  // weightedSample groups a long continuous record), each with its count and sum per year
  const distinct = new Map<number, number>();
  for (let i = 0; i < hs.length && distinct.size <= MAX_DISTINCT; i++)
    if (yearOf[i]! >= 0 && !distinct.has(hs[i]!)) distinct.set(hs[i]!, 0);
  const grouped = distinct.size > MAX_DISTINCT;
  let values: Float64Array;
  let slotOf: (h: number) => number;
  if (grouped) {
    const classWidth = (top - hsMin) / MAX_DISTINCT;
    values = new Float64Array(MAX_DISTINCT);
    slotOf = (h) => Math.min(MAX_DISTINCT - 1, Math.floor((h - hsMin) / classWidth));
  } else {
    values = Float64Array.from(distinct.keys()).sort();
    values.forEach((v, k) => distinct.set(v, k));
    slotOf = (h) => distinct.get(h)!;
  }
  const K = values.length;
  const hsCount = new Float64Array(K * Y);
  const hsSum = new Float64Array(K * Y);
  for (let i = 0; i < hs.length; i++) {
    const y = yearOf[i]!;
    if (y < 0) continue;
    const h = hs[i]!;
    const l = Math.log(tp[i]!);
    const c = Math.floor(h / width) * Y + y;
    sl[c]! += l;
    sll[c]! += l * l;
    cn[c]!++;
    const slot = slotOf(h) * Y + y;
    hsCount[slot]!++;
    hsSum[slot]! += h;
  }

  // the rays: from the median sea state through each contour point
  const hsLaw = LAWS.weibull3;
  const centreHs = hsLaw.ppf(0.5, model.hs);
  const centre = { hs: centreHs, tp: Math.exp(muOf(model.a, centreHs)) };
  const P = contours.map((c) => c.points.length);
  // t per (contour, resample, point)
  const ratios = contours.map((_, c) => new Float64Array(resamples * P[c]!));
  const weights = yearBlockWeights(Y, resamples, seed);
  const rsl = new Float64Array(size);
  const rsll = new Float64Array(size);
  const rcn = new Float64Array(size);
  const x = new Float64Array(K);
  const w = new Float64Array(K);
  const px = new Float64Array(BAND_POLYGON_POINTS);
  const py = new Float64Array(BAND_POLYGON_POINTS);
  let used = 0;
  for (let r = 0; r < resamples; r++) {
    const wr = weights.subarray(r * Y, (r + 1) * Y);
    rsl.fill(0);
    rsll.fill(0);
    rcn.fill(0);
    for (let k = 0; k < size; k++)
      for (let y = 0; y < Y; y++) {
        const times = wr[y]!;
        if (times === 0) continue;
        rsl[k]! += times * sl[k * Y + y]!;
        rsll[k]! += times * sll[k * Y + y]!;
        rcn[k]! += times * cn[k * Y + y]!;
      }
    let m = 0;
    let n = 0;
    for (let k = 0; k < K; k++) {
      let c = 0;
      let s = 0;
      for (let y = 0; y < Y; y++) {
        const times = wr[y]!;
        if (times === 0) continue;
        c += times * hsCount[k * Y + y]!;
        s += times * hsSum[k * Y + y]!;
      }
      if (c === 0) continue;
      x[m] = grouped ? s / c : values[k]!;
      w[m++] = c;
      n += c;
    }
    let resampled: HsTpModel;
    const polygons: Contour[] = [];
    try {
      const bins = classBins(width, rsl, rsll, rcn, minCount);
      resampled = {
        hs: fitParameters('weibull3', { x: x.slice(0, m), w: w.slice(0, m), n }),
        ...dependenceCurves(bins),
        bins,
      };
      for (const c of contours)
        polygons.push(
          iformContour(resampled, c.returnPeriod, { seaStateHours, points: BAND_POLYGON_POINTS }),
        );
    } catch (e) {
      if (e instanceof RangeError) {
        for (const t of ratios) t.fill(NaN, r * (t.length / resamples), (r + 1) * (t.length / resamples));
        continue;
      }
      throw e;
    }
    let crossed = true;
    contours.forEach((c, j) => {
      polygons[j]!.points.forEach((p, k) => {
        px[k] = p.tp;
        py[k] = p.hs;
      });
      const t = ratios[j]!;
      c.points.forEach((p, k) => {
        const v = rayCrossing(centre.tp, centre.hs, p.tp - centre.tp, p.hs - centre.hs, px, py);
        if (!(v > 0)) crossed = false;
        t[r * P[j]! + k] = v;
      });
    });
    if (crossed) used++;
    else for (const t of ratios) t.fill(NaN, r * (t.length / resamples), (r + 1) * (t.length / resamples));
  }
  if (resamples - used > MAX_FAILED_FRACTION * resamples)
    return {
      bands: null,
      note: `no band: ${resamples - used} of ${resamples} resampled fits gave no contour (too few Hs classes with enough pairs, or a contour that folds), more than ${Math.round(100 * MAX_FAILED_FRACTION)} %`,
    };
  const column = new Float64Array(resamples);
  const bands = contours.map((c, j): ContourBand => {
    const t = ratios[j]!;
    const lower: { hs: number; tp: number }[] = [];
    const upper: { hs: number; tp: number }[] = [];
    c.points.forEach((p, k) => {
      for (let r = 0; r < resamples; r++) column[r] = t[r * P[j]! + k]!;
      const [lo, hi] = percentileInterval(column, ci)!;
      const at = (s: number) => ({
        hs: centre.hs + s * (p.hs - centre.hs),
        tp: centre.tp + s * (p.tp - centre.tp),
      });
      lower.push(at(lo));
      upper.push(at(hi));
    });
    return { returnPeriod: c.returnPeriod, lower, upper };
  });
  return { bands: { ci, resamples, seed, years: Y, used, centre, bands }, note: null };
}
