#!/usr/bin/env bash
# The status line's segment: `outreach status --format tmux` printed from the last glance,
# which must take ≤ 5 ms (tmux runs it every few seconds) and must not touch the network.
# A glance is written into a private state directory; then the command is timed with
# hyperfine (or, without it, a loop of 100 runs), and, when strace is installed, its system
# calls are checked for any socket.
#
# Usage: scripts/bench-status-line.sh [BINARY]   (default: a release build, built unless
# NO_BUILD=1). docs/PERFORMANCE.md has the figures.
set -euo pipefail

cd "$(dirname "$0")/.."
bin=${1:-}
if [[ -z $bin ]]; then
    [[ -n ${NO_BUILD:-} ]] || cargo build --release --bin outreach
    bin=$PWD/target/release/outreach
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_STATE_HOME=$scratch/state XDG_CONFIG_HOME=$scratch/config HOME=$scratch
unset OUTREACH_PROFILE OUTREACH_API_KEY OUTREACH_BASE_URL
mkdir -p "$XDG_STATE_HOME/outreach" "$XDG_CONFIG_HOME"
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
cat > "$XDG_STATE_HOME/outreach/glance-default.json" <<JSON
{"profile":"default","taken_at":"$now","every_seconds":60,"new":3,"hot_waiting":2,
 "oldest_hot_since":"$now","needs_you":1,"due":0}
JSON

echo "segment: $("$bin" status --format tmux)"
if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 20 --runs 500 "$bin status --format tmux" "$bin --version"
else
    start=$(date +%s%N)
    for _ in $(seq 100); do "$bin" status --format tmux >/dev/null; done
    end=$(date +%s%N)
    echo "100 runs: $(( (end - start) / 100000 )) µs each on average"
fi
if command -v strace >/dev/null; then
    # No network, no keyring (a D-Bus socket or the kernel's key calls), no state database.
    trace=$(strace -f -e trace=socket,connect,keyctl,request_key,add_key,openat "$bin" status --format tmux 2>&1 >/dev/null)
    calls=$(grep -c -E '^(\[pid +[0-9]+\] )?(socket|connect|keyctl|request_key|add_key)\(|state\.sqlite3' <<<"$trace" || true)
    echo "socket, key or state-database calls: $calls (must be 0)"
    [[ $calls == 0 ]]
fi
