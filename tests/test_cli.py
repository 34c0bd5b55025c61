"""The command line on temporary CSV files: every command and every bad input.

The commands run through ``cwlssvm.cli.main`` in this process, with what a fresh process has (warnings shown, not
raised; the working directory given) and what a subprocess reports (exit status, stdout, stderr); starting an
interpreter that imports the package for each would cost seconds a command. The console script, ``python -m
cwlssvm`` and the help run as real processes (test_console_script_and_demo, test_help_on_every_command).
"""

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

from cwlssvm.cli import main
from cwlssvm.datasets import make_additive


def run(*args, cwd=None):
    """``cwlssvm *args`` (in ``cwd``) as a CompletedProcess: its exit status, stdout and stderr."""
    out, err, here, show = io.StringIO(), io.StringIO(), os.getcwd(), warnings.formatwarning
    try:
        if cwd is not None:
            os.chdir(cwd)
        with warnings.catch_warnings(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            warnings.simplefilter("default")  # as a fresh interpreter: shown once, not raised
            try:
                code = main([str(a) for a in args])
            except SystemExit as stop:  # argparse: --help, or a bad command line
                code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    finally:
        os.chdir(here)
        warnings.formatwarning = show  # main() sets the command line's one-line format
    return subprocess.CompletedProcess(["cwlssvm", *map(str, args)], code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("cli")
    X, y, _ = make_additive(n=100, seed=0)
    df = pd.DataFrame(X, columns=[f"x{j + 1}" for j in range(10)])
    df["y"] = y
    df.to_csv(d / "additive.csv", index=False)
    df.assign(label=np.where(y > np.median(y), "high", "low")).drop(columns="y").to_csv(d / "labels.csv", index=False)
    df.assign(city="Leuven").to_csv(d / "text.csv", index=False)
    df.assign(x3=df["x3"].astype(object).where(df.index != 4, "abc")).to_csv(d / "stray.csv", index=False)
    df.assign(y=df["y"].where(df.index != 5)).to_csv(d / "nan_target.csv", index=False)
    (d / "not_a_model.npz").write_bytes(b"PK\x03\x04 not really a zip")
    model = d / "model.npz"
    res = run("fit", d / "additive.csv", "--target", "y", "--select", "stp", "--quiet", "-o", model)
    assert res.returncode == 0, res.stderr
    return d, res


def test_help_on_every_command():
    res = subprocess.run([sys.executable, "-m", "cwlssvm", "--help"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and "usage: cwlssvm" in res.stdout
    for cmd in ("fit", "predict", "inspect", "plot", "report", "demo"):
        res = run(cmd, "--help")
        assert res.returncode == 0 and f"usage: cwlssvm {cmd}" in res.stdout


def test_fit_prints_the_component_table(files):
    d, res = files
    lines = res.stdout.splitlines()
    header = next(i for i, ln in enumerate(lines) if ln.startswith("component"))
    rows = [ln.split() for ln in lines[header + 1 : header + 11]]
    assert {r[0] for r in rows if r[-1] == "yes"} == {"x1", "x2", "x3", "x4"}
    assert "task regression" in res.stderr and "selecting components (STP)" in res.stderr
    assert (d / "model.npz").exists()


def test_predict_inspect_plot(files):
    d, _ = files
    res = run("predict", d / "model.npz", d / "additive.csv", "-o", d / "pred.csv")
    assert res.returncode == 0, res.stderr
    pred = pd.read_csv(d / "pred.csv")
    assert list(pred.columns) == ["prediction"] and len(pred) == 100
    truth = pd.read_csv(d / "additive.csv")["y"]
    assert np.corrcoef(pred["prediction"], truth)[0, 1] > 0.9
    res = run("inspect", d / "model.npz")
    assert res.returncode == 0, res.stderr
    assert "SparseComponentwiseLSSVR" in res.stdout and "x10" in res.stdout and "selected" in res.stdout
    pytest.importorskip("matplotlib")
    res = run("plot", d / "model.npz", d / "additive.csv", "-o", d / "fig.png")
    assert res.returncode == 0, res.stderr
    assert (d / "fig.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_fit_by_restricted_likelihood_at_the_default_width(files):
    d, _ = files
    res = run("fit", d / "additive.csv", "--target", "y", "--tune", "reml", "--quiet", "-o", d / "reml.npz")
    assert res.returncode == 0, res.stderr
    auto = run("fit", d / "additive.csv", "--target", "y", "--quiet", "-o", d / "auto.npz")
    width = [re.search(r"sigma=([0-9.e+-]+),", r.stdout).group(1) for r in (res, auto)]
    assert width[0] == width[1] and "selected" in res.stdout  # leave-one-out's width, as --tune auto's
    assert "gamma=one per component" in res.stdout
    res = run("predict", d / "reml.npz", d / "additive.csv", "-o", d / "reml.csv")
    assert res.returncode == 0, res.stderr
    pred, truth = pd.read_csv(d / "reml.csv")["prediction"], pd.read_csv(d / "additive.csv")["y"]
    assert np.corrcoef(pred, truth)[0, 1] > 0.9
    res = run("fit", d / "additive.csv", "--target", "y", "--tune", "reml", "--select", "stp", "-o", d / "x.npz")
    assert res.returncode == 2 and "--tune reml" in res.stderr


def test_fit_with_shapes(files):
    d, _ = files
    res = run("fit", d / "additive.csv", "--target", "y", "--increasing", "x1", "--concave", "x3", "--quiet", "-o",
              d / "shaped.npz")
    assert res.returncode == 0, res.stderr
    assert "increasing)" in res.stdout and "concave)" in res.stdout


def test_fit_classification_with_kfold_tuning_and_fusion(files):
    d, _ = files
    res = run("fit", d / "labels.csv", "--target", "label", "--tune", "kfold", "--quiet", "-o", d / "clf.npz")
    assert res.returncode == 0, res.stderr
    assert "task classification" in res.stderr
    res = run("predict", d / "clf.npz", d / "labels.csv", "-o", d / "clf.csv")
    assert res.returncode == 0, res.stderr
    pred = pd.read_csv(d / "clf.csv")
    assert set(pred["prediction"]) <= {"high", "low"}
    assert {"proba_high", "proba_low"} <= set(pred.columns)
    res = run("fit", d / "additive.csv", "--target", "y", "--select", "fusion", "--features", "x1,x2,x3,x4,x5",
              "-o", d / "fusion.npz")
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("args,message", [
    (["fit", "{d}/missing.csv", "--target", "y", "-o", "{d}/out.npz"], "DATA: no such file"),
    (["fit", "{d}/additive.csv", "--target", "nope", "-o", "{d}/out.npz"], "--target: unknown column 'nope'"),
    (["fit", "{d}/stray.csv", "--target", "y", "-o", "{d}/out.npz"], "column 'x3' is not numeric ('abc' in data row 5)"),
    (["fit", "{d}/additive.csv", "--target", "y", "--categorical", "zz", "-o", "{d}/out.npz"],
     "--categorical: 'zz' is not among the features"),
    (["fit", "{d}/nan_target.csv", "--target", "y", "-o", "{d}/out.npz"], "has 1 missing value"),
    (["fit", "{d}/additive.csv", "--target", "y", "--features", "x1,zz", "-o", "{d}/out.npz"], "unknown column(s) 'zz'"),
    (["predict", "{d}/not_a_model.npz", "{d}/additive.csv", "-o", "{d}/out.csv"], "not a readable cwlssvm model"),
    (["predict", "{d}/additive.csv", "{d}/additive.csv", "-o", "{d}/out.csv"], "not a cwlssvm model file"),
    (["predict", "{d}/missing.npz", "{d}/additive.csv", "-o", "{d}/out.csv"], "MODEL: no such file"),
    (["predict", "{d}/model.npz", "{d}/labels.csv", "-o", "{d}/out.csv"], "unknown column(s) 'x10'"),
    (["inspect", "{d}/labels.csv"], "not a cwlssvm model file"),
    (["fit", "{d}/labels.csv", "--target", "label", "--family", "poisson", "-o", "{d}/out.npz"],
     "--family poisson: a classification model takes squared or logistic"),
    (["fit", "{d}/additive.csv", "--target", "y", "--family", "poisson", "--select", "l1", "-o", "{d}/out.npz"],
     "--select l1 is for --family squared only"),
    (["fit", "{d}/text.csv", "--target", "y", "--increasing", "city", "-o", "{d}/out.npz"],
     "--increasing: 'city' is not a numeric feature column"),
    (["fit", "{d}/additive.csv", "--target", "y", "--increasing", "x1", "--convex", "x1", "-o", "{d}/out.npz"],
     "--convex: 'x1' already has the shape 'increasing'"),
    (["fit", "{d}/additive.csv", "--target", "y", "--increasing", "x1", "--select", "l1", "-o", "{d}/out.npz"],
     "shapes are fitted with --select none"),
    (["plot", "{d}/model.npz", "{d}/text.csv", "-o", "{d}/out.png"], None),
])
def test_bad_input_is_one_line_and_no_output(files, args, message):
    d, _ = files
    if args[0] == "predict" and "labels.csv" in args[2]:
        pd.read_csv(d / "labels.csv").drop(columns="x10").to_csv(d / "labels.csv.tmp", index=False)
        args = [a.replace("labels.csv", "labels.csv.tmp") for a in args]
    res = run(*[a.format(d=d) for a in args])
    if message is None:  # extra non-numeric columns are ignored when the model's features are all there
        assert res.returncode == 0, res.stderr
        return
    assert res.returncode == 2
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("cwlssvm: error:") and message in err[0], res.stderr
    assert "Traceback" not in res.stderr
    assert not any(p.name.startswith("out.") for p in d.iterdir())
    assert not any(p.name.startswith("tmp") for p in d.iterdir())


def test_fit_logistic_family(files):
    d, _ = files
    res = run("fit", d / "labels.csv", "--target", "label", "--family", "logistic", "--quiet", "-o", d / "logit.npz")
    assert res.returncode == 0, res.stderr
    res = run("predict", d / "logit.npz", d / "labels.csv", "-o", d / "logit.csv")
    assert res.returncode == 0, res.stderr
    pred = pd.read_csv(d / "logit.csv")
    np.testing.assert_allclose(pred["proba_high"] + pred["proba_low"], 1.0)
    truth = pd.read_csv(d / "labels.csv")["label"]
    assert np.mean(pred["prediction"] == truth) > 0.8


def test_console_script_and_demo(tmp_path):
    exe = shutil.which("cwlssvm")
    cmd = [exe] if exe else [sys.executable, "-m", "cwlssvm"]
    res = subprocess.run([*cmd, "demo"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "x0" in res.stdout and "x9" in res.stdout and "test MSE" in res.stdout
    assert os.listdir(tmp_path) == []


def test_parquet_input(files):
    d, _ = files
    df = pd.read_csv(d / "additive.csv")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        (d / "data.parquet").write_bytes(b"PAR1")
        res = run("predict", d / "model.npz", d / "data.parquet", "-o", d / "pq.csv")
        assert res.returncode == 2 and "reading Parquet needs pyarrow" in res.stderr
        return
    df.to_parquet(d / "data.parquet")
    res = run("predict", d / "model.npz", d / "data.parquet", "-o", d / "pq.csv")
    assert res.returncode == 0, res.stderr
    assert len(pd.read_csv(d / "pq.csv")) == len(df)


def test_out_of_memory_is_one_line(files, monkeypatch, capsys):
    """A MemoryError (the dense guard, or an allocation the C++ core could not make) exits 2 with one line."""
    from cwlssvm import ComponentwiseLSSVRCV, cli
    from cwlssvm._memory import InsufficientMemoryError

    def refuse(self, X, y, sample_weight=None):
        raise InsufficientMemoryError("solver='dense' needs 1 dense 100 x 100 matrix: use solver='lowrank'")

    monkeypatch.setattr(ComponentwiseLSSVRCV, "fit", refuse)
    d, _ = files
    out = d / "never.npz"
    assert cli.main(["fit", str(d / "additive.csv"), "--target", "y", "--quiet", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("cwlssvm: error: solver='dense'") and "solver='lowrank'" in err[-1]
    assert not out.exists()


def test_stray_text_in_a_numeric_target_is_an_error_unless_classification_is_asked(files, tmp_path):
    from cwlssvm import cli

    d, _ = files
    df = pd.read_csv(d / "additive.csv")
    df["y"] = np.digitize(df["y"], np.quantile(df["y"], [0.33, 0.66])).astype(object)  # classes 0, 1, 2
    df.loc[7, "y"] = "n/a?"
    df.to_csv(tmp_path / "stray.csv", index=False)
    res = run("fit", tmp_path / "stray.csv", "--target", "y", "--quiet", "-o", tmp_path / "m.npz")
    assert res.returncode == 2 and not (tmp_path / "m.npz").exists()
    assert "holds numbers but 1 value(s) are not (such as 'n/a?' in data row 8)" in res.stderr
    assert "--task classification" in res.stderr
    assert cli.main(["fit", str(tmp_path / "stray.csv"), "--target", "y", "--task", "classification", "--quiet",
                     "-o", str(tmp_path / "m.npz")]) == 0


def test_header_only_files_and_the_bad_value_quoted(files, tmp_path):
    d, _ = files
    (tmp_path / "empty.csv").write_text("x1,x2,y\n")
    res = run("fit", tmp_path / "empty.csv", "--target", "y", "--quiet", "-o", tmp_path / "m.npz")
    assert res.returncode == 2 and "DATA: the table has no rows" in res.stderr
    df = pd.read_csv(d / "additive.csv")
    df["x3"] = df["x3"].astype(object)
    df.loc[40, "x3"] = "12,5"  # a decimal comma: the value quoted is the one that does not read as a number
    df.to_csv(tmp_path / "comma.csv", index=False)
    res = run("fit", tmp_path / "comma.csv", "--target", "y", "--quiet", "-o", tmp_path / "m.npz")
    assert res.returncode == 2 and "column 'x3' is not numeric ('12,5' in data row 41)" in res.stderr


def test_fit_a_table_with_text_and_blank_cells(tmp_path):
    rng = np.random.default_rng(3)
    n = 200
    x = rng.uniform(-1, 1, n)
    region = rng.choice(["north", "south", "west"], n)
    grade = rng.integers(1, 4, n)
    y = np.sin(3 * x) + (region == "west") * 1.5 + 0.3 * grade + 0.1 * rng.normal(size=n)
    df = pd.DataFrame({"x": np.where(rng.random(n) < 0.1, np.nan, x), "region": region, "grade": grade, "y": y})
    df.loc[3, "region"] = None
    df.to_csv(tmp_path / "table.csv", index=False)
    assert ",," in (tmp_path / "table.csv").read_text().splitlines()[4]  # a blank cell in the file
    res = run("fit", tmp_path / "table.csv", "--target", "y", "--categorical", "grade", "--quiet",
              "-o", tmp_path / "m.npz")
    assert res.returncode == 0, res.stderr
    assert "categorical(3 levels)" in res.stdout and "f(missing)" in res.stdout
    res = run("predict", tmp_path / "m.npz", tmp_path / "table.csv", "-o", tmp_path / "p.csv")
    assert res.returncode == 0, res.stderr
    pred = pd.read_csv(tmp_path / "p.csv")["prediction"].to_numpy()
    assert np.all(np.isfinite(pred)) and np.corrcoef(pred, y)[0, 1] > 0.9


def test_fit_adds_screened_pairs_and_refuses_a_bad_count(files, tmp_path):
    d, _ = files
    res = run("fit", d / "additive.csv", "--target", "y", "--interactions", "1", "--quiet", "-o", tmp_path / "m.npz")
    assert res.returncode == 0, res.stderr
    assert any(":" in line.split()[0] for line in res.stdout.splitlines() if line.startswith("x"))  # one pair row
    bad = run("fit", d / "additive.csv", "--target", "y", "--interactions", "many", "-o", tmp_path / "b.npz")
    assert bad.returncode != 0 and "--interactions" in bad.stderr
    wrong = run("fit", d / "additive.csv", "--target", "y", "--select", "stp", "--interactions", "2",
                "-o", tmp_path / "c.npz")
    assert wrong.returncode != 0 and "--interactions" in wrong.stderr


def test_row_labels_are_not_an_input_and_predict_writes_them(files, tmp_path):
    d, _ = files
    df = pd.read_csv(d / "additive.csv")
    df.insert(0, "rownames", np.arange(1, len(df) + 1))  # R's write.csv: a first column of row labels
    df.to_csv(tmp_path / "r.csv", index=False)
    model = tmp_path / "m.npz"
    res = run("fit", tmp_path / "r.csv", "--target", "y", "--quiet", "-o", model)
    assert res.returncode == 0, res.stderr
    assert "'rownames' taken as row labels" in res.stderr and "rownames" not in res.stdout
    res = run("predict", model, tmp_path / "r.csv", "-o", tmp_path / "p.csv")
    assert res.returncode == 0, res.stderr
    out = pd.read_csv(tmp_path / "p.csv")
    assert list(out.columns) == ["rownames", "prediction"]
    np.testing.assert_array_equal(out["rownames"], df["rownames"])
    res = run("predict", model, tmp_path / "r.csv", "--id", "x1,rownames", "-o", tmp_path / "p2.csv")
    assert list(pd.read_csv(tmp_path / "p2.csv").columns) == ["x1", "rownames", "prediction"]
    res = run("predict", model, tmp_path / "r.csv", "--id", "nope", "-o", tmp_path / "p3.csv")
    assert res.returncode == 2 and "--id: unknown column 'nope'" in res.stderr
    mode = (tmp_path / "p.csv").stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask and model.stat().st_mode & 0o777 == 0o666 & ~umask  # the user's umask


def test_a_closed_pipe_ends_quietly(files):
    d, _ = files
    proc = subprocess.Popen([sys.executable, "-m", "cwlssvm", "inspect", str(d / "model.npz")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line (as `| head -0`)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0 and b"Broken pipe" not in err and b"Error" not in err
