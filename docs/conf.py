"""Sphinx configuration of cwlssvm's documentation site: the user guide (the Markdown pages of this folder, through
myst-parser), the API reference generated from the docstrings (autosummary and numpydoc; api.rst is written from
each module's ``__all__`` at build time, so every public name has a page), and the example gallery (sphinx-gallery
runs ../examples and keeps their figures). Build: tools/build_docs.sh (warnings are errors)."""

from __future__ import annotations

import glob
import importlib
import os
import sys

import cwlssvm

project = "cwlssvm"
author = "the cwlssvm developers"
copyright = "the cwlssvm developers"
release = version = cwlssvm.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "results", "auto_examples/*.ipynb", "auto_examples/*.py", "auto_examples/*.zip",
                    "auto_examples/*.json", "auto_examples/*.md5"]
templates_path = ["_templates"]
html_theme = "pydata_sphinx_theme"
html_title = "cwlssvm"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
}
html_static_path: list[str] = []
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath"]
suppress_warnings = ["myst.header"]  # pages that start at a level-2 heading under their title

autosummary_generate = True
autodoc_default_options = {"members": True, "inherited-members": False}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
# Every public class and function documents its parameters (PR01), what it returns (RT01) and shows an example
# (EX01); of the methods, those a user calls below are held to the same, and every method has a docstring
# (_require_docstring).
METHODS_CHECKED = [
    r"cwlssvm\.(Sparse|Fusion)ComponentwiseLSSV[RC]\.fit",
    r"cwlssvm\.SparseComponentwiseLSSVR\.path",
    r"cwlssvm\.BatchModel\.(decision_function|predict|model)",
]
numpydoc_validation_checks = {"PR01", "RT01", "EX01"}
numpydoc_validation_exclude = {r"^(?!(" + "|".join(METHODS_CHECKED) + r")$).*\.[A-Z]\w*\.\w+$"}


sphinx_gallery_conf = {
    "examples_dirs": "../examples",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",
    "download_all_examples": False,
    "remove_config_comments": True,
    "abort_on_example_error": True,
    "only_warn_on_example_error": False,
    "matplotlib_animations": False,
    "within_subsection_order": "FileNameSortKey",
}

# ---------------------------------------------------------------------- the API reference, from __all__
# Each public name is documented once, where it is defined for its users: the first module below that lists it.
USER_MODULES = [
    ("cwlssvm", "Estimators, model files, plots and reports"),
    ("cwlssvm.components", "Components: the kernel of each input"),
    ("cwlssvm.datasets", "Data sets"),
    ("cwlssvm.interactions", "Interactions: screening pairs of inputs"),
    ("cwlssvm.uncertainty", "Bands and tests"),
    ("cwlssvm.dask", "Dask: estimators beyond one machine"),
    ("cwlssvm.html_report", "HTML reports"),
    ("cwlssvm.cli", "The command line"),
]
DEVELOPER_MODULES = [
    ("cwlssvm.tables", "Tables: reading columns into codes"),
    ("cwlssvm.batch", "Batch fitting"),
    ("cwlssvm.regression", "Regression"),
    ("cwlssvm.classification", "Classification"),
    ("cwlssvm.model_selection", "Model selection"),
    ("cwlssvm.structure", "Structure detection"),
    ("cwlssvm.fusion", "Fusion of training and validation"),
    ("cwlssvm.families", "Likelihood families"),
    ("cwlssvm.primal", "The primal (low-rank) layer"),
    ("cwlssvm.plotting", "Plots"),
    ("cwlssvm.experiments.table1", "Experiments: Table 1"),
    ("cwlssvm.experiments.spam", "Experiments: spam"),
    ("cwlssvm.experiments.figures", "Experiments: figures"),
]


def _definition_comment(module, attr):
    """The comment that documents a module-level constant where it is defined in the package: the comment at the end
    of its line, else the block of comment lines right above it ("" when there is none)."""
    import re

    pattern = re.compile(rf"^{re.escape(attr)}\b\s*(:[^=]*)?=")
    paths = [module.__file__]  # the module itself, then, for a package, its modules
    if os.path.basename(module.__file__) == "__init__.py":
        paths += sorted(glob.glob(os.path.join(os.path.dirname(module.__file__), "**", "*.py"), recursive=True))
    for path in paths:
        lines = open(path, encoding="utf-8").read().splitlines()
        for i, line in enumerate(lines):
            if pattern.match(line):
                code, _, comment = line.partition("  # ")
                if comment:
                    return comment.strip()
                block = []
                while i > 0 and lines[i - 1].startswith("#"):
                    i -= 1
                    block.insert(0, lines[i].lstrip("# ").rstrip())
                return " ".join(block)
    return ""


def _constant(module, attr):
    """A py:data entry of a public constant: its value (when short) and the comment where it is defined; a
    constant without one is a warning (an error in the build)."""
    value = getattr(module, attr)
    text = _definition_comment(module, attr)
    if not text:
        from sphinx.util import logging

        logging.getLogger(__name__).warning(f"{module.__name__}.{attr} has no comment where it is defined")
    shown = repr(value)
    if isinstance(value, dict):
        shown = "{" + ", ".join(repr(k) + ": ..." for k in value) + "}"
    value_line = f"   :value: {shown}\n" if len(shown) <= 80 and "\n" not in shown else ""
    return f".. py:data:: {attr}\n{value_line}\n   {text}\n\n"


def _api_page():
    """api.rst: one autosummary table per module, each public name once (modules and constants of another module
    listed with it, not repeated)."""
    seen, seen_data, sections = set(), set(), []
    for part, modules in (("User API", USER_MODULES), ("Developer API: the layers below the estimators",
                                                        DEVELOPER_MODULES)):
        sections.append(f"{part}\n{'=' * len(part)}\n")
        for name, title in modules:
            module = importlib.import_module(name)
            entries = []
            for attr in module.__all__:
                obj = getattr(module, attr)
                if isinstance(obj, type(sys)):
                    continue  # a submodule: its own section
                if not (callable(obj) or isinstance(obj, type)):
                    continue  # a constant: described in its module's page
                key = (getattr(obj, "__module__", name), getattr(obj, "__qualname__", attr))
                if key in seen:
                    continue
                seen.add(key)
                entries.append(attr)
            constants = [attr for attr in module.__all__ if (name, attr) not in seen_data and not isinstance(
                getattr(module, attr), type(sys)) and not callable(getattr(module, attr))]
            seen_data.update((name, attr) for attr in constants)
            if not entries and not constants:
                continue
            text = f"{title}\n{'-' * len(title)}\n\n.. currentmodule:: {name}\n\n"
            if entries:
                text += (".. autosummary::\n   :toctree: generated\n   :nosignatures:\n\n"
                         + "".join(f"   {e}\n" for e in entries) + "\n")
            for attr in constants:
                text += _constant(module, attr)
            sections.append(text)
    head = ("API reference\n=============\n\nEvery public name of the package, from its docstring. The user API is "
            "what a model is built, fitted, read and drawn with; the developer API is the layers the estimators are "
            "built on (the primal layer, the searches, the solvers), public so that each layer uses only the "
            "public names of the one below.\n\n")
    return head + "\n".join(sections)


with open(os.path.join(os.path.dirname(__file__), "api.rst"), "w", encoding="utf-8") as _fh:
    _fh.write(_api_page())


def _inherit_docstrings():
    """A method that overrides a documented one without restating it takes its docstring, as ``help()`` and
    ``inspect.getdoc`` show it (numpydoc's check reads the method's own ``__doc__``)."""
    import inspect

    for name, _ in USER_MODULES + DEVELOPER_MODULES:
        module = importlib.import_module(name)
        for attr in module.__all__:
            cls = getattr(module, attr)
            if not isinstance(cls, type):
                continue
            for member, value in vars(cls).items():
                if callable(value) and not member.startswith("_") and not getattr(value, "__doc__", None):
                    doc = inspect.getdoc(getattr(cls, member))
                    if doc:
                        value.__doc__ = doc


def _skip_member(app, what, name, obj, skip, options):
    """scikit-learn's metadata-routing setters (set_fit_request, ...) are documented by scikit-learn."""
    if name.startswith("set_") and name.endswith("_request"):
        return True
    return None


def _require_docstring(app, what, name, obj, options, lines):
    """Every documented class, function, method and property has a docstring (a warning, so an error, if not)."""
    import inspect

    if what in ("class", "function", "method", "property") and not (inspect.getdoc(obj) or "").strip():
        from sphinx.util import logging

        logging.getLogger(__name__).warning(f"{name} has no docstring")


def setup(app):
    _inherit_docstrings()
    app.connect("autodoc-skip-member", _skip_member)
    app.connect("autodoc-process-docstring", _require_docstring)
