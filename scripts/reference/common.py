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
