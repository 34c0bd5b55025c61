"""Screening pairs of inputs on the residuals of the main effects (cwlssvm.interactions.rank_pairs).

friedman1: sklearn's make_friedman1 (10 sin(pi x0 x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + noise, 10 inputs of which
5 are noise), n rows, noise 1; the additive ComponentwiseLSSVRCV() is fitted, then all 45 pairs are screened:
in how many seeds (x0, x1) is ranked first, and the gain of the first and second pair (share of the residual sum of
squares their cheap model removes).

additive: the paper's additive example (no interaction in truth): the largest gain of any pair.

scale: the time of screening all 190 pairs of 20 uniform inputs at 10^6 rows (a uniform sample of max_rows rows,
default 100,000), against the time of the additive fit ComponentwiseLSSVR(sigma=1, gamma=10, solver="lowrank") on
the same rows in the same run.

Run: python bench/bench_interactions.py [--seeds 20] [--rows 2000] [--scale-rows 1000000]
"""

import argparse
import time

import numpy as np
from sklearn.datasets import make_friedman1

from _common import header
from cwlssvm import ComponentwiseLSSVR, ComponentwiseLSSVRCV
from cwlssvm.datasets import make_additive
from cwlssvm.interactions import rank_pairs


def friedman(seeds, n):
    first, gains, seconds = 0, [], []
    for seed in range(seeds):
        X, y = make_friedman1(n_samples=n, noise=1.0, random_state=seed)
        model = ComponentwiseLSSVRCV().fit(X, y)
        t0 = time.perf_counter()
        screen = rank_pairs(model, X, y)
        seconds.append(time.perf_counter() - t0)
        first += screen.names[0] == "x0:x1"
        gains.append(screen.gain[:2])
    gains = np.array(gains)
    print(f"friedman1, n = {n}: (x0, x1) ranked first in {first} of {seeds} seeds; gain of the first pair "
          f"{gains[:, 0].mean():.3f} (min {gains[:, 0].min():.3f}), of the second {gains[:, 1].mean():.4f} "
          f"(max {gains[:, 1].max():.4f}); screening {np.mean(seconds):.3f} s")


def additive(seeds, n):
    top = []
    for seed in range(seeds):
        X, y, _ = make_additive(n=n, seed=seed)
        model = ComponentwiseLSSVRCV().fit(X, y)
        top.append(rank_pairs(model, X, y).gain[0])
    print(f"additive example, n = {n}: largest pair gain {np.mean(top):.4f} on average, {np.max(top):.4f} at most")


def scale(n, p=20):
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(n, p))
    y = np.sin(2 * X[:, 0]) + X[:, 1] ** 2 + np.sin(2 * X[:, 2] * X[:, 3]) + 0.3 * rng.normal(size=n)
    t0 = time.perf_counter()
    model = ComponentwiseLSSVR(sigma=1.0, gamma=10.0, solver="lowrank").fit(X, y)
    fit = time.perf_counter() - t0
    t0 = time.perf_counter()
    screen = rank_pairs(model, X, y)
    seconds = time.perf_counter() - t0
    print(f"scale: {n} rows, {p} inputs, {len(screen.names)} pairs screened on {screen.rows} rows in {seconds:.2f} s "
          f"(the additive fit: {fit:.2f} s); first pair {screen.names[0]}")


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seeds", type=int, default=20)
    p.add_argument("--rows", type=int, default=2000)
    p.add_argument("--scale-rows", type=int, default=1_000_000)
    args = p.parse_args()
    header("bench_interactions: screening pairs on the residuals of the main effects")
    friedman(args.seeds, args.rows)
    additive(args.seeds, 200)
    scale(args.scale_rows)


if __name__ == "__main__":
    main()
