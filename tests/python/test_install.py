"""The package as `make install` (cmake --install) installs it: where the Python of the build
reads packages under the prefix (cmake/python_site.py): the user site for ~/.local, the
directory on the Python's path for a prefix that has one, site-packages elsewhere; `import
nqueens` must work afterwards, away from the build tree. (`pip install .` and `pip wheel .`:
pip_check.py.)"""
import os
import re
import subprocess
import sys

import pytest

from conftest import SRC, UNDER_ASAN

# Under the sanitizers the preloaded runtime (tests/python/run.sh) would go into cmake and the
# installing cmake too; tests/cli/install.sh checks that build's install, the plain build runs
# this file.
pytestmark = pytest.mark.skipif(UNDER_ASAN, reason="sanitizer build: see above")

BUILD = os.environ.get("NQ_BUILD")
# NQ_PYTHON_INSTALL_DIR, when the build chose the place itself (empty: cmake/python_site.py).
CHOSEN = os.environ.get("NQ_PY_INSTALL_DIR", "")
SITE = CHOSEN or os.path.join("lib", "python%d.%d" % sys.version_info[:2], "site-packages")
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
    if not BUILD:
        pytest.skip("NQ_BUILD comes from ctest (cmake/python.cmake)")
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


def test_make_install_into_home_local_is_imported(tmp_path):
    """The quick start's `make install PREFIX=$HOME/.local`: the user site of the Python, which
    it reads without PYTHONPATH (Debian's python3 took dist-packages there, where none looks)."""
    if not BUILD:
        pytest.skip("NQ_BUILD comes from ctest (cmake/python.cmake)")
    if CHOSEN:
        pytest.skip(f"the build puts the package in {CHOSEN} (NQ_PYTHON_INSTALL_DIR)")
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONUSERBASE", "PYTHONNOUSERSITE")}
    env["HOME"] = str(home)
    r = subprocess.run(["cmake", "--install", BUILD, "--prefix", str(home / ".local")],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    where = r.stdout.splitlines()[0]
    user_site = subprocess.run([sys.executable, "-m", "site", "--user-site"], env=env,
                               capture_output=True, text=True).stdout.strip()
    assert user_site.startswith(str(home)) and where.startswith(user_site), (where, user_site)


@pytest.mark.parametrize("entry", [p for p in sys.path if p.endswith(("-packages"))])
def test_a_prefix_on_the_path_gets_its_directory(entry, tmp_path):
    """For each X/lib/python*/Y-packages directory this Python reads (Debian's /usr/local/lib/
    python3.X/dist-packages, say), `make install PREFIX=X` puts the package there."""
    m = re.fullmatch(r"(.*)/(lib/python[0-9.]*/[a-z]+-packages)", entry)
    if not m:
        pytest.skip(f"{entry} is not PREFIX/lib/pythonX.Y/NAME-packages")
    r = subprocess.run([sys.executable, os.path.join(SRC, "cmake", "python_site.py"),
                        m.group(1)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # The first of the directories of that prefix on the path, in python_site.py's order.
    assert os.path.join(m.group(1), r.stdout.strip()) in sys.path


def test_another_prefix_gets_site_packages(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(SRC, "cmake", "python_site.py"),
                        str(tmp_path)], capture_output=True, text=True)
    assert r.stdout == "lib/python%d.%d/site-packages\n" % sys.version_info[:2]
