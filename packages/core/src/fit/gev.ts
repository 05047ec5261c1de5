// The GEV maximum-likelihood fit (Nelder-Mead from probability-weighted moments and Gumbel starts, polished
// by Newton's method on the exact gradient) and its ξ = 0 member, the Gumbel (one equation in the scale).
import type { Parameters } from '../laws';
import { minimize, nelderMead, solveBracketed } from '../optimize';
import { negativeLogLikelihood } from './likelihood';
import { weightedMean } from './sample';
import type { WeightedSample } from './sample';

/** Gumbel MLE: the scale solves β = mean(x) - Σ x e^{-x/β} / Σ e^{-x/β} (Coles 2001 §3.3.2). */
export function fitGumbel(s: WeightedSample): Parameters {
  const mean = weightedMean(s, (x) => x);
  const sd = Math.sqrt(weightedMean(s, (x) => (x - mean) ** 2));
  if (!(sd > 0)) throw new RangeError('fitGumbel: the sample has no spread');
  // shifting by the minimum keeps every e^{-(x - c)/β} in (0, 1]
  const c = s.x[0]!;
  // bound to a module function, not a closure made per fit: V8 holds a closure's optimised code weakly
  const g = gumbelScaleEquation.bind(null, s, c, mean);
  let hi = (sd * Math.sqrt(6)) / Math.PI;
  let lo = hi;
  while (g(hi) < 0) hi *= 2;
  while (g(lo) > 0) lo /= 2;
  const beta = solveBracketed(g, lo, hi);
  let sum = 0;
  for (let i = 0; i < s.x.length; i++) sum += s.w[i]! * Math.exp(-(s.x[i]! - c) / beta);
  return { location: c - beta * Math.log(sum / s.n), scale: beta, shape: 0 };
}

/** fitGumbel's equation in the scale β (its root is the MLE), with the values shifted by c (their minimum). */
function gumbelScaleEquation(s: WeightedSample, c: number, mean: number, beta: number): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < s.x.length; i++) {
    const e = s.w[i]! * Math.exp(-(s.x[i]! - c) / beta);
    num += s.x[i]! * e;
    den += e;
  }
  return beta - mean + num / den;
}

/** Probability-weighted-moment estimate of the GEV (Hosking, Wallis & Wood 1985), a start for the MLE. */
function gevStart(s: WeightedSample): Parameters {
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let rank = 0;
  const n = s.n;
  for (let i = 0; i < s.x.length; i++) {
    for (let j = 0; j < s.w[i]!; j++) {
      const x = s.x[i]!;
      b0 += x / n;
      b1 += (x * rank) / ((n - 1) * n);
      b2 += (x * rank * (rank - 1)) / ((n - 1) * (n - 2) * n);
      rank++;
    }
  }
  const c = (2 * b1 - b0) / (3 * b2 - b0) - Math.log(2) / Math.log(3);
  const k = 7.859 * c + 2.9554 * c * c;
  const g = Math.exp(logGammaPositive(1 + k));
  const scale = ((2 * b1 - b0) * k) / (g * (1 - Math.pow(2, -k)));
  const location = b0 + (scale * (g - 1)) / k;
  if (!(scale > 0) || !Number.isFinite(location)) {
    const gumbel = fitGumbel(s);
    return gumbel;
  }
  return { location, scale, shape: -k };
}

function logGammaPositive(x: number): number {
  // Stirling is enough for a starting value
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x);
}

/**
 * fitGev's objective in (μ, ln σ, ξ) (a module function bound per fit, not a closure: V8 holds a closure's
 * optimised code weakly). ξ < -1: the likelihood is unbounded at the upper end point, no MLE (Smith 1985):
 * kept to ξ ≥ -1.
 */
function gevSearchNll(s: WeightedSample, v: number[]): number {
  return v[2]! < -1
    ? Infinity
    : negativeLogLikelihood('gev', s, { location: v[0]!, scale: Math.exp(v[1]!), shape: v[2]! });
}

/** GEV MLE; `start`, a nearby estimate (a bootstrap refit's original), warm-starts it. */
export function fitGev(s: WeightedSample, start?: Parameters): Parameters {
  if (s.n < 3) throw new RangeError('fitGev: at least 3 values are needed');
  const nll = gevSearchNll.bind(null, s);
  if (start) {
    // warm start from a nearby estimate (bootstrap refits): Newton's method on the exact gradient, else
    // one simplex run
    const newton = gevNewton(s, start);
    if (newton) return newton;
    const x0 = [start.location, Math.log(start.scale), start.shape ?? 0];
    const warm = nelderMead(nll, x0, [0.1 * start.scale, 0.1, 0.05], { tolerance: 1e-9, xTolerance: 1e-6 });
    return { location: warm.x[0]!, scale: Math.exp(warm.x[1]!), shape: warm.x[2]! };
  }
  // a simplex run from each start (moments and Gumbel), then Newton's method on the exact gradient from the
  // better one; restarted simplex runs when Newton cannot finish (ξ near 0, a Hessian not positive definite)
  const starts = [gevStart(s), fitGumbel(s)].map((start) => ({
    x: [start.location, Math.log(start.scale), Math.max(-0.5, Math.min(0.5, start.shape ?? 0))],
    steps: [0.1 * start.scale, 0.1, 0.05],
  }));
  // the simplex only has to reach Newton's basin (Newton converges quadratically from there): stopped at
  // 1e-8 in the likelihood and 1e-5 in the parameters rather than at rounding
  const runs = starts.map(({ x, steps }) => nelderMead(nll, x, steps, { tolerance: 1e-8, xTolerance: 1e-5 }));
  const better = runs[0]!.value <= runs[1]!.value ? 0 : 1;
  const rough = runs[better]!.x;
  const polished = gevNewton(s, { location: rough[0]!, scale: Math.exp(rough[1]!), shape: rough[2]! });
  // Newton's stationary point is kept unless the simplex found a lower likelihood (beyond rounding)
  const simplex = runs[better]!.value;
  const atPolished = polished
    ? nll([polished.location, Math.log(polished.scale), polished.shape!])
    : Infinity;
  if (polished && atPolished <= simplex + 1e-9 * Math.max(1, Math.abs(simplex))) return polished;
  let best: { x: number[]; value: number } | null = null;
  for (const { x, steps } of starts) {
    const result = minimize(nll, x, steps);
    if (!best || result.value < best.value) best = result;
  }
  return { location: best!.x[0]!, scale: Math.exp(best!.x[1]!), shape: best!.x[2]! };
}

/**
 * GEV negative log-likelihood and its exact gradient in (μ, σ, ξ) (Coles 2001 (3.7); Prescott & Walden
 * 1980), written into `g`; Infinity outside the support or near ξ = 0 (where the ξ terms cancel badly).
 */
function gevNllGradient(s: WeightedSample, mu: number, sigma: number, xi: number, g: Float64Array): number {
  if (!(sigma > 0) || !(xi >= -1) || Math.abs(xi) < 1e-4) return Infinity;
  const inverse = 1 / xi;
  let nll = s.n * Math.log(sigma);
  let gMu = 0;
  let gSigma = s.n / sigma;
  let gXi = 0;
  for (let i = 0; i < s.x.length; i++) {
    const w = s.w[i]!;
    const z = (s.x[i]! - mu) / sigma;
    const t = 1 + xi * z;
    if (!(t > 0)) return Infinity;
    const a = Math.log(t);
    const y = Math.exp(-a * inverse);
    const c = (xi + 1 - y) / (sigma * t);
    nll += w * ((1 + inverse) * a + y);
    gMu -= w * c;
    gSigma -= w * z * c;
    gXi += w * (-(1 - y) * a * inverse * inverse + (z / t) * (1 + (1 - y) * inverse));
  }
  g[0] = gMu;
  g[1] = gSigma;
  g[2] = gXi;
  return Number.isFinite(nll) ? nll : Infinity;
}

/**
 * GEV MLE by Newton's method from a nearby estimate: exact gradient, Hessian by differences of the exact
 * gradient, backtracking on the likelihood. Null when a step leaves the model (ξ < -1, ξ near 0, σ ≤ 0),
 * the Hessian is not positive definite or the steps do not settle: the caller then runs Nelder–Mead.
 */
function gevNewton(s: WeightedSample, start: Parameters): Parameters | null {
  const theta = [start.location, start.scale, start.shape ?? 0];
  const g = new Float64Array(3);
  const up = new Float64Array(3);
  const probe = [0, 0, 0];
  const hessian = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  let f = gevNllGradient(s, theta[0]!, theta[1]!, theta[2]!, g);
  for (let iteration = 0; iteration < 50; iteration++) {
    if (!Number.isFinite(f)) return null;
    const sigma = theta[1]!;
    const scales = [sigma, sigma, 1];
    for (let j = 0; j < 3; j++) {
      const h = 1e-6 * scales[j]!;
      probe[0] = theta[0]!;
      probe[1] = theta[1]!;
      probe[2] = theta[2]!;
      probe[j]! += h;
      if (!Number.isFinite(gevNllGradient(s, probe[0], probe[1], probe[2], up))) return null;
      for (let i = 0; i < 3; i++) hessian[i]![j] = (up[i]! - g[i]!) / h;
    }
    const step = solveSymmetric3(hessian, g);
    if (!step) return null;
    // at the optimum the step is below rounding and no step can lower the likelihood any more
    if (step.every((d, j) => Math.abs(d) <= 1e-10 * scales[j]!))
      return { location: theta[0]!, scale: theta[1]!, shape: theta[2]! };
    let alpha = 1;
    let next = Infinity;
    const slope = -(g[0]! * step[0]! + g[1]! * step[1]! + g[2]! * step[2]!);
    for (; alpha > 1e-6; alpha *= 0.5) {
      next = gevNllGradient(
        s,
        theta[0]! - alpha * step[0]!,
        theta[1]! - alpha * step[1]!,
        theta[2]! - alpha * step[2]!,
        up,
      );
      if (next <= f + 1e-4 * alpha * slope) break;
    }
    if (!(next <= f + 1e-4 * alpha * slope)) return null;
    let small = true;
    for (let j = 0; j < 3; j++) {
      const d = alpha * step[j]!;
      theta[j]! -= d;
      if (Math.abs(d) > 1e-10 * scales[j]!) small = false;
    }
    f = next;
    g.set(up);
    if (small) return { location: theta[0]!, scale: theta[1]!, shape: theta[2]! };
  }
  return null;
}

/** Solution of H d = g for a symmetric positive definite 3×3 H (Cholesky, symmetrised); null otherwise. */
function solveSymmetric3(h: Float64Array[], g: Float64Array): number[] | null {
  const a = (i: number, j: number): number => 0.5 * (h[i]![j]! + h[j]![i]!);
  const l00 = a(0, 0);
  if (!(l00 > 0)) return null;
  const r0 = Math.sqrt(l00);
  const l10 = a(1, 0) / r0;
  const l20 = a(2, 0) / r0;
  const d1 = a(1, 1) - l10 * l10;
  if (!(d1 > 0)) return null;
  const r1 = Math.sqrt(d1);
  const l21 = (a(2, 1) - l20 * l10) / r1;
  const d2 = a(2, 2) - l20 * l20 - l21 * l21;
  if (!(d2 > 0)) return null;
  const r2 = Math.sqrt(d2);
  const y0 = g[0]! / r0;
  const y1 = (g[1]! - l10 * y0) / r1;
  const y2 = (g[2]! - l20 * y0 - l21 * y1) / r2;
  const x2 = y2 / r2;
  const x1 = (y1 - l21 * x2) / r1;
  const x0 = (y0 - l10 * x1 - l20 * x2) / r0;
  return [x0, x1, x2];
}
