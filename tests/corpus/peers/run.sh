#!/usr/bin/env bash
# Runs the peers on the corpus as the corpus test leaves it, twice — on the definitions as they are, and
# after BFCL's own type mapping (peers.py --bfcl-types) — and prints summary.py's tables.
#
# Usage: tests/corpus/peers/run.sh OUT_DIR
# Needs what `cargo test -p toolc-cli --test suite corpus::` leaves under target/: tmp/corpus-split,
# tmp/corpus-lowered, tmp/conformance/node_modules (openai-node) and debug/toolc; python3 and node.
# The Python peers go in PEERS_VENV (default target/tmp/peers-venv), installed from requirements.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
mkdir -p "$1"
out="$(cd "$1" && pwd)"
venv="${PEERS_VENV:-$root/target/tmp/peers-venv}"
bash "$here/venv.sh" "$venv"
export PEERS_PYTHON="$venv/bin/python"
split="$root/target/tmp/corpus-split"
rm -rf "$out/split-bfcl-types"
"$PEERS_PYTHON" "$here/peers.py" --bfcl-types "$split" "$out/split-bfcl-types"
for run in raw bfcl-types; do
    input="$split"
    [ "$run" = raw ] || input="$out/split-bfcl-types"
    "$PEERS_PYTHON" "$here/peers.py" "$input" "$out/$run-python.json"
    (cd "$root/target/tmp/conformance" && node "$here/peers.mjs" "$input" "$out/$run-node.json")
done
"$PEERS_PYTHON" "$here/summary.py" "$root/target/tmp/corpus-lowered" "$split" "$root/target/debug/toolc" \
    "as written=$out/raw-python.json,$out/raw-node.json" \
    "after BFCL's type mapping=$out/bfcl-types-python.json,$out/bfcl-types-node.json" | tee "$out/summary.md"
