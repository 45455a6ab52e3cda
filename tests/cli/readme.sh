#!/usr/bin/env bash
# tests/cli/readme.sh: every example of README.md is run. In each ```console block, a line
# `$ COMMAND` is run by bash (stdout and stderr together, as a terminal shows them) with the built
# nqueens first in PATH, and what it prints must be the lines that follow, up to the next `$ ` or
# the end of the block. Matched loosely, and only there, are the fields that truly vary from one
# run or machine to another: the seconds a count took and the kernel the CPU runs (in --json),
# and the estimate of --estimate (its time, the n it measured: the first from 10 to 16 to take
# 0.2 s of CPU time, which depends on the machine and the build, the CPU seconds, the kernel).
# Everything else, the node counts of --json included (the same for every kernel), must be
# exact: the README showed "nodes":130831 where the program prints 41625.
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_SRC:?source tree}"
. "$NQ_SRC/tests/support/skip.bash"
need_tools python3 || skip_exit 0
tmp=$(mktemp -d /tmp/nq-readme.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/bin
mkdir "$bin" && ln -s "$(readlink -f "$NQ")" "$bin/nqueens"
README=${README:-$NQ_SRC/README.md} PATH="$bin:$PATH" RUN_DIR=$tmp python3 - <<'PY'
import os, re, subprocess, sys

text = open(os.environ["README"], encoding="utf-8").read().split("\n")
examples, block = [], None  # (line number, command, expected lines)
for number, line in enumerate(text, 1):
    if block is None:
        if line.strip() == "```console":
            block = []
        continue
    if line.strip() == "```":
        examples += block
        block = None
    elif line.startswith("$ "):
        block.append((number, line[2:], []))
    elif block:
        block[-1][2].append(line)
    else:
        print(f"README.md:{number}: output before any command in a console block")
        sys.exit(1)

KERNEL = r"(generic|avx2|avx512)"
# What varies: each pattern found in the README's line stands for the regular expression beside
# it; the rest of the line is matched as it is.
LOOSE = [
    (r'"seconds":[0-9.e+-]+', r'"seconds":[0-9.e+-]+'),
    (r'"kernel":"[a-z0-9]+"', r'"kernel":"' + KERNEL + '"'),
    (r"takes about .+? \(estimated from n = 16, [0-9.]+ s of CPU time on this machine, "
     r"[a-z0-9]+ kernel\)",
     r"takes about .+ \(estimated from n = 1[0-6], [0-9.]+ s of CPU time on this machine, "
     + KERNEL + r" kernel\)"),
]
ANY = re.compile("|".join("(" + find + ")" for find, _ in LOOSE))

def pattern(line):
    out, pos = "", 0
    for m in ANY.finditer(line):
        k = next(i for i, g in enumerate(m.groups()) if g is not None)
        out += re.escape(line[pos:m.start()]) + LOOSE[k][1]
        pos = m.end()
    return out + re.escape(line[pos:])

fails = 0
for number, command, want in examples:
    run = subprocess.run(["bash", "-c", command], cwd=os.environ["RUN_DIR"], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    got = run.stdout.decode("utf-8", "replace").split("\n")
    if got and got[-1] == "":
        got.pop()
    ok = len(got) == len(want) and all(re.fullmatch(pattern(w), g) for w, g in zip(want, got))
    if ok:
        print(f"ok: README.md:{number}: $ {command}")
    else:
        fails += 1
        print(f"FAIL: README.md:{number}: $ {command}")
        print("  README shows:\n" + "".join(f"    {w}\n" for w in want), end="")
        print("  the program printed:\n" + "".join(f"    {g}\n" for g in got), end="")
print(f"{len(examples) - fails} of {len(examples)} README examples as shown")
sys.exit(1 if fails or not examples else 0)
PY
rc=$?
skip_exit "$rc"
