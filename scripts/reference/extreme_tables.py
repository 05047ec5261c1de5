"""Reference values for the extreme tables and the restricted extremes: CUREXT (per level), HEIEXT (total,
surge, tide), NOCYC (cyclone periods excluded), monthly and directional peaks over threshold. scipy.stats
fits on the same subsets, built from the real ERA5 series with an independent Python declustering.
Run with Debian's python3-scipy: /usr/bin/python3 scripts/reference/extreme_tables.py"""
import warnings

import numpy as np
from scipy import stats

from common import ERA5, load, write

warnings.filterwarnings('ignore')
HOURS_PER_YEAR = 8765.82
PERIODS = [2, 10, 100]
LEVELS = {0: 1.0, 10: 0.8, 50: 0.6}  # level (m) -> factor on ERA5 Hs, the per-level test series
# a synthetic tide added to Hs (a stand-in surge): M2 period, spring-neap (14.77 d) and a 4.4-year
# modulation of the amplitude so the annual tide maxima differ between years
TIDE = {'amplitude': 0.6, 'periodHours': 12.42, 'springNeap': 0.1, 'springNeapHours': 24 * 14.77,
        'slow': 0.05, 'slowHours': 8765.82 * 4.4}
CYCLONE_QUANTILE, CYCLONE_HALF_WIDTH_HOURS = 0.995, 72


def annual_maxima(s, min_fraction=0.5):
    out = []
    for year, g in s.groupby(s.index.year):
        hours = 8784 if (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) else 8760
        if g.notna().sum() / hours >= min_fraction and g.notna().any():
            out.append(float(g.max()))
    return out


def decluster(s, u, keep, separation_hours=48):
    """Exceedances strictly above u at steps where keep is true; a new cluster when consecutive kept
    exceedances are more than the separation apart. lambda per year of all valid hours."""
    x = s.to_numpy()
    t = (s.index.asi8 // 10**9) / 3600.0
    peaks, last = [], -np.inf
    for i in np.flatnonzero((x > u) & keep):
        if not peaks or t[i] - last > separation_hours:
            peaks.append(float(x[i]))
        else:
            peaks[-1] = max(peaks[-1], float(x[i]))
        last = t[i]
    years = np.count_nonzero(~np.isnan(x)) / HOURS_PER_YEAR
    return peaks, len(peaks) / years


def fit_block(dist, x, periods_probability, **fixed):
    d = getattr(stats, dist)
    fitted = d.fit(np.array(x), **fixed)
    nll = float(-np.sum(d.logpdf(np.array(x), *fitted)))
    if dist == 'genextreme':
        c, loc, scale = fitted
        p = {'location': loc, 'scale': scale, 'shape': -c}
    elif dist == 'genpareto':
        c, loc, scale = fitted
        p = {'location': loc, 'scale': scale, 'shape': c}
    else:
        loc, scale = fitted
        p = {'location': loc, 'scale': scale, 'shape': 0}
    rv = [float(d.ppf(q, *fitted)) for q in periods_probability]
    return {'parameters': p, 'nll': nll, 'returnValues': rv}


def am_fit(dist, maxima):
    return {'maxima': maxima, **fit_block(dist, maxima, [1 - 1 / T for T in PERIODS])}


def pot_fit(peaks, u, lam):
    out = {'peaks': peaks, 'poissonLambda': lam}
    if len(peaks) >= 5:
        out.update(fit_block('genpareto', peaks, [1 - 1 / (lam * T) for T in PERIODS], floc=u))
    return out


era5 = load(ERA5)
hs = era5['swh']
valid = hs.dropna().to_numpy()
u = float(np.percentile(valid, 99))
everywhere = np.ones(len(hs), dtype=bool)

# CUREXT: annual maxima GEV per level
curext = {str(level): am_fit('genextreme', annual_maxima(hs * f)) for level, f in LEVELS.items()}

# HEIEXT: annual maxima Gumbel of surge (Hs), tide, total = surge + tide
hours = (hs.index.asi8 // 10**9 - hs.index.asi8[0] // 10**9) / 3600.0
amplitude = (TIDE['amplitude'] + TIDE['springNeap'] * np.cos(2 * np.pi * hours / TIDE['springNeapHours'])
             + TIDE['slow'] * np.cos(2 * np.pi * hours / TIDE['slowHours']))
tide = hs * 0 + amplitude * np.cos(2 * np.pi * hours / TIDE['periodHours'])  # NaN where Hs is missing
heiext = {name: am_fit('gumbel_r', annual_maxima(s))
          for name, s in [('total', hs + tide), ('surge', hs), ('tide', tide)]}

# NOCYC: hours within 72 h of an exceedance of the 0.995 quantile are cyclonic; threshold = 0.99 quantile
# of the non-cyclonic values
storm = np.flatnonzero(hs.to_numpy() > float(np.percentile(valid, 100 * CYCLONE_QUANTILE)))
cyclone = np.zeros(len(hs), dtype=bool)
for i in storm:
    cyclone[max(0, i - CYCLONE_HALF_WIDTH_HOURS):i + CYCLONE_HALF_WIDTH_HOURS + 1] = True
calm = hs.to_numpy()[~cyclone]
u_nocyc = float(np.percentile(calm[~np.isnan(calm)], 99))
peaks, lam = decluster(hs, u_nocyc, ~cyclone)
nocyc = {'cycloneHours': int(cyclone.sum()), 'threshold': u_nocyc, **pot_fit(peaks, u_nocyc, lam)}

# monthly and directional POT with the threshold of the whole record (λ per year of the whole record)
months = hs.index.month.to_numpy()
monthly = {}
for m in range(1, 13):
    p, lam_m = decluster(hs, u, months == m)
    monthly[str(m)] = pot_fit(p, u, lam_m)
# directional (DNV-RP-C205 §3.7.3): the storm peaks of the whole record, each in the sector of the mean
# wave direction at its peak hour (8 sectors of 45° centred on north; the first of equal values is the
# peak), λ of a sector = its peaks per year of the whole record
x = hs.to_numpy()
t = (hs.index.asi8 // 10**9) / 3600.0
peak_at, last = [], -np.inf
for i in np.flatnonzero(x > u):
    if not peak_at or t[i] - last > 48:
        peak_at.append(i)
    elif x[i] > x[peak_at[-1]]:
        peak_at[-1] = i
    last = t[i]
years = np.count_nonzero(~np.isnan(x)) / HOURS_PER_YEAR
direction = era5['mwd'].to_numpy()
directional = {}
for k in range(8):
    at = [i for i in peak_at if not np.isnan(direction[i]) and np.floor(((direction[i] + 22.5) % 360) / 45) == k]
    directional[str(k * 45)] = pot_fit([float(x[i]) for i in at], u, len(at) / years)
directional['all'] = pot_fit([float(x[i]) for i in peak_at], u, len(peak_at) / years)

write('extreme-tables.json', {
    'returnPeriods': PERIODS,
    'levels': {str(k): v for k, v in LEVELS.items()},
    'tide': TIDE,
    'cyclone': {'quantile': CYCLONE_QUANTILE, 'halfWidthHours': CYCLONE_HALF_WIDTH_HOURS},
    'threshold': u,
    'curext': curext,
    'heiext': heiext,
    'nocyc': nocyc,
    'monthly': monthly,
    'directional': directional,
}, 'scripts/reference/extreme_tables.py (scipy.stats genextreme/gumbel_r/genpareto fit, logpdf, ppf)')
