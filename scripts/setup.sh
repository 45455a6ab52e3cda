#!/usr/bin/env bash
# Installs the Debian packages that building and testing nqueens needs, when they are missing.
# Package list: scripts/packages.txt (one name a line, # comments; "PKG CMD" installs PKG only
# when the command CMD is missing; a line [PART] starts a part). Runs apt-get only if needed.
#   setup.sh               every part (make setup, make test, CI)
#   setup.sh PART...       those parts only: run (the program), web (the page), docs (the guide),
#                          test (the suite)
#   setup.sh FILE          every package of another list (the benchmarks pass one)
#   setup.sh --list ...    print the packages those parts name, one a line, and install nothing
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
list=$here/packages.txt
parts=()
list_only=0
for arg in "$@"; do
  case $arg in
    --list) list_only=1 ;;
    run | web | docs | test) parts+=("$arg") ;;
    *)
      if [ -r "$arg" ]; then list=$arg; else
        echo "setup: '$arg' is no part of scripts/packages.txt (run, web, docs, test) nor a readable list" >&2
        exit 2
      fi ;;
  esac
done
wanted() { # wanted PART: whether the packages of PART are asked for
  [ ${#parts[@]} -eq 0 ] && return 0
  local p
  for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done
  return 1
}
missing=()
part=""
while read -r pkg cmd _; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  if [[ "$pkg" =~ ^\[([a-z]+)\]$ ]]; then part=${BASH_REMATCH[1]}; continue; fi
  [ -n "$part" ] && ! wanted "$part" && continue
  if [ "$list_only" = 1 ]; then echo "$pkg"; continue; fi
  [[ -n "${cmd:-}" && "$cmd" != \#* ]] && command -v "$cmd" >/dev/null 2>&1 && continue
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done <"$list"
[ ${#missing[@]} -eq 0 ] && exit 0
# One package named in two parts is asked for once.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')
echo "setup: installing missing Debian packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=sudo; else
    echo "setup: not root and no sudo; install these packages first: ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
