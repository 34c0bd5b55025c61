"""The HTML report (cwlssvm.report, `cwlssvm report`): its structure without a browser. tools/check_report.sh opens
it in headless Chromium."""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import NotFittedError

import cwlssvm
import cwlssvm.components as C
from cwlssvm.datasets import make_additive
from cwlssvm.html_report import report_html

VOID = {"meta", "br", "input", "img", "link", "hr", "line", "circle", "rect", "polygon", "polyline", "path"}


class Structure(HTMLParser):
    """Tags opened and closed in order (void and self-closing elements excepted); external references."""

    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.external = [], [], []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith("#"):
                self.external.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def check_page(page):
    parser = Structure()
    parser.feed(page)
    assert parser.errors == [] and parser.stack == [], (parser.errors, parser.stack)
    assert parser.external == []  # opens offline: nothing loaded from elsewhere
    for svg in re.findall(r"<svg.*?</svg>", page, flags=re.S):
        ET.fromstring(svg)  # every drawing is well-formed XML
    return parser


def panels(page):
    return re.findall(r'<figure class="panel[^"]*" data-kind="([^"]+)" data-component="([^"]+)"', page)


@pytest.fixture(scope="module")
def additive():
    X, y, _ = make_additive(n=150, seed=0)
    return X, y, cwlssvm.ComponentwiseLSSVR(sigma=1.5, gamma=50.0).fit(X, y)


def test_one_panel_per_component_with_bands_and_hover(additive):
    X, y, model = additive
    page = report_html(model, X[:7])
    check_page(page)
    assert [name for _, name in panels(page)] and sorted(name for _, name in panels(page)) == sorted(
        c.name for c in model.components_)
    assert {kind for kind, _ in panels(page)} == {"curve"}
    assert page.count('class="band"') == 10  # a 95% band per curve
    assert page.count('class="strip"') == 10 * 200  # a hover strip per grid point
    assert page.count("<tr") == 1 + 10  # the summary table: a header and one row per component
    assert page.count('class="waterfall"') == 7
    assert len(page) < 5e6


def test_one_panel_per_input_by_column(tmp_path):
    # an RBF and a linear component on x0: by="column" draws x0's whole effect in one panel with one band, the
    # table and the waterfalls stay per component
    X, y, _ = make_additive(n=120, seed=1)
    X = X[:, :3]
    model = cwlssvm.ComponentwiseLSSVR([C.rbf(0), C.rbf(1), C.rbf(2), C.linear(0)], sigma=1.5, gamma=50.0).fit(X, y)
    page = report_html(model, X[:2], by="column", n_grid=40)
    check_page(page)
    assert sorted(name for _, name in panels(page)) == ["x0", "x1", "x2"]
    assert page.count('class="band"') == 3
    assert page.count("<tr") == 1 + 4  # the table: one row per component
    assert len(panels(report_html(model, X[:2], n_grid=40))) == 4  # by component
    with pytest.raises(ValueError, match="by must be one of"):
        report_html(model, by="inputs")
    from cwlssvm import cli

    model.save(tmp_path / "m.cwl")
    assert cli.main(["report", str(tmp_path / "m.cwl"), "-o", str(tmp_path / "r.html"), "--by-column"]) == 0
    assert sorted(name for _, name in panels((tmp_path / "r.html").read_text(encoding="utf-8"))) == ["x0", "x1", "x2"]


def test_a_waterfall_adds_up_to_the_prediction(additive):
    X, y, model = additive
    page = report_html(model, X[:3], bands=None)
    assert 'class="band"' not in page
    for i, svg in enumerate(re.findall(r'<svg class="waterfall".*?</svg>', page, flags=re.S)):
        values = [float(v) for v in re.findall(r'class="step"[^>]*data-tip="[^"]*?\n([-+0-9.e]+)', svg)]
        intercept, steps, total = values[0], values[1:-1], values[-1]
        assert total == pytest.approx(model.predict(X[i:i + 1])[0], rel=1e-3)
        assert intercept + sum(steps) == pytest.approx(total, rel=1e-3, abs=1e-3)


def test_table_with_levels_blanks_and_pairs():
    rng = np.random.default_rng(0)
    n = 400
    df = pd.DataFrame({"age": rng.uniform(20, 60, n), "city": rng.choice(["Ghent", "Leuven", "<b>Aalst</b>"], n),
                       "income": rng.normal(size=n), "size": rng.normal(size=n)})
    df.loc[rng.choice(n, 30, replace=False), "income"] = np.nan
    y = np.sin(df.age / 8) + (df.city == "Ghent") + np.nan_to_num(df.income) * df["size"] + rng.normal(0, 0.3, n)
    model = cwlssvm.ComponentwiseLSSVR(gamma=20.0, interactions=[("income", "size"), ("age", "city")]).fit(df, y)
    page = report_html(model, df.iloc[:5])
    check_page(page)
    kinds = dict((name, kind) for kind, name in panels(page))
    assert kinds == {"age": "curve", "city": "bars", "income": "curve", "size": "curve", "income:size": "heatmap",
                     "age:city": "level-curves"}
    assert 'class="missing"' in page  # income's missing value: its own point
    assert "<b>Aalst</b>" not in page and "&lt;b&gt;Aalst&lt;/b&gt;" in page  # text is escaped
    assert page.count('class="cell"') == 40 * 40  # the heat map's grid


def test_classifier_of_three_classes():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    model = cwlssvm.ComponentwiseLSSVC(gamma=10.0).fit(X, y)
    page = report_html(model, X[::30])
    check_page(page)
    assert len(panels(page)) == 4 and 'class="band"' not in page  # classifiers have no bands
    assert page.count('class="waterfall"') == 5 and "(class " in page


def test_dropped_components_are_grey_and_named():
    X, y, _ = make_additive(n=120, seed=1)
    model = cwlssvm.SparseComponentwiseLSSVR(sigma=1.5, gamma=50.0, lam=200.0).fit(X, y)
    page = report_html(model)
    check_page(page)
    dropped = page.count('class="panel dropped"')
    assert dropped == 10 - len(model.selected_components_) and 0 < dropped < 10


def test_bad_arguments(additive):
    X, y, model = additive
    for kwargs, name in (({"max_rows": -1}, "max_rows"), ({"n_grid": 1}, "n_grid"), ({"bands": "wide"}, "bands"),
                         ({"bands": 1.5}, "bands")):
        with pytest.raises(ValueError, match=name):
            report_html(model, X[:2], **kwargs)
    with pytest.raises(NotFittedError):
        report_html(cwlssvm.ComponentwiseLSSVR())
    with pytest.raises(ValueError, match="columns"):
        report_html(model, X[:2, :3])


def test_writes_the_file_and_the_command_line(tmp_path, additive):
    X, y, model = additive
    path = cwlssvm.report(model, X[:2], tmp_path / "model.html")
    with open(path, encoding="utf-8") as fh:
        assert fh.read().startswith("<!DOCTYPE html>")
    model.save(tmp_path / "model.cwl")
    pd.DataFrame(X, columns=[f"x{j}" for j in range(10)]).to_csv(tmp_path / "rows.csv", index=False)
    run = [sys.executable, "-m", "cwlssvm", "report", str(tmp_path / "model.cwl")]
    res = subprocess.run(run + [str(tmp_path / "rows.csv"), "-o", str(tmp_path / "cli.html"), "--rows", "4"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    page = (tmp_path / "cli.html").read_text(encoding="utf-8")
    check_page(page)
    assert page.count('class="waterfall"') == 4 and 'class="band"' in page
    res = subprocess.run(run + ["-o", str(tmp_path / "no" / "such" / "dir.html")], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 2 and "no such directory" in res.stderr
    res = subprocess.run(run + ["--rows", "-3", "-o", str(tmp_path / "x.html")], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 2 and "max_rows" in res.stderr and not (tmp_path / "x.html").exists()


def test_a_poisson_waterfall_ends_at_the_log_of_the_mean():
    from cwlssvm.datasets import make_poisson_additive

    X, y, _ = make_poisson_additive(n=200, seed=0)
    model = cwlssvm.ComponentwiseLSSVR(family="poisson", gamma=10.0).fit(X, y)
    page = report_html(model, X[:2])
    check_page(page)
    assert "log of the predicted mean" in page
    svg = re.findall(r'<svg class="waterfall".*?</svg>', page, flags=re.S)[0]
    total = float(re.findall(r'class="step"[^>]*data-tip="[^"]*?\n([-+0-9.e]+)', svg)[-1])
    assert total == pytest.approx(np.log(model.predict(X[:1])[0]), rel=1e-3, abs=1e-3)
