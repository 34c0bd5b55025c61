"""Fusion of training and validation (paper section 4), each figure against its target.

Additive example (N = 100, D = 10, 20 seeds, the protocol of bench_structure: test MSE against the
noise-free f on 2000 points):
- "areg-select" and "eta" recover exactly {x1, x2, x3, x4} (columns 0-3) in at least 18 of 20 seeds,
  with mean test MSE within 15% of the tuned unpenalized componentwise model (ComponentwiseLSSVRCV);
- the time of each fusion method against 10-fold CV tuning of (sigma, gamma) of the same model
  (ComponentwiseLSSVRCV(criterion="kfold", cv=10)), as a ratio in one run;
- the two eta solvers compared: validation error reached, iterations, level-1 factorizations.

With --large N (default 0: skipped), the additive example at N rows (low-rank path): the default fusion
regressor ("areg" on 10 splits), the same on 5 splits and the default sparse regressor against the tuned plain
model, and the fusion and sparse regressors given the plain model's sigma and gamma (its refined width), time per
fit (the plain model's tuning not counted in the last two) and test MSE against f on 5000 points.

Run: python bench/bench_fusion.py [--seeds 20] [--large 1000000]
"""

import argparse
import time

import numpy as np

from _common import header
from cwlssvm import ComponentwiseLSSVRCV, FusionComponentwiseLSSVR, SparseComponentwiseLSSVR
from cwlssvm.datasets import additive_function, make_additive

TRUE = [0, 1, 2, 3]
MODELS = {
    "unpenalized (ComponentwiseLSSVRCV, LOO)": lambda: ComponentwiseLSSVRCV(),
    "10-fold CV tuning (criterion='kfold')": lambda: ComponentwiseLSSVRCV(criterion="kfold", cv=10),
    "fusion eta, exact gradient": lambda: FusionComponentwiseLSSVR(method="eta", eta_solver="gradient"),
    "fusion eta, ALS": lambda: FusionComponentwiseLSSVR(method="eta", eta_solver="als"),
    "fusion areg-select (eq.fusion1.cost)": lambda: FusionComponentwiseLSSVR(method="areg-select"),
    "fusion areg, hull": lambda: FusionComponentwiseLSSVR(method="areg"),
    "fusion areg, span": lambda: FusionComponentwiseLSSVR(method="areg", areg_set="span"),
}
BASE, CV10 = "unpenalized (ComponentwiseLSSVRCV, LOO)", "10-fold CV tuning (criterion='kfold')"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--large", type=int, default=0, help="rows of the large-n comparison (0: skip)")
    args = ap.parse_args()
    n_seeds = args.seeds
    header("bench_fusion: fusion of training and validation on the additive example")
    if n_seeds:
        additive(n_seeds)
    if args.large:
        large(args.large)


def additive(n_seeds):
    mse = {k: [] for k in MODELS}
    exact = {k: 0 for k in MODELS}
    times = {k: 0.0 for k in MODELS}
    solver = {k: {"validation": [], "iterations": [], "factorizations": []} for k in MODELS if "eta" in k}
    extra = {"gamma_equivalent": [], "effective_df": []}
    for seed in range(n_seeds):
        X, y, _ = make_additive(n=100, noise=1.0, seed=seed)
        Xt = np.random.default_rng(10_000 + seed).uniform(size=(2000, 10))
        ft = additive_function(Xt)
        for name, make in MODELS.items():
            t0 = time.perf_counter()
            m = make().fit(X, y)
            times[name] += time.perf_counter() - t0
            mse[name].append(np.mean((m.predict(Xt) - ft) ** 2))
            if hasattr(m, "selected_components_"):
                exact[name] += list(m.selected_components_) == TRUE
            if name in solver:
                solver[name]["validation"].append(m.validation_history_[-2]["validation"])
                solver[name]["iterations"].append(m.n_iter_)
                solver[name]["factorizations"].append(m.factorizations_)
            if name == "fusion areg, hull":
                extra["gamma_equivalent"].append(m.gamma_equivalent_)
                extra["effective_df"].append(m.effective_df_)
    base = np.mean(mse[BASE])
    print(f"additive example, {n_seeds} seeds (test MSE against the noise-free f on 2000 points)")
    for name in MODELS:
        v = np.array(mse[name])
        line = f"  {name:<40} test MSE {v.mean():.3f} +- {v.std(ddof=1):.3f}  ratio to unpenalized {v.mean() / base:.2f}"
        if name.startswith("fusion") and "areg," not in name:
            line += f"  exact structure {exact[name]}/{n_seeds}"
        line += f"  {times[name] / n_seeds:.3f} s per fit"
        if name.startswith("fusion"):
            line += f"  time / 10-fold CV tuning {times[name] / times[CV10]:.3f}"
        print(line)
    print("  targets: areg-select and eta exact in >= 18 seeds, mean test MSE <= 1.15 x unpenalized")
    print(f"  areg hull: matched gamma median {np.median(extra['gamma_equivalent']):.3g}, effective degrees of "
          f"freedom {np.mean(extra['effective_df']):.1f} +- {np.std(extra['effective_df'], ddof=1):.1f} (70 training rows)")
    print("eta solvers (level 2 on the 30 validation rows, before pruning and refit)")
    for name, s in solver.items():
        print(f"  {name:<40} validation MSE {np.mean(s['validation']):.4f}  iterations {np.mean(s['iterations']):.1f}  "
              f"level-1 factorizations {np.mean(s['factorizations']):.1f}")


def large(n):
    X, y, _ = make_additive(n=n, noise=1.0, seed=0)
    Xt = np.random.default_rng(1).uniform(size=(5000, 10))
    ft = additive_function(Xt)
    print(f"large: additive example, N = {n:,} (test MSE against f on 5000 points)")
    base, plain = None, {}
    for name, make in (("ComponentwiseLSSVRCV()", ComponentwiseLSSVRCV),
                       ("FusionComponentwiseLSSVR() (10 splits)", FusionComponentwiseLSSVR),
                       ("FusionComponentwiseLSSVR(n_splits=5)", lambda: FusionComponentwiseLSSVR(n_splits=5)),
                       ("SparseComponentwiseLSSVR()", SparseComponentwiseLSSVR),
                       ("Fusion..., the plain model's sigma, gamma", lambda: FusionComponentwiseLSSVR(**plain)),
                       ("Sparse..., the plain model's sigma, gamma", lambda: SparseComponentwiseLSSVR(**plain))):
        t0 = time.perf_counter()
        m = make().fit(X, y)
        seconds = time.perf_counter() - t0
        mse = float(np.mean((m.predict(Xt) - ft) ** 2))
        if base is None:
            base, plain = (seconds, mse), dict(sigma=m.sigma_, gamma=m.gamma_)
        print(f"  {name:<42} {seconds:6.2f} s ({seconds / base[0]:.1f} x)  test MSE {mse:.3e} ({mse / base[1]:.3f} x)")

if __name__ == "__main__":
    main()
