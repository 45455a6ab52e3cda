#!/usr/bin/env bash
# tests/cli/readme.sh, the doc test: every command that README.md and the guide's pages
# (doc/*.md) show is run, so that the documentation cannot drift from the programs.
# - ```console blocks: a line `$ COMMAND` is run by bash (stdout and stderr together, as a
#   terminal shows them), and what it prints must be the lines that follow, up to the next `$ `
#   or the end of the block; a line `...` there stands for any number of lines.
# - ```sh (bash, shell) blocks: each command (lines joined at a trailing backslash) is run and
#   must succeed (exit status 0); what it prints is not shown, so not compared.
# - ```pycon blocks: run by Python's doctest against the module of the build tree (each `>>>`
#   line's output as shown, `...` matching anything), through tests/python/run.sh.
# - A block right below a line `<!-- doc-test: skip WHY -->` is not run (a cluster, a GPU, the
#   build itself); WHY must be given, and the test lists them. A ```text block that shows a
#   `$ ` command must be so marked, or be a console block.
# Each page runs in a temporary folder of its own, its blocks in order (a file written by one
# block can be read by the next), with the build's nqueens and nqueens-mpi first in PATH, the
# Python module of the build tree on PYTHONPATH, and the tree's examples/ linked in.
# Matched loosely, and only there, are the fields that truly vary from one run or machine to
# another: the seconds a count took and the kernel the CPU runs (in --json), and the estimate
# of --estimate (its time, the n it measured: the first from 10 to 16 to take 0.2 s of CPU time,
# which depends on the machine and the build, the CPU seconds, the kernel). Everything else, the
# node counts of --json included (the same for every kernel), must be exact: the README showed
# "nodes":130831 where the program prints 41625.
set -uo pipefail
: "${NQ:?path to the nqueens binary}" "${NQ_SRC:?source tree}"
. "$NQ_SRC/tests/support/skip.bash"
need_tools python3 || skip_exit 0
tmp=$(mktemp -d /tmp/nq-readme.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/bin
mkdir "$bin" && ln -s "$(readlink -f "$NQ")" "$bin/nqueens"
build=${NQ_BUILD:-$(dirname "$(readlink -f "$NQ")")}
[ -x "$build/nqueens-mpi" ] && ln -s "$build/nqueens-mpi" "$bin/nqueens-mpi"
cache=$build/CMakeCache.txt
sanitize=0
grep -qs '^NQ_SANITIZE:BOOL=ON' "$cache" && sanitize=1
PAGES=${PAGES:-"$NQ_SRC/README.md $(ls "$NQ_SRC"/doc/*.md)"} PATH="$bin:$PATH" RUN_DIR=$tmp \
  NQ_PYBUILD="$build/python" NQ_SANITIZE=$sanitize \
  NQ_C_COMPILER="$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$cache" 2>/dev/null)" \
  NQ_PYTHON="$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$cache" 2>/dev/null)" \
  python3 - <<'PY'
import glob, os, re, subprocess, sys

src = os.environ["NQ_SRC"]
fails, ran, skipped, missing_parts, page_errors = 0, 0, [], [], 0
KERNEL = r"(generic|avx2|avx512)"
# What varies: each pattern found in a page's line stands for the regular expression beside it;
# the rest of the line is matched as it is.
LOOSE = [
    (r'"seconds":[0-9.e+-]+', r'"seconds":[0-9.e+-]+'),
    (r'"kernel":"[a-z0-9]+"', r'"kernel":"' + KERNEL + '"'),
    (r"takes about .+? \(estimated from n = 16, [0-9.]+ s of CPU time on this machine, "
     r"[a-z0-9]+ kernel\)",
     r"takes about .+ \(estimated from n = 1[0-6], [0-9.]+ s of CPU time on this machine, "
     + KERNEL + r" kernel\)"),
    (r"journal id: [0-9a-f]{16}", r"journal id: [0-9a-f]{16}"),
]
ANY = re.compile("|".join("(" + find + ")" for find, _ in LOOSE))
SKIP = re.compile(r"<!-- doc-test: skip (\S.*?) -->")


def pattern(line):
    out, pos = "", 0
    for m in ANY.finditer(line):
        k = next(i for i, g in enumerate(m.groups()) if g is not None)
        out += re.escape(line[pos:m.start()]) + LOOSE[k][1]
        pos = m.end()
    return out + re.escape(line[pos:])


def matches(want, got):
    """Whether the lines got are the lines want, where a line '...' of want stands for any
    number of lines."""
    if not want:
        return not got
    if want[0] == "...":
        return any(matches(want[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and re.fullmatch(pattern(want[0]), got[0]) is not None \
        and matches(want[1:], got[1:])


def blocks(path):
    """The fenced blocks of a page: (line number, language, lines, skip reason or None)."""
    text = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(text):
        m = re.match(r"^(`{3,})([A-Za-z{][^`\s]*)?\s*$", text[i])
        if not m:
            i += 1
            continue
        fence, lang, start = m.group(1), m.group(2) or "", i + 1
        body = []
        i += 1
        while i < len(text) and text[i].strip() != fence:
            body.append(text[i])
            i += 1
        above = text[start - 2] if start >= 2 else ""
        skip = SKIP.search(above)
        if "doc-test: skip" in above and not skip:
            out.append((start, "bad-skip", body, None))
        else:
            out.append((start, lang, body, skip.group(1) if skip else None))
        i += 1
    return out


def run(command, cwd, env=None):
    return subprocess.run(["bash", "-c", command], cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300,
                          env=env)


def environment(command):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.environ["NQ_PYBUILD"]
    if "mpirun" in command:
        # Open MPI keeps allocations until exit: a sanitizer build must not count them as leaks.
        env["ASAN_OPTIONS"] = "detect_leaks=0"
    return env


def needs(command, where):
    """False, noting a missing part, when the command needs what this build lacks."""
    if re.search(r"\bnqueens-mpi\b|\bmpirun\b", command) and not os.path.exists(
            os.path.join(os.environ["RUN_DIR"], "bin", "nqueens-mpi")):
        missing_parts.append(f"{where}: nqueens-mpi was not built (MPI)")
        return False
    if re.search(r"\bpython3?\b", command) and not os.path.isdir(
            os.path.join(os.environ["NQ_PYBUILD"], "nqueens")):
        missing_parts.append(f"{where}: the Python module was not built")
        return False
    return True


def report(where, command, want, got):
    global fails
    fails += 1
    print(f"FAIL: {where}: $ {command}")
    print("  the page shows:\n" + "".join(f"    {w}\n" for w in want), end="")
    print("  the program printed:\n" + "".join(f"    {g}\n" for g in got), end="")


pages = os.environ["PAGES"].split()
for page in pages:
    name = os.path.relpath(page, src)
    cwd = os.path.join(os.environ["RUN_DIR"], "page-" + re.sub(r"\W", "_", name))
    os.makedirs(cwd)
    os.symlink(os.path.join(src, "examples"), os.path.join(cwd, "examples"))
    for start, lang, body, skip in blocks(page):
        where = f"{name}:{start}"
        if lang == "bad-skip":
            fails += 1
            page_errors += 1
            print(f"FAIL: {where}: a doc-test skip without its reason: <!-- doc-test: skip WHY -->")
            continue
        if lang not in ("console", "sh", "bash", "shell", "pycon", "text", ""):
            continue
        if skip is not None:
            skipped.append(f"{where}: {skip}")
            continue
        if lang in ("text", ""):
            if any(line.startswith("$ ") for line in body):
                fails += 1
                page_errors += 1
                print(f"FAIL: {where}: a command in a text block: make it a console block, or "
                      "mark it <!-- doc-test: skip WHY -->")
            continue
        if lang == "console":
            examples = []
            for number, line in enumerate(body, start + 1):
                if line.startswith("$ "):
                    examples.append((number, line[2:], []))
                elif examples:
                    examples[-1][2].append(line)
                else:
                    fails += 1
                    page_errors += 1
                    print(f"FAIL: {name}:{number}: output before any command in a console block")
            for number, command, want in examples:
                if not needs(command, f"{name}:{number}"):
                    continue
                ran += 1
                got = run(command, cwd, environment(command)).stdout.decode("utf-8", "replace")
                got = got.split("\n")
                if got and got[-1] == "":
                    got.pop()
                if matches(want, got):
                    print(f"ok: {name}:{number}: $ {command}")
                else:
                    report(f"{name}:{number}", command, want, got)
        elif lang == "pycon":
            if not needs("python3", where):
                continue
            ran += 1
            script = os.path.join(cwd, f"doctest_{start}.py")
            with open(script, "w", encoding="utf-8") as f:
                f.write("import doctest, sys\n"
                        f"text = {chr(10).join(body)!r}\n"
                        "test = doctest.DocTestParser().get_doctest(text, {}, 'page', "
                        f"{where!r}, 0)\n"
                        "runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)\n"
                        "runner.run(test)\n"
                        "sys.exit(1 if runner.failures else 0)\n")
            env = environment("python3")
            env["NQ_PYTHON"] = os.environ["NQ_PYTHON"] or "python3"
            out = subprocess.run(["bash", os.path.join(src, "tests/python/run.sh"), "--example",
                                  script], cwd=cwd, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=300)
            if out.returncode == 0:
                print(f"ok: {where}: the Python session")
            else:
                fails += 1
                print(f"FAIL: {where}: the Python session\n"
                      + out.stdout.decode("utf-8", "replace"))
        else:
            commands, pending = [], ""
            for number, line in enumerate(body, start + 1):
                if pending:
                    pending += "\n" + line
                elif line.strip() and not line.lstrip().startswith("#"):
                    pending, first = line, number
                if pending and not pending.endswith("\\"):
                    commands.append((first, pending))
                    pending = ""
            for number, command in commands:
                if not needs(command, f"{name}:{number}"):
                    continue
                ran += 1
                out = run(command, cwd, environment(command))
                if out.returncode == 0:
                    print(f"ok: {name}:{number}: {command.splitlines()[0]}")
                else:
                    fails += 1
                    print(f"FAIL: {name}:{number}: {command} (exit status {out.returncode})")
                    print("".join(f"    {g}\n" for g in
                                  out.stdout.decode("utf-8", "replace").split("\n")[-20:]))
for s in skipped:
    print(f"not run: {s}")
for m in missing_parts:
    print(f"MISSING: {m}")
print(f"{ran - (fails - page_errors)} of {ran} documented commands as shown ({len(pages)} pages; "
      f"{len(skipped)} blocks marked not to run; {page_errors} blocks written wrong)")
sys.exit(1 if fails or not ran else (3 if missing_parts else 0))
PY
rc=$?
if [ "$rc" = 3 ]; then
  skip_part "some documented commands need a part this build lacks (MISSING above)"
  rc=0
fi
skip_exit "$rc"
