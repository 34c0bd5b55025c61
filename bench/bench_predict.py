"""Prediction of 100,000 rows with a model fitted on N=4000, D=10, against the NumPy reference.

Target: at least 5x faster. Run: python bench/bench_predict.py [--rows 100000]
"""

import argparse

import numpy as np

import numpy_reference
from _common import best_time, header
from cwlssvm import ComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.datasets import make_additive


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4000)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    header(f"bench_predict: {args.rows} rows, model fitted on N={args.n}, D=10")
    X, y, _ = make_additive(n=args.n, seed=0)
    Xnew = np.random.default_rng(1).uniform(size=(args.rows, 10))
    # the reference's absolute width 1.0: components with their own sigma (the estimator's sigma is relative)
    model = ComponentwiseLSSVR(components=[C.rbf(j, sigma=1.0) for j in range(10)], gamma=10.0,
                               solver="dense").fit(X, y)

    # intercept_ is the average prediction b + sum_d c_d (the components centred on the training rows): the
    # reference's uncentred expansion takes b, the intercept less the expansion's mean over the training rows
    b = model.intercept_ - numpy_reference.predict(model.X_fit_, model.dual_coef_, 0.0, model.X_fit_, 1.0).mean()
    t_ours = best_time(lambda: model.predict(Xnew), args.repeat)
    t_np = best_time(lambda: numpy_reference.predict(model.X_fit_, model.dual_coef_, b, Xnew, 1.0), 1)
    # and a value beyond an input's training span is read at its edge (the RBF components are held there)
    ref = numpy_reference.predict(model.X_fit_, model.dual_coef_, b, np.clip(Xnew[:5000], X.min(0), X.max(0)), 1.0)
    err = np.abs(model.predict(Xnew[:5000]) - ref).max()
    print(f"cwlssvm predict : {t_ours:.3f} s")
    print(f"NumPy reference : {t_np:.3f} s   (max abs difference {err:.1e})")
    print(f"RATIO numpy / cwlssvm = {t_np / t_ours:.2f}   (target >= 5)")


if __name__ == "__main__":
    main()
