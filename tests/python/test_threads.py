"""The module from several threads at once: counts, iterators, find, formats, check and trace
on 8 threads give the answers they give alone, and counts run in parallel (the GIL is
released)."""
import threading

import nqueens
from conftest import counts_table

TABLE = counts_table()


def test_many_threads_at_once():
    errors = []
    want_sols = [s.cols for s in nqueens.solutions(8)]
    want_json = nqueens.solve(6, "json")
    want_trace = [str(e) for e in nqueens.trace(5)]

    def work(i):
        try:
            for _ in range(3):
                n = 9 + (i % 4)
                assert nqueens.count(n, threads=1).total == TABLE[n][0]
                assert [s.cols for s in nqueens.solutions(8)] == want_sols
                assert nqueens.solve(6, "json") == want_json
                assert list(nqueens.find(200, "random", seed=i)) == list(
                    nqueens.find(200, "random", seed=i))
                assert nqueens.check(want_json).ok
                assert [str(e) for e in nqueens.trace(5)] == want_trace
                assert nqueens.complete(8, "0-0", count=True) == 4
        except Exception as e:  # reported below, with the thread that saw it
            errors.append((i, repr(e)))
    ts = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert errors == []


def test_a_count_in_a_thread_lets_python_run():
    ticks = []
    done = threading.Event()

    def counter():  # n = 15: about 0.2 s, so that a loaded machine still gives many ticks
        nqueens.count(15, threads=1, method="backtrack")
        done.set()
    t = threading.Thread(target=counter)
    t.start()
    while not done.is_set():
        ticks.append(1)
        done.wait(0.001)
    t.join()
    assert len(ticks) > 5  # the interpreter kept running while the count ran
