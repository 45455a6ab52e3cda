#!/usr/bin/env bash
# mutants.sh: does the test suite catch small planted bugs? Each mutant of tests/mutants/*.mutant
# is applied alone to a scratch copy of the tree (never to the working tree), the copy is rebuilt
# and the suite run (ctest -j2 with a time limit per mutant): first the tests its `tests:` line
# names (those that caught it last), then, only if they all pass, the rest of the suite up to its
# first failure. A mutant is killed when some test fails, and survives when the whole suite
# passes. Every mutant must be killed.
#
#   scripts/mutants.sh [OPTIONS] [NAME|MODULE ...]     (make mutants MUTANTS="NAME|MODULE ...")
#     NAME|MODULE  only the mutants whose file name (without .mutant) or module matches exactly,
#                  e.g. `scripts/mutants.sh count split parallel` after a change to the kernel
#     --list       list the mutants (name, module, file) and exit
#     --check      only check that every mutant still applies (a stale one fails loudly), no build
#     --rev REV    mutate the tree of commit REV instead of the working tree (e.g. to show that a
#                  mutant survived the suite before a test was added)
#     --tests RE   run only the tests matching the ctest regular expression RE (faster, weaker)
#     --limit S    seconds the suite may run for one mutant (default 900); a suite that does not
#                  finish in time (a hang) counts as killed, and says so: a test should then be
#                  made to fail fast instead (tests/MUTANTS.md)
#     --keep       keep the scratch directory (printed at the end)
# Prints one line per mutant: killed (with the failing tests), SURVIVED, STALE (its find text is
# not in the file exactly once: re-target the mutant), or BROKEN (it does not compile), then a
# summary; exits 0 only if every mutant was killed. Not part of `make test`: it builds and runs
# the suite once per mutant (about 30 s to a minute each on 2 cores, most of it the build; a
# mutant that survives runs the whole suite, about 5 minutes).
#
# A mutant file: comment lines (#) saying what the bug is, then `module: NAME`, optionally
# `tests: NAME ...` (the ctest names of the tests that caught it, run first), then for each edit
# `file: PATH` and the exact text to find and its replacement, each as a block of lines:
#   --- find
#   <lines, exactly as in the file, which must hold them exactly once>
#   --- replace
#   <lines>
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mutdir=$root/tests/mutants
list=0 check=0 keep=0 rev="" tests_re="" limit=900
selected=()
while [ $# -gt 0 ]; do
  case $1 in
  --list) list=1 ;;
  --check) check=1 ;;
  --keep) keep=1 ;;
  --rev) rev=$2; shift ;;
  --tests) tests_re=$2; shift ;;
  --limit) limit=$2; shift ;;
  -h | --help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "mutants.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  *) selected+=("$1") ;;
  esac
  shift
done

# The module of a mutant file.
module_of() { sed -n 's/^module: *//p' "$1" | head -1; }
# The tests a mutant names as the ones that caught it last (its `tests:` line; may be empty), as
# a ctest regular expression that matches those names exactly.
tests_of() {
  local t
  t=$(sed -n 's/^tests: *//p' "$1" | head -1 | xargs)
  [ -n "$t" ] && printf '^(%s)$' "${t// /|}"
  return 0
}

mutants=()
for f in "$mutdir"/*.mutant; do
  name=$(basename "$f" .mutant)
  if [ ${#selected[@]} -gt 0 ]; then
    hit=0
    for s in "${selected[@]}"; do
      [ "$s" = "$name" ] || [ "$s" = "$(module_of "$f")" ] && hit=1
    done
    [ $hit = 1 ] || continue
  fi
  mutants+=("$f")
done
if [ ${#mutants[@]} -eq 0 ]; then
  echo "mutants.sh: no mutant matches: ${selected[*]}" >&2
  exit 2
fi
if [ $list = 1 ]; then
  for f in "${mutants[@]}"; do
    printf '%-32s %-12s %s\n' "$(basename "$f" .mutant)" "$(module_of "$f")" \
      "$(sed -n 's/^file: *//p' "$f" | sort -u | tr '\n' ' ')"
  done
  exit 0
fi

# apply MUTANT TREE: applies the mutant's edits under TREE; exit 2 (and a message) if stale.
apply() {
  perl -e '
    my ($mutant, $tree) = @ARGV;
    open my $in, "<", $mutant or die "$mutant: $!\n";
    my ($file, $mode, @edits) = ("", "");
    while (my $line = <$in>) {
      if ($line =~ /^file:\s*(\S+)\s*$/) { $file = $1; $mode = ""; next }
      if ($line =~ /^--- (find|replace)\s*$/) {
        $mode = $1;
        die "$mutant: a block before any file: line\n" unless $file;
        push @edits, [$file, "", ""] if $mode eq "find";
        next;
      }
      next if $mode eq "" && ($line =~ /^#/ || $line =~ /^(module|tests):/ || $line =~ /^\s*$/);
      die "$mutant: unexpected line: $line" if $mode eq "";
      $edits[-1][$mode eq "find" ? 1 : 2] .= $line;
    }
    die "$mutant: no edit\n" unless @edits;
    for my $e (@edits) {
      my ($path, $find, $repl) = @$e;
      open my $fh, "<", "$tree/$path" or do { print "STALE: $path: $!\n"; exit 2 };
      local $/; my $text = <$fh>; close $fh;
      my $count = () = $text =~ /\Q$find\E/g;
      if ($count != 1) {
        my $first = (split /\n/, $find)[0];
        print "STALE: $path holds the find text $count times (must be once): $first\n";
        exit 2;
      }
      my $at = index $text, $find;
      substr($text, $at, length $find) = $repl;
      open my $out, ">", "$tree/$path" or die "$path: $!\n";
      print $out $text; close $out;
    }' "$1" "$2"
}

# The files a mutant edits.
files_of() { sed -n 's/^file: *//p' "$1" | sort -u; }

scratch=$(mktemp -d /tmp/nq-mutants.XXXXXX)
cleanup() { if [ $keep = 1 ]; then echo "scratch directory: $scratch"; else rm -rf "$scratch"; fi; }
trap cleanup EXIT
pristine=$scratch/pristine
work=$scratch/tree
mkdir -p "$pristine"
if [ -n "$rev" ]; then
  git -C "$root" archive "$rev" | tar -x -C "$pristine"
else # the working tree as it is: tracked and untracked files, not the ignored ones
  git -C "$root" ls-files -z --cached --others --exclude-standard |
    (cd "$root" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
    tar -C "$root" --null -T - -cf - | tar -x -C "$pristine"
fi
cp -a "$pristine" "$work"

# --check: every mutant applies to a fresh copy.
stale=0
for f in "${mutants[@]}"; do
  name=$(basename "$f" .mutant)
  while read -r p; do cp "$pristine/$p" "$work/$p" 2>/dev/null || true; done < <(files_of "$f")
  if ! msg=$(apply "$f" "$work"); then
    echo "STALE    $name: $msg"
    stale=$((stale + 1))
  fi
  while read -r p; do cp "$pristine/$p" "$work/$p" 2>/dev/null || true; done < <(files_of "$f")
done
if [ $stale -ne 0 ]; then
  echo "$stale stale mutant(s): re-target them (tests/mutants/README.md)"
  exit 1
fi
if [ $check = 1 ]; then
  echo "all ${#mutants[@]} mutant(s) apply"
  exit 0
fi

build=$scratch/build
echo "building the unmutated tree in $build"
# The learners' page is left out (NQ_WEB=OFF): every mutant would rebuild it with Emscripten and
# run headless Chromium (about 40 s each), and no mutant is in web/; a mutant must then be killed
# by the rest of the suite.
cmake -S "$work" -B "$build" -DCMAKE_BUILD_TYPE=Release -DNQ_TEST_REQUIRE_ALL=ON -DNQ_WEB=OFF \
  >"$scratch/cmake.log" 2>&1 ||
  { tail -20 "$scratch/cmake.log"; exit 1; }
cmake --build "$build" -j "${JOBS:-2}" >"$scratch/build.log" 2>&1 || { tail -20 "$scratch/build.log"; exit 1; }
ctest_args=(--test-dir "$build" -j "${JOBS:-2}" --timeout "$limit")
[ -n "$tests_re" ] && ctest_args+=(-R "$tests_re")
echo "running the suite on the unmutated tree"
if ! timeout "$limit" ctest "${ctest_args[@]}" >"$scratch/baseline.log" 2>&1; then
  grep -A20 "tests FAILED" "$scratch/baseline.log" || tail -20 "$scratch/baseline.log"
  echo "the suite fails without any mutant: fix that first"
  exit 1
fi

# The tests of the last ctest run that failed, on one line.
failed_tests() {
  local log=$build/Testing/Temporary/LastTestsFailed.log
  [ -f "$log" ] && sed 's/^[0-9]*://' "$log" | tr '\n' ' ' | sed 's/ $//'
  return 0
}

killed=0 survived=0 broken=0
results=()
for f in "${mutants[@]}"; do
  name=$(basename "$f" .mutant)
  apply "$f" "$work" >/dev/null
  start=$(date +%s)
  if ! cmake --build "$build" -j "${JOBS:-2}" >"$scratch/$name.build.log" 2>&1; then
    verdict="BROKEN"
    detail="does not compile (see $scratch/$name.build.log with --keep)"
    broken=$((broken + 1))
  else
    # The tests that caught this mutant last run first: a killed mutant is then known in
    # seconds. Only if they all pass (the suite no longer catches it there) does the rest of the
    # suite run, stopping at its first failure. The verdict is the whole suite's either way.
    first=""
    [ -z "$tests_re" ] && first=$(tests_of "$f")
    failed="" rc=0
    if [ -n "$first" ]; then
      rm -f "$build/Testing/Temporary/LastTestsFailed.log"
      timeout "$limit" ctest "${ctest_args[@]}" -R "$first" >"$scratch/$name.log" 2>&1 || rc=$?
      failed=$(failed_tests)
    fi
    if [ -z "$failed" ] && [ $rc -eq 0 ]; then
      rm -f "$build/Testing/Temporary/LastTestsFailed.log"
      rest=()
      [ -n "$first" ] && rest=(-E "$first")
      timeout "$limit" ctest "${ctest_args[@]}" "${rest[@]}" --stop-on-failure >>"$scratch/$name.log" 2>&1 ||
        rc=$?
      failed=$(failed_tests)
    fi
    if [ -n "$failed" ]; then
      verdict="killed"
      detail="by $failed"
      killed=$((killed + 1))
    elif [ $rc -ne 0 ]; then
      verdict="killed"
      detail="the suite did not finish within $limit s"
      killed=$((killed + 1))
    else
      verdict="SURVIVED"
      detail="every test passed"
      survived=$((survived + 1))
    fi
  fi
  secs=$(($(date +%s) - start))
  printf '%-8s %-32s %-12s %4ds  %s\n' "$verdict" "$name" "$(module_of "$f")" "$secs" "$detail"
  results+=("| $name | $(module_of "$f") | $verdict | $detail |")
  # Undo the mutant (fresh copies, so that the next build recompiles them).
  while read -r p; do cp "$pristine/$p" "$work/$p"; done < <(files_of "$f")
done
echo
echo "${#mutants[@]} mutant(s): $killed killed, $survived survived, $broken broken"
echo
echo "| mutant | module | result | tests that failed |"
echo "|---|---|---|---|"
printf '%s\n' "${results[@]}"
[ $survived -eq 0 ] && [ $broken -eq 0 ]
