#!/usr/bin/env bash
# The test suite against a build of the C++ core with AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tools/sanitize.sh [pytest arguments]
#
# Builds the package with -DCWLSSVM_SANITIZE=ON into a fresh virtual environment (the test extras
# included), then runs pytest with the ASan runtime preloaded (the Python interpreter itself is not
# instrumented). Any report from either sanitizer makes the run fail: ASan aborts on the first memory
# error and UBSan is built with -fno-sanitize-recover. Leak detection is off: CPython and NumPy keep
# memory for the life of the process on purpose. Prints the pytest summary and exits with its status.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python -m venv "$work/venv"
"$work/venv/bin/pip" install -q --upgrade pip
"$work/venv/bin/pip" install -q -Ccmake.define.CWLSSVM_SANITIZE=ON -Cbuild-dir="$work/build" "$here[test]"
asan="$(${CXX:-g++} -print-file-name=libasan.so)"
ubsan="$(${CXX:-g++} -print-file-name=libubsan.so)"
cp -r "$here/tests" "$work/tests"  # outside the source tree: the installed, instrumented package is tested
cd "$work"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LD_PRELOAD="$asan:$ubsan"  # the instrumented module needs the runtime loaded before it
"$work/venv/bin/python" -c "import cwlssvm; print('testing', cwlssvm.__file__, cwlssvm.build_info()['flags'])"
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$work/tests" "$@"
