"""Reference values for model-vs-observation metrics (numpy, scipy.stats.linregress/pearsonr) and the
Hs-Tz IFORM contour model (scipy.stats.weibull_min, scipy.optimize.curve_fit) on the real series.
Run with Debian's python3-scipy: /usr/bin/python3 scripts/reference/comparison.py"""
import warnings

import numpy as np
from scipy import optimize, stats

from common import NDBC_A, NORA3, load, write

warnings.filterwarnings('ignore')
nora3 = load(NORA3)

# The 10 m wind stands in for a model and the 100 m wind for a measurement: the formulas, not the
# physics, are under test.
m = nora3['wind_speed_10m'].to_numpy()
o = nora3['wind_speed_100m'].to_numpy()
d = m - o
reg = stats.linregress(m, o)
metrics = {
    'n': int(m.size), 'bias': d.mean(), 'pbias': 100 * d.sum() / o.sum(), 'rmse': np.sqrt((d ** 2).mean()),
    'nrmse': np.sqrt((d ** 2).mean()) / o.mean(), 'corr': stats.pearsonr(m, o)[0],
    'si': np.sqrt((((m - m.mean()) - (o - o.mean())) ** 2).mean()) / o.mean(), 'stdRatio': m.std() / o.std(),
    'regression': {'slope': reg.slope, 'intercept': reg.intercept, 'r2': reg.rvalue ** 2},
}

a = np.deg2rad(nora3['wind_direction_10m'].to_numpy())
b = np.deg2rad(nora3['thq'].to_numpy())
diff = (np.rad2deg(a - b) + 180) % 360 - 180
am = stats.circmean(a)
bm = stats.circmean(b)
sa, sb = np.sin(a - am), np.sin(b - bm)
directional = {'dirBias': diff.mean(), 'dirRmse': np.sqrt((diff ** 2).mean()),
               # Jammalamadaka & SenGupta (2001), Topics in Circular Statistics, eq. (8.2.2)
               'dirCorr': (sa * sb).sum() / np.sqrt((sa ** 2).sum() * (sb ** 2).sum())}

# Contour model on NDBC 44007 provided years (ec-benchmark dataset A), Hs and Tz, fitted as virocon fits its
# DNV model (Haselsteiner et al. 2022; virocon 2, virocon/intervals.py WidthOfIntervalSlicer): Hs classes
# [k*0.5, (k+1)*0.5) from 0 referenced at their centre (k + 1/2)*0.5, at least 50 points, ln Tz mean and
# population std per class, dependence functions by least squares with virocon's bounds a0, a1, b0, b1 >= 0
# (curve_fit 'trf').
MU_F = lambda x, a0, a1, a2: a0 + a1 * x ** a2
SIG_F = lambda x, b0, b1, b2: b0 + b1 * np.exp(b2 * x)
BOUNDS = ([0, 0, -np.inf], [np.inf, np.inf, np.inf])


def contour_model(h, t, width=0.5, min_count=50):
    k_shape, loc, scale = stats.weibull_min.fit(h)
    hs_nll = float(-stats.weibull_min.logpdf(h, k_shape, loc, scale).sum())
    cls = np.floor(h / width)
    bins = []
    for k in np.unique(cls):
        sel = cls == k
        if sel.sum() >= min_count:
            lt = np.log(t[sel])
            bins.append(((k + 0.5) * width, lt.mean(), lt.std(), int(sel.sum())))
    bh = np.array([x[0] for x in bins]); bmu = np.array([x[1] for x in bins]); bsig = np.array([x[2] for x in bins])
    pa, _ = optimize.curve_fit(MU_F, bh, bmu, p0=[max(bmu[0] - 0.1, 0), 0.1, 1], bounds=BOUNDS, maxfev=100000)
    pb, _ = optimize.curve_fit(SIG_F, bh, bsig, p0=[bsig.min() * 0.9, max(1e-3, bsig[0] - bsig.min() * 0.9), -0.5],
                               bounds=BOUNDS, maxfev=100000)
    return {'hs': {'location': loc, 'scale': scale, 'shape': k_shape, 'nll': hs_nll},
            'bins': [{'hs': x[0], 'mu': x[1], 'sigma': x[2], 'count': x[3]} for x in bins],
            'a': pa.tolist(), 'b': pb.tolist(),
            'sseMu': float(((MU_F(bh, *pa) - bmu) ** 2).sum()),
            'sseSigma': float(((SIG_F(bh, *pb) - bsig) ** 2).sum())}


def iform(m, T):
    beta = stats.norm.ppf(1 - 1 / (T * 8765.82))
    ang = 2 * np.pi * np.arange(72) / 72
    w = m['hs']
    hs = stats.weibull_min.ppf(stats.norm.cdf(beta * np.cos(ang)), w['shape'], w['location'], w['scale'])
    tp = np.exp(MU_F(hs, *m['a']) + SIG_F(hs, *m['b']) * beta * np.sin(ang))
    return {'beta': beta, 'hs': hs.tolist(), 'tp': tp.tolist()}


A = load(NDBC_A[0]).dropna()
A = A[(A['hs'] > 0) & (A['tz'] > 0)]
contour = contour_model(A['hs'].to_numpy(), A['tz'].to_numpy())
contour['contours'] = {str(T): iform(contour, T) for T in [1, 10, 20, 100]}
# one year of the same buoy (1996): the short record where an unbounded fit of sigma(h) reached zero
Y = A[A.index.year == 1996]
contour1996 = contour_model(Y['hs'].to_numpy(), Y['tz'].to_numpy())
contour1996['contours'] = {str(T): iform(contour1996, T) for T in [1, 10, 100]}



def virocon_dnv(h, t, T=20, state_hours=1, n_points=180):
    """The 20-year IFORM contour exactly as virocon 2 computes it for its DNV model (tests/test_workflows.py
    test_hs_tz_iform_contour, which asserts max Hs 5.0 +- 0.5 m and max Tz 16.1 +- 0.5 s): Hs by
    scipy.stats.weibull_min.fit from virocon's start (shape 1, loc 0, scale 1); per class
    [c - w/2, c + w/2) with c = 0.25, 0.75, ... (np.arange(0, max + w, w) + w/2), >= 50 points, lognorm.fit
    with floc=0; power3 and exp3 by curve_fit from p0 = (1, 1, 1) with bounds a, b >= 0; IFORM with
    alpha = state_hours / (T * 365.25 * 24) (virocon's calculate_alpha) and n_points angles
    np.linspace(0, 2 pi, n_points, endpoint=False)."""
    k_shape, loc, scale = stats.weibull_min.fit(h, 1, loc=0, scale=1)
    w = 0.5
    xs, mus, sigmas = [], [], []
    for c in np.arange(0, h.max() + w, w) + 0.5 * w:
        sel = (c - 0.5 * w <= h) & (h < c + 0.5 * w)
        if sel.sum() >= 50:
            s_, _, sc = stats.lognorm.fit(t[sel], 1, scale=1, floc=0)
            xs.append(c); mus.append(np.log(sc)); sigmas.append(s_)
    xs = np.array(xs)
    pa, _ = optimize.curve_fit(MU_F, xs, np.array(mus), (1, 1, 1), bounds=BOUNDS)
    pb, _ = optimize.curve_fit(SIG_F, xs, np.array(sigmas), (1, 1, 1), bounds=BOUNDS)
    beta = stats.norm.ppf(1 - state_hours / (T * 365.25 * 24))
    phi = np.linspace(0, 2 * np.pi, num=n_points, endpoint=False)
    p = stats.norm.cdf(beta * np.stack((np.cos(phi), np.sin(phi)), axis=1))
    hs = stats.weibull_min.ppf(p[:, 0], k_shape, loc, scale)
    tz = stats.lognorm.ppf(p[:, 1], SIG_F(hs, *pb), scale=np.exp(MU_F(hs, *pa)))
    return {'returnPeriod': T, 'beta': beta, 'a': pa.tolist(), 'b': pb.tolist(), 'hs': hs.tolist(),
            'tz': tz.tolist(), 'maxHs': float(hs.max()), 'maxTz': float(tz.max())}


write('comparison.json', {
    'metrics': metrics, 'directional': directional,
    'contour': contour,
    'contour1996': contour1996,
    'virocon20': virocon_dnv(A['hs'].to_numpy(), A['tz'].to_numpy()),
}, 'scripts/reference/comparison.py (numpy, scipy.stats linregress/pearsonr/circmean/weibull_min, curve_fit)')
