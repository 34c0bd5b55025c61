"""Table 1 of the paper: the additive regression example, seven methods and three peer libraries.

y = 10 sinc(x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + e, e ~ N(0, 1), N = 100, x uniform in [0, 1]^10;
an independent test set of 2000 points; errors against the noise-free f:
L2 = mean squared error, L1 = mean absolute error, L_inf = maximum absolute error.
"% recovered" follows the paper's caption: the share of components whose selection is right
(selected if and only if its input is relevant; for the mixed dictionary, the RBF of x1, x2 and the
linear kernel of x3, x4), averaged over seeds; "exact" counts the seeds where every component is right.
Hyper-parameters by 10-fold cross-validation as in the paper: sigma and gamma of the componentwise
model, reused by the rows built on it; lam of the penalties by 10-fold CV; the fusion rows tune their
regularization on a 30% validation split instead.
"""

from __future__ import annotations

import numpy as np

from .. import (ComponentwiseLSSVRCV, FusionComponentwiseLSSVR, LSSVRCV, SparseComponentwiseLSSVR)
from .. import components as C
from ..datasets import additive_function, make_additive
from ._common import GamSearch, log, markdown_table, mean_sd, pygam_or_none, quiet, timer

__all__ = ["run", "report"]

RELEVANT = {"x0", "x1", "x2", "x3"}
RELEVANT_MIXED = {"x0", "x1", "linear(x2)", "linear(x3)"}

# the paper's Table 1 (L2, L1, L_inf, % recovered)
PAPER = {
    "LS-SVMs": (0.1110, 0.2582, 0.8743, "0%"),
    "componentwise LS-SVMs": (0.0603, 0.1923, 0.6249, "0%"),
    "L1 regularization": (0.0624, 0.1987, 0.6601, "100%"),
    "STP with RBF": (0.0608, 0.1966, 0.6854, "100%"),
    "STP with RBF and lin": (0.0521, 0.1817, 0.5729, "95%"),
    "fusion with AReg": (0.0614, 0.1994, 0.6634, "100%"),
    "fusion with comp. reg.": (0.0601, 0.1953, 0.6791, "100%"),
}
EQUATION = {
    "LS-SVMs": "", "componentwise LS-SVMs": "eq.clssvmr.train", "L1 regularization": "eq.aregam.costb",
    "STP with RBF": "eq.scad on norms (eq.rls)", "STP with RBF and lin": "eq.aregam.cost2",
    "fusion with AReg": "eq.fusion1.cost", "fusion with comp. reg.": "eq.fusionc.fusion2",
}


def _ours(sigma, gamma):
    """The rows built on the 10-fold tuned componentwise model: name -> (estimator factory, relevant set)."""
    return {
        # 20 lams instead of 40 for the L1 path (10 folds x 20 QPs), to keep the whole run within its budget
        "L1 regularization": (lambda: SparseComponentwiseLSSVR(penalty="l1", sigma=sigma, gamma=gamma, lams=20),
                              RELEVANT),
        "STP with RBF": (lambda: SparseComponentwiseLSSVR(penalty="stp", sigma=sigma, gamma=gamma), RELEVANT),
        # the penalty on the spread of the outputs (eq.aregam.cost2): ||w_d|| of a linear and of an RBF
        # kernel live in different feature spaces, the outputs of both on the same scale
        "STP with RBF and lin": (lambda: SparseComponentwiseLSSVR(components=C.mixed(range(10)), penalty="stp",
                                                                  formulation="outputs", sigma=sigma, gamma=gamma),
                                 RELEVANT_MIXED),
        "fusion with AReg": (lambda: FusionComponentwiseLSSVR(method="areg-select", sigma=sigma, gamma=gamma),
                             RELEVANT),
        "fusion with comp. reg.": (lambda: FusionComponentwiseLSSVR(method="eta", sigma=sigma, gamma=gamma),
                                   RELEVANT),
    }


def _peers(seed):
    """Peer models tuned by their own recipes: name -> estimator factory (None if not installed)."""
    from sklearn.kernel_ridge import KernelRidge
    from sklearn.model_selection import GridSearchCV, KFold
    from sklearn.svm import SVR

    folds = KFold(10, shuffle=True, random_state=seed)
    pygam = pygam_or_none()

    def gam(n_splines):
        def make():
            terms = pygam.terms.TermList(*[pygam.s(j, n_splines=n_splines) for j in range(10)])
            return GamSearch(pygam.LinearGAM(terms))
        return make if pygam else None

    return {
        "pyGAM LinearGAM (default 20 splines per input, gridsearch)": gam(20),
        "pyGAM LinearGAM (10 splines per input, gridsearch)": gam(10),
        "scikit-learn SVR, RBF (GridSearchCV)": lambda: GridSearchCV(
            SVR(kernel="rbf"), {"C": np.logspace(-1, 3, 5), "gamma": np.logspace(-2, 1, 4),
                                "epsilon": [0.1, 0.5, 1.0]}, cv=folds),
        "scikit-learn KernelRidge, RBF (GridSearchCV)": lambda: GridSearchCV(
            KernelRidge(kernel="rbf"), {"alpha": np.logspace(-4, 1, 6), "gamma": np.logspace(-2, 1, 4)}, cv=folds),
    }


def _errors(pred, f):
    r = pred - f
    return float(np.mean(r * r)), float(np.mean(np.abs(r))), float(np.max(np.abs(r)))


def _selection(model, relevant):
    names = [c.name for c in model.components_]
    chosen = {names[i] for i in model.selected_components_}
    correct = [(n in chosen) == (n in relevant) for n in names]
    return float(np.mean(correct)), bool(all(correct)), bool(relevant <= chosen), sorted(chosen - relevant)


def run(seeds=20, n_test=2000):
    """Fit every row on `seeds` data sets. Returns a JSON-able dict of per-seed results.

    Parameters
    ----------
    seeds : int, default=20
        Data sets (seeds 0..seeds-1).
    n_test : int, default=2000
        Test rows per data set.

    Returns
    -------
    dict
        Per-seed results, JSON-able.

    Examples
    --------
    >>> from cwlssvm.experiments import table1
    >>> result = table1.run(seeds=1, n_test=200)  # one data set of the paper's additive example
      table 1: seed 1/1 done (... s)
    >>> errors = result["results"]
    >>> bool(errors["componentwise LS-SVMs"]["L2"][0] < errors["LS-SVMs"]["L2"][0])  # the additive model wins
    True
    """
    rows = ["LS-SVMs", "componentwise LS-SVMs", *list(_ours(1.0, 1.0))]
    peers = list(_peers(0))
    res = {name: {"L2": [], "L1": [], "Linf": [], "recovered": [], "exact": [], "kept": [], "spurious": [], "time": []}
           for name in rows + peers}
    for seed in range(seeds):
        X, y, _ = make_additive(n=100, noise=1.0, seed=seed)
        Xt = np.random.default_rng(10_000 + seed).uniform(size=(n_test, 10))
        ft = additive_function(Xt)
        t = {}
        with timer(t, "plain"):
            plain = LSSVRCV(criterion="kfold", cv=10).fit(X, y)
        with timer(t, "cw"):
            cw = ComponentwiseLSSVRCV(criterion="kfold", cv=10).fit(X, y)
        fitted = {"LS-SVMs": (plain, None, t["plain"]), "componentwise LS-SVMs": (cw, None, t["cw"])}
        for name, (make, relevant) in _ours(cw.sigma_, cw.gamma_).items():
            with timer(t, name):
                model = make().fit(X, y)
            fitted[name] = (model, relevant, t[name] + t["cw"])  # + the shared 10-fold tuning
        for name, make in _peers(seed).items():
            if make is None:
                continue
            with quiet(), timer(t, name):
                model = make().fit(X, y)
            fitted[name] = (model, None, t[name])
        for name, (model, relevant, seconds) in fitted.items():
            L2, L1, Linf = _errors(model.predict(Xt), ft)
            r = res[name]
            r["L2"].append(L2)
            r["L1"].append(L1)
            r["Linf"].append(Linf)
            r["time"].append(seconds)
            if relevant is not None:
                share, exact, kept, spurious = _selection(model, relevant)
                r["spurious"].append(spurious)
                r["recovered"].append(share)
                r["exact"].append(exact)
                r["kept"].append(kept)
        log(f"  table 1: seed {seed + 1}/{seeds} done ({sum(v for k, v in t.items()):.1f} s)")
    return {"seeds": seeds, "n_test": n_test, "rows": rows, "peers": peers, "results": res,
            "pygam": pygam_or_none() is not None}


def _count(res, row, component):
    return sum(component in spur for spur in res[row]["spurious"])


def report(result):
    """Markdown for REPORT.md.

    Parameters
    ----------
    result : dict
        What ``run`` returned.

    Returns
    -------
    str
        The section of REPORT.md.

    Examples
    --------
    >>> from cwlssvm.experiments import table1
    >>> print(table1.report(table1.run(seeds=1, n_test=200)).splitlines()[0])
      table 1: seed 1/1 done (... s)
    ## Table 1: the additive regression example (1 seeds)
    """
    res, seeds = result["results"], result["seeds"]
    cw_L2 = np.mean(res["componentwise LS-SVMs"]["L2"])
    header = ["method", "equation", "L2", "L1", "L∞", "L2 / componentwise", "% recovered", "exact (seeds)",
              "relevant kept (seeds)", "fit time (s)", "paper L2", "paper L1", "paper L∞", "paper L2 / componentwise",
              "paper %"]
    rows = []
    for name in result["rows"] + result["peers"]:
        r = res[name]
        if not r["L2"]:
            rows.append([name, "peer", "not installed (pip install \"cwlssvm[bench]\")"] + [""] * (len(header) - 3))
            continue
        paper = PAPER.get(name)
        selecting = bool(r["recovered"])
        rows.append([
            name, EQUATION.get(name, "peer"), mean_sd(r["L2"]), mean_sd(r["L1"]), mean_sd(r["Linf"]),
            f"{np.mean(r['L2']) / cw_L2:.2f}",
            f"{100 * np.mean(r['recovered']):.1f}%" if selecting else "no selection",
            f"{int(np.sum(r['exact']))}/{seeds}" if selecting else "",
            f"{int(np.sum(r['kept']))}/{seeds}" if selecting else "",
            mean_sd(r["time"], "{:.2f}"),
            *(("", "", "", "", "") if paper is None else
              (f"{paper[0]:.4f}", f"{paper[1]:.4f}", f"{paper[2]:.4f}", f"{paper[0] / PAPER['componentwise LS-SVMs'][0]:.2f}",
               paper[3]))])
    plain = np.mean(res["LS-SVMs"]["L2"])
    spurious_lines = []
    for name in result["rows"]:
        counts = {}
        for spur in res[name]["spurious"]:
            for c in spur:
                counts[c] = counts.get(c, 0) + 1
        if counts:
            spurious_lines.append(f"{name}: " + ", ".join(f"{c} in {k}/{seeds} seeds" for c, k in
                                                          sorted(counts.items(), key=lambda kv: -kv[1])))
    text = [
        f"## Table 1: the additive regression example ({seeds} seeds)",
        "",
        "y = 10 sinc(x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + e, e ~ N(0, 1), N = 100, x uniform in [0, 1]^10; "
        f"an independent test set of {result['n_test']} points per seed. Errors against the noise-free f, in the units "
        "of y: L2 = mean squared error, L1 = mean absolute error, L∞ = maximum absolute error (mean ± standard "
        "deviation over seeds). \"% recovered\": the share of components whose selection is right (selected if and "
        "only if the input is relevant; for the mixed dictionary of 20 components, RBF for x1, x2 and linear for x3, "
        "x4), as in the paper's caption; \"exact\": seeds where every component is right; \"relevant kept\": seeds "
        "where all relevant components are kept. Hyper-parameters by 10-fold CV as in the paper: sigma and gamma of "
        "the componentwise model, reused by the rows below it (whose fit times include that tuning); lam by 10-fold "
        "CV; the fusion rows tune their regularization on a 30% validation split. Peers are tuned by their own "
        "recipes (pyGAM's `gridsearch`, `GridSearchCV` with 10 folds).",
        "",
        markdown_table(header, rows),
        "",
        f"Componentwise LS-SVMs have {plain / cw_L2:.1f}x lower mean L2 error than LS-SVMs ({cw_L2:.3f} vs "
        f"{plain:.3f}).",
        "",
        "Spurious components kept: " + ("; ".join(spurious_lines) if spurious_lines else "none") + ".",
        "",
        "Where ours differ from the paper, and why. (1) Scale: the paper does not define the scale of its errors "
        "(its L2 of 0.06 cannot be a mean squared error in the units of y with unit noise variance), so the columns "
        "\"L2 / componentwise\" compare the two tables without it. (2) The gain of the componentwise model over the "
        "plain LS-SVM is larger here (the ratio in that column) than in the paper (1.8x): our LS-SVM row is the "
        "plain RBF kernel over all ten inputs with one width, tuned by 10-fold CV. (3) The selecting rows reach about "
        "half the componentwise model's error here, where the paper's are on par with it: after selection our "
        "models drop the six noise components entirely (refit for L1 and fusion, nearly unbiased STP), and N = 100 "
        "with six noise inputs leaves much variance to remove. (4) Mixed dictionary: the paper counts one spurious "
        "component (95%); ours keeps the four right kernels in most seeds and also spurious ones (listed above). "
        f"The most frequent, linear(x0) ({_count(res, 'STP with RBF and lin', 'linear(x0)')}/{seeds} seeds), is the "
        "linear kernel of x1: next to it the RBF of x1 keeps only its nonlinear part (cwlssvm's detrended mixed "
        "dictionary), so the straight-line trend of sinc on [0, 1] belongs to linear(x1) and the pair is a correct "
        "decomposition of f^1; the caption's definition still counts it as an error. (5) pyGAM with its default 20 splines per input has 200 coefficients for 100 points; its "
        "gridsearch (GCV) then picks the smallest penalty and overfits; with 10 splines per input it is a fair "
        "additive peer.",
    ]
    return "\n".join(text)
