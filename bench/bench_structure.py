"""Accuracy of structure detection, each figure against its target.

Additive example (N = 100, D = 10, 20 seeds, test MSE against the noise-free f on 2000 points):
- L1 and STP recover exactly {x1, x2, x3, x4} (columns 0-3) in at least 19 of 20 seeds, with mean
  test MSE within 10% of the tuned unpenalized componentwise model (ComponentwiseLSSVRCV); each with its
  default lam (the best CV error) and with the one-standard-error rule (one_se=True);
- mixed dictionary (each input as RBF and as linear), STP: RBF kept for x1, x2 and linear for x3, x4
  in at least 15 of 20 seeds.
Spam (5 random 3065/1536 splits): the tuned unpenalized componentwise classifier has mean test error
at most 6.5%; with STP selection at most 10 components remain and the mean test error is at most 10%.

Run: python bench/bench_structure.py [--seeds 20 (0: spam only)] [--first-seed 0] [--splits 5] [--skip-spam]
"""

import argparse
import time

import numpy as np

from _common import header
from cwlssvm.datasets import spam_splits
from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, SparseComponentwiseLSSVC, SparseComponentwiseLSSVR
from cwlssvm import components as C
from cwlssvm.datasets import additive_function, make_additive

TRUE = [0, 1, 2, 3]


def additive(n_seeds, mixed_only=False, first_seed=0):
    models = {
        "unpenalized (ComponentwiseLSSVRCV)": lambda: ComponentwiseLSSVRCV(),
        "L1 (OSQP)": lambda: SparseComponentwiseLSSVR(penalty="l1"),
        "STP (GNC)": lambda: SparseComponentwiseLSSVR(penalty="stp"),
        # the sparsest lam within one standard error of the best CV error (the default takes the best)
        "L1, one_se=True": lambda: SparseComponentwiseLSSVR(penalty="l1", one_se=True),
        "STP, one_se=True": lambda: SparseComponentwiseLSSVR(penalty="stp", one_se=True),
        # each RBF keeps only its nonlinear part next to the linear component of its input (detrending)
        "STP, mixed RBF + linear": lambda: SparseComponentwiseLSSVR(components=C.mixed(range(10))),
    }
    if mixed_only:
        models = {k: v for k, v in models.items() if "mixed" in k or "unpenalized" in k}
    mse = {k: [] for k in models}
    exact = {k: 0 for k in models}
    times = {k: 0.0 for k in models}
    mixed_ok = 0
    mixed_clean = 0
    for seed in range(first_seed, first_seed + n_seeds):
        X, y, _ = make_additive(n=100, noise=1.0, seed=seed)
        Xt = np.random.default_rng(10_000 + seed).uniform(size=(2000, 10))
        ft = additive_function(Xt)
        for name, make in models.items():
            t0 = time.perf_counter()
            m = make().fit(X, y)
            times[name] += time.perf_counter() - t0
            mse[name].append(np.mean((m.predict(Xt) - ft) ** 2))
            m = m[-1] if hasattr(m, "steps") else m
            if hasattr(m, "selected_components_"):
                sel = list(m.selected_components_)
                if name.startswith("STP, mixed"):
                    names = {m.components_[i].name for i in sel}
                    mixed_ok += {"x0", "x1", "linear(x2)", "linear(x3)"} <= names
                    exact[name] += names == {"x0", "x1", "linear(x2)", "linear(x3)"}
                    mixed_clean += all(m.components_[i].columns[0] in TRUE for i in sel)
                else:
                    exact[name] += sel == TRUE
    base = np.mean(mse["unpenalized (ComponentwiseLSSVRCV)"])
    print(f"additive example, {n_seeds} seeds")
    for name in models:
        v = np.array(mse[name])
        line = f"  {name:<36} test MSE {v.mean():.3f} +- {v.std(ddof=1):.3f}  ratio to unpenalized {v.mean() / base:.2f}"
        if name != "unpenalized (ComponentwiseLSSVRCV)":
            line += f"  exact structure {exact[name]}/{n_seeds}"
        print(line + f"  ({times[name] / n_seeds:.2f} s per fit)")
    print(f"  mixed dictionary: RBF for x1, x2 and linear for x3, x4 kept in {mixed_ok}/{n_seeds} seeds (target >= 15); "
          f"no component on x5..x10 in {mixed_clean}/{n_seeds}; (x1 = sinc has a linear part, so linear(x1) next to "
          f"its RBF is expected)")
    print("  targets: L1 and STP exact in >= 19 seeds, mean test MSE <= 1.10 x unpenalized")


def spam(n_splits):
    err_base, err_stp, n_sel = [], [], []
    print(f"spam, {n_splits} random 3065/1536 splits")
    for i, (Xtr, ytr, Xte, yte, names) in enumerate(spam_splits(n_splits)):
        t0 = time.perf_counter()
        base = ComponentwiseLSSVCCV(probability=False).fit(Xtr, ytr)
        t_base = time.perf_counter() - t0
        t0 = time.perf_counter()
        stp = SparseComponentwiseLSSVC(max_components=10).fit(Xtr, ytr)
        t_stp = time.perf_counter() - t0
        err_base.append(np.mean(base.predict(Xte) != yte))
        err_stp.append(np.mean(stp.predict(Xte) != yte))
        n_sel.append(len(stp.selected_components_))
        print(f"  split {i}: componentwise error {err_base[-1]:.4f} ({t_base:.0f} s); STP error {err_stp[-1]:.4f} "
              f"with {n_sel[-1]} components ({t_stp:.0f} s): {[names[j] for j in stp.selected_components_]}")
    print(f"  unpenalized componentwise classifier: mean test error {np.mean(err_base):.4f}   (target <= 0.065)")
    print(f"  STP (max_components=10): mean test error {np.mean(err_stp):.4f}, components {n_sel} "
          f"(targets <= 0.10, <= 10)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--splits", type=int, default=5)
    ap.add_argument("--skip-spam", action="store_true")
    ap.add_argument("--mixed-only", action="store_true", help="additive example: only the mixed dictionary")
    ap.add_argument("--first-seed", type=int, default=0, help="additive example: seeds first-seed, ... (default 0)")
    args = ap.parse_args()
    header("bench_structure: accuracy of structure detection")
    if args.seeds > 0:  # --seeds 0: spam only
        additive(args.seeds, args.mixed_only, args.first_seed)
    if not args.skip_spam:
        spam(args.splits)


if __name__ == "__main__":
    main()
