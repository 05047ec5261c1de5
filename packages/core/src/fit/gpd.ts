// The GPD maximum-likelihood fit over a fixed threshold: the profile likelihood in θ = ξ/σ (Grimshaw 1993)
// from cold, the simplex from a nearby estimate (bootstrap refits).
import type { Parameters } from '../laws';
import { goldenMax, nelderMead } from '../optimize';
import { negativeLogLikelihood } from './likelihood';
import type { WeightedSample } from './sample';

/** GPD MLE of the excesses over `threshold`: the profile search cold, the simplex from a nearby estimate. */
export function fitGpd(s: WeightedSample, threshold: number, start?: Parameters): Parameters {
  if (s.n < 2) throw new RangeError('fitGpd: at least 2 peaks are needed');
  // ξ < -1: the likelihood is unbounded as u + σ/|ξ| reaches the largest peak, no MLE (Smith 1985;
  // Coles 2001 §4.3.2): the search is kept to ξ ≥ -1
  const nll = (v: number[]): number =>
    v[1]! < -1
      ? Infinity
      : negativeLogLikelihood('gpd', s, { location: threshold, scale: Math.exp(v[0]!), shape: v[1]! });
  if (start) {
    const warm = nelderMead(nll, [Math.log(start.scale), start.shape ?? 0], [0.1, 0.05], {
      tolerance: 1e-9,
      xTolerance: 1e-6,
    });
    return { location: threshold, scale: Math.exp(warm.x[0]!), shape: warm.x[1]! };
  }
  return gpdProfileFit(s, threshold);
}

/**
 * GPD maximum likelihood by the profile in θ = ξ/σ (Grimshaw 1993): for a given θ the likelihood is
 * maximised over ξ in closed form, ξ(θ) = Σ w log(1 + θy) / n with y = x − u, leaving the one-dimensional
 * l*(θ) = −n log(ξ/θ) − nξ − n (θ → 0: the exponential, −n log ȳ − n). It is searched on t = log(1 + θ·y_max)
 * (θ > −1/y_max keeps every peak inside the support): a grid of step 0.25 on [−30, 8], then golden section
 * around the best grid point. ξ < −1 has no MLE (the likelihood is unbounded) and is left out; when the
 * profile's maximum lies there the estimate is the edge ξ = −1.
 */
function gpdProfileFit(s: WeightedSample, threshold: number): Parameters {
  const m = s.x.length;
  const y = new Float64Array(m);
  let yMax = 0;
  let meanY = 0;
  for (let i = 0; i < m; i++) {
    y[i] = s.x[i]! - threshold;
    if (y[i]! > yMax) yMax = y[i]!;
    meanY += (s.w[i]! * y[i]!) / s.n;
  }
  if (!(yMax > 0) || !(meanY > 0)) throw new RangeError('fitGpd: the peaks do not exceed the threshold');
  const exponential = -s.n * Math.log(meanY) - s.n;
  const search = new GpdProfile(s, y, yMax, exponential);
  const profile = search.profileAt;
  const step = 0.25;
  let best = 0;
  let bestValue = exponential;
  for (let t = -30; t <= 8; t += step) {
    const value = profile(t);
    if (value > bestValue) {
      best = t;
      bestValue = value;
    }
  }
  const refined = goldenMax(profile, best - step, best + step, 1e-12);
  const refinedValue = profile(refined);
  const t = refinedValue >= bestValue ? refined : best;
  // the edge ξ = −1 (uniform on (0, σ), best at σ = y_max): the optimum when the profile's lies below ξ = −1
  if (-s.n * Math.log(yMax) > Math.max(bestValue, refinedValue))
    return { location: threshold, scale: yMax * (1 + 1e-12), shape: -1 };
  const theta = search.thetaOf(t);
  if (Math.abs(theta * yMax) < 1e-12) return { location: threshold, scale: meanY, shape: 0 };
  const xi = search.xiOf(theta);
  return { location: threshold, scale: xi / theta, shape: xi };
}

/**
 * gpdProfileFit's profile l*(θ(t)) and its closed-form ξ(θ) over the excesses y. Methods, not closures made
 * per fit: V8 holds a closure's optimised code weakly (compiled again after every collection).
 */
class GpdProfile {
  /** l*(θ(t)), −∞ where ξ(θ) < −1 or outside the support: what the search over t maximises */
  readonly profileAt: (t: number) => number;

  constructor(
    private readonly s: WeightedSample,
    private readonly y: Float64Array,
    private readonly yMax: number,
    private readonly exponential: number,
  ) {
    this.profileAt = this.profile.bind(this);
  }

  thetaOf(t: number): number {
    return Math.expm1(t) / this.yMax;
  }

  xiOf(theta: number): number {
    const { s, y } = this;
    let sum = 0;
    for (let i = 0; i < y.length; i++) sum += s.w[i]! * Math.log1p(theta * y[i]!);
    return sum / s.n;
  }

  private profile(t: number): number {
    const { n } = this.s;
    const theta = this.thetaOf(t);
    if (Math.abs(theta * this.yMax) < 1e-12) return this.exponential;
    const xi = this.xiOf(theta);
    if (!(xi >= -1) || !(xi / theta > 0)) return -Infinity;
    return -n * Math.log(xi / theta) - n * xi - n;
  }
}
