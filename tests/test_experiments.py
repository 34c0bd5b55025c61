"""The experiments' quick mode end to end (the full run is `python -m cwlssvm.experiments all --out DIR`)."""

import json
import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")


def test_quick_mode_writes_the_report_and_every_figure(tmp_path):
    # no wall-clock assertion: on a loaded machine the same run takes several times longer (the timeout only
    # stops a run that hangs)
    res = subprocess.run([sys.executable, "-m", "cwlssvm.experiments", "all", "--out", str(tmp_path), "--quick"],
                         capture_output=True, text=True, timeout=1800)
    assert res.returncode == 0, res.stderr
    report = (tmp_path / "REPORT.md").read_text()
    for row in ("LS-SVMs", "componentwise LS-SVMs", "L1 regularization", "STP with RBF", "STP with RBF and lin",
                "fusion with AReg", "fusion with comp. reg.", "KernelRidge", "SVR", "LogisticRegression", "5.3%"):
        assert row in report, row
    for fig in ("fig_sinc.png", "fig_arbf.png", "fig_penalty.png", "fig_it.png", "fig_spam.png"):
        assert (tmp_path / fig).read_bytes()[:4] == b"\x89PNG", fig
        assert f"({fig})" in report
    # every number of Table 1 comes from the results file of this run
    table1 = json.loads((tmp_path / "table1.json").read_text())
    assert table1["seeds"] == 3 and table1["quick"]
    cw = table1["results"]["componentwise LS-SVMs"]["L2"]
    assert len(cw) == 3 and f"{sum(cw) / 3:.4f}" in report
