"""``python -m nqueens``: the commands of the ``nqueens`` program that map onto this package's
API, with the same output byte for byte and the same exit status, where the package is
installed and the program may not be (a wheel copied to a course's machines, say).

The commands: solve, count, find, complete, check (options below, ``--help`` on each). What the
program has beyond them (cases, trace, merge, verify; count's --estimate, --part, --export and
--gpu; complete's data files and --diagonals) is the ``nqueens`` program's alone. Exit status:
0 success, 1 a negative answer (no solution, no completion, a check that failed), 2 bad usage
or bad input, with a one-line message on stderr.
"""

import argparse
import json
import sys

import nqueens

PROG = "python -m nqueens"


class _Parser(argparse.ArgumentParser):
    """argparse with the program's error convention: one line on stderr, exit 2."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: {message} (see '{self.prog} --help')\n")
        sys.exit(2)


class _Negative(Exception):
    """A negative answer: its message goes to stderr, exit 1."""


def _size(text):
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"N must be an integer, got {text!r}") from None


def _read_n(args):
    """N from the command line, or the first word of standard input (as the program reads)."""
    if args.n is not None:
        return args.n
    words = sys.stdin.readline().split()
    if not words:
        raise ValueError("no N given: give it as an argument or on standard input")
    try:
        return _size(words[0])
    except argparse.ArgumentTypeError as e:
        raise ValueError(f"{e} (on standard input)") from None


def _solve(args):
    n = _read_n(args)
    if args.format in ("json", "svg"):  # one document for the whole listing
        sys.stdout.write(nqueens.solve(n, args.format, unique=args.unique, limit=args.limit,
                                       column_major=args.column_major))
        return 0
    nqueens.solve(n, args.format, limit=1)  # the checks of n and the format, before any output
    write = sys.stdout.write
    for i, s in enumerate(nqueens.solutions(n, unique=args.unique)):
        if args.limit is not None and i >= args.limit:
            break
        write(s.format(args.format, column_major=args.column_major))
    return 0


def _count(args):
    n = _read_n(args)
    r = nqueens.count(n, unique=args.unique, threads=args.threads, checkpoint=args.checkpoint,
                      progress=args.progress, method=args.method)
    if args.json:
        d = {"n": r.n, "total": r.total, "unique": r.unique, "orbit8": r.orbits[8],
             "orbit4": r.orbits[4], "orbit2": r.orbits[2], "orbit1": r.orbits[1],
             "seconds": round(r.seconds, 6), "nodes": r.nodes, "threads": r.threads,
             "kernel": r.kernel, "method": r.method}
        if args.checkpoint is not None:
            d.update(resumed=r.resumed, computed=r.computed)
        print(json.dumps(d, separators=(",", ":")))
    else:
        print(int(r))
    return 0


def _find(args):
    n = _read_n(args)
    cols = nqueens.find(n, args.method, args.seed)
    if cols is None:
        raise _Negative(f"no solution: {n} queens cannot be placed on a {n} x {n} board "
                        "without attacks")
    sys.stdout.write(nqueens.Solution(cols).format(args.format,
                                                   column_major=args.column_major))
    return 0


def _complete(args):
    if len(args.operands) > 2:
        raise ValueError(f"too many operands: {' '.join(args.operands)} ([N] [FILE])")
    args.n, args.file = None, None
    for word in args.operands:  # [N] [FILE], as the program reads them
        if args.n is None and args.file is None and word.isdigit():
            args.n = _size(word)
        elif args.file is None:
            args.file = word
        else:
            raise ValueError(f"too many operands: {' '.join(args.operands)} ([N] [FILE])")
    if args.queens is not None:
        n, queens = _read_n(args), args.queens
    else:
        if args.file in (None, "-"):
            queens = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as f:
                queens = f.read()
        n = 0 if args.n is None else args.n
    try:
        result = nqueens.complete(n, queens, count=args.count, all=args.all)
    except nqueens.ConflictError as e:  # given queens that attack each other: no completion
        raise _Negative(str(e)) from None
    if args.count:
        print(result)
        return 0
    found = result if args.all else [] if result is None else [result]
    if not found:
        raise _Negative("no completion exists")
    for s in found:
        sys.stdout.write(s.format(args.format, column_major=args.column_major))
    return 0


def _check(args):
    if args.file in (None, "-"):
        source = sys.stdin.buffer.read()
    else:
        with open(args.file, "rb") as f:
            source = f.read()
    report = nqueens.check(source, n=args.n, format=args.format)
    lines = [f"item {v.index} (line {v.line}): {v.kind.replace('_', ' ')}"
             + (f": {v.error}" if v.error else "") for v in report.problems]
    if args.all:
        lines += [f"n = {g.n}: {g.valid} of the {g.expected} solutions: incomplete"
                  for g in report.groups if g.known and not g.complete]
        lines += [f"n = {g.n}: out of lexicographic order at item {g.order_index} "
                  f"(line {g.order_line})" for g in report.groups if not g.ordered]
    for line in lines:
        print(line)
    print(f"{len(report.verdicts)} items ({report.format}): {'not ok' if lines else 'ok'}")
    return 1 if lines else 0


def parser():
    """The argument parser of ``python -m nqueens`` (its --help texts are the reference)."""
    p = _Parser(prog=PROG, description="Place N queens on an N x N board so that none attacks "
                "another: the commands of the nqueens program that this package runs.",
                epilog="Exit status: 0 success, 1 a negative answer (no solution, no "
                "completion, a failed check), 2 bad usage or bad input. Where N is omitted "
                "it is read from standard input.")
    p.add_argument("--version", action="version", version=f"nqueens {nqueens.__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    formats = list(nqueens.FORMATS)

    def command(name, help, run, n=True):
        c = sub.add_parser(name, help=help, description=help)
        if n:
            c.add_argument("n", metavar="N", type=_size, nargs="?", help="the board size")
        c.set_defaults(run=run)
        return c

    c = command("solve", "list every solution in lexicographic order (1 <= N <= 64)", _solve)
    c.add_argument("-f", "--format", choices=formats, default="pairs", metavar="F",
                   help=f"{', '.join(formats)} (default: pairs)")
    c.add_argument("-l", "--limit", type=int, metavar="K", help="stop after the first K")
    c.add_argument("-u", "--unique", action="store_true",
                   help="only fundamental solutions, each the least of its symmetry class")
    c.add_argument("-c", "--column-major", action="store_true",
                   help="print each board transposed")

    c = command("count", "count solutions, total and fundamental, on all cores "
                "(1 <= N <= 64)", _count)
    c.add_argument("-u", "--unique", action="store_true",
                   help="print the number of fundamental solutions")
    c.add_argument("-t", "--threads", type=int, metavar="T",
                   help="worker threads, 1 to 1024 (default: all cores)")
    c.add_argument("-j", "--json", action="store_true", help="print one JSON object")
    c.add_argument("-m", "--method", default="auto", metavar="M",
                   choices=["auto", "backtrack", "quadrant", "join"],
                   help="auto (default), backtrack or quadrant (join was retired: refused)")
    c.add_argument("-c", "--checkpoint", metavar="FILE",
                   help="record finished subproblems in the journal FILE, resume from it")
    c.add_argument("-p", "--progress", action="store_true",
                   help="a progress bar on stderr when it is a terminal")

    c = command("find", "print one solution (first, constructed, or random)", _find)
    c.add_argument("-m", "--method", choices=["first", "construct", "random"], metavar="M",
                   help="first (default for N <= 32), construct (default above) or random")
    c.add_argument("-s", "--seed", type=int, metavar="S", help="seed of --method random")
    c.add_argument("-f", "--format", choices=formats, default="pairs", metavar="F",
                   help=f"{', '.join(formats)} (default: pairs)")
    c.add_argument("-c", "--column-major", action="store_true",
                   help="print the board transposed")

    c = command("complete", "extend a partial placement, or prove none exists", _complete,
                n=False)
    c.add_argument("operands", metavar="[N] [FILE]", nargs="*",
                   help="the board size, and a board (Q given, . or _ free, x blocked; "
                   "default: standard input)")
    c.add_argument("-q", "--queens", metavar="LIST", help='given queens, e.g. "3-3, 4-1"')
    c.add_argument("-c", "--count", action="store_true", help="print the number of completions")
    c.add_argument("-a", "--all", action="store_true", help="print every completion")
    c.add_argument("-f", "--format", choices=formats, default="pairs", metavar="F",
                   help=f"{', '.join(formats)} (default: pairs)")
    c.add_argument("-C", "--column-major", action="store_true",
                   help="print each completion transposed")

    c = command("check", "judge solutions in any format; one line per problem, then a "
                "summary (the nqueens program's report is fuller)", _check, n=False)
    c.add_argument("file", metavar="FILE", nargs="?", help="default: standard input")
    c.add_argument("-n", "--n", type=_size, metavar="N", help="the board size to insist on")
    c.add_argument("--format", default="auto", metavar="F", help="auto (default) or a format")
    c.add_argument("-a", "--all", action="store_true",
                   help="also judge whether the list is complete and in order")
    return p


def main(argv=None):
    """Runs ``python -m nqueens ARGS``; returns the exit status."""
    p = parser()
    args = p.parse_args(argv)
    if args.command is None:
        p.print_help(sys.stderr)
        return 2
    try:
        return args.run(args)
    except _Negative as e:
        sys.stderr.write(f"{PROG} {args.command}: {e}\n")
        return 1
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        sys.stderr.close()
        return 0
    except (ValueError, TypeError, nqueens.NQueensError, OSError) as e:
        sys.stderr.write(f"{PROG} {args.command}: {e}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG} {args.command}: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
