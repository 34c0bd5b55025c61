"""Every public class and function has an Examples section that runs, as a doctest, and shows what it says.

Public: named in the ``__all__`` of a module whose dotted path has no part starting with an underscore.
Every such module declares ``__all__``, so what is public is written down, not guessed from names.
"""

import doctest
import importlib
import inspect
import pkgutil

import pytest

import cwlssvm


def _public_modules():
    yield cwlssvm
    for info in pkgutil.walk_packages(cwlssvm.__path__, "cwlssvm."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            yield importlib.import_module(info.name)


MODULES = list(_public_modules())


def _exports():
    seen = set()
    for module in MODULES:
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if (inspect.isclass(obj) or inspect.isfunction(obj)) and obj.__module__.startswith("cwlssvm"):
                if id(obj) not in seen:  # a re-export is checked once, under its first public name
                    seen.add(id(obj))
                    yield pytest.param(obj, id=f"{module.__name__}.{name}")


OBJECTS = list(_exports())


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_public_module_declares_all(module):
    assert isinstance(getattr(module, "__all__", None), list), f"{module.__name__} has no __all__ list"
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, f"{module.__name__}.__all__ names what it does not define: {missing}"


def test_exports_cover_the_numerics_layers():
    names = {p.id for p in OBJECTS}
    for expected in ("cwlssvm.primal.Spectrum", "cwlssvm.families.irls", "cwlssvm.structure.gnc_fit",
                     "cwlssvm.fusion.eta_gradient", "cwlssvm.model_selection.tune", "cwlssvm.ComponentwiseLSSVR"):
        assert expected in names


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
