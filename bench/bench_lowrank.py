"""Large data through the low-rank primal layer (solver="lowrank"), on the paper's additive function
(D = 10, noise 1; test MSE against the noise-free f on 20,000 fresh rows). Each scenario runs in its
own process, so that its peak RSS (data included) is its own.

  fit     N = 10^6, fixed sigma and gamma: fit time, peak RSS, predict 10^6 rows
  cv      N = 10^6: ComponentwiseLSSVRCV(solver="lowrank") default recipe: time, test MSE, passes
  peers   N = 10^5: ComponentwiseLSSVRCV() vs pyGAM LinearGAM (10 splines per input, gridsearch)
  agree   N = 4000: low-rank vs dense predictions (max |difference| / std(y)) and fit-time ratio
  slope   fit time vs N from 10^4 to 10^6 at fixed sigma and gamma: log-log slope
  dense   dense fits at N = 16000 and 20000 (the tiled Cholesky; a plain dpotrf crashes there)
  sparse  N = 10^5, D = 20 (four relevant inputs): SparseComponentwiseLSSVR(one_se=True) recipe
  sparse_svc  the same inputs, y = 1[f + noise > median]: SparseComponentwiseLSSVC() default recipe

The peer numbers of R's mgcv bam(discrete=TRUE) quoted in the output were measured once on the machine
that docs/performance.md describes (0.7 s / MSE 0.0004 at 10^5; 5.5 s / MSE 0.00012 at 10^6); with
--bam, bam is run alongside when Rscript with mgcv is installed.

Run: python bench/bench_lowrank.py [fit cv peers agree slope dense sparse sparse_svc] [--bam]
"""

import argparse
import resource
import subprocess
import sys
import time

import numpy as np

from _common import best_time, header
from cwlssvm import ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive

SCENARIOS = ("fit", "cv", "peers", "agree", "slope", "dense", "sparse", "sparse_svc")


def test_mse(model, n_test=20000):
    Xt, _, ft = make_additive(n_test, seed=12345)
    return float(np.mean((model.predict(Xt) - ft) ** 2))


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fit():
    X, y, _ = make_additive(1_000_000, seed=0)
    for sigma, gamma in ((3.5, 1000.0), (0.87, 1000.0)):  # 3.5 and 0.87 x spread ~ 1 and 0.25 on U(0, 1)
        t0 = time.perf_counter()
        m = ComponentwiseLSSVR(sigma=sigma, gamma=gamma, solver="lowrank").fit(X, y)
        t_fit = time.perf_counter() - t0
        t0 = time.perf_counter()
        m.predict(X)
        t_pred = time.perf_counter() - t0
        print(f"N=10^6 sigma={sigma} gamma={gamma}: R={m.X_fit_.shape[0]}  fit {t_fit:.2f} s (target <= 5)  "
              f"predict 10^6 rows {t_pred:.2f} s (target <= 2)  test MSE {test_mse(m):.2e}")
    print(f"peak RSS {peak_rss_mb():.0f} MB (target <= 1500, data included)")


def cv():
    X, y, _ = make_additive(1_000_000, seed=0)
    t0 = time.perf_counter()
    m = ComponentwiseLSSVRCV(solver="lowrank").fit(X, y)
    t = time.perf_counter() - t0
    mse = test_mse(m)
    print(f"N=10^6 ComponentwiseLSSVRCV(solver='lowrank'): {t:.1f} s (target <= 20), criterion {m.criterion_}, "
          f"{m.passes_} passes over all rows, sigma={m.sigma_:.3g} gamma={m.gamma_:.4g} "
          f"R={m.X_fit_.shape[0]}")
    print(f"test MSE {mse:.2e} (target <= 2.4e-04 = 2 x bam's 1.2e-04); peak RSS {peak_rss_mb():.0f} MB")


def peers():
    X, y, _ = make_additive(100_000, seed=0)
    t0 = time.perf_counter()
    m = ComponentwiseLSSVRCV().fit(X, y)
    t_ours = time.perf_counter() - t0
    mse_ours = test_mse(m)
    print(f"N=10^5 ComponentwiseLSSVRCV(): {t_ours:.2f} s (target <= 3), solver {m.solver_}, criterion "
          f"{m.criterion_}, test MSE {mse_ours:.2e}")
    try:
        from pygam import LinearGAM, s
    except ImportError:
        print("pyGAM not installed (pip install '.[bench]'): peer skipped")
        return
    terms = s(0, n_splines=10)
    for j in range(1, X.shape[1]):
        terms = terms + s(j, n_splines=10)
    t0 = time.perf_counter()
    gam = LinearGAM(terms).gridsearch(X, y, progress=False)
    t_gam = time.perf_counter() - t0
    mse_gam = test_mse(gam)
    print(f"pyGAM LinearGAM(10 splines per input).gridsearch: {t_gam:.2f} s, test MSE {mse_gam:.2e}")
    print(f"RATIO pyGAM time / ours = {t_gam / t_ours:.1f} (target >= 10); MSE ours / pyGAM = "
          f"{mse_ours / mse_gam:.2f} (target < 1)")


def agree():
    X, y, _ = make_additive(4000, seed=0)
    Xt, _, _ = make_additive(4000, seed=1)
    dense = ComponentwiseLSSVR(sigma=3.5, gamma=10.0, solver="dense")
    low = ComponentwiseLSSVR(sigma=3.5, gamma=10.0, solver="lowrank")
    t_dense = best_time(lambda: dense.fit(X, y), 3)
    t_low = best_time(lambda: low.fit(X, y), 5)
    diff = np.abs(dense.predict(Xt) - low.predict(Xt)).max() / y.std()
    print(f"N=4000: max |dense - lowrank| / std(y) = {diff:.1e} (target <= 1e-6); fit dense {t_dense:.3f} s, "
          f"lowrank {t_low:.4f} s: RATIO {t_dense / t_low:.1f}x (target >= 5)")


def slope():
    sizes = [10_000, 30_000, 100_000, 300_000, 1_000_000]
    times = []
    for n in sizes:
        X, y, _ = make_additive(n, seed=0)
        model = ComponentwiseLSSVR(sigma=3.5, gamma=1000.0, solver="lowrank")
        times.append(best_time(lambda: model.fit(X, y), 3 if n < 1_000_000 else 1))
        print(f"N={n:>9,}: fit {times[-1]:.3f} s")
    k = np.polyfit(np.log(sizes), np.log(times), 1)[0]
    print(f"log-log slope of fit time vs N = {k:.2f} (target <= 1.1)")


def dense():
    for n in (16000, 20000):
        X, y, _ = make_additive(n, seed=0)
        t0 = time.perf_counter()
        m = ComponentwiseLSSVR(sigma=3.5, gamma=10.0, solver="dense").fit(X, y)
        print(f"dense fit N={n}: {time.perf_counter() - t0:.1f} s, finite: {bool(np.isfinite(m.dual_coef_).all())}")


def _sparse_fit(Est, classify):
    """The default recipe of Est on 10^5 rows, D = 20 (four relevant inputs): time, selection, test score."""
    X, y, f = make_additive(100_000, seed=0, n_features=20)
    Xt, _, ft = make_additive(20000, seed=12345, n_features=20)
    cut = np.median(f)
    t0 = time.perf_counter()
    m = (Est() if classify else Est(one_se=True)).fit(X, (y > cut).astype(int) if classify else y)  # selection
    t = time.perf_counter() - t0
    sel = [int(d) for d in m.selected_components_]
    score = (f"test accuracy against the noise-free labels {np.mean(m.predict(Xt) == (ft > cut)):.4f}" if classify
             else f"test MSE {np.mean((m.predict(Xt) - ft) ** 2):.2e}")
    task = " on 1[f + noise > median f]" if classify else " (target <= 20 s)"
    print(f"N=10^5 D=20 {Est.__name__}({'' if classify else 'one_se=True'}){task}: {t:.1f} s, selected {sel} "
          f"({'exactly the four relevant' if sel == [0, 1, 2, 3] else 'NOT the four relevant'}), {score}; "
          f"peak RSS {peak_rss_mb():.0f} MB")


def sparse():
    from cwlssvm import SparseComponentwiseLSSVR

    _sparse_fit(SparseComponentwiseLSSVR, classify=False)


def sparse_svc():
    from cwlssvm import SparseComponentwiseLSSVC

    _sparse_fit(SparseComponentwiseLSSVC, classify=True)


def bam(n):
    """R's mgcv bam(discrete=TRUE) on the same data, when Rscript and mgcv are installed."""
    import os
    import shutil
    import tempfile

    if shutil.which("Rscript") is None:
        print("Rscript not found: bam not run")
        return
    X, y, _ = make_additive(n, seed=0)
    Xt, _, ft = make_additive(20000, seed=12345)
    with tempfile.TemporaryDirectory() as tmp:
        np.savetxt(os.path.join(tmp, "train.csv"), np.column_stack([X, y]), delimiter=",", fmt="%.17g")
        np.savetxt(os.path.join(tmp, "test.csv"), Xt, delimiter=",", fmt="%.17g")
        names = ",".join([f"x{j + 1}" for j in range(10)])
        script = (f"library(mgcv); d <- read.csv('{tmp}/train.csv', header=FALSE); names(d) <- c(strsplit('{names}', "
                  f"',')[[1]], 'y'); t <- read.csv('{tmp}/test.csv', header=FALSE); names(t) <- names(d)[1:10]; "
                  "f <- as.formula(paste('y ~', paste(sprintf('s(%s)', names(t)), collapse=' + '))); "
                  "s <- proc.time(); m <- bam(f, data=d, discrete=TRUE, nthreads=2); e <- (proc.time() - s)[3]; "
                  f"write.table(predict(m, t), '{tmp}/pred.csv', row.names=FALSE, col.names=FALSE); cat(e)")
        out = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True)
        if out.returncode != 0:
            print("bam failed:", out.stderr.strip().splitlines()[-1:])
            return
        pred = np.loadtxt(os.path.join(tmp, "pred.csv"))
        print(f"bam N={n}: {float(out.stdout.split()[-1]):.2f} s, test MSE {np.mean((pred - ft) ** 2):.2e}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--bam", action="store_true", help="also run R's mgcv bam at 10^5 and 10^6 rows")
    args = ap.parse_args()
    if args.child:
        globals()[args.scenarios[0]]()
        return
    header("bench_lowrank: the additive example, D=10, noise 1")
    for name in args.scenarios:
        if name not in SCENARIOS:
            raise SystemExit(f"unknown scenario {name!r}; choose from {SCENARIOS}")
        print(f"--- {name}", flush=True)
        subprocess.run([sys.executable, __file__, name, "--child"], check=True)
    if args.bam:
        for n in (100_000, 1_000_000):
            bam(n)


if __name__ == "__main__":
    main()
