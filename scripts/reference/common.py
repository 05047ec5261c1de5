"""Shared loaders for the reference scripts: read the real series of ../shared/data exactly as the
TypeScript CSV reader does (hourly grid from first to last time, absent hours as NaN).

The scripts write compact JSON into packages/core/test/reference; the committed files are formatted, so
after a run: npx prettier --write packages/core/test/reference/*.json (unchanged references then come back
byte for byte, and git diff shows only what moved)."""
import json
import math
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..'))
DATA = os.path.abspath(os.path.join(REPO, '..', 'shared', 'data'))
OUT = os.path.join(REPO, 'packages', 'core', 'test', 'reference')

ERA5 = 'era5-scs/ERA5_lon109.94_lat15.51_20000101_20101231.csv'
NORA3 = 'nora3-northsea/NORA3_wind_wave_lon1.32_lat53.324_20000101_20001231.csv'
NDBC_A = ['ndbc-ecbenchmark/A.txt', 'ndbc-ecbenchmark/Ar.txt']
HOURS_PER_YEAR = 8765.82

# Coles (2001), An Introduction to Statistical Modeling of Extreme Values, Springer, Example 1.2 / §3.4.1:
# annual maximum sea levels (m) at Port Pirie, South Australia, 1923-1987 (also R ismev `portpirie`).
PORT_PIRIE = [4.03, 3.83, 3.65, 3.88, 4.01, 4.08, 4.18, 3.80, 4.36, 3.96, 3.98, 4.69, 3.85, 3.96, 3.85, 3.93,
              3.75, 3.63, 3.57, 4.25, 3.97, 4.05, 4.24, 4.22, 3.73, 4.37, 4.06, 3.71, 3.96, 4.06, 4.55, 3.79,
              3.89, 4.11, 3.85, 3.86, 3.86, 4.21, 4.01, 4.11, 4.24, 3.96, 4.21, 3.74, 3.85, 3.88, 3.66, 4.11,
              3.71, 4.18, 3.90, 3.78, 3.91, 3.72, 4.00, 3.66, 3.62, 4.33, 4.55, 3.75, 4.08, 3.90, 3.88, 3.94,
              4.33]


def _read(path):
    full = os.path.join(DATA, path)
    if path.endswith('.txt'):
        df = pd.read_csv(full, sep=r'\s*;\s*', engine='python')
        df.columns = ['time', 'hs', 'tz']
        df['time'] = pd.to_datetime(df['time'], format='%Y-%m-%d-%H', utc=True)
    else:
        df = pd.read_csv(full, comment='#', skipinitialspace=True)
        df['time'] = pd.to_datetime(df['time'], format='%Y-%m-%d %H:%M:%S', utc=True)
    return df


def load(paths):
    """Hourly-gridded DataFrame indexed by UTC time."""
    if isinstance(paths, str):
        paths = [paths]
    df = pd.concat([_read(p) for p in paths]).drop_duplicates('time', keep='last').set_index('time').sort_index()
    grid = pd.date_range(df.index[0], df.index[-1], freq='h')
    return df.reindex(grid)


def clean(x):
    """JSON-safe: NaN/inf -> None, numpy scalars -> float."""
    if isinstance(x, dict):
        return {str(k): clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [clean(v) for v in x]
    if isinstance(x, np.ndarray):
        return clean(x.tolist())
    if isinstance(x, (np.floating, float)):
        return None if not math.isfinite(float(x)) else float(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    return x


def write(name, payload, source):
    os.makedirs(OUT, exist_ok=True)
    payload = {'generatedBy': source, **payload}
    with open(os.path.join(OUT, name), 'w') as f:
        json.dump(clean(payload), f, indent=1)
        f.write('\n')
    print('wrote', name)


def annual_maxima(s, min_fraction=0.5):
    out = []
    for year, g in s.groupby(s.index.year):
        hours = 8784 if (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) else 8760
        if g.notna().sum() / hours >= min_fraction and g.notna().any():
            out.append(float(g.max()))
    return out


def decluster(s, u, separation_hours=48):
    """Exceedances strictly above u; a new cluster when consecutive exceedances are > separation apart."""
    x = s.to_numpy()
    t = (s.index.asi8 // 10**9) / 3600.0
    peaks, last = [], -np.inf
    for i in np.flatnonzero(x > u):
        if not peaks or t[i] - last > separation_hours:
            peaks.append(x[i])
        else:
            peaks[-1] = max(peaks[-1], x[i])
        last = t[i]
    years = np.count_nonzero(~np.isnan(x)) / HOURS_PER_YEAR
    return np.array(peaks), len(peaks) / years
