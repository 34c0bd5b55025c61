"""The ``GroupedBatchModel`` that ``fit_batch`` returns for a table grouped by a column: one fitted CV estimator per
group (in memory, or read from the batch's model file when asked for), its statuses, parameters and summary, and
predictions routed to each row's group.
"""

from __future__ import annotations

import warnings
import zipfile
from collections import OrderedDict

import numpy as np
import pandas as pd

from .._persist import CACHE_PREFIX, ModelFileReader, model_bytes, model_file_class, save
from .._report import component_table
from ..model_selection import ComponentwiseLSSVCCV, ComponentwiseLSSVRCV
from ._groups import group_rows

__all__ = ["GroupedBatchModel", "GroupWarning", "ESTIMATORS"]

ESTIMATORS = {"regression": ComponentwiseLSSVRCV, "classification": ComponentwiseLSSVCCV}  # each group's, by task
GROUPS_DRAWN = 5  # the groups plot_components draws by default
OPEN_MODELS = 256  # a batch whose models stay in its file keeps at most this many read ones in memory


class GroupWarning(UserWarning):
    """Some groups of a batch gave warnings while fitted, or rows at prediction belong to no fitted group; the
    batch's ``messages_`` holds each group's.

    Examples
    --------
    >>> from cwlssvm.batch import GroupWarning
    >>> issubclass(GroupWarning, UserWarning)
    True
    """


@model_file_class
class GroupedBatchModel:
    """The models of ``fit_batch(table, by=..., target=...)``: one fitted CV estimator per group.

    Parameters
    ----------
    task : {"regression", "classification"}
        What the models fit.
    columns : dict
        ``by`` (list of the grouping columns), ``target`` and ``sample_weight`` (column names).
    groups : list
        The groups' keys, sorted (tuples for several grouping columns).
    fitted : tuple
        (models, status, messages, params), one of each per group: the fitted estimator (or the name of its member
        in the model file the batch is then read from, ``model_file_opened``; None where the status is not "ok"),
        the status, the message and the row of ``params_`` (a dict).
    inputs : list of str
        The input columns each model reads.

    Attributes
    ----------
    groups_ : pandas.Index
        The groups' keys (tuples for several grouping columns).
    status_ : pandas.Series of str
        Per group: "ok"; "too_few_rows" (fewer than 2); "failed" (the estimator refused the group's rows:
        ``messages_`` has its message).
    messages_ : pandas.Series of str
        Per group: why it failed, or the warnings of its fit ("" for none).
    params_ : pandas.DataFrame
        Per group: ``n_samples``, the ``criterion`` that tuned it, the width ``sigma`` (the geometric mean of the
        widths where each component has its own) and ``gamma`` chosen, NaN where there is no model.
    feature_names_in_ : list of str
        The input columns.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> from cwlssvm import fit_batch
    >>> rng = np.random.default_rng(0)
    >>> df = pd.DataFrame({"store": np.repeat(["a", "b"], 40), "x": rng.uniform(size=80)})
    >>> df["sales"] = np.sin(4 * df["x"]) + 0.1 * rng.normal(size=80)
    >>> batch = fit_batch(df, by="store", target="sales")
    >>> batch.predict(df.head(3)).shape, type(batch.model("b")).__name__
    ((3,), 'ComponentwiseLSSVRCV')
    """

    model_file_transient = ("_models", "_source", "_reader")  # the file's members / where the file is / its handle

    def __init__(self, task, columns, groups, fitted, inputs):
        models, status, messages, params = fitted
        self.task = task
        self.by, self.target, self.sample_weight = list(columns["by"]), columns["target"], columns["sample_weight"]
        self.feature_names_in_ = list(inputs)
        # the state a model file holds: plain lists, one entry per group in the order of groups_; each model is the
        # file's member _members[i] (None: no model)
        self._keys, self._params = list(groups), [dict(p) for p in params]
        self._status, self._messages = [str(v) for v in status], [str(v) for v in messages]
        self._members = [None if m is None else m if isinstance(m, str) else f"models/{i}.npz"
                         for i, m in enumerate(models)]
        # the models in memory, by position: all of them, or, read from the file _source, the last OPEN_MODELS
        self._models = OrderedDict((i, m) for i, m in enumerate(models) if not isinstance(m, (type(None), str)))
        self._source, self._reader = None, None  # the model file the models are read from, and its open handle

    def model_file_opened(self, path):
        """The batch was read from (or written to) the model file at path: its models are read from there when
        asked for."""
        self._source, self._reader = str(path), None
        self._models = OrderedDict()

    def __getstate__(self):  # the open file stays here (a copy opens its own)
        return {k: v for k, v in vars(self).items() if k != "_reader"}

    def model_file_parts(self):
        """(member name, model file bytes) of every model, as ``save`` writes them: copied from the file the batch
        was read from, else written from memory."""
        named = [(i, name) for i, name in enumerate(self._members) if name is not None]
        if self._source is None:
            for i, name in named:
                yield name, model_bytes(self._models[i])
            return
        with zipfile.ZipFile(self._source) as zf:
            for _, name in named:
                yield name, zf.read(name)

    def _model_at(self, at):
        """The model of the group at position ``at`` (None without one), read from the file if need be."""
        if at in self._models:
            self._models.move_to_end(at)
            return self._models[at]
        if self._members[at] is None:
            return None
        if self._source is None:
            raise ValueError("the batch's models are neither in memory nor in a model file")
        if getattr(self, "_reader", None) is None:  # one open handle for every read
            self._reader = ModelFileReader(self._source)
        model = self._models[at] = self._reader.read(self._members[at])
        if len(self._models) > OPEN_MODELS:
            self._models.popitem(last=False)
        return model

    @property
    def groups_(self):
        """The groups' keys (pandas.Index, sorted; tuples for several grouping columns)."""
        if len(self.by) > 1:
            return pd.MultiIndex.from_tuples(self._keys, names=self.by)
        return pd.Index(self._keys, name=self.by[0])

    @property
    def status_(self):
        """Per group: "ok", "too_few_rows" or "failed" (pandas.Series indexed by group)."""
        return pd.Series(self._status, index=self.groups_, name="status", dtype=object)

    @property
    def messages_(self):
        """Per group: why it failed, or the warnings of its fit, "" for none (pandas.Series indexed by group)."""
        return pd.Series(self._messages, index=self.groups_, name="message", dtype=object)

    @property
    def params_(self):
        """Per group: n_samples, criterion, sigma and gamma (pandas.DataFrame indexed by group; NaN without a
        model)."""
        return pd.DataFrame(self._params, index=self.groups_)

    def _position(self, group):
        """The position of a group's key, or None."""
        if CACHE_PREFIX + "_positions" not in vars(self):
            setattr(self, CACHE_PREFIX + "_positions", {k: i for i, k in enumerate(self._keys)})
        return getattr(self, CACHE_PREFIX + "_positions").get(group)

    def save(self, path):
        """Write the whole batch to one model file (cwlssvm's format: NumPy .npz with JSON metadata, no pickle, each
        group's model file a member of it; ``cwlssvm.load`` reads it back, every model as it was, each read from the
        file when it is first asked for).

        Parameters
        ----------
        path : str or os.PathLike
            The file.

        Examples
        --------
        >>> import os, tempfile
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch, load
        >>> df = pd.DataFrame({"g": np.repeat([1, 2], 30), "x": np.tile(np.linspace(0, 1, 30), 2)})
        >>> df["y"] = np.sin(3 * df["x"]) * df["g"]
        >>> batch = fit_batch(df, by="g", target="y")
        >>> path = os.path.join(tempfile.mkdtemp(), "batch.cwl")
        >>> batch.save(path)
        >>> bool(np.array_equal(load(path).predict(df), batch.predict(df)))
        True
        """
        save(self, path)

    def check_model_file(self):
        """Raises ValueError where the state read from a model file does not fit together."""
        if self.task not in ESTIMATORS:
            raise ValueError(f"task {self.task!r} is not one of {tuple(ESTIMATORS)}")
        if not (len(self._keys) == len(self._members) == len(self._status) == len(self._messages)
                == len(self._params)):
            raise ValueError("the groups, models, statuses, messages and parameters differ in number")
        for member, state in zip(self._members, self._status):
            if (member is None) != (state != "ok") or not isinstance(member, (type(None), str)):
                raise ValueError(f"a group of status {state!r} holds {type(member).__name__}")

    def model_file_members(self):
        """The models in memory (those in a model file are checked as each is read)."""
        return list(self._models.values())

    @property
    def n_models_(self):
        """G, the number of groups."""
        return len(self._keys)

    def __len__(self):
        return self.n_models_

    def model(self, group):
        """The fitted estimator of one group.

        Parameters
        ----------
        group : key
            The group's value of ``by`` (a tuple for several grouping columns).

        Returns
        -------
        ComponentwiseLSSVRCV or ComponentwiseLSSVCCV
            The group's model, as the estimator fitted on the group's rows alone.

        Examples
        --------
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch
        >>> df = pd.DataFrame({"g": np.repeat([1, 2], 30), "x": np.tile(np.linspace(0, 1, 30), 2)})
        >>> df["y"] = np.sin(3 * df["x"]) * df["g"]
        >>> fit_batch(df, by="g", target="y").model(2).n_features_in_
        1
        """
        at = self._position(group)
        if at is None:
            raise ValueError(f"group {group!r} is not among the batch's {self.n_models_} groups")
        model = self._model_at(at)
        if model is None:
            raise ValueError(f"group {group!r} has status {self._status[at]!r}: {self._messages[at]}")
        return model

    def group_models(self, groups=None):
        """[(group, model)] of the groups given (default: the first GROUPS_DRAWN groups with a model), as
        ``plot_components(batch, groups=...)`` draws them.

        Parameters
        ----------
        groups : list, optional
            The groups' keys.

        Returns
        -------
        list of (key, estimator)
            Each group's model (a ValueError names a group without one).

        Examples
        --------
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch
        >>> df = pd.DataFrame({"g": np.repeat([1, 2], 30), "x": np.tile(np.linspace(0, 1, 30), 2)})
        >>> df["y"] = np.sin(3 * df["x"]) * df["g"]
        >>> [key for key, _ in fit_batch(df, by="g", target="y").group_models()]
        [1, 2]
        """
        if groups is None:
            groups = [k for k, m in zip(self._keys, self._members) if m is not None][:GROUPS_DRAWN]
        return [(key, self.model(key)) for key in groups]

    def summary(self):
        """Every group's component table, one long frame: ``group``, ``component``, ``kernel``, ``norm``,
        ``spread`` and ``selected``, with ``edf`` and ``p_value`` where the model tests its components and
        ``missing`` and ``at_missing`` where its inputs had blanks (as each model's ``summary()``); groups without a
        model are left out.

        Returns
        -------
        pandas.DataFrame
            One row per group and component.

        Examples
        --------
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch
        >>> rng = np.random.default_rng(1)
        >>> df = pd.DataFrame({"g": np.repeat(["a", "b"], 40), "x": rng.uniform(size=80), "z": rng.uniform(size=80)})
        >>> df["y"] = np.sin(4 * df["x"]) + 0.1 * rng.normal(size=80)
        >>> fit_batch(df, by="g", target="y").summary()[["group", "component"]].values.tolist()
        [['a', 'x'], ['a', 'z'], ['b', 'x'], ['b', 'z']]
        """
        rows = []
        for at, group in enumerate(self._keys):
            model = self._model_at(at)
            if model is not None:
                rows.extend({"group": group, **row} for row in component_table(model))
        return pd.DataFrame(rows)

    def _routed(self, X, call):
        """(X as pandas, [(rows, call(model, X's rows of that group))] over the groups with a model); the rows of
        groups without a model are left out (a GroupWarning says how many)."""
        grouped = group_rows(X, self.by, name="X")
        missing = [c for c in self.feature_names_in_ if c not in grouped.frame.columns]
        if missing:
            raise ValueError(f"X has no column {missing[0]!r} (the models read {self.feature_names_in_})")
        inputs = grouped.frame[self.feature_names_in_]
        out, orphans, groups = [], 0, 0
        for key, rows in zip(grouped.keys, grouped.rows):
            at = self._position(key)
            model = None if at is None else self._model_at(at)
            if model is None:
                orphans, groups = orphans + len(rows), groups + 1
                continue
            out.append((rows, call(model, inputs.iloc[rows])))
        if orphans:
            warnings.warn(f"{orphans} rows of X belong to {groups} groups without a model (not fitted, or status "
                          "other than 'ok'): their values are NaN", GroupWarning, stacklevel=3)
        return grouped.frame, out

    def predict(self, X):
        """Each row's prediction by the model of its group.

        Parameters
        ----------
        X : DataFrame (pandas, polars, pyarrow)
            The rows, with the grouping column(s) and the input columns.

        Returns
        -------
        ndarray (m,)
            Predictions (regression: numbers; classification: labels, an object array); NaN (None for labels)
            for the rows of a group without a model, with a GroupWarning.

        Examples
        --------
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch
        >>> df = pd.DataFrame({"g": np.repeat([1, 2], 30), "x": np.tile(np.linspace(0, 1, 30), 2)})
        >>> df["y"] = np.sin(3 * df["x"]) * df["g"]
        >>> batch = fit_batch(df, by="g", target="y")
        >>> bool(np.allclose(batch.predict(df), df["y"], atol=0.1))
        True
        """
        frame, parts = self._routed(X, lambda model, rows: model.predict(rows))
        if self.task == "regression":
            out = np.full(len(frame), np.nan)
        else:
            out = np.full(len(frame), None, dtype=object)
        for rows, values in parts:
            out[rows] = values
        return out

    def contributions(self, X):
        """Each row's components f_d(x_d) by the model of its group (as its ``contributions``): their sum plus the
        group's intercept is the decision value.

        Parameters
        ----------
        X : DataFrame (pandas, polars, pyarrow)
            The rows, with the grouping column(s) and the input columns.

        Returns
        -------
        pandas.DataFrame (m, components)
            One column per component name of any group's model (in order of first appearance), NaN where a
            row's group has no such component or no model; the index of X where X is a pandas frame.

        Examples
        --------
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch
        >>> df = pd.DataFrame({"g": np.repeat([1, 2], 30), "x": np.tile(np.linspace(0, 1, 30), 2)})
        >>> df["y"] = np.sin(3 * df["x"]) * df["g"]
        >>> list(fit_batch(df, by="g", target="y").contributions(df).columns)
        ['x']
        """
        frame, parts = self._routed(X, lambda model, rows: model.contributions(rows))
        return _stacked(frame, parts)

    def component_bands(self, X, level=0.95, kind="pointwise"):
        """Each row's component bands by the model of its group (each model's ``component_bands`` with its
        default method).

        Parameters
        ----------
        X : DataFrame (pandas, polars, pyarrow)
            The rows, with the grouping column(s) and the input columns.
        level : float, default=0.95
            The bands' level.
        kind : {"pointwise", "simultaneous"}, default="pointwise"
            Each value covered with probability ``level``, or all the rows of a group at once.

        Returns
        -------
        (lower, upper) : pandas.DataFrame (m, components) each
            As ``contributions``: NaN where a row's group has no such component or no model.

        Examples
        --------
        >>> import numpy as np, pandas as pd
        >>> from cwlssvm import fit_batch
        >>> rng = np.random.default_rng(0)
        >>> df = pd.DataFrame({"g": np.repeat([1, 2], 40), "x": rng.uniform(size=80)})
        >>> df["y"] = np.sin(3 * df["x"]) * df["g"] + 0.1 * rng.normal(size=80)
        >>> lower, upper = fit_batch(df, by="g", target="y").component_bands(df)
        >>> bool((lower["x"] < upper["x"]).all())
        True
        """
        frame, parts = self._routed(X, lambda model, rows: model.component_bands(rows, level=level, kind=kind))
        return (_stacked(frame, [(rows, bands[0]) for rows, bands in parts]),
                _stacked(frame, [(rows, bands[1]) for rows, bands in parts]))


def _stacked(frame, parts):
    """One pandas frame (len(frame), components) from [(rows, values (m, D) or a frame named by component)], the
    columns in order of first appearance, NaN where a row has no value, frame's index."""
    pieces = [pd.DataFrame(np.asarray(values, dtype=float).reshape(len(rows), -1), index=rows,
                           columns=list(values.columns) if hasattr(values, "columns") else None)
              for rows, values in parts]
    out = pd.concat(pieces, axis=0, sort=False) if pieces else pd.DataFrame(index=[])
    out = out.reindex(np.arange(len(frame)))
    out.index = frame.index
    return out
