"""The fitted models of the package behind one protocol (FittedModel): DualModel, the dual expansion
of eq.clssvmr.evald over the training rows (solver="dense"), and PrimalModel (solver="lowrank"),
which keeps, per component d, the dual expansion over its r_d landmarks (a = T_d theta_d):
prediction costs O(R) kernel evaluations per row, whatever n was.

Both keep the solution as solved (``outputs``, ``intercept``: the coordinates of the posterior and of the
solvers) and the component means over the training rows, ``centres`` (D, k), c_d = sum_i w_i f^d(x_i) / sum_i w_i:
what users read is the centred form, f^d - c_d, whose weighted mean over the training rows is zero, and the
intercept b + sum_d c_d, the average prediction (mgcv's identifiability constraint; ``centred_outputs``,
``centred_intercept``). The predictions are the same in both forms."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from .. import _native
from .._persist import file_values, model_file_class
from ._bounds import held_between, output_bounds

# The dense sums G ((R+1)^2) a low-rank model keeps for its standard errors and bands, up to this many
# features (a wide categorical component of many levels beyond it: no bands, the fit unchanged).
GRAM_FEATURES = 4096


@runtime_checkable
class FittedModel(Protocol):
    """What an estimator keeps of one solve and asks of it: the dense DualModel and the low-rank
    PrimalModel both are one (k targets that share the kernel, D components).

    Parameters
    ----------
    *args, **kwargs
        None: a protocol, not instantiated.

    Examples
    --------
    >>> import numpy as np
    >>> from cwlssvm.primal import DualModel, FittedModel
    >>> isinstance(DualModel(np.zeros((2, 1)), np.zeros((2, 1)), np.zeros(1)), FittedModel)
    True
    """

    intercept: np.ndarray  # (k,)
    centres: np.ndarray | None  # (D, k) the components' weighted means over the training rows, or None

    def outputs(self, described, X, n_jobs) -> np.ndarray:
        """Component outputs f^d(x) of the rows X (m, p): (m, D, k), eq.clssvmr.evald."""

    def component_norms(self, described, n_jobs) -> np.ndarray:
        """||w_d||^2 per target and component: (k, D)."""

    def drop_loo(self) -> None:
        """Forget what the leave-one-out values needed, once used."""


def output_means(outputs, X, w, block=8192):
    """(D, k) the weighted means sum_i w_i out_i / sum_i w_i of outputs(X rows) (m, D, k) over the rows X (n, p)
    with weights w (n,), ``block`` rows at a time.

    Parameters
    ----------
    outputs : callable
        outputs(rows (m, p)) -> (m, D, k).
    X : ndarray (n, p)
        The rows.
    w : ndarray (n,)
        Their weights.
    block : int, default=8192
        Rows per call of ``outputs``.

    Returns
    -------
    ndarray (D, k)
        The weighted means.

    Examples
    --------
    >>> import numpy as np
    >>> output_means(lambda rows: rows[:, :, None], np.array([[1.0, 2.0], [3.0, 6.0]]), np.array([1.0, 3.0]))[:, 0]
    array([2.5, 5. ])
    """
    w = np.asarray(w, dtype=float)
    total = sum(np.einsum("n,ndk->dk", w[start:start + block], outputs(X[start:start + block]))
                for start in range(0, X.shape[0], block))
    return total / w.sum()


class CentredForm:
    """The centred form of a fitted model (module doc), for a class with ``outputs``, ``intercept`` and
    ``centres``. A dense fit of the squared loss knows its average prediction without the centres (``average``,
    the weighted mean of y: its residuals' weighted mean is zero, eq.clssvmr.cond) and computes the centres on the
    first call of ``centred_outputs`` (``lazy_centres``), so that a model that is only asked for predictions pays
    nothing for them."""

    centres = None  # (D, k), set by centre_on (or from the sums of a low-rank fit); None: not (yet) centred
    average = None  # (k,) b + sum_d c_d where it is known before the centres (a dense fit of the squared loss)
    # the components held within their outputs' range between their input's values (B,), those inputs (B,), their
    # spans (B, 2) and the outputs' bounds (B, 2, k) (bound_on; cwlssvm.primal.output_bounds); None: not (yet) bound
    bound_components = bound_columns = bound_spans = bound_values = None
    model_file_values = file_values(inputs=("bound_spans",), floats=("bound_values",),
                                    indices=("bound_components", "bound_columns"))

    def lazy_centres(self, described, n_jobs):
        """The centres of a model that has ``average`` but not ``centres`` yet (None where it cannot compute
        them)."""
        return None

    def centre_on(self, described, X, w, n_jobs=None, block=8192):
        """Set ``centres`` (D, k), the weighted means sum_i w_i f^d(x_i) / sum_i w_i of the components over the
        training rows X (n, p) with weights w (n,) (rows of weight 0 count for nothing), in blocks of rows."""
        self.centres = output_means(lambda rows: self.outputs(described, rows, n_jobs), X, w, block)
        return self

    def bound_on(self, described, X, components, columns, n_jobs=None):
        """Set the bounds of ``components`` (indices, on their input ``columns``) from the training rows X (n, p)
        the model keeps (cwlssvm.primal.output_bounds)."""
        self.bound_spans, self.bound_values = output_bounds(lambda rows: self.outputs(described, rows, n_jobs), X,
                                                            components, columns)
        self.bound_components = np.asarray(components, dtype=np.int64)
        self.bound_columns = np.asarray(columns, dtype=np.int64)
        return self

    def held_shift(self, described, X, n_jobs):
        """(m, D, k): what the bounds change of the components' outputs at the rows X (m, p) (held_between less the
        outputs), or None where no component is bound."""
        if self.bound_components is None or not len(self.bound_components):
            return None
        out = self.outputs(described, X, n_jobs)
        return held_between(out, X, self.bound_components, self.bound_columns, self.bound_spans,
                            self.bound_values) - out

    def centred_outputs(self, described, X, n_jobs) -> np.ndarray:
        """f^d(x) - c_d of the rows X (m, p): (m, D, k), each bound component held within its bounds
        (cwlssvm.primal.held_between)."""
        if self.centres is None and self.average is not None:
            self.centres = self.lazy_centres(described, n_jobs)
        out = self.outputs(described, X, n_jobs)
        if self.bound_components is not None:
            out = held_between(out, X, self.bound_components, self.bound_columns, self.bound_spans, self.bound_values)
        return out if self.centres is None else out - self.centres[None]

    @property
    def centred_intercept(self):
        """b + sum_d c_d (k,): the average prediction over the training rows (the link scale for a family)."""
        if self.average is not None:
            return self.average
        return self.intercept if self.centres is None else self.intercept + self.centres.sum(axis=0)


@model_file_class
class DualModel(CentredForm):
    """A fitted dual expansion: f^d(x) = sum_l coef[l, j] K^d(x, X_fit_l), intercept b_j.

    X_fit (n, p) holds the training inputs with non-zero weight, coef (n, k) the dual
    coefficients, intercept (k,) the bias terms of k models that share the kernel.

    Parameters
    ----------
    X_fit : ndarray (n, p)
        The training inputs with non-zero weight.
    coef : ndarray (n, k)
        Dual coefficients.
    intercept : ndarray (k,)
        The bias terms.
    c_diag : ndarray, optional
        What the leave-one-out values need (the inverse's diagonal).
    inv_gamma : ndarray (n,), optional
        1 / gamma_k per row, for the bands.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import DualModel
    >>> X = np.array([[0.0], [1.0]])
    >>> model = DualModel(X, np.array([[1.0], [-1.0]]), np.array([0.5]))
    >>> model.outputs(C.describe(C.resolve(None, 1, None, 1.0)), X, None).shape  # (rows, D, k)
    (2, 1, 1)
    """

    model_file_values = file_values(inputs=("X_fit",), floats=("coef", "intercept", "inv_gamma", "c_diag", "gram",
                                                               "centres", "average"))

    def __init__(self, X_fit, coef, intercept, c_diag=None, inv_gamma=None):
        self.X_fit = X_fit
        self.coef = coef
        self.intercept = intercept
        self.c_diag = c_diag  # [C^-1]_ii of the saddle-point matrix, when asked for
        self.inv_gamma = inv_gamma  # (n,) 1/gamma_k of the fit

    @property
    def loo_residuals(self):
        """y_i - f^(-i)(x_i) = alpha_i / [C^-1]_ii, shape (n, k) (needs c_diag)."""
        return self.coef / self.c_diag[:, None]

    def drop_loo(self):
        """Forget [C^-1]_ii once the leave-one-out values are used."""
        self.c_diag = None

    def lazy_centres(self, described, n_jobs):
        """The components' means over the training rows X_fit, weighted by w_k, proportional to 1 / inv_gamma_k
        (gamma_k = gamma w_k); None without inv_gamma."""
        if self.inv_gamma is None:
            return None
        return self.centre_on(described, self.X_fit, 1.0 / self.inv_gamma, n_jobs).centres

    def outputs(self, described, X, n_jobs) -> np.ndarray:
        """Component outputs (m, D, k), eq.clssvmr.evald."""
        return _native.component_outputs(self.X_fit, described, self.coef, X, n_jobs)

    def component_norms(self, described, n_jobs) -> np.ndarray:
        """||w_d||^2 = alpha' Omega^d alpha for each component and model, shape (k, D)."""
        train = self.outputs(described, self.X_fit, n_jobs)  # (n, D, k): Omega^d alpha
        return np.einsum("ndk,nk->kd", train, self.coef)


@model_file_class
class PrimalModel(CentredForm):
    """A fitted low-rank model with the interface of the dense dual model.

    X_fit (R, p): one row per landmark (its component's columns set, others 0); coef (R, k): the dual
    coefficients a of each landmark; theta (R, k): the primal coefficients; intercept (k,); ranks (D,)
    landmarks per component; loo_residuals (n, k) or None; edf: tr S at the fitted gamma; after
    keep_sums, what the standard errors need (cwlssvm.uncertainty).

    Parameters
    ----------
    X_fit : ndarray (R, p)
        One row per landmark (its component's columns set, others 0).
    coef : ndarray (R, k)
        The dual coefficients of the landmarks.
    theta : ndarray (R, k)
        The primal coefficients.
    intercept : ndarray (k,)
        The bias terms.
    ranks : ndarray (D,)
        Landmarks per component.
    loo_residuals : ndarray (n, k), optional
        Leave-one-out residuals of the training rows.
    edf : float, optional
        tr S at the fitted gamma.

    Examples
    --------
    >>> import numpy as np
    >>> import cwlssvm.components as C
    >>> from cwlssvm.primal import FeatureMap, fit_lowrank
    >>> X = np.random.default_rng(0).uniform(size=(400, 2)); y = np.sin(6 * X[:, :1])
    >>> resolved = C.resolve(None, 2, None, 0.5, X)
    >>> model = fit_lowrank(FeatureMap.from_data(X, resolved), X, y, np.ones(400), 100.0)
    >>> norms = model.component_norms()  # ||w_d||^2, shape (k, D)
    >>> bool(norms[0, 1] < 1e-3 * norms[0, 0])  # y depends on the first input only
    True
    """

    model_file_values = file_values(inputs=("X_fit",), floats=("coef", "theta", "intercept", "rss", "transforms", "gram",
                                                               "centres", "feature_means"),
                                    numbers=("gamma",), indices=("ranks",))

    def __init__(self, X_fit, coef, theta, intercept, ranks, loo_residuals=None, edf=None):
        self.X_fit = X_fit
        self.coef = coef
        self.theta = theta
        self.intercept = intercept
        self.ranks = ranks
        self.loo_residuals = loo_residuals
        self.edf = edf
        self.transforms = self.gram = self.rss = self.gamma = None  # keep_sums
        self.n_rows = 0
        self.feature_means = None  # (R,) a likelihood family's: the features' means with the sample weights

    @classmethod
    def from_theta(cls, fmap, theta, b, n_features, *, edf=None):
        """The model of the primal coefficients theta (R, k) and intercepts b (k,) on the features of
        fmap (a FeatureMap), stored as each landmark's dual coefficient a = T_d theta_d."""
        return cls(fmap.landmark_rows(n_features), fmap.dual(theta), theta, np.asarray(b, dtype=float), fmap.ranks,
                   edf=edf)

    def centre_from_means(self, mu):
        """Set ``centres`` from the weighted means mu (R,) of the features over the training rows:
        c_d = mu_d' theta_d."""
        self.centres = np.stack([mu[s] @ self.theta[s] for s in self._supports()])
        return self

    def keep_sums(self, fmap, G, rss, n, gamma):
        """Keep what cwlssvm.uncertainty needs of the fit: the landmarks' transforms T_d, the sums
        G = [Phi 1]' W [Phi 1] (R+1, R+1), the weighted residual sums of squares rss (k,), the number
        of training rows n and gamma."""
        self.transforms, self.gram, self.rss, self.n_rows, self.gamma = list(fmap.transform), G, rss, int(n), gamma

    def drop_loo(self):
        """Forget the leave-one-out residuals once used (they are n x k)."""
        self.loo_residuals = None

    def _supports(self):
        offsets = np.concatenate([[0], np.cumsum(self.ranks)])
        return [np.arange(offsets[d], offsets[d + 1]) for d in range(len(self.ranks))]

    def outputs(self, described, X, n_jobs) -> np.ndarray:
        """Component outputs (m, D, k), eq.clssvmr.evald, each over its own landmarks."""
        supports = self._supports()
        out = np.empty((X.shape[0], len(self.ranks), self.coef.shape[1]))
        for j in range(self.coef.shape[1]):
            coefs = [self.coef[s, j] for s in supports]
            out[:, :, j] = _native.sparse_component_outputs(self.X_fit, described, supports, coefs, X, n_jobs)
        return out

    def component_norms(self, described=None, n_jobs=None) -> np.ndarray:
        """||w_d||^2 = ||theta_d||^2, shape (k, D)."""
        return np.stack([(self.theta[s] ** 2).sum(axis=0) for s in self._supports()], axis=1)
