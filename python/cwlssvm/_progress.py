"""Progress bars (tqdm, on stderr, removed when done) for the phases that can take more than a few
seconds: the sigma grid, the lam search of the sparse estimators, the fusion solvers. Shown only when
the estimator's ``verbose`` is true."""

from __future__ import annotations


class _Silent:
    """The bar of a quiet run: every call does nothing."""

    total = 0

    def update(self, n=1):
        pass

    def refresh(self):
        pass

    def close(self):
        pass


def progress_bar(verbose, desc, total=None):
    """A bar with update(n), a settable total and close(); does nothing unless verbose."""
    if not verbose:
        return _Silent()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, leave=False)


def progress(iterable, verbose, desc, total=None):
    """iterable itself, or wrapped in a bar when verbose."""
    if not verbose:
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=desc, total=total, leave=False)
