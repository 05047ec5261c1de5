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
import { LAWS } from '../laws';
import type { LawId, Parameters } from '../laws';
import { brentMinimize, nelderMead, newtonRoot } from '../optimize';
import { normalPpf } from '../special';
import { deltaMethodIntervals, type ReturnValueRow } from './intervals';
import { returnProbability, returnValue } from './model';
import type { ExtremeFit } from './model';
import {
  EDGE,
  gevEdgeProfile,
  gevEdgeShapeSlope,
  gevProfileNewton,
  gpdProfileNewton,
  GumbelScaleProfile,
  weibullShapeProfile,
  type ConvexProfile,
  type GevEdge,
} from './profile-solvers';

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
  return profileWithSlope(fit, q).value;
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
