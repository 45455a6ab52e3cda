"""find, complete, check and trace against the CLI."""
import json
import os

import pytest

import nqueens
from conftest import DATA, cli, cli_out


def cols_of(text):
    return [int(x) for x in text.split()]


@pytest.mark.parametrize("n", [1, 4, 5, 8, 12, 20, 25])
def test_find_first_and_construct_equal_the_cli(n):
    assert list(nqueens.find(n, "first")) == cols_of(cli_out("find", n, "--method", "first",
                                                             "--format", "cols"))
    if n not in (2, 3):
        assert list(nqueens.find(n, "construct")) == cols_of(
            cli_out("find", n, "--method", "construct", "--format", "cols"))


def test_find_random_is_reproducible_and_equals_the_cli():
    for seed in (0, 1, 2**64 - 1):
        a = nqueens.find(500, "random", seed=seed)
        assert a == nqueens.find(500, "random", seed=seed)
        assert list(a) == cols_of(cli_out("find", 500, "--method", "random", "--seed", seed,
                                          "--format", "cols"))
    assert nqueens.Solution(nqueens.find(300, "random")).n == 300  # a random seed


def test_find_a_million_queens():
    a = nqueens.find(10**6)  # construct, as the CLI's default above 32
    assert a.typecode == "i" and len(a) == 10**6 and a.itemsize * len(a) == 4 * 10**6
    assert a.tobytes() == nqueens.find(10**6, "construct").tobytes()
    assert list(a) == cols_of(cli_out("find", 10**6, "--format", "cols"))
    nqueens.Solution(a)  # validated by the library
    b = nqueens.find(10**6, "random", seed=3)
    assert list(b) == cols_of(cli_out("find", 10**6, "--method", "random", "--seed", 3,
                                      "--format", "cols"))


def test_find_without_a_solution():
    assert nqueens.find(2) is None and nqueens.find(3, "construct") is None
    assert cli("find", 2, check=False).returncode == 1


@pytest.mark.parametrize("n,queens", [(8, "0-0"), (8, "3-3, 4-1"), (10, "0-5, 9-0"),
                                      (6, "1-0"), (20, "0-0, 1-2, 2-4")])
def test_complete_equals_the_cli(n, queens):
    first = nqueens.complete(n, queens)
    assert first.cols == tuple(cols_of(cli_out("complete", n, "--queens", queens,
                                               "--format", "cols")))
    pairs = [tuple(map(int, q.split("-"))) for q in queens.split(", ")]
    assert nqueens.complete(n, pairs) == first
    assert first.given == tuple(r in dict(pairs) for r in range(n))
    if n <= 10:
        every = nqueens.complete(n, queens, all=True)
        want = cli_out("complete", n, "--queens", queens, "--all", "--format", "cols")
        assert [s.cols for s in every] == [tuple(cols_of(l)) for l in want.splitlines()]
        assert nqueens.complete(n, queens, count=True) == len(every)
    if n <= 10:  # the count of the 20 x 20 board's completions takes seconds
        assert str(nqueens.complete(n, queens, count=True)) == cli_out(
            "complete", n, "--queens", queens, "--count").strip()
    for fmt in ("pairs", "svg"):
        assert first.format(fmt) == cli_out("complete", n, "--queens", queens, "--format", fmt)


def test_complete_without_a_completion_and_with_conflicts():
    # 0-0 and 1-2 on 4 x 4 leave no completion (both solutions of 4 avoid corner 0-0).
    assert nqueens.complete(4, "0-0") is None
    assert nqueens.complete(4, "0-0", all=True) == [] and nqueens.complete(4, "0-0",
                                                                         count=True) == 0
    assert cli("complete", 4, "--queens", "0-0", check=False).returncode == 1
    with pytest.raises(nqueens.ConflictError, match="0-0 and 2-2 attack each other"):
        nqueens.complete(8, "0-0, 2-2")
    with pytest.raises(nqueens.ConflictError, match="same row"):
        nqueens.complete(8, [(1, 1), (1, 5)])
    with pytest.raises(nqueens.ParseError, match="column"):
        nqueens.complete(8, "0-0, 1-")


def test_complete_reads_a_board_text():
    board = b"Q.......\n........\n........\n........\n........\n........\n........\n........\n"
    assert nqueens.complete(0, board) == nqueens.complete(8, "0-0")


def test_check_equals_the_cli_report(tmp_path):
    text = nqueens.solve(6, "cols") + "0 1 2 3 4 5\n1 3 5 0 2 4\n1 3 5\nx y\n"
    path = tmp_path / "list.txt"
    path.write_text(text)
    report = cli("check", path, "--json", "--all", check=False)
    assert report.returncode == 1
    want = json.loads(report.stdout)
    for source in (text, text.encode(), path, str(path)):
        r = nqueens.check(source)
        assert r.format == want["format"] == "cols" and not r.ok
        problems = r.problems
        assert [p.index for p in problems] == [p["item"] for p in want["problems"]]
        for p, w in zip(problems, want["problems"]):
            assert (p.line, p.column, p.kind) == (w["line"], w["column"], w["kind"])
            if p.kind == "attack":
                assert p.conflict == (*w["queens"][0], *w["queens"][1], w["how"])
            if p.kind == "duplicate":
                assert (p.dup_of, p.dup_line) == (w["of"], w["of_line"])
            if p.kind == "malformed":
                assert p.error == w["error"]
        g, wg = r.groups[0], want["groups"][0]
        for k in ("n", "items", "valid", "wrong", "duplicates", "unchecked", "ordered",
                  "known", "complete"):
            assert getattr(g, k) == wg[k], k
        assert (g.order_index, g.order_line) == (wg["order_item"], wg["order_line"])
        assert str(g.expected) == wg["expected"] and str(g.missing) == wg["missing"]


def test_check_a_complete_list_and_claims():
    r = nqueens.check(nqueens.solve(8, "json"))
    assert r.ok and r.format == "json" and r.groups[0].complete and r.groups[0].valid == 92
    partial = nqueens.check("".join(nqueens.solve(8, "cols").splitlines(True)[1:]))
    assert partial.groups[0].first_missing == tuple(nqueens.find(8, "first"))
    claims = nqueens.check("8 92\n8 93\n", format="count")
    assert [v.kind for v in claims.verdicts] == ["claim_right", "claim_wrong"]
    assert claims.verdicts[1].known_total == 92 and claims.verdicts[1].claim_total == 93
    cases = nqueens.check("[2 4 1 3 ] [3 1 4 2 ]\n-1\n", format="cases")
    # A "-1" case says nothing of its n: the claim cannot be judged.
    assert len(cases.groups) == 2
    assert [(v.kind, v.group) for v in cases.verdicts] == [("valid", 0), ("valid", 0),
                                                           ("claim_unknown", 1)]
    with pytest.raises(nqueens.ParseError):
        nqueens.check('[["Q", ', format="json")
    with pytest.raises(ValueError, match="unknown input format"):
        nqueens.check("", format="svg")


@pytest.mark.parametrize("n", range(1, 8))
def test_trace_equals_the_cli(n):
    tr = nqueens._nqueens.Trace(n)
    events = list(nqueens._trace(tr))
    head, *lines = cli_out("trace", n).splitlines()
    assert head.startswith(f"branch and bound for n = {n}:")
    assert [str(e) for e in events] == lines[:len(events)]
    totals = dict(l.split(": ") for l in lines[len(events):])
    st = tr.stats
    assert st is not None
    assert (st["tries"], st["attacked"], st["nodes"], st["dead_ends"], st["backtracks"],
            st["solutions"]) == tuple(int(totals[k]) for k in (
                "tried", "attacked", "nodes", "dead ends", "backtracks", "solutions"))
    sols = [e.cols for e in events if e.kind == "solution"]
    assert sols == [s.cols for s in nqueens.solutions(n)]


def test_trace_is_lazy():
    it = nqueens.trace(12)  # about 21 million events: only the first few are made
    first = [next(it) for _ in range(3)]
    assert [(e.kind, e.row, e.col) for e in first] == [("try", 0, 0), ("place", 0, 0),
                                                        ("try", 1, 0)]
