// Environmental contours: the Hs-Tp joint model of DNV-RP-C205 (2010) §3.6.3 (3-parameter Weibull Hs,
// log-normal Tp given Hs with μ(h) = a0 + a1·h^a2 and σ(h) = b0 + b1·e^(b2·h)) and IFORM contours
// (Winterstein et al. 1993; Haver & Winterstein 2009).
import { fitParameters, weightedSample } from './fit';
import type { WeightedSample } from './fit';
import { LAWS } from './laws';
import type { Parameters } from './laws';
import { minimize } from './optimize';
import { HOURS_PER_YEAR } from './series';
import { normalCdf, normalPpf } from './special';

export interface HsTpBin {
  /** Mean Hs of the class. */
  hs: number;
  /** Mean and standard deviation (population) of ln Tp in the class. */
  mu: number;
  sigma: number;
  count: number;
}

export interface HsTpModel {
  hs: Parameters;
  a: [number, number, number];
  b: [number, number, number];
  bins: HsTpBin[];
}

export const muOf = (a: readonly number[], h: number): number => a[0]! + a[1]! * Math.pow(h, a[2]!);
export const sigmaOf = (b: readonly number[], h: number): number => b[0]! + b[1]! * Math.exp(b[2]! * h);

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
  // sums per Hs class k = floor(h / width), in typed arrays grown as larger classes appear (one pass)
  let size = 64;
  let sh = new Float64Array(size);
  let sl = new Float64Array(size);
  let sll = new Float64Array(size);
  let count = new Float64Array(size);
  let pairs = 0;
  let positiveHs = 0;
  for (let i = 0; i < hs.length; i++) {
    const x = hs[i]!;
    if (x > 0) positiveHs++;
    const t = tp[i]!;
    if (!(t > 0) || !(x > 0)) continue;
    const k = Math.floor(x / width);
    if (k >= size) {
      const grown = Math.max(2 * size, k + 1);
      const grow = (a: Float64Array) => {
        const b = new Float64Array(grown);
        b.set(a);
        return b;
      };
      [sh, sl, sll, count, size] = [grow(sh), grow(sl), grow(sll), grow(count), grown];
    }
    const l = Math.log(t);
    sh[k]! += x;
    sl[k]! += l;
    sll[k]! += l * l;
    count[k]!++;
    pairs++;
  }
  if (pairs < 10) throw new RangeError('fitHsTpModel: fewer than 10 pairs');
  // Hs of the pairs: the field's own positive values (sorted once per field, shared with its other fits)
  // when every one of them has its period, as in a hindcast record
  let hsSample: WeightedSample;
  if (pairs === positiveHs) hsSample = weightedSample(hs, { positive: true });
  else {
    const h = new Float64Array(pairs);
    let j = 0;
    for (let i = 0; i < hs.length; i++) if (hs[i]! > 0 && tp[i]! > 0) h[j++] = hs[i]!;
    hsSample = weightedSample(h);
  }
  const bins: HsTpBin[] = [];
  for (let k = 0; k < size; k++) {
    const n = count[k]!;
    if (n < minCount) continue;
    const mu = sl[k]! / n;
    bins.push({ hs: sh[k]! / n, mu, sigma: Math.sqrt(Math.max(0, sll[k]! / n - mu * mu)), count: n });
  }
  if (bins.length < 3) throw new RangeError('fitHsTpModel: fewer than 3 Hs classes with enough pairs');
  const sse = (f: (h: number) => number, key: 'mu' | 'sigma'): number =>
    bins.reduce((s, bin) => s + (f(bin.hs) - bin[key]) ** 2, 0);
  const first = bins[0]!;
  const last = bins[bins.length - 1]!;
  const aStart = [first.mu - 0.1, (last.mu - first.mu + 0.1) / Math.max(1e-3, last.hs), 1];
  const a = minimize((v) => sse((x) => muOf(v, x), 'mu'), aStart, [0.1, 0.1, 0.1], 5).x;
  const minSigma = Math.min(...bins.map((bin) => bin.sigma));
  const bStart = [minSigma * 0.9, Math.max(1e-3, first.sigma - minSigma * 0.9), -0.5];
  const b = minimize((v) => sse((x) => sigmaOf(v, x), 'sigma'), bStart, [0.01, 0.05, 0.1], 5).x;
  return {
    hs: fitParameters('weibull3', hsSample),
    a: [a[0]!, a[1]!, a[2]!],
    b: [b[0]!, b[1]!, b[2]!],
    bins,
  };
}

export interface Contour {
  returnPeriod: number;
  /** Reliability index β = Φ⁻¹(1 - 1/N), N = sea states in the return period. */
  beta: number;
  points: { hs: number; tp: number }[];
}

/**
 * IFORM contour: the circle of radius β in standard normal space mapped by the inverse Rosenblatt
 * transform: Hs = F⁻¹(Φ(u1)), Tp = exp(μ(Hs) + σ(Hs)·u2).
 */
export function iformContour(
  model: HsTpModel,
  returnPeriod: number,
  options: { seaStateHours?: number; points?: number } = {},
): Contour {
  if (!(returnPeriod > 0))
    throw new RangeError(`iformContour: returnPeriod must be positive, got ${returnPeriod}`);
  const seaStateHours = options.seaStateHours ?? 1;
  const count = options.points ?? 72;
  const states = (returnPeriod * HOURS_PER_YEAR) / seaStateHours;
  const beta = normalPpf(1 - 1 / states);
  const points = Array.from({ length: count }, (_, k) => {
    const angle = (2 * Math.PI * k) / count;
    const u1 = beta * Math.cos(angle);
    const u2 = beta * Math.sin(angle);
    const hs = LAWS.weibull3.ppf(normalCdf(u1), model.hs);
    return { hs, tp: Math.exp(muOf(model.a, hs) + sigmaOf(model.b, hs) * u2) };
  });
  return { returnPeriod, beta, points };
}

/** Occurrences of the (Tp, Hs) pairs in cells of the two widths, from 0 (bins left-closed). */
export interface PairDensity {
  tpEdges: number[];
  hsEdges: number[];
  /** counts[i][j]: pairs with Tp in [tpEdges[i], tpEdges[i+1]) and Hs in [hsEdges[j], hsEdges[j+1]). */
  counts: number[][];
  pairs: number;
}

function pairDensity(hs: ArrayLike<number>, tp: ArrayLike<number>, dHs: number, dTp: number): PairDensity {
  let hsMax = 0;
  let tpMax = 0;
  for (let i = 0; i < hs.length; i++) {
    const x = hs[i]!;
    const t = tp[i]!;
    if (!(x > 0 && t > 0)) continue;
    if (x > hsMax) hsMax = x;
    if (t > tpMax) tpMax = t;
  }
  const nHs = Math.floor(hsMax / dHs) + 1;
  const nTp = Math.floor(tpMax / dTp) + 1;
  const flat = new Float64Array(nHs * nTp);
  let pairs = 0;
  for (let i = 0; i < hs.length; i++) {
    const x = hs[i]!;
    const t = tp[i]!;
    if (!(x > 0 && t > 0)) continue;
    flat[Math.floor(t / dTp) * nHs + Math.floor(x / dHs)]!++;
    pairs++;
  }
  const edges = (n: number, w: number) =>
    Array.from({ length: n + 1 }, (_, k) => Number((k * w).toPrecision(12)));
  return {
    tpEdges: edges(nTp, dTp),
    hsEdges: edges(nHs, dHs),
    counts: Array.from({ length: nTp }, (_, i) => Array.from(flat.subarray(i * nHs, (i + 1) * nHs))),
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
  } = {},
): EnvironmentalContours {
  const model = fitHsTpModel(hs, tp, { binWidth: options.binWidth, minCount: options.minCount });
  const seaStateHours = options.seaStateHours ?? 1;
  const contours = (options.returnPeriods ?? [1, 10, 100]).map((T) =>
    iformContour(model, T, { seaStateHours, points: options.points }),
  );
  return { model, seaStateHours, contours, density: pairDensity(hs, tp, 0.25, 0.5) };
}
