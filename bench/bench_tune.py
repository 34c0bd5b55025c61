"""Cost of LOO tuning over a 10 sigma x 50 gamma grid at N=2000, D=10, in units of one fit (the widths from the
widest down, until EXACT_GRID_PATIENCE narrower ones in a row bring no gain; the grid's points evaluated are printed).

Target: at most 15x one fit at that size (one fit = ComponentwiseLSSVR.fit at one (sigma, gamma)).
Printed: the grid alone, and the default recipe (grid + local refinement).

Run: python bench/bench_tune.py [--n 2000]
"""

import argparse

from _common import best_time, header
from cwlssvm import ComponentwiseLSSVR
from cwlssvm.datasets import make_additive
from cwlssvm.model_selection import ComponentwiseLSSVRCV


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    header(f"bench_tune: LOO over 10 sigma x 50 gamma, N={args.n}, D=10")
    X, y, _ = make_additive(n=args.n, seed=0)
    t_fit = best_time(lambda: ComponentwiseLSSVR(sigma=3.5, gamma=10.0).fit(X, y), args.repeat)
    grid = ComponentwiseLSSVRCV(sigmas=10, gammas=50, criterion="loo", refine=False)
    t_grid = best_time(lambda: grid.fit(X, y), args.repeat)
    full = ComponentwiseLSSVRCV(sigmas=10, gammas=50, criterion="loo")
    t_full = best_time(lambda: full.fit(X, y), args.repeat)
    n_points = len(full.cv_results_["criterion"])
    print(f"one fit                      : {t_fit:.3f} s")
    print(f"grid ({len(grid.cv_results_['criterion'])} points) + refit    : {t_grid:.3f} s")
    print(f"grid + refinement + refit    : {t_full:.3f} s   ({n_points} points evaluated), chose {full.best_params_}")
    print(f"RATIO grid / fit             = {t_grid / t_fit:.1f}   (target <= 15)")
    print(f"RATIO grid+refine / fit      = {t_full / t_fit:.1f}   (target <= 15)")


if __name__ == "__main__":
    main()
