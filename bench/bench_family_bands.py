"""Coverage of the component bands of the likelihood families (cwlssvm.uncertainty, at the IRLS fixed point).

Two additive examples on the link scale, --n rows (default 400) of 6 inputs uniform on [0, 1], the first four
entering through

    eta(x) = a [sin(2 pi x1) / 2 + 2 (x2 - 0.5)^2 + x3 - 0.5 + 0.4 sinc(4 (x4 - 0.5))] + c,

- Poisson (cwlssvm.datasets.make_poisson_additive: a = 1, c = 0.5): counts y ~ Poisson(exp(eta)), fitted by
  ComponentwiseLSSVRCV(family="poisson");
- logistic (a = 2, c = 0): labels y ~ Bernoulli(1 / (1 + exp(-eta))), fitted by
  ComponentwiseLSSVCCV(family="logistic");

each over --seeds seeds (default 200). For each relevant component: the mean over the seeds of the fraction of a
100-point grid over [0, 1] where the pointwise 95% band (component_bands, --method: the default) covers the true
component centred over the training inputs, the fraction of seeds whose simultaneous band
covers the whole curve, the mean band width; and the fraction of seeds where the test of f_d = 0 gives p < 0.05
for each input (the last two do not enter).

mgcv (through Rscript, when it is on the PATH): gam(y ~ s(x1) + ... + s(x6), family = poisson or binomial,
method = "REML") on the same rows, its pointwise 95% bands from predict(type = "terms", se.fit = TRUE) (centred over
the training rows, as ours), with unconditional = FALSE (its default) and TRUE: their mean coverage and width.

Run: python bench/bench_family_bands.py [--seeds 200] [--n 400] [--family poisson logistic] [--no-mgcv]
                                        [--method bayes]
"""

import argparse
import os
import shutil
import subprocess
import tempfile
import time

import numpy as np

import cwlssvm
from cwlssvm.datasets import sinc

GRID = np.linspace(0.0, 1.0, 100)
P, RELEVANT, LEVEL = 6, 4, 0.95
SHAPES = [lambda x: 0.5 * np.sin(2 * np.pi * x), lambda x: 2.0 * (x - 0.5) ** 2, lambda x: x - 0.5,
          lambda x: 0.4 * sinc(4.0 * (x - 0.5))]
SETUP = {"poisson": (1.0, 0.5), "logistic": (2.0, 0.0)}  # (a, c)


def sample(family, n, seed):
    """(X (n, P), y (n,)) of the family's example."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(size=(n, P))
    a, c = SETUP[family]
    eta = a * sum(f(X[:, d]) for d, f in enumerate(SHAPES)) + c
    if family == "poisson":
        return X, rng.poisson(np.exp(eta)).astype(float)
    return X, (rng.random(n) < 1.0 / (1.0 + np.exp(-eta))).astype(int)


def coverage(family, seeds, n, method="auto"):
    a, _ = SETUP[family]
    point = np.zeros((len(seeds), RELEVANT))
    whole = np.zeros((len(seeds), RELEVANT), dtype=bool)
    width = np.zeros((len(seeds), RELEVANT))
    rejects = np.zeros((len(seeds), P), dtype=bool)
    t0 = time.perf_counter()
    for i, seed in enumerate(seeds):
        X, y = sample(family, n, seed)
        est = (cwlssvm.ComponentwiseLSSVRCV(family="poisson") if family == "poisson"
               else cwlssvm.ComponentwiseLSSVCCV(family="logistic"))
        est.fit(X, y)
        for d in range(RELEVANT):
            rows = np.full((len(GRID), P), 0.5)
            rows[:, d] = GRID
            truth = a * (SHAPES[d](GRID) - SHAPES[d](X[:, d]).mean())
            lo, hi = est.component_bands(rows, LEVEL, method=method)
            ok = (lo[:, d] <= truth) & (truth <= hi[:, d])
            point[i, d], width[i, d] = ok.mean(), np.mean(hi[:, d] - lo[:, d])
            lo, hi = est.component_bands(rows, LEVEL, kind="simultaneous", method=method)
            whole[i, d] = np.all((lo[:, d] <= truth) & (truth <= hi[:, d]))
        rejects[i] = est.component_tests()["p_value"] < 0.05
    elapsed = time.perf_counter() - t0
    print(f"{family}: N = {n}, {len(seeds)} seeds, {type(est).__name__}(family={family!r}), method={method!r} "
          f"({elapsed:.0f} s, {elapsed / len(seeds):.2f} s a seed)")
    print("  pointwise 95% bands, mean coverage: "
          + ", ".join(f"x{d} {point[:, d].mean():.3f}" for d in range(RELEVANT)))
    print("  simultaneous 95% bands, seeds covering the whole curve: "
          + ", ".join(f"x{d} {whole[:, d].mean():.3f}" for d in range(RELEVANT)))
    print("  mean band width: " + ", ".join(f"x{d} {width[:, d].mean():.2f}" for d in range(RELEVANT)))
    print("  test of f_d = 0, seeds with p < 0.05: " + ", ".join(f"x{d} {rejects[:, d].mean():.3f}" for d in range(P)))


MGCV_SCRIPT = r"""
suppressMessages(library(mgcv))
args <- commandArgs(TRUE); dir <- args[1]; family <- args[2]; seeds <- as.integer(args[3]); a <- as.numeric(args[4])
shapes <- list(function(x) 0.5 * sin(2 * pi * x), function(x) 2 * (x - 0.5)^2, function(x) x - 0.5,
               function(x) { u <- 4 * (x - 0.5); 0.4 * ifelse(abs(u) < 1e-12, 1, sin(pi * u) / (pi * u)) })
grid <- seq(0, 1, length.out = 100)
out <- NULL
for (s in 0:(seeds - 1)) {
  d <- read.csv(file.path(dir, sprintf("%d.csv", s)))
  m <- gam(y ~ s(x1) + s(x2) + s(x3) + s(x4) + s(x5) + s(x6),
           family = if (family == "poisson") poisson() else binomial(), data = d, method = "REML")
  for (unconditional in c(FALSE, TRUE)) for (j in 1:4) {
    nd <- as.data.frame(matrix(0.5, 100, 6)); names(nd) <- paste0("x", 1:6); nd[[j]] <- grid
    p <- predict(m, nd, type = "terms", se.fit = TRUE, unconditional = unconditional)
    truth <- a * (shapes[[j]](grid) - mean(shapes[[j]](d[[j]])))
    out <- rbind(out, c(s, unconditional, j, mean(abs(p$fit[, j] - truth) <= qnorm(0.975) * p$se.fit[, j]),
                        mean(2 * qnorm(0.975) * p$se.fit[, j])))
  }
}
write.csv(out, file.path(dir, "coverage.csv"), row.names = FALSE)
"""


def mgcv_coverage(family, seeds, n):
    """mgcv's pointwise coverage and width (module doc), or None without Rscript."""
    if shutil.which("Rscript") is None:
        print("  mgcv: Rscript not found, skipped")
        return
    a, _ = SETUP[family]
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            X, y = sample(family, n, seed)
            np.savetxt(os.path.join(tmp, f"{seed}.csv"), np.column_stack([X, y]), delimiter=",",
                       header=",".join([f"x{j + 1}" for j in range(P)] + ["y"]), comments="")
        script = os.path.join(tmp, "coverage.R")
        with open(script, "w") as f:
            f.write(MGCV_SCRIPT)
        subprocess.run(["Rscript", script, tmp, family, str(len(seeds)), str(a)], check=True, capture_output=True)
        table = np.loadtxt(os.path.join(tmp, "coverage.csv"), delimiter=",", skiprows=1)
    for unconditional in (0, 1):
        rows = table[table[:, 1] == unconditional]
        cover = [rows[rows[:, 2] == j + 1, 3].mean() for j in range(RELEVANT)]
        width = [rows[rows[:, 2] == j + 1, 4].mean() for j in range(RELEVANT)]
        print(f"  mgcv gam(method='REML'), unconditional={bool(unconditional)}, pointwise 95% bands: "
              + ", ".join(f"x{d} {c:.3f}" for d, c in enumerate(cover))
              + "; mean width " + ", ".join(f"x{d} {w:.2f}" for d, w in enumerate(width)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--family", nargs="+", default=["poisson", "logistic"], choices=list(SETUP))
    ap.add_argument("--no-mgcv", action="store_true", help="skip mgcv's bands")
    ap.add_argument("--method", default="auto", help="component_bands' method (default: the model's default)")
    args = ap.parse_args()
    print("bench_family_bands:", cwlssvm.build_info())
    for family in args.family:
        coverage(family, range(args.seeds), args.n, args.method)
        if not args.no_mgcv:
            mgcv_coverage(family, range(args.seeds), args.n)


if __name__ == "__main__":
    main()
