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
# DNV model (Haselsteiner et al. 2022): Hs classes of 0.5 m centred on multiples of the width (virocon's
# WidthOfIntervalSlicer, reference = centre, at least 50 points), ln Tz mean and population std per class,
# dependence functions by least squares with virocon's bounds a0, a1, b0, b1 >= 0 (curve_fit 'trf').
MU_F = lambda x, a0, a1, a2: a0 + a1 * x ** a2
SIG_F = lambda x, b0, b1, b2: b0 + b1 * np.exp(b2 * x)
BOUNDS = ([0, 0, -np.inf], [np.inf, np.inf, np.inf])


def contour_model(h, t, width=0.5, min_count=50):
    k_shape, loc, scale = stats.weibull_min.fit(h)
    hs_nll = float(-stats.weibull_min.logpdf(h, k_shape, loc, scale).sum())
    cls = np.floor(h / width + 0.5)
    bins = []
    for k in np.unique(cls):
        sel = cls == k
        if sel.sum() >= min_count:
            lt = np.log(t[sel])
            bins.append((k * width, lt.mean(), lt.std(), int(sel.sum())))
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

write('comparison.json', {
    'metrics': metrics, 'directional': directional,
    'contour': contour,
    'contour1996': contour1996,
}, 'scripts/reference/comparison.py (numpy, scipy.stats linregress/pearsonr/circmean/weibull_min, curve_fit)')
