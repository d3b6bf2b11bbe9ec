#!/usr/bin/env bash
# Installs the providers' SDK code the conformance test runs, pinned, into $1 (under target/).
# Idempotent: does nothing when the pins have not changed since the last install.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="$1"
mkdir -p "$dest"
# Tests run in parallel: one installs, the others wait for it.
exec 9>"$dest/.install.lock"
flock 9
stamp="$dest/installed.stamp"
want="$(cat "$here/requirements.txt" "$here/package.json" "$here/package-lock.json" | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
    && [ -x "$dest/venv/bin/python" ] && [ -x "$dest/node_modules/.bin/tsc" ] && [ -d "$dest/node_modules/openai" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/sdk" ]; then
    exit 0
fi
command -v python3 >/dev/null || { echo "python3 is needed for the conformance test" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm is needed for the conformance test" >&2; exit 1; }
rm -rf "$dest/venv" "$dest/node_modules"
python3 -m venv "$dest/venv"
"$dest/venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
cp "$here/package.json" "$here/package-lock.json" "$here/check.mjs" "$dest/"
rm -f "$stamp"
(cd "$dest" && npm ci --silent --no-audit --no-fund)
echo "$want" > "$stamp"
