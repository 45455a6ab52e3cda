#!/usr/bin/env bash
# The installed library: `cmake --install` into a temporary prefix, then the example
# program built against it twice, with pkg-config and with find_package (shared and static
# library), run, and compared with the OEIS table; the SONAME; the man page documents every
# command and option that the programs' --help texts list; the bash completion offers them.
. "$NQ_SRC/tests/support/clitest.bash"
: "${NQ_VERSION:?the version, set by ctest from include/nqueens.h (cmake/version.cmake)}"
# The SONAME's version (cmake/version.cmake): the major version, or major.minor while it is 0.
so=${NQ_VERSION%%.*}
[ "$so" = 0 ] && so=$(echo "$NQ_VERSION" | cut -d. -f1-2)
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

# The compiler and sanitizer flags of the build under test (an ASan library needs an ASan program).
cache=$NQ_BUILD/CMakeCache.txt
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$cache")
extra=""
grep -q '^NQ_SANITIZE:BOOL=ON' "$cache" && extra="-fsanitize=address,undefined"

ok "cmake --install into a temporary prefix" \
  bash -c "cmake --install '$NQ_BUILD' --prefix '$prefix' >'$tmp/install.log' 2>&1"
pc=$(find "$prefix" -name nqueens.pc | head -1)
libdir=$(dirname "$(dirname "$pc")")
ok "nqueens.pc installed in LIBDIR/pkgconfig" test -f "$pc"
ok "libnqueens.a installed" test -f "$libdir/libnqueens.a"
ok "libnqueens.so -> libnqueens.so.$so -> libnqueens.so.$NQ_VERSION" \
  bash -c "[ \"\$(readlink '$libdir/libnqueens.so')\" = libnqueens.so.$so ] &&
           [ \"\$(readlink '$libdir/libnqueens.so.$so')\" = libnqueens.so.$NQ_VERSION ]"
check "SONAME is libnqueens.so.$so" 0 "libnqueens.so.$so" -- \
  bash -c "readelf -d '$libdir/libnqueens.so.$NQ_VERSION' | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p'"
check "libnqueens.so exports only nq_ names (hidden visibility, NQ_API)" 0 "" -- \
  bash -c "nm -D --defined-only '$libdir/libnqueens.so.$NQ_VERSION' | awk '{ print \$3 }' | grep -v '^nq_' || true"
check "libnqueens.so exports the public API (nq_count, nq_version)" 0 "nq_count
nq_version" -- \
  bash -c "nm -D --defined-only '$libdir/libnqueens.so.$NQ_VERSION' | awk '{ print \$3 }' | grep -x -e nq_count -e nq_version | sort"
ok "nqueens.h installed" cmp "$prefix/include/nqueens.h" "$NQ_SRC/include/nqueens.h"
ok "nqueens_advanced.h installed" cmp "$prefix/include/nqueens_advanced.h" \
  "$NQ_SRC/include/nqueens_advanced.h"
ok "CMake package installed" test -f "$libdir/cmake/nqueens/nqueensConfig.cmake" -a \
  -f "$libdir/cmake/nqueens/nqueensConfigVersion.cmake"
ok "man page installed" cmp "$prefix/share/man/man1/nqueens.1" "$NQ_SRC/doc/nqueens.1"
ok "bash completion installed" test -f "$prefix/share/bash-completion/completions/nqueens"
check "installed nqueens runs" 0 "1 3 0 2" -- "$prefix/bin/nqueens" solve 4 --format cols --limit 1
# nqueens-mpi is installed where it was built (cmake/mpi.cmake found MPI).
if [ -x "$NQ_BUILD/nqueens-mpi" ]; then
  ok "nqueens-mpi installed" test -x "$prefix/bin/nqueens-mpi"
else
  ok "no nqueens-mpi built, none installed" test ! -e "$prefix/bin/nqueens-mpi"
fi

# The example's counts ("n = N: T solutions, U fundamental", or "count of N: ...") must be the
# OEIS table's, and n = 1..9 must all be there.
counts_ok() {
  awk 'NR == FNR { if (!/^#/) { total[$1] = $2; unique[$1] = $3 } next }
       /^(n = |count of )[0-9]+: [0-9]+ solutions, [0-9]+ fundamental$/ {
         line = $0; sub(/^(n = |count of )/, "", line); split(line, f, /[: ,]+/)
         if (total[f[1]] != f[2] || unique[f[1]] != f[4]) { print "wrong: " $0; bad = 1 }
         if ($1 == "n") seen[f[1]] = 1 }
       END { for (n = 1; n <= 9; n++) if (!(n in seen)) { print "missing n = " n; bad = 1 }
             exit bad }' "$NQ_TEST_DATA/counts.txt" -
}
example_ok() { # example_ok BINARY: runs it, checks the counts and equality with the build tree's
  local out
  out=$("$1") || return 1
  [ "$out" = "$("$NQ_BUILD/nq_example")" ] || { echo "differs from the build tree's example"; return 1; }
  printf '%s\n' "$out" | counts_ok || return 1
  printf '%s\n' "$out" | grep -q "^0 1 2 3 4 5 6 7 is not a solution: 0-0 and 1-1 share a diagonal$" &&
    printf '%s\n' "$out" | grep -q "^constructed 1000000 queens: a solution$" &&
    printf '%s\n' "$out" | grep -q "^the list for n = 4 has 1 of the 2 solutions: incomplete$"
}

# pkg-config (relocatable: the prefix comes from the .pc file's place).
export PKG_CONFIG_PATH=$libdir/pkgconfig
check "pkg-config --modversion" 0 "$NQ_VERSION" -- pkg-config --modversion nqueens
check "pkg-config --cflags points into the prefix" 0 "-I$prefix/include" -- \
  bash -c "pkg-config --cflags nqueens | sed 's|/lib[^ ]*/pkgconfig/\.\./\.\.||; s| *$||'"
# shellcheck disable=SC2046
ok "example.c builds with pkg-config" \
  "$cc" $extra "$NQ_SRC/examples/example.c" -o "$tmp/example_pc" \
  $(pkg-config --cflags --libs nqueens) -Wl,-rpath,"$libdir"
ok "the pkg-config build runs right" example_ok "$tmp/example_pc"
ok "it uses the installed shared library by its SONAME" \
  bash -c "readelf -d '$tmp/example_pc' | grep -q 'NEEDED.*\[libnqueens.so.$so\]' &&
           ldd '$tmp/example_pc' | grep -q '$libdir/libnqueens.so.$so'"

# pkg-config, static: nqueens-static.pc links libnqueens.a, so the program runs without the
# shared library (the example's build comment gave a program that could not find
# libnqueens.so.0.3).
check "pkg-config nqueens-static --libs names the archive" 0 "$libdir/libnqueens.a -lyajl -lz -lm -pthread" -- \
  bash -c "pkg-config --libs nqueens-static | sed 's|/lib[^ ]*/pkgconfig/\.\./\.\.|/|; s|//|/|g; s| *$||'"
# shellcheck disable=SC2046
ok "example.c builds with pkg-config nqueens-static" \
  "$cc" $extra "$NQ_SRC/examples/example.c" -o "$tmp/example_static_pc" \
  $(pkg-config --cflags --libs nqueens-static)
ok "the static pkg-config build runs right, without libnqueens.so" \
  bash -c "! readelf -d '$tmp/example_static_pc' | grep -q 'NEEDED.*libnqueens' &&
           LD_LIBRARY_PATH= '$tmp/example_static_pc' >/dev/null"
ok "the static pkg-config build gives the same output" example_ok "$tmp/example_static_pc"
# The build commands of example.c's head comment, as written there (PREFIX replaced).
sed -n 's/^ \*   \(cc example.c .*\)$/\1/p' "$NQ_SRC/examples/example.c" >"$tmp/commands"
ok "example.c's comment gives a static build command" grep -q "nqueens-static" "$tmp/commands"
shared_cmd=$(sed -n '/--libs nqueens) \\$/{n;s/^ \*  *//;s/ *(shared library)$//;s/ -o example$//;p}' "$NQ_SRC/examples/example.c")
ok "example.c's comment gives a shared build command with an rpath" \
  bash -c "printf '%s' '$shared_cmd' | grep -q -- '-Wl,-rpath,'"
ok "example.c's shared build, as its comment says, runs (rpath)" \
  bash -c "cd '$NQ_SRC/examples' && $cc $extra example.c \$(pkg-config --cflags --libs nqueens) $shared_cmd -o '$tmp/ex_comment' &&
           '$tmp/ex_comment' >/dev/null"

# The header's two tiers (issue 37): a learner's program of the simple tier (count, find one,
# check one placement, with the result and error types) builds with <nqueens.h> alone, warning
# free; a call of the advanced tier (nq_split_new) is not declared there, and builds once the
# program includes <nqueens_advanced.h> (examples/example.c, above, uses that tier too).
cat >"$tmp/simple.c" <<'C'
#include <stdio.h>
#include <nqueens.h>
int main(void) {
    nq_counts c;
    int cols[8];
    nq_conflict why;
    if (nq_count(8, &c) != NQ_OK || nq_find_first(8, cols, NULL) != NQ_OK)
        return 1;
    cols[1] = cols[0] + 1; /* two queens on a diagonal */
    int rc = nq_validate(8, cols, 0, &why);
    char total[41];
    printf("%s %s %s\n", nq_u128_to_string(c.total, total), nq_strerror(rc),
           nq_attack_name(why.kind));
    return 0;
}
C
# shellcheck disable=SC2046
check "a program of the simple tier builds with <nqueens.h> alone, and runs" 0 \
  "92 two queens attack each other diagonal" -- \
  bash -c "'$cc' $extra -std=c11 -Wall -Wextra -Wpedantic -Werror '$tmp/simple.c' -o '$tmp/simple' \
    \$(pkg-config --cflags --libs nqueens) -Wl,-rpath,'$libdir' && '$tmp/simple'"
printf '#include <nqueens.h>\nint main(void) { nq_split *s; return nq_split_new(8, &s); }\n' >"$tmp/adv.c"
ok "<nqueens.h> does not declare the advanced tier (nq_split_new)" \
  bash -c "! '$cc' -std=c11 -Werror=implicit-function-declaration -c '$tmp/adv.c' -o '$tmp/adv.o' \
    \$(pkg-config --cflags nqueens) 2>/dev/null"
sed -i 's/nqueens\.h/nqueens_advanced.h/' "$tmp/adv.c"
ok "... and <nqueens_advanced.h> does" \
  bash -c "'$cc' -std=c11 -Wall -Werror -c '$tmp/adv.c' -o '$tmp/adv.o' \$(pkg-config --cflags nqueens)"

# find_package, shared and static.
ok "examples/ configures with find_package(nqueens)" \
  bash -c "cmake -S '$NQ_SRC/examples' -B '$tmp/ex' -DCMAKE_PREFIX_PATH='$prefix' \
    -DCMAKE_C_COMPILER='$cc' -DCMAKE_C_FLAGS='$extra' -DCMAKE_EXE_LINKER_FLAGS='$extra' \
    >'$tmp/ex.log' 2>&1 && cmake --build '$tmp/ex' >>'$tmp/ex.log' 2>&1 || { cat '$tmp/ex.log'; false; }"
ok "find_package build (shared library) runs right" example_ok "$tmp/ex/example"
ok "find_package build (static library) runs right" example_ok "$tmp/ex/example_static"
ok "the static build does not need libnqueens.so" \
  bash -c "! readelf -d '$tmp/ex/example_static' | grep -q 'NEEDED.*libnqueens'"

# The guide's first program (doc/c-library.md): examples/count/, a project of its own, built with
# its CMakeLists.txt (find_package(nqueens), nqueens::nqueens) and with pkg-config as the page
# shows, printing a 128-bit total.
ok "examples/count/ builds with its CMakeLists.txt (find_package)" \
  bash -c "cmake -S '$NQ_SRC/examples/count' -B '$tmp/count' -DCMAKE_PREFIX_PATH='$prefix' \
    -DCMAKE_C_COMPILER='$cc' -DCMAKE_C_FLAGS='$extra' -DCMAKE_EXE_LINKER_FLAGS='$extra' \
    >'$tmp/count.log' 2>&1 && cmake --build '$tmp/count' >>'$tmp/count.log' 2>&1 || { cat '$tmp/count.log'; false; }"
check "examples/count (find_package) prints the total of n = 12" 0 "n = 12: 14200 solutions" -- \
  "$tmp/count/count" 12
check "examples/count (find_package) prints the total of n = 8 by default" 0 "n = 8: 92 solutions" -- \
  "$tmp/count/count"
# A bad N is refused (exit 2, one line naming the range), never counted as another n: atoi()
# read "8x" as 8 and "abc" as 0, and a number past an int was undefined.
for bad in 99 0 8x abc "" 99999999999999999999; do
  check_err "examples/count refuses N = '$bad'" 2 "^count: give one N, an integer from 1 to 64" -- \
    "$tmp/count/count" "$bad"
done
check_err "examples/count refuses two Ns" 2 "^count: give one N" -- "$tmp/count/count" 8 9
# shellcheck disable=SC2046
ok "examples/count/count.c builds with pkg-config, as doc/c-library.md shows" \
  "$cc" $extra "$NQ_SRC/examples/count/count.c" -o "$tmp/count_pc" \
  $(pkg-config --cflags --libs nqueens) -Wl,-rpath,"$(pkg-config --variable=libdir nqueens)"
check "the pkg-config build of count.c runs" 0 "n = 13: 73712 solutions" -- "$tmp/count_pc" 13
# shellcheck disable=SC2046
ok "examples/count/count.c builds with pkg-config nqueens-static" \
  "$cc" $extra "$NQ_SRC/examples/count/count.c" -o "$tmp/count_static" \
  $(pkg-config --cflags --libs nqueens-static)
check "the static build of count.c runs without libnqueens.so" 0 "n = 10: 724 solutions" -- \
  env LD_LIBRARY_PATH= "$tmp/count_static" 10
# The page shows these very files and commands.
page=$NQ_SRC/doc/c-library.md
ok "doc/c-library.md includes examples/count/count.c" grep -q 'literalinclude} ../examples/count/count.c' "$page"
ok "doc/c-library.md includes examples/count/CMakeLists.txt" \
  grep -q 'literalinclude} ../examples/count/CMakeLists.txt' "$page"
ok "doc/c-library.md shows the pkg-config build that ran above" \
  grep -qF 'cc count.c $(pkg-config --cflags --libs nqueens) -Wl,-rpath,$(pkg-config --variable=libdir nqueens) -o count' "$page"

# The man page: renders without warnings; documents every command of `nqueens --help` and every
# option of each command's --help, in that command's section (an option named anywhere else in the
# page does not count).
man=$NQ_SRC/doc/nqueens.1
ok "man page renders without warnings" \
  bash -c "[ -z \"\$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z '$man' 2>&1)\" ]"
commands=$("$NQ" --help | awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } /^$/ { on = 0 }')
ok "nqueens --help lists commands" test -n "$commands"
# man_section NAME: the lines of the man page's section .SS "NAME ..." (or .SS "NAME") up to the
# next .SS or .SH.
man_section() {
  awk -v name="$1" '/^\.S[SH] / { on = index($0, ".SS \"" name " ") == 1 || $0 == ".SS \"" name "\""
                                  next } on' "$man"
}
for c in $commands; do
  ok "man page has a section for '$c'" grep -q "^\.SS \"$c " "$man"
  help=$("$NQ" "$c" --help 2>&1)
  ok "'$c --help' exits 0" test $? = 0
  opts=$(printf '%s\n' "$help" | grep -oE -- '--[a-z][a-z-]*' | sort -u)
  ok "'$c --help' lists options" test -n "$opts"
  for o in $opts; do
    where=$c
    [ "$o" = --help ] && where="Options of every command"
    ok "man page documents '$c $o' in the section '$where'" \
      grep -qF -- "$(printf '%s' "$o" | sed 's/-/\\-/g')" <<<"$(man_section "$where")"
  done
  # The completion offers exactly the options of --help.
  offered=$(bash -c "source '$NQ_SRC/doc/nqueens.bash-completion'
    COMP_WORDS=('$NQ' $c --); COMP_CWORD=2; _nqueens; printf '%s\n' \"\${COMPREPLY[@]}\"" | sort -u)
  check "bash completion offers the options of '$c --help'" 0 "$opts" -- printf '%s\n' "$offered"
done
# And the other way round, so that the man page and --help say the same things: the man page has
# a section for no command that --help does not list, and each command's section heading (its
# synopsis) names exactly the options of that command's --help.
man_commands=$(sed -n 's/^\.SS "\([a-z][a-z-]*\)[ "].*/\1/p' "$man" | sort)
check "the man page's commands are those of nqueens --help" 0 "$(printf '%s\n' $commands | sort)" -- \
  printf '%s\n' $man_commands
for c in $commands; do
  synopsis=$(grep "^\.SS \"$c[ \"]" "$man" | grep -oE -- '\\-\\-[a-z][a-z\\-]*' | sed 's/\\-/-/g' | sort -u)
  help_opts=$("$NQ" "$c" --help 2>&1 | grep -oE -- '--[a-z][a-z-]*' | grep -vx -- --help | sort -u)
  check "the man page's synopsis of '$c' names the options of '$c --help'" 0 "$help_opts" -- \
    printf '%s\n' "$synopsis"
done
check "bash completion completes commands" 0 "cases check complete count" -- \
  bash -c "source '$NQ_SRC/doc/nqueens.bash-completion'; COMP_WORDS=(nqueens c); COMP_CWORD=1
           _nqueens; echo \"\${COMPREPLY[@]}\" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//'"
# Open MPI keeps allocations until exit: the sanitizer build must not count them as leaks (its
# report would end the program before stdout is flushed).
mpi_opts=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 "$NQ_BUILD/nqueens-mpi" count --help |
  grep -oE -- '--[a-z][a-z-]*' | sort -u)
ok "nqueens-mpi count --help lists options" test -n "$mpi_opts"
for o in $mpi_opts; do
  ok "man page documents 'nqueens-mpi $o'" grep -qF -- "$(printf '%s' "$o" | sed 's/-/\\-/g')" "$man"
done
finish
