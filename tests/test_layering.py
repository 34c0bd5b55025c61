"""The package's layering: only _native imports the C++ core, and no subpackage imports another
subpackage's private modules or names (what two share lives in a layer below both)."""

import ast
import pathlib

import pytest

import cwlssvm

ROOT = pathlib.Path(cwlssvm.__file__).parent
SUBPACKAGES = {p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def _imports(path):
    """(target module parts relative to the package, imported names) of every relative import."""
    tree = ast.parse(path.read_text())
    here = path.relative_to(ROOT).parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
            target = tuple(base) + tuple(node.module.split(".") if node.module else ())
            yield target, [a.name for a in node.names]


def test_only_native_imports_the_core():
    offenders = []
    for path in ROOT.rglob("*.py"):
        for target, names in _imports(path):
            if target == ("_core",) or (target == () and "_core" in names):
                if path.name != "_native.py":
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_no_private_names_across_subpackages():
    offenders = []
    for path in ROOT.rglob("*.py"):
        own = path.relative_to(ROOT).parts[0]
        for target, names in _imports(path):
            if not target or target[0] not in SUBPACKAGES or target[0] == own:
                continue
            if any(part.startswith("_") for part in target[1:]) or any(n.startswith("_") for n in names):
                offenders.append(f"{path.relative_to(ROOT)} imports {'.'.join(target)}: {names}")
    assert offenders == []


def test_structure_and_fusion_do_not_import_each_other():
    for a, b in (("structure", "fusion"), ("fusion", "structure")):
        for path in (ROOT / a).rglob("*.py"):
            assert all(t[:1] != (b,) for t, _ in _imports(path)), f"{path.name} imports {b}"


# ----------------------------------------------------------------------------- the layers
PYPROJECT = pathlib.Path(__file__).resolve().parents[1] / "pyproject.toml"


def _layers():
    """The layers of pyproject.toml's import-linter contract, top first: one set of module names each."""
    tomllib = pytest.importorskip("tomllib")
    if not PYPROJECT.exists():
        pytest.skip("pyproject.toml is not next to the tests")
    config = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["type"] == "layers"]
    return [{name.strip() for name in layer.split("|")} for layer in contract["layers"]]


def test_the_import_linter_contracts_hold():
    """No upward import (lazy ones included: the import graph reads every import statement), no cycle
    between layers, no import between the independent modules of one layer."""
    pytest.importorskip("importlinter")
    if not PYPROJECT.exists():
        pytest.skip("pyproject.toml is not next to the tests")
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0


def _layer_of(parts, layers):
    """The index (0 = top) of the layer that holds the module ROOT/parts..., or None."""
    name = parts[0][:-3] if parts[0].endswith(".py") else parts[0]
    return next((i for i, layer in enumerate(layers) if name in layer), None)


def test_every_module_has_a_layer_and_lazy_imports_point_down():
    """The AST check behind the contract: every module of the package sits in one layer, and every import
    inside a function (a lazy import) goes to a module of its own layer's unit or of a lower layer."""
    layers = _layers()
    unplaced, upward = [], []
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts == ("__init__.py",):
            continue  # the package's public face re-exports every layer
        mine = _layer_of(parts, layers)
        if mine is None:
            unplaced.append(str(path.relative_to(ROOT)))
            continue
        tree = ast.parse(path.read_text())
        top_level = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and node.level > 0) or id(node) in top_level:
                continue
            here = parts[:-1]
            base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
            target = tuple(base) + tuple(node.module.split(".") if node.module else ())
            targets = [target] if target else [(n,) for n in (a.name for a in node.names)]
            for t in targets:
                theirs = _layer_of(t, layers)
                if t[:1] != parts[:1] and theirs is not None and theirs < mine:
                    upward.append(f"{'/'.join(parts)} imports {'.'.join(t)} inside a function")
    assert unplaced == []
    assert upward == []


def _estimator_class_names():
    """Names of the package's scikit-learn estimator classes (their modules imported)."""
    import importlib
    import pkgutil

    from sklearn.base import BaseEstimator

    names = set()
    for info in pkgutil.walk_packages(cwlssvm.__path__, "cwlssvm."):
        if info.name.startswith("cwlssvm.experiments") or info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra (dask) that is not installed
            continue
        names.update(name for name, obj in vars(module).items()
                     if isinstance(obj, type) and issubclass(obj, BaseEstimator) and obj.__module__ == info.name)
    return names


def test_no_function_but_an_estimator_constructor_takes_more_than_8_parameters():
    estimators = _estimator_class_names()
    offenders = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text())
        constructors = set()  # estimator constructors: their __init__, or a function assigned as one
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
            if cls.name in estimators and "__init__" in methods:
                constructors.add(id(methods["__init__"]))
            for node in cls.body:
                if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__init__" for t in node.targets):
                    constructors.update(id(f) for f in tree.body if isinstance(f, ast.FunctionDef)
                                        and f.name == getattr(node.value, "id", None))
        for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            a = fn.args
            names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg not in ("self", "cls")]
            count = len(names) + bool(a.vararg) + bool(a.kwarg)
            if count > 8 and id(fn) not in constructors:
                offenders.append(f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name} ({count})")
    assert offenders == []


def _module_graph():
    """{module: modules it imports}, every import statement included, a package's re-exported name resolved
    to the module that defines it; package __init__ files are not nodes (they re-export every layer)."""
    files = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        files[parts[:-1] if parts[-1] == "__init__" else parts] = path

    def base_of(here, node):
        package = here if files[here].name == "__init__.py" else here[:-1]
        package = package[: len(package) - (node.level - 1)] if node.level > 1 else package
        return package + (tuple(node.module.split(".")) if node.module else ())

    def defining(package, name, depth=0):
        path = files.get(package)
        if path is None or path.name != "__init__.py" or depth > 5:
            return package
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                if any((a.asname or a.name) == name for a in node.names):
                    base = base_of(package, node)
                    return base + (name,) if base + (name,) in files else defining(base, name, depth + 1)
        return package

    graph = {}
    for here, path in files.items():
        if path.name == "__init__.py":
            continue
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                base = base_of(here, node)
                for a in node.names:
                    targets.add(base + (a.name,) if base + (a.name,) in files else defining(base, a.name))
        graph[here] = {t for t in targets if t in files and files[t].name != "__init__.py" and t != here}
    return graph


def test_the_house_has_no_circle_and_at_most_10_floors():
    graph = _module_graph()
    floors, visiting = {}, set()

    def floor(module):  # 1 + the floor of the highest module it imports; a circle raises
        if module in floors:
            return floors[module]
        assert module not in visiting, f"an import circle through {'.'.join(module)}"
        visiting.add(module)
        floors[module] = 1 + max((floor(t) for t in graph[module]), default=0)
        visiting.discard(module)
        return floors[module]

    highest = max(floor(m) for m in graph)
    assert highest <= 10, sorted(floors.items(), key=lambda kv: -kv[1])[:3]
