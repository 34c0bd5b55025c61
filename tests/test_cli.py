import subprocess
import sys


def test_demo_runs_and_prints_component_norms():
    out = subprocess.run([sys.executable, "-m", "cwlssvm", "demo"], capture_output=True, text=True, check=True).stdout
    assert "x0" in out and "x9" in out and "test MSE" in out
