#!/usr/bin/env bash
# Build the documentation site into docs/_build/html with warnings as errors: the user guide (docs/*.md), the API
# reference from the docstrings (every public name) and the example gallery (examples/, run by the build).
# Needs the docs extra: pip install ".[docs]".
set -euo pipefail
cd "$(dirname "$0")/.."
export MPLBACKEND=Agg
rm -rf docs/_build docs/generated docs/auto_examples
python -m sphinx -W --keep-going -b html docs docs/_build/html "$@"
echo "built docs/_build/html/index.html"
