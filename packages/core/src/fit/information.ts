// The observed information of a fit (the Hessian of its negative log-likelihood at the estimate), exact, for
// every law: the delta-method intervals invert it.
import type { LawId, Parameters } from '../laws';
import { trigamma } from '../special';
import type { WeightedSample } from './sample';

/**
 * Below this |ξz| the GEV/GPD terms A = ln(1 + ξz)/ξ and their ξ-derivatives are summed as power series:
 * the closed forms subtract quantities of size z to leave one of size ξz² (relative error ≈ ε/|ξz|²).
 */
const SERIES_BELOW = 0.05;
/** 2^-54: a term smaller than this times its sum is below half the sum's ulp (adding it changes nothing). */
const NEGLIGIBLE = 2 ** -54;

/**
 * A = ln(1 + ξz)/ξ (→ z as ξ → 0) and its derivatives, written into `out` as [A, A_z, A_zz, A_ξ, A_zξ,
 * A_ξξ]. The GEV's negative log-likelihood per value is ln σ + (1 + ξ)A + e^{-A} and the GPD's
 * ln σ + (1 + ξ)A (Coles 2001 (3.7), (4.10)): written in A they have no 1/ξ left, so one form covers ξ = 0.
 * Series (|ξz| < SERIES_BELOW): A = z Σ_{k≥1} (−ξz)^{k−1}/k, differentiated term by term in ξ.
 */
function logTerms(xi: number, z: number, out: Float64Array): void {
  const t = 1 + xi * z;
  const u = xi * z;
  out[1] = 1 / t;
  out[2] = -xi / (t * t);
  out[4] = -z / (t * t);
  if (Math.abs(u) < SERIES_BELOW) {
    // 0.05^18 is far below rounding
    let a = 0;
    let aXi = 0;
    let aXiXi = 0;
    let power = 1; // (−u)^{k−1}
    let previous = 0; // (−u)^{k−2}
    let beforeThat = 0; // (−u)^{k−3}
    for (let k = 1; k <= 20; k++) {
      const termA = power / k;
      const termXi = k >= 2 ? (previous * (k - 1)) / k : 0;
      const termXiXi = k >= 3 ? (beforeThat * (k - 1) * (k - 2)) / k : 0;
      // a term below half an ulp of its sum leaves the sum as it is (2^-54·|s| < ulp(s)/2), and the
      // terms after it are smaller still (each series falls by a factor ≤ 2.25|u| < 1 a term): the rest of
      // the 20 terms would add nothing, the sums are those of the full loop bit for bit
      if (
        k >= 4 &&
        Math.abs(termA) < Math.abs(a) * NEGLIGIBLE &&
        Math.abs(termXi) < Math.abs(aXi) * NEGLIGIBLE &&
        Math.abs(termXiXi) < Math.abs(aXiXi) * NEGLIGIBLE
      )
        break;
      a += termA;
      aXi -= termXi;
      aXiXi += termXiXi;
      beforeThat = previous;
      previous = power;
      power *= -u;
    }
    out[0] = z * a;
    out[3] = z * z * aXi;
    out[5] = z * z * z * aXiXi;
    return;
  }
  const a = Math.log1p(u) / xi;
  const aXi = (z / t - a) / xi;
  out[0] = a;
  out[3] = aXi;
  out[5] = -((z * z) / (t * t) + 2 * aXi) / xi;
}

/**
 * The negative log-likelihood of a GEV, Gumbel, GPD or exponential law at (μ, σ, ξ) (ξ = 0 for Gumbel and
 * exponential), its gradient and its exact Hessian in (μ, σ, ξ), in one pass over the weighted sample,
 * written into `out` as [ℓ, ∂μ, ∂σ, ∂ξ, ∂μμ, ∂μσ, ∂σσ, ∂μξ, ∂σξ, ∂ξξ]. Per value the negative
 * log-likelihood is ln σ + L(z) with z = (x − μ)/σ and L = (1 + ξ)A + e^{-A} (GEV, Gumbel), (1 + ξ)A (GPD),
 * z (exponential), A = ln(1 + ξz)/ξ (logTerms): ∂/∂μ = −L_z/σ, ∂/∂σ = (1 − zL_z)/σ, ∂/∂ξ = L_ξ,
 * ∂²/∂μ² = L_zz/σ², ∂²/∂μ∂σ = (zL_zz + L_z)/σ², ∂²/∂σ² = (z²L_zz + 2zL_z − 1)/σ², ∂²/∂μ∂ξ = −L_zξ/σ,
 * ∂²/∂σ∂ξ = −zL_zξ/σ. False (out not complete) when a value lies outside the support.
 */
export function locationScaleDerivatives(
  law: 'gev' | 'gumbel' | 'gpd' | 'exponential',
  sample: WeightedSample,
  mu: number,
  sigma: number,
  xi: number,
  out: Float64Array,
): boolean {
  const { x, w, n } = sample;
  if (!(sigma > 0)) return false;
  const terms = new Float64Array(6);
  let sL = 0;
  let sZ = 0;
  let sSigma = 0;
  let sXi = 0;
  let sMuMu = 0;
  let sMuSigma = 0;
  let sSigmaSigma = 0;
  let sMuXi = 0;
  let sSigmaXi = 0;
  let sXiXi = 0;
  const peaks = law === 'gpd' || law === 'exponential';
  const maxima = law === 'gev' || law === 'gumbel';
  for (let i = 0; i < x.length; i++) {
    const z = (x[i]! - mu) / sigma;
    if (!(1 + xi * z > 0) || (peaks && z < 0)) return false;
    logTerms(xi, z, terms);
    const a = terms[0]!;
    const aZ = terms[1]!;
    const aZZ = terms[2]!;
    const aXi = terms[3]!;
    const aZXi = terms[4]!;
    const aXiXi = terms[5]!;
    // derivatives of L in z and ξ: for the GEV with y = e^{-A}, c = 1 + ξ − y, L_z = cA_z, L_ξ = A + cA_ξ,
    // L_zz = yA_z² + cA_zz, L_zξ = (1 + yA_ξ)A_z + cA_zξ, L_ξξ = 2A_ξ + yA_ξ² + cA_ξξ (y = 0 for the GPD)
    const y = maxima ? Math.exp(-a) : 0;
    const c = 1 + xi - y;
    const l = law === 'exponential' ? z : (1 + xi) * a + y;
    const lZ = law === 'exponential' ? 1 : c * aZ;
    const lZZ = law === 'exponential' ? 0 : y * aZ * aZ + c * aZZ;
    const lXi = a + c * aXi;
    const lZXi = (1 + y * aXi) * aZ + c * aZXi;
    const lXiXi = 2 * aXi + y * aXi * aXi + c * aXiXi;
    const wi = w[i]!;
    sL += wi * l;
    sZ += wi * lZ;
    sSigma += wi * z * lZ;
    sXi += wi * lXi;
    sMuMu += wi * lZZ;
    sMuSigma += wi * (z * lZZ + lZ);
    sSigmaSigma += wi * (z * z * lZZ + 2 * z * lZ);
    sMuXi += wi * lZXi;
    sSigmaXi += wi * z * lZXi;
    sXiXi += wi * lXiXi;
  }
  const s2 = sigma * sigma;
  out[0] = n * Math.log(sigma) + sL;
  out[1] = -sZ / sigma;
  out[2] = (n - sSigma) / sigma;
  out[3] = sXi;
  out[4] = sMuMu / s2;
  out[5] = sMuSigma / s2;
  out[6] = (sSigmaSigma - n) / s2;
  out[7] = -sMuXi / sigma;
  out[8] = -sSigmaXi / sigma;
  out[9] = sXiXi;
  return true;
}

/**
 * Observed information: the Hessian of the negative log-likelihood at `p`, in the law's estimated
 * parameters in the order (location, scale, shape) with the fixed ones left out — gev and weibull3
 * (μ, σ, ξ or k); gumbel and normal (μ, σ); gpd, weibull2, lognormal, gamma (σ, shape), location fixed;
 * exponential (σ). Exact second derivatives, summed in one pass over the weighted sample: writing the
 * negative log-likelihood per value as ln σ + L(z) with z = (x − μ)/σ, ∂²/∂μ² = L''/σ²,
 * ∂²/∂μ∂σ = (zL'' + L')/σ², ∂²/∂σ² = (z²L'' + 2zL' − 1)/σ² (Coles 2001 §2.6.4 uses its inverse as the
 * covariance of the estimates). Null when a value lies outside the law's support or a term is not finite.
 */
export function observedInformation(law: LawId, sample: WeightedSample, p: Parameters): number[][] | null {
  const { x, w, n } = sample;
  const m = x.length;
  const mu = p.location;
  const sigma = p.scale;
  if (!(sigma > 0)) return null;
  let h: number[][];
  switch (law) {
    case 'gev':
    case 'gumbel':
    case 'gpd':
    case 'exponential': {
      const d = new Float64Array(10);
      if (
        !locationScaleDerivatives(
          law,
          sample,
          mu,
          sigma,
          law === 'gev' || law === 'gpd' ? (p.shape ?? 0) : 0,
          d,
        )
      )
        return null;
      const [, , , , muMu, muSigma, sigmaSigma, muXi, sigmaXi, xiXi] = d;
      if (law === 'gev')
        h = [
          [muMu!, muSigma!, muXi!],
          [muSigma!, sigmaSigma!, sigmaXi!],
          [muXi!, sigmaXi!, xiXi!],
        ];
      else if (law === 'gumbel')
        h = [
          [muMu!, muSigma!],
          [muSigma!, sigmaSigma!],
        ];
      else if (law === 'gpd')
        h = [
          [sigmaSigma!, sigmaXi!],
          [sigmaXi!, xiXi!],
        ];
      else h = [[sigmaSigma!]];
      break;
    }
    case 'weibull2':
    case 'weibull3': {
      // per value ln λ + M(s) with s = ln((x − μ)/λ), M = −ln k − (k − 1)s + e^{ks}:
      // M_s = 1 − k + ke^{ks}, M_ss = k²e^{ks}, M_ks = e^{ks}(1 + ks) − 1, M_kk = 1/k² + s²e^{ks};
      // ∂s/∂λ = −1/λ, ∂s/∂μ = −1/(x − μ), ∂²s/∂μ² = −1/(x − μ)², ∂²s/∂λ² = 1/λ²
      const k = p.shape ?? 0;
      if (!(k > 0)) return null;
      let sLL = 0;
      let sLK = 0;
      let sKK = 0;
      let sMM = 0;
      let sML = 0;
      let sMK = 0;
      for (let i = 0; i < m; i++) {
        const d = x[i]! - mu;
        if (!(d > 0)) return null;
        const s = Math.log(d / sigma);
        const e = Math.exp(k * s);
        const mS = 1 - k + k * e;
        const mSS = k * k * e;
        const mKS = e * (1 + k * s) - 1;
        const wi = w[i]!;
        sLL += wi * (mSS + mS);
        sLK += wi * mKS;
        sKK += wi * (1 / (k * k) + s * s * e);
        sMM += (wi * (mSS - mS)) / (d * d);
        sML += (wi * mSS) / d;
        sMK += (wi * mKS) / d;
      }
      const lambdaLambda = (sLL - n) / (sigma * sigma);
      const lambdaK = -sLK / sigma;
      h =
        law === 'weibull2'
          ? [
              [lambdaLambda, lambdaK],
              [lambdaK, sKK],
            ]
          : [
              [sMM, sML / sigma, -sMK],
              [sML / sigma, lambdaLambda, lambdaK],
              [-sMK, lambdaK, sKK],
            ];
      break;
    }
    case 'normal': {
      // L = z²/2: L' = z, L'' = 1
      let sZ = 0;
      let sZZ = 0;
      for (let i = 0; i < m; i++) {
        const z = (x[i]! - mu) / sigma;
        sZ += w[i]! * z;
        sZZ += w[i]! * z * z;
      }
      const s2 = sigma * sigma;
      h = [
        [n / s2, (2 * sZ) / s2],
        [(2 * sZ) / s2, (3 * sZZ - n) / s2],
      ];
      break;
    }
    case 'lognormal': {
      // per value ln s + ln y + v²/2 with v = (ln y − ln λ)/s, y = x − location
      const s = p.shape ?? 0;
      if (!(s > 0)) return null;
      let sV = 0;
      let sVV = 0;
      for (let i = 0; i < m; i++) {
        const y = x[i]! - mu;
        if (!(y > 0)) return null;
        const v = Math.log(y / sigma) / s;
        sV += w[i]! * v;
        sVV += w[i]! * v * v;
      }
      h = [
        [(n / s + sV) / (s * sigma * sigma), (2 * sV) / (sigma * s * s)],
        [(2 * sV) / (sigma * s * s), (3 * sVV - n) / (s * s)],
      ];
      break;
    }
    case 'gamma': {
      // per value ln Γ(k) + k ln θ − (k − 1) ln y + y/θ
      const k = p.shape ?? 0;
      if (!(k > 0)) return null;
      let sY = 0;
      for (let i = 0; i < m; i++) {
        const y = x[i]! - mu;
        if (!(y > 0)) return null;
        sY += w[i]! * y;
      }
      h = [
        [((2 * sY) / sigma - n * k) / (sigma * sigma), n / sigma],
        [n / sigma, n * trigamma(k)],
      ];
      break;
    }
  }
  return h.every((row) => row.every(Number.isFinite)) ? h : null;
}
