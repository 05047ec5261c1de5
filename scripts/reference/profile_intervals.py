"""Reference profile-likelihood intervals of return values (Coles 2001 §2.6.6, §3.3.3, §4.3.3), computed by
brute force with scipy: the law reparametrised by its return value z (GEV/Gumbel: mu = z - sigma*Q1(q; xi);
GPD/exponential at the threshold u: sigma = (z - u)/Q1(q; xi)), the other parameters maximised by
scipy.optimize.minimize (Nelder-Mead from several starts, the best kept) at each z, and the ends of
{z : 2(l_max - l_p(z)) <= chi2_1(conf)} found by scipy.optimize.brentq.
Run with Debian's python3-scipy: /usr/bin/python3 scripts/reference/profile_intervals.py"""
import warnings

import numpy as np
from scipy import optimize, stats

from common import ERA5, NDBC_A, PORT_PIRIE, annual_maxima, decluster, load, write


warnings.filterwarnings('ignore')


def nll(dist, x, *args):
    v = -np.sum(dist.logpdf(x, *args))
    return v if np.isfinite(v) else 1e300


def best(f, starts):
    results = [optimize.minimize(f, s, method='Nelder-Mead',
                                 options={'xatol': 1e-10, 'fatol': 1e-12, 'maxiter': 20000}) for s in starts]
    return min(results, key=lambda r: r.fun)


def gev_profile(x, q):
    c0, loc0, s0 = stats.genextreme.fit(x)
    lmax = -nll(stats.genextreme, x, c0, loc0, s0)

    def prof(z):
        def f(t):
            ls, xi = t
            s = np.exp(ls)
            mu = z - s * stats.genextreme.ppf(q, -xi)
            return nll(stats.genextreme, x, -xi, mu, s)
        # a grid of starts: a start outside the support (nll 1e300) leaves a simplex stuck
        return -best(f, [[np.log(s0) + d, xi] for d in (-0.5, 0, 0.5) for xi in np.linspace(-0.5, 1.5, 9)]).fun
    return stats.genextreme.ppf(q, c0, loc0, s0), lmax, prof, s0


def gumbel_profile(x, q):
    loc0, s0 = stats.gumbel_r.fit(x)
    lmax = -nll(stats.gumbel_r, x, loc0, s0)

    def prof(z):
        def f(ls):
            s = np.exp(ls)
            return nll(stats.gumbel_r, x, z - s * stats.gumbel_r.ppf(q), s)
        return -optimize.minimize_scalar(f, bracket=(np.log(s0) - 0.5, np.log(s0) + 0.5)).fun
    return stats.gumbel_r.ppf(q, loc0, s0), lmax, prof, s0


def gpd_profile(x, u, q):
    c0, _, s0 = stats.genpareto.fit(x, floc=u)
    lmax = -nll(stats.genpareto, x, c0, u, s0)

    def prof(z):
        def f(t):
            xi = t[0]
            unit = stats.genpareto.ppf(q, xi)
            s = (z - u) / unit
            return nll(stats.genpareto, x, xi, u, s) if s > 0 else 1e300
        return -best(f, [[xi] for xi in np.linspace(-0.5, 1.5, 9)]).fun
    return stats.genpareto.ppf(q, c0, u, s0), lmax, prof, s0


def exponential_profile(x, u, q):
    s0 = np.mean(x - u)
    lmax = -nll(stats.expon, x, u, s0)

    def prof(z):
        return -nll(stats.expon, x, u, (z - u) / stats.expon.ppf(q))
    return stats.expon.ppf(q, u, s0), lmax, prof, s0


def interval(profile, conf, floor=None):
    z0, lmax, prof, scale = profile
    crit = stats.chi2.ppf(conf, 1)
    g = lambda z: 2 * (lmax - prof(z)) - crit
    h = 0.25 * scale
    hi = z0 + h
    while g(hi) < 0:
        hi = z0 + (hi - z0) * 1.6
    upper = optimize.brentq(g, z0, hi, xtol=1e-9)
    if floor is None:
        lo = z0 - h
        while g(lo) < 0:
            lo = z0 - (z0 - lo) * 1.6
    else:
        lo = floor + (z0 - floor) * 0.5
        while g(lo) < 0:
            lo = floor + (lo - floor) * 0.5
    lower = optimize.brentq(g, lo, z0, xtol=1e-9)
    return {'value': float(z0), 'lower': float(lower), 'upper': float(upper)}


pp = np.array(PORT_PIRIE)
era5 = load(ERA5)
am = np.array(annual_maxima(era5['swh']))
ndbc = load(NDBC_A)
hs = ndbc['hs']
u = float(np.percentile(hs.dropna().to_numpy(), 99))
peaks, lam = decluster(hs, u)

out = {
    'portPirie': {'values': PORT_PIRIE, 'confidence': 0.95,
                  'gev': {str(T): interval(gev_profile(pp, 1 - 1 / T), 0.95) for T in (10, 100)}},
    'am.era5.swh': {'values': am.tolist(), 'confidence': 0.9,
                    'gumbel': {str(T): interval(gumbel_profile(am, 1 - 1 / T), 0.9) for T in (10, 100)},
                    'gev': {str(T): interval(gev_profile(am, 1 - 1 / T), 0.9) for T in (10, 100)}},
    'pot.ndbc.hs': {'threshold': u, 'poissonLambda': lam, 'peaks': peaks.tolist(), 'confidence': 0.9,
                    'gpd': {str(T): interval(gpd_profile(peaks, u, 1 - 1 / (lam * T)), 0.9, floor=u)
                            for T in (10, 100)},
                    'exponential': {str(T): interval(exponential_profile(peaks, u, 1 - 1 / (lam * T)), 0.9,
                                                     floor=u) for T in (10, 100)}},
}
write('profile-intervals.json', out,
      'scripts/reference/profile_intervals.py (scipy.optimize profile likelihood, Coles 2001 §2.6.6)')
print({k: {l: v for l, v in b.items() if l in ('gev', 'gumbel', 'gpd', 'exponential')} for k, b in out.items()})
