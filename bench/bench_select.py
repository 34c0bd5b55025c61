"""Scale of structure detection, each figure against its target.

- L1 component regularization through OSQP, N = 500, D = 20: one fit in under 10 s.
- GNC (STP) on spam (3065 training rows, 57 components, classifier): one fit at given
  hyper-parameters under 30 s; the default fit with its automatic tuning at most 30 s per split;
  peak memory under 3 GB (each measured in a fresh subprocess, as its peak resident set size).
- The average cost of a GNC step relative to one fresh fit of the unpenalized model: the given fit's time over its
  steps, which includes the solves of each CV fold's model at the given lam (the classifier's Platt slope for
  predict_proba comes from their out-of-fold decision values).

Run: python bench/bench_select.py [--splits 5]
"""

import argparse
import json
import subprocess
import sys
import time

import numpy as np

from _common import header
from cwlssvm import SparseComponentwiseLSSVR
from cwlssvm.datasets import make_additive

SPAM_JOB = r"""
import json, resource, sys, time
import numpy as np
sys.path.insert(0, "bench")
from cwlssvm.datasets import spam_splits
from cwlssvm import ComponentwiseLSSVC, SparseComponentwiseLSSVC
Xtr, ytr, Xte, yte, names = list(spam_splits(int(sys.argv[2]) + 1))[-1]
out = {}
if sys.argv[1] == "given":
    t0 = time.perf_counter()
    m = SparseComponentwiseLSSVC(sigma=0.93, gamma=0.13, lam=10.0).fit(Xtr, ytr)
    out["fit_s"] = time.perf_counter() - t0
    h = m.gnc_history_
    out["steps"] = len(h)
    out["factorizations"] = int(sum(s.get("refactored", False) for s in h))
    out["cg_iterations"] = int(sum(s.get("cg_iterations", 0) for s in h))
    out["rank"] = int(m.ranks_.sum())
    t0 = time.perf_counter()
    ComponentwiseLSSVC(sigma=0.93, gamma=0.13, probability=False).fit(Xtr, ytr)
    out["fresh_fit_s"] = time.perf_counter() - t0
else:
    t0 = time.perf_counter()
    m = SparseComponentwiseLSSVC().fit(Xtr, ytr)
    out["fit_s"] = time.perf_counter() - t0
out["n_selected"] = int(len(m.selected_components_))
out["test_error"] = float(np.mean(m.predict(Xte) != yte))
out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""


def run_spam(kind, split=0):
    res = subprocess.run([sys.executable, "-c", SPAM_JOB, kind, str(split)], capture_output=True, text=True,
                         check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def main(splits):
    header("bench_select: scale of structure detection")
    X, y, _ = make_additive(n=500, n_features=20, seed=0)
    model = SparseComponentwiseLSSVR(penalty="l1", sigma=3.5, gamma=50.0, lam=5000.0)
    t0 = time.perf_counter()
    model.fit(X, y)
    t_l1 = time.perf_counter() - t0
    info = model.gnc_history_[0]
    print(f"L1 QP (OSQP), N=500, D=20, R={model.ranks_.sum()}: {t_l1:.2f} s ({info['status']}, "
          f"{info['iterations']} iterations, polished={info['polished']}), selected {list(model.selected_components_)}"
          f"   (target < 10 s)")

    given = run_spam("given")
    step = given["fit_s"] / given["steps"]
    print(f"GNC STP on spam at given (sigma, gamma, lam): {given['fit_s']:.1f} s, {given['steps']} steps, "
          f"{given['factorizations']} factorizations, {given['cg_iterations']} CG iterations, R={given['rank']}, "
          f"{given['n_selected']} components, test error {given['test_error']:.4f}, "
          f"peak RSS {given['peak_rss_mb']:.0f} MB   (target < 30 s)")
    print(f"RATIO average GNC step / one fresh exact fit = {step / given['fresh_fit_s']:.3f}   "
          f"(step {step * 1e3:.0f} ms, fresh fit {given['fresh_fit_s']:.2f} s)")
    for split in range(splits):
        default = run_spam("default", split)
        print(f"SparseComponentwiseLSSVC() default recipe on spam split {split} (sigma, gamma, lam tuned): "
              f"{default['fit_s']:.1f} s, {default['n_selected']} components, test error {default['test_error']:.4f}, "
              f"peak RSS {default['peak_rss_mb']:.0f} MB   (targets <= 30 s, < 3000 MB)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--splits", type=int, default=1, help="spam splits for the default recipe (default 1, at most 5)")
    main(ap.parse_args().splits)
