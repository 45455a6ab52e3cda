"""Bad input of every kind gives the documented exception, never a crash or a hang: a board
size that is not an int is a TypeError, an int out of range a ValueError (with the range in
the message); the library's refusals carry its message."""
import time

import pytest

import nqueens

NOT_INTS = [2.5, "8", None, b"8", [8], True]
OUT_OF_RANGE = [0, -1, 65, 2**70, -2**70]


def exhaustive():
    return [("count", lambda n: nqueens.count(n)),
            ("solutions", lambda n: next(nqueens.solutions(n))),
            ("solve", lambda n: nqueens.solve(n)),
            ("trace", lambda n: next(nqueens.trace(n)))]


@pytest.mark.parametrize("name,f", exhaustive())
@pytest.mark.parametrize("bad", NOT_INTS)
def test_not_an_int(name, f, bad):
    with pytest.raises(TypeError, match="must be an int"):
        f(bad)


@pytest.mark.parametrize("name,f", exhaustive())
@pytest.mark.parametrize("bad", OUT_OF_RANGE)
def test_out_of_range(name, f, bad):
    with pytest.raises(ValueError, match="from 1 to 64"):
        f(bad)


@pytest.mark.parametrize("bad", NOT_INTS)
def test_find_complete_check_types(bad):
    with pytest.raises(TypeError):
        nqueens.find(bad)
    with pytest.raises(TypeError):
        nqueens.complete(bad, "0-0")
    if bad is not None:
        with pytest.raises(TypeError):
            nqueens.check("0\n", n=bad)


@pytest.mark.parametrize("bad", [0, -1, 2**31, 2**70])
def test_find_range(bad):
    with pytest.raises(ValueError):
        nqueens.find(bad)


def test_find_options():
    with pytest.raises(ValueError, match="unknown method"):
        nqueens.find(8, "fast")
    with pytest.raises(ValueError, match="n <= 64"):
        nqueens.find(65, "first")
    with pytest.raises(ValueError, match="for method='random' only"):
        nqueens.find(8, "construct", seed=1)
    with pytest.raises(ValueError):
        nqueens.find(8, "random", seed=-1)
    with pytest.raises(TypeError):
        nqueens.find(8, "random", seed=1.5)


def test_count_options():
    for bad in (0, -3, 1025):
        with pytest.raises(ValueError, match="threads"):
            nqueens.count(8, threads=bad)
    with pytest.raises(TypeError):
        nqueens.count(8, threads="2")
    with pytest.raises(ValueError, match="kernel"):
        nqueens.count(8, kernel="sse9")
    with pytest.raises(TypeError, match="kernel must be a str"):
        nqueens.count(8, kernel=2)
    with pytest.raises(ValueError, match="auto, backtrack, quadrant"):
        nqueens.count(8, method="meet")
    with pytest.raises(ValueError, match="auto, backtrack, quadrant"):
        nqueens.count(8, method="Backtrack")  # names are exact, lower case
    with pytest.raises(ValueError, match="method 'join' was retired"):
        nqueens.count(8, method="join")
    for bad in (2, None, b"join"):
        with pytest.raises(TypeError, match="method must be a str"):
            nqueens.count(8, method=bad)
    with pytest.raises(TypeError):
        nqueens.count(8, progress=42)


def test_complete_range_and_huge_queens_lists():
    with pytest.raises(ValueError, match="from 1 to"):
        nqueens.complete(2**20 + 1, "0-0")
    start = time.monotonic()
    # A list of 200,000 queens on an 8 x 8 board: the first one off the board is refused.
    with pytest.raises(ValueError, match="outside the 8 x 8 board"):
        nqueens.complete(8, [(r, 0) for r in range(200000)])
    # A million queens in the pairs notation, all on the main diagonal of a 10^6 board.
    spec = ", ".join(f"{r}-{r}" for r in range(10**6))
    with pytest.raises(nqueens.ConflictError, match="0-0 and 1-1 attack each other"):
        nqueens.complete(10**6, spec)
    with pytest.raises(nqueens.ParseError):
        nqueens.complete(8, "0-0, " * 100000 + "9-9")
    with pytest.raises(TypeError):
        nqueens.complete(8, [0, 1, 2])
    with pytest.raises(TypeError):
        nqueens.complete(8, [("a", "b")])
    # Rows and columns off the board are a ValueError however large (they were an
    # OverflowError from 2**31 on); bools and pairs of another length are no (row, col).
    for r, c in ((0, 2**70), (2**32 + 1, 0), (-2**32 + 1, 1), (0, -1), (8, 0)):
        with pytest.raises(ValueError, match=f"queen 1 at row {r}, column {c} is outside"):
            nqueens.complete(8, [(1, 1), (r, c)])
    for bad in ((0, True), (False, 1), (0, 1, 2), (0,), (0, 1.0)):
        with pytest.raises(TypeError, match="queen 0 is not a"):
            nqueens.complete(8, [bad])
    with pytest.raises(ValueError, match="NUL"):
        nqueens.complete(8, "0-0\0")
    with pytest.raises(ValueError, match="together"):
        nqueens.complete(8, "0-0", all=True, count=True)
    assert time.monotonic() - start < 60


def test_solution_and_format_inputs():
    with pytest.raises(ValueError):
        nqueens.Solution([])
    with pytest.raises(ValueError):
        nqueens.Solution([0, -1, 2])
    # A column off the board is a ValueError naming it, however large (no OverflowError).
    for bad in (2**80, -2**80, 2**32 + 1, 4, -2):
        with pytest.raises(ValueError, match=f"column 2 is {bad}: "):
            nqueens.Solution([1, 3, bad, 2])
    with pytest.raises(TypeError, match="column 0 is a bool"):
        nqueens.Solution([True])
    with pytest.raises(TypeError):
        nqueens.Solution(None)
    s = nqueens.Solution([1, 3, 0, 2])
    with pytest.raises(ValueError, match="unknown format"):
        s.format("xml")
    with pytest.raises(TypeError):
        s.transform(1.0)


def test_check_inputs():
    with pytest.raises(TypeError):
        nqueens.check(42)
    with pytest.raises(ValueError):
        nqueens.check("0\n", n=2**25)
    with pytest.raises(nqueens.ParseError, match="cannot tell the format"):
        nqueens.check("\x00\xff garbage\n")
    r = nqueens.check("\x00\xff garbage\n", format="cols")
    assert not r.ok and r.verdicts[0].kind == "malformed" and r.verdicts[0].line == 1


def test_journal_info_of_nothing(tmp_path):
    with pytest.raises(FileNotFoundError):
        nqueens.journal_info(tmp_path / "none")
    (tmp_path / "e").write_text("")
    with pytest.raises(nqueens.JournalError):
        nqueens.journal_info(tmp_path / "e")


def test_errors_are_in_a_hierarchy():
    assert issubclass(nqueens.ParseError, ValueError)
    assert issubclass(nqueens.ConflictError, ValueError)
    assert issubclass(nqueens.JournalError, nqueens.NQueensError)
    assert issubclass(nqueens.ParseError, nqueens.NQueensError)


def test_a_checkpoint_that_is_no_file_says_what_it_is(tmp_path):
    # Issue 40 item 7: checkpoint='/dev/full' raised a bare "[Errno 22] Invalid argument"; the
    # CLI explains. A FIFO and a directory the same way, each untouched.
    import os
    import stat
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [(fifo, "a FIFO"), (tmp_path, None)]
    if os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode):
        cases.append(("/dev/full", "a character device"))
    for path, kind in cases:
        with pytest.raises(OSError) as e:
            nqueens.count(8, checkpoint=path)
        assert e.value.filename == str(path)
        assert "cannot use checkpoint" in str(e.value)
        if kind:
            assert e.value.errno == 22
            assert f"it is not a regular file ({kind}); give the path of a file" in str(e.value)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with pytest.raises(FileNotFoundError, match="cannot use checkpoint: No such file"):
        nqueens.count(8, checkpoint=tmp_path / "no" / "such")


MEMORY = r"""
import resource, nqueens
resource.setrlimit(resource.RLIMIT_AS, (200 << 20, 200 << 20))
try:
    nqueens.count(20, threads=1, method="quadrant")
except MemoryError as e:
    print(e)
"""


@pytest.mark.skipif(__import__("conftest").UNDER_ASAN, reason="ASan needs the address space")
def test_out_of_memory_says_what_did_not_fit():
    # Issue 40 item 7: a bare MemoryError with no text. Under a limit of 200 MiB the quadrant
    # join's tables of n = 20 (246 MiB) do not fit: the message says so and what to do.
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", MEMORY], capture_output=True, text=True,
                         timeout=120).stdout
    assert out.startswith("count(20): out of memory: the quadrant join's tables (246 MiB) and "
                          "its 1 thread"), out
    assert out.rstrip().endswith("count with method='backtrack'"), out


class _Index:
    """An int of another type, as numpy's integers are: it has __index__ and is no int."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def test_ints_of_other_types():
    # Columns and queens given as numpy's integers are read as ints, as n is.
    s = nqueens.Solution([_Index(1), 3, 0, _Index(2)])
    assert s.cols == (1, 3, 0, 2) and all(type(c) is int for c in s.cols)
    assert s == nqueens.Solution([1, 3, 0, 2])
    assert nqueens.complete(8, [(_Index(0), _Index(1))]).cols[0] == 1
    with pytest.raises(ValueError, match="outside the 8 x 8 board"):
        nqueens.complete(8, [(_Index(0), _Index(9))])
    assert nqueens.count(_Index(8)).total == 92
