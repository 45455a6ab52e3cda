"""`python -m nqueens`: each command it has gives the nqueens program's output byte for byte and
its exit status (the messages differ only in the program's name), and bad usage is one line on
stderr with exit 2."""
import subprocess
import sys

import pytest

from conftest import CLI_ENV, NQ

SAME = [
    ["solve", "6"], ["solve", "8", "--format", "board", "--limit", "2"],
    ["solve", "8", "--format", "json", "--unique"], ["solve", "5", "--format", "svg"],
    ["solve", "3", "--format", "json"], ["solve", "3", "--format", "svg"], ["solve", "7", "-f", "perm", "-c", "-l", "5"],
    ["solve", "6", "--format", "jsonl", "--unique"],
    ["count", "10"], ["count", "10", "--unique"], ["count", "2"],
    ["count", "9", "--threads", "1", "--method", "quadrant"],
    ["find", "8", "--format", "perm"], ["find", "3"], ["find", "1000", "--format", "cols"],
    ["find", "20", "--method", "random", "--seed", "5", "--format", "matrix"],
    ["find", "9", "--format", "grid", "--column-major"],
    ["complete", "8", "--queens", "0-0, 1-2"], ["complete", "8", "--queens", "0-0, 1-4"],
    ["complete", "8", "--queens", "0-0, 1-4", "--all", "--format", "cols"],
    ["complete", "8", "--queens", "0-0, 1-4", "--count"],
    ["complete", "8", "--queens", "0-0, 1-1"],
]


def run(cmd, args, input=None):
    r = subprocess.run(cmd + args, input=input, capture_output=True, text=True, env=CLI_ENV
                       if cmd == [NQ] else None)
    return r.returncode, r.stdout, r.stderr


PY = [sys.executable, "-m", "nqueens"]


@pytest.mark.parametrize("args", SAME, ids=" ".join)
def test_same_output_and_status_as_the_program(args):
    code, out, err = run(PY, args)
    want_code, want_out, want_err = run([NQ], args)
    assert (code, out) == (want_code, want_out)
    assert err.replace("python -m nqueens", "nqueens") == want_err


def test_n_from_standard_input():
    assert run(PY, ["count"], input="8\n") == (0, "92\n", "")
    assert run(PY, ["solve", "--format", "cols", "--limit", "1"], input="4") == \
        (0, "1 3 0 2\n", "")


def test_complete_reads_a_board(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("Q.......\n" + "........\n" * 7)
    assert run(PY, ["complete", str(board), "--format", "cols"]) == \
        run([NQ], ["complete", str(board), "--format", "cols"])


def test_check():
    listing = run([NQ], ["solve", "6", "--format", "cols"])[1]
    assert run(PY, ["check", "--all"], input=listing) == (0, "4 items (cols): ok\n", "")
    code, out, _ = run(PY, ["check", "--all"], input="".join(listing.splitlines(True)[:3]))
    assert code == 1 and "n = 6: 3 of the 4 solutions: incomplete" in out
    code, out, _ = run(PY, ["check"], input="0 1 2 3\n")
    assert code == 1 and out.startswith("item 1 (line 1): attack")


@pytest.mark.parametrize("args, message", [
    (["count", "65"], "n must be from 1 to 64, got 65"),
    (["count", "x"], "N must be an integer, got 'x'"),
    (["solve", "4", "--format", "nope"], "invalid choice: 'nope'"),
    (["find", "8", "--seed", "3"], "a seed is for method='random' only"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["count"], "no N given"),
    (["count", "9", "--method", "join"], "was retired"),
])
def test_bad_usage_is_one_line_and_exit_2(args, message):
    code, out, err = run(PY, args, input="")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err


def test_help_and_version():
    code, out, _ = run(PY, ["--help"])
    assert code == 0 and all(c in out for c in ("solve", "count", "find", "complete", "check"))
    code, out, _ = run(PY, ["count", "--help"])
    assert code == 0 and "--checkpoint" in out
    assert run(PY, ["--version"]) == (0, f"nqueens {__import__('nqueens').__version__}\n", "")
    code, out, err = run(PY, [])
    assert code == 2 and out == "" and "COMMAND" in err
