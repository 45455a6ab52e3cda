"""Python's readers of text, check() and complete(bytes), give one answer for every line end:
LF, CR LF, a bare CR and none at the end (as the CLI's readers: tests/cli/texts.sh)."""
import os

import pytest

import nqueens
from conftest import SRC, cli

STYLES = {
    "lf": lambda t: t,
    "crlf": lambda t: t.replace(b"\n", b"\r\n"),
    "cr": lambda t: t.replace(b"\n", b"\r"),
    "none": lambda t: t[:-1] if t.endswith(b"\n") else t,
}
FORMATS = ["cols", "pairs", "board", "json", "jsonl", "grid", "perm", "matrix"]


def verdicts(report):
    return report.ok, repr(report)


@pytest.mark.parametrize("fmt", FORMATS)
def test_check_every_format(fmt):
    text = nqueens.solve(6, fmt).encode()
    want = verdicts(nqueens.check(text))
    assert want[0]
    for style, f in STYLES.items():
        assert verdicts(nqueens.check(f(text))) == want, style


def test_check_names_the_damaged_line():
    text = b"1 3 0 2\n2 0 3 1\n1 1 0 2\n"
    for style, f in STYLES.items():
        report = nqueens.check(f(text))
        assert not report.ok
        assert [p.line for p in report.problems] == [3], style


@pytest.mark.parametrize("name", ["nauck.board", "nauck.param", "diags6.param"])
def test_complete_every_line_end(name):
    with open(os.path.join(SRC, "tests", "data", "complete", name), "rb") as f:
        text = f.read()
    want = nqueens.complete(0, text)
    assert want is not None
    for style, f in STYLES.items():
        assert nqueens.complete(0, f(text)) == want, style
