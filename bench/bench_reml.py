"""One gamma per component by restricted likelihood (ComponentwiseLSSVRCV(criterion="reml")) against leave-one-out.

additive: the paper's additive example (cwlssvm.datasets.make_additive: N = 100, 10 inputs, the first four
enter, noise 1), --seeds seeds: test MSE against the noise-free f on 2000 fresh points, the components
selected (relevant x0..x3 all in, no other), the fit time; for criterion "loo" (one shared gamma), "reml",
"ml" and "reml" with one width per component.

large: the additive example at --large rows on the low-rank path: the "reml" fit against the GCV-tuned one,
the ratio of their times and their test MSE.

Run: python bench/bench_reml.py [--seeds 20] [--large 1000000]
"""

import argparse
import time

import numpy as np

import cwlssvm
from cwlssvm import ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive

RELEVANT = 4
MODELS = {
    "loo": dict(criterion="loo"),
    "reml": dict(criterion="reml"),
    "ml": dict(criterion="ml"),
    "reml, widths per component": dict(criterion="reml", sigma_per_component=True),
}


def selected(model):
    """The indices of the selected components (every component for a shared-gamma fit)."""
    return set(getattr(model, "selected_components_", range(len(model.components_))))


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--large", type=int, default=1_000_000)
    args = ap.parse_args()
    print("bench_reml:", cwlssvm.build_info())
    additive(args.seeds)
    if args.large:
        large(args.large)


if __name__ == "__main__":
    main()
