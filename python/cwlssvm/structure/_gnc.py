"""Python side of the C++ weighted GNC engine (cwlssvm._core.gnc_fit)."""

from __future__ import annotations

import numpy as np

from .. import _core

PENALTIES = {"none": 0, "stp": 1, "hard": 2, "lp": 3, "group_l1": 4}
LOSSES = {"squared": 0, "l1": 1, "huber": 2}
FORMULATIONS = ("norms", "outputs")


def penalty(kind, u, a=3.7, p=0.6):
    """(l(u), nu^2 = l'(u) / 2u) of a penalty of the GNC engine, for plots and tests."""
    return _core.penalty(PENALTIES[kind], np.ascontiguousarray(u, dtype=np.float64), float(a), float(p))


def gnc_fit(basis, rows, y, w, *, gamma, lam, penalty="stp", a=3.7, p=0.6, loss="squared", delta=1.345,
            formulation="norms", theta0=None, gram=None, relax_steps=10, max_iter=200, tol=1e-7, max_cg=25):
    """Weighted GNC on the training rows; returns dict(theta, b, norms, history, converged, factorizations).

    For the squared loss the (R+1) x (R+1) matrix [F 1]' W [F 1] is formed here by BLAS (fast on all
    cores), unless given (``gram``, to share it along a path), and handed to the engine, which only
    adds the diagonal blocks that change between steps.
    """
    F = np.ascontiguousarray(basis.F[rows])
    y = np.ascontiguousarray(y, dtype=np.float64)
    w = np.ascontiguousarray(w, dtype=np.float64)
    if loss == "squared" and gram is None:
        gram = basis.gram(rows, w)
    elif loss != "squared":
        gram = None
    z0 = None if theta0 is None else np.ascontiguousarray(theta0, dtype=np.float64)
    theta, b, norms, history, converged, n_factor = _core.gnc_fit(
        F, [int(o) for o in basis.offsets], y, w, gram, z0, PENALTIES[penalty], float(lam), float(a), float(p),
        LOSSES[loss], float(delta), float(gamma), formulation == "outputs", int(relax_steps), int(max_iter),
        float(tol), int(max_cg))
    return {"theta": theta, "b": float(b), "norms": norms, "history": history, "converged": bool(converged),
            "factorizations": int(n_factor)}
