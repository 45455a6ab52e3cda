#!/usr/bin/env bash
# Benchmark of the joining methods of `nqueens count` (--method quadrant: the quadrant join over
# the whole board; --method join: meeting in the middle within each border subproblem) against
# its backtracking method (--method backtrack) and against a public meet-in-the-middle counter:
# EvgenyKluev/N-Queens-Count-Sol (MIT, C++20, total only), at a pinned commit, built at its best
# (g++ -std=c++20 -O3 -march=native, and for n = 16..22 the settings its solcounter.h tabulates
# for that n, prefetch and BMI2 allowed: kluev_tune below), one binary per n since its board size
# is a compile-time constant (`inline constexpr int size` in solcounter.h; this script seds n
# into a copy).
# The per-subproblem join (--method join) was retired in issue 37 (2.2 to 4.4 times slower than
# backtracking, the rows of bench/RESULTS.md); METHODS="... join" runs it with a binary from
# before (it is refused by this one).
# For each n it runs each method of $METHODS (default "backtrack quadrant") on 1 thread,
# then on 2 threads (wall time), then the Kluev program on 1 thread (`nqueens 1`: its first
# argument is the number of threads). THREADS="1" skips the 2-thread runs.
# Every total is checked against the others (and the fundamental count of the nqueens runs);
# prints wall and CPU seconds (user + sys; builds not included), nodes and nodes per fundamental
# solution (for join, "nodes" are the queens its half-board searches placed; for quadrant, the
# pairs of half-boards it weighed), the peak memory (maximum resident set, MiB), then the ratios
# of each method's CPU time to backtrack's and to Kluev's, the 2-thread speed-ups (wall), and the
# load of the machine before and after.
# Where the nqueens binary does not know --method (before the join method is merged), says so,
# runs the backtrack rows without the flag (the only method then) and skips the join rows.
# The Kluev source: $KLUEV_SRC (a checkout or a bare git directory), else a clone from GitHub;
# where neither works the Kluev rows are skipped, with the reason, and the rest runs.
# Usage: bash bench/join.sh [N...]   (default: 16 17 18); RUNS=k keeps the best of k runs (by
# CPU time); KEEP=DIR builds in DIR and keeps it (reused when it exists).
set -euo pipefail
root=${NQ_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
ns=("$@")
[ ${#ns[@]} -gt 0 ] || ns=(16 17 18)
runs=${RUNS:-1}
read -r -a methods <<<"${METHODS:-backtrack quadrant}"
read -r -a thread_counts <<<"${THREADS:-1 2}"
kluev_url=https://github.com/EvgenyKluev/N-Queens-Count-Sol
kluev_commit=580f44458d14a3352bf37ccd58d9f0b96de41c05
command -v python3 >/dev/null || bash "$root/scripts/setup.sh" <(echo python3)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
work=${KEEP:-$tmp}
mkdir -p "$work"
die() { echo "join.sh: FAILED: $*" >&2; exit 1; }
echo "load before: $(uptime)"
echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"

cmake -S "$root" -B "$work/default" -DCMAKE_BUILD_TYPE=Release -DNQ_BUILD_TESTS=OFF -DNQ_WEB=OFF \
  -DNQ_NATIVE=OFF >/dev/null
cmake --build "$work/default" --target nqueens -j "$(nproc)" >/dev/null
nq=$work/default/nqueens
has_method=0
declare -A has=()
if "$nq" count 4 --method backtrack >/dev/null 2>&1; then
  has_method=1
  for m in "${methods[@]}"; do
    if "$nq" count 4 --method "$m" >/dev/null 2>&1; then
      has[$m]=1
    else
      echo "note: this nqueens knows --method but 'count 4 --method $m' failed: the $m rows are skipped"
    fi
  done
else
  has[backtrack]=1
  echo "note: this nqueens does not understand --method (the join methods are not merged here):" \
    "the backtrack rows run without --method (its only method), the others are skipped"
fi

# kluev_source DIR: extracts the pinned commit into DIR; on failure prints why and returns 1.
kluev_source() {
  local dir=$1 log=$tmp/kluev_src.log
  mkdir -p "$dir"
  if [ -n "${KLUEV_SRC:-}" ]; then
    if { git -C "$KLUEV_SRC" archive "$kluev_commit" || git --git-dir="$KLUEV_SRC" archive "$kluev_commit"; } \
      2>"$log" | tar -x -C "$dir" 2>>"$log" && [ -f "$dir/solcounter.h" ]; then
      echo "kluev: source $kluev_commit from KLUEV_SRC=$KLUEV_SRC"
      return 0
    fi
    echo "kluev: KLUEV_SRC=$KLUEV_SRC gave no commit $kluev_commit ($(grep -m1 . "$log")); trying a clone"
  fi
  if GIT_TERMINAL_PROMPT=0 timeout 300 git clone --quiet "$kluev_url" "$dir.git" >"$log" 2>&1 &&
    git -C "$dir.git" archive "$kluev_commit" 2>>"$log" | tar -x -C "$dir" 2>>"$log" &&
    [ -f "$dir/solcounter.h" ]; then
    echo "kluev: source $kluev_commit cloned from $kluev_url"
    return 0
  fi
  echo "kluev: SKIPPED, the Kluev baseline does not run: no source (KLUEV_SRC ${KLUEV_SRC:-unset};" \
    "git clone $kluev_url: $(tail -n1 "$log"))"
  return 1
}

# kluev_tune DIR N: Kluev's counter in DIR set up at its best for board size N, as its own
# solcounter.h tabulates for n = 16..22 (sieveCuts, matchMinSize, bmiIntrin, prefetch; its "*"
# for prefetch at n = 20 taken as on), with the prefetch and BMI2 instructions allowed
# (prefetch.h and bmintrin.h: their commented-out includes, as its README says); other n keep
# the source's conservative defaults, saying so. (The table's last row, the symmetry of a quadrant,
# RowS at n = 22, is a type in solcounter.h and not changed here.)
kluev_tune() {
  local dir=$1 n=$2 sc mm bmi pf
  case $n in
  16 | 17 | 18) sc=0 mm=40 bmi=false pf=true ;;
  19) sc=0 mm=40 bmi=true pf=true ;;
  20) sc=3 mm=60 bmi=true pf=true ;;
  21) sc=3 mm=60 bmi=true pf=false ;;
  22) sc=6 mm=80 bmi=true pf=true ;;
  *)
    echo "kluev: n=$n is outside its table of settings (16..22): built with its defaults"
    return 0
    ;;
  esac
  if [ "$(uname -m)" != x86_64 ] || ! grep -qw bmi2 /proc/cpuinfo; then
    echo "kluev: its tuned settings need x86-64 with BMI2 (pext, prefetch): n=$n built with its defaults"
    return 0
  fi
  sed -i -e 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$dir/prefetch.h"
  sed -i -e 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$dir/bmintrin.h"
  sed -i -e "s/^    \.sieveCuts = [0-9]*,/    .sieveCuts = $sc,/" \
    -e "s/^    \.matchMinSize = [0-9]*,/    .matchMinSize = $mm,/" \
    -e "s/^    \.bmiIntrin = [a-z]*,/    .bmiIntrin = $bmi,/" \
    -e "s/^    \.prefetch = [a-z]*,/    .prefetch = $pf,/" "$dir/solcounter.h"
  if ! grep -q "^    \.sieveCuts = $sc," "$dir/solcounter.h" || ! grep -q "^    \.prefetch = $pf," "$dir/solcounter.h" ||
    ! grep -q '^#include "bmi2.h"' "$dir/bmintrin.h" || ! grep -q '^#include "prefetchx86.h"' "$dir/prefetch.h"; then
    die "kluev: its settings for n=$n were not set (solcounter.h, prefetch.h or bmintrin.h changed?)"
  fi
}

# Kluev: one binary per n in $kdir/nqueens-N (reused from KEEP); has_kluev[N]=1 where it built.
kdir=$work/kluev-$kluev_commit-tuned # "-tuned": builds of an older script (defaults) are not reused
declare -A has_kluev=()
size_line='^inline constexpr int size = [0-9]*;'
if [ -f "$kdir/src/solcounter.h" ]; then
  echo "kluev: source $kluev_commit reused from $kdir/src"
fi
if [ -f "$kdir/src/solcounter.h" ] || kluev_source "$kdir/src"; then
  if ! grep -q "$size_line" "$kdir/src/solcounter.h"; then
    echo "kluev: SKIPPED: solcounter.h has no line 'inline constexpr int size = N;' to set the board size"
  elif ! command -v g++ >/dev/null; then
    echo "kluev: SKIPPED: no g++ (it needs GCC 11 or later)"
  else
    for n in "${ns[@]}"; do
      b=$kdir/nqueens-$n
      if [ ! -x "$b" ]; then
        rm -rf "$kdir/n$n" && cp -r "$kdir/src" "$kdir/n$n"
        sed -i "s/$size_line/inline constexpr int size = $n;/" "$kdir/n$n/solcounter.h"
        grep -q "^inline constexpr int size = $n;" "$kdir/n$n/solcounter.h" || die "kluev: size not set"
        kluev_tune "$kdir/n$n" "$n"
        if ! (cd "$kdir/n$n" && g++ -std=c++20 -O3 -march=native -pthread -o "$b" main.cpp) \
          >"$tmp/kluev_build.log" 2>&1; then
          echo "kluev: SKIPPED for n=$n: the build failed: $(grep -m1 error "$tmp/kluev_build.log")"
          continue
        fi
      fi
      has_kluev[$n]=1
    done
  fi
fi

# timed OUT CMD...: runs CMD, stdout to OUT; prints "wall cpu rss" (seconds, cpu = user + sys,
# the peak resident set in MiB, by GNU time).
timed() {
  local out=$1 t
  shift
  if ! t=$(/usr/bin/time -f '%e %U %S %M' -o "$out.time" "$@" 2>"$out.err" >"$out"); then
    cat "$out.err" >&2
    die "$*"
  fi
  awk '{ printf "%.3f %.3f %.1f\n", $1, $2 + $3, $4 / 1024 }' "$out.time"
}
[ -x /usr/bin/time ] || bash "$root/scripts/setup.sh" <(echo time)

best() { # best of $runs: prints "wall cpu rss" with the least cpu
  local out=$1 b="" r
  shift
  for _ in $(seq "$runs"); do
    r=$(timed "$out" "$@") || exit 1
    if [ -z "$b" ] || awk -v a="$r" -v b="$b" 'BEGIN { split(a, x); split(b, y); exit !(x[2] < y[2]) }'; then b=$r; fi
  done
  echo "$b"
}

# One line per run in $tmp/rows: n program threads wall cpu rss total nodes unique
row() { # row N METHOD THREADS: nqueens count N --method METHOD (or no --method where unknown)
  local n=$1 method=$2 threads=$3 r w c rss
  local args=(count "$n" --json --threads "$threads")
  [ $has_method = 1 ] && args+=(--method "$method")
  r=$(best "$tmp/o.json" "$nq" "${args[@]}") || exit 1
  read -r w c rss <<<"$r"
  if ! python3 - "$n" "$method" "$threads" "$w" "$c" "$rss" "$tmp/o.json" "$has_method" >>"$tmp/rows" <<'PY'; then
import json, sys
n, method, threads, w, c, rss, path, has_method = sys.argv[1:]
o = json.load(open(path))
if has_method == "1" and "method" in o:
    assert o["method"] == method, f"n={n}: asked for --method {method}, the JSON says {o['method']}"
assert int(o["threads"]) == int(threads), f"n={n} {method}: asked for {threads} threads, ran {o['threads']}"
print(n, method, threads, w, c, rss, o["total"], o["nodes"], o["unique"])
PY
    die "n=$n $method $threads threads: $(cat "$tmp/o.json")"
  fi
}

: >"$tmp/rows"
for n in "${ns[@]}"; do
  for t in "${thread_counts[@]}"; do
    for m in "${methods[@]}"; do
      [ -n "${has[$m]:-}" ] && row "$n" "$m" "$t"
    done
  done
  if [ -n "${has_kluev[$n]:-}" ]; then
    r=$(best "$tmp/k.txt" "$kdir/nqueens-$n" 1) || exit 1
    read -r kw kc krss <<<"$r"
    ktotal=$(sed -n 's/^Result: \([0-9][0-9]*\)$/\1/p' "$tmp/k.txt")
    [ -n "$ktotal" ] || die "n=$n: the Kluev program printed no 'Result: N' line: $(cat "$tmp/k.txt")"
    echo "$n kluev 1 $kw $kc $krss $ktotal - -" >>"$tmp/rows"
  fi
done
echo "load after: $(uptime)"
python3 - "$tmp/rows" "$has_method" <<'PY'
import sys
R = {}
for n, name, t, w, c, rss, total, nodes, uniq in (l.split() for l in open(sys.argv[1])):
    R[(int(n), name, int(t))] = dict(wall=float(w), cpu=float(c), rss=float(rss), total=int(total),
                                     nodes=None if nodes == "-" else int(nodes),
                                     unique=None if uniq == "-" else int(uniq))
ns = list(dict.fromkeys(k[0] for k in R))
print("join: backtrack = nqueens count " + ("--method backtrack" if sys.argv[2] == "1" else
      "without --method (not supported by this build)") + ", quadrant = --method quadrant (nodes = "
      "pairs of half-boards weighed), join = --method join (nodes = queens placed by its half-board "
      "searches), kluev = EvgenyKluev/N-Queens-Count-Sol 580f444 (g++ -O3 -march=native, its settings "
      "for n = 16..22, total only); default build (NQ_NATIVE=OFF)")
print(f"{'n':>3} {'program':>9} {'thr':>3} {'wall s':>8} {'cpu s':>8} {'MiB':>7} {'total':>14} "
      f"{'nodes':>15} {'nodes/fund':>10}")
order = ["backtrack", "quadrant", "join", "kluev"]
bad = []
for n in ns:
    rs = sorted(((k, r) for k, r in R.items() if k[0] == n), key=lambda kv: (order.index(kv[0][1]), kv[0][2]))
    ref = next(r for k, r in rs if r["unique"] is not None)
    for (_, name, t), r in rs:
        if r["total"] != ref["total"]:
            bad.append(f"n={n} {name} {t} threads: total {r['total']}, the first run's: {ref['total']}")
        if r["unique"] is not None and r["unique"] != ref["unique"]:
            bad.append(f"n={n} {name} {t} threads: unique {r['unique']}, the first run's: {ref['unique']}")
        nodes = "-" if r["nodes"] is None else f"{r['nodes']:15d}"
        per = "-" if r["nodes"] is None else f"{r['nodes'] / ref['unique']:10.1f}"
        print(f"{n:3d} {name:>9} {t:3d} {r['wall']:8.3f} {r['cpu']:8.3f} {r['rss']:7.1f} {r['total']:14d} "
              f"{nodes:>15} {per:>10}")
def ratio(n, a, b, key="cpu"):
    x, y = R.get((n, *a)), R.get((n, *b))
    return "-" if x is None or y is None or y[key] == 0 else f"{x[key] / y[key]:.2f}x"
for n in ns:
    for m in ("quadrant", "join"):
        if (n, m, 1) in R:
            print(f"n={n} {m}: CPU time backtrack / {m} {ratio(n, ('backtrack', 1), (m, 1))}, "
                  f"Kluev / {m} {ratio(n, ('kluev', 1), (m, 1))}; "
                  f"2 threads (wall, 1 thread / 2) {ratio(n, (m, 1), (m, 2), 'wall')}")
    print(f"n={n} backtrack: Kluev / backtrack {ratio(n, ('kluev', 1), ('backtrack', 1))}; "
          f"2 threads {ratio(n, ('backtrack', 1), ('backtrack', 2), 'wall')}")
if bad:
    print("join.sh: FAILED: the totals disagree:", *bad, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print("all totals agree" + ("" if len({k[1] for k in R}) > 1 else " (one program only)"))
PY
