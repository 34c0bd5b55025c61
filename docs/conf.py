"""Sphinx configuration of cwlssvm's documentation site: the user guide (the Markdown pages of this folder, through
myst-parser), the API reference generated from the docstrings (autosummary and numpydoc; api.rst is written from
each module's ``__all__`` at build time, so every public name has a page), and the example gallery (sphinx-gallery
runs ../examples and keeps their figures). Build: tools/build_docs.sh (warnings are errors)."""

from __future__ import annotations

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
# Every documented object has a docstring (GL08). The functions and methods below, what a user calls, also document
# their parameters (PR01), what they return (RT01) and show an example (EX01); the rest are not held to that yet.
SECTIONS_CHECKED = [
    r"cwlssvm\.(load|build_info|fit_batch|plot_components|report)",
    r"cwlssvm\.(Sparse|Fusion)ComponentwiseLSSV[RC]\.fit",
    r"cwlssvm\.SparseComponentwiseLSSVR\.path",
    r"cwlssvm\.BatchModel\.(decision_function|predict|model)",
    r"cwlssvm\.components\.(rbf|linear|poly|categorical|pair|mixed)",
    r"cwlssvm\.datasets\.(sinc|additive_function|make_additive|make_poisson_additive|load_spambase|load_penguins)",
    r"cwlssvm\.interactions\.(rank_pairs|screen_pairs)",
    r"cwlssvm\.html_report\.report_html",
    r"cwlssvm\.cli\.(main|build_parser)",
]
numpydoc_validation_checks = {"PR01", "RT01", "EX01"}
numpydoc_validation_exclude = {r"^(?!(" + "|".join(SECTIONS_CHECKED) + r")$)"}  # the others: a docstring (below)


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


def _api_page():
    """api.rst: one autosummary table per module, each public name once (modules and constants of another module
    listed with it, not repeated)."""
    seen, sections = set(), []
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
            if not entries:
                continue
            sections.append(f"{title}\n{'-' * len(title)}\n\n.. currentmodule:: {name}\n\n"
                            ".. autosummary::\n   :toctree: generated\n   :nosignatures:\n\n"
                            + "".join(f"   {e}\n" for e in entries))
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
