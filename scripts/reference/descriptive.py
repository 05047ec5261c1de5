"""Reference values for descriptive statistics, EPD (histogram and exceedance curves), EJPD, roses and
the mean profile (MEANCOLSTD), from numpy/pandas on the real series.
Run with Debian's python3 (numpy, pandas): /usr/bin/python3 scripts/reference/descriptive.py"""
import numpy as np

from common import ERA5, NDBC_A, NORA3, load, write

PERCENTILES = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99]


def describe(s):
    v = s.dropna().to_numpy(dtype=float)
    return {
        'count': int(v.size),
        'mean': float(np.mean(v)),
        'min': float(np.min(v)),
        'max': float(np.max(v)),
        'median': float(np.median(v)),
        'std': float(np.std(v, ddof=1)),
        # numpy's default method is 'linear', Hyndman-Fan type 7
        'percentiles': {str(p): float(np.percentile(v, p)) for p in PERCENTILES},
    }


def monthly(s):
    g = s.groupby(s.index.month)
    return [
        {'month': int(m), 'count': int(g.count()[m]), 'mean': float(g.mean()[m]), 'min': float(g.min()[m]),
         'max': float(g.max()[m]), 'median': float(g.median()[m]), 'std': float(g.std()[m])}
        for m in range(1, 13)
    ]


def year_month(s):
    g = s.groupby([s.index.year, s.index.month])
    c, mean, mx = g.count(), g.mean(), g.max()
    return [{'year': int(y), 'month': int(m), 'count': int(c[(y, m)]), 'mean': mean[(y, m)], 'max': mx[(y, m)]}
            for (y, m) in c.index]


def edges(start, width, vmax):
    # start + k*width rounded to 12 significant digits, the last edge strictly above the maximum
    e = [float('%.12g' % start)]
    k = 1
    while e[-1] <= vmax or len(e) < 2:
        e.append(float('%.12g' % (start + k * width)))
        k += 1
    return e


era5 = load(ERA5)
nora3 = load(NORA3)
ndbc = load(NDBC_A)

series = {
    'era5.swh': era5['swh'], 'era5.pp1d': era5['pp1d'], 'nora3.hs': nora3['hs'],
    'nora3.wind_speed_10m': nora3['wind_speed_10m'], 'ndbc.hs': ndbc['hs'],
}
write('descriptive.json', {
    'grid': {'ndbc.length': int(len(ndbc)), 'ndbc.missing': int(ndbc['hs'].isna().sum())},
    'describe': {k: describe(s) for k, s in series.items()},
    'monthly': {k: monthly(s) for k, s in series.items()},
    'yearMonth': {'ndbc.hs': year_month(ndbc['hs'])},
}, 'scripts/reference/descriptive.py (numpy.percentile linear, pandas groupby, std ddof=1)')

# EPD: numpy.histogram on the same left-closed edges (the last edge lies above the maximum, so numpy's
# closed last bin makes no difference); era5.swh@0.5 is the engine's default bin width
epd = {}
for key, width in [('era5.swh', 0.5), ('era5.swh', 0.1), ('ndbc.hs', 0.25)]:
    v = series[key].dropna().to_numpy()
    e = edges(0.0, width, v.max())
    counts, _ = np.histogram(v, bins=e)
    # the curves at every edge counted directly on the values, not from the histogram:
    # non-exceedance P(X < e) and exceedance P(X >= e), in % of the valid values
    below = np.array([np.count_nonzero(v < x) for x in e])
    at_or_above = np.array([np.count_nonzero(v >= x) for x in e])
    epd[f'{key}@{width}'] = {'edges': e, 'counts': counts.tolist(),
                            'nonExceedancePercent': (100 * below / v.size).tolist(),
                            'exceedancePercent': (100 * at_or_above / v.size).tolist(),
                            'quantiles': {str(p): float(np.percentile(v, p)) for p in [10, 20, 30, 40, 50, 60, 70, 80, 90, 99]}}

# EJPD: numpy.histogram2d of Hs x Tp
both = era5[['swh', 'pp1d']].dropna()
xe = edges(0.0, 0.5, both['swh'].max())
ye = edges(0.0, 1.0, both['pp1d'].max())
h2, _, _ = np.histogram2d(both['swh'], both['pp1d'], bins=[xe, ye])

# DR: sector k covers [k w - w/2, k w + w/2); classes [e_c, e_c+1), last open
def rose(d, m, sectors, cls):
    ok = ~(np.isnan(d) | np.isnan(m)) & (m >= cls[0])
    d, m = d[ok], m[ok]
    w = 360 / sectors
    k = np.floor(np.mod(d + w / 2, 360) / w).astype(int)
    c = np.searchsorted(np.array(cls), m, side='right') - 1
    table = np.zeros((sectors, len(cls)))
    np.add.at(table, (k, c), 1)
    return (100 * table / ok.sum()).tolist()

write('binning.json', {
    'epd': epd,
    'joint': {'xEdges': xe, 'yEdges': ye, 'counts': h2.astype(int).tolist()},
    'rose': {
        'era5.mwd.swh.16': rose(era5['mwd'].to_numpy(), era5['swh'].to_numpy(), 16, [0, 1, 2, 3, 4]),
        'nora3.wind_direction_10m.wind_speed_10m.36': rose(nora3['wind_direction_10m'].to_numpy(),
                                                          nora3['wind_speed_10m'].to_numpy(), 36, [0, 5, 10, 15, 20]),
    },
}, 'scripts/reference/descriptive.py (numpy.histogram, numpy.histogram2d, numpy rose binning)')

# MEANCOLSTD: mean and sample standard deviation (ddof=1, as the engine) per level of the NORA3 wind speed
# at 10 to 750 m, over the valid values of each level; also of the values rounded to float32 (as the hindcast
# readers store a column), summed in float64
HEIGHTS = [10, 20, 50, 100, 250, 500, 750]


def level_moments(s, dtype):
    v = s.dropna().to_numpy(dtype=dtype).astype(np.float64)
    return {'count': int(v.size), 'mean': float(np.mean(v)), 'std': float(np.std(v, ddof=1))}


write('profile.json', {
    f'nora3.wind_speed.{name}': [
        {'level': h, **level_moments(nora3[f'wind_speed_{h}m'], dtype)} for h in HEIGHTS
    ]
    for name, dtype in [('float64', np.float64), ('float32', np.float32)]
}, 'scripts/reference/descriptive.py (numpy.mean, numpy.std ddof=1 per level)')
