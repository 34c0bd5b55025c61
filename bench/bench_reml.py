"""One gamma per component by restricted likelihood (ComponentwiseLSSVRCV(criterion="reml")) against leave-one-out.

additive: the paper's additive example (cwlssvm.datasets.make_additive: N = 100, 10 inputs, the first four
enter, noise 1), --seeds seeds: test MSE against the noise-free f on 2000 fresh points, the components
selected (relevant x0..x3 all in, no other), the fit time; for criterion "loo" (one shared gamma), "reml" and
"ml" (the default: the shared width of the leave-one-out search, one gamma_d per component by the likelihood at
that width, every component kept), "reml" with the likelihood ratio tests (selection_level=0.05), "reml" with
the likelihood's own widths per component (sigma_per_component=True), with and without the tests (with them:
the tests first at the likelihood's shared width, then widths of their own for the components they keep),
"reml" on Matern components (nu = 3/2, and nu = 5/2) instead of RBF ones, and "reml" on an RBF (or a Matern
nu = 5/2) and a linear component per column (each column's straight-line part with a penalty of its own; an
input counts as selected if either of its components is), at the default's width, and "RBF and linear, widths per
component" with the likelihood's widths.

large: the additive example at --large rows on the low-rank path: the "reml" fit against the GCV-tuned one,
the ratio of their times and their test MSE.

families (--families): "reml" by the Laplace approximation against the default search (approximate
leave-one-out deviance), --seeds seeds each: Poisson counts (cwlssvm.datasets.make_poisson_additive, N = 500;
MSE of the log rate against the truth on 2000 fresh points), a logistic additive example (the additive
example's f through expit((f - 14) / 3), N = 400; MSE of the probabilities against the truth), and sklearn's breast
cancer (5 random 70/30 splits; test error and log-loss).

timing (--timing): "reml" against the default from 500 to 20,000 rows x 20 inputs (and 2,000 rows x 5 inputs), and
with interactions="auto" at 300 rows x 60 inputs (the additive example's function of the first four inputs, noise 1).

Run: python bench/bench_reml.py [--seeds 20] [--large 1000000] [--families] [--timing]
"""

import argparse
import time

import numpy as np

import cwlssvm
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive

RELEVANT = 4
MODELS = {
    "loo": dict(criterion="loo"),
    "reml": dict(criterion="reml"),
    "ml": dict(criterion="ml"),
    "reml, tests": dict(criterion="reml", selection_level=0.05),
    "reml, widths per component": dict(criterion="reml", sigma_per_component=True),
    "reml, widths per component and tests": dict(criterion="reml", sigma_per_component=True, selection_level=0.05),
    "reml, Matern components": dict(criterion="reml", components=[C.matern(d) for d in range(10)]),
    "reml, Matern nu = 5/2": dict(criterion="reml", components=[C.matern(d, nu=2.5) for d in range(10)]),
    "reml, RBF and linear": dict(criterion="reml", components=[C.rbf(d) for d in range(10)]
                                 + [C.linear(d) for d in range(10)]),
    "reml, RBF and linear, widths per component": dict(criterion="reml", sigma_per_component=True,
                                                       components=[C.rbf(d) for d in range(10)]
                                                       + [C.linear(d) for d in range(10)]),
    "reml, Matern nu = 5/2 and linear": dict(criterion="reml", components=[C.matern(d, nu=2.5) for d in range(10)]
                                             + [C.linear(d) for d in range(10)]),
}


def selected(model):
    """The input columns of the selected components (every component for a shared-gamma fit)."""
    kept = getattr(model, "selected_components_", range(len(model.components_)))
    return {c for d in kept for c in model.components_[d].columns}


def additive(seeds):
    print(f"additive: N = 100, {seeds} seeds; test MSE against f on 2000 points, selection, fit time")
    for name, params in MODELS.items():
        mse, exact, seconds = [], 0, []
        for seed in range(seeds):
            X, y, _ = make_additive(n=100, seed=seed)
            Xt, _, ft = make_additive(n=2000, seed=1000 + seed)
            t0 = time.perf_counter()
            model = ComponentwiseLSSVRCV(**params).fit(X, y)
            seconds.append(time.perf_counter() - t0)
            mse.append(np.mean((model.predict(Xt) - ft) ** 2))
            exact += selected(model) == set(range(RELEVANT))
        print(f"  {name:<28} MSE {np.mean(mse):.3f} (median {np.median(mse):.3f}); x0..x3 selected and no other in "
              f"{exact}/{seeds}; {np.mean(seconds):.2f} s a fit")


def large(n):
    X, y, _ = make_additive(n=n, seed=7)
    Xt, _, ft = make_additive(n=5000, seed=8)
    out = {}
    for criterion in ("gcv", "reml"):
        t0 = time.perf_counter()
        model = ComponentwiseLSSVRCV(criterion=criterion, solver="lowrank").fit(X, y)
        out[criterion] = (time.perf_counter() - t0, np.mean((model.predict(Xt) - ft) ** 2))
    (tg, mg), (tr, mr) = out["gcv"], out["reml"]
    print(f"large: N = {n:,}, solver='lowrank': gcv {tg:.2f} s (MSE {mg:.2e}); reml {tr:.2f} s (MSE {mr:.2e}) "
          f"= {tr / tg:.2f} x the GCV-tuned fit")


def families(seeds):
    from scipy.special import expit
    from sklearn.datasets import load_breast_cancer
    from sklearn.metrics import log_loss
    from sklearn.model_selection import train_test_split

    from cwlssvm import ComponentwiseLSSVCCV
    from cwlssvm.datasets import additive_function, make_poisson_additive

    def run(name, cases, make, score):
        print(f"  {name}")
        for criterion in ("auto", "reml"):
            errors, seconds = [], []
            for case in cases:
                X, y, X_test, truth = case
                t0 = time.perf_counter()
                model = make(criterion).fit(X, y)
                seconds.append(time.perf_counter() - t0)
                errors.append(score(model, X_test, truth))
            label = "leave-one-out deviance" if criterion == "auto" else "reml (Laplace)"
            print(f"    {label:<24} {np.mean(errors, axis=0).round(4).tolist()}; {np.mean(seconds):.2f} s a fit")

    print(f"families: {seeds} seeds each")
    cases = []
    for seed in range(seeds):
        X, y, _ = make_poisson_additive(n=500, seed=seed)
        Xt, _, mu = make_poisson_additive(n=2000, seed=1000 + seed)
        cases.append((X, y, Xt, mu))
    run("Poisson, N = 500: MSE of the log rate", cases,
        lambda c: ComponentwiseLSSVRCV(family="poisson", criterion=c),
        lambda m, Xt, mu: np.mean((np.log(m.predict(Xt)) - np.log(mu)) ** 2))
    cases = []
    Xt = np.random.default_rng(12345).uniform(size=(2000, 10))
    pt = expit((additive_function(Xt) - 14) / 3)
    for seed in range(seeds):
        X, _, f = make_additive(n=400, seed=seed)
        y = (np.random.default_rng(seed).uniform(size=400) < expit((f - 14) / 3)).astype(int)
        cases.append((X, y, Xt, pt))
    run("logistic additive example, N = 400: MSE of the probabilities", cases,
        lambda c: ComponentwiseLSSVCCV(family="logistic", criterion=c),
        lambda m, Xt, p: np.mean((m.predict_proba(Xt)[:, 1] - p) ** 2))
    X, y = load_breast_cancer(return_X_y=True)
    cases = []
    for seed in range(5):
        tr, te = train_test_split(np.arange(len(y)), test_size=0.3, random_state=seed, stratify=y)
        cases.append((X[tr], y[tr], X[te], y[te]))
    run("breast cancer, 5 splits: [test error, log-loss]", cases,
        lambda c: ComponentwiseLSSVCCV(family="logistic", criterion=c),
        lambda m, Xt, yt: [np.mean(m.predict(Xt) != yt), log_loss(yt, m.predict_proba(Xt)[:, 1])])


def timing():
    """criterion="reml" against the default on the middle range: 500 to 20,000 rows x 20 inputs and 2,000 rows x 5
    inputs (the additive example's function of the first four, noise 1), and with interactions="auto" on 300 rows x
    60 inputs (the same)."""
    ComponentwiseLSSVRCV().fit(*make_additive(200, seed=1)[:2])  # imports and first calls out of the timing
    shapes = [(n, 20, None) for n in (500, 1_000, 2_000, 5_000, 20_000)] + [(2_000, 5, None), (300, 60, "auto")]
    for n, p, pairs in shapes:
        X, y, _ = make_additive(n, seed=0, n_features=p)
        times = {}
        for name, params in (("default", {}), ("reml", dict(criterion="reml"))):
            params = dict(params, interactions=pairs) if pairs else params
            start = time.perf_counter()
            model = ComponentwiseLSSVRCV(**params).fit(X, y)
            times[name] = time.perf_counter() - start
            kept = [c.name for c in model.components_ if c.factors]
            print(f"timing: {n:,} rows x {p} inputs, interactions={pairs!r}, {name}: {times[name]:.2f} s"
                  + (f", pairs {kept}" if pairs else ""), flush=True)
        print(f"timing: reml / default {times['reml'] / times['default']:.2f}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--large", type=int, default=1_000_000)
    ap.add_argument("--families", action="store_true", help="only the likelihood families' comparison")
    ap.add_argument("--timing", action="store_true", help="only the middle range's times against the default")
    args = ap.parse_args()
    print("bench_reml:", cwlssvm.build_info())
    if args.timing:
        timing()
        return
    if args.families:
        families(args.seeds)
        return
    if args.seeds:  # --seeds 0: the large run only
        additive(args.seeds)
    if args.large:
        large(args.large)


if __name__ == "__main__":
    main()
