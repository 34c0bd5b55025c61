"""A small SVG toolkit for the HTML report: a panel's frame (data to pixels, axes and round ticks), the svg element,
text escaped for HTML, the colours of curves and of a diverging heat map, and a legend."""

from __future__ import annotations

import html

import numpy as np


PANEL = (340, 230)  # width, height of a component's panel (SVG pixels)
MARGIN = (48, 12, 14, 44)  # left, right, top, bottom
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf")


def escape(text):
    return html.escape(str(text), quote=True)


class Frame:
    """The plot area of a panel: data (x, y) to SVG pixels, and its axes with ticks."""

    def __init__(self, xlim, ylim, size=PANEL):
        self.w, self.h = size
        left, right, top, bottom = MARGIN
        self.x0, self.x1, self.y0, self.y1 = left, self.w - right, top, self.h - bottom
        self.xlim, self.ylim = _padded(xlim), _padded(ylim)

    def x(self, v):
        lo, hi = self.xlim
        return self.x0 + (np.asarray(v, dtype=float) - lo) / (hi - lo) * (self.x1 - self.x0)

    def y(self, v):
        lo, hi = self.ylim
        return self.y1 - (np.asarray(v, dtype=float) - lo) / (hi - lo) * (self.y1 - self.y0)

    def axes(self, xlabel, xticks=True):
        """The axes' lines, the y ticks, the x ticks (unless False: a bar chart labels its own) and the x label."""
        out = [f'<line class="axis" x1="{self.x0}" y1="{self.y1}" x2="{self.x1}" y2="{self.y1}"/>',
               f'<line class="axis" x1="{self.x0}" y1="{self.y0}" x2="{self.x0}" y2="{self.y1}"/>']
        ticks = _ticks(*self.ylim)
        for t in ticks:
            y = self.y(t)
            out.append(f'<line class="axis" x1="{self.x0 - 4}" y1="{y:.1f}" x2="{self.x0}" y2="{y:.1f}"/>'
                       f'<text x="{self.x0 - 6}" y="{y + 3:.1f}" text-anchor="end">{_tick_label(t, ticks)}</text>')
        if xticks:
            ticks = _ticks(*self.xlim)
            for t in ticks:
                x = self.x(t)
                out.append(f'<line class="axis" x1="{x:.1f}" y1="{self.y1}" x2="{x:.1f}" y2="{self.y1 + 4}"/>'
                           f'<text x="{x:.1f}" y="{self.y1 + 14}" text-anchor="middle">{_tick_label(t, ticks)}</text>')
        out.append(f'<text x="{(self.x0 + self.x1) / 2:.1f}" y="{self.h - 4}" text-anchor="middle">'
                   f"{escape(xlabel)}</text>")
        return out

    def zero(self):
        if self.ylim[0] < 0 < self.ylim[1]:
            y = self.y(0.0)
            return [f'<line class="zero" x1="{self.x0}" y1="{y:.1f}" x2="{self.x1}" y2="{y:.1f}"/>']
        return []


def _padded(lim):
    lo, hi = float(lim[0]), float(lim[1])
    if not np.isfinite(lo) or not np.isfinite(hi):
        lo, hi = 0.0, 1.0
    if hi <= lo:
        lo, hi = lo - 0.5, hi + 0.5
    pad = 0.04 * (hi - lo)
    return lo - pad, hi + pad


def _ticks(lo, hi, n=5):
    """Round tick values within [lo, hi]: steps of 1, 2 or 5 times a power of ten."""
    raw = (hi - lo) / n
    power = 10.0 ** np.floor(np.log10(raw))
    step = power * min((s for s in (1, 2, 5, 10) if s * power >= raw), default=10)
    return np.arange(np.ceil(lo / step) * step, hi + step * 1e-9, step)


def _tick_label(t, ticks):
    """A tick's label with the decimals its axis' step needs (a year reads 2010, not 2.01e+03); scientific notation
    only beyond 1e6 or below 1e-4."""
    if abs(t) < 1e-12 * max(1.0, float(np.max(np.abs(ticks)))):
        return "0"
    step = float(np.min(np.diff(ticks))) if len(ticks) > 1 else abs(t)
    if not 1e-4 <= max(abs(t), step) < 1e6:
        return f"{t:.3g}"
    return f"{t:.{max(0, int(-np.floor(np.log10(step))))}f}"


def svg_element(frame, body, label):
    return (f'<svg role="img" aria-label="{escape(label)}" width="{frame.w}" height="{frame.h}" '
            f'viewBox="0 0 {frame.w} {frame.h}" xmlns="http://www.w3.org/2000/svg">' + "".join(body) + "</svg>")


def diverging(t, selected):
    """A colour for t in [-1, 1]: blue (negative), white, red (positive); greys for a dropped component."""
    t = float(np.clip(t, -1.0, 1.0))
    if not selected:
        g = int(255 - 120 * abs(t))
        return f"rgb({g},{g},{g})"
    far = (178, 24, 43) if t > 0 else (33, 102, 172)
    r, g, b = (int(255 + (c - 255) * abs(t)) for c in far)
    return f"rgb({r},{g},{b})"


def colour(k, selected):
    return COLOURS[k % len(COLOURS)] if selected else "#999"


def legend(fr, names, title=""):
    if not names:
        return []
    out = [f'<text x="{fr.x1 - 4}" y="{fr.y0 + 8}" text-anchor="end">{escape(title)}</text>'] if title else []
    for k, name in enumerate(names):
        y = fr.y0 + 8 + 11 * (k + (1 if title else 0))
        out.append(f'<text x="{fr.x1 - 4}" y="{y}" text-anchor="end" fill="{COLOURS[k % len(COLOURS)]}" '
                   f'style="fill:{COLOURS[k % len(COLOURS)]}">{escape(name[:16])}</text>')
    return out
