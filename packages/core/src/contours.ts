// Environmental contours: the Hs-Tp joint model of DNV-RP-C205 (2010) §3.6.3 (3-parameter Weibull Hs,
// log-normal Tp given Hs with μ(h) = a0 + a1·h^a2 and σ(h) = b0 + b1·e^(b2·h)) and IFORM contours
// (Winterstein et al. 1993; Haver & Winterstein 2009). The dependence functions are fitted as virocon fits
// them (Haselsteiner et al. 2022; its DNV model): Hs classes [k·w, (k+1)·w) of w = 0.5 m from 0, referenced at
// their centre (k + ½)·w, least squares with a0, a1, b0, b1 ≥ 0 (docs/decisions.md, issues 21 and 31).
import type { IntervalOptions } from './bootstrap';
import { CONTOUR_BAND_RESAMPLES, contourBands } from './contour-band';
import type { ContourBandResult, ContourBands } from './contour-band';
import { classBins, dependenceCurves, iformContour, muOf, sigmaOf } from './contour-model';
import type { Contour, HsTpModel } from './contour-model';
import { fitParameters, weightedSample, weightedSampleOfCounts } from './fit';
import type { WeightedSample } from './fit';
import { LAWS } from './laws';
import { checkedOnce } from './memo';
import { logOfPositive, NO_RANK, type Ranks } from './order';
import { HOURS_PER_YEAR } from './series';
import { sharedMoments, sharedRanks } from './shared';
import { normalPpf } from './special';

export * from './contour-model';

/**
 * Fits the joint model: Hs by 3-parameter Weibull MLE; ln Tp per Hs class of `binWidth` with at least
 * `minCount` pairs, then a0..a2 and b0..b2 by least squares on the class statistics.
 */
export function fitHsTpModel(
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  options: { binWidth?: number; minCount?: number } = {},
): HsTpModel {
  if (hs.length !== tp.length) throw new RangeError('fitHsTpModel: hs and tp differ in length');
  const width = options.binWidth ?? 0.5;
  const minCount = options.minCount ?? 50;
  return checkedOnce(() => {
    const ranked = rankedPair(hs, tp);
    return fitFromSums(hs, tp, classSums(hs, tp, width, null, ranked), minCount, ranked);
  });
}

/** Per Hs class: Σ ln Tp, Σ (ln Tp)² and the pairs; the class width, the pairs and positive wave heights. */
interface ClassSums {
  width: number;
  sl: Float64Array;
  sll: Float64Array;
  count: Float64Array;
  pairs: number;
  positiveHs: number;
  /** With ranked columns: the pairs per distinct Hs (the Hs sample of the pairs without a sort). */
  hsCounts: Int32Array | null;
}

/**
 * Hs and Tp as hindcast columns (float32, few distinct values: order.ts): each step's value read by its rank,
 * so what depends on a value alone (its class, cell, ln Tp, the contour's terms) is computed once per
 * distinct value and the steps sum the same numbers in the same order. Null for other columns.
 */
interface RankedPair {
  h: Ranks;
  t: Ranks;
}

function rankedPair(hs: ArrayLike<number>, tp: ArrayLike<number>): RankedPair | null {
  const h = sharedRanks(hs);
  const t = sharedRanks(tp);
  return h && t && h.code.length === hs.length && t.code.length === tp.length ? { h, t } : null;
}

/** The (Tp, Hs) occurrence cells of the pairs, in rows of Tp. */
interface Cells {
  dHs: number;
  dTp: number;
  /** Cells per Tp row (the field's Hs range). */
  nHs: number;
  flat: Float64Array;
  /** Largest Hs and Tp of the pairs. */
  hsMax: number;
  tpMax: number;
}

/**
 * The Hs class sums (k = floor(h / width): classes [k·width, (k + 1)·width) from 0, as virocon's
 * WidthOfIntervalSlicer) and, when `cells` is given, the (Tp, Hs) occurrence cells, in one
 * pass over the pairs (both Hs and Tp positive). The arrays are sized from the fields' largest values, shared
 * with their other statistics; infinite values are refused.
 */
function classSums(
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  width: number,
  cells: Cells | null,
  ranked = rankedPair(hs, tp),
): ClassSums {
  const top = sharedMoments(hs).max;
  if (top === Infinity) throw new RangeError('fitHsTpModel: infinite wave height');
  const size = top > 0 ? Math.floor(top / width) + 1 : 1;
  const sl = new Float64Array(size);
  const sll = new Float64Array(size);
  const count = new Float64Array(size);
  if (ranked) return rankedClassSums(ranked, width, cells, { sl, sll, count });
  const flat = cells?.flat;
  const nHs = cells?.nHs ?? 0;
  const iHs = cells ? 1 / cells.dHs : 0;
  const iTp = cells ? 1 / cells.dTp : 0;
  let hsMax = 0;
  let tpMax = 0;
  let pairs = 0;
  let positiveHs = 0;
  for (let i = 0; i < hs.length; i++) {
    const x = hs[i]!;
    if (!(x > 0)) continue;
    positiveHs++;
    const t = tp[i]!;
    if (!(t > 0)) continue;
    const k = Math.floor(x / width);
    const l = Math.log(t);
    sl[k]! += l;
    sll[k]! += l * l;
    count[k]!++;
    pairs++;
    if (flat) {
      flat[Math.floor(t * iTp) * nHs + Math.floor(x * iHs)]!++;
      if (x > hsMax) hsMax = x;
      if (t > tpMax) tpMax = t;
    }
  }
  if (cells) {
    cells.hsMax = hsMax;
    cells.tpMax = tpMax;
  }
  return { width, sl, sll, count, pairs, positiveHs, hsCounts: null };
}

/**
 * classSums on ranked columns: the same sums in the same step order (ln Tp, the class and the cell of each
 * distinct value computed once), and the pairs per distinct Hs.
 */
function rankedClassSums(
  { h, t }: RankedPair,
  width: number,
  cells: Cells | null,
  { sl, sll, count }: Pick<ClassSums, 'sl' | 'sll' | 'count'>,
): ClassSums {
  const hx = h.distinct;
  const tx = t.distinct;
  // loops, not callbacks made per call (see docs/decisions.md, session 35)
  const hClass = new Int32Array(hx.length);
  for (let j = 0; j < hx.length; j++) hClass[j] = hx[j]! > 0 ? Math.floor(hx[j]! / width) : -1;
  const tLog = logOfPositive(tx);
  const flat = cells?.flat;
  const nHs = cells?.nHs ?? 0;
  let hCell: Int32Array | null = null;
  let tCell: Int32Array | null = null;
  if (cells) {
    hCell = new Int32Array(hx.length);
    for (let j = 0; j < hx.length; j++) hCell[j] = Math.floor(hx[j]! * (1 / cells.dHs));
    tCell = new Int32Array(tx.length);
    for (let j = 0; j < tx.length; j++) tCell[j] = Math.floor(tx[j]! * (1 / cells.dTp)) * nHs;
  }
  const hsCounts = new Int32Array(hx.length);
  const hCode = h.code;
  const tCode = t.code;
  let hsMax = 0;
  let tpMax = 0;
  let pairs = 0;
  let positiveHs = 0;
  for (let i = 0; i < hCode.length; i++) {
    const rh = h.rankOf[hCode[i]!]!;
    if (rh === NO_RANK) continue;
    const k = hClass[rh]!;
    if (k < 0) continue;
    positiveHs++;
    const rt = t.rankOf[tCode[i]!]!;
    if (rt === NO_RANK) continue;
    const l = tLog[rt]!;
    if (l !== l) continue;
    sl[k]! += l;
    sll[k]! += l * l;
    count[k]!++;
    hsCounts[rh]!++;
    pairs++;
    if (flat) {
      flat[tCell![rt]! + hCell![rh]!]!++;
      if (rh > hsMax) hsMax = rh;
      if (rt > tpMax) tpMax = rt;
    }
  }
  if (cells) {
    // the largest ranks paired: the largest values (ranks ascend with the values)
    cells.hsMax = pairs > 0 ? hx[hsMax]! : 0;
    cells.tpMax = pairs > 0 ? tx[tpMax]! : 0;
  }
  return { width, sl, sll, count, pairs, positiveHs, hsCounts };
}

function fitFromSums(
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  { width, sl, sll, count, pairs, positiveHs, hsCounts }: ClassSums,
  minCount: number,
  ranked: RankedPair | null,
): HsTpModel {
  if (pairs < 10) throw new RangeError('fitHsTpModel: fewer than 10 pairs');
  // Hs of the pairs: the field's own positive values (sorted once per field, shared with its other fits)
  // when every one of them has its period, as in a hindcast record; else, on ranked columns, the distinct
  // values counted by classSums (no sort of the pairs' Hs)
  let hsSample: WeightedSample | null = null;
  if (pairs === positiveHs) hsSample = weightedSample(hs, { positive: true });
  else if (ranked && hsCounts) hsSample = weightedSampleOfCounts(ranked.h.distinct, hsCounts);
  if (!hsSample) {
    const h = new Float64Array(pairs);
    let j = 0;
    for (let i = 0; i < hs.length; i++) if (hs[i]! > 0 && tp[i]! > 0) h[j++] = hs[i]!;
    hsSample = weightedSample(h);
  }
  const bins = classBins(width, sl, sll, count, minCount);
  return { hs: fitParameters('weibull3', hsSample), ...dependenceCurves(bins), bins };
}

/** Observed sea states outside one contour, and how many the joint model expects outside it. */
export interface ContourExceedance {
  returnPeriod: number;
  /** Pairs outside the contour: |u| > β in standard normal space (the contour is the image of that circle). */
  outside: number;
  /** Pairs · P(|U| > β) = pairs · e^(−β²/2): what a right model leaves outside its circle. */
  expected: number;
  /** Largest observed Hs outside the contour (NaN when none is). */
  largestHs: number;
}

/**
 * The plain warnings of observed sea states outside a contour whose return period the record (`years`)
 * spans, with the count the joint model itself expects outside it (IFORM leaves some outside by design).
 */
export function contourWarnings(exceedances: readonly ContourExceedance[], years: number): string[] {
  return exceedances
    .filter((e) => e.outside > 0 && e.returnPeriod >= years)
    .map(
      (e) =>
        `${e.outside.toLocaleString('en-US')} observed sea states (up to Hs ${e.largestHs.toFixed(2)} m) lie ` +
        `outside the ${e.returnPeriod}-year contour, from ${years.toFixed(1)} years of record; the joint ` +
        `model expects ${e.expected < 0.1 ? e.expected.toPrecision(1) : e.expected.toFixed(1)} outside it`,
    );
}

/** Distinct Hs values whose terms contourExceedances keeps (a record stores a few thousand). */
const CACHED_HS = 1 << 16;

/**
 * The observed pairs outside each contour, counted in standard normal space: u1 = Φ⁻¹(F(hs)),
 * u2 = (ln tp − μ(hs))/σ(hs), outside when u1² + u2² > β² (the Rosenblatt transform maps the contour onto the
 * circle of radius β and is one-to-one, so this is the point-in-contour test without the polygon).
 */
export function contourExceedances(
  model: HsTpModel,
  contours: readonly Contour[],
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  ranked = rankedPair(hs, tp),
): { exceedances: ContourExceedance[]; pairs: number } {
  const outside = contours.map(() => 0);
  const largest = contours.map(() => NaN);
  const radii = contours.map((c) => c.beta * c.beta);
  const result = (pairs: number): { exceedances: ContourExceedance[]; pairs: number } => ({
    pairs,
    exceedances: contours.map((c, k) => ({
      returnPeriod: c.returnPeriod,
      outside: outside[k]!,
      expected: pairs * Math.exp((-c.beta * c.beta) / 2),
      largestHs: largest[k]!,
    })),
  });
  if (ranked) {
    // each distinct Hs's terms and each distinct Tp's logarithm once, the steps read them by rank
    const { h, t } = ranked;
    const hx = h.distinct;
    const u1Of = new Float64Array(hx.length);
    const muAt = new Float64Array(hx.length);
    const sigmaAt = new Float64Array(hx.length);
    for (let j = 0; j < hx.length; j++) {
      const x = hx[j]!;
      u1Of[j] = x > 0 ? normalPpf(LAWS.weibull3.cdf(x, model.hs)) : NaN;
      muAt[j] = muOf(model.a, x);
      sigmaAt[j] = sigmaOf(model.b, x);
    }
    const tLog = logOfPositive(t.distinct);
    let pairs = 0;
    for (let i = 0; i < h.code.length; i++) {
      const rh = h.rankOf[h.code[i]!]!;
      const rt = t.rankOf[t.code[i]!]!;
      if (rh === NO_RANK || rt === NO_RANK || !(h.distinct[rh]! > 0)) continue;
      const l = tLog[rt]!;
      if (l !== l) continue;
      pairs++;
      const u1 = u1Of[rh]!;
      const u2 = (l - muAt[rh]!) / sigmaAt[rh]!;
      const r2 = u1 * u1 + u2 * u2;
      for (let k = 0; k < contours.length; k++) {
        if (r2 > radii[k]! || Number.isNaN(r2)) {
          outside[k]!++;
          const x = h.distinct[rh]!;
          if (!(x <= largest[k]!)) largest[k] = x;
        }
      }
    }
    return result(pairs);
  }
  // u1, μ(hs) and σ(hs) per distinct Hs (stored to a few decimals, a record repeats each value hundreds of
  // times; Φ⁻¹ is the costly part), up to CACHED_HS values
  const byHs = new Map<number, readonly [number, number, number]>();
  let pairs = 0;
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i]!;
    const t = tp[i]!;
    if (!(h > 0 && t > 0)) continue;
    pairs++;
    let terms = byHs.get(h);
    if (!terms) {
      terms = [normalPpf(LAWS.weibull3.cdf(h, model.hs)), muOf(model.a, h), sigmaOf(model.b, h)];
      if (byHs.size < CACHED_HS) byHs.set(h, terms);
    }
    const u1 = terms[0];
    const u2 = (Math.log(t) - terms[1]) / terms[2];
    const r2 = u1 * u1 + u2 * u2;
    for (let k = 0; k < contours.length; k++) {
      if (r2 > radii[k]! || Number.isNaN(r2)) {
        outside[k]!++;
        if (!(h <= largest[k]!)) largest[k] = h;
      }
    }
  }
  return result(pairs);
}

/** Occurrences of the (Tp, Hs) pairs in cells of the two widths, from 0 (bins left-closed). */
export interface PairDensity {
  tpEdges: number[];
  hsEdges: number[];
  /** counts[i][j]: pairs with Tp in [tpEdges[i], tpEdges[i+1]) and Hs in [hsEdges[j], hsEdges[j+1]). */
  counts: number[][];
  pairs: number;
}

/** Empty occurrence cells of `dHs` × `dTp` over the fields' ranges, filled by `classSums`. */
function emptyCells(hs: ArrayLike<number>, tp: ArrayLike<number>, dHs: number, dTp: number): Cells {
  const hsTop = sharedMoments(hs).max;
  const tpTop = sharedMoments(tp).max;
  if (hsTop === Infinity || tpTop === Infinity) throw new RangeError('environmentalContours: infinite value');
  const nHs = Math.floor(Math.max(0, hsTop) / dHs) + 1;
  const nTp = Math.floor(Math.max(0, tpTop) / dTp) + 1;
  return { dHs, dTp, nHs, flat: new Float64Array(nHs * nTp), hsMax: 0, tpMax: 0 };
}

/** The filled cells as a table up to the pairs' largest Hs and Tp. */
function pairDensity({ dHs, dTp, nHs: stride, flat, hsMax, tpMax }: Cells, pairs: number): PairDensity {
  const nHs = Math.floor(hsMax / dHs) + 1;
  const nTp = Math.floor(tpMax / dTp) + 1;
  const edges = (n: number, w: number) =>
    Array.from({ length: n + 1 }, (_, k) => Number((k * w).toPrecision(12)));
  return {
    tpEdges: edges(nTp, dTp),
    hsEdges: edges(nHs, dHs),
    counts: Array.from({ length: nTp }, (_, i) => Array.from(flat.subarray(i * stride, i * stride + nHs))),
    pairs,
  };
}

export interface EnvironmentalContours {
  model: HsTpModel;
  /** Duration of one sea state (the series' step): N = T · 8765.82 / seaStateHours states in T years. */
  seaStateHours: number;
  contours: Contour[];
  /** The sample's (Tp, Hs) occurrences, drawn faint behind the contours. */
  density: PairDensity;
  /** Observed sea states outside each contour (in the order of `contours`). */
  exceedances: ContourExceedance[];
  /** Plain warnings: observed sea states outside a contour of a return period the record spans. */
  warnings: string[];
  /**
   * The year-block bootstrap band of each contour (issue 31; contour-band.ts), when the times are given and
   * the record spans at least 5 calendar years; null otherwise, with `bandNote` saying why.
   */
  band: ContourBands | null;
  bandNote: string | null;
}

/**
 * ENVC: the Hs-Tp joint model fitted to the pairs of a wave height and its period, the IFORM contours of
 * the return periods (1, 10, 100 years by default) and the pairs' occurrence cells (0.25 m × 0.5 s).
 */
export function environmentalContours(
  hs: ArrayLike<number>,
  tp: ArrayLike<number>,
  options: {
    returnPeriods?: readonly number[];
    seaStateHours?: number;
    points?: number;
    binWidth?: number;
    minCount?: number;
    /** Times of the pairs (ms since epoch): with them, each contour gets its year-block bootstrap band. */
    time?: ArrayLike<number>;
    /** The band's resampling: 90 %, CONTOUR_BAND_RESAMPLES resamples, seed 1 by default. */
    intervals?: IntervalOptions;
  } = {},
): EnvironmentalContours {
  if (hs.length !== tp.length) throw new RangeError('fitHsTpModel: hs and tp differ in length');
  // the model's class sums and the pairs' cells (0.25 m × 0.5 s) from one pass over the pairs
  return checkedOnce(() => {
    const ranked = rankedPair(hs, tp);
    const cells = emptyCells(hs, tp, 0.25, 0.5);
    const sums = classSums(hs, tp, options.binWidth ?? 0.5, cells, ranked);
    const model = fitFromSums(hs, tp, sums, options.minCount ?? 50, ranked);
    const seaStateHours = options.seaStateHours ?? 1;
    const contours = (options.returnPeriods ?? [1, 10, 100]).map((T) =>
      iformContour(model, T, { seaStateHours, points: options.points }),
    );
    const { exceedances } = contourExceedances(model, contours, hs, tp, ranked);
    const warnings = contourWarnings(exceedances, (sums.pairs * seaStateHours) / HOURS_PER_YEAR);
    const band: ContourBandResult = options.time
      ? contourBands(hs, tp, options.time, model, contours, {
          resamples: CONTOUR_BAND_RESAMPLES,
          ...options.intervals,
          seaStateHours,
          binWidth: options.binWidth,
          minCount: options.minCount,
        })
      : { bands: null, note: 'no band: the times of the sea states were not given' };
    return {
      model,
      seaStateHours,
      contours,
      density: pairDensity(cells, sums.pairs),
      exceedances,
      warnings,
      band: band.bands,
      bandNote: band.note,
    };
  });
}
