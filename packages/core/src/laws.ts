// The registry of probability laws: density, distribution and quantile functions with the parameter
// names of the spec (locationParameter, scaleParameter, shapeParameter). Conventions follow scipy.stats
// except the GEV and GPD shape, which is ξ in the Coles (2001) sign convention (scipy's c = -ξ).
import { gammaP, gammaQ, logGamma, normalCdf, normalPpf } from './special';
import { solveBracketed } from './optimize';

export interface Parameters {
  location: number;
  scale: number;
  /** Shape; 0 for Gumbel and exponential (the ξ = 0 members of GEV and GPD), null for the normal law. */
  shape: number | null;
}

export type LawId =
  'normal' | 'lognormal' | 'gamma' | 'gumbel' | 'weibull2' | 'weibull3' | 'gev' | 'gpd' | 'exponential';

export interface Law {
  id: LawId;
  /** The law's name in legends, tables and method texts: the one name shown everywhere (lawName). */
  name: string;
  description: string;
  /** Number of parameters estimated from data (fixed ones excluded), for AIC. */
  freeParameters: number;
  logpdf: (x: number, p: Parameters) => number;
  cdf: (x: number, p: Parameters) => number;
  ppf: (q: number, p: Parameters) => number;
}

const shapeOf = (p: Parameters): number => p.shape ?? 0;

/** |ξ| below this is treated as the ξ = 0 limit (Gumbel / exponential) to avoid cancellation. */
const XI_ZERO = 1e-9;

const normal: Law = {
  id: 'normal',
  name: 'Normal',
  description: 'Gaussian law; location = mean, scale = standard deviation.',
  freeParameters: 2,
  logpdf: (x, p) => {
    const z = (x - p.location) / p.scale;
    return -0.5 * z * z - Math.log(p.scale) - 0.5 * Math.log(2 * Math.PI);
  },
  cdf: (x, p) => normalCdf((x - p.location) / p.scale),
  ppf: (q, p) => p.location + p.scale * normalPpf(q),
};

const lognormal: Law = {
  id: 'lognormal',
  name: 'Log-normal',
  description: 'ln(x - location) is normal with mean ln(scale) and standard deviation shape (scipy lognorm).',
  freeParameters: 2,
  logpdf: (x, p) => {
    const y = x - p.location;
    if (!(y > 0)) return -Infinity;
    const s = shapeOf(p);
    const z = Math.log(y / p.scale) / s;
    return -0.5 * z * z - Math.log(s * y) - 0.5 * Math.log(2 * Math.PI);
  },
  cdf: (x, p) => {
    const y = x - p.location;
    return y > 0 ? normalCdf(Math.log(y / p.scale) / shapeOf(p)) : 0;
  },
  ppf: (q, p) => p.location + p.scale * Math.exp(shapeOf(p) * normalPpf(q)),
};

const gamma: Law = {
  id: 'gamma',
  name: 'Gamma',
  description: 'Gamma law with shape k and scale θ, location fixed at 0 (scipy gamma).',
  freeParameters: 2,
  logpdf: (x, p) => {
    const y = (x - p.location) / p.scale;
    if (!(y > 0)) return -Infinity;
    const k = shapeOf(p);
    return (k - 1) * Math.log(y) - y - logGamma(k) - Math.log(p.scale);
  },
  cdf: (x, p) => gammaP(shapeOf(p), Math.max(0, (x - p.location) / p.scale)),
  ppf: (q, p) => {
    if (q <= 0) return p.location;
    if (q >= 1) return Infinity;
    const k = shapeOf(p);
    let hi = Math.max(1, k);
    while (gammaP(k, hi) < q) hi *= 2;
    const y = solveBracketed((t) => (q < 0.5 ? gammaP(k, t) - q : 1 - q - gammaQ(k, t)), 0, hi, 1e-15);
    return p.location + p.scale * y;
  },
};

const gumbel: Law = {
  id: 'gumbel',
  name: 'Gumbel',
  description: 'Gumbel law for maxima (scipy gumbel_r), the GEV with ξ = 0.',
  freeParameters: 2,
  logpdf: (x, p) => {
    const z = (x - p.location) / p.scale;
    return -z - Math.exp(-z) - Math.log(p.scale);
  },
  cdf: (x, p) => Math.exp(-Math.exp(-(x - p.location) / p.scale)),
  ppf: (q, p) => p.location - p.scale * Math.log(-Math.log(q)),
};

function weibull(
  id: 'weibull2' | 'weibull3',
  name: string,
  freeParameters: number,
  description: string,
): Law {
  return {
    id,
    name,
    description,
    freeParameters,
    logpdf: (x, p) => {
      const y = (x - p.location) / p.scale;
      const k = shapeOf(p);
      if (y < 0 || (y === 0 && k !== 1)) return y === 0 && k < 1 ? Infinity : -Infinity;
      return Math.log(k / p.scale) + (k - 1) * Math.log(y) - Math.pow(y, k);
    },
    cdf: (x, p) => {
      const y = (x - p.location) / p.scale;
      return y > 0 ? -Math.expm1(-Math.pow(y, shapeOf(p))) : 0;
    },
    ppf: (q, p) => p.location + p.scale * Math.pow(-Math.log1p(-q), 1 / shapeOf(p)),
  };
}

const gev: Law = {
  id: 'gev',
  name: 'GEV',
  description: 'Generalised extreme value law of block maxima, shape ξ as in Coles (2001) §3.1.3.',
  freeParameters: 3,
  logpdf: (x, p) => {
    const xi = shapeOf(p);
    const z = (x - p.location) / p.scale;
    if (Math.abs(xi) < XI_ZERO) return -z - Math.exp(-z) - Math.log(p.scale);
    if (!(xi * z > -1)) return -Infinity;
    // ln(1 + ξz) by log1p: the 1/ξ factors multiply its rounding at small ξ (log would lose ε/|ξz|)
    const logT = Math.log1p(xi * z);
    return -Math.log(p.scale) - (1 + 1 / xi) * logT - Math.exp(-logT / xi);
  },
  cdf: (x, p) => {
    const xi = shapeOf(p);
    const z = (x - p.location) / p.scale;
    if (Math.abs(xi) < XI_ZERO) return Math.exp(-Math.exp(-z));
    if (!(xi * z > -1)) return xi > 0 ? 0 : 1;
    return Math.exp(-Math.exp(-Math.log1p(xi * z) / xi));
  },
  ppf: (q, p) => {
    const xi = shapeOf(p);
    const y = -Math.log(q);
    if (Math.abs(xi) < XI_ZERO) return p.location - p.scale * Math.log(y);
    return p.location + (p.scale * Math.expm1(-xi * Math.log(y))) / xi;
  },
};

const gpd: Law = {
  id: 'gpd',
  name: 'GPD',
  description:
    'Generalised Pareto law of threshold excesses, location = threshold, ξ as in Coles (2001) §4.2.',
  freeParameters: 2,
  logpdf: (x, p) => {
    const xi = shapeOf(p);
    const z = (x - p.location) / p.scale;
    if (z < 0) return -Infinity;
    if (Math.abs(xi) < XI_ZERO) return -z - Math.log(p.scale);
    if (!(xi * z > -1)) return -Infinity;
    // ln(1 + ξz) by log1p: the 1/ξ factor multiplies its rounding at small ξ (log would lose ε/|ξz|)
    return -Math.log(p.scale) - (1 + 1 / xi) * Math.log1p(xi * z);
  },
  cdf: (x, p) => {
    const xi = shapeOf(p);
    const z = Math.max(0, (x - p.location) / p.scale);
    if (Math.abs(xi) < XI_ZERO) return -Math.expm1(-z);
    if (!(xi * z > -1)) return 1;
    return -Math.expm1(-Math.log1p(xi * z) / xi);
  },
  ppf: (q, p) => {
    const xi = shapeOf(p);
    const y = -Math.log1p(-q);
    if (Math.abs(xi) < XI_ZERO) return p.location + p.scale * y;
    return p.location + (p.scale * Math.expm1(xi * y)) / xi;
  },
};

const exponential: Law = {
  id: 'exponential',
  name: 'Exponential',
  description: 'Exponential law of threshold excesses (GPD with ξ = 0), location = threshold.',
  freeParameters: 1,
  logpdf: (x, p) => {
    const z = (x - p.location) / p.scale;
    return z < 0 ? -Infinity : -z - Math.log(p.scale);
  },
  cdf: (x, p) => -Math.expm1(-Math.max(0, (x - p.location) / p.scale)),
  ppf: (q, p) => p.location - p.scale * Math.log1p(-q),
};

export const LAWS: Readonly<Record<LawId, Law>> = {
  normal,
  lognormal,
  gamma,
  gumbel,
  weibull2: weibull('weibull2', 'Weibull 2p', 2, 'Weibull law with location fixed (0, or the threshold).'),
  weibull3: weibull(
    'weibull3',
    'Weibull 3p',
    3,
    'Weibull law with a fitted location below the smallest value.',
  ),
  gev,
  gpd,
  exponential,
};

/** The name of a law id (LAWS[id].name); an id the registry does not know is shown as it is. */
export function lawName(id: string): string {
  return Object.hasOwn(LAWS, id) ? LAWS[id as LawId].name : id;
}

export function lawOf(id: string): Law {
  const law = (LAWS as Record<string, Law | undefined>)[id];
  if (!law) throw new RangeError(`lawOf: unknown law "${id}" (have ${Object.keys(LAWS).join(', ')})`);
  return law;
}
