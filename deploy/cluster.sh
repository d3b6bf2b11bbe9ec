#!/usr/bin/env bash
# A local cluster in one command: Redis, N replicas of the roo-tools MCP server (`roo-mcp`, sharing
# that Redis) and HAProxy in front of them, all on 127.0.0.1. Prints the front's URL, serves until
# Ctrl-C (or, with --check, until one call through the front has been answered), then stops
# everything it started and removes what it wrote.
#
# Usage: deploy/cluster.sh [--check] [REPLICAS]      (3 replicas by default; the front on port
#                                                     $TOOLC_FRONT_PORT, 8080 by default)
#
# What is missing is installed: redis-server and haproxy with the system's package manager
# (apt-get, as root), else HAProxy from Debian's archive into target/ (deploy/install-haproxy.sh).
# REDIS_SERVER, HAPROXY and ROO_MCP name other binaries to use (ROO_MCP one built already). Redis gets a random password and writes
# nothing to disk; nothing listens beyond 127.0.0.1.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
check=false
if [ "${1:-}" = "--check" ]; then check=true; shift; fi
replicas="${1:-3}"
case "$replicas" in ''|*[!0-9]*|0) echo "usage: $0 [--check] [REPLICAS] (a number, 1 or more)" >&2; exit 2 ;; esac
front_port="${TOOLC_FRONT_PORT:-8080}"

say() { echo "cluster: $*" >&2; }

# --- What it needs -------------------------------------------------------------------------------
install_package() {
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        say "installing $1 with apt-get"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$1" >/dev/null
    else
        return 1
    fi
}
redis_server="${REDIS_SERVER:-$(command -v redis-server || true)}"
if [ -z "$redis_server" ]; then
    install_package redis-server || { say "redis-server is missing: install it (apt-get install redis-server) or set REDIS_SERVER"; exit 1; }
    redis_server="$(command -v redis-server)"
fi
haproxy="${HAPROXY:-$(command -v haproxy || true)}"
if [ -z "$haproxy" ]; then
    if ! install_package haproxy; then
        say "haproxy is missing and this is not root: fetching Debian's into target/haproxy"
        haproxy="$(bash "$repo/deploy/install-haproxy.sh" "$repo/target/haproxy" | tail -n 1)"
    else
        haproxy="$(command -v haproxy)"
    fi
fi
roo_mcp="${ROO_MCP:-}"
if [ -z "$roo_mcp" ]; then
    say "building roo-mcp"
    cargo build --quiet --release --manifest-path "$repo/Cargo.toml" -p roo-tools --bin roo-mcp
    roo_mcp="$repo/target/release/roo-mcp"
fi

# --- What it starts, and stops -------------------------------------------------------------------
work="$(mktemp -d)"
chmod 700 "$work"
pids=()
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
secret() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# Redis: a random password, nothing on disk, loopback only. The password goes to redis-server in a
# file of its own (not on its command line, where `ps` shows it to every user).
redis_port="$(free_port)"
password="$(secret)"
printf 'bind 127.0.0.1\nport %s\nrequirepass %s\nsave ""\nappendonly no\ndir %s\n' \
    "$redis_port" "$password" "$work" > "$work/redis.conf"
"$redis_server" "$work/redis.conf" > "$work/redis.log" 2>&1 &
pids+=($!)

# The replicas: one Redis, one key to sign requestState with, each on a free loopback port. The
# URL with the password reaches them through the environment.
export ROO_MCP_REDIS_URL="redis://:$password@127.0.0.1:$redis_port"
export ROO_MCP_STATE_KEY="$(secret)"
mkdir "$work/root"
sleep 0.3
servers=""
for index in $(seq 1 "$replicas"); do
    "$roo_mcp" "$work/root" --http 127.0.0.1:0 2> "$work/replica-$index.log" &
    pids+=($!)
    url=""
    for _ in $(seq 1 100); do
        url="$(sed -n 's/^roo-mcp: serving MCP at //p' "$work/replica-$index.log")"
        [ -n "$url" ] && break
        kill -0 "${pids[-1]}" 2>/dev/null || { say "replica $index did not start:"; cat "$work/replica-$index.log" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$url" ] || { say "replica $index did not start within 10 s"; exit 1; }
    address="${url#http://}"
    servers+="    server r$index ${address%/mcp} check"$'\n'
    say "replica $index at $url"
done
unset ROO_MCP_REDIS_URL ROO_MCP_STATE_KEY

# HAProxy: the checked-in configuration, the replicas appended to its last section.
{ cat "$repo/deploy/haproxy.cfg"; printf '%s' "$servers"; } > "$work/haproxy.cfg"
TOOLC_FRONT="127.0.0.1:$front_port" "$haproxy" -db -f "$work/haproxy.cfg" 2> "$work/haproxy.log" &
pids+=($!)
front="http://127.0.0.1:$front_port/mcp"
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$front_port/health" >/dev/null 2>&1 && break
    kill -0 "${pids[-1]}" 2>/dev/null || { say "haproxy did not start:"; cat "$work/haproxy.log" >&2; exit 1; }
    sleep 0.1
done
echo "$front"

if $check; then
    # One call through the front, on MCP 2026-07-28 (no session): answered by some replica.
    answer="$(curl -sf "$front" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: fileExists' \
        -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fileExists","arguments":{"path":"x"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}')"
    case "$answer" in
        *'"result":false'*) say "a call through the front was answered" ;;
        *) say "the call through the front was not answered as expected: $answer"; exit 1 ;;
    esac
    exit 0
fi
say "serving at $front with $replicas replicas; Ctrl-C stops everything"
wait "${pids[-1]}"
