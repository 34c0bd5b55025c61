"""What a picture of a fitted model shows, one panel per component, computed once for every drawing of it
(matplotlib's plot_components, the HTML report): the grid of each component's inputs, f^d there centred on the
rows drawn, its pointwise band, the data's values and the value at a missing input."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
from sklearn.utils.validation import check_is_fitted

from ._report import component_table, input_codes, training_inputs
from .uncertainty import BY, check_level, column_groups


@dataclass
class CurvePanel:
    """A one-input component: f^d (g, k) over x (g,) (its input's grid, or the level codes 0..L-1 of a component
    with levels, named by ``levels``), its band's half-width (g,) where asked (one model only), and, where the
    input was missing, f^d there (k,) with its half-width; ``observed`` holds the input's values in the rows."""

    d: int
    name: str
    selected: bool
    label: str
    x: np.ndarray
    f: np.ndarray
    half: np.ndarray | None
    levels: tuple
    observed: np.ndarray
    missing_f: np.ndarray | None = None
    missing_half: float | None = None


@dataclass
class LevelCurvesPanel:
    """A pair with a categorical input: one curve f^d (g,) of the other input per level (named); ``x_levels`` names
    the other input's levels when it has them (x are then its codes)."""

    d: int
    name: str
    selected: bool
    label: str
    level_label: str
    x: np.ndarray
    x_levels: tuple
    curves: list = field(default_factory=list)  # [(level name, f (g,))]


@dataclass
class HeatmapPanel:
    """A pair of numeric inputs: f^d (m2, m1) over the grid x1 (m1,) by x2 (m2,), its band's half-width there
    where asked, and the data's points (n, 2)."""

    d: int
    name: str
    selected: bool
    labels: tuple
    x1: np.ndarray
    x2: np.ndarray
    f: np.ndarray
    half: np.ndarray | None
    points: np.ndarray


@dataclass
class NotDrawnPanel:
    """A component of three or more inputs: named, not drawn."""

    d: int
    name: str
    selected: bool
    n_inputs: int


@dataclass
class ModelPanels:
    """Every panel to draw (selected components first, by spread), the component table's rows, the inputs' labels
    and the classes of a classifier (None for a regressor)."""

    panels: list
    rows: list
    labels: list
    classes: object


def component_order(model, components):
    """(indices of the components to draw: selected first, largest spread first, then dropped; the component
    table's rows)."""
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


def in_memory(model):
    """The fitted in-memory model behind a model: a Dask estimator's ``to_local()``, else the model itself."""
    check_is_fitted(model)
    return model.to_local() if hasattr(model, "to_local") else model


def model_panels(model, X=None, components=None, n_grid=200, bands=None, by="component"):
    """ModelPanels of a fitted model over the rows X (default its training inputs; the other inputs held at their
    medians, which does not change f^d), each f^d centred on the rows of X, bands of level ``bands`` where given.
    by "column": one curve per input column for the sum of the components on it alone (their joint band), in
    place of one per component."""
    if by not in BY:
        raise ValueError(f"by must be one of {BY}, got {by!r}")
    model = in_memory(model)
    if bands is not None:
        if not hasattr(model, "component_bands"):
            raise ValueError(f"bands: {type(model).__name__} has no component_bands")
        check_level(bands, "bands")
    order, rows = component_order(model, components)
    if not order:
        raise ValueError("components: nothing to draw")
    X_arr = input_codes(model, training_inputs(model) if X is None else X)
    if X_arr.ndim != 2 or X_arr.shape[1] != model.n_features_in_:
        raise ValueError(f"X must have {model.n_features_in_} columns, got shape {X_arr.shape}")
    names = getattr(model, "feature_names_in_", None)
    labels = [str(n) for n in names] if names is not None else [f"x{j}" for j in range(X_arr.shape[1])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an input missing in every row of X
        base = np.nan_to_num(np.nanmedian(X_arr, axis=0))
    centre = _contributions(model, X_arr).mean(axis=0)  # (D, k)
    groups = column_groups(model.components_, model.n_features_in_) if by == "column" else None
    per_component = [d for d in order if groups is None or len(model.components_[d].columns) > 1]
    grids = {d: _grid(model, X_arr, base, d, n_grid) for d in per_component}
    half = _half_widths(model, grids, bands) if bands is not None else {}
    # by column: each input's grid (that of its first component with levels, else its first), in the order of the
    # components, and the half-widths of the bands of its sums from one call of component_bands over all of them
    one_input = [model.components_[d].columns[0] for d in order if len(model.components_[d].columns) == 1]
    shown = {j: _shown(model, groups[j]) for j in dict.fromkeys(one_input)} if groups is not None else {}
    column_grids = {j: grid_rows(X_arr, base, c, n_grid) for j, c in shown.items()}
    column_half = _half_widths(model, column_grids, bands, "column") if bands is not None and shown else {}
    panels, drawn_columns = [], set()
    for d in order:
        comp, row = model.components_[d], rows[d]
        shape = f" ({comp.shape})" if comp.shape is not None else ""  # a constrained component says so
        head = dict(d=d, name=row["component"] + shape, selected=row["selected"])
        cols = list(comp.columns)
        if len(cols) == 1 and groups is not None:
            j = cols[0]
            if j not in drawn_columns:
                drawn_columns.add(j)
                group = groups[j]
                head = dict(d=group[0], name=labels[j], selected=any(rows[e]["selected"] for e in group))
                grid, Xg = column_grids[j]
                f = (_contributions(model, Xg)[:, group, :] - centre[group]).sum(axis=1)  # the group's centred sum
                panels.append(_curve_panel(head, labels[j], grid, f, column_half.get(j), shown[j], X_arr[:, j]))
        elif len(cols) == 1:
            grid, Xg = grids[d]
            f = _evaluate(model, Xg, d) - centre[d]
            panels.append(_curve_panel(head, labels[cols[0]], grid, f, half.get(d), comp, X_arr[:, cols[0]]))
        elif len(cols) == 2 and any(f.takes_levels for f in comp.factors):
            panels.append(_level_curves(model, d, X_arr, base, n_grid, centre[d, 0], labels, head))
        elif len(cols) == 2:
            (g1, g2), Xg = grids[d]
            f = (_evaluate(model, Xg, d)[:, 0] - centre[d, 0]).reshape(len(g2), len(g1))
            h = half.get(d)
            panels.append(HeatmapPanel(**head, labels=(labels[cols[0]], labels[cols[1]]), x1=g1, x2=g2, f=f,
                                       half=None if h is None else h.reshape(len(g2), len(g1)),
                                       points=X_arr[:, cols]))
        else:
            panels.append(NotDrawnPanel(**head, n_inputs=len(cols)))
    return ModelPanels(panels, rows, labels, getattr(model, "classes_", None))


def _shown(model, group):
    """The component whose grid draws the sum of a column's ``group``: the first with levels, else the first."""
    comps = [model.components_[d] for d in group]
    return next((c for c in comps if getattr(c, "levels", ())), comps[0])


def _curve_panel(head, label, grid, f, h, comp, column):
    """A CurvePanel from f (g, k) and the half-widths h (g,) or None on the grid (g,) of a one-input component comp
    (NaN last: the value at a missing input), with the column's observed values for the rug."""
    miss = np.isnan(grid)
    return CurvePanel(
        **head, label=label, x=grid[~miss], f=f[~miss], half=None if h is None else h[~miss],
        levels=tuple(str(v) for v in getattr(comp, "levels", ())), observed=column[~np.isnan(column)],
        missing_f=f[miss][0] if miss.any() else None,
        missing_half=float(h[miss][0]) if h is not None and miss.any() else None)


def heatmap_size(n_grid):
    """Grid points per axis of a pair's heat map for n_grid points per curve (at least 30)."""
    return max(30, int(np.sqrt(n_grid * 8)))


def _contributions(model, X_rows):
    """Every f^d at the rows of X_rows (n, p): shape (n, D, k), k = 1 or one column per class/target."""
    out = np.asarray(model.contributions(training_inputs(model, X_rows)), dtype=float)
    return out.reshape(out.shape[0], -1, 1) if out.ndim == 2 else out


def _evaluate(model, X_rows, d):
    """f^d at the rows of X_rows (n, p): shape (n, k)."""
    return _contributions(model, X_rows)[:, d, :]


def _grid(model, X_arr, base, d, n_grid):
    """(grid, rows (g, p)) of component d: for one input its grid_rows; for a pair of numeric inputs ((x1 (m,),
    x2 (m,)), the m x m rows, x1 fastest); None for the others (drawn otherwise)."""
    comp = model.components_[d]
    cols = list(comp.columns)
    if len(cols) == 1:
        return grid_rows(X_arr, base, comp, n_grid)
    if len(cols) == 2 and not any(f.takes_levels for f in comp.factors):
        m = heatmap_size(n_grid)
        g1, g2 = (np.linspace(np.nanmin(X_arr[:, j]), np.nanmax(X_arr[:, j]), m) for j in cols)
        G1, G2 = np.meshgrid(g1, g2)
        rows = np.tile(base, (m * m, 1))
        rows[:, cols[0]], rows[:, cols[1]] = G1.ravel(), G2.ravel()
        return (g1, g2), rows
    return None


def grid_rows(X_arr, base, comp, n_grid):
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


def _half_widths(model, grids, level, by="component"):
    """{d: half-widths of the pointwise band of d on its grid rows} for the components (``by`` "column": the input
    columns) with grids, from one call of component_bands over all of them."""
    drawn = [d for d, g in grids.items() if g is not None]
    if not drawn:
        return {}
    stacked = [grids[d][1] for d in drawn]
    lower, upper = model.component_bands(training_inputs(model, np.vstack(stacked)), level=level, by=by)
    lower, upper = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    if lower.ndim == 3:
        raise ValueError("bands: the panels draw the bands of a model of one target or two classes; "
                         "component_bands gives those of each target or class, (m, D, K)")
    bounds = np.cumsum([0] + [len(g) for g in stacked])
    return {d: (upper[a:b, d] - lower[a:b, d]) / 2 for d, a, b in zip(drawn, bounds[:-1], bounds[1:])}


def _level_curves(model, d, X_arr, base, n_grid, centre, labels, head):
    """The LevelCurvesPanel of a pair with a categorical factor: the other input's grid, one curve per level."""
    comp = model.components_[d]
    level_factor = [f for f in comp.factors if f.takes_levels][-1]
    other = [f for f in comp.factors if f is not level_factor][0]
    jl, jo = level_factor.columns[0], other.columns[0]
    grid, rows = grid_rows(X_arr, base, other, n_grid)
    keep = ~np.isnan(grid)
    curves = []
    for k, level in enumerate(level_factor.levels):
        at = rows[keep].copy()
        at[:, jl] = k
        curves.append((str(level), _evaluate(model, at, d)[:, 0] - centre))
    x_levels = tuple(str(v) for v in other.levels)[: int(keep.sum())] if other.takes_levels else ()
    return LevelCurvesPanel(**head, label=labels[jo], level_label=labels[jl], x=grid[keep], x_levels=x_levels,
                            curves=curves)
