#!/usr/bin/env bash
# Build the documentation site into docs/_build/html with warnings as errors: the user guide (docs/*.md), the API
# reference from the docstrings (every public name) and the example gallery (examples/, run by the build).
# Needs the docs extra: pip install ".[docs]".
set -euo pipefail
cd "$(dirname "$0")/.."
export MPLBACKEND=Agg
rm -rf docs/_build docs/generated docs/auto_examples
python -m sphinx -W --keep-going -b html docs docs/_build/html "$@"
for example in examples/plot_*.py; do  # every example draws at least one figure
    name=$(basename "$example" .py)
    if ! ls docs/auto_examples/images/sphx_glr_"${name}"_0*.png > /dev/null 2>&1; then
        echo "error: $example drew no figure" >&2
        exit 1
    fi
done
echo "built docs/_build/html/index.html"
