// The Hs-Tp joint model of DNV-RP-C205 (2010) §3.6.3 and its IFORM contour: the dependence curves fitted to
// the class statistics, and the contour of a return period (contours.ts fits the classes of a record,
// contour-band.ts refits them on resampled years).
import { LAWS } from './laws';
import type { Parameters } from './laws';
import { goldenMax } from './optimize';
import { HOURS_PER_YEAR } from './series';
import { normalCdf, normalPpf } from './special';

export interface HsTpBin {
  /** Reference Hs of the class: its centre (k + ½)·width (the class holds [k·width, (k + 1)·width)). */
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
 * Least squares of y ≈ c0 + c1·g(x, p) over the class statistics with c0 ≥ 0 and c1 ≥ 0 (the bounds of
 * virocon's power3 and exp3 dependence functions): separable, so for each p the linear c0 and c1 come in
 * closed form — the unconstrained optimum when it is inside the bounds, else the best on the faces c0 = 0 or
 * c1 = 0 (the exact non-negative least squares of two unknowns) — and only p is searched (variable
 * projection, Golub & Pereyra 1973): a grid over `range`, then golden section around its best point. The
 * range keeps p where the curve stays plausible between and below the classes. Returns [c0, c1, p].
 */
function separableFit(
  xs: readonly number[],
  ys: readonly number[],
  g: (x: number, p: number) => number,
  range: [number, number],
): number[] {
  const fit = new SeparableFit(xs, ys, g);
  const profile = fit.profileAt;
  const steps = 160;
  const width = (range[1] - range[0]) / steps;
  let best = range[0];
  let bestValue = -Infinity;
  for (let i = 0; i <= steps; i++) {
    const p = range[0] + i * width;
    const value = profile(p);
    if (value > bestValue) {
      bestValue = value;
      best = p;
    }
  }
  const p = goldenMax(
    profile,
    Math.max(range[0], best - width),
    Math.min(range[1], best + width),
    1e-12 * Math.max(1, Math.abs(best)),
  );
  const { c0, c1 } = fit.linear(p);
  return [c0, c1, p];
}

/**
 * separableFit's objective: the linear c0 and c1 and the sum of squares at p, from one evaluation of g per
 * class. Methods, not closures made per fit: V8 holds a closure's optimised code weakly, and these were
 * compiled again after every collection (once per 40-year set).
 */
class SeparableFit {
  private readonly m: number;
  private readonly yMean: number;
  private readonly gs: Float64Array;
  /** −(sum of squares) at p, −∞ where it is not finite: what the search over p maximises */
  readonly profileAt: (p: number) => number;

  constructor(
    private readonly xs: readonly number[],
    private readonly ys: readonly number[],
    private readonly g: (x: number, p: number) => number,
  ) {
    this.m = xs.length;
    this.yMean = ys.reduce((sum, y) => sum + y, 0) / this.m;
    this.gs = new Float64Array(this.m);
    this.profileAt = this.profile.bind(this);
  }

  private profile(p: number): number {
    const sse = this.linear(p).sse;
    return Number.isFinite(sse) ? -sse : -Infinity;
  }

  private sseOf(c0: number, c1: number): number {
    const { m, gs, ys } = this;
    let sse = 0;
    for (let k = 0; k < m; k++) sse += (c0 + c1 * gs[k]! - ys[k]!) ** 2;
    return sse;
  }

  linear(p: number): { c0: number; c1: number; sse: number } {
    const { m, gs, xs, ys, yMean, g } = this;
    let gMean = 0;
    for (let k = 0; k < m; k++) gMean += (gs[k] = g(xs[k]!, p)) / m;
    let sgg = 0;
    let sgy = 0;
    for (let k = 0; k < m; k++) {
      const d = gs[k]! - gMean;
      sgg += d * d;
      sgy += d * (ys[k]! - yMean);
    }
    const c1 = sgg > 0 ? sgy / sgg : 0;
    const c0 = yMean - c1 * gMean;
    if (c0 >= 0 && c1 >= 0) return { c0, c1, sse: this.sseOf(c0, c1) };
    // on a face: c0 = 0 with c1 = Σgy/Σg² ≥ 0, or c1 = 0 with c0 = mean y ≥ 0 (or both 0)
    let sgg0 = 0;
    let sgy0 = 0;
    for (let k = 0; k < m; k++) {
      sgg0 += gs[k]! * gs[k]!;
      sgy0 += gs[k]! * ys[k]!;
    }
    const onC0 = { c0: 0, c1: sgg0 > 0 ? Math.max(0, sgy0 / sgg0) : 0 };
    const onC1 = { c0: Math.max(0, yMean), c1: 0 };
    const a = this.sseOf(onC0.c0, onC0.c1);
    const b = this.sseOf(onC1.c0, onC1.c1);
    return a <= b ? { ...onC0, sse: a } : { ...onC1, sse: b };
  }
}

/** The joint model's dependence functions, μ's power curve and σ's exponential (module functions: SeparableFit). */
const powerCurve = (h: number, p: number): number => Math.pow(h, p);
const exponentialCurve = (h: number, p: number): number => Math.exp(p * h);

/** The classes holding at least `minCount` pairs, from their sums; fewer than 3 is refused. */
export function classBins(
  width: number,
  sl: ArrayLike<number>,
  sll: ArrayLike<number>,
  count: ArrayLike<number>,
  minCount: number,
): HsTpBin[] {
  const bins: HsTpBin[] = [];
  for (let k = 0; k < count.length; k++) {
    const n = count[k]!;
    if (n < minCount) continue;
    const mu = sl[k]! / n;
    bins.push({ hs: (k + 0.5) * width, mu, sigma: Math.sqrt(Math.max(0, sll[k]! / n - mu * mu)), count: n });
  }
  if (bins.length < 3) throw new RangeError('fitHsTpModel: fewer than 3 Hs classes with enough pairs');
  return bins;
}

/** μ(h) and σ(h) fitted to the class statistics (bounded least squares, see separableFit). */
export function dependenceCurves(bins: readonly HsTpBin[]): Pick<HsTpModel, 'a' | 'b'> {
  const means = bins.map((bin) => bin.hs);
  const hsMax = Math.max(...means);
  const a = separableFit(
    means,
    bins.map((bin) => bin.mu),
    powerCurve,
    [-3, 6],
  );
  const b = separableFit(
    means,
    bins.map((bin) => bin.sigma),
    exponentialCurve,
    [-20 / hsMax, 20 / hsMax],
  );
  return { a: [a[0]!, a[1]!, a[2]!], b: [b[0]!, b[1]!, b[2]!] };
}

export interface Contour {
  returnPeriod: number;
  /** Reliability index β = Φ⁻¹(1 - 1/N), N = sea states in the return period. */
  beta: number;
  /** The contour's largest Hs, F⁻¹(Φ(β)) (at u2 = 0): what the contour says of the N-year Hs. */
  maxHs: number;
  points: { hs: number; tp: number }[];
}

/** The smallest σ(h) on [0, top]: σ = b0 + b1·e^(b2·h) is monotone, so at one of the ends. */
function smallestSigma(b: readonly number[], top: number): { h: number; sigma: number } {
  const atZero = sigmaOf(b, 0);
  const atTop = sigmaOf(b, top);
  return atZero <= atTop ? { h: 0, sigma: atZero } : { h: top, sigma: atTop };
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
  const maxHs = LAWS.weibull3.ppf(normalCdf(beta), model.hs);
  // σ(h) ≤ 0 below the contour's highest Hs turns the upper branch under the lower one: the contour folds
  const low = smallestSigma(model.b, maxHs);
  if (!(low.sigma > 0))
    throw new RangeError(
      `environmental contour: the spread of ln T given Hs, σ(h) = ${low.sigma.toPrecision(3)} at Hs ` +
        `${low.h.toFixed(2)} m, is not positive below the ${returnPeriod}-year contour's highest Hs ` +
        `(${maxHs.toFixed(2)} m): the contour would fold over itself. The record is too short or too ` +
        `narrow for this joint model.`,
    );
  const points = Array.from({ length: count }, (_, k) => {
    const angle = (2 * Math.PI * k) / count;
    const u1 = beta * Math.cos(angle);
    const u2 = beta * Math.sin(angle);
    const hs = LAWS.weibull3.ppf(normalCdf(u1), model.hs);
    return { hs, tp: Math.exp(muOf(model.a, hs) + sigmaOf(model.b, hs) * u2) };
  });
  return { returnPeriod, beta, maxHs, points };
}
