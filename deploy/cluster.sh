#!/usr/bin/env bash
# A local cluster in one command: Redis, N replicas of the roo-tools MCP server (`roo-mcp`, sharing
# that Redis) and HAProxy in front of them, all on 127.0.0.1. Prints the front's URL on standard
# output, and each replica's URL and PID on standard error.
#
# Usage:
#   deploy/cluster.sh up [REPLICAS]        starts the cluster in the background and returns once the
#                                          front answers: `front="$(deploy/cluster.sh up 3)"`
#   deploy/cluster.sh down                 stops what `up` started and removes what it wrote
#   deploy/cluster.sh [--check] [REPLICAS] in the foreground: serves until Ctrl-C or SIGTERM (or, with
#                                          --check, until one call through the front is answered),
#                                          then stops everything it started
# 3 replicas by default; the front on port $TOOLC_FRONT_PORT, 8080 by default. `up` keeps what it
# started in $TOOLC_CLUSTER_DIR (target/cluster by default), where `down` finds it.
#
# What is missing is installed: redis-server and haproxy with the system's package manager
# (apt-get, as root), else HAProxy from Debian's archive into target/ (deploy/install-haproxy.sh).
# REDIS_SERVER, HAPROXY and ROO_MCP name other binaries to use (ROO_MCP one built already). Redis gets a random password and writes
# nothing to disk; nothing listens beyond 127.0.0.1.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
state="${TOOLC_CLUSTER_DIR:-$repo/target/cluster}"
usage="usage: $0 up [REPLICAS] | $0 down | $0 [--check] [REPLICAS] (REPLICAS a number, 1 or more)"
mode=foreground
case "${1:-}" in
    up) mode=up; shift ;;
    down) mode=down; shift ;;
    --check) mode=check; shift ;;
esac
replicas="${1:-3}"
case "$replicas" in ''|*[!0-9]*|0) echo "$usage" >&2; exit 2 ;; esac
[ "$#" -le 1 ] || { echo "$usage" >&2; exit 2; }
front_port="${TOOLC_FRONT_PORT:-8080}"

say() { echo "cluster: $*" >&2; }

# Whether the process $1 runs (one that ended but was not yet reaped does not).
running() {
    local status
    status="$(ps -o stat= -p "$1" 2>/dev/null || true)"
    [ -n "$status" ] && [ "${status:0:1}" != Z ]
}
# Whether any process `up` recorded in the folder $1 still runs.
alive() {
    [ -f "$1/pids" ] || return 1
    while read -r _ pid; do running "$pid" && return 0; done < "$1/pids"
    return 1
}

if [ "$mode" = down ]; then
    [ "$#" -eq 0 ] || { echo "$usage" >&2; exit 2; }
    if [ ! -f "$state/pids" ]; then
        say "no cluster is up (nothing in $state)"
        exit 0
    fi
    while read -r name pid; do
        kill "$pid" 2>/dev/null && say "stopping $name (pid $pid)"
    done < "$state/pids"
    # Given 5 s to stop, then killed.
    for _ in $(seq 1 50); do alive "$state" || break; sleep 0.1; done
    if alive "$state"; then
        while read -r _ pid; do kill -9 "$pid" 2>/dev/null || true; done < "$state/pids"
    fi
    rm -rf "$state"
    say "stopped"
    exit 0
fi
if [ "$mode" = up ] && alive "$state"; then
    say "a cluster is up already, its front at $(cat "$state/front" 2>/dev/null || echo '?'): run \`$0 down\` first"
    exit 1
fi

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
    roo_mcp="$repo/target/release/roo-mcp"
    if [ ! -x "$roo_mcp" ]; then
        say "building roo-mcp (release): the first build takes about 25 minutes on 2 cores; cargo shows how far it is"
    fi
    # Cargo's own progress, on standard error; quick when the binary is up to date.
    cargo build --release --manifest-path "$repo/Cargo.toml" -p roo-tools --bin roo-mcp >&2
fi

# --- What it starts, and stops -------------------------------------------------------------------
# `up` keeps its folder for `down`; the foreground modes use a temporary one, removed at the end.
if [ "$mode" = up ]; then
    rm -rf "$state"
    mkdir -p "$state"
    work="$state"
else
    work="$(mktemp -d)"
fi
chmod 700 "$work"
: > "$work/pids"
pids=()
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
started=false
# Until `up` has started everything, a failure stops what it started; after, what runs stays.
trap '$started || stop' EXIT
trap 'exit 130' INT TERM
# Starts a process in the background, in a session of its own for `up` (so that it outlives this
# script and the terminal's Ctrl-C), its output into the file $2, and records it as $1.
start() {
    local name="$1" log="$2"
    shift 2
    if [ "$mode" = up ]; then
        setsid "$@" < /dev/null > "$log" 2>&1 &
    else
        "$@" < /dev/null > "$log" 2>&1 &
    fi
    pids+=($!)
    echo "$name $!" >> "$work/pids"
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
secret() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }

# Redis: a random password, nothing on disk, loopback only. The password goes to redis-server in a
# file of its own (not on its command line, where `ps` shows it to every user).
redis_port="$(free_port)"
password="$(secret)"
printf 'bind 127.0.0.1\nport %s\nrequirepass %s\nsave ""\nappendonly no\ndir %s\n' \
    "$redis_port" "$password" "$work" > "$work/redis.conf"
start redis "$work/redis.log" "$redis_server" "$work/redis.conf"

# The replicas: one Redis, one key to sign requestState with, each on a free loopback port. The
# URL with the password reaches them through the environment.
export ROO_MCP_REDIS_URL="redis://:$password@127.0.0.1:$redis_port"
export ROO_MCP_STATE_KEY="$(secret)"
mkdir "$work/root"
sleep 0.3
servers=""
for index in $(seq 1 "$replicas"); do
    start "replica-$index" "$work/replica-$index.log" "$roo_mcp" "$work/root" --http 127.0.0.1:0
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
    say "replica $index at $url (pid ${pids[-1]})"
done
unset ROO_MCP_REDIS_URL ROO_MCP_STATE_KEY

# HAProxy: the checked-in configuration, the replicas appended to its last section.
{ cat "$repo/deploy/haproxy.cfg"; printf '%s' "$servers"; } > "$work/haproxy.cfg"
export TOOLC_FRONT="127.0.0.1:$front_port"
start haproxy "$work/haproxy.log" "$haproxy" -db -f "$work/haproxy.cfg"
unset TOOLC_FRONT
front="http://127.0.0.1:$front_port/mcp"
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$front_port/health" >/dev/null 2>&1 && break
    kill -0 "${pids[-1]}" 2>/dev/null || { say "haproxy did not start:"; cat "$work/haproxy.log" >&2; exit 1; }
    sleep 0.1
done
echo "$front"
say "front at $front (haproxy, pid ${pids[-1]})"

if [ "$mode" = up ]; then
    echo "$front" > "$work/front"
    started=true
    say "up with $replicas replicas; \`$0 down\` stops it"
    exit 0
fi
if [ "$mode" = check ]; then
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
say "serving at $front with $replicas replicas; Ctrl-C or SIGTERM stops everything"
wait "${pids[-1]}"
