"""Builds the nqueens package against an installed libnqueens, found with pkg-config.

From the repository, after `make install` (or `cmake --install build --prefix P` with
PKG_CONFIG_PATH=P/lib/pkgconfig), with no network (Debian's setuptools, no build isolation):
    pip install --no-build-isolation ./python
The extension links the static library (nqueens-static.pc), so it needs no libnqueens.so at
run time. `make install` itself already installs the package for Debian's python3.
"""
import shlex
import subprocess

from setuptools import Extension, setup


def pkg_config(*args):
    try:
        out = subprocess.run(["pkg-config", *args, "nqueens-static"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("setup.py: libnqueens not found by pkg-config (nqueens-static.pc): "
                         "run `make install` first, or set PKG_CONFIG_PATH to the "
                         f"prefix's lib/pkgconfig ({e})")
    return shlex.split(out)


compile_args = pkg_config("--cflags")
link_args = pkg_config("--libs")
version = subprocess.run(["pkg-config", "--modversion", "nqueens-static"], check=True,
                         capture_output=True, text=True).stdout.strip()

setup(
    name="nqueens",
    version=version,
    description="The n-queens problem: solve, count, find, complete, check (over libnqueens)",
    packages=["nqueens"],
    package_data={"nqueens": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("nqueens._nqueens", ["nqueens/_nqueens.c"],
                           extra_compile_args=compile_args + ["-fvisibility=hidden"],
                           extra_link_args=link_args)],
    python_requires=">=3.9",
)
