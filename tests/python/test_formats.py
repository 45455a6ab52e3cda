"""Every output format byte for byte against the CLI: solve(), Solution.format() and the svg
picture, with --unique, --limit and --column-major."""
import pytest

import nqueens
from conftest import cli, cli_out

TEXT_FORMATS = [f for f in nqueens.FORMATS if f != "svg"]


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
@pytest.mark.parametrize("n", [1, 2, 4, 5, 6, 8])
def test_solve_equals_the_cli(fmt, n):
    assert nqueens.solve(n, fmt) == cli_out("solve", n, "--format", fmt)


@pytest.mark.parametrize("fmt", nqueens.FORMATS)
def test_solve_options_equal_the_cli(fmt):
    for n, opts, kw in [(8, ["--unique"], {"unique": True}), (8, ["--limit", 3], {"limit": 3}),
                        (7, ["--column-major", "--limit", 5], {"column_major": True, "limit": 5}),
                        (6, ["--unique", "--column-major"], {"unique": True,
                                                            "column_major": True})]:
        assert nqueens.solve(n, fmt, **kw) == cli_out("solve", n, "--format", fmt, *opts), \
            (n, opts)


def test_svg_of_a_whole_listing_and_its_limit():
    assert nqueens.solve(6, "svg") == cli_out("solve", 6, "--format", "svg")
    # No solution: the picture that says so (it was "" from both, an empty file), as json is [].
    for n in (2, 3):
        svg = nqueens.solve(n, "svg")
        assert svg == cli_out("solve", n, "--format", "svg")
        assert svg.startswith("<?xml") and svg.endswith("</svg>\n")
        assert f"No solution for n = {n}." in svg
        assert nqueens.solve(n, "svg", unique=True, limit=1, column_major=True) == svg
    # n = 10 has 724 solutions (drawn), n = 12 has 14200 (refused without a limit, as the CLI).
    assert nqueens.solve(10, "svg") == cli_out("solve", 10, "--format", "svg")
    with pytest.raises(ValueError, match="at most 1000 boards"):
        nqueens.solve(12, "svg")
    assert cli("solve", 12, "--format", "svg", check=False).returncode == 2


@pytest.mark.parametrize("fmt", nqueens.FORMATS)
@pytest.mark.parametrize("n", [1, 4, 8, 13])
def test_solution_format_equals_find(fmt, n):
    s = nqueens.Solution(nqueens.find(n, "first"))
    assert s.format(fmt) == cli_out("find", n, "--method", "first", "--format", fmt)
    assert s.format(fmt, column_major=True) == cli_out(
        "find", n, "--method", "first", "--format", fmt, "--column-major")


@pytest.mark.parametrize("fmt", nqueens.FORMATS)
def test_random_solution_formats_equal_find(fmt):
    s = nqueens.Solution(nqueens.find(40, "random", seed=7))
    assert s.format(fmt) == cli_out("find", 40, "--method", "random", "--seed", 7,
                                    "--format", fmt)


def test_board_formats_refuse_huge_boards_as_the_cli():
    s = nqueens.Solution(nqueens.find(1001, "construct"))
    for fmt in ("board", "json", "grid", "matrix", "svg"):
        with pytest.raises(ValueError, match="too large"):
            s.format(fmt)
        assert cli("find", 1001, "--format", fmt, check=False).returncode == 2
    assert s.format("cols") == cli_out("find", 1001, "--method", "construct", "--format",
                                       "cols")


def test_unknown_format():
    with pytest.raises(ValueError, match="unknown format"):
        nqueens.solve(4, "yaml")
    with pytest.raises(TypeError):
        nqueens.solve(4, 3)
