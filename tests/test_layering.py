"""The package's layering: only _native imports the C++ core, and no subpackage imports another
subpackage's private modules or names (what two share lives in a layer below both)."""

import ast
import pathlib

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
