"""cwlssvm.dask on a LocalCluster: a fit on rows generated lazily, chunk by chunk, and the in-memory check.

Scenarios (a LocalCluster of 2 worker processes, 1 thread each, 3 GB memory limit each):

  large   N = 2 x 10^7 rows, D = 10 (the paper's additive function plus noise), generated lazily in chunks of
          10^6 rows (never whole in one process): cwlssvm.dask.ComponentwiseLSSVR at fixed sigma and gamma.
          Prints the fit time, passes over the data, time per pass, bytes sent to the client and the workers'
          peak memory. Target: <= 5 minutes, no worker above its limit.
  tuned   the same rows: cwlssvm.dask.ComponentwiseLSSVRCV() (GCV over the default grids, refined by local
          grids: 3 passes). Target: <= 15 minutes.
  check   N = 10^6 in memory and as a dask Array of 10 chunks: the Dask fit against the in-memory low-rank fit
          with the same landmarks (coefficients and predictions, target 1e-8) and their throughput (target:
          Dask within 2x of in memory); and the in-memory fit against itself with its rows summed in another
          order, the floor that summation order sets on the coefficients.
  sparse  cwlssvm.dask.SparseComponentwiseLSSVR(one_se=True) against the in-memory estimator on 10^5 rows (time, selected
          inputs, test error), then on the N rows of "large" (time, passes, memory, selected inputs).
  pairs   N = 10^6 as in "check", the ten main effects and two listed pair components (x0:x1, x2:x3): the Dask
          fit (one more pass centres the pairs) against the in-memory low-rank fit of the same components (time,
          passes, predictions).
  screened  N = 10^6 rows of 20 uniform inputs with one interaction, sin(2 x2 x3) (bench_interactions.py's "scale"
          rows), in 10 chunks: the tuned Dask fits ComponentwiseLSSVRCV(interactions=10) and (interactions="auto")
          against ComponentwiseLSSVRCV() of the same rows (time ratios, pairs kept, test MSE against the
          noise-free function), and against the in-memory fits with the same options (the same pairs, predictions).

Run: python bench/bench_dask.py [check] [large] [tuned] [sparse] [pairs] [screened] [--rows 20000000]
     [--chunk 1000000]
"""

import argparse
import threading
import time

import numpy as np
import dask
import dask.array as da
from distributed import Client, LocalCluster, wait

import cwlssvm
import cwlssvm.dask
from cwlssvm.datasets import make_additive
from cwlssvm.primal import fit_lowrank

SIGMA, GAMMA, D = 1.0, 1000.0, 10


def lazy_additive(n_rows, chunk):
    """X (n, D), y (n,) as dask Arrays whose chunks are generated on the workers (seed = chunk index)."""
    xs, ys = [], []
    for i, start in enumerate(range(0, n_rows, chunk)):
        m = min(chunk, n_rows - start)
        part = dask.delayed(make_additive, nout=3)(n=m, noise=1.0, seed=1000 + i)
        xs.append(da.from_delayed(part[0], shape=(m, D), dtype=np.float64))
        ys.append(da.from_delayed(part[1], shape=(m,), dtype=np.float64))
    return da.concatenate(xs), da.concatenate(ys)


class MemoryWatch:
    """The largest process memory any worker reports while the block runs (polled every 0.2 s)."""

    def __init__(self, client):
        self.client, self.peak, self._stop = client, 0, threading.Event()
        info = client.scheduler_info()["workers"]
        self.limit = min(w["memory_limit"] for w in info.values())

    def _poll(self):
        while not self._stop.wait(0.2):
            info = self.client.scheduler_info()["workers"]
            self.peak = max([self.peak] + [w["metrics"]["memory"] for w in info.values()])

    def __enter__(self):
        self._thread = threading.Thread(target=self._poll, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


def watched_fit(client, estimator, X, y):
    """(fitted estimator, seconds, MemoryWatch) of estimator.fit(X, y) with the workers' memory polled."""
    with MemoryWatch(client) as memory:
        t0 = time.perf_counter()
        model = estimator.fit(X, y)
        elapsed = time.perf_counter() - t0
    return model, elapsed, memory


def passes(model):
    """The passes over the data of a fitted Dask estimator, their times and the bytes sent to the client."""
    return (f"{model.n_passes_} passes over the data, {', '.join(f'{t:.1f} s' for t in model.pass_times_)} per pass; "
            f"{model.bytes_to_client_ / 1e6:.2f} MB sent to the client")


def large(client, n_rows, chunk):
    X, y = lazy_additive(n_rows, chunk)
    model, elapsed, memory = watched_fit(client, cwlssvm.dask.ComponentwiseLSSVR(sigma=SIGMA, gamma=GAMMA, client=client),
                                         X, y)
    print(f"large: N = {n_rows:,}, D = {D}, chunks of {chunk:,} rows, sigma = {SIGMA}, gamma = {GAMMA}, "
          f"R = {model.feature_map_.size}")
    print(f"  fit {elapsed:.1f} s (target <= 300 s); {passes(model)}")
    print(f"  largest worker memory during the fit {memory.peak / 1e6:.0f} MB (limit {memory.limit / 1e6:.0f} MB; "
          "polled every 0.2 s, the workers report every 0.5 s)")
    X_test, _, f_test = make_additive(n=20_000, noise=0.0, seed=99)
    print(f"  test MSE against the noise-free f: {np.mean((model.predict(X_test) - f_test) ** 2):.2e}")


def tuned(client, n_rows, chunk):
    X, y = lazy_additive(n_rows, chunk)
    model, elapsed, memory = watched_fit(client, cwlssvm.dask.ComponentwiseLSSVRCV(client=client), X, y)
    print(f"tuned: N = {n_rows:,}, GCV: sigma = {model.sigma_:.3g}, gamma = {model.gamma_:.3g}, "
          f"R = {model.feature_map_.size}")
    print(f"  fit {elapsed:.1f} s (target <= 900 s); {passes(model)}")
    print(f"  largest worker memory during the fit {memory.peak / 1e6:.0f} MB (limit {memory.limit / 1e6:.0f} MB)")
    X_test, _, f_test = make_additive(n=20_000, noise=0.0, seed=99)
    print(f"  test MSE against the noise-free f: {np.mean((model.predict(X_test) - f_test) ** 2):.2e}")


def check(client, n_rows=1_000_000, chunk=100_000):
    Xd, yd = lazy_additive(n_rows, chunk)
    Xd, yd = client.persist(Xd), client.persist(yd)  # generated on the workers and kept there
    parts = [make_additive(n=min(chunk, n_rows - s), noise=1.0, seed=1000 + i)
             for i, s in enumerate(range(0, n_rows, chunk))]  # the same rows, in this process
    X, y = np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    t0 = time.perf_counter()
    model = cwlssvm.dask.ComponentwiseLSSVR(sigma=SIGMA, gamma=GAMMA, client=client).fit(Xd, yd)
    t_dask = time.perf_counter() - t0
    fmap = model.feature_map_
    t0 = time.perf_counter()
    ref = fit_lowrank(fmap, X, y[:, None], np.ones(n_rows), GAMMA)
    t_mem = time.perf_counter() - t0
    local = model.to_local()
    theta_diff = np.max(np.abs(local._model.theta - ref.theta)) / np.max(np.abs(ref.theta))
    X_test = X[:100_000]
    ref_pred = ref.outputs(local._described, X_test, None).sum(axis=1)[:, 0] + ref.intercept[0]
    pred_diff = np.max(np.abs(local.predict(X_test) - ref_pred)) / np.std(y)
    print(f"check: N = {n_rows:,} in chunks of {chunk:,} (persisted on the workers), R = {fmap.size}")
    print(f"  coefficients: max relative difference {theta_diff:.1e}; predictions {pred_diff:.1e} x std(y) "
          "(target 1e-8)")
    # the in-memory fit against itself with the rows summed in another order (the chunks reversed): the
    # floor that the order of the sums sets on the coefficients (their conditioning ~ gamma x N)
    order = np.concatenate([np.arange(s, min(s + chunk, n_rows)) for s in range(0, n_rows, chunk)][::-1])
    again = fit_lowrank(fmap, X[order], y[order, None], np.ones(n_rows), GAMMA)
    self_diff = np.max(np.abs(again.theta - ref.theta)) / np.max(np.abs(ref.theta))
    again_pred = again.outputs(local._described, X_test, None).sum(axis=1)[:, 0] + again.intercept[0]
    print(f"  in memory against itself, chunks summed in reverse order: coefficients {self_diff:.1e}, predictions "
          f"{np.max(np.abs(again_pred - ref_pred)) / np.std(y):.1e} x std(y)")
    print(f"  Dask fit {t_dask:.2f} s (2 passes, two 1-thread workers) vs the in-memory sums and solve with the same "
          f"landmarks {t_mem:.2f} s (two threads): Dask / in memory = {t_dask / t_mem:.2f} (target <= 2)")
    t0 = time.perf_counter()
    tuned = cwlssvm.dask.ComponentwiseLSSVRCV(client=client).fit(Xd, yd)
    t_dask = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = cwlssvm.ComponentwiseLSSVRCV(solver="lowrank").fit(X, y)
    t_mem = time.perf_counter() - t0
    X_test, _, f_test = make_additive(n=20_000, noise=0.0, seed=99)
    mse = [np.mean((m.predict(X_test) - f_test) ** 2) for m in (tuned, ref)]
    print(f"  GCV-tuned (default grids): Dask {t_dask:.1f} s, {tuned.n_passes_} passes, sigma {tuned.sigma_:.3g}, "
          f"gamma {tuned.gamma_:.3g}, test MSE {mse[0]:.2e}; in memory (solver='lowrank') "
          f"{t_mem:.1f} s, sigma {ref.sigma_:.3g}, gamma {ref.gamma_:.3g}, test MSE {mse[1]:.2e}")


def sparse(client, n_rows, chunk, n_small=100_000):
    """Structure detection on Dask: against the in-memory estimator on n_small rows, then on all the rows."""
    Xd, yd = lazy_additive(n_small, n_small // 10)
    X, y = client.compute([Xd, yd], sync=True)
    t0 = time.perf_counter()
    model = cwlssvm.dask.SparseComponentwiseLSSVR(one_se=True, client=client).fit(Xd, yd)
    t_dask = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = cwlssvm.SparseComponentwiseLSSVR(one_se=True).fit(X, y)
    t_mem = time.perf_counter() - t0
    X_test, _, f_test = make_additive(n=20_000, noise=0.0, seed=99)
    mse = [np.mean((m.predict(X_test) - f_test) ** 2) for m in (model, ref)]
    print(f"sparse: N = {n_small:,}, SparseComponentwiseLSSVR(one_se=True) (sigma, gamma by leave-one-out, lam by 2-fold CV)")
    print(f"  Dask {t_dask:.1f} s, {model.n_passes_} passes, selected {model.selected_components_.tolist()}, "
          f"sigma {model.sigma_:.3g}, gamma {model.gamma_:.3g}, lam {model.lam_:.3g}, test MSE {mse[0]:.2e}")
    print(f"  in memory {t_mem:.1f} s, selected {ref.selected_components_.tolist()}, sigma {ref.sigma_:.3g}, "
          f"gamma {ref.gamma_:.3g}, lam {ref.lam_:.3g}, test MSE {mse[1]:.2e}")
    X, y = lazy_additive(n_rows, chunk)
    model, elapsed, memory = watched_fit(client, cwlssvm.dask.SparseComponentwiseLSSVR(one_se=True, client=client), X, y)
    print(f"  N = {n_rows:,}: fit {elapsed:.1f} s; {passes(model)}; largest worker memory {memory.peak / 1e6:.0f} MB")
    print(f"  selected {model.selected_components_.tolist()} (the function uses x0..x3), sigma {model.sigma_:.3g}, "
          f"gamma {model.gamma_:.3g}, lam {model.lam_:.3g}, "
          f"test MSE {np.mean((model.predict(X_test) - f_test) ** 2):.2e}")


def pairs(client, n_rows=1_000_000, chunk=100_000):
    from cwlssvm.components import pair, rbf

    Xd, yd = lazy_additive(n_rows, chunk)
    Xd, yd = client.persist(Xd), client.persist(yd)
    parts = [make_additive(n=min(chunk, n_rows - s), noise=1.0, seed=1000 + i)
             for i, s in enumerate(range(0, n_rows, chunk))]  # the same rows, in this process
    X, y = np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    components = [rbf(d) for d in range(D)] + [pair(0, 1), pair(2, 3)]
    t0 = time.perf_counter()
    model = cwlssvm.dask.ComponentwiseLSSVR(components=components, sigma=SIGMA, gamma=GAMMA, client=client).fit(Xd, yd)
    t_dask = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = cwlssvm.ComponentwiseLSSVR(components, sigma=SIGMA, gamma=GAMMA, solver="lowrank").fit(X, y)
    t_mem = time.perf_counter() - t0
    diff = np.max(np.abs(model.to_local().predict(X[:100_000]) - ref.predict(X[:100_000]))) / np.std(y)
    print(f"pairs: N = {n_rows:,} in chunks of {chunk:,}, 10 main effects and x0:x1, x2:x3, R = {model.feature_map_.size}")
    print(f"  Dask fit {t_dask:.2f} s, {passes(model)}; in memory (solver='lowrank') {t_mem:.2f} s: "
          f"Dask / in memory = {t_dask / t_mem:.2f}; predictions differ by {diff:.1e} x std(y)")


def _scale_truth(X):
    return np.sin(2 * X[:, 0]) + X[:, 1] ** 2 + np.sin(2 * X[:, 2] * X[:, 3])


def screened(client, n_rows=1_000_000, chunk=100_000, p=20):
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(n_rows, p))
    y = _scale_truth(X) + 0.3 * rng.normal(size=n_rows)
    X_new = rng.uniform(-1, 1, size=(20_000, p))
    Xd, yd = client.persist(da.from_array(X, chunks=(chunk, p))), client.persist(da.from_array(y, chunks=chunk))
    wait([Xd, yd])  # the rows on the workers before any fit is timed
    print(f"screened: N = {n_rows:,} in chunks of {chunk:,}, {p} inputs, truth with sin(2 x2 x3)")
    fits = {}
    for label, params in (("additive", {}), ("10", dict(interactions=10)), ("auto", dict(interactions="auto"))):
        t0 = time.perf_counter()
        model = cwlssvm.dask.ComponentwiseLSSVRCV(client=client, **params).fit(Xd, yd)
        t_dask = time.perf_counter() - t0
        t0 = time.perf_counter()
        ref = cwlssvm.ComponentwiseLSSVRCV(**params).fit(X, y)
        t_mem = time.perf_counter() - t0
        fits[label] = t_dask
        mse = np.mean((model.predict(X_new) - _scale_truth(X_new)) ** 2)
        diff = np.max(np.abs(model.to_local().predict(X_new) - ref.predict(X_new))) / np.std(y)
        kept = same = ""
        if params:
            table, ref_table = model.interactions_, ref.interactions_
            kept = f"; pairs kept {list(table['pair'][table['kept']])}"
            same = (f"; in memory the same pairs kept: "
                    f"{list(table['pair'][table['kept']]) == list(ref_table['pair'][ref_table['kept']])}")
        print(f"  {label:>8}: Dask {t_dask:.1f} s ({t_dask / fits['additive']:.2f} x the tuned additive Dask fit), "
              f"{model.n_passes_} passes; in memory {t_mem:.1f} s{kept}; test MSE {mse:.2e}{same}; predictions "
              f"{diff:.1e} x std(y) from the in-memory model's")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="*", default=["check", "large", "tuned", "sparse", "pairs", "screened"])
    ap.add_argument("--rows", type=int, default=20_000_000)
    ap.add_argument("--chunk", type=int, default=1_000_000)
    args = ap.parse_args()
    print("bench_dask:", cwlssvm.build_info())
    with LocalCluster(n_workers=2, threads_per_worker=1, memory_limit="3GB", processes=True,
                      dashboard_address=":0", silence_logs=40) as cluster, Client(cluster) as client:
        if "check" in args.scenarios:
            check(client)
        if "large" in args.scenarios:
            large(client, args.rows, args.chunk)
        if "tuned" in args.scenarios:
            tuned(client, args.rows, args.chunk)
        if "sparse" in args.scenarios:
            sparse(client, args.rows, args.chunk)
        if "pairs" in args.scenarios:
            pairs(client)
        if "screened" in args.scenarios:
            screened(client)


if __name__ == "__main__":
    main()
