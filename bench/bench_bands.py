"""Coverage of the confidence bands, prediction intervals and component tests (cwlssvm.uncertainty).

The paper's additive example (cwlssvm.datasets.make_additive: N = --n rows, default 100, 10 inputs uniform on [0,
1], the first four enter, noise 1), over --seeds seeds, each fitted by ComponentwiseLSSVRCV(criterion=--criterion)
(default "auto": at this size "reml", one gamma per component by restricted likelihood at the width of the
leave-one-out search; "loo": leave-one-out over sigma and one gamma), on the default components (--kernel default:
at this size under a likelihood Matern 5/2 ones, cwlssvm.model_selection.likelihood_components; else RBF), on RBF
components (--kernel rbf) or on Matern ones (--kernel matern) of nu = --nu (default 3/2), and (--linear) a linear component on each column besides (the bands are then of
each column's whole main effect, the sum of its two components: component_bands(by="column")), with pairs screened
and added as --interactions says (none by default), the widths as --widths says (sigma_per_component: "auto", the
default, and "shared" are one width for all, chosen by leave-one-out; "per-component": one each, for "reml"/"ml" by
the likelihood):

- pointwise 95% bands of the four relevant components: the fraction of a 100-point grid over [0, 1] where
  the band covers the true f_d, centred to mean zero over the training inputs (mgcv's constraint), averaged
  over the seeds (target >= 0.92 each), for every ``method``; and the mean band width;
- simultaneous 95% bands ("bayes", "unconditional" for a likelihood, and "combined", the default where the width
  is shared): the fraction of seeds whose band covers the whole centred curve on the grid (target >= 0.90);
- 95% prediction intervals: the fraction of 1000 fresh test points per seed inside (target 0.93 to 0.97);
- the approximate test of "f_d = 0": the fraction of seeds with p < 0.05, for each component (target
  >= 0.95 for x0..x3, <= 0.10 for each irrelevant one).

Then the cost at N = 10^5 through the low-rank path: component_bands and prediction_interval on the 10^5
training rows against the fit (target <= 2x the fit time).

Run: python bench/bench_bands.py [--seeds 200] [--n 100] [--large 100000] [--criterion auto|loo|reml|ml]
     [--kernel default|rbf|matern] [--nu 2.5] [--widths auto|shared|per-component] [--linear] [--interactions auto|K]
"""

import argparse
import time

import numpy as np

import cwlssvm
from cwlssvm.datasets import additive_function, make_additive
from cwlssvm.model_selection import likelihood_criterion
from cwlssvm.primal import SOLVER_POLICY
from cwlssvm.uncertainty import METHODS

N, NOISE, D, RELEVANT, LEVEL = 100, 1.0, 10, 4, 0.95
GRID = np.linspace(0.0, 1.0, 100)
WIDTHS = {"auto": "auto", "shared": False, "per-component": True}  # --widths: sigma_per_component


def centred_truth(X_train, d):
    """f_d on GRID and on the training inputs, centred on the latter: (grid values,)."""
    def f_d(values):
        Z = np.full((len(values), D), 0.5)
        Z[:, d] = values
        return additive_function(Z)

    return f_d(GRID) - f_d(X_train[:, d]).mean()


def grid_rows(d):
    Z = np.full((len(GRID), D), 0.5)
    Z[:, d] = GRID
    return Z


def coverage(seeds, criterion="auto", kernel="default", per_component=False, nu=1.5, linear=False, interactions=None,
             n=N):
    by = "column" if linear else "component"  # with linear parts, the band of each column's sum
    # "unconditional" adds the uncertainty of penalties chosen by a likelihood; "combined" (the default of a model
    # whose one width leave-one-out chose) joins the band of its likelihood companion, up to 2,000 rows
    spec = cwlssvm.ComponentwiseLSSVRCV(criterion=criterion, sigma_per_component=per_component,
                                        interactions=interactions)
    likelihood = likelihood_criterion(spec, n) is not None
    shared = not (likelihood and per_component is True)  # one width, the prediction criterion's
    methods = [m for m in METHODS if m != "unconditional" or likelihood]
    methods = [m for m in methods if m != "combined" or (n <= SOLVER_POLICY.dense_max_rows and shared)]
    simultaneous = [m for m in ("bayes", "unconditional", "combined") if m in methods]
    point = {m: np.zeros((len(seeds), RELEVANT)) for m in methods}
    width = {m: np.zeros((len(seeds), RELEVANT)) for m in methods}
    whole = {m: np.zeros((len(seeds), RELEVANT), dtype=bool) for m in simultaneous}
    interval = np.zeros(len(seeds))
    p_values = np.zeros((len(seeds), 2 * D if linear else D))  # per component
    mse = np.zeros(len(seeds))
    widths = np.zeros(len(seeds))  # the model's sigma (in units of each input's spread)
    t0 = time.perf_counter()
    for i, seed in enumerate(seeds):
        X, y, _ = make_additive(n=n, noise=NOISE, seed=seed)
        components = None if kernel == "default" and not linear else [
            cwlssvm.components.matern(d, nu=nu) if kernel == "matern" else cwlssvm.components.rbf(d) for d in range(D)]
        if linear:
            components += [cwlssvm.components.linear(d) for d in range(D)]
        model = cwlssvm.ComponentwiseLSSVRCV(criterion=criterion, components=components,
                                             sigma_per_component=per_component, interactions=interactions).fit(X, y)
        widths[i] = np.ravel(model.sigma_)[0]  # x0's
        for d in range(RELEVANT):
            truth, rows = centred_truth(X, d), grid_rows(d)
            for m in methods:
                lo, hi = model.component_bands(rows, LEVEL, method=m, by=by)
                point[m][i, d] = np.mean((lo[:, d] <= truth) & (truth <= hi[:, d]))
                width[m][i, d] = np.mean(hi[:, d] - lo[:, d])
            for m in simultaneous:
                lo, hi = model.component_bands(rows, LEVEL, kind="simultaneous", method=m, by=by)
                whole[m][i, d] = np.all((lo[:, d] <= truth) & (truth <= hi[:, d]))
        X_new, y_new, f_new = make_additive(n=1000, noise=NOISE, seed=10_000 + seed)
        mse[i] = np.mean((model.predict(X_new) - f_new) ** 2)
        lo, hi = model.prediction_interval(X_new, LEVEL)
        interval[i] = np.mean((lo <= y_new) & (y_new <= hi))
        p_values[i] = model.component_tests()["p_value"][:p_values.shape[1]]  # the main effects' (pairs last)
    elapsed = time.perf_counter() - t0
    print(f"coverage: N = {n}, noise {NOISE}, {len(seeds)} seeds, ComponentwiseLSSVRCV(criterion={criterion!r}, "
          f"sigma_per_component={per_component!r}, interactions={interactions!r}), {kernel} components"
          f"{f' (nu {nu})' if kernel == 'matern' else ''}"
          f"{' and a linear one per column' if linear else ''} ({elapsed:.0f} s); test MSE against f {mse.mean():.4f}")
    print(f"  pointwise {LEVEL:.0%} bands, mean coverage over [0, 1] (target >= 0.92 each) and mean width:")
    for m in methods:
        cov = ", ".join(f"x{d} {point[m][:, d].mean():.3f}" for d in range(RELEVANT))
        wid = ", ".join(f"{width[m][:, d].mean():.2f}" for d in range(RELEVANT))
        print(f"    {m:<15} {cov}; widths {wid}")
    corr = np.corrcoef(point[METHODS[0]][:, 0], np.log(widths))[0, 1]
    print(f"  correlation over the seeds of x0's coverage ({METHODS[0]}) with log sigma: {corr:.2f}")
    print(f"  simultaneous {LEVEL:.0%} bands, seeds covering the whole curve (target >= 0.90):")
    for m in simultaneous:
        print(f"    {m:<15} " + ", ".join(f"x{d} {whole[m][:, d].mean():.3f}" for d in range(RELEVANT)))
    print(f"  prediction intervals: coverage {interval.mean():.3f} of fresh points (target 0.93 to 0.97); "
          f"per seed from {interval.min():.3f} to {interval.max():.3f}")
    rate = (p_values < 0.05).mean(axis=0)
    print("  test of f_d = 0, fraction of seeds with p < 0.05 (target >= 0.95 relevant, <= 0.10 irrelevant):")
    labels = ["kernel parts: ", "linear parts: "] if linear else [""]
    for part, label in enumerate(labels):
        print("    " + label + ", ".join(f"x{d} {rate[part * D + d]:.3f}" for d in range(D)))


def large(n_rows, repeat=5):
    """Median times over ``repeat`` runs (the machine is noisy) of the fit, the bands and the intervals."""
    X, y, _ = make_additive(n=n_rows, noise=NOISE, seed=7)
    times = np.zeros((repeat, 3))
    for r in range(repeat):
        t0 = time.perf_counter()
        model = cwlssvm.ComponentwiseLSSVR(sigma=2.0, gamma=100.0, solver="lowrank").fit(X, y)
        t1 = time.perf_counter()
        model.component_bands(X)
        t2 = time.perf_counter()
        model.prediction_interval(X)
        times[r] = t1 - t0, t2 - t1, time.perf_counter() - t2
    t_fit, t_bands, t_interval = np.median(times, axis=0)
    print(f"large: N = {n_rows:,}, ComponentwiseLSSVR(sigma=2, gamma=100, solver='lowrank'), "
          f"R = {model.X_fit_.shape[0]}, medians of {repeat} runs")
    print(f"  fit {t_fit:.3f} s; component_bands on the {n_rows:,} rows {t_bands:.3f} s = {t_bands / t_fit:.2f} x the "
          f"fit (target <= 2); prediction_interval {t_interval:.3f} s = {t_interval / t_fit:.2f} x")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--n", type=int, default=N, help="training rows per seed")
    ap.add_argument("--large", type=int, default=100_000, help="0: skip the timing at scale")
    ap.add_argument("--criterion", default="auto", choices=["auto", "loo", "reml", "ml"])
    ap.add_argument("--kernel", default="default", choices=["default", "rbf", "matern"], help="the components' kernel")
    ap.add_argument("--nu", type=float, default=1.5, choices=[0.5, 1.5, 2.5], help="the Matern components' smoothness")
    ap.add_argument("--widths", default="auto", choices=list(WIDTHS), help="sigma_per_component (x0's correlated)")
    ap.add_argument("--linear", action="store_true", help="a linear component on each column besides; bands by column")
    ap.add_argument("--interactions", type=lambda v: v if v == "auto" else int(v), default=None,
                    help='pairs screened and added: "auto" or K (none by default; there are none in truth)')
    args = ap.parse_args()
    print("bench_bands:", cwlssvm.build_info())
    coverage(range(args.seeds), args.criterion, args.kernel, WIDTHS[args.widths], args.nu, args.linear,
             args.interactions, args.n)
    if args.large:
        large(args.large)


if __name__ == "__main__":
    main()
