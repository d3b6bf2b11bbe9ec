#!/usr/bin/env bash
# Installs pinned requirements (REQUIREMENTS, by default the Python peers' requirements.txt) into the
# virtual environment DEST, unless the pins there are already these.
#
# Usage: tests/corpus/peers/venv.sh DEST [REQUIREMENTS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: $0 DEST [REQUIREMENTS]" >&2; exit 2; }
venv="$1"
requirements="${2:-$here/requirements.txt}"
if ! cmp -s "$requirements" "$venv/requirements.txt"; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
fi
