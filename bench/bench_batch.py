"""Batch fitting: many small models at once against a Python loop of the CV estimator.

10,000 regression models of n = 200 rows and p = 5 inputs (each its own additive function of two of
the inputs plus noise), each tuned by exact leave-one-out over 50 gammas and 5 sigmas with
cwlssvm.fit_batch, against ComponentwiseLSSVRCV(sigmas=..., gammas=..., refine=False) in a Python
loop over the first 200 of them (timed in the same run and scaled to all of them). Prints the time,
the ratio, the share of models whose selected (sigma, gamma) is the loop's, and the largest
prediction difference in units of std(y). Then the same for binary classification (1,000 models,
ComponentwiseLSSVCCV(probability=False) on 100 of them).

Targets: 10,000 models <= 10 s on 2 cores, >= 30x the loop, same parameters in >= 99% of the
models, predictions within 1e-6 x std(y).

Run: python bench/bench_batch.py [--models 10000] [--loop 200] [--sigmas 0.2 20] [--threads -1]
"""

import argparse
import time

import numpy as np

import cwlssvm
from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, fit_batch


def make_batch(n_models, n, p, seed):
    """(X (B, n, p), y (B, n), X_test (B, 50, p)): model b's target is a_b sin(c_b x_1) + d_b x_2^2 + noise."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n_models, n, p))
    X_test = rng.uniform(-1, 1, size=(n_models, 50, p))
    a, c, d = rng.uniform(0.5, 2, size=(3, n_models, 1))
    y = a * np.sin(3 * c * X[:, :, 0]) + d * X[:, :, 1] ** 2 + 0.3 * rng.normal(size=(n_models, n))
    return X, y, X_test


def compare(task, X, y, X_test, n_loop, sigmas, threads):
    t0 = time.perf_counter()
    batch = fit_batch(X, y, task=task, sigmas=sigmas, n_jobs=threads)
    t_batch = time.perf_counter() - t0
    pred = batch.predict(X_test) if task == "regression" else batch.decision_function(X_test)
    Est = ComponentwiseLSSVRCV if task == "regression" else ComponentwiseLSSVCCV
    kw = {} if task == "regression" else {"probability": False}
    same, worst = 0, 0.0
    t0 = time.perf_counter()
    for i in range(n_loop):
        cv = Est(sigmas=batch.sigmas_, gammas=batch.gammas_, refine=False, **kw).fit(X[i], y[i])
        same += bool(np.isclose(cv.sigma_, batch.params_["sigma"][i], rtol=1e-12)
                     and np.isclose(cv.gamma_, batch.params_["gamma"][i], rtol=1e-12))
        ref = cv.predict(X_test[i]) if task == "regression" else cv.decision_function(X_test[i])
        scale = np.std(y[i]) if task == "regression" else 1.0
        worst = max(worst, float(np.max(np.abs(ref - pred[i])) / scale))
    t_loop = (time.perf_counter() - t0) / n_loop * len(X)
    statuses = {s: int(np.sum(batch.status_ == s)) for s in np.unique(batch.status_)}
    n, p = X.shape[1:]
    print(f"{task}: {len(X)} models, n = {n}, p = {p}, {len(batch.sigmas_)} sigmas x {len(batch.gammas_)} gammas "
          f"(sigmas {np.round(batch.sigmas_, 3).tolist()})")
    print(f"  fit_batch                 {t_batch:8.2f} s  ({t_batch / len(X) * 1e3:.3f} ms per model; "
          f"statuses {statuses})")
    print(f"  Python loop of {Est.__name__} {t_loop:8.2f} s  (scaled from {n_loop} models)")
    print(f"  ratio {t_loop / t_batch:.1f}x;  same (sigma, gamma) in {same}/{n_loop} = {same / n_loop:.1%};  largest "
          f"prediction difference {worst:.2e}" + (" x std(y)" if task == "regression" else " (decision values)"))
    chosen = batch.params_["sigma"].value_counts().sort_index()
    print("  chosen sigmas:", {float(np.round(k, 3)): int(v) for k, v in chosen.items()})
    return t_batch, t_loop / t_batch, same / n_loop, worst


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", type=int, default=10_000)
    ap.add_argument("--loop", type=int, default=200)
    ap.add_argument("--sigmas", type=float, nargs=2, default=None, metavar=("LO", "HI"),
                    help="5 log-spaced sigmas over [LO, HI] (default: fit_batch's, over [0.2, 20])")
    ap.add_argument("--threads", type=int, default=-1)
    args = ap.parse_args()
    sigmas = None if args.sigmas is None else np.geomspace(*args.sigmas, 5)
    print("bench_batch:", cwlssvm.build_info())
    X, y, X_test = make_batch(args.models, 200, 5, seed=0)
    t, ratio, same, worst = compare("regression", X, y, X_test, args.loop, sigmas, args.threads)
    print(f"  targets: {t:.2f} s <= 10 s; {ratio:.1f}x >= 30x; {same:.1%} >= 99%; {worst:.1e} <= 1e-6")
    n_clf = max(1, args.models // 10)
    Xc, yc, Xc_test = make_batch(n_clf, 200, 5, seed=1)
    labels = np.where(yc > np.median(yc, axis=1, keepdims=True), "high", "low")
    compare("classification", Xc, labels, Xc_test, max(1, args.loop // 2), sigmas, args.threads)


if __name__ == "__main__":
    main()
