"""Fit time at N=4000, D=10 RBF components, as ratios measured in one process.

- against scipy.linalg.cho_factor + cho_solve on an N x N SPD matrix (the floor of any exact dense
  solve here); target fit / cholesky <= 1.5;
- against the NumPy reference implementation of the same model (NumPy Gram + SciPy Cholesky);
  target >= 3x faster.

Run: python bench/bench_fit.py [--n 4000] [--repeat 5]
"""

import argparse

import numpy as np
from scipy.linalg import cho_factor, cho_solve

import numpy_reference
from _common import best_time, header
from cwlssvm import ComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.datasets import make_additive


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    header(f"bench_fit: N={args.n}, D=10 RBF components")
    X, y, _ = make_additive(n=args.n, seed=0)
    sigma, gamma = 1.0, 10.0
    H = numpy_reference.gram(X, sigma) + np.eye(args.n) / gamma
    rhs = np.column_stack([y, np.ones_like(y)])

    def cholesky():
        cho_solve(cho_factor(H, lower=True, check_finite=False), rhs, check_finite=False)

    # the reference's absolute width: components with their own sigma (the estimator's sigma is relative)
    model = ComponentwiseLSSVR(components=[C.rbf(j, sigma=sigma) for j in range(X.shape[1])], gamma=gamma,
                               solver="dense")
    t_chol = best_time(cholesky, args.repeat)
    t_fit = best_time(lambda: model.fit(X, y), args.repeat)
    t_np = best_time(lambda: numpy_reference.fit(X, y, sigma, gamma), max(2, args.repeat // 2))

    alpha, b = numpy_reference.fit(X, y, sigma, gamma)
    err = np.abs(model.dual_coef_ - alpha).max() / np.abs(alpha).max()
    print(f"scipy cho_factor + cho_solve : {t_chol:.3f} s")
    print(f"cwlssvm fit (Gram + solve + component norms): {t_fit:.3f} s")
    print(f"NumPy reference fit          : {t_np:.3f} s   (max rel. difference of alpha {err:.1e})")
    print(f"RATIO fit / cholesky = {t_fit / t_chol:.2f}   (target <= 1.5)")
    print(f"RATIO numpy / fit    = {t_np / t_fit:.2f}   (target >= 3)")


if __name__ == "__main__":
    main()
