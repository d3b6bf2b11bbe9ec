#!/usr/bin/env bash
# Fetches the `tools/list` of the third-party MCP servers this folder's package-lock.json pins into
# DEST/listings/<server>.json, and prints a one-line summary. The servers are richer in JSON Schema
# than the main corpus (formats, unions, patterns beside lengths, `$ref`s, OpenAPI operations): the
# corpus of the grammar engines' test.
#
# Usage: tests/corpus/servers/fetch.sh DEST
# Idempotent: prints the summary only when nothing here changed since the last fetch. npm checks
# every tarball against the lockfile's integrity; the install is nested (.npmrc), as the lockfile
# records it, so each server keeps the zod it was built with. A failed fetch leaves the previous
# listings, or none, never part of them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
mkdir -p "$1"
dest="$(cd "$1" && pwd)"
exec 9>"$dest/.fetch.lock"
flock 9
stamp="$dest/fetched.stamp"
want="$(cd "$here" && cat package.json package-lock.json .npmrc collect.mjs fetch.sh | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dest/listings" ] && [ -f "$dest/summary.txt" ]; then
    cat "$dest/summary.txt"
    exit 0
fi
for tool in node npm; do
    command -v "$tool" >/dev/null || { echo "fetch.sh: $tool is needed to fetch the servers' listings" >&2; exit 1; }
done
rm -f "$stamp"
work="$(mktemp -d "$dest/.work.XXXXXX")"
trap 'rm -rf "$work"' EXIT
rm -rf "$dest/npm"
mkdir "$dest/npm"
cp "$here/package.json" "$here/package-lock.json" "$here/.npmrc" "$dest/npm/"
# No install scripts: nothing is built or downloaded beyond the locked tarballs.
(cd "$dest/npm" && npm ci --silent --no-audit --no-fund --ignore-scripts) \
    || { echo "fetch.sh: npm ci of tests/corpus/servers/package-lock.json failed" >&2; exit 1; }
node "$here/collect.mjs" "$dest/npm/node_modules" "$work/listings" "$work/scratch" > "$work/collected.txt"
summary="servers: $(wc -l < "$work/collected.txt") listings, $(awk '{n += $2} END {print n}' "$work/collected.txt") tools ($(paste -sd, "$work/collected.txt" | sed 's/ tools//g; s/,/, /g')) in $dest/listings"
rm -rf "$dest/listings"
mv "$work/listings" "$dest/listings"
echo "$summary" > "$dest/summary.txt"
echo "$want" > "$stamp"
cat "$dest/summary.txt"
