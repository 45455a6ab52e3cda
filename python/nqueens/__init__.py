"""The n-queens problem in Python, over libnqueens (the C library of the ``nqueens`` tool).

Place n queens on an n x n board so that no two share a row, a column, a diagonal
(row - col constant) or an anti-diagonal (row + col constant). A placement is given by its
columns: ``cols[row] = column``, both 0-based. Listings come in lexicographic order of
``cols``, the order of a row-by-row backtracking search that tries columns left to right.

The first three lines::

    >>> import nqueens
    >>> nqueens.count(8)              # 92 solutions (OEIS A000170), 12 fundamental (A002562)
    >>> next(nqueens.solutions(8))    # Solution([0, 4, 7, 5, 2, 6, 1, 3])

Everything exhaustive (count, solutions, trace) works for 1 <= n <= 64 (one 64-bit word a
row); find, check and the construction work for any n that fits in memory. Counts are exact
Python ints (the total for n = 29 exceeds 2**64).
"""

from __future__ import annotations

import array as _array
import enum as _enum
import html as _html
import os as _os
import sys as _sys

from . import _nqueens
from ._nqueens import ConflictError, JournalError, NQueensError, ParseError

__all__ = [
    "ConflictError", "CountResult", "CheckReport", "Group", "JournalError", "MAX_N",
    "NQueensError", "ParseError", "Solution", "Symmetry", "TraceEvent", "Verdict", "check",
    "complete", "count", "find", "journal_info", "known_count", "solution_array", "solutions",
    "solve", "trace",
    "FORMATS", "__version__",
]

__version__ = _nqueens.version()
#: The largest n of the exhaustive operations (count, solutions, trace): one 64-bit word a row.
MAX_N = _nqueens.MAX_N
#: The output formats, in the order of the library's nq_format (and the CLI's --format).
FORMATS = ("cols", "pairs", "board", "json", "jsonl", "grid", "perm", "matrix", "svg")
_FMT = {name: i for i, name in enumerate(FORMATS)}
_BOARD_FORMATS = {"board", "json", "grid", "matrix", "svg"}
_BOARD_MAX_N = 1000  # the CLI's limit for the formats that draw the whole board
_SVG_DEFAULT = 1000  # the most boards `solve --format svg` draws without a limit
_COLUMN_MAJOR = 1  # NQ_FMT_COLUMN_MAJOR
_INPUTS = {"auto": -1, "cases": 100, "count": 101}


def _size(n, name="n", low=1, high=MAX_N):
    """Checks a board size: TypeError unless an int (bool refused), ValueError out of range."""
    if isinstance(n, bool) or not hasattr(type(n), "__index__"):
        raise TypeError(f"{name} must be an int, not {type(n).__name__}")
    n = n.__index__()
    if not low <= n <= high:
        raise ValueError(f"{name} must be from {low} to {high}, got {n}")
    return n


class Symmetry(_enum.IntEnum):
    """The 8 symmetries of the square (the dihedral group D4), as maps of a cell (r, c)."""

    IDENTITY = 0  #: (r, c) -> (r, c)
    ROT90 = 1  #: quarter turn clockwise: (r, c) -> (c, n-1-r)
    ROT180 = 2  #: (r, c) -> (n-1-r, n-1-c)
    ROT270 = 3  #: quarter turn anticlockwise: (r, c) -> (n-1-c, r)
    MIRROR = 4  #: reflection in the vertical axis: (r, c) -> (r, n-1-c)
    FLIP = 5  #: reflection in the horizontal axis: (r, c) -> (n-1-r, c)
    TRANSPOSE = 6  #: reflection in the main diagonal: (r, c) -> (c, r)
    ANTITRANSPOSE = 7  #: reflection in the anti-diagonal: (r, c) -> (n-1-c, n-1-r)


def _symmetry(sym):
    if isinstance(sym, str):
        try:
            return Symmetry[sym.upper()]
        except KeyError:
            names = ", ".join(s.name.lower() for s in Symmetry)
            raise ValueError(f"unknown symmetry {sym!r}: one of {names}") from None
    if isinstance(sym, bool) or not isinstance(sym, int):
        raise TypeError(f"sym must be a Symmetry, its name or its number, not {type(sym).__name__}")
    return Symmetry(sym)


def _format_code(fmt):
    if not isinstance(fmt, str):
        raise TypeError(f"the format must be a str, not {type(fmt).__name__}")
    try:
        return _FMT[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}") from None


class Solution:
    """A solution of the n-queens problem: ``cols[row] = column``, 0-based (a tuple of ints).

    In Jupyter a Solution shows itself as the library's SVG picture (queens given to a
    completion drawn in dark red). Solutions compare and sort by cols, and hash.

    :param cols: the column of the queen of each row, 0-based (a sequence of ints, numpy's
        integers too, or find()'s array).
    :raises ConflictError: naming the first two queens that attack each other (nq_validate()).
    :raises ValueError: for an empty cols or a column outside the board (however large).
    :raises TypeError: for a column that is not an int (a bool included).
    """

    __slots__ = ("cols", "_given")

    def __init__(self, cols, *, _given=None):
        cols = tuple(cols)
        if not cols:
            raise ValueError("a solution needs at least one row")
        bad = _nqueens.validate(cols, False)
        if bad is not None:
            r1, c1, r2, c2, how = bad
            raise ConflictError(f"not a solution: {r1}-{c1} and {r2}-{c2} share {_share(how)}")
        # Columns given as other ints (numpy's) are kept as ints, so that cols is what it says.
        if any(type(c) is not int for c in cols):
            cols = tuple(c.__index__() for c in cols)
        self.cols = cols
        self._given = _given

    @property
    def n(self) -> int:
        """The board size (number of rows and of queens)."""
        return len(self.cols)

    @property
    def given(self):
        """For a completion: a tuple of n bools, True where the queen of the row was given;
        None otherwise."""
        return None if self._given is None else tuple(bool(g) for g in self._given)

    def __repr__(self):
        return f"Solution({list(self.cols)!r})"

    def __eq__(self, other):
        return isinstance(other, Solution) and self.cols == other.cols

    def __lt__(self, other):
        if not isinstance(other, Solution):
            return NotImplemented
        return self.cols < other.cols

    def __hash__(self):
        return hash(self.cols)

    def __len__(self):
        return len(self.cols)

    def __iter__(self):
        return iter(self.cols)

    def __getitem__(self, row):
        return self.cols[row]

    def pairs(self):
        """The queens as (row, col) pairs, rows 0..n-1 (the ``pairs`` format's notation).

        :returns: a list of n (row, col) tuples.
        """
        return list(enumerate(self.cols))

    def format(self, fmt="pairs", *, column_major=False) -> str:
        """This solution as the CLI prints it alone (``nqueens find N --format F``), byte for
        byte.

        :param fmt: cols, pairs, board, json, jsonl, grid, perm, matrix or svg (json: the board
            alone, LeetCode's one board ``[".Q..", ...]``, not a list of one).
        :param column_major: draw the board transposed (the queen of row r in column r).
        :returns: the text (str).
        :raises ValueError: for an unknown format, or a board-shaped one above n = 1000.
        :raises TypeError: if fmt is not a str.
        """
        code = _format_code(fmt)
        if fmt in _BOARD_FORMATS and self.n > _BOARD_MAX_N:
            raise ValueError(f"n = {self.n} is too large for the {fmt} format; use cols")
        if fmt == "svg":
            return self.svg(column_major=column_major)
        text = _nqueens.format(code, self.cols, _COLUMN_MAJOR if column_major else 0)
        return text + "\n" if fmt == "json" else text

    def svg(self, *, column_major=False) -> str:
        """The library's SVG 1.1 picture of this board (40 px cells up to n = 16).

        :param column_major: draw the board transposed.
        :returns: the SVG document (str).
        """
        return _nqueens.svg(self.n, [self.cols], _COLUMN_MAJOR if column_major else 0,
                            self._given)

    def _repr_svg_(self):
        return self.svg()

    def canonical(self) -> "Solution":
        """The representative of this solution's symmetry class: the lexicographically least
        of its 8 images (how a fundamental solution is printed; OEIS A002562 counts them).

        :returns: a Solution.
        """
        cols, _ = _nqueens.canonical(self.cols)
        return _solution(cols)

    def orbit(self) -> int:
        """The size of this solution's symmetry class.

        :returns: 8, 4, 2 or 1.
        """
        return _nqueens.canonical(self.cols)[1]

    def transform(self, sym) -> "Solution":
        """The image of this solution under a symmetry.

        :param sym: a Symmetry, its name such as "rot90" (any case), or its number 0..7.
        :returns: a Solution.
        :raises ValueError: for an unknown name or number.
        :raises TypeError: for another type.
        """
        return _solution(_nqueens.transform(self.cols, int(_symmetry(sym))))


_new = object.__new__


def _solution(cols, given=None):
    """A Solution from trusted columns (the library's), without checking them again."""
    s = _new(Solution)
    s.cols = cols
    s._given = given
    return s


def _share(how):
    return {"column": "a column", "diagonal": "a diagonal",
            "anti-diagonal": "an anti-diagonal", "row": "a row"}.get(how, how)


# ---- count ---------------------------------------------------------------------------------


class CountResult:
    """The result of count() (made by it, not by users): exact Python ints (128-bit in the
    library). ``int(result)`` is total, or unique for count(n, unique=True), as ``nqueens
    count`` prints; a CountResult equals that int.
    """

    # The attributes, with their documentation (a dict's values document the slots).
    __slots__ = {
        "n": "The board size.",
        "total": "The number of solutions (OEIS A000170).",
        "unique": "The number of fundamental solutions, one per symmetry class (OEIS A002562).",
        "orbits": "A dict {8: a, 4: b, 2: c, 1: d}: how many fundamental solutions have a "
                  "class of 8, 4, 2 and 1 members.",
        "nodes": "Queens placed by the search below the split's subproblems (the quadrant "
                 "join: the pairs of half-boards it compared).",
        "seconds": "Wall-clock time of this call's count, in seconds (a float).",
        "kernel": 'The instruction set of the counting kernel: "generic", "avx2" or "avx512".',
        "method": 'The counting method used: "backtrack" or "quadrant".',
        "threads": "The worker threads that counted.",
        "subproblems": "The size of the split: the numbered subproblems of the count.",
        "resumed": "Subproblems taken from the checkpoint (0 without one).",
        "computed": "Subproblems computed by this call.",
        "_want_unique": "",
    }

    def __init__(self, d, want_unique=False):
        self.n = d["n"]
        self.total = d["total"]
        self.unique = d["unique"]
        self.orbits = {8: d["orbit8"], 4: d["orbit4"], 2: d["orbit2"], 1: d["orbit1"]}
        for k in ("nodes", "seconds", "kernel", "method", "threads", "subproblems", "resumed",
                  "computed"):
            setattr(self, k, d[k])
        self._want_unique = want_unique

    def __int__(self):
        return self.unique if self._want_unique else self.total

    __index__ = __int__

    def __eq__(self, other):
        if isinstance(other, int):
            return int(self) == other
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return (f"CountResult(n={self.n}, total={self.total}, unique={self.unique}, "
                f"orbits={self.orbits}, nodes={self.nodes}, seconds={self.seconds:.3f}, "
                f"kernel={self.kernel!r}, method={self.method!r})")

    def _repr_html_(self):
        rows = [("n", self.n), ("total (OEIS A000170)", self.total),
                ("fundamental (OEIS A002562)", self.unique)]
        rows += [(f"classes of {k}", v) for k, v in self.orbits.items()]
        rows += [("nodes", self.nodes), ("seconds", f"{self.seconds:.3f}"),
                 ("kernel", self.kernel), ("method", self.method), ("threads", self.threads)]
        body = "".join(f"<tr><th>{_html.escape(str(k))}</th><td>{_html.escape(str(v))}</td></tr>"
                       for k, v in rows)
        return f"<table class=\"nqueens-count\">{body}</table>"


def _text_bar(done, size):
    """progress=True: a one-line bar on stderr (only drawn when stderr is a terminal)."""
    width = 30
    fill = width * done // size if size else width
    end = "\n" if done >= size else ""
    _sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{size} subproblems{end}")
    _sys.stderr.flush()


# The estimate of a long count, as `nqueens count` makes it (tool/estimate.h): from n = 25 on, a
# count estimated to take more than a year is refused unless force=True.
_ESTIMATE_FROM, _CALIBRATE_MIN, _CALIBRATE_MAX, _CALIBRATE_S = 25, 10, 16, 0.2
_YEAR = 365.25 * 86400


def _estimate(n, threads, kernel):
    """(seconds, threads, m, cpu): how long a count of n takes here by backtracking (the method
    of every n >= 23), measured on the first m from 10 whose count takes 0.2 s of CPU time (at
    most 16) and scaled by the growth of the number of solutions, (n e^-1.942)^n (Simkin 2021),
    per thread used, at most one per processor: the CLI's estimate (tool/estimate.c)."""
    import math
    import time
    procs = len(_os.sched_getaffinity(0)) if hasattr(_os, "sched_getaffinity") else \
        (_os.cpu_count() or 1)
    for m in range(_CALIBRATE_MIN, _CALIBRATE_MAX + 1):
        start = time.process_time()
        d = _nqueens.count(m, threads, None, None, kernel, "backtrack")
        cpu = time.process_time() - start
        if cpu >= _CALIBRATE_S:
            break
    used = d["threads"]
    growth = math.exp(n * (math.log(n) - 1.942) - m * (math.log(m) - 1.942))
    return cpu / min(used, procs) * growth, used, m, cpu


def count(n, *, unique=False, threads=None, checkpoint=None, progress=None, kernel="auto",
          method="auto", force=False):
    """Counts all and fundamental solutions of the n-queens problem, 1 <= n <= 64, exactly.

    The count places the border queens first, one placement per symmetry class, and counts
    their completions on all cores (nq_count_split(); under a second at n = 16 on one core,
    each n + 1 about 7 times longer). From n = 25 on, the time is estimated first (a count of
    a small n measured here, as `nqueens count` does), and a count estimated to take more than
    a year is refused with a ValueError that says how long, unless force=True. The GIL is
    released while counting; Ctrl-C (KeyboardInterrupt) stops it: signals are looked at every
    50 ms, no new subproblem starts, and those in flight by backtracking give up within one
    search of their last 16 rows (about 0.1 s measured at any n; they are counted again on a
    resume, never in part), those of the quadrant join finish (n <= 23). A second
    Ctrl-C while it stops abandons the count at once (its threads wind down on their own, and
    a checkpoint keeps every subproblem they finish).

    :param n: the board size, 1 <= n <= 64.
    :param unique: int(result) is the fundamental count (OEIS A002562) instead of the total.
    :param threads: worker threads, 1 to 1024 (None: all cores).
    :param checkpoint: a path: finished subproblems are recorded in this journal (the CLI's
        ``--checkpoint`` format), and a count that finds it resumes from it; after a
        KeyboardInterrupt the journal holds what was done, and the same call resumes it.
    :param progress: a callable(done, subproblems), called from this thread as subproblems
        finish; True for a text bar on stderr when stderr is a terminal. An exception it
        raises stops the count and propagates.
    :param kernel: "auto" (the fastest this CPU runs), "generic", "avx2" or "avx512".
    :param method: how the count is made: "auto" (the faster for n, as measured: the quadrant
        join for 16 <= n <= 23 where its tables fit in memory, else backtracking; a checkpoint
        being resumed keeps its own), "backtrack" (the kernels' search over the border
        subproblems) or "quadrant" (the quadrant join over the whole board, a split of its own:
        4 <= n <= 23, memory about 250 MiB at n = 20, 4.1 GiB at n = 23). Every method gives the
        same counts; only nodes differ. A checkpoint made by backtrack resumes with backtrack or
        auto; one made by quadrant only with quadrant (or auto). "join" (per border subproblem)
        was retired: it never beat backtracking; asked for, it raises ValueError saying so, and
        its checkpoints resume with "auto" or "backtrack". result.method is the method used.
    :param force: start a count estimated to take more than a year (the CLI's ``--force``).
    :returns: a CountResult (its int() the total, or the fundamental count with unique=True).
    :raises ValueError: for n, threads, kernel or method out of range or unknown, a kernel
        this CPU cannot run, or (without force) a count estimated at more than a year.
    :raises TypeError: for an argument of the wrong type.
    :raises JournalError: if the checkpoint is damaged or belongs to another count.
    :raises OSError: if the checkpoint cannot be read or written.
    :raises KeyboardInterrupt: on Ctrl-C (the checkpoint then holds what was done).
    """
    n = _size(n)
    if threads is None:
        threads = 0
    else:
        threads = _size(threads, "threads", 1, _nqueens.MAX_THREADS)
    if progress is True:
        progress = _text_bar if _sys.stderr.isatty() else None
    elif progress is False:
        progress = None
    elif progress is not None and not callable(progress):
        raise TypeError("progress must be a callable(done, subproblems), True or None")
    if checkpoint is not None:
        checkpoint = _os.fspath(checkpoint)
    if not isinstance(kernel, str):
        raise TypeError(f"kernel must be a str, not {type(kernel).__name__}")
    if not isinstance(method, str):
        raise TypeError(f"method must be a str, not {type(method).__name__}")
    if n >= _ESTIMATE_FROM and not force and method in ("auto", "backtrack"):
        seconds, used, m, cpu = _estimate(n, threads, kernel)
        if seconds > _YEAR:
            raise ValueError(
                f"count({n}) takes about {seconds / _YEAR:.3g} years on {used} "
                f"thread{'s' if used != 1 else ''} (estimated from n = {m}, {cpu:.3f} s of CPU "
                f"time on this machine): not started; use nqueens-mpi on a cluster with a "
                f"checkpoint, or pass force=True to start it here anyway")
    try:
        d = _nqueens.count(n, threads, checkpoint, progress, kernel, method)
    except KeyboardInterrupt as e:
        if checkpoint is not None and hasattr(e, "add_note"):
            try:
                info = _nqueens.journal_info(checkpoint)
                e.add_note(f"count({n}) interrupted: {info['done']} of {info['size']} "
                           f"subproblems saved in {checkpoint!r}; call count({n}, "
                           f"checkpoint={checkpoint!r}) again to resume")
            except Exception:  # the note is a courtesy; the interrupt is what matters
                pass
        raise
    return CountResult(d, bool(unique))


def journal_info(path):
    """What a checkpoint journal holds, read without changing it (nq_journal_read()): a dict
    with format, n, size (subproblems), done, total and unique so far, nodes, torn (a torn last
    record, ignored), split (the numbering's id) and library (the version that made it). unique
    is None where it is not known yet: a quadrant split's journal (format 3) until it is
    complete, since its classes follow from the whole total (as `nqueens count --status`).

    :param path: the journal (a str, bytes or os.PathLike), as count(checkpoint=...) writes it.
    :returns: a dict (keys above).
    :raises JournalError: if the file is not a journal, or is damaged.
    :raises OSError: if it cannot be read.
    """
    return _nqueens.journal_info(_os.fspath(path))


def known_count(n):
    """(total, fundamental) known to mathematics for 1 <= n <= 27 (OEIS A000170, A002562; the
    Q27 project, 2016), or None for a larger n.

    :param n: the board size, 1 <= n <= 2**31 - 1.
    :returns: a tuple (total, fundamental) of ints, or None beyond n = 27.
    :raises ValueError: if n is out of range.
    :raises TypeError: if n is not an int.
    """
    return _nqueens.known_count(_size(n, high=2**31 - 1))


# ---- solutions and solve -------------------------------------------------------------------


def solutions(n, *, unique=False):
    """Every solution of n (1 <= n <= 64) as a Solution, lazily, in lexicographic order, by the
    library's iterative bitboard backtracking (nq_search_new()). The iterator holds a native
    search of about 2 KiB, released when it is exhausted or dropped.

    :param n: the board size, 1 <= n <= 64.
    :param unique: only the fundamental solutions, each the least of its class.
    :returns: an iterator of Solution.
    :raises ValueError: if n is out of range.
    :raises TypeError: if n is not an int.
    """
    return _solutions(_nqueens.Search(_size(n), bool(unique)))


def solution_array(n, *, unique=False, limit=None):
    """Every solution of n in bulk, as one table of bytes: row i holds the columns of the i-th
    solution in lexicographic order (the order of solutions()), one byte (0 .. n-1) a queen.

    The table is a 2-D memoryview of shape (solutions, n) and format "B" over one
    array('B'), so that ``numpy.asarray(table)`` is a uint8 array of that shape sharing its
    memory (no copy; the buffer protocol), and without numpy it is indexed as
    ``table[i, row]`` or turned into lists by ``table.tolist()``. Its size is n bytes a
    solution: 14 MiB for the 365,596 solutions of n = 14, 235 MiB at n = 16 (limit keeps it
    small).

    :param n: the board size, 1 <= n <= 64.
    :param unique: only the fundamental solutions, each the least of its symmetry class.
    :param limit: at most this many solutions (the first ones), a positive int; None for all.
    :returns: a memoryview of shape (solutions, n), or, when there is none (n = 2, 3, or no
        solution under the limit), an empty one-dimensional memoryview (shape (0,)).
    :raises TypeError: if n or limit is not an int.
    :raises ValueError: if n is outside 1 .. 64 or limit is not positive.
    """
    n = _size(n)
    if limit is not None:
        limit = _size(limit, "limit", 1, 2**63 - 1)
    table = _array.array("B")
    search = _nqueens.Search(n, bool(unique))
    rows = search if limit is None else (cols for _, cols in zip(range(limit), search))
    extend = table.extend
    for cols in rows:
        extend(cols)
    view = memoryview(table)
    return view.cast("B", (len(table) // n, n)) if table else view


def _solutions(search):
    new = _new
    cls = Solution
    for cols in search:
        s = new(cls)
        s.cols = cols
        s._given = None
        yield s


def solve(n, fmt="pairs", *, unique=False, limit=None, column_major=False) -> str:
    """The text of ``nqueens solve N --format F`` (with --unique, --limit K, --column-major),
    byte for byte: every solution of n in lexicographic order.

    :param n: the board size, 1 <= n <= 64.
    :param fmt: cols, pairs, board, json, jsonl, grid, perm, matrix or svg (FORMATS).
    :param unique: only the fundamental solutions.
    :param limit: at most this many solutions (a positive int); None for all.
    :param column_major: draw each board transposed (the queen of row r in column r).
    :returns: the text (str); with no solution (n = 2, 3) "" ("[]\\n" for json, and for svg
        the picture that says there is no solution).
    :raises ValueError: for n or limit out of range, an unknown format, or svg of more than
        1000 boards without a limit.
    :raises TypeError: for an argument of the wrong type.
    """
    n = _size(n)
    code = _format_code(fmt)
    if limit is not None:
        limit = _size(limit, "limit", 1, 2**63 - 1)
    flags = _COLUMN_MAJOR if column_major else 0
    if fmt == "svg" and limit is None:
        known = _nqueens.known_count(n)
        if known is not None and known[1 if unique else 0] > _SVG_DEFAULT:
            raise ValueError(f"n = {n} has {known[1 if unique else 0]} "
                             f"{'fundamental ' if unique else ''}solutions: the svg format "
                             f"draws at most {_SVG_DEFAULT} boards without a limit")
    search = _nqueens.Search(n, bool(unique))
    out = []
    for i, cols in enumerate(search):
        if limit is not None and i >= limit:
            break
        out.append(cols)
    if fmt == "svg":
        return _nqueens.svg(n, out, flags, None)  # no board: the picture of no solution
    fmt1 = _nqueens.format
    texts = [fmt1(code, cols, flags) for cols in out]
    if fmt == "json":
        return "[" + ",".join(texts) + "]\n"
    return "".join(texts)


# ---- find and complete ---------------------------------------------------------------------


def find(n, method=None, seed=None):
    """One solution of n as an array('i') of n columns (4 bytes a queen; zero-copy into numpy
    with ``numpy.frombuffer(a, dtype=numpy.intc)``), or None when n has none (2, 3).

    method "first": the lexicographically first solution, by backtracking (n <= 64; erratic
    cost, 56 million nodes at n = 30); "construct": the explicit solution of Hoffman, Loessi and
    Moore (1969), O(n), any n >= 4; "random": min-conflicts local search (Sosic and Gu 1991),
    O(n) in practice, the same solution for the same seed on every machine. Default: "first"
    for n <= 32, "construct" above (as the CLI). The GIL is released while searching.

    :param n: the board size, 1 <= n <= 2**31 - 1 (method "first": n <= 64).
    :param method: "first", "construct", "random" or None (the default above).
    :param seed: for method "random": 0 .. 2**64-1, or None for a random one.
    :returns: an array('i') of n columns, or None when n has no solution.
    :raises ValueError: for n out of range, an unknown method, a seed out of range or given to
        another method.
    :raises TypeError: if n or seed is not an int.
    """
    n = _size(n, high=2**31 - 1)
    if method is None:
        method = "first" if n <= 32 else "construct"
    codes = {"first": 0, "construct": 1, "random": 2}
    if method not in codes:
        raise ValueError(f"unknown method {method!r}: first, construct or random")
    if method == "first" and n > MAX_N:
        raise ValueError(f"method 'first' works for n <= {MAX_N}; use construct or random")
    if seed is None:
        seed = int.from_bytes(_os.urandom(8), "little")
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    elif not 0 <= seed < 2**64:
        raise ValueError(f"seed must be from 0 to 2**64-1, got {seed}")
    elif method != "random":
        raise ValueError("a seed is for method='random' only")
    out = _array.array("i", bytes(4 * n))
    if _nqueens.find(codes[method], n, seed, out) is None:
        return None
    return out


def complete(n, queens, *, all=False, count=False):
    """Completes a partial placement (the n-Queens Completion problem, NP-complete: Gent,
    Jefferson and Nightingale, JAIR 59, 2017), 1 <= n <= 2**20.

    queens: given queens as a str in the pairs notation ("0-2, 3-3", 0-based row-col), a
    sequence of (row, col) pairs, or bytes holding the text of a board (`Q` given, `.`/`_`
    free, `x` blocked) or of MiniZinc/Essence data, as ``nqueens complete FILE`` reads it
    (n = 0 then takes the size from the text).
    Returns the lexicographically first completion as a Solution (its given queens drawn apart
    in its picture), or None if there is none; with all=True the list of every completion in
    lexicographic order; with count=True their number (an int).

    :param n: the board size, 1 <= n <= 2**20 (0 with a text: the size the text states).
    :param queens: the given queens (str, sequence of (row, col) pairs, or bytes; see above).
    :param all: return every completion, as a list.
    :param count: return the number of completions.
    :returns: a Solution or None; a list of Solution (all=True); an int (count=True).
    :raises ConflictError: if given queens attack each other.
    :raises ParseError: for malformed text.
    :raises ValueError: for a queen outside the board (however large its row or column), n out
        of range, or all and count both.
    :raises TypeError: if n is not an int, or a queen is not a (row, col) pair of ints (bools
        refused).
    """
    if all and count:
        raise ValueError("all and count cannot be used together")
    low = 0 if isinstance(queens, (bytes, bytearray)) else 1
    n = _size(n, low=low, high=_nqueens.INSTANCE_MAX_N)
    if isinstance(queens, bytearray):
        queens = bytes(queens)
    size, given, result = _nqueens.complete(n, queens, 2 if count else 1 if all else 0)
    if count:
        return result
    if all:
        return [_solution(cols, given) for cols in result]
    return None if result is None else _solution(result, given)


# ---- check ---------------------------------------------------------------------------------


class Verdict:
    """The judgement of one item of a list (nq_checker_add()), one of CheckReport.verdicts."""

    __slots__ = {
        "kind": 'What the item is: "valid", "attack" (see conflict), "incomplete" (see row), '
                '"size" (n is not the list\'s list_n), "malformed" (see error), "duplicate" '
                '(see dup_of), "claim_right", "claim_wrong" (see known_total), '
                '"claim_unknown".',
        "index": "The item's number, 1-based over the whole list.",
        "n": "The item's board size.",
        "list_n": "The board size of the list (given to check(), or its first placement's).",
        "conflict": 'For "attack": (row1, col1, row2, col2, how), the first two queens that '
                    'attack each other and the line they share; else None.',
        "row": 'For "incomplete": the first empty row.',
        "dup_of": 'For "duplicate": the index of the item it repeats.',
        "dup_line": 'For "duplicate": the line of the item it repeats.',
        "known_total": "For a claim: the true total (OEIS A000170), or None if unknown.",
        "known_unique": "For a claim: the true fundamental count (OEIS A002562), or None.",
        "line": "The line of the item, 1-based.",
        "column": "The column of the item on its line, 1-based.",
        "group": "The case of a ``cases`` output the item belongs to, 0-based.",
        "error": 'For "malformed": what is wrong; else None.',
        "claim": 'The kind of claim: "none" (the item is "-1"), "count", or None for a '
                 'placement.',
        "claim_total": "The total claimed, or None.",
        "claim_unique": "The fundamental count claimed, or None.",
    }

    def __init__(self, d):
        for k in self.__slots__:
            setattr(self, k, d[k])

    @property
    def ok(self) -> bool:
        """True for a valid solution or a true claim."""
        return self.kind in ("valid", "claim_right")

    def __repr__(self):
        extra = {"attack": f", conflict={self.conflict}", "incomplete": f", row={self.row}",
                 "malformed": f", error={self.error!r}", "duplicate": f", dup_of={self.dup_of}"}
        return f"Verdict({self.kind!r}, index={self.index}, line={self.line}" \
               f"{extra.get(self.kind, '')})"


class Group:
    """The judgement of a whole list, or of one case of a ``cases`` output
    (nq_checker_group()), one of CheckReport.groups: its counts, its completeness against OEIS
    A000170 and its order."""

    __slots__ = {
        "group": "The number of the case, 0-based (0 for a plain list).",
        "n": "The board size.",
        "line": "The line where the list or case starts, 1-based.",
        "items": "Items judged.",
        "valid": "Valid solutions among them.",
        "wrong": "Items that are not valid solutions or true claims.",
        "duplicates": "Items that repeat an earlier one.",
        "placements": "Items that are placements (not claims).",
        "claims": "Items that are claims (\"-1\" or a count).",
        "unchecked": "Claims that could not be checked (no known count).",
        "claims_none": "True when the case claims that n has no solution (\"-1\").",
        "known": "True when the number of solutions of n is known (OEIS A000170).",
        "expected": "The number of solutions of n, or None if unknown.",
        "complete": "True when every solution of n is listed.",
        "missing": "How many solutions of n are not listed, or None if unknown.",
        "first_missing": "The lexicographically first solution not listed (a tuple), found "
                         "when n <= 15; else None.",
        "ordered": "True when the list is in lexicographic order.",
        "order_index": "The index of the first item out of order (0 when ordered).",
        "order_line": "The line of the first item out of order (0 when ordered).",
    }

    def __init__(self, d):
        for k in self.__slots__:
            setattr(self, k, d[k])

    def __repr__(self):
        return (f"Group(n={self.n}, items={self.items}, valid={self.valid}, wrong={self.wrong}, "
                f"duplicates={self.duplicates}, complete={self.complete}, "
                f"ordered={self.ordered})")


class CheckReport:
    """What check() found (made by it, not by users)."""

    __slots__ = {
        "format": "The input format, detected or given (a str).",
        "verdicts": "One Verdict per item, in order.",
        "groups": "One Group per list or case.",
    }

    def __init__(self, fmt, verdicts, groups):
        self.format = fmt
        self.verdicts = [Verdict(v) for v in verdicts]
        self.groups = [Group(g) for g in groups]

    @property
    def ok(self) -> bool:
        """True when every item is right (every Verdict ok)."""
        return all(v.ok for v in self.verdicts)

    @property
    def problems(self):
        """The verdicts that are not ok, in order."""
        return [v for v in self.verdicts if not v.ok]

    def __repr__(self):
        return f"CheckReport(format={self.format!r}, items={len(self.verdicts)}, " \
               f"problems={len(self.problems)}, groups={self.groups!r})"


def check(source, *, n=None, format="auto") -> CheckReport:
    """Judges a list of solutions or claims in any input format (as ``nqueens check``): each
    item valid, attacked (the first two queens and how), incomplete, of another size, malformed
    (line and column), a duplicate; "-1" and count claims against OEIS A000170/A002562.

    source: the text (str or bytes), a path (os.PathLike), or a str naming an existing file
    (one line, no newline). n: the board size to insist on (None: the first placement's).
    format: "auto" (detected) or one of cols, pairs, board, json, jsonl, grid, perm, matrix,
    cases, count.

    :param source: the text (str or bytes), a path (os.PathLike), or a str naming an existing
        file (one line, no newline).
    :param n: the board size to insist on (None: the first placement's).
    :param format: "auto" (detected) or one of cols, pairs, board, json, jsonl, grid, perm,
        matrix, cases, count.
    :returns: a CheckReport.
    :raises ParseError: when the text cannot be read on (a broken JSON structure).
    :raises ValueError: for an unknown format or n out of range.
    :raises TypeError: for a source or format of the wrong type.
    :raises OSError: if the file cannot be read.
    """
    if isinstance(source, _os.PathLike) or (
            isinstance(source, str) and "\n" not in source and source.strip()
            and _os.path.isfile(source)):
        with open(source, "rb") as f:
            text = f.read()
    elif isinstance(source, str):
        text = source.encode()
    elif isinstance(source, (bytes, bytearray, memoryview)):
        text = bytes(source)
    else:
        raise TypeError(f"source must be a text, bytes or a path, not {type(source).__name__}")
    size = 0 if n is None else _size(n, high=_nqueens.PARSE_MAX_N)
    if not isinstance(format, str):
        raise TypeError(f"format must be a str, not {type(format).__name__}")
    code = _INPUTS.get(format, _FMT.get(format))
    if code is None or format == "svg":
        names = ", ".join(["auto"] + [f for f in FORMATS if f != "svg"] + ["cases", "count"])
        raise ValueError(f"unknown input format {format!r}: one of {names}")
    fmt, verdicts, groups = _nqueens.check(text, size, code)
    return CheckReport(fmt, verdicts, groups)


# ---- trace ---------------------------------------------------------------------------------


class TraceEvent:
    """One step of the branch-and-bound search (nq_trace_search()), as trace() yields them.
    str(event) is the line of ``nqueens trace``.
    """

    __slots__ = {
        "kind": 'The step: "try" (the cell (row, col) is tested), "attacked" (... and is '
                'attacked, see attack), "place" (a queen is placed: one search node), '
                '"solution" (row = n; cols is the solution), "dead_end" (every column of row '
                'is attacked) or "backtrack" (the queen at (row, col) is removed; see reason).',
        "n": "The board size.",
        "row": "The row of the step, 0-based (n for a solution).",
        "col": "The column of the step, 0-based.",
        "attack": 'For "attacked": the line along which the cell is attacked, "column", '
                  '"diagonal" or "anti-diagonal"; else "none".',
        "by_row": 'For "attacked": the row of the attacking queen.',
        "by_col": 'For "attacked": the column of the attacking queen.',
        "cols": "The queens above (rows 0..row-1, and the cell itself for place and "
                "backtrack), as a tuple of columns.",
        "number": 'For "solution": its 1-based number in lexicographic order.',
        "reason": 'For "backtrack": what came just before it, "dead end", "solution" or '
                  '"exhausted"; else None.',
    }

    def __init__(self, t, reason=None):
        (self.kind, self.n, self.row, self.col, self.attack, self.by_row, self.by_col,
         self.cols, self.number) = t
        self.reason = reason

    def __repr__(self):
        return f"TraceEvent({self.kind!r}, row={self.row}, col={self.col})"

    def __str__(self):
        ind = "  " * self.row
        r, c = self.row, self.col
        k = self.kind
        if k == "try":
            return f"{ind}try {r}-{c}"
        if k == "attacked":
            return f"{ind}attacked {r}-{c} by {self.by_row}-{self.by_col} ({self.attack})"
        if k == "place":
            return f"{ind}place {r}-{c}"
        if k == "solution":
            return f"{ind}solution {self.number}:" + "".join(
                f" {i}-{x}," for i, x in enumerate(self.cols)) + " ."
        if k == "dead_end":
            return f"{ind}dead end at row {r}"
        why = {"dead end": f"row {r + 1} is a dead end",
               "solution": "solution found; on to the next"}.get(
                   self.reason, f"every column of row {r + 1} was tried")
        return f"{ind}backtrack {r}-{c} ({why})"


def trace(n):
    """The events of the recursive branch-and-bound search of n (1 <= n <= 64; the number of
    events grows like n!: n = 12 has about 21 million), lazily, as TraceEvent objects. The
    search runs on its own thread a batch of 1024 events ahead, stopped when the iterator is
    dropped.

    :param n: the board size, 1 <= n <= 64.
    :returns: an iterator of TraceEvent.
    :raises ValueError: if n is out of range.
    :raises TypeError: if n is not an int.
    """
    return _trace(_nqueens.Trace(_size(n)))


def _trace(tr):
    last = None
    for t in tr:
        kind = t[0]
        reason = None
        if kind == "backtrack":
            reason = {"dead_end": "dead end", "solution": "solution"}.get(last, "exhausted")
        last = kind
        yield TraceEvent(t, reason)
