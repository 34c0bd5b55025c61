"""A fitted model as one self-contained HTML file: the table of components, one interactive panel per component
(curve or bars with their band, the data's rug, hover values; pairs as heat maps) and, given rows, each row's
prediction taken apart into its components (a waterfall).

The page is plain HTML with inline SVG, CSS and a few lines of JavaScript: no plotting library, no network, no
dependency beyond the package itself, and a few hundred kilobytes for a model of ten components.
"""

from __future__ import annotations


import numpy as np

from ._svg import COLOURS, Frame, colour, diverging, escape, legend, svg_element
from ._panels import CurvePanel, HeatmapPanel, LevelCurvesPanel, in_memory, model_panels
from ._report import input_codes, p_text, share_text, training_inputs

__all__ = ["report", "report_html"]

MAX_BARS = 60  # levels drawn as bars (beyond: those with the largest |f^d|)
MAX_LEVEL_CURVES = 12  # curves of a pair with a categorical input (beyond: those with the largest spread)
RUG_POINTS = 1000  # data points drawn in a rug or a heat map (a uniform sample beyond)
STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#222;max-width:1500px}
h1{font-size:1.4em;margin-bottom:4px}h2{font-size:1.15em;margin-top:28px}p.sub{color:#555;margin-top:0}
table.summary{border-collapse:collapse;font-size:13px}
table.summary th,table.summary td{padding:3px 10px;border-bottom:1px solid #ddd;text-align:right}
table.summary th:nth-child(-n+2),table.summary td:nth-child(-n+2){text-align:left}
tr.dropped td{color:#999}
.panels{display:flex;flex-wrap:wrap;gap:14px}
figure.panel{margin:0;border:1px solid #e3e3e3;border-radius:4px;padding:6px;background:#fff}
figure.panel figcaption{font-size:13px;font-weight:600;margin-bottom:2px}
figure.panel.dropped figcaption{color:#999;font-weight:400}
svg text{font-size:10px;fill:#333}
.axis{stroke:#444;stroke-width:1}.zero{stroke:#888;stroke-dasharray:3 3}
.strip{fill:transparent}.strip.hot{fill:rgba(0,0,0,.08)}
[data-tip].hot:not(.strip){stroke:#000;stroke-width:1.5}
#tip{position:absolute;pointer-events:none;background:#222;color:#fff;font-size:12px;padding:3px 7px;
border-radius:3px;white-space:pre;z-index:10}
.note{font-size:12px;color:#666}
"""

SCRIPT = """
(function () {
  var tip = document.getElementById('tip');
  document.addEventListener('mouseover', function (e) {
    var t = e.target.closest ? e.target.closest('[data-tip]') : null;
    if (!t) { tip.hidden = true; return; }
    tip.textContent = t.getAttribute('data-tip');
    tip.hidden = false;
    t.classList.add('hot');
  });
  document.addEventListener('mouseout', function (e) {
    var t = e.target.closest ? e.target.closest('[data-tip]') : null;
    if (t) { t.classList.remove('hot'); }
  });
  document.addEventListener('mousemove', function (e) {
    if (!tip.hidden) { tip.style.left = (e.pageX + 14) + 'px'; tip.style.top = (e.pageY + 14) + 'px'; }
  });
  var select = document.getElementById('row-select');
  if (select) {
    select.addEventListener('change', function () {
      var all = document.querySelectorAll('svg.waterfall');
      for (var i = 0; i < all.length; i++) { all[i].style.display = all[i].getAttribute('data-row') === select.value ? '' : 'none'; }
    });
  }
})();
"""


def report(model, X=None, path="model.html", *, bands="auto", max_rows=100, n_grid=200, by="component"):
    """Write a fitted model as one self-contained HTML file.

    Parameters
    ----------
    model : fitted cwlssvm estimator
        Any of the package's fitted regressors and classifiers, a model read by ``cwlssvm.load``, or a fitted
        ``cwlssvm.dask`` estimator (its ``to_local()`` model).
    X : array-like or DataFrame, optional
        Rows to explain: each of the first ``max_rows`` rows gets a waterfall of its prediction (the intercept,
        then each component's contribution). The panels always span the training inputs the model keeps (a
        sample of them for a model fitted on the low-rank path), with their rug.
    path : str or os.PathLike, default="model.html"
        Where to write the page.
    bands : float, "auto" or None, default="auto"
        Level of the pointwise confidence bands drawn around each component ("auto": 0.95 where the model
        offers ``component_bands``, the regressors of one target; None: no bands).
    max_rows : int, default=100
        Rows of X that get a waterfall (the first ones).
    n_grid : int, default=200
        Grid points per curve (and the heat maps' resolution).
    by : {"component", "column"}, default="component"
        "column": one panel per input for the sum of the components on it alone, with the band of that sum
        (``cwlssvm.plot_components``); the table and the waterfalls stay per component.

    Returns
    -------
    str
        The path written.

    See Also
    --------
    report_html : the same page as a string.
    cwlssvm.plot_components : the panels as a matplotlib figure.

    Examples
    --------
    >>> import os, tempfile
    >>> import cwlssvm
    >>> from cwlssvm.datasets import make_additive
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> model = cwlssvm.ComponentwiseLSSVR(gamma=10.0).fit(X, y)
    >>> path = cwlssvm.report(model, X[:5], os.path.join(tempfile.mkdtemp(), "model.html"))
    >>> with open(path, encoding="utf-8") as fh:
    ...     page = fh.read()
    >>> page.count('<figure'), page.count('class="waterfall"')  # ten components, five rows
    (10, 5)
    """
    # the whole page before the file is opened
    page = report_html(model, X, bands=bands, max_rows=max_rows, n_grid=n_grid, by=by)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(page)
    return path


def report_html(model, X=None, *, bands="auto", max_rows=100, n_grid=200, by="component"):
    """The page ``report`` writes, as a string.

    Parameters
    ----------
    model : fitted cwlssvm estimator
        As in ``report``.
    X : array-like or DataFrame, optional
        As in ``report``.
    bands : float, "auto" or None, default="auto"
        As in ``report``.
    max_rows : int, default=100
        As in ``report``.
    n_grid : int, default=200
        As in ``report``.
    by : {"component", "column"}, default="component"
        As in ``report``.

    Returns
    -------
    str
        The HTML page.

    Examples
    --------
    >>> import cwlssvm
    >>> from cwlssvm.datasets import make_additive
    >>> from cwlssvm.html_report import report_html
    >>> X, y, _ = make_additive(n=80, seed=0)
    >>> page = report_html(cwlssvm.ComponentwiseLSSVR(gamma=10.0).fit(X, y))
    >>> page.startswith("<!DOCTYPE html>"), "<script src" in page  # nothing loaded from elsewhere
    (True, False)
    """
    model = in_memory(model)  # a Dask estimator: its fitted in-memory model
    if isinstance(max_rows, bool) or not isinstance(max_rows, (int, np.integer)) or max_rows < 0:
        raise ValueError(f"max_rows must be an integer >= 0, got {max_rows!r}")
    if isinstance(n_grid, bool) or not isinstance(n_grid, (int, np.integer)) or n_grid < 2:
        raise ValueError(f"n_grid must be an integer >= 2, got {n_grid!r}")
    if isinstance(bands, str):
        if bands != "auto":
            raise ValueError(f"bands must be a level in (0, 1), 'auto' or None, got {bands!r}")
        bands = 0.95 if _offers_bands(model) else None
    drawn = model_panels(model, None, None, int(n_grid), bands, by)
    ylim = _shared_ylim(drawn.panels)
    name = type(model).__name__
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(name)}: cwlssvm model report</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(name)}</h1>",
        f'<p class="sub">{escape(_describe(model, drawn))}</p>',
        '<section id="summary"><h2>Components</h2>',
        _summary_table(drawn.rows),
        "</section>",
        '<section id="components"><h2>Component functions</h2>',
        '<p class="note">Each f<sup>d</sup> is centred on the rows shown (its mean there moves to the intercept). '
        + ("Shaded: the pointwise {:.0%} confidence band. ".format(bands) if bands is not None else "")
        + "Hover over a panel for its values.</p>",
        '<div class="panels">',
        *(_panel(p, drawn, ylim) for p in drawn.panels),
        "</div></section>",
    ]
    if X is not None and max_rows > 0:
        parts.append(_explanations(model, X, drawn, int(max_rows)))
    parts += ['<div id="tip" hidden></div>', f"<script>{SCRIPT}</script>", "</body></html>"]
    return "\n".join(parts)


def _offers_bands(model):
    """Whether the model's component_bands answer for one model (one target, or two classes), whose bands the
    panels draw."""
    if not hasattr(model, "component_bands"):
        return False
    try:
        lower, _ = model.component_bands(training_inputs(model, input_codes(model, training_inputs(model))[:1]),
                                         level=0.95)
    except ValueError:
        return False
    return np.ndim(lower) == 2


def _fmt(v):
    return f"{v:.4g}"


def _describe(model, drawn):
    """One line: inputs, components, selected, classes, the chosen parameters."""
    selected = sum(r["selected"] for r in drawn.rows)
    text = f"{model.n_features_in_} inputs, {len(drawn.rows)} components, {selected} selected"
    if drawn.classes is not None:
        text += ", classes " + ", ".join(map(str, drawn.classes))
    fitted = [f"{k.rstrip('_')} = {getattr(model, k):.4g}" for k in ("sigma_", "gamma_", "lam_")
              if isinstance(getattr(model, k, None), float)]
    return text + ("; " + ", ".join(fitted) if fitted else "")


def _summary_table(rows):
    """The component table (component_table's rows) as an HTML table, selected components first by spread."""
    tests = bool(rows) and "edf" in rows[0]
    missing = bool(rows) and "missing" in rows[0]
    head = ["component", "kernel", "norm", "spread"] + (["edf", "p-value"] if tests else []) + \
        (["missing", "f(missing)"] if missing else []) + ["selected"]
    out = ['<table class="summary"><thead><tr>' + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"]
    for r in sorted(rows, key=lambda r: (not r["selected"], -r["spread"])):
        cells = [escape(r["component"]), escape(r["kernel"]), _fmt(r["norm"]), _fmt(r["spread"])]
        if tests:
            cells += [f"{r['edf']:.2f}", p_text(r["p_value"])]
        if missing:
            cells += [share_text(r["missing"]), _fmt(r["at_missing"])] if r["missing"] > 0 else ["", ""]
        cells.append("yes" if r["selected"] else "no")
        cls = "" if r["selected"] else ' class="dropped"'
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


# ---------------------------------------------------------------------- panels
def _figure(p, kind, svg, note=""):
    cls = "panel" if p.selected else "panel dropped"
    note = f'<div class="note">{escape(note)}</div>' if note else ""
    return (f'<figure class="{cls}" data-kind="{kind}" data-component="{escape(p.name)}"><figcaption>{escape(p.name)}'
            f'{"" if p.selected else " (dropped)"}</figcaption>{svg}{note}</figure>')


def _shared_ylim(panels):
    """(lo, hi) over every one-input panel's values, bands and missing value (they share one scale, so that the
    panels compare the inputs' effects)."""
    values = [0.0]
    for p in panels:
        if isinstance(p, CurvePanel):
            values += [p.f.min(), p.f.max()]
            if p.half is not None:
                values += [(p.f[:, 0] - p.half).min(), (p.f[:, 0] + p.half).max()]
            if p.missing_f is not None:
                h = p.missing_half or 0.0
                values += [p.missing_f.min() - h, p.missing_f.max() + h]
    return min(values), max(values)


def _panel(p, drawn, ylim):
    if isinstance(p, CurvePanel):
        return _bars(p, drawn.classes, ylim) if p.levels else _curve(p, drawn.classes, ylim)
    if isinstance(p, LevelCurvesPanel):
        return _level_curves(p)
    if isinstance(p, HeatmapPanel):
        return _heatmap(p)
    return _figure(p, "none", "", f"an interaction of {p.n_inputs} inputs: not drawn")


def _sample(values, size, seed=0):
    """At most ``size`` of the values (a uniform sample, in their order)."""
    if len(values) <= size:
        return values
    keep = np.sort(np.random.default_rng(seed).choice(len(values), size, replace=False))
    return values[keep]


def _who(classes, k, n_models):
    return f"{classes[k]}: " if classes is not None and n_models > 1 else ""


def _curve(p, classes, ylim):
    """A one-input curve: band, curves (one per class or target), rug, the missing value's point; hover strips."""
    f, half, k_models = p.f, p.half, p.f.shape[1]
    xs = p.x if p.x.size else np.array([0.0])
    xlim = (xs.min(), xs.max() + (0.14 * max(np.ptp(xs), 1.0) if p.missing_f is not None else 0.0))
    fr = Frame(xlim, ylim)
    body = fr.zero()
    if half is not None:
        upper = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(fr.x(p.x), fr.y(f[:, 0] + half)))
        lower = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(fr.x(p.x[::-1]), fr.y((f[:, 0] - half)[::-1])))
        body.append(f'<polygon class="band" points="{upper} {lower}" fill="{COLOURS[0]}" fill-opacity="0.2"/>')
    for k in range(k_models):
        pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(fr.x(p.x), fr.y(f[:, k])))
        body.append(f'<polyline class="curve" points="{pts}" fill="none" stroke="{colour(k, p.selected)}" '
                    f'stroke-width="1.6"/>')
    for v in fr.x(_sample(p.observed, RUG_POINTS)):
        body.append(f'<line x1="{v:.1f}" y1="{fr.y1 - 6}" x2="{v:.1f}" y2="{fr.y1}" stroke="#333" '
                    f'stroke-opacity="0.35"/>')
    if p.missing_f is not None:
        at = fr.x(xlim[1])
        for k in range(k_models):
            y = fr.y(p.missing_f[k])
            tip = f"{p.label} missing: {_who(classes, k, k_models)}f = {_fmt(p.missing_f[k])}"
            if p.missing_half is not None:
                tip += f" ± {_fmt(p.missing_half)}"
                y0, y1 = fr.y(p.missing_f[k] - p.missing_half), fr.y(p.missing_f[k] + p.missing_half)
                body.append(f'<line x1="{at:.1f}" y1="{y0:.1f}" x2="{at:.1f}" y2="{y1:.1f}" stroke="#444"/>')
            body.append(f'<circle class="missing" cx="{at:.1f}" cy="{y:.1f}" r="4" fill="{colour(k, p.selected)}" '
                        f'data-tip="{escape(tip)}"/>')
        body.append(f'<text x="{at:.1f}" y="{fr.y0 + 10}" text-anchor="middle">missing</text>')
    edges = np.concatenate([[fr.x0], (fr.x(p.x[1:]) + fr.x(p.x[:-1])) / 2, [fr.x(p.x[-1]) if p.x.size else fr.x1]])
    for j in range(len(p.x)):
        tip = f"{p.label} = {_fmt(p.x[j])}\n" + "\n".join(
            f"{_who(classes, k, k_models)}f = {_fmt(f[j, k])}" + (f" ± {_fmt(half[j])}" if half is not None else "")
            for k in range(k_models))
        body.append(f'<rect class="strip" x="{edges[j]:.1f}" y="{fr.y0}" width="{max(edges[j + 1] - edges[j], 0.5):.1f}" '
                    f'height="{fr.y1 - fr.y0}" data-tip="{escape(tip)}"/>')
    body += fr.axes(p.label)
    body += legend(fr, [str(c) for c in classes] if classes is not None and k_models > 1 else [])
    return _figure(p, "curve", svg_element(fr, body, f"f of {p.label}"))


def _bars(p, classes, ylim):
    """A component with levels: one bar per level (per class or target), the band as error bars, the missing value
    as one more bar; at most MAX_BARS levels, those with the largest |f^d|."""
    names = list(p.levels)
    f = p.f
    half = p.half
    if p.missing_f is not None:
        names.append("missing")
        f = np.vstack([f, p.missing_f[None]])
        half = None if half is None else np.append(half, p.missing_half)
    note = ""
    if len(names) > MAX_BARS:
        keep = np.sort(np.argsort(-np.abs(f).max(axis=1))[:MAX_BARS])
        note = f"{MAX_BARS} of {len(names)} levels shown: those with the largest |f|"
        names, f = [names[i] for i in keep], f[keep]
        half = None if half is None else half[keep]
    k_models = f.shape[1]
    fr = Frame((-0.5, len(names) - 0.5), ylim)
    body = fr.zero()
    slot = (fr.x(1.0) - fr.x(0.0)) * 0.8
    width = slot / k_models
    for j, level in enumerate(names):
        for k in range(k_models):
            left = fr.x(j) - slot / 2 + k * width
            top, bottom = sorted((fr.y(f[j, k]), fr.y(0.0)))
            tip = f"{p.label} = {level}\n{_who(classes, k, k_models)}f = {_fmt(f[j, k])}"
            if half is not None:
                tip += f" ± {_fmt(half[j])}"
            body.append(f'<rect class="bar" x="{left:.1f}" y="{top:.1f}" width="{max(width, 0.5):.1f}" '
                        f'height="{max(bottom - top, 0.5):.1f}" fill="{colour(k, p.selected)}" fill-opacity="0.8" '
                        f'data-tip="{escape(tip)}"/>')
        if half is not None:
            x, y0, y1 = fr.x(j), fr.y(f[j, 0] - half[j]), fr.y(f[j, 0] + half[j])
            body.append(f'<line x1="{x:.1f}" y1="{y0:.1f}" x2="{x:.1f}" y2="{y1:.1f}" stroke="#444"/>')
    if len(names) <= 24:  # level names under the bars (more: in the hover text only)
        tilt = sum(len(n) for n in names) > 30
        for j, level in enumerate(names):
            x, y = fr.x(j), fr.y1 + 12
            rotate = f' transform="rotate(-35 {x:.1f} {y})"' if tilt else ""
            body.append(f'<text x="{x:.1f}" y="{y}" text-anchor="{"end" if tilt else "middle"}"{rotate}>'
                        f"{escape(level[:14])}</text>")
    body += fr.axes(p.label, xticks=False)
    body += legend(fr, [str(c) for c in classes] if classes is not None and k_models > 1 else [])
    return _figure(p, "bars", svg_element(fr, body, f"f of {p.label}"), note)


def _level_curves(p):
    """A pair with a categorical input: one curve per level of it (at most MAX_LEVEL_CURVES, the largest spread)."""
    curves = p.curves
    note = ""
    if len(curves) > MAX_LEVEL_CURVES:
        keep = sorted(np.argsort([-np.ptp(c) for _, c in curves])[:MAX_LEVEL_CURVES])
        note = f"{MAX_LEVEL_CURVES} of {len(curves)} levels of {p.level_label} shown: those with the largest spread"
        curves = [curves[i] for i in keep]
    values = np.concatenate([c for _, c in curves]) if curves else np.zeros(1)
    x = np.arange(len(p.x_levels), dtype=float) if p.x_levels else p.x
    fr = Frame((x.min(), x.max()) if x.size else (0, 1), (values.min(), values.max()))
    body = fr.zero()
    for k, (level, f) in enumerate(curves):
        pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(fr.x(x), fr.y(f)))
        tip = f"{p.level_label} = {level}"
        body.append(f'<polyline class="curve" points="{pts}" fill="none" stroke="{COLOURS[k % len(COLOURS)]}" '
                    f'stroke-width="1.6" data-tip="{escape(tip)}"/>')
    edges = np.concatenate([[fr.x0], (fr.x(x[1:]) + fr.x(x[:-1])) / 2, [fr.x1]]) if x.size else []
    for j in range(len(x)):
        at = p.x_levels[j] if p.x_levels else _fmt(x[j])
        tip = f"{p.label} = {at}\n" + "\n".join(f"{level}: f = {_fmt(f[j])}" for level, f in curves)
        body.append(f'<rect class="strip" x="{edges[j]:.1f}" y="{fr.y0}" width="{max(edges[j + 1] - edges[j], 0.5):.1f}" '
                    f'height="{fr.y1 - fr.y0}" data-tip="{escape(tip)}"/>')
    body += fr.axes(p.label, xticks=not p.x_levels)
    body += legend(fr, [level for level, _ in curves], title=p.level_label)
    return _figure(p, "level-curves", svg_element(fr, body, f"f of {p.label} by {p.level_label}"), note)


def _heatmap(p):
    """A pair of numeric inputs: f^d over the grid as coloured cells (blue below zero, red above; with its band,
    the cells where the band holds 0 faded), the data's points; each cell's hover gives both inputs, f^d and its
    band."""
    fr = Frame((p.x1.min(), p.x1.max()), (p.x2.min(), p.x2.max()))
    lim = max(float(np.abs(p.f).max()), 1e-300)
    body = []
    dx = np.diff(p.x1).mean() if len(p.x1) > 1 else 1.0
    dy = np.diff(p.x2).mean() if len(p.x2) > 1 else 1.0
    for i, v in enumerate(p.x2):
        for j, u in enumerate(p.x1):
            left, right = fr.x(u - dx / 2), fr.x(u + dx / 2)
            top, bottom = fr.y(v + dy / 2), fr.y(v - dy / 2)
            tip = f"{p.labels[0]} = {_fmt(u)}, {p.labels[1]} = {_fmt(v)}\nf = {_fmt(p.f[i, j])}"
            faded = ""
            if p.half is not None:
                tip += f" ± {_fmt(p.half[i, j])}"
                faded = ' fill-opacity="0.3"' if abs(p.f[i, j]) <= p.half[i, j] else ""
            body.append(f'<rect class="cell" x="{left:.1f}" y="{top:.1f}" width="{right - left + 0.4:.1f}" '
                        f'height="{bottom - top + 0.4:.1f}" fill="{diverging(p.f[i, j] / lim, p.selected)}"{faded} '
                        f'data-tip="{escape(tip)}"/>')
    points = p.points[~np.isnan(p.points).any(axis=1)]
    for a, b in zip(fr.x(_sample(points[:, 0], RUG_POINTS)), fr.y(_sample(points[:, 1], RUG_POINTS))):
        body.append(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="1.2" fill="#000" fill-opacity="0.35" '
                    'pointer-events="none"/>')
    body += fr.axes(p.labels[0])
    body.append(f'<text x="10" y="{(fr.y0 + fr.y1) / 2:.1f}" text-anchor="middle" '
                f'transform="rotate(-90 10 {(fr.y0 + fr.y1) / 2:.1f})">{escape(p.labels[1])}</text>')
    note = f"colour: f from {_fmt(-lim)} (blue) to {_fmt(lim)} (red)"
    if p.half is not None:
        note += "; faded: the band holds 0"
    return _figure(p, "heatmap", svg_element(fr, body, f"f of {p.labels[0]} and {p.labels[1]}"), note)


# ---------------------------------------------------------------------- explanations
def _explanations(model, X, drawn, max_rows):
    """The per-row waterfalls: the intercept, then each component's contribution (largest first), ending at the
    model's output for the row (its decision value for a classifier, the log of its mean for a Poisson model); one
    row shown at a time."""
    head = X[:max_rows] if hasattr(X, "__getitem__") and not isinstance(X, (list, tuple)) else X
    codes = input_codes(model, head)[:max_rows]  # the first rows (of a pandas, polars or NumPy table)
    contrib = np.asarray(model.contributions(training_inputs(model, codes)), dtype=float)
    intercept = np.atleast_1d(np.asarray(model.intercept_, dtype=float))
    n, D = codes.shape[0], len(model.components_)
    contrib = contrib.reshape(n, D, -1)
    names = [r["component"] for r in drawn.rows]
    what = "decision value" if drawn.classes is not None else (
        "log of the predicted mean" if getattr(model, "family", "squared") == "poisson" else "prediction")
    options, figures = [], []
    for i in range(n):
        k = _output_of(model, contrib[i], intercept, drawn.classes)
        c = contrib[i, :, k]
        b = float(intercept[k] if intercept.size > 1 else intercept[0])
        label = f"row {i}: {what} {_fmt(b + c.sum())}"
        if drawn.classes is not None and contrib.shape[2] > 1:
            label += f" (class {drawn.classes[k]})"
        options.append(f'<option value="{i}">{escape(label)}</option>')
        figures.append(_waterfall(model, i, codes[i], c, b, names, drawn.labels, what))
    return ('<section id="explanations"><h2>Per-row explanations</h2>'
            '<p class="note">The model\'s output for one row taken apart: the intercept, then each component\'s '
            "contribution f<sup>d</sup>(x<sup>d</sup>), largest first.</p>"
            f'<label>Row <select id="row-select">{"".join(options)}</select></label>'
            f'<div id="waterfalls">{"".join(figures)}</div></section>')


def _output_of(model, contrib, intercept, classes):
    """The output column to explain: the only one, or the class with the largest decision value."""
    if contrib.shape[1] == 1:
        return 0
    return int(np.argmax(contrib.sum(axis=0) + intercept))


def _waterfall(model, i, codes, c, b, names, labels, what):
    """One row's waterfall as an SVG (hidden unless it is the first)."""
    order = [int(d) for d in np.argsort(-np.abs(c)) if c[d] != 0.0]
    steps = [("intercept", b, "")] + [(names[d], c[d], _inputs_text(model, d, codes, labels)) for d in order]
    steps = [(inputs if inputs.split(" = ")[0] == name else name, v, "" if inputs.split(" = ")[0] == name else inputs)
             for name, v, inputs in steps]  # a one-input component is named by its input: "age = 45"
    ends = np.cumsum([v for _, v, _ in steps])
    starts = np.concatenate([[0.0], ends[:-1]])
    total = ends[-1]
    h_row = 18
    size = (640, 40 + h_row * (len(steps) + 1))
    left = 190
    values = np.concatenate([starts, ends, [0.0]])
    lo, hi = values.min(), values.max()
    span = (hi - lo) or 1.0
    lo, hi = lo - 0.05 * span, hi + 0.05 * span

    def x(v):
        return left + (v - lo) / (hi - lo) * (size[0] - left - 20)

    body = []
    for j, (name, v, inputs) in enumerate(steps + [(what, total, "")]):
        y = 10 + j * h_row
        a, z = (0.0, total) if j == len(steps) else (starts[j], ends[j])
        colour = "#555" if j in (0, len(steps)) else ("#2ca02c" if v >= 0 else "#d62728")
        tip = f"{name}{' (' + inputs + ')' if inputs else ''}\n{'+' if v >= 0 and 0 < j < len(steps) else ''}{_fmt(v)}"
        if 0 < j < len(steps):
            tip += f"; running total {_fmt(z)}"
        x0, x1 = sorted((x(a), x(z)))
        body.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end">{escape((name + ("  " + inputs if inputs else ""))[:34])}</text>')
        body.append(f'<rect class="step" x="{x0:.1f}" y="{y + 2}" width="{max(x1 - x0, 1.0):.1f}" height="{h_row - 5}" '
                    f'fill="{colour}" data-tip="{escape(tip)}"/>')
        body.append(f'<text x="{x1 + 4:.1f}" y="{y + 12}">{_fmt(v)}</text>')
    zero = x(0.0)
    body.append(f'<line class="zero" x1="{zero:.1f}" y1="6" x2="{zero:.1f}" y2="{size[1] - 20}"/>')
    display = "" if i == 0 else ' style="display:none"'
    return (f'<svg class="waterfall" data-row="{i}"{display} width="{size[0]}" height="{size[1]}" '
            f'viewBox="0 0 {size[0]} {size[1]}" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'aria-label="row {i}">{"".join(body)}</svg>')


def _inputs_text(model, d, codes, labels):
    """'name = value' of component d's inputs in one row (a level's name; "missing")."""
    comp = model.components_[d]
    out = []
    factors = comp.factors or (comp,)
    for j in comp.columns:
        v = codes[j]
        levels = next((getattr(f, "levels", ()) for f in factors if j in f.columns and getattr(f, "levels", ())), ())
        if np.isnan(v):
            text = "missing"
        elif levels and 0 <= int(v) < len(levels):
            text = str(levels[int(v)])
        else:
            text = _fmt(v)
        out.append(f"{labels[j]} = {text}")
    return ", ".join(out)
