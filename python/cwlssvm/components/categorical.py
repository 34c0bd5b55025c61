"""The categorical kind: K(u, v) = 1 if u = v else 0 on the levels of one column.

f^d is one value per level, shrunk towards zero by the model's regularization like every component:
the random-effect view (mgcv's ``bs="re"``), a ridge penalty on the level values. In primal
coordinates its features are the level indicators (rank = the number of levels, plus one for a missing
value). Its column is read as categorical whatever its type (cwlssvm.tables): strings, bools and
pandas/polars categories are by default, numbers when this component names them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ._kind import Component, features_of, kind

__all__ = ["Categorical", "categorical"]


@kind
@dataclass(frozen=True)
class Categorical(Component):
    """Categorical component over one column. ``levels``: the column's level labels, filled in by fit
    (code k of the column is ``levels[k]``).

    Parameters
    ----------
    features : tuple
        The columns (indices or names) as given.
    columns : tuple of int, optional
        The column indices, filled in by fit.
    levels : tuple
        The column's level labels, filled in by fit.

    Examples
    --------
    >>> import cwlssvm.components as C
    >>> C.categorical("city")
    Categorical(features=('city',), columns=None, levels=())
    """

    levels: tuple = ()

    kernel = "categorical"
    held_at_edges = True
    takes_levels = True
    name_shows_kernel = False

    def kernel_label(self) -> str:
        return f"categorical({len(self.levels)} levels)" if self.levels else "categorical"

    def check_fields(self) -> None:
        super().check_fields()
        ok = (len(self.features) == 1 and isinstance(self.levels, tuple)
              and all(isinstance(v, str) for v in self.levels) and len(set(self.levels)) == len(self.levels))
        if not ok:
            raise TypeError(f"a component with invalid fields: {self!r:.120}")

    def resolved(self, features, columns, sigma, spread, levels=(), part=None):
        return replace(self, features=features, columns=columns, levels=tuple(levels))


def categorical(feature) -> Categorical:
    """Categorical component on one column: one value per level, K(u, v) = 1 if u = v else 0.

    Parameters
    ----------
    feature : int or str
        The column (index or name): text, categories, booleans, or numbers taken as labels.

    Returns
    -------
    Categorical
        The component specification; its levels are read from the data when an estimator is fitted.

    Examples
    --------
    >>> import pandas as pd
    >>> from cwlssvm import ComponentwiseLSSVR
    >>> import cwlssvm.components as C
    >>> df = pd.DataFrame({"size": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], "grade": [1, 2, 1, 2, 1, 2]})
    >>> y = [1.0, 3.0, 2.0, 4.0, 3.0, 5.0]
    >>> model = ComponentwiseLSSVR([C.rbf("size"), C.categorical("grade")], gamma=10.0).fit(df, y)
    >>> model.components_[1].levels  # the numbers of "grade" taken as labels
    ('1', '2')
    """
    features = features_of(feature)
    if len(features) != 1:
        raise ValueError(f"components: a categorical component takes one column, got {features}")
    return Categorical(features)
