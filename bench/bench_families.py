"""Statistical quality and speed of the likelihood families and of the default recipes on small real data.

  logistic  load_breast_cancer (569 rows, 30 inputs; 5 random 70/30 splits, standardized on the training part)
            and spam (the paper's protocol: 3065 training rows, 57 inputs, log(1 + x), standardized; 5 splits):
            ComponentwiseLSSVCCV(family="logistic") against the LS-SVM classifier ComponentwiseLSSVCCV() with its
            Platt probabilities, pyGAM's LogisticGAM (its own lam grid search), scikit-learn's LogisticRegression
            and HistGradientBoostingClassifier: test error, test log-loss, fit time, and the weighted solves of
            the logistic refit. Targets: logistic error <= the LS-SVM classifier's, log-loss below both the
            LS-SVM's and LogisticGAM's; <= 10 weighted solves per fit; spam with tuning <= 30 s.
  poisson   cwlssvm.datasets.make_poisson_additive (n = 500, 6 inputs, 2 irrelevant; 5 seeds, 350 training rows):
            ComponentwiseLSSVRCV(family="poisson") against pyGAM's PoissonGAM (lam grid search), scikit-learn's
            PoissonRegressor and HistGradientBoostingRegressor(loss="poisson"): mean Poisson deviance on the test
            rows (and that of the true means). Target: <= PoissonGAM's.
  sparse    structure detection with the families: SparseComponentwiseLSSVC(family="logistic") on breast cancer
            against the squared family and the plain logistic model, SparseComponentwiseLSSVR(family="poisson") on the
            Poisson example against the plain Poisson model: time, test error / log-loss / deviance, components.
  loo_check the tuned logistic model on the last breast cancer split: its approximate leave-one-out deviance
            against brute-force leave-one-out refits, and its test deviance.
  defaults  the paper's additive example (n = 100; MSE against the noise-free f on 5000 rows; 5 seeds),
            make_friedman1 (n = 500, noise 1), load_diabetes (442 rows, 10 inputs) and load_breast_cancer
            (569 rows, 30 inputs), 5 random 70/30 splits each: time per fit and test error of the tuned plain
            model (ComponentwiseLSSVRCV/SVCCV),
            the sparse and fusion defaults (and the fusion classifier with method="eta", which selects
            components; for the regressors also method="eta" and the sparse one without the one-SE rule, for the
            sparse classifier also with the rule; the fusion default's other number of splits, 5 for the regressor
            and 10 for the classifier) and
            the per-component widths (sigma_per_component=True), with each one's error
            relative to the plain model's, and the classifiers' test log-loss (predict_proba: Platt's slope for
            the squared family). Targets: the sparse and fusion defaults <= 5 s per fit and within 2% of the plain
            model's error; sigma_per_component <= 5x the shared-sigma fit time. Each ratio's "+-" is its standard
            error from the paired differences over the splits. On breast cancer one test point of the 855 in five
            splits moves the error rate by 3.1% of the plain model's, more than the 2% target: run it with
            --splits 20 (one point is then 0.8%).

The breast cancer inputs are standardized on each training part here, as for the peers (pyGAM,
scikit-learn's LogisticRegression); cwlssvm's own models are invariant to the scale of each input (the
widths are in units of each input's spread), so they fit the raw columns the same way.

Run: python bench/bench_families.py [logistic] [poisson] [defaults] [loo_check] [sparse] [--splits 5] [--skip-spam]
"""

import argparse
import time
import warnings

import numpy as np
from sklearn.datasets import load_breast_cancer, load_diabetes, make_friedman1
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
from sklearn.linear_model import LogisticRegression, PoissonRegressor
from sklearn.metrics import log_loss, mean_poisson_deviance
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from _common import header, paired_ratio
from cwlssvm import (ComponentwiseLSSVCCV, ComponentwiseLSSVRCV, FusionComponentwiseLSSVC, FusionComponentwiseLSSVR,
                     SparseComponentwiseLSSVC, SparseComponentwiseLSSVR)
from cwlssvm.datasets import make_additive, make_poisson_additive, spam_splits


def _pygam(kind):
    """pyGAM's LogisticGAM / PoissonGAM with its own lam grid search, or None when pyGAM is missing."""
    try:
        import pygam
    except ImportError:
        return None
    return getattr(pygam, kind)


class _GridGAM:
    """A pyGAM model tuned by its gridsearch (lam shared by the terms, pyGAM's default grid of 11), or with
    its default lam (0.6) when search=False (spam: the grid search takes minutes per fit there)."""

    def __init__(self, kind, search=True):
        self.kind, self.search = kind, search

    def fit(self, X, y):
        import contextlib
        import io

        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")  # pyGAM prints and warns "did not converge" on separable folds
            self.model = self.kind().gridsearch(X, y, progress=False) if self.search else self.kind().fit(X, y)
        return self

    def predict(self, X):
        return self.model.predict(X)

    def predict_proba(self, X):
        p = np.clip(self.model.predict_proba(X), 1e-15, 1 - 1e-15)
        return np.column_stack([1 - p, p])


def breast_cancer_splits(n_splits):
    X, y = load_breast_cancer(return_X_y=True)
    for split in range(n_splits):
        Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=split, stratify=y)
        scaler = StandardScaler().fit(Xtr)
        yield scaler.transform(Xtr), ytr, scaler.transform(Xte), yte


def _classifiers(gam_search):
    models = {"logistic": ComponentwiseLSSVCCV(family="logistic"), "ls-svm (Platt)": ComponentwiseLSSVCCV(),
              "sklearn LogisticRegression": LogisticRegression(max_iter=5000),
              "sklearn HistGradientBoosting": HistGradientBoostingClassifier(random_state=0)}
    gam = _pygam("LogisticGAM")
    if gam is not None:
        models["pyGAM LogisticGAM" + ("" if gam_search else " (default lam)")] = _GridGAM(gam, gam_search)
    return models


def _report(name, n_splits, rows, keys, baseline_notes=""):
    print(f"{name}, {n_splits} splits (mean over splits; per split in brackets):")
    for key, r in rows.items():
        parts = [f"  {key:<30} {np.mean(r['time']):7.2f} s"]
        for k in keys:
            parts.append(f"{k} {np.mean(r[k]):.4f} [{' '.join(f'{v:.4f}' for v in r[k])}]")
        if "solves" in r:
            parts.append(f"weighted solves of the refit {np.mean(r['solves']):.1f} (target <= 10)")
        print("  ".join(parts))
    if baseline_notes:
        print(baseline_notes)


def logistic(n_splits, skip_spam=False):
    data = [("load_breast_cancer (standardized)", breast_cancer_splits(n_splits), True)]
    if not skip_spam:
        data.append(("spam (3065 training rows, 57 inputs)", ((a, b, c, d) for a, b, c, d, _ in spam_splits(n_splits)),
                     False))
    for name, splits, gam_search in data:
        rows = {}
        for Xtr, ytr, Xte, yte in splits:
            for key, model in _classifiers(gam_search).items():
                r = rows.setdefault(key, {"time": [], "error": [], "log-loss": []})
                t0 = time.perf_counter()
                try:
                    model.fit(Xtr, ytr)
                except Exception as exc:  # a peer that fails on a split (pyGAM's PIRLS can diverge) counts as NaN
                    if key.startswith(("logistic", "ls-svm")):
                        raise
                    print(f"  {key} failed on a split: {type(exc).__name__}: {exc}")
                    for k in r:
                        r[k].append(np.nan)
                    continue
                r["time"].append(time.perf_counter() - t0)
                r["error"].append(float(np.mean(model.predict(Xte) != yte)))
                r["log-loss"].append(float(log_loss(yte, np.clip(model.predict_proba(Xte), 1e-15, 1))))
                if key == "logistic":
                    r.setdefault("solves", []).append(float(np.mean(model.best_estimator_.n_iter_)))
        _report(name, n_splits, rows, ("error", "log-loss"))
        lg, ls = rows["logistic"], rows["ls-svm (Platt)"]
        gam = next((r for k, r in rows.items() if k.startswith("pyGAM")), None)
        print(f"  targets: error {np.mean(lg['error']):.4f} <= {np.mean(ls['error']):.4f} (LS-SVM); log-loss "
              f"{np.mean(lg['log-loss']):.4f} < {np.mean(ls['log-loss']):.4f} (LS-SVM)"
              + (f" and < {np.mean(gam['log-loss']):.4f} (LogisticGAM)" if gam else "")
              + f"; slowest logistic fit {np.max(lg['time']):.1f} s")


def poisson(n_splits, skip_spam=False):
    rows = {}
    truth = []
    for split in range(n_splits):
        X, y, mu = make_poisson_additive(n=500, seed=split)
        Xtr, ytr, Xte, yte = X[:350], y[:350], X[350:], y[350:]
        truth.append(mean_poisson_deviance(yte, mu[350:]))
        models = {"poisson": ComponentwiseLSSVRCV(family="poisson"),
                  "sklearn PoissonRegressor": PoissonRegressor(max_iter=1000),
                  "sklearn HistGradientBoosting": HistGradientBoostingRegressor(loss="poisson", random_state=0)}
        gam = _pygam("PoissonGAM")
        if gam is not None:
            models["pyGAM PoissonGAM"] = _GridGAM(gam)
        for key, model in models.items():
            t0 = time.perf_counter()
            model.fit(Xtr, ytr)
            r = rows.setdefault(key, {"time": [], "deviance": []})
            r["time"].append(time.perf_counter() - t0)
            r["deviance"].append(float(mean_poisson_deviance(yte, np.clip(model.predict(Xte), 1e-12, None))))
            if key == "poisson":
                r.setdefault("solves", []).append(float(np.mean(model.best_estimator_.n_iter_)))
    _report("make_poisson_additive (n = 500, 350 training rows)", n_splits, rows, ("deviance",))
    print(f"  the true means: deviance {np.mean(truth):.4f}; target: poisson "
          f"{np.mean(rows['poisson']['deviance']):.6f} <= PoissonGAM "
          f"{np.mean(rows.get('pyGAM PoissonGAM', {'deviance': [np.nan]})['deviance']):.6f}")


def _regressors():
    return {"plain": ComponentwiseLSSVRCV(), "sparse": SparseComponentwiseLSSVR(),
            "sparse (one_se=True)": SparseComponentwiseLSSVR(one_se=True), "fusion": FusionComponentwiseLSSVR(),
            "fusion (n_splits=5)": FusionComponentwiseLSSVR(n_splits=5),
            "fusion (method='eta')": FusionComponentwiseLSSVR(method="eta"),
            "sigma_per_component": ComponentwiseLSSVRCV(sigma_per_component=True)}


def additive(split):
    """The paper's additive example (n = 100, 10 inputs, 4 relevant), scored against the noise-free f on 5000 rows."""
    Xtr, ytr, _ = make_additive(n=100, seed=split)
    Xte, _, fte = make_additive(n=5000, seed=10_000 + split)
    return Xtr, ytr, Xte, fte, _regressors(), lambda m: float(np.mean((m.predict(Xte) - fte) ** 2)), "MSE against f"


def friedman(split):
    X, y = make_friedman1(n_samples=500, noise=1.0, random_state=split)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=split)
    return Xtr, ytr, Xte, yte, _regressors(), lambda m: float(np.mean((m.predict(Xte) - yte) ** 2)), "test MSE"


def diabetes(split):
    X, y = load_diabetes(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=split)
    return Xtr, ytr, Xte, yte, _regressors(), lambda m: float(np.mean((m.predict(Xte) - yte) ** 2)), "test MSE"


def breast_cancer(split):
    X, y = load_breast_cancer(return_X_y=True)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=split, stratify=y)
    scaler = StandardScaler().fit(Xtr)
    Xtr, Xte = scaler.transform(Xtr), scaler.transform(Xte)
    models = {"plain": ComponentwiseLSSVCCV(), "sparse": SparseComponentwiseLSSVC(),
              "sparse (one_se=True)": SparseComponentwiseLSSVC(one_se=True),
              "fusion": FusionComponentwiseLSSVC(), "fusion (n_splits=10)": FusionComponentwiseLSSVC(n_splits=10),
              "fusion (method='eta')": FusionComponentwiseLSSVC(method="eta"),
              "sigma_per_component": ComponentwiseLSSVCCV(sigma_per_component=True, probability=False)}
    return Xtr, ytr, Xte, yte, models, lambda m: float(np.mean(m.predict(Xte) != yte)), "test error rate"


def defaults(n_splits, skip_spam=False):
    for name, make in (("make_additive (n = 100)", additive), ("make_friedman1 (n = 500)", friedman),
                       ("load_diabetes (442 rows)", diabetes), ("load_breast_cancer (standardized)", breast_cancer)):
        times, errors, sizes, losses = {}, {}, {}, {}
        for split in range(n_splits):
            Xtr, ytr, Xte, yte, models, score, what = make(split)
            for key, model in models.items():
                t0 = time.perf_counter()
                model.fit(Xtr, ytr)
                times.setdefault(key, []).append(time.perf_counter() - t0)
                errors.setdefault(key, []).append(score(model))
                if hasattr(model, "predict_proba"):
                    losses.setdefault(key, []).append(float(log_loss(yte, model.predict_proba(Xte))))
                if hasattr(model, "selected_components_"):
                    sizes.setdefault(key, []).append(len(model.selected_components_))
        print(f"{name}, {n_splits} splits, {what} (mean over splits):")
        base_time = np.mean(times["plain"])
        for key in times:
            ratio, se = paired_ratio(errors[key], errors["plain"])
            line = (f"  {key:<22} {np.mean(times[key]):6.2f} s per fit (max {np.max(times[key]):5.2f})  "
                    f"{what} {np.mean(errors[key]):.4f}  ratio to plain {ratio:.3f} +- {se:.3f}")
            if key in losses:
                line += f"  log-loss {np.mean(losses[key]):.4f}"
            if key in sizes:
                line += f"  components {sizes[key]}"
            if key == "sigma_per_component":
                line += f"  time / plain {np.mean(times[key]) / base_time:.1f}x (target <= 5x)"
            elif key != "plain":
                line += "  (targets <= 5 s, ratio <= 1.02)"
            print(line)


def loo_check(n_splits, skip_spam=False):
    """Breast cancer, the last split: the tuned logistic model's approximate leave-one-out deviance (its
    selection criterion) against the mean deviance of n brute-force refits without each row."""
    from cwlssvm import ComponentwiseLSSVC

    Xtr, ytr, Xte, yte = list(breast_cancer_splits(n_splits))[-1]
    tuned = ComponentwiseLSSVCCV(family="logistic").fit(Xtr, ytr)
    dev = []
    for i in range(len(ytr)):
        keep = np.arange(len(ytr)) != i
        m = ComponentwiseLSSVC(sigma=tuned.sigma_, gamma=tuned.gamma_, family="logistic").fit(Xtr[keep], ytr[keep])
        f = m.decision_function(Xtr[i:i + 1])[0]
        dev.append(2.0 * (np.logaddexp(0.0, f) - ytr[i] * f))
    test = 2.0 * log_loss(yte, tuned.predict_proba(Xte))
    print(f"load_breast_cancer split {n_splits - 1}: logistic sigma={tuned.sigma_:.3g} gamma={tuned.gamma_:.4g}: approximate "
          f"LOO deviance {-tuned.best_score_:.4f}, brute-force LOO deviance {np.mean(dev):.4f} ({len(dev)} refits), "
          f"test deviance {test:.4f}")


def sparse(n_splits, skip_spam=False):
    """Structure detection with the likelihood families against the squared family and the plain tuned models."""
    rows = {}
    for Xtr, ytr, Xte, yte in breast_cancer_splits(n_splits):
        for key, model in (("plain logistic", ComponentwiseLSSVCCV(family="logistic")),
                           ("sparse logistic", SparseComponentwiseLSSVC(family="logistic")),
                           ("sparse squared", SparseComponentwiseLSSVC())):
            t0 = time.perf_counter()
            model.fit(Xtr, ytr)
            r = rows.setdefault(key, {"time": [], "error": [], "log-loss": [], "components": []})
            r["time"].append(time.perf_counter() - t0)
            r["error"].append(float(np.mean(model.predict(Xte) != yte)))
            r["log-loss"].append(float(log_loss(yte, model.predict_proba(Xte))) if hasattr(model, "predict_proba")
                                 else np.nan)
            r["components"].append(len(getattr(model, "selected_components_", range(Xtr.shape[1]))))
    _report("load_breast_cancer (standardized)", n_splits, rows, ("error", "log-loss"))
    for key, r in rows.items():
        print(f"  {key}: components {r['components']}, slowest fit {np.max(r['time']):.1f} s")
    rows = {}
    for split in range(n_splits):
        X, y, mu = make_poisson_additive(n=500, seed=split)
        for key, model in (("plain poisson", ComponentwiseLSSVRCV(family="poisson")),
                           ("sparse poisson", SparseComponentwiseLSSVR(family="poisson", one_se=True))):
            t0 = time.perf_counter()
            model.fit(X[:350], y[:350])
            r = rows.setdefault(key, {"time": [], "deviance": [], "components": []})
            r["time"].append(time.perf_counter() - t0)
            r["deviance"].append(float(mean_poisson_deviance(y[350:], model.predict(X[350:]))))
            r["components"].append(sorted(int(d) for d in getattr(model, "selected_components_", range(6))))
    _report("make_poisson_additive (inputs 0-3 enter, 4-5 do not)", n_splits, rows, ("deviance",))
    print(f"  sparse poisson: selected {rows['sparse poisson']['components']}")


SCENARIOS = {"logistic": logistic, "poisson": poisson, "defaults": defaults, "loo_check": loo_check,
             "sparse": sparse}

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    ap.add_argument("--splits", type=int, default=5)
    ap.add_argument("--skip-spam", action="store_true", help="logistic: breast cancer only")
    args = ap.parse_args()
    header("bench_families: default recipes on small real data")
    for name in args.scenarios:
        if name not in SCENARIOS:
            raise SystemExit(f"unknown scenario {name!r}; choose from {tuple(SCENARIOS)}")
        SCENARIOS[name](args.splits, skip_spam=args.skip_spam)
