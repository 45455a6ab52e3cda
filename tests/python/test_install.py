"""The package as users install it: `cmake --install` (what `make install` runs) puts it where
Debian's python3 finds it under the prefix, and `pip install --no-build-isolation ./python`
builds it offline against the installed library (pkg-config). Both copies must work from
another directory, away from the build tree."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import SRC, UNDER_ASAN

# Under the sanitizers the preloaded runtime (tests/python/run.sh) would go into cmake and the
# compiler too, and the installed library is an instrumented one that setup.py's plain flags
# cannot link; tests/cli/install.sh checks that build's install, the plain build runs this file.
pytestmark = pytest.mark.skipif(UNDER_ASAN, reason="sanitizer build: see above")

BUILD = os.environ.get("NQ_BUILD")
SITE = os.environ.get("NQ_PY_SITE")
PROBE = ("import nqueens, sys; print(nqueens.__file__); "
         "print(nqueens.count(10).total, next(nqueens.solutions(8)).cols)")


def probe(path, cwd):
    env = dict(os.environ, PYTHONPATH=str(path))
    r = subprocess.run([sys.executable, "-c", PROBE], cwd=cwd, env=env, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    where, answer = r.stdout.splitlines()
    assert where.startswith(str(path)), where
    assert answer == "724 (0, 4, 7, 5, 2, 6, 1, 3)"


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    if not BUILD or not SITE:
        pytest.skip("NQ_BUILD and NQ_PY_SITE come from ctest (cmake/python.cmake)")
    p = tmp_path_factory.mktemp("prefix")
    r = subprocess.run(["cmake", "--install", BUILD, "--prefix", str(p)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    return p


def test_cmake_install_puts_the_package_under_the_prefix(prefix, tmp_path):
    site = prefix / SITE / "nqueens"
    names = sorted(os.listdir(site))
    assert "__init__.py" in names and "__init__.pyi" in names and "py.typed" in names
    assert any(n.startswith("_nqueens.") and n.endswith(".so") for n in names)
    probe(prefix / SITE, tmp_path)


def test_pip_install_builds_offline_against_the_installed_library(prefix, tmp_path):
    src = tmp_path / "python"
    shutil.copytree(os.path.join(SRC, "python"), src,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = tmp_path / "target"
    env = dict(os.environ, PKG_CONFIG_PATH=str(prefix / "lib" / "pkgconfig"),
               PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    pc = subprocess.run(["pkg-config", "--variable=libdir", "nqueens-static"], env=env,
                        capture_output=True, text=True)
    if pc.returncode != 0:  # a lib64 or multiarch LIBDIR
        libdirs = [d for d in prefix.glob("lib*/**/pkgconfig")]
        env["PKG_CONFIG_PATH"] = os.pathsep.join(map(str, libdirs))
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation",
                        "--no-deps", "--target", str(target), str(src)], env=env,
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    probe(target, tmp_path)
