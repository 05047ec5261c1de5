"""Reference values for the buoy comparison (packages/core/src/comparison/collocate.ts): pairs on common
timestamps, the metrics of spec 002 §9 (numpy formulas, scipy.stats.pearsonr/linregress) and the scatter
cells of spec 002 §3 (numpy.floor binning), on real series.
Run with Debian's python3-scipy: /usr/bin/python3 scripts/reference/collocation.py

The ERA5 South China Sea Hs (2000-2010, no gaps) stands in for a model and the NDBC 44007 Hs (1996-2017, with
absent hours) for a measure: the pairing and the formulas, not the physics, are under test. Every 97th model
hour is set to the -999 sentinel so that dropped model values are exercised too."""
import numpy as np
from scipy import stats

from common import ERA5, NDBC_A, load, write

model = load(ERA5)['swh']
model.iloc[::97] = -999.0
measure = load(NDBC_A)['hs']  # absent hours are NaN on the hourly grid

common = model.index.intersection(measure.index)
m_all = model.loc[common].to_numpy()
o_all = measure.loc[common].to_numpy()
miss_m = (m_all == -999) | ~np.isfinite(m_all)
miss_o = (o_all == -999) | ~np.isfinite(o_all)
keep = ~miss_m & ~miss_o
m, o = m_all[keep], o_all[keep]
d = m - o
metrics = {
    'bias': d.mean(), 'pbias': 100 * d.sum() / o.sum(), 'rmse': np.sqrt((d ** 2).mean()),
    'nrmse': np.sqrt((d ** 2).mean()) / o.mean(), 'corr': stats.pearsonr(m, o)[0],
    'SI': np.sqrt((((m - m.mean()) - (o - o.mean())) ** 2).mean()) / o.mean(), 'std_ratio': m.std() / o.std(),
}

# scatter: pairs with both values non-zero (spec 002 §5), cells of 0.5 m (the 1-2-5 step giving at most 40
# cells up to the largest value), centred, mean error per cell, radius 1.5 + 18.5 * count / max count
nz = (m != 0) & (o != 0)
ms, os_ = m[nz], o[nz]
cell = 0.5
i = np.floor(ms / cell).astype(int)
j = np.floor(os_ / cell).astype(int)
keys, inverse, counts = np.unique(np.stack([i, j], axis=1), axis=0, return_inverse=True, return_counts=True)
inverse = inverse.ravel()
err = np.bincount(inverse, weights=ms - os_) / counts
reg = stats.linregress(ms, os_)
scatter = {
    'cell': cell, 'nbTimeSteps': int(nz.sum()), 'maxValue': float(max(ms.max(), os_.max())),
    'model': ((keys[:, 0] + 0.5) * cell).tolist(), 'measure': ((keys[:, 1] + 0.5) * cell).tolist(),
    'occurrence': (100 * counts / nz.sum()).tolist(),
    'radii': (1.5 + 18.5 * counts / counts.max()).tolist(), 'error': err.tolist(),
    'linregress': {'slope': reg.slope, 'intercept': reg.intercept, 'r2': reg.rvalue ** 2},
}

write('collocation.json', {
    # common: the hours both hold a value (the pairs); timestamps: the index intersection, values or not
    'counts': {'common': int(keep.sum()), 'timestamps': int(common.size), 'missingModel': int(miss_m.sum()),
               'missingMeasure': int(miss_o.sum()), 'paired': int(keep.sum())},
    'first': str(common[keep][0]), 'last': str(common[keep][-1]),
    'metrics': metrics, 'scatter': scatter,
}, 'scripts/reference/collocation.py (numpy, scipy.stats pearsonr/linregress) on ERA5 SCS swh vs NDBC 44007 hs')
