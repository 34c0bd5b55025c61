"""The ``cwlssvm`` command line: fit, predict, inspect, plot, report, demo.

Feature columns are taken as they are: numbers, text (a categorical input, one value per level) and
blank cells (missing values, one more value of their column). Every failure the user can cause (a
missing file, an unknown column, a column of numbers with stray text, a target with missing values, a
file that is not a model) ends with one line on stderr and exit status 2, and no
output file is written unless the command succeeds (files are written to a temporary name and moved
into place). Set CWLSSVM_DEBUG=1 to see the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import warnings

__all__ = ["CLIError", "build_parser", "main"]


class CLIError(Exception):
    """A user error: printed as one line, exit status 2.

    Examples
    --------
    >>> import os, tempfile
    >>> import pandas as pd
    >>> from cwlssvm.cli import main
    >>> path = os.path.join(tempfile.mkdtemp(), "data.csv")
    >>> pd.DataFrame({"x": [0.0, 1.0, 2.0], "y": [1.0, 2.0, 3.0]}).to_csv(path, index=False)
    >>> main(["fit", path, "--target", "z", "-o", "model.npz"])  # no column z: one line on stderr, status 2
    2
    """


def _log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------- tables
def _read_table(path):
    """A CSV (or Parquet: .parquet/.pq) file as a DataFrame."""
    import pandas as pd

    if not os.path.isfile(path):
        raise CLIError(f"DATA: no such file: {path}")
    try:
        if path.lower().endswith((".parquet", ".pq")):
            try:
                return pd.read_parquet(path)
            except ImportError:
                raise CLIError("reading Parquet needs pyarrow: pip install pyarrow") from None
        return pd.read_csv(path)
    except CLIError:
        raise
    except Exception as exc:  # pandas' parser errors, bad encodings, empty files
        raise CLIError(f"DATA: cannot read {path}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None


ROW_LABELS = ("rownames", "Unnamed: 0", "")  # R's write.csv row names, an unnamed first column (pandas' to_csv)


def _row_labels(df):
    """The name of df's column of row labels (R's ``rownames``, or an unnamed first column), or None: it is not
    an input (it would identify the rows) and ``predict`` passes it through."""
    first = str(df.columns[0]) if len(df.columns) else None
    return first if first in ROW_LABELS or (first or "").startswith("Unnamed: 0") else None


def _feature_frame(df, columns, what="DATA", categorical=()):
    """The feature columns of df, in the given order, as the estimators take them: numbers, text (a
    categorical input) and blank cells (missing values). A column of numbers with a few stray words in it
    is refused (a typo, or a decimal comma, is more likely than a category); the columns in
    ``categorical`` are taken as categories whatever they hold."""
    import pandas as pd

    from .tables import level_label

    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise CLIError(f"{what}: unknown column(s) {', '.join(map(repr, missing))}; the file has "
                       f"{', '.join(map(repr, df.columns[:12]))}{', ...' if len(df.columns) > 12 else ''}")
    unknown = [c for c in categorical if c not in columns]
    if unknown:
        raise CLIError(f"--categorical: {', '.join(map(repr, unknown))} is not among the features")
    X = df[list(columns)].copy()
    if len(X) == 0:
        raise CLIError(f"{what}: the table has no rows")
    for c in X.columns:
        if c in categorical:
            X[c] = X[c].map(level_label, na_action="ignore").astype(object)
            continue
        if pd.api.types.is_numeric_dtype(X[c]) or pd.api.types.is_bool_dtype(X[c]):
            continue
        bad, present = _non_numbers(X[c]), int(X[c].notna().sum())
        if 0 < len(bad) <= present / 2:
            raise CLIError(f"{what}: column {c!r} is not numeric ({bad.iloc[0]!r} in data row {bad.index[0] + 1}) "
                           f"though most of its values are numbers; fix those cells, or take the column as "
                           f"categories with --categorical {c}")
    return X


def _non_numbers(column):
    """The values of a column that do not read as numbers (missing values aside), with their row labels."""
    import pandas as pd

    if pd.api.types.is_bool_dtype(column):
        return column.iloc[:0]
    present = column.dropna()
    return present[pd.to_numeric(present, errors="coerce").isna()]


def _atomic_write(path, write):
    """write(tmp_path) then move tmp_path to path; nothing is left behind on failure."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CLIError(f"output: no such directory: {folder}")
    suffix = os.path.splitext(path)[1]
    fd, tmp = tempfile.mkstemp(suffix=suffix, dir=folder)
    os.close(fd)
    try:
        write(tmp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # the user's umask, as open() would give (mkstemp's file is 0600)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _load_model(path):
    from ._persist import load_with_info

    if not os.path.isfile(path):
        raise CLIError(f"MODEL: no such file: {path}")
    return load_with_info(path)


# ---------------------------------------------------------------------- fit
def _choose_task(y, task):
    import numpy as np
    import pandas as pd

    if task != "auto":
        return task, ""
    if not pd.api.types.is_numeric_dtype(y) or pd.api.types.is_bool_dtype(y):
        bad = _non_numbers(y)
        if 0 < len(bad) <= len(y) / 2:  # mostly numbers: stray text in a numeric column, not class labels
            raise CLIError(f"--target: column {y.name!r} holds numbers but {len(bad)} value(s) are not (such as "
                           f"{bad.iloc[0]!r} in data row {bad.index[0] + 1}); fix them, or give "
                           "--task classification to treat every value as a class label")
        return "classification", "the target is not numeric"
    values = y.to_numpy(dtype=float)
    distinct = np.unique(values)
    if np.all(values == np.round(values)) and len(distinct) <= 10:
        return "classification", f"the target takes {len(distinct)} integer values"
    return "regression", "the target is numeric"


def _interactions(value):
    """--interactions K (an int) or auto, as the estimators' ``interactions``; None when not given."""
    if value is None or value == "auto":
        return value
    try:
        k = int(value)
    except ValueError:
        raise CLIError(f"--interactions takes a number of pairs or auto, got {value!r}") from None
    if k < 0:
        raise CLIError(f"--interactions takes a number of pairs >= 0 or auto, got {value!r}")
    return k


def _make_model(task, select, tune, verbose, n_jobs, max_components, family="squared", interactions=None):
    from . import (ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, FusionComponentwiseLSSVC, FusionComponentwiseLSSVR,
                   SparseComponentwiseLSSVC, SparseComponentwiseLSSVR)

    clf = task == "classification"
    allowed = ("squared", "logistic") if clf else ("squared", "poisson")
    if family not in allowed:
        raise CLIError(f"--family {family}: a {task} model takes {' or '.join(allowed)}")
    if family != "squared" and select in ("l1", "fusion"):
        raise CLIError(f"--family {family}: --select {select} is for --family squared only (use --select stp)")
    if family != "squared" and tune == "kfold":
        raise CLIError(f"--family {family}: tuned by leave-one-out or GCV; --tune kfold is for --family squared")
    if tune in ("reml", "ml") and select != "none":
        raise CLIError(f"--tune {tune}: the likelihood selects the components itself (--select none), not with "
                       f"--select {select}")
    if interactions is not None and select != "none":
        raise CLIError(f"--interactions: pairs are added to the tuned model (--select none), not with --select {select}")
    if select == "none":
        Est = ComponentwiseLSSVCCV if clf else ComponentwiseLSSVRCV
        return Est(criterion=tune, verbose=verbose, n_jobs=n_jobs, family=family, interactions=interactions)
    if select == "fusion":
        return (FusionComponentwiseLSSVC if clf else FusionComponentwiseLSSVR)(method="eta", n_jobs=n_jobs,
                                                                                verbose=verbose)
    Est = SparseComponentwiseLSSVC if clf else SparseComponentwiseLSSVR
    # --select asks which inputs matter: the regressor takes the sparsest lam within one standard error ("auto")
    return Est(penalty=select, one_se="auto", n_jobs=n_jobs, max_components=max_components, verbose=verbose,
               family=family)


def _shapes(args, X):
    """{column: shape} from --increasing, --decreasing, --convex and --concave (CLIError for a column that is not a
    numeric feature, or one given twice)."""
    from .components import SHAPES

    shapes = {}
    for shape in SHAPES:
        for c in (x.strip() for x in (getattr(args, shape) or "").split(",")):
            if not c:
                continue
            if c not in X.columns or not _numeric_column(X[c]):
                raise CLIError(f"--{shape}: {c!r} is not a numeric feature column")
            if c in shapes:
                raise CLIError(f"--{shape}: {c!r} already has the shape {shapes[c]!r}")
            shapes[c] = shape
    return shapes


def _numeric_column(column) -> bool:
    """Whether a feature column holds numbers (not categories)."""
    import pandas as pd

    return pd.api.types.is_numeric_dtype(column) and not pd.api.types.is_bool_dtype(column)


def _cmd_fit(args):
    import numpy as np

    from . import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV

    df = _read_table(args.data)
    if args.target not in df.columns:
        raise CLIError(f"--target: unknown column {args.target!r}; the file has "
                       f"{', '.join(map(repr, df.columns[:12]))}{', ...' if len(df.columns) > 12 else ''}")
    if len(df) == 0:
        raise CLIError("DATA: the table has no rows")
    y = df[args.target]
    n_nan = int(y.isna().sum())
    if n_nan:
        raise CLIError(f"--target: column {args.target!r} has {n_nan} missing value(s); drop those rows first")
    labels = _row_labels(df)
    if labels is not None and labels != args.target and not args.features:
        _log(f"cwlssvm fit: column {labels!r} taken as row labels, not an input (name it in --features to use it)")
    features = ([c.strip() for c in args.features.split(",") if c.strip()] if args.features
                else [c for c in df.columns if c != args.target and c != labels])
    if args.target in features:
        raise CLIError(f"--features: the target {args.target!r} cannot also be a feature")
    if not features:
        raise CLIError("DATA: no feature columns besides the target")
    categorical = [c.strip() for c in args.categorical.split(",") if c.strip()] if args.categorical else []
    X = _feature_frame(df, features, categorical=categorical)
    task, why = _choose_task(y, args.task)
    if task == "regression":
        import pandas as pd

        if not pd.api.types.is_numeric_dtype(y):
            raise CLIError(f"--task regression: the target {args.target!r} is not numeric")
        y = y.astype(float)
    model = _make_model(task, args.select, args.tune, not args.quiet, args.n_jobs, args.max_components, args.family,
                        _interactions(args.interactions))
    shapes = _shapes(args, X)
    if shapes:
        if args.select != "none":
            raise CLIError("--increasing/--decreasing/--convex/--concave: shapes are fitted with --select none")
        from .components import categorical, rbf

        model.set_params(components=[rbf(c, shape=shapes.get(c)) if _numeric_column(X[c]) else categorical(c)
                                     for c in X.columns])
    _log(f"cwlssvm fit: {len(X)} rows, {X.shape[1]} features, task {task}" + (f" ({why}; override with --task)"
                                                                            if why else ""))
    t0 = time.perf_counter()
    if args.select != "none" and args.tune == "kfold":
        _log("tuning sigma and gamma by 10-fold cross-validation ...")
        Est = ComponentwiseLSSVCCV if task == "classification" else ComponentwiseLSSVRCV
        cv = Est(criterion="kfold", refine=False, verbose=not args.quiet, n_jobs=args.n_jobs).fit(X, y)
        model.set_params(sigma=cv.sigma_, gamma=cv.gamma_)
    stage = {"none": f"tuning sigma and gamma ({args.tune})", "fusion": "fusing training and validation",
             "l1": "selecting components (L1)", "stp": "selecting components (STP)"}[args.select]
    _log(f"{stage} ...")
    model.fit(X, y)
    _log(f"done in {time.perf_counter() - t0:.1f} s")
    _atomic_write(args.output, model.save)
    sigma = f"{model.sigma_:.4g}" if np.ndim(model.sigma_) == 0 else "one per component (the table's kernels)"
    gamma = (f"{model.gamma_:.4g}" if getattr(model, "component_gammas_", None) is None
             else "one per component (restricted likelihood)")
    print(f"{type(model).__name__}: sigma={sigma}, gamma={gamma}")
    print(model.summary())
    print(f"wrote {args.output}")
    return 0


# ---------------------------------------------------------------------- predict, inspect, plot
def _features_of(model, df, what="DATA"):
    names = getattr(model, "feature_names_in_", None)
    if names is None:  # fitted on an array: take the first n_features_in_ columns
        if df.shape[1] < model.n_features_in_:
            raise CLIError(f"{what}: the model needs {model.n_features_in_} columns, the file has {df.shape[1]}")
        return _feature_frame(df, list(df.columns[: model.n_features_in_]), what).to_numpy()
    encoding = getattr(model, "encoding_", None)
    categorical = [] if encoding is None else [c.name for c in encoding.columns if c.kind == "categorical"]
    return _feature_frame(df, [str(n) for n in names], what, categorical=categorical)


def _cmd_predict(args):
    import pandas as pd

    model, _ = _load_model(args.model)
    df = _read_table(args.data)
    X = _features_of(model, df)
    out = pd.DataFrame({"prediction": model.predict(X)})
    ids = [c.strip() for c in args.id.split(",") if c.strip()] if args.id else [c for c in [_row_labels(df)] if c]
    for name in ids:  # passed through, first
        if name not in df.columns:
            raise CLIError(f"--id: unknown column {name!r}; the file has {', '.join(map(repr, df.columns[:12]))}")
    out = pd.concat([df[ids].reset_index(drop=True), out], axis=1)
    if hasattr(model, "predict_proba"):  # present only when the model has probabilities
        for k, cls in enumerate(model.classes_):
            out[f"proba_{cls}"] = model.predict_proba(X)[:, k]
    _atomic_write(args.output, lambda p: out.to_csv(p, index=False))
    print(f"wrote {len(out)} predictions to {args.output}")
    return 0


def _cmd_inspect(args):
    model, info = _load_model(args.model)
    print(f"model: {info['class']} (cwlssvm {info['package_version']}, model format {info['format_version']})")
    names = info["feature_names"]
    print(f"features ({model.n_features_in_}): " + (", ".join(names) if names else "unnamed columns"))
    if hasattr(model, "classes_"):
        print("classes: " + ", ".join(map(str, model.classes_)))
    fitted = [f"{k}={getattr(model, k):.4g}" for k in ("sigma_", "gamma_", "lam_", "sigma", "gamma")
              if isinstance(getattr(model, k, None), float)]
    if fitted:
        print("parameters: " + ", ".join(dict.fromkeys(fitted)))
    print(model.summary())
    return 0


def _cmd_plot(args):
    from .plotting import plot_components

    model, _ = _load_model(args.model)
    X = _features_of(model, _read_table(args.data))
    fig = plot_components(model, X=X, bands=args.bands, by="column" if args.by_column else "component")
    _atomic_write(args.output, lambda p: fig.savefig(p, dpi=args.dpi))
    print(f"wrote {args.output}")
    return 0


def _cmd_report(args):
    from .html_report import report

    model, _ = _load_model(args.model)
    X = None if args.data is None else _features_of(model, _read_table(args.data))
    bands = None if args.no_bands else ("auto" if args.bands is None else args.bands)
    by = "column" if args.by_column else "component"
    _atomic_write(args.output, lambda path: report(model, X, path, bands=bands, max_rows=args.rows, by=by))
    print(f"wrote {args.output}")
    return 0


# ---------------------------------------------------------------------- demo
def _cmd_demo(args):
    import numpy as np

    from . import LSSVR, FusionComponentwiseLSSVR, build_info
    from .datasets import additive_function, make_additive

    X, y, _ = make_additive(n=args.n, noise=1.0, seed=args.seed)
    X_test = np.random.default_rng(args.seed + 1).uniform(size=(2000, X.shape[1]))
    f_test = additive_function(X_test)
    print("cwlssvm demo: y = 10 sinc(x0) + 20 (x1 - 0.5)^2 + 10 x2 + 5 x3 + N(0, 1), "
          f"x uniform in [0, 1]^10, N = {args.n}")
    t0 = time.perf_counter()
    model = FusionComponentwiseLSSVR(method="eta").fit(X, y)
    fit_time = time.perf_counter() - t0
    print(f"\nFusionComponentwiseLSSVR(method='eta'): sigma, gamma by leave-one-out, one regularization constant per component "
          f"fused with a validation split, then refit: {fit_time:.2f} s")
    print(model.summary())
    mse = float(np.mean((model.predict(X_test) - f_test) ** 2))
    plain = LSSVR(sigma=3.3, gamma=10.0).fit(X, y)
    mse_plain = float(np.mean((plain.predict(X_test) - f_test) ** 2))
    print(f"\ntest MSE against the noise-free f (2000 points): componentwise with fusion {mse:.3f}, "
          f"plain LS-SVM (sigma=3.3, gamma=10) {mse_plain:.3f}")
    if args.plot:
        from .plotting import plot_components

        fig = plot_components(model)
        _atomic_write(args.plot, lambda p: fig.savefig(p, dpi=110))
        print(f"wrote {args.plot}")
    print("build:", ", ".join(f"{k}={v}" for k, v in build_info().items()))
    return 0


# ---------------------------------------------------------------------- main
def _model_data_output(p, output):
    """The arguments MODEL DATA -o OUTPUT of the commands that apply a model file to a table."""
    p.add_argument("model", metavar="MODEL")
    p.add_argument("data", metavar="DATA")
    p.add_argument("-o", "--output", required=True, metavar=output)


def build_parser():
    """The argument parser of the ``cwlssvm`` command: fit, predict, inspect, plot, report and demo.

    Returns
    -------
    argparse.ArgumentParser
        The parser, one sub-command each.

    Examples
    --------
    >>> from cwlssvm.cli import build_parser
    >>> args = build_parser().parse_args(["fit", "data.csv", "--target", "y", "-o", "model.npz"])
    >>> args.command, args.select, args.tune, args.family
    ('fit', 'none', 'auto', 'squared')
    """
    parser = argparse.ArgumentParser(prog="cwlssvm", description="Componentwise LS-SVMs: additive models you can "
                                     "read, one curve per input.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("fit", help="fit a model on a CSV/Parquet table and write a model file",
                       description="Fit a componentwise LS-SVM (sigma and gamma tuned automatically), print the "
                       "table of components and write the model file.")
    p.add_argument("data", metavar="DATA", help="CSV file (or Parquet: .parquet/.pq, needs pyarrow)")
    p.add_argument("--target", required=True, metavar="COL", help="the column to predict")
    p.add_argument("--features", metavar="COL,COL,...", help="feature columns (default: every other column)")
    p.add_argument("--categorical", metavar="COL,COL,...",
                   help="feature columns taken as categories even if they hold numbers (text columns always are; "
                        "blank cells are missing values, learned as one more value of their column)")
    p.add_argument("--task", choices=("auto", "regression", "classification"), default="auto",
                   help="default auto: classification for a non-numeric target or one with at most 10 integer values")
    p.add_argument("--select", choices=("none", "l1", "stp", "fusion"), default="none",
                   help="structure detection: L1 (convex QP), STP (non-convex, GNC) or fusion with a validation "
                   "split (default none: every input kept)")
    p.add_argument("--family", choices=("squared", "logistic", "poisson"), default="squared",
                   help="the loss: squared (the LS-SVM, default), logistic (classification with the model's own "
                        "probabilities) or poisson (counts, log link)")
    p.add_argument("--tune", choices=("auto", "loo", "gcv", "kfold", "reml", "ml"), default="auto",
                   help="how sigma and gamma are tuned: closed-form leave-one-out, GCV or 10-fold CV; reml or ml: "
                        "one gamma per component by restricted or marginal likelihood at the width leave-one-out "
                        "chooses, every component kept; auto (default): reml for a regression up to 20,000 rows (a "
                        "Matern 5/2 component per numeric column, at two widths or one on wide tables, up to 2,000 "
                        "rows), else leave-one-out (GCV is refused where leave-one-out finds its choice unsound)")
    p.add_argument("--interactions", metavar="K|auto",
                   help="add pair components: the K best pairs screened on the residuals of the additive model, or "
                        "auto (kept while they lower the tuning criterion); default none")
    for shape in ("increasing", "decreasing", "convex", "concave"):
        p.add_argument(f"--{shape}", metavar="COL,COL,...",
                       help=f"numeric feature columns whose effect is constrained to be {shape} over their training "
                            "range (a quadratic program at the tuned sigma and gamma)")
    p.add_argument("--max-components", type=int, default=None, metavar="K",
                   help="with --select l1/stp: keep at most K components")
    p.add_argument("--n-jobs", type=int, default=None, help="threads (default all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("-o", "--output", required=True, metavar="MODEL", help="model file to write (.npz)")
    p.set_defaults(func=_cmd_fit)

    p = sub.add_parser("predict", help="predict with a model file", description="Write the predictions of MODEL "
                       "for the rows of DATA (the feature columns are found by name) to a CSV file.")
    _model_data_output(p, "OUT.csv")
    p.add_argument("--id", metavar="COL[,COL...]", help="columns of DATA to write before the predictions (default: "
                   "its row labels, a first column named rownames or unnamed)")
    p.set_defaults(func=_cmd_predict)

    p = sub.add_parser("inspect", help="describe a model file", description="Print a model file's class, "
                       "features, parameters and table of components.")
    p.add_argument("model", metavar="MODEL")
    p.set_defaults(func=_cmd_inspect)

    p = sub.add_parser("plot", help="plot the component functions of a model", description="Draw one panel per "
                       "component over the range of DATA's inputs (needs matplotlib: pip install 'cwlssvm[plot]').")
    _model_data_output(p, "FIG.png")
    p.add_argument("--dpi", type=int, default=110)
    p.add_argument("--bands", type=float, nargs="?", const=0.95, default=None, metavar="LEVEL",
                   help="shade the pointwise confidence band of each curve (default level 0.95; models of one "
                        "target or two classes)")
    p.add_argument("--by-column", action="store_true",
                   help="one panel per input: the sum of the components on it alone (an RBF and a linear one)")
    p.set_defaults(func=_cmd_plot)

    p = sub.add_parser("report", help="write a model's HTML report", description="Write one self-contained HTML "
                       "file: the table of components, one interactive panel per component and, given DATA, a "
                       "waterfall of each of its first rows' predictions.")
    p.add_argument("model", metavar="MODEL")
    p.add_argument("data", metavar="DATA", nargs="?", help="rows to explain (CSV or Parquet, the model's columns)")
    p.add_argument("-o", "--output", default="model.html", metavar="OUT.html", help="default model.html")
    p.add_argument("--bands", type=float, default=None, metavar="LEVEL",
                   help="level of the pointwise bands (default 0.95 where the model has them)")
    p.add_argument("--no-bands", action="store_true", help="draw no bands")
    p.add_argument("--rows", type=int, default=100, help="rows of DATA explained (default 100)")
    p.add_argument("--by-column", action="store_true",
                   help="one panel per input: the sum of the components on it alone (an RBF and a linear one)")
    p.set_defaults(func=_cmd_report)

    p = sub.add_parser("demo", help="the paper's additive example end to end, in seconds",
                       description="Fit the paper's additive example with fusion and print the components.")
    p.add_argument("--n", type=int, default=100, help="training points (default 100)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--plot", metavar="FIG.png", help="also draw the component functions (needs matplotlib)")
    p.set_defaults(func=_cmd_demo)
    return parser


def main(argv=None) -> int:
    """Run the ``cwlssvm`` command.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after ``cwlssvm`` (default: the command line's).

    Returns
    -------
    int
        The exit status: 0, 2 for a user error (one line on stderr), 1 for an unexpected failure, 130 if
        interrupted.

    Examples
    --------
    >>> from cwlssvm.cli import main
    >>> main(["demo", "--n", "60"])  # the paper's additive example: fusion keeps the inputs x0 to x3
    cwlssvm demo: ...
    component  kernel   norm  spread  selected
    ...
    x4  rbf(sigma=...)  0  0  no
    ...
    0
    """
    from ._persist import ModelFileError

    args = build_parser().parse_args(argv)
    warnings.formatwarning = lambda message, category, *a, **k: f"cwlssvm: warning: {message}\n"
    try:
        return args.func(args)
    except KeyboardInterrupt:
        _log("cwlssvm: interrupted")
        return 130
    except BrokenPipeError:  # the reader left (cwlssvm inspect m.npz | head): quietly, as other commands do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's flush at exit would fail again
        return 0
    except (CLIError, ModelFileError, FileNotFoundError, ImportError, ValueError, OSError, MemoryError) as exc:
        _log(f"cwlssvm: error: {exc}")
        return 2
    except Exception as exc:  # an unexpected failure: still one line, unless debugging
        if os.environ.get("CWLSSVM_DEBUG"):
            raise
        _log(f"cwlssvm: error: {type(exc).__name__}: {exc} (set CWLSSVM_DEBUG=1 for the traceback)")
        return 1
