"""What every fitted estimator shares for its users: ``summary()``, ``__repr__`` and ``save()``."""

from __future__ import annotations

import numpy as np
from sklearn.exceptions import NotFittedError
from sklearn.utils.validation import check_is_fitted

from ._persist import save
from .tables import EncodedTable


def training_inputs(model, X=None):
    """The codes X (m, p) (or the training inputs: X_reference_, a sample kept by low-rank models, else
    X_fit_) as the model takes them: an EncodedTable of its table's encoding (cwlssvm.tables), or for a
    model without one a DataFrame with the feature names when the model was fitted on one."""
    X = getattr(model, "X_reference_", model.X_fit_) if X is None else X
    names = getattr(model, "feature_names_in_", None)
    encoding = getattr(model, "encoding_", None)
    if encoding is not None:
        return EncodedTable(np.asarray(X, dtype=np.float64), encoding, None if names is None else list(names))
    if names is not None and not hasattr(X, "columns"):
        import pandas as pd

        X = pd.DataFrame(np.asarray(X), columns=names)
    return X


def input_codes(model, X):
    """A table X with the model's columns as its codes (m, p) float64: read by the model's encoding, or as
    numbers for a model without one."""
    encoding = getattr(model, "encoding_", None)
    if isinstance(X, EncodedTable):
        return X.codes
    if encoding is None:
        return np.asarray(X, dtype=float)
    return encoding.transform(X, missing="separate", unknown=getattr(model, "unknown", "missing"))


def component_table(model):
    """One row per component: name, kernel, norm ||w_d||, spread of its outputs on the training
    inputs (std of f^d), selected. For several models (classes, targets) the largest value."""
    check_is_fitted(model)
    comps = model.components_
    norms = np.sqrt(np.atleast_2d(np.asarray(model.component_norms_, dtype=float)).reshape(-1, len(comps)))
    out = np.asarray(model.contributions(training_inputs(model)), dtype=float)
    out = out.reshape(out.shape[0], len(comps), -1)
    spread = out.std(axis=0).max(axis=1)
    selected = np.zeros(len(comps), dtype=bool)
    selected[np.asarray(getattr(model, "selected_components_", np.arange(len(comps))), dtype=int)] = True
    rows = [{"component": c.name, "kernel": c.kernel_label(), "norm": float(n), "spread": float(s), "selected": bool(k)}
            for c, n, s, k in zip(comps, norms.max(axis=0), spread, selected)]
    tests = _component_tests(model)
    if tests is not None:
        for row, edf, p in zip(rows, tests["edf"], tests["p_value"]):
            row["edf"], row["p_value"] = float(edf), float(p)
    _missing_values(model, rows, out.mean(axis=0))
    return rows


def _missing_values(model, rows, mean):
    """Where the training inputs had missing values, each row gets ``missing`` (the share of training rows
    missing on the component's inputs) and ``at_missing`` (c_d = f^d(missing) less ``mean`` (D, k), the
    mean of f^d on the training inputs, the largest in magnitude over several models)."""
    encoding = getattr(model, "encoding_", None)
    if encoding is None or not any(c.missing_share > 0 for c in encoding.columns):
        return
    shares = np.array([c.missing_share for c in encoding.columns])
    probe = np.zeros((len(rows), len(shares)))
    for d, comp in enumerate(model.components_):
        probe[d, list(comp.columns)] = np.nan  # row d: component d's inputs missing
    out = np.asarray(model.contributions(training_inputs(model, probe)), dtype=float)
    out = out.reshape(len(rows), len(rows), -1)
    for d, (row, comp) in enumerate(zip(rows, model.components_)):
        at = out[d, d] - mean[d]
        row["missing"] = float(1.0 - np.prod(1.0 - shares[list(comp.columns)]))
        row["at_missing"] = float(at[np.argmax(np.abs(at))])


def _component_tests(model):
    """model.component_tests() where the model offers them (regressors of one target, squared loss), else None."""
    if not hasattr(model, "component_tests"):
        return None
    try:
        return model.component_tests()
    except ValueError:  # another family, several targets, a model file without the sums of its fit
        return None


P_FLOOR = 1e-16  # p-values below it print as "<1e-16" (the tests' tail is not resolved further in double precision)


def p_text(p) -> str:
    """A p-value as printed: 3 significant digits, "<1e-16" below P_FLOOR."""
    return f"<{P_FLOOR:.0e}" if p < P_FLOOR else f"{p:.3g}"


def share_text(share) -> str:
    """A share as a percentage with its digits: one decimal from 0.1%, else one significant digit ("0.03%")."""
    return f"{share:.1%}" if share >= 0.001 else f"{100 * share:.1g}%"


def format_table(rows) -> str:
    """The component table as fixed-width text, selected components first by spread."""
    order = sorted(range(len(rows)), key=lambda i: (not rows[i]["selected"], -rows[i]["spread"]))
    width = max([9] + [len(r["component"][:40]) for r in rows])
    kw = max([6] + [len(r["kernel"]) for r in rows])
    tests = bool(rows) and "edf" in rows[0]
    missing = bool(rows) and "missing" in rows[0]
    extra = f"  {'edf':>6}  {'p-value':>9}" if tests else ""
    extra += f"  {'missing':>7}  {'f(missing)':>10}" if missing else ""
    lines = [f"{'component':<{width}}  {'kernel':<{kw}}  {'norm':>10}  {'spread':>10}{extra}  selected"]
    for i in order:
        r = rows[i]
        extra = f"  {r['edf']:>6.2f}  {p_text(r['p_value']):>9}" if tests else ""
        if missing:
            extra += (f"  {share_text(r['missing']):>7}  {r['at_missing']:>10.4g}" if r["missing"] > 0
                      else f"  {'':>7}  {'':>10}")
        lines.append(f"{r['component'][:40]:<{width}}  {r['kernel']:<{kw}}  {r['norm']:>10.4g}  {r['spread']:>10.4g}"
                     f"{extra}  {'yes' if r['selected'] else 'no'}")
    if tests:
        lines.append("edf: effective degrees of freedom of each component; p-value: approximate test of f_d = 0 "
                     "(Wood 2013, see cwlssvm.uncertainty)")
    if missing:
        lines.append("missing: share of the training rows missing on the component's inputs; f(missing): the "
                     "component's value there, less its mean on the training inputs")
    return "\n".join(lines)


class ReportMixin:
    """summary(), save() and a __repr__ that shows the components once fitted."""

    def summary(self) -> str:
        """The table of components (component, kernel, norm ||w_d||, spread = std of f^d on the training
        inputs, for regressors of one target the effective degrees of freedom and the p-value of the
        approximate test of f^d = 0, where inputs were missing the share missing and f^d there,
        selected), selected ones first. Returns the text (print it)."""
        return format_table(component_table(self))

    def save(self, path):
        """Write the fitted model to ``path`` in cwlssvm's model format (NumPy .npz with JSON
        metadata, no pickle; see cwlssvm.load)."""
        save(self, path)

    def __repr__(self, N_CHAR_MAX=700):
        text = super().__repr__(N_CHAR_MAX)
        try:
            check_is_fitted(self)
        except NotFittedError:
            return text
        try:
            return text + "\n" + self.summary()
        except Exception:  # a repr must not fail (e.g. a model being modified)
            return text
