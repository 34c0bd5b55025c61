"""CWLSSVM_SIMD: every instruction-set level of the kernel loops gives the same kernels."""

import os
import subprocess
import sys

import pytest

SCRIPT = """
import numpy as np, cwlssvm
from cwlssvm import _native, components as C
X = np.random.default_rng(0).uniform(-1, 1, size=(300, 4))
X[:, 3] = np.floor(3 * X[:, 3])  # level codes
X[::7, 0] = np.nan  # missing values
X[::11, 3] = np.nan
specs = [C.rbf(0), C.rbf(1), C.rbf(2), C.linear(0), C.poly(1, degree=3), C.rbf((0, 1)), C.categorical(3)]
d = C.describe(C.resolve(specs, 4, None, 0.7, X, None))
np.save({out!r}, np.stack([_native.gram(X, [c], n_jobs=1) for c in d]))
print(cwlssvm.build_info()["simd"])
"""


def _reference():
    """The Gram blocks of SCRIPT by NumPy: K(missing, missing) = 1, K(missing, x) = 0, the kernel otherwise."""
    import numpy as np

    from cwlssvm import components as C

    X = np.random.default_rng(0).uniform(-1, 1, size=(300, 4))
    X[:, 3] = np.floor(3 * X[:, 3])
    X[::7, 0] = np.nan
    X[::11, 3] = np.nan
    specs = [C.rbf(0), C.rbf(1), C.rbf(2), C.linear(0), C.poly(1, degree=3), C.rbf((0, 1)), C.categorical(3)]
    out = []
    for c in C.resolve(specs, 4, None, 0.7, X, None):
        Z = X[:, list(c.columns)]
        miss = np.isnan(Z).any(axis=1)
        Zf = np.nan_to_num(Z)
        if c.kernel == "rbf":
            K = np.exp(-((Zf[:, None, :] - Zf[None, :, :]) ** 2).sum(axis=2) / c.sigma**2)
        elif c.kernel == "linear":
            K = Zf @ Zf.T
        elif c.kernel == "poly":
            K = (Zf @ Zf.T + c.coef0) ** c.degree
        else:
            K = (Zf[:, None, 0] == Zf[None, :, 0]).astype(float)
        K[miss, :] = 0.0
        K[:, miss] = 0.0
        K[np.ix_(miss, miss)] = 1.0
        out.append(K)
    return np.stack(out)


def _run(level, tmp_path):
    out = str(tmp_path / f"gram_{level or 'default'}.npy")
    env = dict(os.environ)
    env.pop("CWLSSVM_SIMD", None)
    if level is not None:
        env["CWLSSVM_SIMD"] = level
    proc = subprocess.run([sys.executable, "-W", "default", "-c", SCRIPT.format(out=out)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip(), proc.stderr, out


def test_every_level_gives_the_same_gram_and_the_reference_one(tmp_path):
    import numpy as np

    path, _, ref_file = _run(None, tmp_path)
    ref = np.load(ref_file)
    np.testing.assert_allclose(ref, _reference(), rtol=1e-13, atol=1e-13)  # every kind, with missing values
    for level in ("baseline", "avx2", "avx512"):
        name, _, out = _run(level, tmp_path)
        if level == "baseline" and "single build" not in path:
            assert name.startswith("x86-64 baseline") and "[CWLSSVM_SIMD=baseline]" in name
        np.testing.assert_allclose(np.load(out), ref, rtol=1e-14, atol=1e-15)


def test_an_unknown_level_warns_and_uses_auto(tmp_path):
    name, err, _ = _run("sse9", tmp_path)
    assert "CWLSSVM_SIMD='sse9' is not one of" in err
    if "single build" not in name:
        assert "[CWLSSVM_SIMD=sse9]" in name


@pytest.mark.skipif(os.environ.get("CWLSSVM_SIMD") is None, reason="runs when the suite is run with CWLSSVM_SIMD")
def test_the_suite_runs_on_the_level_asked_for():
    import cwlssvm

    level = os.environ["CWLSSVM_SIMD"]
    simd = cwlssvm.build_info()["simd"]
    if level == "baseline" and "single build" not in simd:
        assert simd.startswith("x86-64 baseline")
