"""Screening pairs of inputs on the residuals of the main effects (cwlssvm.interactions.rank_pairs).

friedman1: sklearn's make_friedman1 (10 sin(pi x0 x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + noise, 10 inputs of which
5 are noise), n rows, noise 1; the additive ComponentwiseLSSVRCV() is fitted, then all 45 pairs are screened:
in how many seeds (x0, x1) is ranked first, and the gain of the first and second pair (share of the residual sum of
squares their cheap model removes). Then ComponentwiseLSSVRCV(interactions="auto"): the pairs it keeps and its test
MSE (against the noise-free function on 5000 new rows) next to the additive model's.

additive: the paper's additive example (no interaction in truth), n = 100: the largest gain of any pair, in how
many seeds interactions="auto" keeps a pair, and the test MSE with and without it.

tol: the pair's tolerance (cwlssvm.components.pair's tol: an RBF factor keeps the principal directions of its centred
features with at least tol of the largest variance): friedman1 with the pair (x0, x1) listed, tuned by
ComponentwiseLSSVRCV, test MSE and each factor's directions for tol 0 (the full product kernel), 1e-5, 1e-4 (the default) and
1e-3, at 2000 rows (5 seeds) and at --tol-rows rows (1 seed; default 100,000).

scale: the time of screening all 190 pairs of 20 uniform inputs at 10^6 rows (a uniform sample of max_rows rows,
default 100,000), against the time of the additive fit ComponentwiseLSSVR(sigma=1, gamma=10, solver="lowrank") on
the same rows in the same run, and of the same fit with 10 listed pairs; then the tuned ComponentwiseLSSVRCV()
against ComponentwiseLSSVRCV(interactions="auto") and ComponentwiseLSSVRCV(interactions=10) on those rows: times,
pairs kept, test MSE against the noise-free function on 20,000 new rows.

concurve: nearly dependent inputs listed as pairs: diamonds (as bench_tables loads it, its split 0: 70/30, seed 0) with
the pairs carat:x, carat:y and carat:z listed, ComponentwiseLSSVRCV(interactions=...) by the default criterion
(leave-one-out with listed pairs) and by criterion="gcv": test MSE over var(y), the chosen gamma, and the largest
range of a component's outputs on the training rows (large ranges that cancel on the rows mean a fit that a row off
them breaks).

reml: ComponentwiseLSSVRCV(criterion="reml", interactions="auto") (pairs screened on the residuals of the likelihood's
additive model, the 10 best fitted with their own gamma_d, kept where the likelihood selects them) on friedman1 (n
rows) and the additive example (100 rows), against criterion="reml" without pairs.

families: interactions="auto" with the likelihood families, pairs screened on the working residuals of the family's
additive model: a logistic example (ComponentwiseLSSVCCV(family="logistic"); 10 uniform inputs on [-1, 1], logit
1.2 sin(pi x0) + 1.5 (x1^2 - 1/3) + 0.8 x2, plus 2 x3 x4 where a pair is planted, labels drawn from it) and a Poisson
one (ComponentwiseLSSVRCV(family="poisson"); log mean 0.5 + 0.5 sin(pi x0) + 0.6 (x1^2 - 1/3) + 0.4 x2, plus
0.8 x3 x4 where planted), --family-rows rows (default 1000), by the default criterion: in how many seeds the planted pair x3:x4 is kept and another pair is kept, in how many additive seeds no pair is
kept, the test mean deviance (5000 new rows, against the true mean) with and without "auto", and the fit times.

Run: python bench/bench_interactions.py [--seeds 20] [--rows 2000] [--scale-rows 1000000]
                                        [--only friedman,reml,concurve,families] [--family-rows 1000]
     python bench/bench_interactions.py --figure docs/interactions.png   (the docs' figure only)
"""

import argparse
import time

import numpy as np
from sklearn.datasets import make_friedman1

from _common import header
import cwlssvm.components as C
from cwlssvm import ComponentwiseLSSVCCV, ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive
from cwlssvm.interactions import rank_pairs


def friedman(seeds, n):
    first, gains, seconds, mse, kept, times = 0, [], [], [], [], []
    for seed in range(seeds):
        X, y = make_friedman1(n_samples=n, noise=1.0, random_state=seed)
        Xt, ft = make_friedman1(n_samples=5000, noise=0.0, random_state=1000 + seed)
        t0 = time.perf_counter()
        model = ComponentwiseLSSVRCV().fit(X, y)
        t1 = time.perf_counter()
        screen = rank_pairs(model, X, y)
        seconds.append(time.perf_counter() - t1)
        first += screen.names[0] == "x0:x1"
        gains.append(screen.gain[:2])
        t2 = time.perf_counter()
        paired = ComponentwiseLSSVRCV(interactions="auto").fit(X, y)
        times.append((t1 - t0, time.perf_counter() - t2))
        kept.append(list(paired.interactions_["pair"][paired.interactions_["kept"]]))
        mse.append([np.mean((m.predict(Xt) - ft) ** 2) for m in (model, paired)])
    gains, mse, times = np.array(gains), np.array(mse), np.array(times)
    print(f"friedman1, n = {n}: (x0, x1) ranked first in {first} of {seeds} seeds; gain of the first pair "
          f"{gains[:, 0].mean():.3f} (min {gains[:, 0].min():.3f}), of the second {gains[:, 1].mean():.4f} "
          f"(max {gains[:, 1].max():.4f}); screening {np.mean(seconds):.3f} s")
    print(f"  interactions='auto': x0:x1 kept in {sum('x0:x1' in k for k in kept)} of {seeds} seeds, "
          f"{np.mean([len(k) for k in kept]):.2f} pairs kept on average; test MSE {mse[:, 1].mean():.4f} against "
          f"{mse[:, 0].mean():.4f} additive ({100 * (1 - mse[:, 1].mean() / mse[:, 0].mean()):.1f}% lower; "
          f"lower in {int((mse[:, 1] < mse[:, 0]).sum())} of {seeds}); fit {times[:, 1].mean():.2f} s against "
          f"{times[:, 0].mean():.2f} s")


def additive(seeds, n):
    top, kept, mse = [], 0, []
    for seed in range(seeds):
        X, y, _ = make_additive(n=n, seed=seed)
        Xt, _, ft = make_additive(n=2000, seed=1000 + seed)
        model = ComponentwiseLSSVRCV().fit(X, y)
        top.append(rank_pairs(model, X, y).gain[0])
        paired = ComponentwiseLSSVRCV(interactions="auto").fit(X, y)
        kept += bool(paired.interactions_["kept"].any())
        mse.append([np.mean((m.predict(Xt) - ft) ** 2) for m in (model, paired)])
    mse = np.array(mse)
    print(f"additive example, n = {n}: largest pair gain {np.mean(top):.4f} on average, {np.max(top):.4f} at most; "
          f"interactions='auto' keeps a pair in {kept} of {seeds} seeds; test MSE {mse[:, 1].mean():.4f} against "
          f"{mse[:, 0].mean():.4f} additive")


def likelihood(seeds, n):
    """criterion="reml" with interactions="auto": friedman1 (n rows) and the additive example (100 rows)."""
    for name, make, size in (("friedman1", _friedman, n), ("additive example", _additive, 100)):
        kept, mse, times = [], [], []
        for seed in range(seeds):
            X, y, Xt, ft = make(size, seed)
            t0 = time.perf_counter()
            model = ComponentwiseLSSVRCV(criterion="reml").fit(X, y)
            t1 = time.perf_counter()
            paired = ComponentwiseLSSVRCV(criterion="reml", interactions="auto").fit(X, y)
            times.append((t1 - t0, time.perf_counter() - t1))
            kept.append(list(paired.interactions_["pair"][paired.interactions_["kept"]]))
            mse.append([np.mean((m.predict(Xt) - ft) ** 2) for m in (model, paired)])
        mse, times = np.array(mse), np.array(times)
        print(f"criterion='reml', interactions='auto', {name}, n = {size}: a pair kept in "
              f"{sum(bool(k) for k in kept)} of {seeds} seeds (x0:x1 in {sum('x0:x1' in k for k in kept)}), "
              f"{np.mean([len(k) for k in kept]):.2f} on average; test MSE {mse[:, 1].mean():.4f} against "
              f"{mse[:, 0].mean():.4f} additive by reml; fit {times[:, 1].mean():.2f} s against {times[:, 0].mean():.2f} s")


def _family_data(family, n, seed, planted):
    """(X, y, mean) of the families stage's examples (module doc): n rows of 10 uniform inputs."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(n, 10))
    if family == "logistic":
        f = 1.2 * np.sin(np.pi * X[:, 0]) + 1.5 * (X[:, 1] ** 2 - 1 / 3) + 0.8 * X[:, 2]
        f = f + planted * 2.0 * X[:, 3] * X[:, 4]
        mean = 1.0 / (1.0 + np.exp(-f))
        return X, (rng.uniform(size=n) < mean).astype(int), mean
    f = 0.5 + 0.5 * np.sin(np.pi * X[:, 0]) + 0.6 * (X[:, 1] ** 2 - 1 / 3) + 0.4 * X[:, 2]
    f = f + planted * 0.8 * X[:, 3] * X[:, 4]
    return X, rng.poisson(np.exp(f)), np.exp(f)


def _mean_deviance(family, mean, fitted):
    """The mean expected unit deviance of fitted means against the true ones (new rows)."""
    fitted = np.clip(fitted, 1e-12, 1 - 1e-12) if family == "logistic" else fitted
    if family == "logistic":
        return float(np.mean(-2 * (mean * np.log(fitted) + (1 - mean) * np.log(1 - fitted))))
    return float(np.mean(2 * (fitted - mean * np.log(fitted))))


def families(seeds, n):
    """interactions="auto" with family="logistic" and "poisson", by the default criterion."""
    for family, make in (("logistic", lambda **kw: ComponentwiseLSSVCCV(family="logistic", **kw)),
                         ("poisson", lambda **kw: ComponentwiseLSSVRCV(family="poisson", **kw))):
        found, other, none, dev, times = 0, 0, 0, [], []
        for seed in range(seeds):
            for planted in (True, False):
                X, y, _ = _family_data(family, n, seed, planted)
                Xt, _, mean = _family_data(family, 5000, 1000 + seed, planted)
                t0 = time.perf_counter()
                model = make().fit(X, y)
                t1 = time.perf_counter()
                paired = make(interactions="auto").fit(X, y)
                times.append((t1 - t0, time.perf_counter() - t1))
                kept = set(paired.interactions_["pair"][paired.interactions_["kept"]])
                if planted:
                    found += "x3:x4" in kept
                    other += bool(kept - {"x3:x4"})
                else:
                    none += not kept
                fitted = [m.predict_proba(Xt)[:, 1] if family == "logistic" else m.predict(Xt)
                          for m in (model, paired)]
                dev.append([planted] + [_mean_deviance(family, mean, f) for f in fitted])
        dev, times = np.array(dev), np.array(times)
        planted_dev = dev[dev[:, 0] == 1, 1:].mean(axis=0)
        additive_dev = dev[dev[:, 0] == 0, 1:].mean(axis=0)
        print(f"family={family!r}, n = {n}: planted x3:x4 kept in {found} of {seeds} "
              f"seeds (another pair in {other}); no pair kept in {none} of {seeds} additive seeds; test mean "
              f"deviance planted {planted_dev[1]:.4f} against {planted_dev[0]:.4f} additive, additive truth "
              f"{additive_dev[1]:.4f} against {additive_dev[0]:.4f}; fit {times[:, 1].mean():.2f} s against "
              f"{times[:, 0].mean():.2f} s")


def _friedman(n, seed):
    X, y = make_friedman1(n_samples=n, noise=1.0, random_state=seed)
    Xt, ft = make_friedman1(n_samples=5000, noise=0.0, random_state=1000 + seed)
    return X, y, Xt, ft


def _additive(n, seed):
    X, y, _ = make_additive(n=n, seed=seed)
    Xt, _, ft = make_additive(n=2000, seed=1000 + seed)
    return X, y, Xt, ft


def tolerances(n_large):
    for n, seeds in ((2000, 5), (n_large, 1)):
        rows = []
        for tol in (0.0, 1e-5, 1e-4, 1e-3):
            mse, rank, seconds = [], [], []
            for seed in range(seeds):
                X, y = make_friedman1(n_samples=n, noise=1.0, random_state=seed)
                Xt, ft = make_friedman1(n_samples=5000, noise=0.0, random_state=1000 + seed)
                t0 = time.perf_counter()
                model = ComponentwiseLSSVRCV([C.rbf(j) for j in range(10)] + [C.pair(0, 1, tol=tol)]).fit(X, y)
                seconds.append(time.perf_counter() - t0)
                mse.append(np.mean((model.predict(Xt) - ft) ** 2))
                rank.append([len(c.mu) for c in model.components_[-1].centring])
            rows.append(f"tol {tol:g}: MSE {np.mean(mse):.5f}, factor directions {np.mean(rank, axis=0)}, "
                        f"{np.mean(seconds):.2f} s")
        print(f"pair tolerance, friedman1 n = {n} ({seeds} seeds): " + "; ".join(rows))


def concurve():
    from bench_tables import error, load
    from sklearn.model_selection import train_test_split

    X, y, task = load("diamonds")
    train, test = train_test_split(np.arange(len(X)), test_size=0.3, random_state=0)
    pairs = [("carat", "x"), ("carat", "y"), ("carat", "z")]
    for label, params in (("default", {}), ('criterion="gcv"', dict(criterion="gcv"))):
        t0 = time.perf_counter()
        model = ComponentwiseLSSVRCV(interactions=pairs, **params).fit(X.iloc[train], y[train])
        seconds = time.perf_counter() - t0
        outputs = np.asarray(model.contributions(X.iloc[train]))  # (n, D): each component on the training rows
        widest = np.ptp(outputs, axis=0)
        name = model.components_[int(np.argmax(widest))].name
        print(f"concurve: diamonds split 0, pairs {', '.join(a + ':' + b for a, b in pairs)} listed, {label} "
              f"(criterion_ {model.criterion_!r}): test error {error(task, y[test], model.predict(X.iloc[test])):.4g}, "
              f"gamma {model.gamma_:.3g}, sigma {model.sigma_:.3g}, widest component {name} "
              f"(range {widest.max():.3g} on the training rows, y's {np.ptp(y[train]):.3g}); {seconds:.1f} s")


def _scale_truth(X):
    return np.sin(2 * X[:, 0]) + X[:, 1] ** 2 + np.sin(2 * X[:, 2] * X[:, 3])


def scale(n, p=20):
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(n, p))
    y = _scale_truth(X) + 0.3 * rng.normal(size=n)
    t0 = time.perf_counter()
    model = ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank").fit(X, y)
    fit = time.perf_counter() - t0
    t0 = time.perf_counter()
    screen = rank_pairs(model, X, y)
    seconds = time.perf_counter() - t0
    print(f"scale: {n} rows, {p} inputs, {len(screen.names)} pairs screened on {screen.rows} rows in {seconds:.2f} s "
          f"(the additive fit: {fit:.2f} s); first pair {screen.names[0]}")
    pairs = [tuple(int(j) for j in ab) for ab in screen.pairs[:10]]
    t0 = time.perf_counter()
    paired = ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank", interactions=pairs).fit(X, y)
    seconds = time.perf_counter() - t0
    mains = len(model.X_fit_)  # one row per landmark: R
    print(f"  with the 10 best pairs: {seconds:.2f} s, {seconds / fit:.1f} x the additive fit (ranks: main effects "
          f"{mains}, pairs {len(paired.X_fit_) - mains})")
    X_new = rng.uniform(-1, 1, size=(20_000, p))
    tuned = {}
    for label, params in (("additive", {}), ("auto", dict(interactions="auto")), ("10", dict(interactions=10))):
        t0 = time.perf_counter()
        model = ComponentwiseLSSVRCV(**params).fit(X, y)
        tuned[label] = (time.perf_counter() - t0, np.mean((model.predict(X_new) - _scale_truth(X_new)) ** 2), model)
    (t_add, mse_add, additive), (t_auto, mse_auto, auto), (t_10, mse_10, ten) = (tuned[k] for k in ("additive", "auto",
                                                                                                     "10"))
    kept = list(auto.interactions_["pair"][auto.interactions_["kept"]])
    print(f"  tuned: ComponentwiseLSSVRCV() {t_add:.2f} s, test MSE {mse_add:.2e}; interactions='auto' {t_auto:.2f} s "
          f"({t_auto / t_add:.1f} x), pairs kept {kept}, test MSE {mse_auto:.2e}")
    print(f"  tuned with the 10 best pairs, ComponentwiseLSSVRCV(interactions=10): {t_10:.2f} s ({t_10 / t_add:.1f} x "
          f"the tuned additive fit; sigma {ten.sigma_:.3g}, ranks: main effects {len(additive.X_fit_)}, pairs "
          f"{len(ten.X_fit_) - len(additive.X_fit_)}), test MSE {mse_10:.2e}")


def figure(path):
    """The pair x0:x1 of friedman1 (2000 rows) next to the main effects of x0 and x1, by plot_components."""
    import matplotlib

    matplotlib.use("Agg")
    from cwlssvm import plot_components

    X, y = make_friedman1(n_samples=2000, noise=1.0, random_state=0)
    model = ComponentwiseLSSVRCV(interactions="auto").fit(X, y)
    fig = plot_components(model, components=["x0:x1", "x0", "x1"])
    fig.set_size_inches(10, 3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    print(f"wrote {path}: pairs kept {list(model.interactions_['pair'][model.interactions_['kept']])}")


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seeds", type=int, default=20)
    p.add_argument("--rows", type=int, default=2000)
    p.add_argument("--scale-rows", type=int, default=1_000_000)
    p.add_argument("--tol-rows", type=int, default=100_000)
    p.add_argument("--family-rows", type=int, default=1000)
    p.add_argument("--figure", help="only draw the docs' figure to this path")
    p.add_argument("--only", default="friedman,additive,reml,tol,concurve,scale,families",
                   help="comma-separated stages (friedman, additive, reml, tol, concurve, scale, families); default all")
    args = p.parse_args()
    if args.figure:
        figure(args.figure)
        return
    header("bench_interactions: screening pairs on the residuals of the main effects")
    stages = {"friedman": lambda: friedman(args.seeds, args.rows), "additive": lambda: additive(args.seeds, 100),
              "reml": lambda: likelihood(args.seeds, args.rows), "tol": lambda: tolerances(args.tol_rows),
              "concurve": concurve,
              "scale": lambda: scale(args.scale_rows),
              "families": lambda: families(args.seeds, args.family_rows)}
    for stage in args.only.split(","):
        if stage.strip() not in stages:
            p.error(f"--only: unknown stage {stage!r}; choose from {', '.join(stages)}")
        stages[stage.strip()]()


if __name__ == "__main__":
    main()
