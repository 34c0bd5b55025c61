"""Shared pieces of the experiments: timing, peers that may be missing, markdown tables, results files."""

from __future__ import annotations

import io
import json
import os
import time
import warnings
from contextlib import contextmanager, redirect_stdout

import numpy as np


@contextmanager
def timer(out, key):
    """Adds the wall time of the block to out[key] (seconds)."""
    t0 = time.perf_counter()
    yield
    out[key] = out.get(key, 0.0) + time.perf_counter() - t0


def pygam_or_none():
    """The pygam module, or None when it is not installed (it is an optional extra)."""
    try:
        import pygam
    except ImportError:
        return None
    return pygam


@contextmanager
def quiet():
    """Peers warn freely (convergence, overflow in their link functions): keep the log readable."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        yield


def mean_sd(values, fmt="{:.4f}"):
    v = np.asarray(values, dtype=float)
    if v.size == 0:
        return "n/a"
    if v.size == 1:
        return fmt.format(v[0])
    return f"{fmt.format(v.mean())} ± {fmt.format(v.std(ddof=1))}"


def markdown_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def save_result(out_dir, name, result):
    with open(os.path.join(out_dir, f"{name}.json"), "w") as fh:
        json.dump(result, fh, indent=1, default=float)


def load_result(out_dir, name):
    path = os.path.join(out_dir, f"{name}.json")
    if not os.path.exists(path):
        return None
    with open(path) as fh:
        return json.load(fh)


def log(msg):
    print(msg, flush=True)


class GamSearch:
    """A pyGAM model behind fit/predict: ``fit`` runs its ``gridsearch`` (over ``lam`` when given);
    ``predict`` returns integer labels for classifiers."""

    def __init__(self, gam, lam=None, labels=False):
        self.gam, self.lam, self.labels = gam, lam, labels

    def fit(self, X, y):
        # pyGAM prints "did not converge" for grid points whose iterations stop early: the search's own
        # business, kept out of the experiments' output (and their doctests')
        with redirect_stdout(io.StringIO()):
            self.gam.gridsearch(X, y, progress=False, **({} if self.lam is None else {"lam": self.lam}))
        return self

    def predict(self, X):
        pred = self.gam.predict(X)
        return pred.astype(int) if self.labels else pred
