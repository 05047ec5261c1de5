// Extreme value analysis, step 3 (default): profile-likelihood intervals of the return values (Coles 2001
// §2.6.6, §3.3.3 and §4.3.3). The law is reparametrised by its return value z_T: every law of the registry
// is a location-scale family, F⁻¹(q) = μ + σ·Q₁(q; ξ) with Q₁ the quantile at μ = 0, σ = 1, so
//   free location (GEV, Gumbel, Weibull 3p, normal):  μ = z − σ·Q₁(q; ξ), maximised over (σ, ξ);
//   location held (GPD, exponential, Weibull 2p at the threshold, lognormal, gamma): σ = (z − u)/Q₁(q; ξ),
//   maximised over ξ.
// The interval is {z : 2(ℓ̂ − ℓ_p(z)) ≤ χ²₁(1 − α)}: its ends are found by stepping out of the estimate
// until the deviance crosses the χ² quantile and solving there. Unlike the delta method it follows the
// skewness of the likelihood (Coles 2001 Fig. 3.6): the upper bound of a long return period is far above
// the estimate, the lower one never falls below what the data already show without the data saying so.
import { negativeLogLikelihood, type WeightedSample } from '../fit';
import { weibullAtLocation } from '../fit/likelihood';
import { locationScaleDerivatives } from '../fit/information';
import { LAWS } from '../laws';
import type { LawId, Parameters } from '../laws';
import { brentMinimize, nelderMead, newtonRoot } from '../optimize';
import { normalPpf } from '../special';
import { deltaMethodIntervals, expm1Ratio, type ReturnValueRow } from './intervals';
import { returnProbability, returnValue } from './model';
import type { ExtremeFit } from './model';

/** Laws whose location is a free parameter (the others hold it: the threshold of peaks, 0 otherwise). */
const FREE_LOCATION: readonly LawId[] = ['gev', 'gumbel', 'weibull3', 'normal'];
/** Laws with a shape parameter to maximise over (Gumbel and exponential have none, normal none). */
const HAS_SHAPE: readonly LawId[] = ['gev', 'weibull3', 'gpd', 'weibull2', 'lognormal', 'gamma'];

/**
 * Whether the law's return values get a profile-likelihood interval: not the 3-parameter Weibull, whose
 * location is an end point of the support (the likelihood is not regular and grows without bound as the
 * location nears the smallest value when k < 1, Smith 1985), so the χ² calibration of the deviance does not
 * hold; its rows carry no bounds and the analysis says so.
 */
export function hasProfileInterval(law: LawId): boolean {
  return law !== 'weibull3';
}

/** Steps out of the estimate before an end is declared unbounded (the step grows by 1.6 each time). */
const MAX_STEPS = 60;

/** The χ²₁ quantile at `confidence`: the square of the normal quantile at (1 + confidence)/2. */
export function chiSquare1Quantile(confidence: number): number {
  const z = normalPpf((1 + confidence) / 2);
  return z * z;
}

/** Q₁(q; ξ): the quantile of the law at location 0 and scale 1. */
function unitQuantile(law: LawId, q: number, shape: number | null): number {
  return LAWS[law].ppf(q, { location: 0, scale: 1, shape });
}

/**
 * The profile negative log-likelihood of the return value of probability q, as a function of z (the
 * optimum of the other parameters kept from the nearest z evaluated, as the start of the next).
 */
export function profileOf(fit: ExtremeFit, q: number): (z: number) => number {
  const profile = new ReturnValueProfile(fit, q);
  return (z) => profile.value(z);
}

/**
 * The profile negative log-likelihood of the return value of probability q (`value`), and its derivative in
 * z at a z already evaluated (`slope`): ReturnValueProfile's, as functions.
 */
export function profileWithSlope(
  fit: ExtremeFit,
  q: number,
): { value: (z: number) => number; slope: (z: number) => number } {
  const profile = new ReturnValueProfile(fit, q);
  return { value: (z) => profile.value(z), slope: (z) => profile.slope(z) };
}

/**
 * The profile negative log-likelihood of the return value of probability q (`value`), and its derivative in
 * z at a z already evaluated (`slope`). By the envelope theorem the profile's derivative is the likelihood's
 * partial derivative in z with the other parameters held at their optimum: with a free location
 * μ = z − σQ₁, ∂ℓ/∂μ (the GEV, Gumbel); with the location held at u and σ = (z − u)/Q₁, ∂ℓ/∂σ·σ/(z − u)
 * (the GPD, Weibull at the threshold, exponential). Newton's method computes it in its last pass over the
 * sample (no pass of its own; the exponential, which has no other parameter, takes one). NaN at a z not
 * evaluated, and where the optimum was not found by Newton's method inside the range (a fallback's optimum,
 * the edge ξ = −1).
 *
 * A class, not closures made per profile: V8 holds a closure's optimised code weakly, so once a set of
 * profiles was done and collected, the next set's closures were compiled again (~80 compilations per
 * 40-year set); a class's methods keep theirs.
 */
export class ReturnValueProfile {
  private readonly law: LawId;
  private readonly weighted: WeightedSample;
  private readonly q: number;
  private readonly freeLocation: boolean;
  private readonly hasShape: boolean;
  private readonly fixedLocation: number;
  /** the optimum of the other parameters at each z solved: the starts of the next solves */
  private readonly solved: { z: number; x: number[] }[] = [];
  /** the Weibull at the threshold: the logs of the peaks' excesses taken once for the whole profile */
  private readonly weibull: ((k: number, lambda: number) => number) | null;
  private readonly start: number[];
  /** ξ = 0 (Gumbel, exponential) has no bound of its support: a start that is always inside it */
  private readonly unbounded: number[] | null;
  private readonly steps: number[];
  private readonly convex: ConvexProfile | null;
  private readonly memo = new Map<number, number>();
  private readonly edgeOf: ((z: number) => GevEdge | null) | null;
  /** the profile's slope in z and its value at the optimum Newton's method returns, both from its last pass */
  private readonly zSlope = new Float64Array(2);
  /**
   * the slopes at the optima found by Newton's method inside the range, where the envelope theorem holds
   * (not at the edge ξ = −1: the GEV's optimum sits there on the support's end point, a bound that moves
   * with z; the GPD's few edge values are left to Brent's method too, a slope there gained nothing measurable)
   */
  private readonly interior = new Map<number, number>();

  constructor(fit: ExtremeFit, q: number) {
    const { law, weighted } = fit;
    this.law = law;
    this.weighted = weighted;
    this.q = q;
    this.freeLocation = FREE_LOCATION.includes(law);
    this.hasShape = HAS_SHAPE.includes(law);
    this.fixedLocation = fit.parameters.location;
    const shapeStep = law === 'gev' || law === 'gpd' ? 0.05 : 0.1 * Math.abs(fit.parameters.shape ?? 1);
    this.weibull = law === 'weibull2' ? weibullAtLocation(weighted, this.fixedLocation) : null;
    this.start = this.freeLocation
      ? this.hasShape
        ? [Math.log(fit.parameters.scale), fit.parameters.shape ?? 0]
        : [Math.log(fit.parameters.scale)]
      : this.hasShape
        ? [fit.parameters.shape ?? 0]
        : [];
    // at the estimate ẑ the optimum of the other parameters is the fit's own: known without a solve, it is
    // the first of the optima the next starts are taken (or extrapolated) from
    const estimate =
      fit.parameters.location + fit.parameters.scale * unitQuantile(law, q, fit.parameters.shape);
    if (this.start.length > 0 && Number.isFinite(estimate)) this.solved.push({ z: estimate, x: this.start });
    this.unbounded =
      law === 'gev' || law === 'gpd' ? this.start.map((x, i) => (i === this.start.length - 1 ? 0 : x)) : null;
    this.steps = this.start.map((_, i) => (this.freeLocation && i === 0 ? 0.1 : shapeStep));
    this.convex =
      law === 'weibull2'
        ? weibullShapeProfile(weighted, this.fixedLocation, q)
        : law === 'gumbel'
          ? new GumbelScaleProfile(weighted, q)
          : null;
    this.edgeOf = law === 'gev' ? gevEdgeProfile(weighted, q) : null;
  }

  private parametersAt(z: number, x: readonly number[]): Parameters | null {
    const { law } = this;
    const shape = this.hasShape ? x[x.length - 1]! : law === 'normal' ? null : 0;
    const unit = unitQuantile(law, this.q, shape);
    if (!Number.isFinite(unit)) return null;
    if (this.freeLocation) {
      const scale = Math.exp(x[0]!);
      return { location: z - scale * unit, scale, shape };
    }
    const scale = (z - this.fixedLocation) / unit;
    return scale > 0 ? { location: this.fixedLocation, scale, shape } : null;
  }

  private nll(z: number, x: readonly number[]): number {
    const p = this.parametersAt(z, x);
    if (!p) return Infinity;
    // the GEV's and the GPD's likelihoods are unbounded below ξ = −1 (no MLE there, fit/gev.ts and
    // fit/gpd.ts keep their searches to ξ ≥ −1): the profile is maximised over the same range, or it would
    // fall below the fit's optimum
    if ((this.law === 'gpd' || this.law === 'gev') && p.shape! < -1) return Infinity;
    return this.weibull ? this.weibull(p.shape!, p.scale) : negativeLogLikelihood(this.law, this.weighted, p);
  }

  /** `newtonOnly`: no fallback where Newton's method does not converge (the answer is then not used) */
  private solve(z: number, from: readonly number[], newtonOnly = false): Solved {
    const { law, weighted, zSlope } = this;
    // the GPD: Newton's method on the exact derivatives in ξ, warm-started from the nearest z solved;
    // Brent's method where it does not converge or the start is outside the support
    if (law === 'gpd') {
      const xi = gpdProfileNewton(weighted, -Math.log1p(-this.q), this.fixedLocation, z, from[0]!, zSlope);
      // a warm start outside the support at this z is left out (the start ξ = 0 is always inside)
      if (xi === 'outside' && from !== this.unbounded) return { x: [...from], value: Infinity };
      if (typeof xi === 'number') return { x: [xi], value: zSlope[1]!, newton: true, slope: zSlope[0]! };
      if (newtonOnly) return { x: [...from], value: Infinity };
    }
    // the Weibull at the threshold and the Gumbel: the profile is convex in one parameter (the shape k; the
    // inverse scale 1/σ), Newton's method on its exact derivatives, warm-started from the nearest z solved
    if (this.convex) {
      const x = this.convex.solve(z, from[0]!, zSlope);
      if (x !== null) return { x: [x], value: zSlope[1]!, newton: true, slope: zSlope[0]! };
    }
    // one parameter (the shape at a held location, the log scale of Gumbel and normal): Brent's method
    if (from.length === 1) return brentMinimize((x) => this.nll(z, [x]), from[0]!, this.steps[0]!);
    // the GEV: Newton's method on the exact derivatives; the simplex where it does not converge. A start
    // outside the support at this z (a warm start from a degenerate fit, ξ near or below −1: ξ = 0 is always
    // inside) is left out, as a start where the likelihood is not defined
    if (law === 'gev') {
      const a = -Math.log(-Math.log(this.q));
      const x = gevProfileNewton(weighted, a, z, from, zSlope);
      if (x === 'outside') return { x: [...from], value: Infinity };
      if (x) return { x, value: zSlope[1]!, newton: true, slope: zSlope[0]! };
      if (newtonOnly) return { x: [...from], value: Infinity };
      // Newton's method did not converge (on the synthetic 40-year point: every such value lies on the edge,
      // where it stalls against ξ = −1): the edge's optimum in closed form, where it is a local optimum
      // over the range (at the corner always: the value rises without bound into ξ > −1 as the largest value
      // leaves the end point, ∂f/∂ξ = −ln t → +∞; inside the support where ∂f/∂ξ ≥ 0). It equals or lies
      // below the simplex's optimum (by up to 7.7e-4 in ℓ, where the simplex stalled), one pass instead of
      // hundreds; the caller still compares it with the second start's
      const edge = this.edgeOf!(z);
      if (edge && (edge.corner || gevEdgeShapeSlope(weighted, a, z, edge.logSigma) >= 0))
        return { x: [edge.logSigma, -1], value: edge.value, edge: true, slope: edge.slope };
    }
    const nll = (x: readonly number[]): number => this.nll(z, x);
    let best = nelderMead(nll, [...from], this.steps, { tolerance: 1e-11, xTolerance: 1e-8 });
    // once more from its own optimum (escapes an early stall of the simplex)
    const again = nelderMead(
      nll,
      best.x,
      this.steps.map((s) => s / 10),
      { tolerance: 1e-11 },
    );
    if (again.value < best.value) best = again;
    return best;
  }

  /** The profile's slope in z at a z evaluated (NaN where the envelope theorem was not known to hold). */
  slope(z: number): number {
    if (this.start.length > 0) return this.interior.get(z) ?? NaN;
    const p = this.parametersAt(z, this.start);
    return p ? exponentialSlope(this.weighted, p.location, p.scale, z) : NaN;
  }

  /** The profile negative log-likelihood at z. */
  value(z: number): number {
    const { start, unbounded } = this;
    if (start.length === 0) return this.nll(z, start);
    const known = this.memo.get(z);
    if (known !== undefined) return known;
    let from = start;
    let distance = Infinity;
    let near: { z: number; x: number[] } | null = null;
    let next: { z: number; x: number[] } | null = null;
    for (const s of this.solved) {
      if (Math.abs(s.z - z) < distance) {
        distance = Math.abs(s.z - z);
        from = s.x;
        next = near;
        near = s;
      } else if (!next || Math.abs(s.z - z) < Math.abs(next.z - z)) next = s;
    }
    // the GEV and the GPD: the optimum extrapolated from the two nearest return values solved (the steps of
    // the root search lie close together: Newton's method starts next to the answer, 18 % fewer passes over
    // the sample per 40-year set); where it does not converge inside, the nearest one's optimum as before
    // (without the fallback's solve from the guess: its answer was never used)
    let best: Solved | null = null;
    if (unbounded && near && next && next.z !== near.z) {
      const slope = (z - near.z) / (near.z - next.z);
      const guess = new Array<number>(near.x.length);
      for (let i = 0; i < guess.length; i++) guess[i] = near.x[i]! + slope * (near.x[i]! - next.x[i]!);
      best = this.solve(z, guess, true);
      if (!converged(best)) best = null;
    }
    best ??= this.solve(z, from);
    // the start ξ = 0 once more, where the warm start did not converge inside the range by Newton's method
    // (it fell back, stopped at the edge ξ = −1 or left the support) or converged near the edge: a warm
    // start converged elsewhere is the answer (on the 40-year set the second start found a lower value only
    // at the edge, by < 2e-7). Near the edge the profile can have two branches: on the NDBC 44007 annual
    // minima of the zero-crossing period (GEV, ξ̂ = −0.63) the warm start converged at ξ = −0.983 while the
    // edge ξ = −1 was lower by 7e-3, and the 5-year interval's end fell on the wrong branch's crossing
    if (unbounded && !(converged(best) && best.x[best.x.length - 1]! > -1 + NEAR_EDGE)) {
      const other = this.solve(z, unbounded);
      if (other.value < best.value) best = other;
    }
    if (Number.isFinite(best.value)) {
      this.solved.push({ z, x: best.x });
      if (best.slope !== undefined && (unbounded ? converged(best) || best.edge : best.newton))
        this.interior.set(z, best.slope);
    }
    this.memo.set(z, best.value);
    return best.value;
  }
}

/**
 * A profile value's optimum over the other parameters; `newton` where Newton's method converged to it, with
 * the profile's slope in z there (the envelope theorem: the likelihood's partial derivative in z, the other
 * parameters held at their optimum).
 */
interface Solved {
  x: number[];
  value: number;
  newton?: boolean;
  /** the GEV's optimum on the edge ξ = −1 in closed form (gevEdgeProfile), with its slope in z */
  edge?: boolean;
  slope?: number;
}

/**
 * The exponential's profile slope in z (no other parameter: the likelihood's derivative in z itself): with the
 * location held at u and σ = (z − u)/Q₁, ∂ℓ/∂σ·σ/(z − u) = (n − Σ w y/σ)/(z − u), y = x − u.
 */
function exponentialSlope(sample: WeightedSample, u: number, sigma: number, z: number): number {
  const { x, w, n } = sample;
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += w[i]! * (x[i]! - u);
  return (n - sum / sigma) / (z - u);
}

/** Shapes this close to the edge ξ = −1 count as on it (the second start is solved there). */
const EDGE = 1e-6;
/** Shapes this close to the edge ξ = −1 get the second start too (the edge may hold a lower branch). */
const NEAR_EDGE = 0.1;

/** Whether a GEV/GPD profile's optimum was found by Newton's method inside the range, away from ξ = −1. */
function converged(solved: Solved): boolean {
  return (
    solved.newton === true && Number.isFinite(solved.value) && solved.x[solved.x.length - 1]! > -1 + EDGE
  );
}

/**
 * Profile-likelihood intervals of the return values at `confidence`. An end the likelihood does not bound
 * within 60 growing steps (a heavy upper tail on a short record) is NaN, and the caller says so.
 */
export function profileIntervals(
  fit: ExtremeFit,
  returnPeriods: readonly number[],
  confidence: number,
): ReturnValueRow[] {
  const critical = chiSquare1Quantile(confidence);
  const { law, parameters } = fit;
  if (!hasProfileInterval(law))
    return returnPeriods.map((T) => ({
      returnPeriod: T,
      value: returnValue(law, parameters, fit.method, fit.poissonLambda, T),
      lower: NaN,
      upper: NaN,
    }));
  // the delta method's half-widths: where the profile's ends are first looked for (a guess, not an answer)
  const delta = deltaMethodIntervals(fit, returnPeriods, confidence);
  const rows: ReturnValueRow[] = [];
  for (let t = 0; t < returnPeriods.length; t++)
    rows.push(profileRow(fit, returnPeriods[t]!, delta[t]!, critical));
  return rows;
}

/** One return period's row of profileIntervals; `delta` its delta-method row (the first steps' size). */
function profileRow(fit: ExtremeFit, T: number, delta: ReturnValueRow, critical: number): ReturnValueRow {
  const { law, parameters } = fit;
  const value = returnValue(law, parameters, fit.method, fit.poissonLambda, T);
  const q = returnProbability(fit.method, fit.poissonLambda, T);
  if (!Number.isFinite(value) || !(q > 0 && q < 1)) return { returnPeriod: T, value, lower: NaN, upper: NaN };
  const end = new ProfileDeviance(new ReturnValueProfile(fit, q), fit.nll, critical);
  // the first steps: the delta method's half-width where it is known (the profile's upper end lies at
  // 1.0–2.3 times it on the 40-year set, its lower end at 0.65–1.0: steps of 1.8 and 1.05 times it bracket
  // the end at once as a rule), else a quarter of the scale times the unit quantile's size
  const half = (delta.upper - delta.lower) / 2;
  const known = half > 0 && half < Infinity;
  const h0 = 0.25 * parameters.scale * Math.max(1, Math.abs(unitQuantile(law, q, parameters.shape)) / 4);
  const up = known ? 1.8 * half : h0;
  const down = known ? 1.05 * half : h0;
  const upper = endOf(end, value, (k) => value + up * Math.pow(1.6, k));
  const lower = FREE_LOCATION.includes(law)
    ? endOf(end, value, (k) => value - down * Math.pow(1.6, k))
    : // σ = (z − u)/Q₁ > 0: the lower end lies between the held location and the estimate (the steps
      // stop short of the location: the larger of two falling sequences)
      endOf(end, value, (k) =>
        Math.max(
          known ? value - down * Math.pow(1.6, k) : -Infinity,
          parameters.location + (value - parameters.location) * Math.pow(0.6, k + 1),
        ),
      );
  return { returnPeriod: T, value, lower, upper };
}

/**
 * The deviance of a return value's profile against the χ² quantile, 2(ℓ_p(z) − ℓ̂) − χ² in negative
 * log-likelihoods (its root is an end of the interval), and the same root on the signed-root scale,
 * r(z) = √(2(ℓ̂ − ℓ_p(z))) − √χ², nearly linear in z (the deviance is nearly quadratic): the interpolated
 * steps of the root search land close from the first. Methods (bound once for the root search), not
 * closures per return period: see ReturnValueProfile.
 */
class ProfileDeviance {
  /** √χ²: the signed root at the estimate is −root by definition (the deviance is 0 there) */
  readonly root: number;
  readonly signedRoot: (z: number) => number;
  readonly signedSlope: (z: number) => number;

  constructor(
    private readonly profile: ReturnValueProfile,
    private readonly nll: number,
    private readonly critical: number,
  ) {
    this.root = Math.sqrt(critical);
    this.signedRoot = this.signedRootAt.bind(this);
    this.signedSlope = this.signedSlopeAt.bind(this);
  }

  deviance(z: number): number {
    return 2 * (this.profile.value(z) - this.nll) - this.critical;
  }

  private signedRootAt(z: number): number {
    const d = this.deviance(z);
    return Number.isNaN(d) ? d : Math.sqrt(Math.max(0, d + this.critical)) - this.root;
  }

  /** r'(z) = ℓ_p'(z)/√(2(ℓ̂ − ℓ_p(z))) (in negative log-likelihoods), at a z evaluated */
  private signedSlopeAt(z: number): number {
    return this.profile.slope(z) / Math.sqrt(Math.max(0, this.deviance(z) + this.critical));
  }
}

/**
 * The end of the interval on one side: the first step where the deviance is positive, then its root, solved
 * on `signedRoot` (a function with the same sign and root, nearly linear; the profile is memoized per z, so
 * the step's values are not computed twice) from its values and slopes (newtonRoot) to the same tolerance
 * as Brent's method, 1e-7·(1 + |z|). At the estimate the signed root is −√χ² by definition (the deviance
 * is 0 there): it bounds the bracket without a profile value of its own.
 */
function endOf(end: ProfileDeviance, estimate: number, step: (k: number) => number): number {
  let inside = estimate;
  for (let k = 0; k < MAX_STEPS; k++) {
    const z = step(k);
    const d = end.deviance(z);
    if (d > 0)
      return newtonRoot(
        end.signedRoot,
        end.signedSlope,
        inside,
        z,
        1e-7,
        inside === estimate ? -end.root : undefined,
      );
    if (!Number.isFinite(d)) return NaN;
    inside = z;
  }
  return NaN;
}

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
function gevProfileNewton(
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
function gevEdgeProfile(sample: WeightedSample, q: number): (z: number) => GevEdge | null {
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
interface GevEdge {
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
function gevEdgeShapeSlope(sample: WeightedSample, a: number, z: number, logSigma: number): number {
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
function gpdProfileNewton(
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
function weibullShapeProfile(sample: WeightedSample, u: number, q: number): WeibullShapeProfile | null {
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
interface ConvexProfile {
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
class GumbelScaleProfile implements ConvexProfile, ConvexFunction {
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
