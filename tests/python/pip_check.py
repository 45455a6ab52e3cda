"""The package as a Python user builds it (pyproject.toml, setup.py; issue 36), offline, from a
copy of the tree as a fresh clone has it: `pip wheel --no-build-isolation .` gives a
self-contained wheel, which installs into fresh virtual environments (with numpy there and
without it) and passes the package's tests there; `pip install --no-build-isolation .` installs
into a fresh venv and nothing outside it; `python -m nqueens` runs; and a build that lacks
something (`wheel`, a compiler, Python's headers) stops with one line that says what and how to
get it.

The test ctest runs as python_pip (cmake/python.cmake), apart from the test `python` because it
compiles the library (about a minute on two cores): the wheel is built once, and
`pip install .` from the same copy reuses its objects, as a user's second build would.
Not named test_*.py, so that the test `python` does not collect it.
"""
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import NQ, SRC, UNDER_ASAN

# Debian's python3 (cmake/python.cmake), the one with setuptools, wheel, pytest and numpy.
PY = os.environ.get("NQ_PYTHON", sys.executable)
CC = os.environ.get("NQ_C_COMPILER")
DIST = "libnqueens"
# The wheel is built with the plain flags of setup.py: under the sanitizers the build tree's
# extension (the reference for the kernels) needs a preloaded runtime that pip must not get.
pytestmark = pytest.mark.skipif(UNDER_ASAN, reason="sanitizer build: the plain build runs this")

OFFLINE = {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1",
           "PIP_FIND_LINKS": "", "PYTHONDONTWRITEBYTECODE": "1"}


def env(**extra):
    """The environment of a user's shell: no PYTHONPATH to the build tree, pip offline."""
    e = {k: v for k, v in os.environ.items()
         if k not in ("PYTHONPATH", "LD_PRELOAD", "PIP_FIND_LINKS") and not k.startswith("NQ_")}
    e.update(OFFLINE)
    if CC:
        e["CC"] = CC
    e.update(extra)
    return e


def sh(*cmd, cwd=None, check=True, **extra):
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env(**extra), capture_output=True,
                       text=True)
    if check and r.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, cmd))}: exit {r.returncode}\n{r.stdout}"
                             f"\n{r.stderr}")
    return r


def venv(path, system_site=True, pip=True):
    """A fresh venv; pip=False leaves out its own pip (Debian's, through --system-site-packages,
    or `pip --python` serves it): ensurepip takes seconds a venv."""
    sh(PY, "-m", "venv", *(["--system-site-packages"] if system_site else []),
       *([] if pip else ["--without-pip"]), path)
    return path / "bin" / "python"


def version():
    with open(os.path.join(SRC, "include", "nqueens.h")) as f:
        header = f.read()
    return ".".join(re.search(rf"#define NQ_VERSION_{p}\s+(\d+)", header).group(1)
                    for p in ("MAJOR", "MINOR", "PATCH"))


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """The files of a fresh clone (git's tracked and untracked files, not the ignored ones)."""
    dest = tmp_path_factory.mktemp("clone") / "nqueens"
    r = subprocess.run(["git", "-C", SRC, "ls-files", "-z", "--cached", "--others",
                        "--exclude-standard"], capture_output=True)
    if r.returncode == 0:
        for name in r.stdout.decode().split("\0"):
            if name and os.path.isfile(os.path.join(SRC, name)):
                os.makedirs(dest / os.path.dirname(name), exist_ok=True)
                shutil.copy2(os.path.join(SRC, name), dest / name)
    else:  # not a git checkout: the tree without its build directories
        shutil.copytree(SRC, dest, ignore=shutil.ignore_patterns("build*", ".git", "__pycache__"))
    assert not (dest / "build").exists()
    return dest


@pytest.fixture(scope="module")
def wheel(clone, tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    sh(PY, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", dist, ".",
       cwd=clone)
    wheels = list(dist.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


PROBE = ("import nqueens, sys; print(nqueens.__file__); "
         "print(nqueens.count(10).total, next(nqueens.solutions(8)).cols)")


def probe(python, cwd, under):
    where, answer = sh(python, "-c", PROBE, cwd=cwd).stdout.splitlines()
    assert where.startswith(str(under)), where
    assert answer == "724 (0, 4, 7, 5, 2, 6, 1, 3)"


def test_the_wheel_is_self_contained(wheel):
    assert wheel.name.startswith(f"{DIST}-{version()}-")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(f"{DIST}-{version()}.dist-info/METADATA").decode()
        so = [n for n in names if re.fullmatch(r"nqueens/_nqueens\..*\.so", n)]
        assert len(so) == 1, names
        package = {n for n in names if not n.startswith(f"{DIST}-")}
        assert package == {"nqueens/__init__.py", "nqueens/__init__.pyi", "nqueens/py.typed",
                           "nqueens/__main__.py", so[0]}
        assert f"Name: {DIST}\n" in meta and f"Version: {version()}\n" in meta
        assert "Requires-Python: >=3.9" in meta
        z.extract(so[0], wheel.parent)
    needed = sh("readelf", "-d", wheel.parent / so[0]).stdout
    libs = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", needed)
    assert libs and not [x for x in libs if "nqueens" in x or "yajl" in x], libs


def kernels(python, cwd, pythonpath=""):
    """What count(10, kernel=K) gives for each kernel: the kernel that ran, or the error."""
    code = ("import nqueens\nfor k in ('generic', 'avx2', 'avx512', 'auto'):\n"
            "    try:\n        r = nqueens.count(10, kernel=k, threads=1)\n"
            "        print(k, r.total, r.kernel)\n"
            "    except Exception as e:\n        print(k, type(e).__name__)\n")
    return sh(python, "-c", code, cwd=cwd, PYTHONPATH=pythonpath).stdout


def test_pip_install_in_a_fresh_venv(clone, wheel, tmp_path):
    python = venv(tmp_path / "venv")
    sh(python, "-m", "pip", "install", "--no-build-isolation", "--no-deps", ".", cwd=clone)
    probe(python, tmp_path, tmp_path / "venv")
    files = sh(python, "-m", "pip", "show", "-f", DIST, cwd=tmp_path).stdout
    location = re.search(r"^Location: (.*)$", files, re.M).group(1)
    assert location.startswith(str(tmp_path / "venv")), files
    listed = files.split("Files:", 1)[1].split()
    assert listed and all(not f.startswith(("/", "..")) for f in listed), listed
    # The run-time choice of kernel as in the build tree's extension (the CLI's library).
    assert kernels(python, tmp_path).replace("\n", " ") == \
        kernels(PY, tmp_path, os.environ.get("PYTHONPATH", "")).replace("\n", " ")
    out = sh(python, "-m", "nqueens", "--help", cwd=tmp_path).stdout
    assert "count" in out and "solve" in out
    assert sh(python, "-m", "nqueens", "count", "8", cwd=tmp_path).stdout == "92\n"


def test_the_wheel_passes_the_tests_in_another_venv(wheel, tmp_path):
    """With numpy (Debian's, through --system-site-packages) and pytest: the package's tests,
    but those of the build tree's installation (test_install.py)."""
    python = venv(tmp_path / "venv", pip=False)
    sh(python, "-m", "pip", "install", "--no-deps", wheel, cwd=tmp_path)
    probe(python, tmp_path, tmp_path / "venv")
    r = sh(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
           "--ignore", os.path.join(SRC, "tests", "python", "test_install.py"),
           os.path.join(SRC, "tests", "python"), cwd=tmp_path, check=False, NQ=NQ,
           NQ_SRC=SRC, NQ_TEST_REQUIRE_ALL=os.environ.get("NQ_TEST_REQUIRE_ALL", "0"))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert " passed" in r.stdout, r.stdout[-500:]


def one_line(r, pattern):
    """The build failed, and its output has one line saying what is missing and how to get it."""
    assert r.returncode != 0, r.stdout
    lines = [x.strip() for x in (r.stdout + r.stderr).splitlines() if "nqueens build:" in x]
    assert len(lines) == 1 and re.search(pattern, lines[0]), r.stdout + r.stderr
    return lines[0]


def test_a_plain_venv_lacks_wheel_then_takes_the_wheel_without_numpy(clone, wheel, tmp_path):
    """A venv without --system-site-packages has pip and setuptools, not `wheel` (which
    setuptools before 70.1 needs to build a wheel) and not numpy: the build says what to
    install; the wheel installs and works without numpy."""
    python = venv(tmp_path / "venv", system_site=False)
    if sh(python, "-c", "import setuptools.command.bdist_wheel", check=False).returncode != 0:
        r = sh(python, "-m", "pip", "install", "--no-build-isolation", "--no-deps", ".",
               cwd=clone, check=False)
        one_line(r, r"needs the package `wheel` to build a wheel, and it is missing: "
                    r"`python -m pip install wheel` \(offline, .*python3-wheel-whl")
    assert sh(python, "-c", "import nqueens", cwd=tmp_path, check=False).returncode != 0
    assert sh(python, "-c", "import numpy", check=False).returncode != 0
    sh(python, "-m", "pip", "install", "--no-deps", wheel, cwd=tmp_path)
    probe(python, tmp_path, tmp_path / "venv")
    code = ("import nqueens\n"
            "t = nqueens.solution_array(8)\n"
            "print(t.shape, t.tolist()[0], list(nqueens.find(8)))\n")
    assert sh(python, "-c", code, cwd=tmp_path).stdout == \
        "(92, 8) [0, 4, 7, 5, 2, 6, 1, 3] [0, 4, 7, 5, 2, 6, 1, 3]\n"
    assert sh(python, "-m", "nqueens", "find", "8", "--format", "cols", cwd=tmp_path).stdout == \
        "0 4 7 5 2 6 1 3\n"


def test_no_compiler_is_told(clone, tmp_path):
    r = sh(PY, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", tmp_path, ".",
           cwd=clone, check=False, CC=str(tmp_path / "no-such-cc"))
    one_line(r, r"no C compiler: '.*no-such-cc' .* is not found: install one \(Debian: apt "
                r"install gcc\) or name it in CC")


def test_no_python_headers_is_told(clone, tmp_path):
    """Python's configuration (its sysconfigdata) names a header directory without Python.h,
    as Debian's python3 does without python3-dev."""
    import sysconfig
    name = "_sysconfigdata_nq_noheaders"
    empty = tmp_path / "include"
    empty.mkdir()
    config = dict(sysconfig.get_config_vars())
    for key in ("INCLUDEPY", "CONFINCLUDEPY", "CONFINCLUDEPLATPY"):
        config[key] = str(empty)
    config = {k: v for k, v in config.items() if isinstance(v, (str, int, float))}
    (tmp_path / f"{name}.py").write_text(f"build_time_vars = {config!r}\n")
    r = sh(PY, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", tmp_path, ".",
           cwd=clone, check=False, PYTHONPATH=str(tmp_path), _PYTHON_SYSCONFIGDATA_NAME=name)
    one_line(r, rf"Python.h is missing \(looked in {re.escape(str(empty))}.*\): install the "
                r"headers of Python .* \(Debian: apt install python3-dev")
