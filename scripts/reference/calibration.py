"""Reference values for the calibration of a hindcast against measurements (packages/core/src/calibration,
issue 33), computed independently with numpy/scipy on a real buoy record.
Run with Debian's python3-scipy: /usr/bin/python3 scripts/reference/calibration.py

The measurement is NDBC 44007 Hs (ec-benchmark A.txt + Ar.txt, 1996-2017, absent hours NaN on the hourly
grid). The "model" is made from it by a known, not exactly invertible law: m(t) = 0.85 * o(t - 3 h)^1.1 + 0.05
(a three-hour lag blurs it, so no law recovers o exactly). Pairs: common hours where both exist.
Laws: linear = numpy.polyfit(m, o, 1); power = scipy.optimize.curve_fit(a*m**b) started from the log-log
polyfit; quantile = numpy.quantile (type 7) on 1001 levels, ties of model quantiles merged to the mean of their
measured quantiles, linear beyond the table with the slope over its outer 1 %. Corrected values below 0 are 0.
Out of sample: leave-one-year-out (UTC calendar years); a single year: 4 blocks of equal duration."""
import numpy as np
from scipy import optimize, stats

from common import NDBC_A, load, write

obs = load(NDBC_A)['hs']
o_all = obs.to_numpy(dtype=float)
m_all = np.full_like(o_all, np.nan)
m_all[3:] = 0.85 * o_all[:-3] ** 1.1 + 0.05
keep = np.isfinite(o_all) & np.isfinite(m_all)
T = obs.index[keep]
M = m_all[keep]
O = o_all[keep]
YEARS = T.year.to_numpy()
MONTHS = T.month.to_numpy() - 1
TMS = (T.asi8 // 10**6).astype(float)


def fit(method, m, o):
    if method == 'linear':
        b, a = np.polyfit(m, o, 1)
        return ('linear', a, b)
    if method == 'power':
        pos = (m > 0) & (o > 0)
        b0, la0 = np.polyfit(np.log(m[pos]), np.log(o[pos]), 1)
        (a, b), _ = optimize.curve_fit(lambda x, a, b: a * x ** b, m, o, p0=(np.exp(la0), b0), xtol=1e-14, ftol=1e-14)
        return ('power', a, b)
    p = np.linspace(0, 1, 1001)
    xq = np.quantile(m, p)
    yq = np.quantile(o, p)
    xs, inv = np.unique(xq, return_inverse=True)
    ys = np.array([yq[inv == k].mean() for k in range(len(xs))])
    n = len(xs)
    low = min(n - 1, max(1, round(10 * n / 1001)))
    high = max(0, n - 1 - low)

    def slope(i, j):
        s = (ys[j] - ys[i]) / (xs[j] - xs[i])
        return s if np.isfinite(s) and s > 0 else 1.0
    return ('quantile', xs, ys, slope(0, low), slope(high, n - 1))


def apply(law, x):
    if law[0] == 'linear':
        y = law[1] + law[2] * x
    elif law[0] == 'power':
        y = law[1] * x ** law[2]
    else:
        _, xs, ys, ls, hs = law
        y = np.interp(x, xs, ys)
        y = np.where(x < xs[0], ys[0] + (x - xs[0]) * ls, y)
        y = np.where(x > xs[-1], ys[-1] + (x - xs[-1]) * hs, y)
    return np.maximum(y, 0.0)


def fit_any(method, per_month, m, o, months):
    if not per_month:
        return [fit(method, m, o)]
    return [fit(method, m[months == k], o[months == k]) for k in range(12)]


def apply_any(laws, x, months):
    if len(laws) == 1:
        return apply(laws[0], x)
    y = np.empty_like(x)
    for k in range(12):
        y[months == k] = apply(laws[k], x[months == k])
    return y


def summary(m, o):
    d = m - o
    return {'n': len(m), 'bias': d.mean(), 'rmse': np.sqrt((d ** 2).mean()),
            'si': np.sqrt((((m - m.mean()) - (o - o.mean())) ** 2).mean()) / o.mean(),
            'p99Error': np.quantile(m, 0.99) - np.quantile(o, 0.99)}


def folds_of(years, tms):
    distinct = np.unique(years)
    if len(distinct) >= 2:
        return 'leave-one-year-out', np.searchsorted(distinct, years), len(distinct)
    width = (tms[-1] - tms[0]) / 4
    return 'blocks', np.minimum(3, np.floor((tms - tms[0]) / width).astype(int)), 4


def judge(method, per_month, m, o, years, months, tms):
    laws = fit_any(method, per_month, m, o, months)
    scheme, fold, count = folds_of(years, tms)
    mm, cc, oo = [], [], []
    for k in range(count):
        held = fold == k
        if not held.any():
            continue
        tr = ~held
        law = fit_any(method, per_month, m[tr], o[tr], months[tr])
        mm.append(m[held]); cc.append(apply_any(law, m[held], months[held])); oo.append(o[held])
    mm, cc, oo = np.concatenate(mm), np.concatenate(cc), np.concatenate(oo)
    params = {} if method == 'quantile' else ({'a': laws[0][1], 'b': laws[0][2]} if not per_month else
                                              {'a': [l[1] for l in laws], 'b': [l[2] for l in laws]})
    corrected = apply_any(laws, m, months)
    out = {'parameters': params, 'scheme': scheme, 'folds': count,
           'inSample': {'before': summary(m, o), 'after': summary(corrected, o)},
           'outOfSample': {'before': summary(mm, oo), 'after': summary(cc, oo)}}
    if method == 'quantile' and not per_month:
        out['percentiles'] = {'obs': np.percentile(o, np.arange(1, 100)), 'corrected': np.percentile(corrected, np.arange(1, 100))}
    return out


cases = {
    'linear': judge('linear', False, M, O, YEARS, MONTHS, TMS),
    'power': judge('power', False, M, O, YEARS, MONTHS, TMS),
    'quantile': judge('quantile', False, M, O, YEARS, MONTHS, TMS),
    'linearPerMonth': judge('linear', True, M, O, YEARS, MONTHS, TMS),
}
y2000 = YEARS == 2000
cases['linear2000Blocks'] = judge('linear', False, M[y2000], O[y2000], YEARS[y2000], MONTHS[y2000], TMS[y2000])

# the metric set of `metocean compare` over all pairs (scipy.stats.linregress of o on m, pearsonr)
d = M - O
reg = stats.linregress(M, O)
urmse = np.sqrt((((M - M.mean()) - (O - O.mean())) ** 2).mean())
metrics = {'n': len(M), 'bias': d.mean(), 'pbias': 100 * d.sum() / O.sum(), 'rmse': np.sqrt((d ** 2).mean()),
           'urmse': urmse, 'si': urmse / O.mean(), 'nrmse': np.sqrt((d ** 2).mean()) / O.mean(),
           'corr': stats.pearsonr(M, O)[0], 'stdRatio': M.std() / O.std(), 'slope': reg.slope,
           'intercept': reg.intercept, 'r2': reg.rvalue ** 2}

write('calibration.json', {'pairs': len(M), 'metrics': metrics, 'cases': cases}, 'scripts/reference/calibration.py')
