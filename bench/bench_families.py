"""Statistical quality and speed of the default recipes on small real data (issue: likelihood families).

  defaults  make_friedman1 (n = 500, noise 1) and load_breast_cancer (569 rows, 30 inputs), 5 random 70/30
            splits each: time per fit and test error of the tuned plain model (ComponentwiseLSSVRCV/SVCCV),
            the sparse and fusion defaults and the per-component widths (sigma_per_component=True), with
            each one's error relative to the plain model's. Targets: sparse and fusion <= 5 s per fit and
            within 3% of the plain model's error; sigma_per_component <= 5x the shared-sigma fit time.

The breast cancer inputs are standardized on each training part here: the default width is shared by
every input (in the units of their median spread), so the raw columns (areas in the thousands next to
ratios below 1) are not yet handled by the defaults.

Run: python bench/bench_families.py [defaults] [--splits 5]
"""

import argparse
import time

import numpy as np
from sklearn.datasets import load_breast_cancer, make_friedman1
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from _common import header
from cwlssvm import (ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, FusionComponentwiseLSSVC, FusionComponentwiseLSSVR,
                     SparseComponentwiseLSSVC, SparseComponentwiseLSSVR)


def friedman(split):
    X, y = make_friedman1(n_samples=500, noise=1.0, random_state=split)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=split)
    models = {"plain": ComponentwiseLSSVRCV(), "sparse": SparseComponentwiseLSSVR(),
              "fusion": FusionComponentwiseLSSVR(), "sigma_per_component": ComponentwiseLSSVRCV(sigma_per_component=True)}
    return Xtr, ytr, Xte, yte, models, lambda m: float(np.mean((m.predict(Xte) - yte) ** 2)), "test MSE"


def breast_cancer(split):
    X, y = load_breast_cancer(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=split, stratify=y)
    scaler = StandardScaler().fit(Xtr)
    Xtr, Xte = scaler.transform(Xtr), scaler.transform(Xte)
    models = {"plain": ComponentwiseLSSVCCV(probability=False), "sparse": SparseComponentwiseLSSVC(),
              "fusion": FusionComponentwiseLSSVC(),
              "sigma_per_component": ComponentwiseLSSVCCV(sigma_per_component=True, probability=False)}
    return Xtr, ytr, Xte, yte, models, lambda m: float(np.mean(m.predict(Xte) != yte)), "test error rate"


def defaults(n_splits):
    for name, make in (("make_friedman1 (n = 500)", friedman), ("load_breast_cancer (standardized)", breast_cancer)):
        times, errors, sizes = {}, {}, {}
        for split in range(n_splits):
            Xtr, ytr, Xte, yte, models, score, what = make(split)
            for key, model in models.items():
                t0 = time.perf_counter()
                model.fit(Xtr, ytr)
                times.setdefault(key, []).append(time.perf_counter() - t0)
                errors.setdefault(key, []).append(score(model))
                if hasattr(model, "selected_components_"):
                    sizes.setdefault(key, []).append(len(model.selected_components_))
        print(f"{name}, {n_splits} splits, {what} (mean over splits):")
        base_err, base_time = np.mean(errors["plain"]), np.mean(times["plain"])
        for key in times:
            line = (f"  {key:<20} {np.mean(times[key]):6.2f} s per fit (max {np.max(times[key]):5.2f})  "
                    f"{what} {np.mean(errors[key]):.4f}  ratio to plain {np.mean(errors[key]) / base_err:.3f}")
            if key in sizes:
                line += f"  components {sizes[key]}"
            if key == "sigma_per_component":
                line += f"  time / plain {np.mean(times[key]) / base_time:.1f}x (target <= 5x)"
            elif key != "plain":
                line += "  (targets <= 5 s, ratio <= 1.03)"
            print(line)


SCENARIOS = {"defaults": defaults}

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    ap.add_argument("--splits", type=int, default=5)
    args = ap.parse_args()
    header("bench_families: default recipes on small real data")
    for name in args.scenarios:
        if name not in SCENARIOS:
            raise SystemExit(f"unknown scenario {name!r}; choose from {tuple(SCENARIOS)}")
        SCENARIOS[name](args.splits)
