"""Ctrl-C during long fits: how soon KeyboardInterrupt arrives, and that the process is left clean.

Each scenario runs a fit in a child process, sends it SIGINT 2 s after the fit starts (1 s for dense8000), and prints the time from
the signal to the KeyboardInterrupt caught in the child (both read the same monotonic clock), the threads the child
still has (Linux: /proc/self/task; the interpreter's own threads only), and whether a small refit afterwards works.
Target: the KeyboardInterrupt within 1 s of the signal.

  dense    ComponentwiseLSSVR(solver="dense") at N = 12,000, D = 10 (the Gram blocks, then the tiled Cholesky)
  dense8000  the same at N = 8000 (tiled from 4096 rows; one LAPACK dpotrf before)
  sparse   SparseComponentwiseLSSVC() with its default recipe on 3065 spam rows (log(1 + x)): the tuning, then the
           GNC steps of the lam search
  lowrank  ComponentwiseLSSVRCV(solver="lowrank") at N = 10^6 (the passes over the rows)
  batch    fit_batch on 20,000 groups of 200 rows

Run: python bench/bench_interrupt.py [dense] [dense8000] [sparse] [lowrank] [batch] [--after 2.0]
"""

import argparse
import signal
import subprocess
import sys
import textwrap
import time

import cwlssvm

FITS = {
    "dense": """
        from cwlssvm.datasets import make_additive
        X, y, _ = make_additive(n=12000, seed=1)
        fit = lambda: cwlssvm.ComponentwiseLSSVR(solver="dense").fit(X, y)
        refit = lambda: cwlssvm.ComponentwiseLSSVR(solver="dense").fit(X[:500], y[:500])
    """,
    "dense8000": """
        from cwlssvm.datasets import make_additive
        X, y, _ = make_additive(n=8000, seed=1)
        fit = lambda: cwlssvm.ComponentwiseLSSVR(solver="dense").fit(X, y)
        refit = lambda: cwlssvm.ComponentwiseLSSVR(solver="dense").fit(X[:500], y[:500])
    """,
    "sparse": """
        from cwlssvm.datasets import load_spambase
        X, y, _ = load_spambase(preprocess=True)
        X, y = X[:3065], y[:3065]
        fit = lambda: cwlssvm.SparseComponentwiseLSSVC().fit(X, y)
        refit = lambda: cwlssvm.SparseComponentwiseLSSVC(sigma=1.0, gamma=1.0, lam=1.0).fit(X[::10], y[::10])
    """,
    "lowrank": """
        from cwlssvm.datasets import make_additive
        X, y, _ = make_additive(n=1_000_000, seed=1)
        fit = lambda: cwlssvm.ComponentwiseLSSVRCV(solver="lowrank").fit(X, y)
        refit = lambda: cwlssvm.ComponentwiseLSSVR().fit(X[:500], y[:500])
    """,
    "batch": """
        import numpy as np
        rng = np.random.default_rng(0)
        Xs = rng.uniform(size=(20000, 200, 5))
        ys = np.sin(3 * Xs[:, :, 0]) + rng.normal(scale=0.1, size=(20000, 200))
        fit = lambda: cwlssvm.fit_batch(Xs, ys)
        refit = lambda: cwlssvm.fit_batch(Xs[:10], ys[:10])
    """,
}

AFTER = {"dense8000": 1.0}  # seconds into the fit before SIGINT where 2 s would be past its end (default 2)

CHILD = """
import os, time
import cwlssvm
{setup}
def threads():
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else -1
before = threads()
print("ready", flush=True)
t0 = time.monotonic()
try:
    fit()
    print("finished", time.monotonic() - t0, flush=True)
except KeyboardInterrupt:
    caught = time.monotonic()
    time.sleep(0.2)
    print("interrupted", caught, before, threads(), flush=True)
    refit()
    print("refit", "ok", flush=True)
"""


def run(name, after):
    code = CHILD.format(setup=textwrap.dedent(FITS[name]))
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = child.stdout.readline().strip()
    if line != "ready":
        print(f"{name}: the child did not start: {line} {child.stderr.read()[-500:]}")
        return
    time.sleep(after)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=900)
    lines = dict(line.split(" ", 1) for line in out.strip().splitlines() if " " in line)
    if "interrupted" not in lines:
        print(f"{name}: no KeyboardInterrupt ({out.strip()!r}; {err.strip()[-300:]!r})")
        return
    caught, before, after_threads = lines["interrupted"].split()
    delay = float(caught) - sent
    print(f"{name}: KeyboardInterrupt {delay:.3f} s after SIGINT (target <= 1 s); threads before the fit {before}, "
          f"after the interrupt {after_threads}; refit afterwards: {lines.get('refit', 'FAILED')}; "
          f"exit status {child.returncode}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="*", default=["dense", "dense8000", "sparse", "lowrank", "batch"])
    ap.add_argument("--after", type=float, default=None,
                    help="seconds into the fit before SIGINT (default 2; 1 for dense8000, whose fit takes 2)")
    args = ap.parse_args()
    print("bench_interrupt:", cwlssvm.build_info())
    for name in args.scenarios:
        run(name, args.after if args.after is not None else AFTER.get(name, 2.0))


if __name__ == "__main__":
    main()
