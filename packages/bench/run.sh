#!/usr/bin/env bash
# The packages' speed against the transformers of their own language (BENCHMARKS.md, "The npm and
# Python packages"): builds the packages (release), fetches the corpus, splits it one definition a
# file with BFCL's own type mapping, installs the peers (pinned: tests/corpus/peers/requirements.txt,
# tests/conformance/package-lock.json, packages/bench/package-lock.json) and runs bench.py and
# bench.mjs, one process each.
#
# Usage: packages/bench/run.sh [PASSES]       Everything it writes is under target/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
passes="${1:-15}"
work="$root/target/packages/bench"
mkdir -p "$work"

mapfile -t built < <(bash "$root/packages/build.sh" | tail -2)
tarball="${built[0]}" wheel="${built[1]}"

bash "$root/tests/corpus/fetch.sh" "$root/target/tmp/corpus" >&2
venv="$work/python-venv"
bash "$root/tests/corpus/peers/venv.sh" "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheel"

# One definition a file, as the corpus test writes them (an MCP tool as {"tools": [tool]}), then BFCL's
# own type mapping.
rm -rf "$work/split" "$work/split-bfcl-types"
"$venv/bin/python" - "$root/target/tmp/corpus/corpus" "$work/split" <<'PY'
import json, pathlib, sys
corpus, split = map(pathlib.Path, sys.argv[1:])
for file in sorted(corpus.glob("*/*.json")):
    value = json.loads(file.read_text())
    wrap = isinstance(value, dict)
    definitions = value["tools"] if wrap else value
    folder = split / file.parent.name / file.stem
    folder.mkdir(parents=True)
    for index, definition in enumerate(definitions):
        one = {"tools": [definition]} if wrap else definition
        (folder / f"{index:04}.json").write_text(json.dumps(one))
PY
"$venv/bin/python" "$root/tests/corpus/peers/peers.py" --bfcl-types "$work/split" "$work/split-bfcl-types" > /dev/null

bash "$root/tests/conformance/setup.sh" "$root/target/tmp/conformance"
project="$work/node-project"
rm -rf "$project"
mkdir -p "$project"
echo '{"name": "bench-toolc", "private": true, "type": "module"}' > "$project/package.json"
(cd "$project" && npm install --silent --no-audit --no-fund --prefer-offline "$tarball")
cp "$here/bench.mjs" "$project/"
# The TypeScript peers beyond openai-node, pinned by packages/bench/package-lock.json.
peers="$work/node-peers"
if ! cmp -s "$here/package-lock.json" "$peers/package-lock.json"; then
    rm -rf "$peers"
    mkdir -p "$peers"
    cp "$here/package.json" "$here/package-lock.json" "$peers/"
    (cd "$peers" && npm ci --silent --no-audit --no-fund)
fi

echo "## Python"
"$venv/bin/python" "$here/bench.py" "$work/split-bfcl-types" "$passes"
echo
echo "## Node.js"
(cd "$project" && node bench.mjs "$root/target/tmp/conformance" "$peers" "$work/split-bfcl-types" "$passes")
