#!/usr/bin/env bash
# Installs the Python peers (requirements.txt, pinned) into the virtual environment DEST, unless the
# pins there are already these.
#
# Usage: tests/corpus/peers/venv.sh DEST
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
venv="$1"
if ! cmp -s "$here/requirements.txt" "$venv/requirements.txt"; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$venv/requirements.txt"
fi
