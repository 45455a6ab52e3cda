"""solutions() and Solution: the iterator against the CLI's listing, the symmetries against the
library's count of classes, and an abandoned iterator that must release its search."""
import gc
import threading
import tracemalloc

import pytest

import nqueens
from conftest import UNDER_ASAN, cli_out, counts_table

TABLE = counts_table()


def listing(n, *extra):
    """The CLI's solutions of n as tuples of columns."""
    return [tuple(map(int, line.split()))
            for line in cli_out("solve", n, "--format", "cols", *extra).splitlines()]


@pytest.mark.parametrize("n", range(1, 13))
def test_iterator_equals_the_cli_listing(n):
    got = [s.cols for s in nqueens.solutions(n)]
    assert got == listing(n)
    assert len(got) == TABLE[n][0]


@pytest.mark.parametrize("n", range(1, 11))
def test_unique_iterator_equals_the_cli_unique_listing(n):
    got = [s.cols for s in nqueens.solutions(n, unique=True)]
    assert got == listing(n, "--unique")
    assert len(got) == TABLE[n][1]


def test_canonical_and_orbit_count_the_classes():
    # n = 10: the classes of all 724 solutions, with their sizes, against the table's orbits.
    classes = {}
    for s in nqueens.solutions(10):
        classes[s.canonical()] = s.orbit()
    sizes = list(classes.values())
    total, unique, o8, o4, o2, o1 = TABLE[10]
    assert len(classes) == unique
    assert (sizes.count(8), sizes.count(4), sizes.count(2), sizes.count(1)) == (o8, o4, o2, o1)
    assert sorted(classes) == [s for s in nqueens.solutions(10, unique=True)]


def test_transform_follows_the_documented_maps():
    s = nqueens.Solution([1, 3, 0, 2])
    n = s.n
    cells = set(s.pairs())
    maps = {"identity": lambda r, c: (r, c), "rot90": lambda r, c: (c, n - 1 - r),
            "rot180": lambda r, c: (n - 1 - r, n - 1 - c), "rot270": lambda r, c: (n - 1 - c, r),
            "mirror": lambda r, c: (r, n - 1 - c), "flip": lambda r, c: (n - 1 - r, c),
            "transpose": lambda r, c: (c, r),
            "antitranspose": lambda r, c: (n - 1 - c, n - 1 - r)}
    for name, f in maps.items():
        t = s.transform(name)
        assert set(t.pairs()) == {f(r, c) for r, c in cells}, name
        assert t == s.transform(nqueens.Symmetry[name.upper()])
    with pytest.raises(ValueError):
        s.transform("spin")


def test_solution_checks_its_columns():
    with pytest.raises(nqueens.ConflictError, match="0-0 and 1-1 share a diagonal"):
        nqueens.Solution([0, 1, 2, 3])
    with pytest.raises(ValueError):
        nqueens.Solution([0, 5, 2])
    with pytest.raises(TypeError):
        nqueens.Solution(["a", "b"])
    s = nqueens.Solution((1, 3, 0, 2))
    assert s.pairs() == [(0, 1), (1, 3), (2, 0), (3, 2)] and len(s) == 4 and s[1] == 3
    assert repr(s) == "Solution([1, 3, 0, 2])" and hash(s) == hash((1, 3, 0, 2))


def test_svg_repr_is_the_cli_picture():
    s = next(nqueens.solutions(6))
    assert s._repr_svg_() == cli_out("solve", 6, "--format", "svg", "--limit", 1)


@pytest.mark.skipif(UNDER_ASAN, reason="ASan's allocator keeps freed memory in quarantine")
def test_abandoned_iterators_leak_nothing():
    def abandon(k):
        for _ in range(k):
            it = nqueens.solutions(20)
            next(it)
            next(it)
            del it
            tr = nqueens.trace(8)
            next(tr)
            del tr
    gc.collect()
    before = nqueens._nqueens.live_handles()
    abandon(50)  # warm-up: caches, the allocator's arenas
    gc.collect()
    assert nqueens._nqueens.live_handles() == before
    tracemalloc.start()
    snap = tracemalloc.take_snapshot()
    abandon(2000)
    gc.collect()
    grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(snap, "filename"))
    tracemalloc.stop()
    assert nqueens._nqueens.live_handles() == before
    assert grown < 64 * 1024, f"{grown} bytes left by 2000 abandoned iterators"


def test_one_iterator_shared_by_threads_never_crashes():
    it = nqueens.solutions(11)
    seen, errors = [], []

    def drain():
        try:
            for s in it:
                seen.append(s.cols)
        except (RuntimeError, ValueError) as e:  # "already running" from a concurrent next()
            errors.append(e)
    ts = [threading.Thread(target=drain) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(set(seen)) == len(seen) <= TABLE[11][0]
    assert errors or len(seen) == TABLE[11][0]
