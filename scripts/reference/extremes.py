"""Reference values for the distribution fits (APD) and extremes (EXT) from scipy.stats on the real
series and on Coles' (2001) Port Pirie annual maxima. Run with Debian's python3-scipy:
/usr/bin/python3 scripts/reference/extremes.py
scipy's GEV shape c is -xi of Coles; negative log-likelihoods are compared, not only parameters."""
import warnings

import numpy as np
from scipy import stats

from common import ERA5, NDBC_A, PORT_PIRIE, annual_maxima, decluster, load, write

warnings.filterwarnings('ignore')
PERIODS = [1, 2, 5, 10, 20, 50, 100, 1000, 10000]

def params(dist, fitted):
    """scipy tuple -> {location, scale, shape} with the Coles sign for GEV/GPD."""
    if dist == 'genextreme':
        c, loc, scale = fitted
        return {'location': loc, 'scale': scale, 'shape': -c}
    if dist == 'genpareto':
        c, loc, scale = fitted
        return {'location': loc, 'scale': scale, 'shape': c}
    if dist in ('weibull_min', 'gamma', 'lognorm'):
        c, loc, scale = fitted
        return {'location': loc, 'scale': scale, 'shape': c}
    loc, scale = fitted
    return {'location': loc, 'scale': scale, 'shape': None}


def fit(dist, x, **fixed):
    d = getattr(stats, dist)
    fitted = d.fit(x, **fixed)
    nll = float(-np.sum(d.logpdf(x, *fitted)))
    ks = float(stats.kstest(x, d(*fitted).cdf).statistic)
    return {'parameters': params(dist, fitted), 'nll': nll, 'ks': ks, 'frozen': d(*fitted)}


def public(f, extra=None):
    out = {k: v for k, v in f.items() if k != 'frozen'}
    return {**out, **(extra or {})}


era5 = load(ERA5)
swh = era5['swh']
v = swh.dropna().to_numpy()

# APD: all data
apd = {
    'normal': public(fit('norm', v)),
    'lognormal': public(fit('lognorm', v, floc=0)),
    'gamma': public(fit('gamma', v, floc=0)),
    'gumbel': public(fit('gumbel_r', v)),
    'weibull2': public(fit('weibull_min', v, floc=0)),
    'weibull3': public(fit('weibull_min', v)),
}


def am_block(values):
    out = {}
    for law, dist in [('gev', 'genextreme'), ('gumbel', 'gumbel_r')]:
        f = fit(dist, np.array(values))
        rv = [float(f['frozen'].ppf(1 - 1 / T)) if T > 1 else None for T in PERIODS]
        out[law] = public(f, {'returnValues': rv})
    return {'values': values, 'fits': out}


def pot_block(s, q=0.99):
    u = float(np.percentile(s.dropna().to_numpy(), 100 * q))
    peaks, lam = decluster(s, u)
    out = {}
    for law, dist, fixed in [('gpd', 'genpareto', {'floc': u}), ('exponential', 'expon', {'floc': u}),
                             ('weibull2', 'weibull_min', {'floc': u}), ('weibull3', 'weibull_min', {})]:
        f = fit(dist, peaks, **fixed)
        rv = [float(f['frozen'].ppf(1 - 1 / (lam * T))) if lam * T > 1 else None for T in PERIODS]
        out[law] = public(f, {'returnValues': rv})
    return {'threshold': u, 'peaks': peaks.tolist(), 'poissonLambda': lam, 'fits': out}


ndbc = load(NDBC_A)

# Parametric bootstrap of the Port Pirie GEV, 90 % intervals of the 10- and 100-year levels: a Monte
# Carlo reference (numpy seed 20240501, 1000 resamples) for the seeded TypeScript bootstrap.
pp = np.array(PORT_PIRIE)
c, loc, scale = stats.genextreme.fit(pp)
rng = np.random.default_rng(20240501)
draws = {10: [], 100: []}
for _ in range(1000):
    sample = stats.genextreme.rvs(c, loc, scale, size=pp.size, random_state=rng)
    cb, lb, sb = stats.genextreme.fit(sample, c, loc=loc, scale=scale)
    for T in draws:
        draws[T].append(stats.genextreme.ppf(1 - 1 / T, cb, lb, sb))
bootstrap = {str(T): {'lower': float(np.percentile(d, 5)), 'upper': float(np.percentile(d, 95))}
             for T, d in draws.items()}

write('extremes.json', {
    'returnPeriods': PERIODS,
    'apd.era5.swh': apd,
    'am.era5.swh': am_block(annual_maxima(swh)),
    'am.ndbc.hs': am_block(annual_maxima(ndbc['hs'])),
    'pot.era5.swh': pot_block(swh),
    'pot.ndbc.hs': pot_block(ndbc['hs']),
    'portPirie': {
        **am_block(PORT_PIRIE),
        'bootstrap90': bootstrap,
        # Coles (2001) §3.4.1, p. 59-60: MLE (mu, sigma, xi) and 95 % delta-method intervals of the return levels
        'coles': {'location': 3.87, 'scale': 0.198, 'shape': -0.050,
                  'covariance': [[0.000780, 0.000197, -0.00107], [0.000197, 0.000410, -0.000778],
                                 [-0.00107, -0.000778, 0.00965]],
                  'return10': {'value': 4.30, 'lower': 4.19, 'upper': 4.41},
                  'return100': {'value': 4.69, 'lower': 4.38, 'upper': 5.00}},
    },
}, 'scripts/reference/extremes.py (scipy.stats fit/logpdf/kstest/ppf; Coles 2001 §3.4.1)')
