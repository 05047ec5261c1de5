// Environmental contours: the Hs-Tp joint model of DNV-RP-C205 (2010) §3.6.3 (3-parameter Weibull Hs,
// log-normal Tp given Hs with μ(h) = a0 + a1·h^a2 and σ(h) = b0 + b1·e^(b2·h)) and IFORM contours
// (Winterstein et al. 1993; Haver & Winterstein 2009).
import { fitParameters, weightedSample } from './fit';
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
  const h: number[] = [];
  const groups = new Map<number, { sh: number; sl: number; sll: number; n: number }>();
  for (let i = 0; i < hs.length; i++) {
    const x = hs[i]!;
    const t = tp[i]!;
    if (Number.isNaN(x) || Number.isNaN(t) || !(t > 0) || !(x > 0)) continue;
    h.push(x);
    const k = Math.floor(x / width);
    const g = groups.get(k) ?? { sh: 0, sl: 0, sll: 0, n: 0 };
    const l = Math.log(t);
    g.sh += x;
    g.sl += l;
    g.sll += l * l;
    g.n++;
    groups.set(k, g);
  }
  if (h.length < 10) throw new RangeError('fitHsTpModel: fewer than 10 pairs');
  const bins: HsTpBin[] = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .filter(([, g]) => g.n >= minCount)
    .map(([, g]) => {
      const mu = g.sl / g.n;
      return { hs: g.sh / g.n, mu, sigma: Math.sqrt(Math.max(0, g.sll / g.n - mu * mu)), count: g.n };
    });
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
    hs: fitParameters('weibull3', weightedSample(h)),
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
