// The solvers of the return-value profile (profile.ts): at each return value z, the likelihood maximised over
// the law's other parameters by Newton's method on exact derivatives — the GEV in (ln σ, ξ) and on its edge
// ξ = −1 in closed form, the GPD in ξ, the Weibull at the threshold and the Gumbel in their one convex
// parameter — each writing the profile's slope in z and its value at the answer from the answer's own pass.
// Module functions and classes, not closures made per profile: V8 holds a closure's optimised code weakly,
// and closures made anew for each profile were compiled again after every collection (each 40-year set).
import type { WeightedSample } from '../fit';
import { locationScaleDerivatives } from '../fit/information';
import { expm1Ratio } from './intervals';

/** Shapes this close to the edge ξ = −1 count as on it (the second start is solved there). */
export const EDGE = 1e-6;

/**
 * The GEV profile at return value z maximised over θ = (ln σ, ξ), μ = z − σE(ξ) with E = (e^{aξ} − 1)/ξ,
 * a = −ln(−ln q) (E = Q₁, the unit quantile), by Newton's method: gradient Jᵀg and Hessian JᵀHJ + Σ g_k ∂²φ_k
 * from the exact derivatives in (μ, σ, ξ) (locationScaleDerivatives) and the Jacobian of φ = (μ, σ, ξ) in θ,
 * columns (−σE, σ, 0) and (−σE', 0, 1); where the Hessian is not positive definite it is shifted until it
 * is (Levenberg), and every step is backtracked until the value falls enough (Armijo). Stops once a step
 * moves each parameter by less than 1e-10·(1 + |θ|) or the predicted decrease is below rounding; null when it
 * does not converge within 100 steps, stops at a saddle or finds no lower value along its step (the caller
 * falls back to the simplex); 'outside' when the start is outside the support. Writes the profile's slope in
 * z at the answer, ∂ℓ/∂μ, and its value there, both from the answer's own pass, into out[0] and out[1].
 */
export function gevProfileNewton(
  sample: WeightedSample,
  a: number,
  z: number,
  from: readonly number[],
  out: Float64Array,
): number[] | 'outside' | null {
  // d[1], ∂ℓ/∂μ at the last point evaluated: the profile's slope in z there (μ = z − σE)
  const d = new Float64Array(10);
  let x = [from[0]!, from[1]!];
  const g = [0, 0];
  const h = [0, 0, 0];
  let f = gevProfileAt(sample, a, z, x, g, h, d);
  if (!Number.isFinite(f)) return 'outside';
  out[0] = d[1]!;
  out[1] = f;
  const trialG = [0, 0];
  const trialH = [0, 0, 0];
  for (let iteration = 0; iteration < 100; iteration++) {
    let h11 = h[0]!;
    const h12 = h[1]!;
    let h22 = h[2]!;
    const half = (h11 + h22) / 2;
    const smallest = half - Math.sqrt(Math.max(0, half * half - (h11 * h22 - h12 * h12)));
    const indefinite = !(smallest > 1e-12 * (Math.abs(h11) + Math.abs(h22)));
    if (indefinite) {
      const shift = -smallest + 1e-3 * (Math.abs(h11) + Math.abs(h22) + 1);
      h11 += shift;
      h22 += shift;
    }
    const det = h11 * h22 - h12 * h12;
    const step0 = -(h22 * g[0]! - h12 * g[1]!) / det;
    const step1 = -(h11 * g[1]! - h12 * g[0]!) / det;
    const slope = g[0]! * step0 + g[1]! * step1;
    if (!Number.isFinite(slope)) return null;
    const small =
      Math.abs(step0) <= 1e-10 * (1 + Math.abs(x[0]!)) && Math.abs(step1) <= 1e-10 * (1 + Math.abs(x[1]!));
    // stationary: a minimum, or a saddle the simplex is left to escape
    if (small || -slope <= 1e-15 * (1 + Math.abs(f))) return indefinite ? null : x;
    // each trial takes its derivatives in the same pass as its value (the accepted one's are the next step's)
    let t = 1;
    let accepted = false;
    for (let k = 0; k < 40; k++) {
      const trial = [x[0]! + t * step0, x[1]! + t * step1];
      const value = gevProfileAt(sample, a, z, trial, trialG, trialH, d);
      if (value <= f + 1e-4 * t * slope) {
        x = trial;
        f = value;
        out[0] = d[1]!;
        out[1] = f;
        [g[0], g[1]] = [trialG[0]!, trialG[1]!];
        [h[0], h[1], h[2]] = [trialH[0]!, trialH[1]!, trialH[2]!];
        accepted = true;
        break;
      }
      t /= 2;
    }
    // no decrease left to find above rounding: converged
    if (!accepted) return !indefinite && -slope <= 1e-10 * (1 + Math.abs(f)) ? x : null;
    // stalled against the edge: the trials past ξ = −1 are outside the range, so each step only halves the
    // distance to it (hundreds of passes before it gave up); the caller takes the edge's optimum in closed
    // form instead, where it is a local optimum over the range
    if (x[1]! <= -1 + EDGE) return null;
  }
  return null;
}

/**
 * gevProfileNewton's value of the profile's objective at θ = (ln σ, ξ), with its gradient `g` and Hessian `h`
 * (h11, h12, h22) in θ; `d` keeps the derivatives in (μ, σ, ξ), d[1] = ∂ℓ/∂μ the profile's slope in z.
 * Infinity outside the support or the range.
 */
function gevProfileAt(
  sample: WeightedSample,
  a: number,
  z: number,
  x: readonly number[],
  g: number[],
  h: number[],
  d: Float64Array,
): number {
  const sigma = Math.exp(x[0]!);
  const xi = x[1]!;
  if (!(xi >= -1)) return Infinity;
  const [e, e1, e2] = expm1Ratio(a, xi);
  if (!locationScaleDerivatives('gev', sample, z - sigma * e, sigma, xi, d)) return Infinity;
  const value = d[0]!;
  if (!Number.isFinite(value)) return Infinity;
  const gMu = d[1]!;
  const gSigma = d[2]!;
  const hMuMu = d[4]!;
  const hMuXi = d[7]!;
  // Jacobian columns c_s = (−σE, σ, 0), c_ξ = (−σE', 0, 1)
  const sMu = -sigma * e;
  const xMu = -sigma * e1;
  g[0] = gMu * sMu + gSigma * sigma;
  g[1] = gMu * xMu + d[3]!;
  // H·c_s
  const hs0 = hMuMu * sMu + d[5]! * sigma;
  const hs1 = d[5]! * sMu + d[6]! * sigma;
  const hs2 = hMuXi * sMu + d[8]! * sigma;
  h[0] = hs0 * sMu + hs1 * sigma + gMu * sMu + gSigma * sigma;
  h[1] = hs0 * xMu + hs2 + gMu * xMu;
  h[2] = (hMuMu * xMu + hMuXi) * xMu + hMuXi * xMu + d[9]! + gMu * -sigma * e2;
  return value;
}

/**
 * The GEV profile on the edge ξ = −1, in closed form. There the GEV density is exp(−(1 − (x − μ)/σ))/σ on
 * x ≤ μ + σ (t = 1 + ξ(x − μ)/σ, t^{−1/ξ−1} = 1, t^{−1/ξ} = t), so with μ = z − σE, E = Q₁(q; −1) = 1 + ln q,
 * b = −ln q = 1 − E and D = Σ w (x − z) the negative log-likelihood is
 *   f(σ) = n ln σ + nb − D/σ,   f'(σ) = (nσ + D)/σ²,
 * on the support σ ≥ σ₀ = (max x − z)/b (the largest value at or below the end point z + σb). f falls to its
 * one stationary point σ* = −D/n (D < 0) and rises after it: the minimum over the support is at
 * σ = max(σ*, σ₀), on the support's end point (the corner, σ₀ binding) or inside it. `corner` is true at the
 * corner: there the largest value sits on the end point, where the likelihood at ξ > −1 is 0 (the corner's
 * value is the limit from inside the support, the infimum the other solvers approach).
 */
export function gevEdgeProfile(sample: WeightedSample, q: number): (z: number) => GevEdge | null {
  const { x, w, n } = sample;
  let sum = 0;
  let largest = -Infinity;
  for (let i = 0; i < x.length; i++) {
    sum += w[i]! * x[i]!;
    if (x[i]! > largest) largest = x[i]!;
  }
  const b = -Math.log(q);
  return (z) => {
    const d = sum - n * z;
    const lowest = (largest - z) / b;
    const stationary = d < 0 ? -d / n : 0;
    const corner = !(stationary > lowest);
    const sigma = corner ? lowest : stationary;
    if (!(sigma > 0) || !Number.isFinite(sigma)) return null;
    // the slope in z: ∂f/∂z = n/σ at σ held (D' = −n); at the corner σ₀' = −1/b adds f'(σ₀)σ₀'
    const slope = corner ? n / sigma - (n * sigma + d) / (b * sigma * sigma) : n / sigma;
    return { logSigma: Math.log(sigma), value: n * Math.log(sigma) + n * b - d / sigma, corner, slope };
  };
}

/** The GEV profile's optimum over σ on the edge ξ = −1 (gevEdgeProfile) and its slope in z. */
export interface GevEdge {
  logSigma: number;
  value: number;
  corner: boolean;
  slope: number;
}

/**
 * ∂f/∂ξ of the GEV negative log-likelihood at (ln σ, ξ = −1) with μ = z − σE(ξ) (the profile's
 * parametrisation, gevProfileNewton's gradient g[1] = ∂f/∂μ·(−σE') + ∂f/∂ξ): where it is ≥ 0 the value rises
 * into the range ξ > −1, and the edge's optimum over σ is a local optimum over (σ, ξ ≥ −1) (the first-order
 * condition at a bound). Inside the support only (not at the corner); NaN where a value lies outside it.
 */
export function gevEdgeShapeSlope(sample: WeightedSample, a: number, z: number, logSigma: number): number {
  const d = new Float64Array(10);
  const sigma = Math.exp(logSigma);
  const [e, e1] = expm1Ratio(a, -1);
  if (!locationScaleDerivatives('gev', sample, z - sigma * e, sigma, -1, d)) return NaN;
  return d[1]! * -sigma * e1 + d[3]!;
}

/**
 * Below this |ξ| the GPD profile's derivatives are taken from locationScaleDerivatives (power series in ξz):
 * the direct form below divides sums of size ξ by ξ² and ξ³ (relative error ≈ ε/|ξ|).
 */
const GPD_DIRECT_FROM = 1e-3;

/**
 * The GPD profile at return value z maximised over ξ ≥ −1, the location held at the threshold u and
 * σ = (z − u)/E(ξ) with E = (e^{aξ} − 1)/ξ, a = −ln(1 − q) (E = Q₁, the unit quantile), by Newton's method
 * in ξ. With y = x − u, θ = ξ/σ = (e^{aξ} − 1)/(z − u) and S(ξ) = Σ w ln(1 + θy), the negative
 * log-likelihood is f = n ln σ + (1 + 1/ξ)S (Coles 2001 (4.10)), so, with θ' = a e^{aξ}/(z − u), θ'' = aθ',
 * S' = θ'Σ wy/t, S'' = θ''Σ wy/t − θ'²Σ wy²/t² (t = 1 + θy) and (ln σ)' = −E'/E,
 *   f'  = −nE'/E − S/ξ² + (1 + 1/ξ)S',
 *   f'' = −n(E''/E − (E'/E)²) + 2S/ξ³ − 2S'/ξ² + (1 + 1/ξ)S''
 * in one pass over the sample (near ξ = 0, |ξ| < GPD_DIRECT_FROM, from locationScaleDerivatives' series and
 * the chain rule in σ(ξ) instead). Every step is backtracked until the value falls enough (Armijo), and
 * kept to the range: a step past ξ = −1 ends on it, and on it a step out of the range (the value still
 * falls outwards) makes ξ = −1 the answer, the optimum over the range at its end (the caller solves ξ = 0
 * once more there). Stops once a step moves ξ by less than 1e-10·(1 + |ξ|) or the predicted decrease is
 * below rounding; null where the start is outside the support, the curvature is not positive, it does not
 * converge within 100 steps or finds no lower value along its step (the caller falls back to Brent's
 * method). Writes the profile's slope in z at the answer, ∂ℓ/∂σ·σ/(z − u), and its value there, both from
 * the answer's own pass, into out[0] and out[1].
 */
export function gpdProfileNewton(
  sample: WeightedSample,
  a: number,
  u: number,
  z: number,
  from: number,
  out: Float64Array,
): number | 'outside' | null {
  const c = z - u;
  if (!(c > 0)) return null;
  const d = new Float64Array(10);
  // f' and f'' in ξ, and ∂ℓ/∂σ·σ/c, the profile's slope in z (σ = c/E), at the last point evaluated
  const state = new Float64Array(3);
  let xi = from;
  let f = gpdProfileAt(sample, a, u, c, xi, d, state);
  if (!Number.isFinite(f)) return 'outside';
  out[0] = state[2]!;
  out[1] = f;
  for (let iteration = 0; iteration < 100; iteration++) {
    const slope = state[0]!;
    const curvature = state[1]!;
    if (!Number.isFinite(slope) || !Number.isFinite(curvature)) return null;
    // where the curvature is not positive (away from the minimum): a step of 0.05 downhill
    const convex = curvature > 0;
    const wanted = convex ? -slope / curvature : slope > 0 ? -0.05 : 0.05;
    // the range ξ ≥ −1: a step past its end stops on it; on it, a step out of the range (the value falls
    // outwards, f' > 0) makes the end the optimum over the range
    if (xi === -1 && wanted < 0) return xi;
    const step = Math.max(wanted, -1 - xi);
    const decrease = slope * step;
    if (convex && (Math.abs(step) <= 1e-10 * (1 + Math.abs(xi)) || -decrease <= 1e-15 * (1 + Math.abs(f))))
      return xi;
    // each trial takes its derivatives in the same pass as its value (the accepted one's are the next step's)
    let t = 1;
    let accepted = false;
    for (let k = 0; k < 40; k++) {
      const trial = Math.max(-1, xi + t * step);
      const value = gpdProfileAt(sample, a, u, c, trial, d, state);
      if (value <= f + 1e-4 * t * decrease) {
        xi = trial;
        f = value;
        out[0] = state[2]!;
        out[1] = f;
        accepted = true;
        break;
      }
      t /= 2;
    }
    // no decrease left to find above rounding: converged
    if (!accepted) return convex && -decrease <= 1e-10 * (1 + Math.abs(f)) ? xi : null;
  }
  return null;
}

/**
 * gpdProfileNewton's value of the profile's objective at ξ (c = z − u), with its derivatives in ξ and the
 * profile's slope in z written into `state` ([f', f'', slope in z]); Infinity outside the support or the range.
 */
function gpdProfileAt(
  sample: WeightedSample,
  a: number,
  u: number,
  c: number,
  xi: number,
  d: Float64Array,
  state: Float64Array,
): number {
  const { x, w, n } = sample;
  if (!(xi >= -1)) return Infinity;
  const [e, e1, e2] = expm1Ratio(a, xi);
  const sigma = c / e;
  if (!(sigma > 0)) return Infinity;
  if (Math.abs(xi) < GPD_DIRECT_FROM) {
    if (!locationScaleDerivatives('gpd', sample, u, sigma, xi, d)) return Infinity;
    const r = e1 / e;
    const s1 = -sigma * r;
    const s2 = sigma * (2 * r * r - e2 / e);
    state[0] = d[2]! * s1 + d[3]!;
    state[1] = d[6]! * s1 * s1 + 2 * d[8]! * s1 + d[9]! + d[2]! * s2;
    state[2] = (d[2]! * sigma) / c;
    return Number.isFinite(d[0]!) ? d[0]! : Infinity;
  }
  const theta = Math.expm1(a * xi) / c;
  let sum = 0;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < x.length; i++) {
    const y = x[i]! - u;
    const t = 1 + theta * y;
    if (!(t > 0) || y < 0) return Infinity;
    sum += w[i]! * Math.log1p(theta * y);
    const v = y / t;
    s1 += w[i]! * v;
    s2 += w[i]! * v * v;
  }
  const factor = 1 + 1 / xi;
  const value = n * Math.log(sigma) + factor * sum;
  if (!Number.isFinite(value)) return Infinity;
  const dTheta = (a * Math.exp(a * xi)) / c;
  const dSum = dTheta * s1;
  const ddSum = a * dTheta * s1 - dTheta * dTheta * s2;
  const r = e1 / e;
  const xi2 = xi * xi;
  state[0] = -n * r - sum / xi2 + factor * dSum;
  state[1] = -n * (e2 / e - r * r) + (2 * sum) / (xi2 * xi) - (2 * dSum) / xi2 + factor * ddSum;
  // ∂ℓ/∂σ = (n − (1 + ξ)Σ w y/t / σ)/σ (θ = ξ/σ)
  state[2] = (n - ((1 + xi) * s1) / sigma) / c;
  return value;
}

/**
 * Newton's method for a strictly convex function of one variable on x > 0: `fn.at(x, out)` answers f(x) and
 * writes f'(x), f''(x) and a value carried with the answer into `out` (the profile's slope in z); the caller's
 * `out` receives that value and f at the point answered. Every step is kept inside x > 0 and backtracked until the value falls
 * enough (Armijo). Stops once a step moves x by less than 1e-10·(1 + |x|) or the predicted decrease is below
 * rounding; null where the start is not finite, the curvature is not positive, it does not converge within
 * 100 steps or finds no lower value along its step (the caller falls back to Brent's method).
 */
function convexNewton(fn: ConvexFunction, from: number, out: Float64Array): number | null {
  const d = new Float64Array(3);
  const trial = new Float64Array(3);
  let x = from;
  let f = fn.at(x, d);
  if (!(x > 0) || !Number.isFinite(f)) return null;
  out[0] = d[2]!;
  out[1] = f;
  for (let iteration = 0; iteration < 100; iteration++) {
    if (!(d[1]! > 0) || !Number.isFinite(d[0]!)) return null;
    const step = -d[0]! / d[1]!;
    const decrease = d[0]! * step;
    if (Math.abs(step) <= 1e-10 * (1 + Math.abs(x)) || -decrease <= 1e-15 * (1 + Math.abs(f))) return x;
    let t = 1;
    while (!(x + t * step > 0)) t /= 2;
    let accepted = false;
    for (let k = 0; k < 40; k++) {
      const value = fn.at(x + t * step, trial);
      if (value <= f + 1e-4 * t * decrease) {
        x += t * step;
        f = value;
        d.set(trial);
        out[0] = d[2]!;
        out[1] = f;
        accepted = true;
        break;
      }
      t /= 2;
    }
    // no decrease left to find above rounding: converged
    if (!accepted) return -decrease <= 1e-10 * (1 + Math.abs(f)) ? x : null;
  }
  return null;
}

/**
 * The profile of the Weibull at the threshold u (weibull2 of the peaks) at return value z, as a function of
 * the shape k > 0, for Newton's method; the answer is k. With c = z − u, a = −ln(1 − q) and the scale held
 * by the quantile, λ = c·a^(−1/k), the negative log-likelihood −n ln(k/λ) − (k − 1)Σ w ln(y/λ) + Σ w (y/λ)^k
 * (y = x − u) is, with ρ = ln(y/c) and L = Σ w ln y,
 *   f(k) = −n ln k + nk ln c − n ln a − (k − 1)L + a Σ w e^{kρ},
 *   f'(k) = −n/k + n ln c − L + a Σ w ρ e^{kρ},   f''(k) = n/k² + a Σ w ρ² e^{kρ} > 0:
 * strictly convex, with one minimum (f → ∞ at both ends). Null (Brent's method instead) when a peak is not
 * above the threshold.
 */
export function weibullShapeProfile(
  sample: WeightedSample,
  u: number,
  q: number,
): WeibullShapeProfile | null {
  const { x, w } = sample;
  const logs = new Float64Array(x.length);
  let sumLog = 0;
  for (let i = 0; i < x.length; i++) {
    const y = x[i]! - u;
    if (!(y > 0)) return null;
    logs[i] = Math.log(y);
    sumLog += w[i]! * logs[i]!;
  }
  return new WeibullShapeProfile(sample, u, q, logs, sumLog);
}

/** A strictly convex function of one variable for convexNewton: f(x), with f', f'' and a carried value in `out`. */
interface ConvexFunction {
  at(x: number, out: Float64Array): number;
}

/** A profile convex in its one other parameter: `solve` answers that parameter's optimum at z (null: none). */
export interface ConvexProfile {
  solve(z: number, from: number, slope: Float64Array): number | null;
}

/** weibullShapeProfile's profile at one z after another (ρ = ln(y/c) of the z being solved). */
class WeibullShapeProfile implements ConvexProfile, ConvexFunction {
  private readonly a: number;
  private readonly logA: number;
  private readonly rho: Float64Array;
  private logC = NaN;
  private c = NaN;

  constructor(
    private readonly sample: WeightedSample,
    private readonly u: number,
    q: number,
    private readonly logs: Float64Array,
    private readonly sumLog: number,
  ) {
    this.a = -Math.log1p(-q);
    this.logA = Math.log(this.a);
    this.rho = new Float64Array(sample.x.length);
  }

  solve(z: number, from: number, slope: Float64Array): number | null {
    const c = z - this.u;
    if (!(c > 0)) return null;
    const logC = Math.log(c);
    const { logs, rho } = this;
    for (let i = 0; i < rho.length; i++) rho[i] = logs[i]! - logC;
    this.c = c;
    this.logC = logC;
    return convexNewton(this, from, slope);
  }

  at(k: number, out: Float64Array): number {
    const { w, n } = this.sample;
    const { rho, a, c, logC, sumLog } = this;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < rho.length; i++) {
      const r = rho[i]!;
      const e = w[i]! * Math.exp(k * r);
      s0 += e;
      s1 += e * r;
      s2 += e * r * r;
    }
    out[0] = -n / k + n * logC - sumLog + a * s1;
    out[1] = n / (k * k) + a * s2;
    // the slope in z: ∂ℓ/∂λ·λ/c = (k/c)(n − Σ w (y/λ)^k), (y/λ)^k = a e^{kρ}
    out[2] = (k / c) * (n - a * s0);
    const value = -n * Math.log(k) + n * k * logC - n * this.logA - (k - 1) * sumLog + a * s0;
    return Number.isNaN(value) ? Infinity : value;
  }
}

/**
 * The Gumbel profile at return value z, as a function of s = 1/σ > 0, for Newton's method; the answer is
 * ln σ = −ln s. With μ = z − σa_g, a_g = −ln(−ln q) (the unit quantile), d = x − z and b = e^{−a_g} = −ln q,
 * the negative log-likelihood n ln σ + Σ w (t + e^{−t}), t = (x − μ)/σ = ds + a_g, is
 *   g(s) = −n ln s + sΣ w d + n a_g + b Σ w e^{−ds},
 *   g'(s) = −n/s + Σ w d − b Σ w d e^{−ds},   g''(s) = n/s² + b Σ w d² e^{−ds} > 0:
 * strictly convex, with one minimum (g → ∞ at both ends).
 */
export class GumbelScaleProfile implements ConvexProfile, ConvexFunction {
  private readonly b: number;
  private readonly unit: number;
  private z = NaN;
  private sumD = NaN;

  constructor(
    private readonly sample: WeightedSample,
    q: number,
  ) {
    this.b = -Math.log(q);
    this.unit = -Math.log(this.b);
  }

  solve(z: number, from: number, slope: Float64Array): number | null {
    const { x, w } = this.sample;
    let sumD = 0;
    for (let i = 0; i < x.length; i++) sumD += w[i]! * (x[i]! - z);
    this.z = z;
    this.sumD = sumD;
    const s = convexNewton(this, Math.exp(-from), slope);
    return s === null ? null : -Math.log(s);
  }

  at(s: number, out: Float64Array): number {
    const { x, w, n } = this.sample;
    const { z, b, sumD } = this;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < x.length; i++) {
      const d = x[i]! - z;
      const e = w[i]! * Math.exp(-d * s);
      s0 += e;
      s1 += e * d;
      s2 += e * d * d;
    }
    out[0] = -n / s + sumD - b * s1;
    out[1] = n / (s * s) + b * s2;
    // the slope in z: ∂ℓ/∂μ = (Σ w e^{−t} − n)/σ, e^{−t} = b e^{−ds}
    out[2] = s * (b * s0 - n);
    const value = -n * Math.log(s) + s * sumD + n * this.unit + b * s0;
    return Number.isNaN(value) ? Infinity : value;
  }
}
