"""Plots of the estimated component functions f^d (the additive model read one input at a time)."""

from __future__ import annotations

import numpy as np

from ._panels import CurvePanel, HeatmapPanel, LevelCurvesPanel, model_panels

__all__ = ["plot_components"]


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError('plot_components needs matplotlib: pip install "cwlssvm[plot]"') from None
    return plt


def _draw_curve(ax, p, classes):
    """A CurvePanel: bars per level (with the band as error bars) for a component with levels, else the curve
    with its band shaded and the data's rug; a missing value is one more bar, or a point with its band to the
    right of the curve, labelled "missing"."""
    k_models = p.f.shape[1]
    colour = "C0" if p.selected else "0.6"
    has_missing = p.missing_f is not None
    if p.levels:
        names = list(p.levels) + (["missing"] if has_missing else [])
        f = np.vstack([p.f, p.missing_f[None]]) if has_missing else p.f
        half = None if p.half is None else np.append(p.half, p.missing_half if has_missing else [])
        at = np.arange(len(names))
        width = 0.8 / k_models
        for k in range(k_models):
            ax.bar(at + (k - (k_models - 1) / 2) * width, f[:, k], width=width,
                   color=(f"C{k}" if p.selected else "0.6"), alpha=0.8,
                   yerr=half if half is not None and k_models == 1 else None, ecolor="0.3", capsize=2,
                   label=None if k_models == 1 or classes is None else str(classes[k]))
        tilt = sum(len(n) for n in names) > 24  # long labels are set at an angle
        ax.set_xticks(at, names, rotation=45 if tilt else 0, ha="right" if tilt else "center", fontsize=7)
    else:
        if p.half is not None:
            ax.fill_between(p.x, p.f[:, 0] - p.half, p.f[:, 0] + p.half, color=colour if p.selected else "0.8",
                            alpha=0.25, lw=0)
        for k in range(k_models):
            ax.plot(p.x, p.f[:, k], color=(f"C{k}" if p.selected else "0.6"), lw=1.5,
                    label=None if k_models == 1 or classes is None else str(classes[k]))
        ax.plot(p.observed, np.zeros(len(p.observed)), "|", color="0.2" if p.selected else "0.7", ms=6, alpha=0.5,
                transform=ax.get_xaxis_transform())
        ax.ticklabel_format(axis="x", useOffset=False)  # a year reads 2010, not an offset of 2.01e3
        if has_missing:
            span = (p.x.max() - p.x.min()) if p.x.size > 1 else 1.0
            at = (p.x.max() if p.x.size else 0.0) + 0.12 * span
            ax.errorbar(np.full(k_models, at), p.missing_f, yerr=p.missing_half, fmt="o", color=colour, ms=4,
                        capsize=2)
            ax.annotate("missing", (at, p.missing_f[0]), textcoords="offset points", xytext=(0, 9), ha="center",
                        fontsize=7)
    ax.axhline(0.0, color="0.3", lw=0.6, ls="--")
    ax.set_xlabel(p.label, fontsize=8)
    if k_models > 1 and p.selected:
        ax.legend(fontsize=7)


def _draw_level_curves(ax, p):
    """A LevelCurvesPanel: one curve of the other input per level (points joined when it has levels too)."""
    for level, f in p.curves:
        if p.x_levels:
            ax.plot(np.arange(len(f)), f, "o-", ms=3, lw=1, label=level)
        else:
            ax.plot(p.x, f, lw=1.2, label=level)
    if p.x_levels:
        ax.set_xticks(np.arange(len(p.x_levels)), list(p.x_levels), fontsize=7)
    ax.axhline(0.0, color="0.3", lw=0.6, ls="--")
    ax.set_xlabel(p.label, fontsize=8)
    if len(p.curves) <= 12:
        ax.legend(fontsize=6, title=p.level_label, title_fontsize=6)


def _draw_heatmap(ax, p):
    """A HeatmapPanel: f^d over the grid, a colour bar and the data's points; with its band, the cells where the
    band holds 0 faded and the edge of the region where it excludes 0 drawn (mgcv draws a pair's band as the
    contours of f -+ se)."""
    lim = max(np.abs(p.f).max(), 1e-300)
    mesh = ax.pcolormesh(p.x1, p.x2, p.f, cmap="RdBu_r" if p.selected else "Greys", vmin=-lim, vmax=lim,
                         shading="auto")
    ax.figure.colorbar(mesh, ax=ax)
    if p.half is not None:
        margin = np.abs(p.f) - p.half  # > 0 where the band excludes 0
        holds = np.ma.masked_where(margin > 0, np.ones_like(p.f))
        ax.pcolormesh(p.x1, p.x2, holds, cmap="Greys", vmin=0.0, vmax=1.0, alpha=0.45, shading="auto")
        if (margin > 0).any() and (margin < 0).any() and min(len(p.x1), len(p.x2)) > 1:
            ax.contour(p.x1, p.x2, margin, levels=[0.0], colors="0.15", linewidths=0.8)
    ax.scatter(p.points[:, 0], p.points[:, 1], s=2, c="k", alpha=0.3)
    ax.set_xlabel(p.labels[0], fontsize=8)
    ax.set_ylabel(p.labels[1], fontsize=8)


def _draw_group_curve(ax, p, colour, label):
    """One group's CurvePanel on a panel shared with other groups: its curve (points per level, with the band as
    error bars) and its band, in the group's colour, without rug."""
    if p.levels:
        names = list(p.levels) + (["missing"] if p.missing_f is not None else [])
        f = p.f[:, 0] if p.missing_f is None else np.append(p.f[:, 0], p.missing_f[0])
        half = None if p.half is None else np.append(p.half, [] if p.missing_f is None else
                                                     np.atleast_1d(p.missing_half)[:1])
        ax.errorbar(np.arange(len(names)), f, yerr=half, fmt="o", color=colour, ms=4, capsize=2, label=label)
        ax.set_xticks(np.arange(len(names)), names, fontsize=7)
    else:
        if p.half is not None:
            ax.fill_between(p.x, p.f[:, 0] - p.half, p.f[:, 0] + p.half, color=colour, alpha=0.15, lw=0)
        ax.plot(p.x, p.f[:, 0], color=colour, lw=1.3, label=label)
        if p.missing_f is not None and p.x.size:  # the value where the input is missing, right of the range
            at = p.x.max() + 0.12 * (p.x.max() - p.x.min() if p.x.size > 1 else 1.0)
            ax.errorbar([at], p.missing_f[:1], yerr=None if p.missing_half is None else np.atleast_1d(p.missing_half),
                        fmt="o", color=colour, ms=3, capsize=2)
    ax.axhline(0.0, color="0.3", lw=0.6, ls="--")
    ax.set_xlabel(p.label, fontsize=8)


def _plot_groups(batch, groups, components, ax, n_grid, bands):
    """plot_components of a batch of models: one panel per one-input component, each group's curve overlaid."""
    members = batch.group_models(groups)
    drawn = [(key, model_panels(model, None, components, n_grid, bands)) for key, model in members]
    names = list(dict.fromkeys(p.name for _, d in drawn for p in d.panels if isinstance(p, CurvePanel)))
    if not names:
        raise ValueError("components: no one-input component to draw for these groups")
    fig, axes = _panel_axes(len(names), ax)
    at = {name: axes[i] for i, name in enumerate(names)}
    for i, (key, d) in enumerate(drawn):
        for p in d.panels:
            if isinstance(p, CurvePanel):
                _draw_group_curve(at[p.name], p, f"C{i % 10}", str(key))
    for name, ax_d in at.items():
        ax_d.set_title(name, fontsize=9)
        ax_d.tick_params(labelsize=7)
    axes[0].legend(fontsize=7, title=", ".join(batch.by), title_fontsize=7)
    return _finished(fig, axes, len(names))


def _panel_axes(n, ax):
    """(figure, Axes (at least n, flat)): a new figure of n panels, four to a row, or the Axes given."""
    if ax is None:
        ncols = min(4, n)
        nrows = int(np.ceil(n / ncols))
        fig, axes = _pyplot().subplots(nrows, ncols, figsize=(3.2 * ncols, 2.6 * nrows), squeeze=False)
        return fig, axes.ravel()
    axes = np.atleast_1d(np.asarray(ax, dtype=object)).ravel()
    if len(axes) < n:
        raise ValueError(f"ax: {n} panels to draw but {len(axes)} Axes given")
    return axes[0].figure, axes


def _finished(fig, axes, n):
    """fig with the Axes past the n panels hidden and its layout tightened."""
    for ax_d in axes[n:]:
        ax_d.set_visible(False)
    fig.tight_layout()
    return fig


def plot_components(model, X=None, components=None, ax=None, n_grid=200, bands=None, by="component", groups=None):
    """One panel per component: the estimated f^d over the range of its input.

    Parameters
    ----------
    model : a fitted cwlssvm estimator (any of the package's regressors and classifiers, or a fitted
        ``cwlssvm.dask`` estimator: its ``to_local()`` model is drawn), or a batch of models of a grouped table
        (``fit_batch(table, by=...)``: the groups' curves overlaid, one colour per group, over each group's own
        rows)
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
        Shade the pointwise confidence band of this level (e.g. 0.95) around each one-input curve, and on a
        pair's heat map fade the cells where the band holds 0 and outline the region where it excludes 0
        (``model.component_bands``: models of one target or two classes).
    by : {"component", "column"}, default="component"
        "column": one curve per input column for the sum of the components on that column alone (an RBF
        and a linear component of one input: its whole effect, with the band of that sum), in place of
        one curve per component; pairs keep their panels.
    groups : list, optional
        For a batch of models: the groups drawn (default: the first five with a model); their one-input components
        are drawn, X and by do not apply.

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
    _pyplot()  # matplotlib present, before any work
    if hasattr(model, "group_models"):  # a batch of models (cwlssvm.batch.GroupedBatchModel)
        if X is not None or by != "component":
            raise ValueError("X and by do not apply to a batch of models: each group's curve is drawn over its rows")
        return _plot_groups(model, groups, components, ax, n_grid, bands)
    if groups is not None:
        raise ValueError("groups: only a batch of models (fit_batch on a grouped table) has groups")
    drawn = model_panels(model, X, components, n_grid, bands, by)
    n = len(drawn.panels)
    fig, axes = _panel_axes(n, ax)
    curves_1d = []
    for ax_d, p in zip(axes, drawn.panels):
        ax_d.set_title(p.name + ("" if p.selected else " (dropped)"), fontsize=9,
                       color="black" if p.selected else "0.5")
        if isinstance(p, CurvePanel):
            _draw_curve(ax_d, p, drawn.classes)
            values = [p.f.ravel()] if p.half is None else [p.f[:, 0] - p.half, p.f[:, 0] + p.half]
            if p.missing_f is not None:  # the missing value's bar or point shares the scale
                h = p.missing_half or 0.0
                values += [p.missing_f - h, p.missing_f + h]
            curves_1d.append((ax_d, np.concatenate(values)))  # for the shared y limits
        elif isinstance(p, LevelCurvesPanel):
            _draw_level_curves(ax_d, p)
        elif isinstance(p, HeatmapPanel):
            _draw_heatmap(ax_d, p)
        else:
            ax_d.text(0.5, 0.5, f"interaction of {p.n_inputs} inputs:\nnot drawn", ha="center", va="center",
                      transform=ax_d.transAxes, fontsize=8)
            ax_d.set_axis_off()
        ax_d.tick_params(labelsize=7)
    if curves_1d:
        lo = min(f.min() for _, f in curves_1d)
        hi = max(f.max() for _, f in curves_1d)
        pad = 0.05 * (hi - lo) if hi > lo else 1.0
        for ax_d, _ in curves_1d:
            ax_d.set_ylim(lo - pad, hi + pad)
    return _finished(fig, axes, n)
