#!/usr/bin/env bash
# Builds the npm package and the Python wheel of toolc from this repository: the `toolc` command and
# each language's native module, built by cargo (the wheel by maturin), put into
#   OUT/toolc-<version>.tgz                         (`npm install` it)
#   OUT/wheels/toolc-<version>-cp310-abi3-<platform>.whl  (`pip install` it)
# and prints their paths. The packages' versions are the crates' (Cargo.toml's workspace version).
#
# Usage: packages/build.sh [--dev] [OUT]     OUT defaults to target/packages; --dev builds cargo's dev
# profile (what the test suite installs: it shares the suite's build), otherwise release.
# Needs cargo, python3 and npm. maturin, pinned in python/build-requirements.txt, is installed into
# OUT/build-venv on the first run. Parallel callers: one builds, the others wait for it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
profile=release
if [ "${1:-}" = --dev ]; then
    profile=dev
    shift
fi
[ $# -le 1 ] || { echo "usage: $0 [--dev] [OUT]" >&2; exit 2; }
out="${1:-$root/target/packages}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
exec 9>"$out/.build.lock"
flock 9

tools=(cargo python3 npm)
[ "$profile" = dev ] || tools+=(strip)
for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || { echo "build.sh: $tool is needed to build the packages" >&2; exit 1; }
done
case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64-gnu ;;
    *) echo "build.sh: this script names its outputs for Linux x86-64; see packages/node/README.md and packages/python/README.md for other platforms" >&2; exit 1 ;;
esac

metadata="$(cd "$root" && cargo metadata --no-deps --format-version 1)"
read -r version target_dir < <(python3 -c '
import json, sys
meta = json.load(sys.stdin)
versions = {p["name"]: p["version"] for p in meta["packages"]}
assert versions["toolc-node"] == versions["toolc-python"] == versions["toolc-cli"], versions
print(versions["toolc-cli"], meta["target_directory"])' <<< "$metadata")
folder=release
[ "$profile" = release ] || folder=debug
cargo_profile=(--profile "$profile")

# --- The command and the Node addon -------------------------------------------------------------
(cd "$root" && cargo build --quiet "${cargo_profile[@]}" -p toolc-cli -p toolc-node)
binary="$target_dir/$folder/toolc"
addon="$target_dir/$folder/libtoolc_node.so"

# --- npm: the package folder, packed ---------------------------------------------------------------
stage="$out/npm/toolc"
rm -rf "$out/npm"
mkdir -p "$stage/native"
cp -r "$here/node/npm/." "$stage/"
# What npm shows on the package's page (npm packs a README whatever `files` says), and the licenses.
cp "$here/node/README.md" "$stage/"
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$stage/"
cp "$addon" "$stage/native/toolc.$platform.node"
cp "$binary" "$stage/native/toolc-$platform"
# A release package carries no symbol tables (a third of the size).
[ "$profile" = dev ] || strip "$stage/native/toolc.$platform.node" "$stage/native/toolc-$platform"
python3 - "$stage/package.json" "$version" <<'PY'
import json, sys
path, version = sys.argv[1:]
package = json.load(open(path))
package["version"] = version
open(path + ".new", "w").write(json.dumps(package, indent=2) + "\n")
PY
mv "$stage/package.json.new" "$stage/package.json"
rm -f "$out"/toolc-*.tgz
(cd "$out" && npm pack --silent "$stage" > /dev/null)
tarball="$out/toolc-$version.tgz"
[ -f "$tarball" ] || { echo "build.sh: npm pack did not write $tarball" >&2; exit 1; }

# --- Python: the wheel, by maturin, with the command as a script -------------------------------------
venv="$out/build-venv"
bash "$root/tests/corpus/peers/venv.sh" "$venv" "$here/python/build-requirements.txt"
# pyproject.toml's `data`: what pip installs beside the interpreter. One folder whatever OUT is, so
# builds into different OUTs take turns here.
data="$root/target/packages/python-data"
mkdir -p "$root/target/packages"
exec 8>"$root/target/packages/.python-data.lock"
flock 8
rm -rf "$data"
mkdir -p "$data/scripts"
cp "$binary" "$data/scripts/toolc"
[ "$profile" = dev ] || strip "$data/scripts/toolc"
rm -rf "$out/wheels"
release=()
[ "$profile" = dev ] || release=(--release --strip)
# maturin reads the profile's settings from Cargo.toml; its own progress goes to the log.
if ! "$venv/bin/maturin" build "${release[@]}" --quiet -m "$here/python/Cargo.toml" --out "$out/wheels" \
    > "$out/maturin.log" 2>&1; then
    cat "$out/maturin.log" >&2
    exit 1
fi
wheel="$(find "$out/wheels" -name "toolc-$version-*.whl")"
[ -n "$wheel" ] || { echo "build.sh: maturin did not write a toolc $version wheel into $out/wheels" >&2; exit 1; }

echo "$tarball"
echo "$wheel"
