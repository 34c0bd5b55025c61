"""Python side of the C++ weighted GNC engine (cpp/include/cwlssvm/gnc.hpp, through cwlssvm._native)."""

from __future__ import annotations

import numpy as np

from .. import _native

PENALTIES = {name: getattr(_native.PenaltyKind, name) for name in ("none", "stp", "hard", "lp", "group_l1")}
LOSSES = {name: getattr(_native.LossKind, name) for name in ("squared", "l1", "huber")}
FORMULATIONS = ("norms", "outputs")


def penalty(kind, u, a=3.7, p=0.6):
    """(l(u), nu^2 = l'(u) / 2u) of a penalty of the GNC engine, for plots and tests."""
    return _native.penalty(PENALTIES[kind], u, a, p)


def gnc_fit(basis, rows, y, w, *, gamma, lam, penalty="stp", a=3.7, p=0.6, loss="squared", delta=1.345,
            formulation="norms", theta0=None, sums=None, relax_steps=10, max_iter=200, tol=1e-7, max_cg=25,
            cg_tol=1e-11):
    """Weighted GNC on the training rows; returns dict(theta, b, norms, history, converged, factorizations).

    The squared loss sees the rows only through their sums (G, c, yy) = ([F 1]'W[F 1], [F 1]'Wy, y'Wy)
    of ComponentBasis.sums, formed here unless given (``sums``: to share them along a path, or per
    fold as differences of accumulated sums). With the "norms" formulation the engine gets nothing
    else, so rows, y and w are not used when sums are given; between steps it only adds the diagonal
    blocks that change.
    """
    options = _native.GncOptions()
    options.penalty, options.lam, options.a, options.p = PENALTIES[penalty], float(lam), float(a), float(p)
    options.loss, options.delta, options.gamma = LOSSES[loss], float(delta), float(gamma)
    options.output_norms = formulation == "outputs"
    options.relax_steps, options.max_iter, options.tol, options.max_cg = (int(relax_steps), int(max_iter), float(tol),
                                                                          int(max_cg))
    options.cg_tol = float(cg_tol)
    squared = loss == "squared"
    if squared and sums is None:
        sums = basis.sums(rows, w, y)
    if squared and formulation == "norms":
        out = _native.gnc_fit_sums(*sums, basis.offsets, theta0, options)
    else:
        F = np.ascontiguousarray(basis.F[rows])
        y = np.ascontiguousarray(y, dtype=np.float64)
        w = np.ascontiguousarray(w, dtype=np.float64)
        out = _native.gnc_fit(F, basis.offsets, y, w, sums[0] if squared else None, theta0, options)
    theta, b, norms, history, converged, n_factor = out
    return {"theta": theta, "b": float(b), "norms": norms, "history": history, "converged": bool(converged),
            "factorizations": int(n_factor)}
