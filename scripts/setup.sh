#!/usr/bin/env bash
# Installs the Debian packages that building and testing nqueens needs, when they are missing.
# Package list: scripts/packages.txt (one name a line, # comments; "PKG CMD" installs PKG only
# when the command CMD is missing). Runs apt-get only if needed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
list=${1:-$here/packages.txt}
missing=()
while read -r pkg cmd _; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  [[ -n "${cmd:-}" && "$cmd" != \#* ]] && command -v "$cmd" >/dev/null 2>&1 && continue
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done <"$list"
[ ${#missing[@]} -eq 0 ] && exit 0
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
