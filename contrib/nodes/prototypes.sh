#!/usr/bin/env bash
# contrib/nodes/prototypes.sh: the node counts of the research variants of contrib/nodes/README.md
# ("What was tried"), from the prototypes in this folder, each checked against OEIS (the
# prototype prints OK), and the speed of the engine forms of mrv16.c. Every prototype is built
# with -O3 -march=native in a temporary folder.
# Usage: bash contrib/nodes/prototypes.sh [NMIN [NMAX]]   (default 12 14; 17 takes minutes)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export NODES_COUNTS=$here/../../tests/data/counts.txt # the OEIS table the prototypes check
nmin=${1:-12}
nmax=${2:-$((nmin > 14 ? nmin : 14))}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in order ring mrv16; do
  cc -O3 -march=native -o "$tmp/$p" "$here/$p.c"
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load: $(cut -d' ' -f1-3 /proc/loadavg)"
run() { # NAME PROGRAM ARGS...: one line per n, nodes per fundamental solution
  local name=$1
  shift
  "$tmp/$@" "$nmin" "$nmax" | while read -r line; do
    n=$(sed -E 's/^n=([0-9]+).*/\1/' <<<"$line")
    per=$(sed -nE 's/.*nodes\/unique=([0-9.]+).*/\1/p' <<<"$line")
    ok=$(grep -c ' OK$' <<<"$line" || true)
    [ "$ok" = 1 ] || { echo "$name n=$n: wrong count: $line" >&2; exit 1; }
    printf '%-58s n=%-3s nodes/fundamental %6s\n' "$name" "$n" "$per"
  done
}
run "V1 border, rows top-down, 1-row look-ahead" order 0 1
run "V2 V1, best of the 8 orientations (oracle)" ring 1 1 1
run "V3 V1 + the next 2 rows keep a free cell" order 0 2
run "V4 V1 + forward check on every row and column" order 0 4
run "V5 corona (2 outer rings), 1-row look-ahead" ring 2 0 1
run "V6 border, rows inside-out, forward check" order 2 4
run "V7 border, MRV on rows (ties: lowest), forward check" order 4 4
run "V8 border, MRV on rows (ties: middle), forward check" order 7 4
run "V9 V8 + a column with one free cell first" order 9 4
run "V10 border, MRV on rows and columns, forward check" ring 1 0 9
echo "engine forms of V8 (mrv16.c; CPU seconds of the whole count, n = $nmax):"
for k in v1 pbfs avx2; do
  printf '  %-5s ' "$k"
  KERNEL=$k "$tmp/mrv16" "$nmax" "$nmax" | tail -1
done
