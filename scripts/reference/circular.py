"""Reference circular mean and standard deviation of directions (scipy.stats.circmean / circstd with
high=360, low=0) on the real series and on small hand cases.
Run with Debian's python3-scipy: /usr/bin/python3 scripts/reference/circular.py"""
import numpy as np
from scipy import stats

from common import ERA5, NORA3, load, write


def circ(x):
    x = np.asarray(x, dtype=float)
    x = x[~np.isnan(x)]
    return {'count': int(x.size), 'mean': float(stats.circmean(x, high=360, low=0)),
            'std': float(stats.circstd(x, high=360, low=0))}


era5 = load(ERA5)
nora3 = load(NORA3)
write('circular.json', {
    'cases': {'350,10': {'values': [350, 10], **circ([350, 10])},
              '0,90,180': {'values': [0, 90, 180], **circ([0, 90, 180])},
              '355,5,15,345,0': {'values': [355, 5, 15, 345, 0], **circ([355, 5, 15, 345, 0])}},
    'era5.mwd': circ(era5['mwd']),
    'nora3.thq': circ(nora3['thq']),
    'nora3.wind_direction_10m': circ(nora3['wind_direction_10m']),
}, 'scripts/reference/circular.py (scipy.stats.circmean/circstd, high=360)')
