"""Why the passes keep float64: the rank update [phi 1]'[phi 1] of each task of 8192 rows formed in float32 (and
added in float64) against float64, on 10^6 rows of the additive example at the width the tuned fit chooses there
(sigma = 7.19 x spread, R = 62): the time of the two rank updates and whether the ridge problem of the float32 sums
can still be solved at the chosen gamma (637) and at a larger one.

Run: python bench/float32_sums.py
"""

import time

import numpy as np

from _common import header
import cwlssvm.components as C
from cwlssvm.datasets import make_additive
from cwlssvm.primal import FeatureMap, ridge_solve

TASK = 8192


def main():
    header("float32_sums: float32 against float64 rank updates of the features, 10^6 rows")
    n = 1_000_000
    X, y, _ = make_additive(n, seed=0)
    Xt, _, ft = make_additive(5000, seed=12345)
    fmap = FeatureMap.from_data(X, C.resolve(None, 10, None, 7.19, X))
    Z = np.column_stack([fmap.features(X), np.ones(n)])
    Zt = np.column_stack([fmap.features(Xt), np.ones(len(Xt))])
    sums = {}
    for dtype in (np.float64, np.float32):
        Zd = Z.astype(dtype)
        t0 = time.perf_counter()
        G = np.zeros((Z.shape[1], Z.shape[1]))
        for s in range(0, n, TASK):
            block = Zd[s:s + TASK]
            G += (block.T @ block).astype(np.float64)
        sums[dtype] = G
        print(f"{np.dtype(dtype).name}: rank updates {time.perf_counter() - t0:.3f} s")
    G64, G32 = sums[np.float64], sums[np.float32]
    print(f"largest |G32 - G64| / largest |G64|: {np.abs(G32 - G64).max() / np.abs(G64).max():.1e}")
    B = Z.T @ y[:, None]
    for gamma in (637.0, 1e5):
        theta, b = ridge_solve(G64, B, gamma)
        mse = float(np.mean((Zt[:, :-1] @ theta + b - ft[:, None]) ** 2))
        try:
            theta32, b32 = ridge_solve(G32, B, gamma)
            mse32 = f"{float(np.mean((Zt[:, :-1] @ theta32 + b32 - ft[:, None]) ** 2)):.3e}"
        except np.linalg.LinAlgError as exc:
            mse32 = f"not solvable ({exc})"
        print(f"gamma={gamma:g}: test MSE from float64 sums {mse:.3e}; from float32 sums {mse32}")


if __name__ == "__main__":
    main()
