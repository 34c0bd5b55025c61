"""Tuned fits from 10^5 to 10^7 rows: in memory, on Dask and R's mgcv bam, in one run.

The paper's additive example (D = 10, noise 1); test MSE against the noise-free f on 5000 fresh rows. Each
fit runs in its own process, so that its peak RSS (the data included) is its own.

  memory  ComponentwiseLSSVRCV(solver="lowrank"), the default recipe: time, test MSE, the chosen sigma and
          gamma, the rank R, the passes over all rows, peak RSS against the data's bytes.
  stages  the same with the local stage of widths scored on every row instead of a sample (the most
          accurate search; more passes' worth of flops), and with lowrank_tol=1e-12 (larger ranks).
  dask    cwlssvm.dask.ComponentwiseLSSVRCV on a LocalCluster of 2 worker processes with 1 thread each, the
          same rows in 10 chunks: time, test MSE and the chosen sigma and gamma next to the in-memory ones.
  bam     mgcv bam(y ~ s(x1) + ... + s(x10), discrete=TRUE, nthreads=2) when Rscript with mgcv is installed
          (data handed over as raw doubles; the time is bam's own, read and predict excluded).
  pass    one pass (FeatureMap.sums) at the chosen widths: its time against its flops (the rank update
          n (R+1)(R+2) and the features' transform), next to the rate of NumPy's BLAS on the same machine in
          the same process: A'A of a (10^6, R+1) matrix (the same thin shape) and a square 3000 x 3000 dgemm
          (the machine's peak), both on every core.

At the end: the table of docs/performance.md, the ratios to bam and the log-log slope of the tuned time
against the rows.

Run: python bench/bench_scale.py [--rows 1e5 1e6 1e7] [--no-bam] [--no-dask] [--stages]
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

from _common import header
from cwlssvm.datasets import make_additive

D = 10
TEST = dict(n=5000, seed=12345)


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_mse(predict):
    Xt, _, ft = make_additive(**TEST)
    return float(np.mean((predict(Xt) - ft) ** 2))


def data(n):
    X, y, _ = make_additive(n, seed=0)
    return X, y


def child_memory(n, variant):
    import cwlssvm.model_selection._estimators as tuning
    from cwlssvm import ComponentwiseLSSVRCV

    X, y = data(n)
    kw = {}
    if variant == "all rows":
        tuning.LOCAL_SAMPLE = 10 ** 12  # the local stage of widths on every row
    elif variant == "tol 1e-12":
        kw["lowrank_tol"] = 1e-12
    ComponentwiseLSSVRCV(solver="lowrank").fit(X[:3000], y[:3000])  # imports and first calls out of the timing
    t0 = time.perf_counter()
    m = ComponentwiseLSSVRCV(solver="lowrank", **kw).fit(X, y)
    t = time.perf_counter() - t0
    return dict(time=t, mse=test_mse(m.predict), sigma=m.sigma_, gamma=m.gamma_, R=int(m.X_fit_.shape[0]),
                passes=m.passes_, rss=peak_rss_mb(), data_mb=(X.nbytes + y.nbytes) / 2 ** 20)


def child_dask(n):
    import dask.array as da
    from distributed import Client, LocalCluster

    import cwlssvm.dask

    X, y = data(n)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      memory_limit="8GB") as cluster, Client(cluster):
        chunk = -(-n // 10)
        Xd, yd = da.from_array(X, chunks=(chunk, D)), da.from_array(y, chunks=chunk)
        Xd, yd = Xd.persist(), yd.persist()  # the rows on the workers before the clock starts
        t0 = time.perf_counter()
        m = cwlssvm.dask.ComponentwiseLSSVRCV().fit(Xd, yd)
        t = time.perf_counter() - t0
    return dict(time=t, mse=test_mse(m.to_local().predict), sigma=m.sigma_, gamma=m.gamma_,
                passes=m.n_passes_)


def child_pass(n, sigma):
    import cwlssvm.components as C
    from cwlssvm.primal import FeatureMap, pass_threads

    X, y = data(n)
    fmap = FeatureMap.from_data(X, C.resolve(None, D, None, sigma, X))
    R1 = fmap.size + 1
    w, Y = np.ones(n), y[:, None]
    fmap.sums(X[:100_000], Y[:100_000], w[:100_000])
    t = min(_timed(lambda: fmap.sums(X, Y, w)) for _ in range(3))
    A = np.random.default_rng(0).normal(size=(1_000_000, R1))
    A.T @ A
    t_blas = min(_timed(lambda: A.T @ A) for _ in range(7))
    S = np.random.default_rng(1).normal(size=(3000, 3000))
    S @ S
    peak = 2 * 3000 ** 3 / min(_timed(lambda: S @ S) for _ in range(5))  # dgemm of square matrices: the machine's peak
    update = n * R1 * (R1 + 1)  # flops of the rank update [phi 1]'[phi 1] (lower triangle, multiply and add)
    transform = n * float(np.sum(fmap.ranks.astype(float) ** 2))  # phi = k' T_d per component (triangular)
    return dict(time=t, R=R1 - 1, update_gflops=update / t / 1e9, blas_gflops=1e6 * R1 * (R1 + 1) / t_blas / 1e9,
                peak_gflops=peak / 1e9, flop_share=(update + transform) / t / peak, exps_per_s=n * (R1 - 1) / t,
                threads=pass_threads(None))


def _timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def child_bam(n):
    if shutil.which("Rscript") is None:
        return None
    X, y = data(n)
    Xt, _, ft = make_additive(**TEST)
    with tempfile.TemporaryDirectory() as tmp:
        np.column_stack([X, y]).astype("<f8").tofile(os.path.join(tmp, "train.bin"))
        Xt.astype("<f8").tofile(os.path.join(tmp, "test.bin"))
        script = (
            "suppressMessages(library(mgcv)); "
            f"d <- as.data.frame(matrix(readBin('{tmp}/train.bin', 'double', {n * (D + 1)}), ncol={D + 1}, byrow=TRUE)); "
            f"t <- as.data.frame(matrix(readBin('{tmp}/test.bin', 'double', {len(Xt) * D}), ncol={D}, byrow=TRUE)); "
            f"names(d) <- c(paste0('x', 1:{D}), 'y'); names(t) <- paste0('x', 1:{D}); "
            "f <- as.formula(paste('y ~', paste(sprintf('s(%s)', names(t)), collapse=' + '))); "
            "s <- proc.time(); m <- bam(f, data=d, discrete=TRUE, nthreads=2); e <- (proc.time() - s)[3]; "
            f"writeBin(as.double(predict(m, t)), '{tmp}/pred.bin'); cat(e)")
        out = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True)
        if out.returncode != 0:
            return dict(error=(out.stderr.strip().splitlines() or ["?"])[-1])
        pred = np.fromfile(os.path.join(tmp, "pred.bin"), dtype="<f8")
    return dict(time=float(out.stdout.split()[-1]), mse=float(np.mean((pred - ft) ** 2)))


def run_child(*args):
    out = subprocess.run([sys.executable, __file__, "--child", json.dumps(args)], capture_output=True, text=True)
    if out.returncode != 0:
        return dict(error=(out.stderr.strip().splitlines() or ["?"])[-1])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", nargs="*", type=float, default=[1e5, 1e6, 1e7])
    ap.add_argument("--no-bam", action="store_true")
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--stages", action="store_true", help="also the search variants (local stage on all rows, tol)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        name, *rest = json.loads(args.child)
        print(json.dumps(globals()[f"child_{name}"](*rest)))
        return
    header("bench_scale: tuned fits on the additive example, D=10, noise 1, test MSE against f on 5000 rows")
    rows = []
    for n in (int(r) for r in args.rows):
        row = dict(n=n, memory=run_child("memory", n, "default"))
        print(f"N={n:.0e} in memory: {row['memory']}", flush=True)
        if args.stages:
            for variant in ("all rows", "tol 1e-12"):
                row[variant] = run_child("memory", n, variant)
                print(f"N={n:.0e} in memory, {variant}: {row[variant]}", flush=True)
        if "sigma" in row["memory"]:
            row["pass"] = run_child("pass", n, row["memory"]["sigma"])
            print(f"N={n:.0e} one pass: {row['pass']}", flush=True)
        if not args.no_dask:
            row["dask"] = run_child("dask", n)
            print(f"N={n:.0e} dask: {row['dask']}", flush=True)
        if not args.no_bam:
            row["bam"] = run_child("bam", n)
            print(f"N={n:.0e} bam: {row['bam']}", flush=True)
        rows.append(row)
    report(rows)


def report(rows):
    print("\n| rows | in memory: time, test MSE, peak RSS (data) | Dask, 2 workers: time, test MSE | "
          "bam(discrete=TRUE), 2 threads: time, test MSE | bam time / ours | bam MSE / ours |")
    print("| --- | --- | --- | --- | --- | --- |")
    for r in rows:
        m, d, b = r["memory"], r.get("dask") or {}, r.get("bam") or {}
        ours = f"{m['time']:.2f} s, {m['mse']:.2e}, {m['rss'] / 1024:.2f} GB ({m['data_mb'] / 1024:.2f} GB)" if "time" in m else m
        dask = f"{d['time']:.1f} s, {d['mse']:.2e}" if "time" in d else "not run"
        bam = f"{b['time']:.1f} s, {b['mse']:.2e}" if "time" in b else "not run"
        ratios = (f"{b['time'] / m['time']:.1f}x | {b['mse'] / m['mse']:.1f}x" if "time" in b and "time" in m
                  else "- | -")
        print(f"| 10^{np.log10(r['n']):.0f} | {ours} | {dask} | {bam} | {ratios} |")
    print("\nchosen (sigma, gamma): in memory vs Dask")
    for r in rows:
        m, d = r["memory"], r.get("dask") or {}
        if "sigma" in m and "sigma" in d:
            print(f"  10^{np.log10(r['n']):.0f}: ({m['sigma']:.4g}, {m['gamma']:.4g}) vs ({d['sigma']:.4g}, {d['gamma']:.4g})")
    print("\none pass at the chosen widths: time, rank-update rate against NumPy's A'A of the same width and against "
          "square dgemm (the machine's peak)")
    for r in rows:
        p = r.get("pass") or {}
        if "time" in p:
            print(f"  10^{np.log10(r['n']):.0f}: R={p['R']}, {p['time']:.3f} s, rank update {p['update_gflops']:.1f} "
                  f"GFLOP/s; NumPy's A'A of (10^6, R+1) {p['blas_gflops']:.1f} GFLOP/s; square dgemm "
                  f"{p['peak_gflops']:.1f} GFLOP/s: the pass's flops at {100 * p['flop_share']:.0f}% of that peak "
                  f"(kernel columns {p['exps_per_s'] / 1e9:.2f} x 10^9 exp/s, {p['threads']} threads)")
    for variant in ("all rows", "tol 1e-12"):
        if any(variant in r for r in rows):
            print(f"\nsearch variant {variant!r}: time, test MSE, R")
            for r in rows:
                v = r.get(variant) or {}
                if "time" in v:
                    print(f"  10^{np.log10(r['n']):.0f}: {v['time']:.2f} s, {v['mse']:.2e}, R={v['R']}")
    timed = [(r["n"], r["memory"]["time"]) for r in rows if "time" in r["memory"]]
    if len(timed) >= 2:
        (n0, t0), (n1, t1) = timed[0], timed[-1]
        print(f"\nlog-log slope of the tuned time from {n0:.0e} to {n1:.0e} rows: {np.log(t1 / t0) / np.log(n1 / n0):.2f}")


if __name__ == "__main__":
    main()
