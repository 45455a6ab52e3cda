#!/usr/bin/env bash
# Runs the Python package's tests (pytest over tests/python) or one example script against the
# build tree, as ctest's tests `python` and `python_example` (cmake/python.cmake sets the
# environment: PYTHONPATH, NQ, NQ_PYTHON, NQ_SANITIZE, NQ_C_COMPILER).
#   run.sh [PYTEST ARGS]        pytest (ctest gives it tests/python; a file or -k picks less)
#   run.sh --example FILE.py    one example, which must exit 0
# In a sanitizer build the extension carries the library's ASan/UBSan-instrumented objects, and
# an uninstrumented python3 can load them only with the sanitizer runtime preloaded: the shared
# runtime of the compiler that built them goes into LD_PRELOAD. Leak detection is off there,
# because the interpreter itself keeps memory until exit by design (the tests check the
# extension's own handles instead, and the plain build runs them without any preload).
set -euo pipefail
py=${NQ_PYTHON:-python3}
if [ "${NQ_SANITIZE:-0}" = 1 ]; then
  cc=${NQ_C_COMPILER:-cc}
  rt=""
  for name in libclang_rt.asan-x86_64.so libasan.so; do
    f=$("$cc" -print-file-name="$name" 2>/dev/null || true)
    if [ -n "$f" ] && [ -f "$f" ]; then rt=$f; break; fi
  done
  if [ -z "$rt" ]; then
    echo "run.sh: no shared ASan runtime of $cc to preload into python3" >&2
    [ "${NQ_TEST_REQUIRE_ALL:-0}" = 1 ] && exit 1
    exit 77
  fi
  export LD_PRELOAD=$rt
  export ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-}
  export NQ_UNDER_ASAN=1
fi
if [ "${1:-}" = --example ]; then
  exec "$py" "$2"
fi
if ! "$py" -c 'import pytest' 2>/dev/null; then
  echo "run.sh: $py has no pytest (Debian: python3-pytest)" >&2
  [ "${NQ_TEST_REQUIRE_ALL:-0}" = 1 ] && exit 1
  exit 77
fi
exec "$py" -m pytest -p no:cacheprovider "$@"
