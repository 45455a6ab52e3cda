# journal.bash: sourced by the CLI tests of counts with a checkpoint journal (tests/cli/journal.sh,
# tests/cli/mpi.sh): the OEIS table, what a journal holds, the fields of `count --json`, and the
# fixed kill points of tests/hook/nq_hook.c. Needs NQ, NQ_TEST_DATA and NQ_HOOK (and NQ_SRC for
# finished_journal).

total_of() { awk -v n="$1" '!/^#/ && $1 == n { print $2 }' "$NQ_TEST_DATA/counts.txt"; }
unique_of() { awk -v n="$1" '!/^#/ && $1 == n { print $3 }' "$NQ_TEST_DATA/counts.txt"; }

# records J: the lines of journal J after its header (-1 if there is no file).
records() { if [ -f "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo -1; fi; }

# done_of J / size_of J: finished subproblems (a torn line not counted) and subproblems of
# journal J, as `count --status` reads them.
done_of() { "$NQ" count --checkpoint "$1" --status | sed -n 's/^done: \([0-9]*\) of .*/\1/p'; }
size_of() { "$NQ" count --checkpoint "$1" --status | sed -n 's/^done: [0-9]* of \([0-9]*\) .*/\1/p'; }

# finished_journal N J: J made the finished journal of a count of n (N > 27: a count of years),
# in seconds: its header from a count stopped once it is written, a record of 0 for every
# subproblem by tests/support/finish_journal.py.
finished_journal() {
  timeout -k 5 120 "$NQ" count "$1" --force --threads 1 --no-progress --checkpoint "$2" >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 600); do grep -q '^nqueens-journal' "$2" 2>/dev/null && break; sleep 0.1; done
  kill -INT "$pid"
  wait "$pid"
  python3 "$NQ_SRC/tests/support/finish_journal.py" "$2"
}

# json_field NAME: the number NAME of the JSON object on stdin (count --json).
json_field() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }

# numbering_ok N J: the complete journal J of n numbers the subproblems as tests/data/splits.txt
# records: its split id, as many records as the id's size, and the weighted total of its records
# (sum of (index + 1) * total).
numbering_ok() {
  local want got
  want=$(awk -v n="$1" '!/^#/ && $1 == n { $1 = ""; sub(/^ /, ""); print }' "$NQ_TEST_DATA/splits.txt")
  got=$(awk 'NR == 1 { sub(/.* split=/, ""); sub(/ crc=.*/, ""); id = $0; next }
    { w += ($2 + 1) * $3; k++ } END { size = id; sub(/.* size=/, "", size)
      printf "%.0f %s", w, k == size ? id : id " (but " k " records)" }' "$2")
  [ -n "$want" ] && [ "$got" = "$want" ] || {
    echo "numbering of n = $1: journal '$got', tests/data/splits.txt '$want'"
    return 1
  }
}

# hook_env J K ACTION: the environment that makes a program do ACTION (INT, TERM, KILL, INT2,
# TERM2, STOP, TORN, WAIT:TEXT) at the K-th record it writes to journal J (tests/hook/nq_hook.c);
# gcc's ASan runtime must not insist on coming first.
hook_env() {
  echo "LD_PRELOAD=$NQ_HOOK" "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
    "NQ_HOOK_FILE=$1" "NQ_HOOK_AT=$2" "NQ_HOOK_DO=$3"
}
