"""The guard every estimator's ``fit`` runs under: its BLAS threads, and its state kept if the fit fails.

A fit interrupted by Ctrl-C (KeyboardInterrupt from the C++ core's loops or from Python) or stopped by an
error leaves the estimator as it was before the call: the fitted attributes of a previous fit stay, and
none of the half-done fit's appear.
"""

from __future__ import annotations

import functools

from ._threads import blas_threads_by_size


def keeps_state(fit):
    """Decorator for ``fit(self, ...)``: on any exception (KeyboardInterrupt included) the estimator's
    attributes are restored to those it had before the call."""

    @functools.wraps(fit)
    def wrapper(self, *args, **kwargs):
        before = dict(vars(self))
        try:
            return fit(self, *args, **kwargs)
        except BaseException:
            vars(self).clear()
            vars(self).update(before)
            raise

    return wrapper


def guarded_fit(fit):
    """Decorator for an in-memory ``fit(self, X, ...)``: blas_threads_by_size and keeps_state."""
    return keeps_state(blas_threads_by_size(fit))


def forget_fitted(est, *names):
    """Remove the fitted attributes ``names`` a previous fit of est set and this fit may not (a fitted attribute
    exists only where the fit that made the model set it).

    Examples
    --------
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> from cwlssvm._fit_guard import forget_fitted
    >>> est = ComponentwiseLSSVR(); est.n_iter_ = 3
    >>> forget_fitted(est, "n_iter_", "lam_"); hasattr(est, "n_iter_")
    False
    """
    for name in names:
        est.__dict__.pop(name, None)
