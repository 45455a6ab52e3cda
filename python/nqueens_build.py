"""The build backend named by pyproject.toml: setuptools' own (setuptools.build_meta), after a
check that this Python can build a wheel with it, so that what is missing is said in one line
with how to get it offline, instead of pip's traceback of a missing backend or setuptools'
"invalid command 'bdist_wheel'".

`pip install --no-build-isolation .` uses the setuptools and wheel of the Python that runs pip:
Debian's python3 has them from python3-setuptools and python3-wheel; a virtual environment of
Debian's python3 without --system-site-packages, or a pyenv or python.org CPython, may have a
setuptools without `wheel` (which setuptools before 70.1 needs for bdist_wheel), an old one
(PEP 621 metadata needs setuptools 61), or none at all (CPython 3.12 and later install none).
Debian's python3-wheel-whl puts a wheel of `wheel` in /usr/share/python-wheels/, which pip
installs offline into any CPython >= 3.9.
"""
import importlib
import sys

_OFFLINE = "/usr/share/python-wheels"
_NEED = (61,)


def _stop(what):
    raise SystemExit(f"nqueens build: {what}")


def _version(text):
    parts = []
    for part in text.split(".")[:2]:
        digits = "".join(c for c in part if c.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


# Debian's wheel of setuptools (python3-setuptools-whl) is patched for Debian's Python and
# fails in another one, so the offline way to a setuptools is Debian's python3 itself.
_DEBIAN = ("offline, make the environment with Debian's python3: `/usr/bin/python3 -m venv "
           "--system-site-packages ENV` has them from python3-setuptools and python3-wheel")
try:
    import setuptools
except ImportError:
    _stop(f"this Python ({sys.executable}) has no setuptools: install it into the environment "
          f"(`python -m pip install 'setuptools>=61' wheel`; {_DEBIAN})")
if _version(setuptools.__version__) < _NEED:
    _stop(f"setuptools {setuptools.__version__} of this Python ({sys.executable}) is too old "
          "(the metadata of pyproject.toml needs 61 or later): `python -m pip install -U "
          f"'setuptools>=61' wheel` ({_DEBIAN})")

from setuptools import build_meta as _meta  # noqa: E402
from setuptools.build_meta import *  # noqa: E402,F401,F403


def _need_wheel():
    """setuptools before 70.1 builds wheels with the `wheel` package's bdist_wheel."""
    for module in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):  # the first: >= 70.1
        try:
            importlib.import_module(module)
            return
        except ImportError:
            pass
    _stop(f"setuptools {setuptools.__version__} of this Python ({sys.executable}) needs the "
          "package `wheel` to build a wheel, and it is missing: `python -m pip install wheel` "
          f"(offline, from Debian's python3-wheel-whl: `python -m pip install "
          f"{_OFFLINE}/wheel-*.whl`)")


def prepare_metadata_for_build_wheel(*args, **kwargs):
    _need_wheel()
    return _meta.prepare_metadata_for_build_wheel(*args, **kwargs)


def build_wheel(*args, **kwargs):
    _need_wheel()
    return _meta.build_wheel(*args, **kwargs)


def build_editable(*args, **kwargs):
    _need_wheel()
    return _meta.build_editable(*args, **kwargs)
