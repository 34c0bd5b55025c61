"""plot_components (Agg backend), summary / repr, and scikit-learn's PartialDependenceDisplay."""

import numpy as np
import pandas as pd
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from sklearn.inspection import PartialDependenceDisplay  # noqa: E402

import cwlssvm  # noqa: E402
from cwlssvm import components as C  # noqa: E402
from cwlssvm.datasets import make_additive  # noqa: E402


def _visible_panels(fig):
    return [ax for ax in fig.axes if ax.get_visible() and ax.get_label() != "<colorbar>"]


@pytest.fixture(scope="module")
def sparse_model():
    X, y, _ = make_additive(n=100, seed=0)
    return cwlssvm.SparseComponentwiseLSSVR(penalty="stp", one_se=True).fit(X, y)  # x0..x3 kept


def test_one_panel_per_component_selected_first(sparse_model):
    fig = cwlssvm.plot_components(sparse_model)
    panels = _visible_panels(fig)
    assert len(panels) == 10
    titles = [ax.get_title() for ax in panels]
    assert sorted(titles[:4]) == ["x0", "x1", "x2", "x3"]
    assert all(t.endswith("(dropped)") for t in titles[4:])
    # the dropped components are drawn as zero functions, in grey
    line = panels[5].get_lines()[0]
    assert np.allclose(line.get_ydata(), 0.0) and line.get_color() == "0.6"
    plt.close(fig)


def test_subset_by_name_and_given_axes(sparse_model):
    fig, axes = plt.subplots(1, 2)
    out = cwlssvm.plot_components(sparse_model, components=["x1", 0], ax=axes)
    assert out is fig
    assert [ax.get_title() for ax in axes] == ["x0", "x1"]
    with pytest.raises(ValueError, match="unknown component 'x42'"):
        cwlssvm.plot_components(sparse_model, components=["x42"])
    with pytest.raises(ValueError, match="3 panels to draw but 2 Axes"):
        cwlssvm.plot_components(sparse_model, components=[0, 1, 2], ax=axes)
    plt.close("all")


def test_interaction_components_are_heat_maps():
    X, y, _ = make_additive(n=80, seed=1)
    y = y + 3 * X[:, 0] * X[:, 1]
    model = cwlssvm.ComponentwiseLSSVR(components=[C.rbf(0), C.rbf(1), C.rbf((0, 1)), C.rbf((2, 3, 4))],
                                       sigma=1.0, gamma=10.0).fit(X, y)
    fig = cwlssvm.plot_components(model)
    panels = {ax.get_title(): ax for ax in _visible_panels(fig)}
    assert set(panels) == {"x0", "x1", "x0:x1", "x2:x3:x4"}
    assert panels["x0:x1"].collections  # the heat map (and the data points)
    assert not panels["x2:x3:x4"].axison  # named, not drawn
    assert "interaction of 3 inputs" in panels["x2:x3:x4"].texts[0].get_text()
    plt.close(fig)


def test_multiclass_draws_one_curve_per_class():
    X, y, _ = make_additive(n=90, seed=3)
    labels = np.digitize(y, np.quantile(y, [1 / 3, 2 / 3]))
    model = cwlssvm.ComponentwiseLSSVC(sigma=1.0, gamma=10.0).fit(X, labels)
    fig = cwlssvm.plot_components(model, components=[0])
    assert len(_visible_panels(fig)[0].get_lines()) == 3 + 2  # 3 classes, the zero line, the rug
    plt.close(fig)


def test_dataframe_input_labels_the_axes():
    X, y, _ = make_additive(n=80, seed=2)
    df = pd.DataFrame(X, columns=[f"in{j}" for j in range(10)])
    model = cwlssvm.ComponentwiseLSSVR(sigma=1.0, gamma=10.0).fit(df, y)
    fig = cwlssvm.plot_components(model, X=df.iloc[:40], components=["in2"])
    assert _visible_panels(fig)[0].get_xlabel() == "in2"
    plt.close(fig)


def test_partial_dependence_display_works(sparse_model):
    X, _, _ = make_additive(n=100, seed=0)
    disp = PartialDependenceDisplay.from_estimator(sparse_model, X, features=[0, 4])
    pd_x4 = disp.pd_results[1]["average"][0]
    assert np.ptp(pd_x4) < 1e-10  # a dropped component has a flat partial dependence
    plt.close("all")


def test_summary_and_repr(sparse_model):
    text = sparse_model.summary()
    lines = text.splitlines()
    assert lines[0].split() == ["component", "kernel", "norm", "spread", "selected"]
    assert {ln.split()[0] for ln in lines[1:5]} == {"x0", "x1", "x2", "x3"}  # selected first
    assert all(ln.endswith("no") for ln in lines[5:])
    assert repr(sparse_model).endswith(text)
    assert "component" not in repr(cwlssvm.ComponentwiseLSSVR())  # unfitted: the usual repr


def test_missing_matplotlib_names_the_extra(monkeypatch, sparse_model):
    import builtins

    real_import = builtins.__import__

    def fake_import(name, *args, **kw):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(ImportError, match=r'pip install "cwlssvm\[plot\]"'):
        cwlssvm.plot_components(sparse_model)
