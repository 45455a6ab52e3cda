"""Solutions as arrays: find() (array('i')) and solution_array() (a 2-D memoryview of bytes),
without numpy and with it (Debian's python3-numpy), where numpy.asarray must share their
memory rather than copy it (the buffer protocol)."""
import os
import subprocess
import sys

import pytest

import nqueens
from conftest import cli_out

REQUIRE_ALL = os.environ.get("NQ_TEST_REQUIRE_ALL") == "1"


def numpy_or_skip():
    """numpy, or a skip where it is not installed (a failure where every tool must be)."""
    if REQUIRE_ALL:
        import numpy  # scripts/packages.txt: python3-numpy
        return numpy
    return pytest.importorskip("numpy")


@pytest.mark.parametrize("n", [1, 4, 6, 8, 9])
def test_solution_array_is_the_listing(n):
    table = nqueens.solution_array(n)
    rows = [list(map(int, line.split())) for line in cli_out("solve", n, "--format", "cols")
            .splitlines()]
    assert table.shape == (len(rows), n) and table.format == "B" and table.ndim == 2
    assert table.tolist() == rows
    assert table[len(rows) - 1, n - 1] == rows[-1][-1]


def test_solution_array_unique_and_limit():
    unique = [list(map(int, line.split())) for line in
              cli_out("solve", 10, "--unique", "--format", "cols").splitlines()]
    assert nqueens.solution_array(10, unique=True).tolist() == unique
    assert nqueens.solution_array(10, unique=True, limit=5).tolist() == unique[:5]
    assert nqueens.solution_array(8, limit=1000).shape == (92, 8)


@pytest.mark.parametrize("n", [2, 3])
def test_solution_array_without_solutions_is_empty(n):
    table = nqueens.solution_array(n)
    assert len(table) == 0 and table.nbytes == 0 and table.tolist() == []


@pytest.mark.parametrize("bad, error", [(0, ValueError), (65, ValueError), ("8", TypeError),
                                        (8.0, TypeError)])
def test_solution_array_refuses_bad_n(bad, error):
    with pytest.raises(error):
        nqueens.solution_array(bad)


@pytest.mark.parametrize("limit", [0, -1])
def test_solution_array_refuses_a_limit_below_one(limit):
    with pytest.raises(ValueError, match="limit"):
        nqueens.solution_array(8, limit=limit)


def test_numpy_views_share_the_memory_of_find():
    np = numpy_or_skip()
    a = nqueens.find(12)
    x = np.asarray(a)
    assert x.dtype == np.intc and x.shape == (12,)
    assert x.tolist() == list(a)
    a[0] = 11  # a write through the array is seen by the numpy view: no copy was made
    assert x[0] == 11
    y = np.frombuffer(nqueens.find(1000, "construct"), dtype=np.intc)
    assert sorted(y.tolist()) == list(range(1000))


def test_numpy_views_share_the_memory_of_solution_array():
    np = numpy_or_skip()
    table = nqueens.solution_array(8)
    x = np.asarray(table)
    assert x.shape == (92, 8) and x.dtype == np.uint8
    assert x.base is not None  # a view of the table's buffer, not a copy
    table.obj[0] = 7  # the array under the view
    assert x[0, 0] == 7
    x = np.asarray(nqueens.solution_array(10))
    # Every row a solution: distinct columns, diagonals and anti-diagonals.
    rows = np.arange(10)
    for d in (x, x + rows, x - rows):
        assert all(len(set(r)) == 10 for r in d.tolist())
    assert len({bytes(r) for r in x}) == 724


def test_the_package_needs_no_numpy():
    """With numpy made unimportable, import, find() and solution_array() work, and importing
    the package does not import numpy."""
    code = ("import sys; sys.modules['numpy'] = None\n"
            "import nqueens\n"
            "assert list(nqueens.find(8)) == [0, 4, 7, 5, 2, 6, 1, 3]\n"
            "assert nqueens.solution_array(6).tolist()[0] == [1, 3, 5, 0, 2, 4]\n"
            "print(nqueens.count(8).total)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "92\n"
    r = subprocess.run([sys.executable, "-c", "import sys, nqueens; print('numpy' in sys.modules)"],
                       capture_output=True, text=True)
    assert r.stdout == "False\n", r.stderr
