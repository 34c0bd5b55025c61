"""Python side of the C++ weighted GNC engine (cpp/include/cwlssvm/gnc.hpp, through cwlssvm._native)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _native

PENALTIES = {name: getattr(_native.PenaltyKind, name) for name in ("none", "stp", "hard", "lp", "group_l1")}
LOSSES = {name: getattr(_native.LossKind, name) for name in ("squared", "l1", "huber")}
FORMULATIONS = ("norms", "outputs")


def penalty(kind, u, a=3.7, p=0.6):
    """(l(u), nu^2 = l'(u) / 2u) of a penalty of the GNC engine, for plots and tests.

    Parameters
    ----------
    kind : {'stp', 'hard', 'lp', 'l1'}
        The penalty.
    u : array-like
        Component sizes.
    a : float, default=3.7
        STP's parameter.
    p : float, default=0.6
        L_p's exponent.

    Returns
    -------
    tuple of ndarray
        (l(u), nu^2 = l'(u) / 2u).

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.structure import penalty
    >>> l, nu2 = penalty("stp", np.array([1.0, 10.0]))  # l(u) = a u / (1 + a u), bounded by 1
    >>> l.round(4).tolist(), nu2.round(6).tolist()  # and the weights nu^2 = l'(u) / 2u of the GNC steps
    ([0.7872, 0.9737], [0.083748, 0.000128])
    >>> penalty("group_l1", np.array([2.0]))[0].tolist()  # the convex group L1: l(u) = u
    [2.0]
    """
    return _native.penalty(PENALTIES[kind], u, a, p)


@dataclass(frozen=True)
class GncSettings:
    """What a GNC fit minimizes and how far (eq.rls with the LS-SVM's Tikhonov term): gamma, the penalty
    on the component sizes (``penalty`` of parameters ``a`` and ``p``) at weight ``lam``, the loss (Huber's
    ``delta``), the sizes measured on the coefficients ("norms") or the training outputs ("outputs"); the
    relaxation steps, the GNC steps and their tolerance, and the conjugate-gradient budget.

    Parameters
    ----------
    gamma : float
        The regularization constant.
    lam : float
        The penalty's weight.
    penalty : {'stp', 'hard', 'lp', 'l1'}, default='stp'
        The penalty on the component sizes.
    a : float, default=3.7
        STP's parameter.
    p : float, default=0.6
        L_p's exponent.
    loss : {'squared', 'huber'}, default='squared'
        The loss.
    delta : float, default=1.345
        Huber's threshold.
    formulation : {'norms', 'outputs'}, default='norms'
        Sizes measured on the coefficients or the training outputs.
    relax_steps : int, default=10
        Relaxation steps of the graduated non-convexity.
    max_iter : int, default=200
        GNC steps at most.
    tol : float, default=1e-7
        Their tolerance.
    max_cg : int, default=25
        Conjugate-gradient iterations per step at most.
    cg_tol : float, default=1e-11
        Their tolerance.

    Examples
    --------
    >>> from dataclasses import replace
    >>> from cwlssvm.structure import GncSettings
    >>> settings = GncSettings(gamma=10.0, lam=0.5, penalty="lp", p=0.5, loss="huber")
    >>> replace(settings, lam=2.0).lam, settings.formulation  # one settings object per lam of a path
    (2.0, 'norms')
    """

    gamma: float
    lam: float
    penalty: str = "stp"
    a: float = 3.7
    p: float = 0.6
    loss: str = "squared"
    delta: float = 1.345
    formulation: str = "norms"
    relax_steps: int = 10
    max_iter: int = 200
    tol: float = 1e-7
    max_cg: int = 25
    cg_tol: float = 1e-11

    def options(self):
        """The core's GncOptions."""
        o = _native.GncOptions()
        o.penalty, o.lam, o.a, o.p = PENALTIES[self.penalty], float(self.lam), float(self.a), float(self.p)
        o.loss, o.delta, o.gamma = LOSSES[self.loss], float(self.delta), float(self.gamma)
        o.output_norms = self.formulation == "outputs"
        o.relax_steps, o.max_iter, o.tol = int(self.relax_steps), int(self.max_iter), float(self.tol)
        o.max_cg, o.cg_tol = int(self.max_cg), float(self.cg_tol)
        return o


@dataclass
class GncFit:
    """theta (R,), b, the component sizes (D,), one dict per step (objective, zeta, cg_iterations,
    refactored, ...), whether the steps converged, and the Cholesky factorizations made.

    Parameters
    ----------
    theta : ndarray (R,)
        The coefficients.
    b : float
        The intercept.
    norms : ndarray (D,)
        The component sizes.
    history : list of dict
        One per step (objective, zeta, cg_iterations, refactored, ...).
    converged : bool
        Whether the steps converged.
    factorizations : int
        Cholesky factorizations made.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis
    >>> from cwlssvm.structure import GncSettings, gnc_fit
    >>> X = np.random.default_rng(1).uniform(size=(80, 2)); y = np.sin(5 * X[:, 0])
    >>> fit = gnc_fit(ComponentBasis(X, C.resolve(None, 2, None, 0.5, X)), np.arange(80), y, np.ones(80),
    ...               GncSettings(gamma=10.0, lam=0.2))
    >>> sorted(fit.history[0])[:3], fit.factorizations >= 1  # one dict per GNC step
    (['cg_iterations', ...], True)
    """

    theta: np.ndarray
    b: float
    norms: np.ndarray
    history: list
    converged: bool
    factorizations: int


def gnc_fit(basis, rows, y, w, settings, *, theta0=None, sums=None) -> GncFit:
    """Weighted GNC of ``settings`` (GncSettings) on the training rows of a ComponentBasis.

    The squared loss sees the rows only through their sums (G, c, yy) = ([F 1]'W[F 1], [F 1]'Wy, y'Wy)
    of ComponentBasis.sums, formed here unless given (``sums``: to share them along a path, or per
    fold as differences of accumulated sums). With the "norms" formulation the engine gets nothing
    else, so rows, y and w are not used when sums are given; between steps it only adds the diagonal
    blocks that change.

    Parameters
    ----------
    basis : ComponentBasis
        The components' low-rank factors on the training rows.
    rows : ndarray of int or None
        The training rows of the basis this path fits (None: all).
    y : ndarray (n,)
        Targets.
    w : ndarray (n,)
        Row weights.
    settings : GncSettings
        What to minimize and how far.
    theta0 : ndarray (R,), optional
        A warm start.
    sums : tuple, optional
        (G, c, yy) of the rows, when shared along a path or per fold.

    Returns
    -------
    GncFit
        The solution and its history.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import ComponentBasis
    >>> from cwlssvm.structure import GncSettings, gnc_fit
    >>> X = np.random.default_rng(0).uniform(size=(120, 3)); y = X[:, 0] ** 2 + np.cos(4 * X[:, 2])
    >>> fit = gnc_fit(ComponentBasis(X, C.resolve(None, 3, None, 0.5, X)), np.arange(120), y, np.ones(120),
    ...               GncSettings(gamma=10.0, lam=1.0, penalty="stp"))
    >>> fit.converged, (fit.norms > 1e-3 * fit.norms.max()).tolist()  # ||w_d||: the second input is dropped
    (True, [True, False, True])
    """
    squared = settings.loss == "squared"
    if squared and sums is None:
        sums = basis.sums(rows, w, y)
    if squared and settings.formulation == "norms":
        F = y = w = None
    else:
        F = basis.F[rows]
    out = _native.gnc_fit(F, basis.offsets, y, w, sums if squared else None, theta0, settings.options())
    theta, b, norms, history, converged, n_factor = out
    return GncFit(theta, float(b), norms, history, bool(converged), int(n_factor))
