#!/usr/bin/env bash
# Installs HAProxy as Debian 12 ships it (2.6.12), with the libraries it needs that a Debian system
# may lack, pinned by version and checksum, into the folder DEST, without touching the system:
# nothing is run as a package's scripts, nothing lands outside DEST. Prints the command that runs it.
# Idempotent: does nothing when DEST holds it already.
#
# Usage: deploy/install-haproxy.sh DEST
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
dest="$1"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"
run="$dest/haproxy"
# Tests run in parallel: one installs, the others wait for it.
exec 9>"$dest/.install.lock"
flock 9
if [ -x "$run" ] && "$run" -v >/dev/null 2>&1; then
    echo "$run"
    exit 0
fi
command -v apt-get >/dev/null || { echo "HAProxy is fetched from Debian's packages: apt-get is needed" >&2; exit 1; }
# package=version sha256
pins="haproxy=2.6.12-1+deb12u3 c8fa07420a78bfc47544b2a46e97151a8a12c3b4db62de610b2e37e78506f465
liblua5.3-0=5.3.6-2 576ad8ef2e9f6ad21f29f0c90dac17448deefee8f3912877c2a0911b77e5d3ca
libopentracing-c-wrapper0=1.1.3-3+b1 68013bf6296a776923622c871bed26bc7b6bfe5f84b0fa2707a06382d1db2692
libopentracing1=1.6.0-4 af62b62a99979253a79e3443f7dabe13f1f33bc2fc024f99039e3868a67f26f4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rm -rf "$dest/root"
while read -r pin sum; do
    (cd "$work" && apt-get download -q=2 "$pin" 2>/dev/null) || {
        echo "cannot download $pin from Debian's archive (run apt-get update, or the version is gone: pin the one apt-cache policy names)" >&2
        exit 1
    }
    deb="$(ls "$work"/*.deb)"
    [ "$(sha256sum < "$deb" | cut -d' ' -f1)" = "$sum" ] || { echo "$pin: the download does not have the pinned sha256" >&2; exit 1; }
    dpkg-deb -x "$deb" "$dest/root"
    rm "$deb"
done <<< "$pins"
cat > "$run.tmp" <<RUN
#!/bin/sh
LD_LIBRARY_PATH="$dest/root/usr/lib/x86_64-linux-gnu" exec "$dest/root/usr/sbin/haproxy" "\$@"
RUN
chmod +x "$run.tmp"
mv "$run.tmp" "$run"
"$run" -v >/dev/null
echo "$run"
