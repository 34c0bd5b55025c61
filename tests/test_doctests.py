"""The Examples section of every user-facing class and function runs, as a doctest, and shows what it says."""

import doctest
import importlib
import inspect

import pytest

# The API a user reaches: the package's top level and the subpackages the user guide teaches.
USER_MODULES = ("cwlssvm", "cwlssvm.components", "cwlssvm.datasets", "cwlssvm.dask")
# Of cwlssvm.model_selection, the helpers meant for users (the rest serves the estimators).
MODEL_SELECTION = ("loo_residuals", "loo_decision_function", "tune_kernel", "make_folds", "check_cv", "log_grid",
                   "mean_se", "one_se_choice", "use_one_se")
DATASETS = ("additive_function", "load_spambase", "make_additive", "make_poisson_additive", "sinc", "spam_splits")


def _public(module_name, names=None):
    module = importlib.import_module(module_name)
    for name in names or getattr(module, "__all__", ()):
        obj = getattr(module, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            yield pytest.param(obj, id=f"{module_name}.{name}")


OBJECTS = [p for m in USER_MODULES if m != "cwlssvm.datasets" for p in _public(m)]
OBJECTS += list(_public("cwlssvm.datasets", DATASETS)) + list(_public("cwlssvm.model_selection", MODEL_SELECTION))


@pytest.mark.parametrize("obj", OBJECTS)
def test_examples_section_runs(obj):
    doc = inspect.getdoc(obj) or ""
    assert "Examples\n--------" in doc, f"{obj.__qualname__} has no Examples section"
    tests = [t for t in doctest.DocTestFinder(recurse=False).find(obj, obj.__qualname__) if t.examples]
    assert tests, f"{obj.__qualname__}: its Examples section holds no example"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
