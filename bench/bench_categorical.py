"""Fit time of a categorical component against a numeric one of the same size on the low-rank path.

n rows, y = f(x) + e; the model ComponentwiseLSSVR(solver="lowrank", gamma=10) with one component: an RBF
on a numeric input uniform on [0, 1] (the baseline, measured in the same run), or a categorical component
on a column of L levels (drawn uniformly, as strings). Prints the best of 3 fit times and their ratio.

Run: python bench/bench_categorical.py [--rows 100000 1000000] [--levels 10 100 1000 10000]
"""

import argparse

import numpy as np
import pandas as pd

from _common import best_time, header
from cwlssvm import ComponentwiseLSSVR


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    p.add_argument("--levels", type=int, nargs="+", default=[10, 100, 1000, 10000])
    args = p.parse_args()
    header("bench_categorical: one categorical component against one numeric component, low-rank path")
    rng = np.random.default_rng(0)
    print(f"{'rows':>9} {'levels':>7} {'numeric s':>10} {'categorical s':>14} {'ratio':>7}")
    for n in args.rows:
        x = rng.uniform(size=n)
        y = np.sin(6 * x) + 0.1 * rng.normal(size=n)
        numeric = pd.DataFrame({"x": x})
        base = best_time(lambda: ComponentwiseLSSVR(gamma=10.0, solver="lowrank").fit(numeric, y), repeat=3)
        for L in args.levels:
            codes = rng.integers(0, L, n)
            table = pd.DataFrame({"g": np.char.add("g", codes.astype(str))})
            target = rng.normal(size=L)[codes] + 0.1 * rng.normal(size=n)
            model = ComponentwiseLSSVR(gamma=10.0, solver="lowrank")
            seconds = best_time(lambda: model.fit(table, target), repeat=3)
            print(f"{n:>9} {len(model.components_[0].levels):>7} {base:>10.3f} {seconds:>14.3f} {seconds / base:>7.2f}")


if __name__ == "__main__":
    main()
