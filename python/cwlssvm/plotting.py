"""Plots of the estimated component functions f^d (the additive model read one input at a time)."""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.utils.validation import check_is_fitted

from ._report import component_table, input_codes, training_inputs
from .uncertainty import check_level

__all__ = ["plot_components"]


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError('plot_components needs matplotlib: pip install "cwlssvm[plot]"') from None
    return plt


def _component_order(model, components):
    """Indices of the components to draw: selected first (largest spread first), then dropped."""
    rows = component_table(model)
    order = sorted(range(len(rows)), key=lambda i: (not rows[i]["selected"], -rows[i]["spread"]))
    if components is None:
        return order, rows
    names = {r["component"]: i for i, r in enumerate(rows)}
    wanted = []
    for c in components:
        if isinstance(c, str):
            if c not in names:
                raise ValueError(f"components: unknown component {c!r}; the model has {list(names)}")
            wanted.append(names[c])
        elif isinstance(c, (int, np.integer)) and not isinstance(c, bool) and 0 <= c < len(rows):
            wanted.append(int(c))
        else:
            raise ValueError(f"components: {c!r} is neither a component name nor an index below {len(rows)}")
    return [i for i in order if i in set(wanted)], rows


def _evaluate(model, X_rows, d):
    """f^d at the rows of X_rows (n, p): shape (n, k), k = 1 or one column per class/target."""
    out = np.asarray(model.contributions(training_inputs(model, X_rows)), dtype=float)
    return out.reshape(out.shape[0], -1, 1)[:, d, :] if out.ndim == 2 else out[:, d, :]


def _grid_rows(X_arr, base, comp, n_grid):
    """(grid, rows) for a one-input component: its values (the level codes 0..L-1 of a component with
    levels, else n_grid values over its input's range), then NaN when the input is missing in X_arr, and
    rows at the medians ``base`` with the component's column set to them."""
    j = comp.columns[0]
    x = X_arr[:, j]
    observed = x[~np.isnan(x)]
    levels = getattr(comp, "levels", ())
    if levels:
        grid = np.arange(len(levels), dtype=float)
    else:
        lo, hi = (observed.min(), observed.max()) if observed.size else (0.0, 0.0)
        grid = np.linspace(lo, hi, n_grid) if hi > lo else np.array([lo])
    if observed.size < x.size:
        grid = np.append(grid, np.nan)
    rows = np.tile(base, (len(grid), 1))
    rows[:, j] = grid
    return grid, rows


def _band_half_widths(model, X_arr, base, order, n_grid, level):
    """{d: half-widths of component d's pointwise band on its grid} for the one-input components in
    order, from one call of component_bands over all their grids."""
    one_input = [d for d in order if len(model.components_[d].columns) == 1]
    if not one_input:
        return {}
    grids = [_grid_rows(X_arr, base, model.components_[d], n_grid)[1] for d in one_input]
    lower, upper = model.component_bands(training_inputs(model, np.vstack(grids)), level=level)
    lower, upper = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    bounds = np.cumsum([0] + [len(g) for g in grids])
    return {d: (upper[a:b, d] - lower[a:b, d]) / 2 for d, a, b in zip(one_input, bounds[:-1], bounds[1:])}


def _draw_one_input(panel, model, d, grid, f, half, X_arr, sel):
    """A one-input panel: bars per level (with the band as error bars) for a component with levels, else
    the curve with its band shaded and the data's rug; a missing value is one more bar, or a point with
    its band to the right of the curve, labelled "missing"."""
    comp, classes = model.components_[d], getattr(model, "classes_", None)
    names = getattr(model, "feature_names_in_", None)
    label = str(names[comp.columns[0]]) if names is not None else f"x{comp.columns[0]}"
    levels = getattr(comp, "levels", ())
    missing = np.isnan(grid)
    colour = "C0" if sel else "0.6"
    if levels:
        names = list(levels) + (["missing"] if missing.any() else [])
        at = np.arange(len(grid))
        width = 0.8 / f.shape[1]
        for k in range(f.shape[1]):
            panel.bar(at + (k - (f.shape[1] - 1) / 2) * width, f[:, k], width=width,
                      color=(f"C{k}" if sel else "0.6"), alpha=0.8,
                      yerr=half if half is not None and f.shape[1] == 1 else None, ecolor="0.3", capsize=2,
                      label=None if f.shape[1] == 1 or classes is None else str(classes[k]))
        tilt = sum(len(n) for n in names) > 24  # long labels are set at an angle
        panel.set_xticks(at, names, rotation=45 if tilt else 0, ha="right" if tilt else "center", fontsize=7)
    else:
        x, fx = grid[~missing], f[~missing]
        if half is not None:
            h = half[~missing]
            panel.fill_between(x, fx[:, 0] - h, fx[:, 0] + h, color="C0" if sel else "0.8", alpha=0.25, lw=0)
        for k in range(f.shape[1]):
            panel.plot(x, fx[:, k], color=(f"C{k}" if sel else "0.6"), lw=1.5,
                       label=None if f.shape[1] == 1 or classes is None else str(classes[k]))
        column = X_arr[:, comp.columns[0]]
        observed = column[~np.isnan(column)]
        panel.plot(observed, np.zeros(len(observed)), "|", color="0.2" if sel else "0.7", ms=6, alpha=0.5,
                   transform=panel.get_xaxis_transform())
        if missing.any():
            span = (x.max() - x.min()) if x.size > 1 else 1.0
            at = (x.max() if x.size else 0.0) + 0.12 * span
            fm = f[missing][0]
            panel.errorbar(np.full(f.shape[1], at), fm, yerr=None if half is None else half[missing][:1],
                           fmt="o", color=colour, ms=4, capsize=2)
            panel.annotate("missing", (at, fm[0]), textcoords="offset points", xytext=(0, 9), ha="center", fontsize=7)
    panel.axhline(0.0, color="0.3", lw=0.6, ls="--")
    panel.set_xlabel(label, fontsize=8)
    if f.shape[1] > 1 and sel:
        panel.legend(fontsize=7)


def _draw_curve_per_level(panel, model, d, X_arr, base, n_grid, centre, labels):
    """A pair with a categorical factor: one curve of the other input per level (a table of bars when both are
    categorical: one group per level of the first)."""
    comp = model.components_[d]
    level_factor = [f for f in comp.factors if f.takes_levels][-1]
    other = [f for f in comp.factors if f is not level_factor][0]
    jl, jo = level_factor.columns[0], other.columns[0]
    grid, rows = _grid_rows(X_arr, base, other, n_grid)
    keep = ~np.isnan(grid)
    for k, level in enumerate(level_factor.levels):
        at = rows[keep].copy()
        at[:, jl] = k
        f = _evaluate(model, at, d)[:, 0] - centre
        if other.takes_levels:
            panel.plot(np.arange(keep.sum()), f, "o-", ms=3, lw=1, label=str(level))
        else:
            panel.plot(grid[keep], f, lw=1.2, label=str(level))
    if other.takes_levels:
        panel.set_xticks(np.arange(keep.sum()), list(other.levels)[:keep.sum()], fontsize=7)
    panel.axhline(0.0, color="0.3", lw=0.6, ls="--")
    panel.set_xlabel(labels[jo], fontsize=8)
    if len(level_factor.levels) <= 12:
        panel.legend(fontsize=6, title=labels[jl], title_fontsize=6)


def plot_components(model, X=None, components=None, ax=None, n_grid=200, bands=None):
    """One panel per component: the estimated f^d over the range of its input.

    Parameters
    ----------
    model : a fitted cwlssvm estimator (any of the package's regressors and classifiers)
    X : array-like or DataFrame, optional
        Inputs whose range and rug are drawn (default: the training inputs). The other inputs are
        held at their medians, which does not change f^d (it depends on its own inputs only).
    components : list of int or str, optional
        Which components (indices into ``components_`` or names such as "x3", "x1:x2"); default all.
    ax : matplotlib Axes or array of Axes, optional
        Where to draw (at least one Axes per panel); default a new figure.
    n_grid : int, default=200
        Grid points per curve (per axis for interaction heat maps: sqrt-ish, at least 30).
    bands : float, optional
        Shade the pointwise confidence band of this level (e.g. 0.95) around each one-input curve
        (``model.component_bands``: regressors of one target with the squared loss).

    Returns
    -------
    matplotlib.figure.Figure

    Each f^d is centred on the rows of X (its mean there moves to the intercept, as in mgcv's plots),
    and the one-input panels share one y scale, so the panels compare the inputs' effects directly.
    Selected components are drawn first in colour; dropped ones (zero functions of a structure-
    detected model) follow in grey. A categorical component is drawn as bars, one per level (with the
    band as error bars); where an input was missing, its value there is one more bar, or a point right
    of the curve labelled "missing". Two-input components are heat maps over the data's points (a pair
    with a categorical input: one curve per level); components of three or more
    inputs are named but not drawn. Classifiers with more than two classes get one curve per class.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use('Agg')
    >>> from cwlssvm import ComponentwiseLSSVR, plot_components
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=60, seed=0)
    >>> fig = plot_components(ComponentwiseLSSVR(gamma=10.0).fit(X, y), X)
    >>> len(fig.axes) >= 10
    True
    """
    plt = _pyplot()
    check_is_fitted(model)
    if bands is not None:
        if not hasattr(model, "component_bands"):
            raise ValueError(f"bands: {type(model).__name__} has no component_bands (the regressors of one target do)")
        check_level(bands, "bands")
    order, rows = _component_order(model, components)
    if not order:
        raise ValueError("components: nothing to draw")
    X_arr = input_codes(model, training_inputs(model) if X is None else X)
    if X_arr.ndim != 2 or X_arr.shape[1] != model.n_features_in_:
        raise ValueError(f"X must have {model.n_features_in_} columns, got shape {X_arr.shape}")
    names = getattr(model, "feature_names_in_", None)
    labels = [str(n) for n in names] if names is not None else [f"x{j}" for j in range(X_arr.shape[1])]
    n = len(order)
    if ax is None:
        ncols = min(4, n)
        nrows = int(np.ceil(n / ncols))
        fig, axes = plt.subplots(nrows, ncols, figsize=(3.2 * ncols, 2.6 * nrows), squeeze=False)
        axes = axes.ravel()
    else:
        axes = np.atleast_1d(np.asarray(ax, dtype=object)).ravel()
        if len(axes) < n:
            raise ValueError(f"ax: {n} panels to draw but {len(axes)} Axes given")
        fig = axes[0].figure
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an input missing in every row of X
        base = np.nan_to_num(np.nanmedian(X_arr, axis=0))
    half_widths = {} if bands is None else _band_half_widths(model, X_arr, base, order, n_grid, bands)
    classes = getattr(model, "classes_", None)
    data_out = np.asarray(model.contributions(training_inputs(model, X_arr)), dtype=float)
    centre = data_out.reshape(data_out.shape[0], len(model.components_), -1).mean(axis=0)  # (D, k)
    curves_1d = []
    for panel, d in zip(axes, order):
        comp = model.components_[d]
        cols = list(comp.columns)
        sel = rows[d]["selected"]
        title = rows[d]["component"] + ("" if sel else " (dropped)")
        panel.set_title(title, fontsize=9, color="black" if sel else "0.5")
        if len(cols) == 1:
            grid, Xg = _grid_rows(X_arr, base, comp, n_grid)
            f = _evaluate(model, Xg, d) - centre[d]
            half = half_widths.get(d)
            _draw_one_input(panel, model, d, grid, f, half, X_arr, sel)
            both = np.column_stack([f[:, 0] - half, f[:, 0] + half]) if half is not None else f
            curves_1d.append((panel, both))  # for the shared y limits
        elif len(cols) == 2 and any(f.takes_levels for f in comp.factors):
            _draw_curve_per_level(panel, model, d, X_arr, base, n_grid, centre[d, 0], labels)
        elif len(cols) == 2:
            j1, j2 = cols
            m = max(30, int(np.sqrt(n_grid * 8)))
            g1 = np.linspace(np.nanmin(X_arr[:, j1]), np.nanmax(X_arr[:, j1]), m)
            g2 = np.linspace(np.nanmin(X_arr[:, j2]), np.nanmax(X_arr[:, j2]), m)
            G1, G2 = np.meshgrid(g1, g2)
            Xg = np.tile(base, (m * m, 1))
            Xg[:, j1], Xg[:, j2] = G1.ravel(), G2.ravel()
            f = (_evaluate(model, Xg, d)[:, 0] - centre[d, 0]).reshape(m, m)
            lim = max(np.abs(f).max(), 1e-300)
            mesh = panel.pcolormesh(G1, G2, f, cmap="RdBu_r" if sel else "Greys", vmin=-lim, vmax=lim, shading="auto")
            fig.colorbar(mesh, ax=panel)
            panel.scatter(X_arr[:, j1], X_arr[:, j2], s=2, c="k", alpha=0.3)
            panel.set_xlabel(labels[j1], fontsize=8)
            panel.set_ylabel(labels[j2], fontsize=8)
        else:
            panel.text(0.5, 0.5, f"interaction of {len(cols)} inputs:\nnot drawn", ha="center", va="center",
                       transform=panel.transAxes, fontsize=8)
            panel.set_axis_off()
        panel.tick_params(labelsize=7)
    if curves_1d:
        lo = min(f.min() for _, f in curves_1d)
        hi = max(f.max() for _, f in curves_1d)
        pad = 0.05 * (hi - lo) if hi > lo else 1.0
        for panel, _ in curves_1d:
            panel.set_ylim(lo - pad, hi + pad)
    for panel in axes[n:]:
        panel.set_visible(False)
    fig.tight_layout()
    return fig
