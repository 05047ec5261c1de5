#!/usr/bin/env python3
"""Reads a MATLAB level-5 MAT-file with scipy.io.loadmat (an independent reader of our .mat exports) and
prints its variables as JSON: structs as objects, arrays as {"shape": [...], "class": ..., "values":
nested lists in MATLAB's index order} (NaN as null), char arrays as strings, cell arrays as lists.

Usage: /usr/bin/python3 scripts/reference/read_mat.py FILE.mat
Debian's python3-scipy (1.10) is enough; Octave is not needed.
"""
import json
import math
import sys

import numpy as np
import scipy.io


def plain(value):
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return [plain(item) for item in value.ravel(order="F")]
        listed = value.tolist()

        def clean(node):
            if isinstance(node, list):
                return [clean(item) for item in node]
            if isinstance(node, float) and math.isnan(node):
                return None
            return node

        return {"shape": list(value.shape), "class": str(value.dtype), "values": clean(listed)}
    if isinstance(value, (np.floating, float)):
        return None if math.isnan(float(value)) else float(value)
    if isinstance(value, (np.integer, int, np.bool_, bool)):
        return value.item() if hasattr(value, "item") else value
    raise TypeError(f"unexpected {type(value)}")


def main():
    contents = scipy.io.loadmat(sys.argv[1], simplify_cells=True)
    header = contents.pop("__header__").decode("latin1")
    for key in ("__version__", "__globals__"):
        contents.pop(key, None)
    json.dump({"header": header, "variables": plain(contents)}, sys.stdout)


if __name__ == "__main__":
    main()
