"""Shared helpers of the Python package's tests: the CLI under test (NQ, the build tree's
nqueens) as the independent reference, and the table of known counts (tests/data/counts.txt,
OEIS A000170 and A002562)."""
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ.get("NQ_SRC", os.path.dirname(os.path.dirname(HERE)))
DATA = os.environ.get("NQ_TEST_DATA", os.path.join(SRC, "tests", "data"))
NQ = os.environ.get("NQ", os.path.join(SRC, "build", "nqueens"))


# The CLI carries its own sanitizer runtime (statically linked): the runtime that
# tests/python/run.sh preloads into python3 for the extension must not reach it.
CLI_ENV = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def cli(*args, input=None, check=True):
    """stdout of `nqueens ARGS` as text; check: the exit status must be 0."""
    r = subprocess.run([NQ, *map(str, args)], input=input, capture_output=True, text=True,
                       env=CLI_ENV)
    if check and r.returncode != 0:
        raise AssertionError(f"nqueens {' '.join(map(str, args))}: exit {r.returncode}: "
                             f"{r.stderr}")
    return r


def cli_out(*args, input=None):
    return cli(*args, input=input).stdout


def counts_table():
    """{n: (total, unique, orbit8, orbit4, orbit2, orbit1)} from tests/data/counts.txt."""
    table = {}
    with open(os.path.join(DATA, "counts.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                n, *rest = map(int, line.split())
                table[n] = tuple(rest)
    return table


@pytest.fixture(scope="session")
def table():
    return counts_table()


# Under the sanitizers (NQ_UNDER_ASAN, tests/python/run.sh) memory measurements of the process
# mean nothing: ASan keeps freed memory in quarantine.
UNDER_ASAN = os.environ.get("NQ_UNDER_ASAN") == "1"
