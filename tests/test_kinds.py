"""The C++ kernel interface: every kind is built from its named spec by the core's registry, each of its methods
(rows, Gram blocks, factors, landmark columns, expansions) agrees with its kernel rows, and no code outside the
kinds' files asks which kind a component is."""

import pathlib
import re

import numpy as np
import pytest

from cwlssvm import _native
from cwlssvm import components as C
from cwlssvm.primal import centre_pairs

CPP = pathlib.Path(__file__).resolve().parents[1] / "cpp"


def test_the_core_has_a_kind_for_every_component_kind():
    assert sorted(_native.KERNEL_KINDS) == sorted(C.KINDS)


def _rows(seed=0, n=90):
    """Three inputs (two numeric, one of level codes), each with a few missing values."""
    rng = np.random.default_rng(seed)
    X = np.column_stack([rng.uniform(-1, 1, n), rng.normal(size=n), rng.integers(0, 4, n).astype(float)])
    X[rng.choice(n, 6, replace=False), 0] = np.nan
    X[rng.choice(n, 5, replace=False), 2] = np.nan
    return X


SPECS = {
    "rbf": C.rbf(0, sigma=0.6),
    "rbf2": C.rbf((0, 1), sigma=1.3),
    "matern": C.matern(1, sigma=0.9, nu=2.5),
    "linear": C.linear(1),
    "poly": C.poly((0, 1), degree=3, coef0=0.5),
    "categorical": C.categorical(2),
    "pair": C.Pair((0, 2), factors=(C.rbf(0), C.categorical(2))),
}


def _described(name, X):
    (resolved,) = C.resolve([SPECS[name]], X.shape[1], None, 0.8, X)
    if resolved.factors:
        (resolved,) = centre_pairs([resolved], X)
    return C.describe([resolved])


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_kinds_methods_agree_with_its_gram_block(name):
    X = _rows()
    described = _described(name, X)
    K = _native.gram(X, described)  # the rows among the training rows (Kernel::among)
    assert np.all(np.isfinite(K)) and np.allclose(K, K.T)
    coef = np.random.default_rng(1).normal(size=(len(X), 2))
    # the expansion at the training rows (Kernel::expansion) is the Gram block times the coefficients
    np.testing.assert_allclose(_native.component_outputs(X, described, coef, X)[:, 0, :], K @ coef, atol=1e-10)
    support = np.arange(0, len(X), 3)
    sparse = _native.sparse_component_outputs(X, described, [support.astype(np.int32)], [coef[support, 0]], X)
    np.testing.assert_allclose(sparse[:, 0], K[:, support] @ coef[support, 0], atol=1e-10)
    # the factor (Kernel::factor) reproduces the block
    ((F, truncated, residual, pivots),) = _native.component_factors(X, described, 1e-13, 0)
    assert not truncated
    np.testing.assert_allclose(F @ F.T, K, atol=1e-6)
    # the landmark columns (Kernel::landmark_columns) at the pivots, as Nystrom features, reproduce it too
    Z = X[np.asarray(pivots)][:, described[0]["columns"]]
    L = np.linalg.cholesky(K[np.ix_(pivots, pivots)] + 1e-300 * np.eye(len(pivots)))
    T = np.linalg.inv(L).T
    Phi = _native.features(X, described, [Z], [T])
    np.testing.assert_allclose(Phi @ Phi.T, K, atol=1e-6)


def _spec(**fields):
    return {"kernel": "rbf", "columns": [0], "sigma": 1.0, **fields}


@pytest.mark.parametrize("spec, message", [
    (_spec(kernel="periodic"), "no component kind is named periodic"),
    ({"kernel": "rbf", "columns": [0]}, "needs sigma"),
    (_spec(sgima=2.0), "has no parameter sgima"),
    (_spec(sigma=-1.0), "sigma must be > 0"),
    ({"kernel": "matern", "columns": [0], "sigma": 1.0, "nu": 1.0}, "nu must be 0.5, 1.5 or 2.5"),
    ({"kernel": "poly", "columns": [0], "degree": 0, "coef0": 1.0}, "degree must be an integer >= 1"),
    ({"kernel": "poly", "columns": [0], "degree": 2.5, "coef0": 1.0}, "degree must be an integer >= 1"),
    ({"kernel": "categorical", "columns": [0, 1]}, "takes 1 column"),
    ({"kernel": "pair", "columns": [0, 1]}, "two factors"),
    (_spec(columns=[5]), "column 5 is not in"),
    (_spec(sigma="wide"), "neither a number nor an array"),
])
def test_a_bad_spec_gets_a_value_error_that_names_what_is_wrong(spec, message):
    X = np.zeros((4, 2))
    with pytest.raises(ValueError, match=message):
        _native.gram(X, [spec])


def test_a_component_crosses_only_as_its_named_spec():
    with pytest.raises(ValueError, match="named spec"):
        _native.gram(np.zeros((3, 1)), [("rbf", [0], 1.0, 2, 1.0)])


def _code(path):
    """The source without its comments and string literals."""
    text = re.sub(r"//[^\n]*", "", path.read_text())
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def test_no_code_outside_the_kinds_files_asks_for_a_kind():
    outside = [p for p in CPP.rglob("*.[ch]pp") if "third_party" not in p.parts and "kinds" not in p.parts]
    assert outside
    for path in outside:
        code = _code(path)
        assert "KernelKind" not in code, path
        assert not re.search(r"\.kernel\s*==|==\s*\w+\.kernel\b|typeid|dynamic_cast", code), path


def _parameters(args):
    """The parameters of a C++ signature's argument list (top-level commas), or None for a call's arguments."""
    depth, parts, current = 0, [], ""
    for ch in args:
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    parts = [p.split("=")[0].strip() for p in parts if p.strip()]
    declared = [re.fullmatch(r"(?:const\s+)?[\w:]+(?:<.*>)?(?:\s*const)?[\s\*&]+\w+(?:\[\])?", p) for p in parts]
    return parts if parts and all(declared) else None


def test_the_cores_functions_take_at_most_six_parameters():
    signature = re.compile(r"(\b[A-Za-z_]\w*|\[[^\]]*\])\s*\(([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*)\)\s*(?:const\s*)?(?:override\s*)?[{;:]")
    wide = []
    for path in CPP.rglob("*.[ch]pp"):
        if "third_party" in path.parts:
            continue
        code = re.sub(r"#define(?:[^\n]*\\\n)*[^\n]*", "", _code(path))  # macros aside
        code = re.sub(r"using \w+_fn = [^;]*;", "", code)  # the LAPACK/BLAS routines' Fortran signatures
        for match in signature.finditer(code):
            params = _parameters(match.group(2))
            if params is not None and len(params) > 6:
                wide.append(f"{path.relative_to(CPP)}: {match.group(1)} ({len(params)})")
    assert not wide, wide
