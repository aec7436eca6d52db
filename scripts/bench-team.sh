#!/usr/bin/env bash
# The team store under a team's load (docs/PERFORMANCE.md "Team store"): on one PostgreSQL
# database, 20 dashboards' listening connections and 10 command-line loops making 10,000
# marks between them (examples/bench_team.rs says how), against `outreach sim`. Reports marks
# lost (in the database and on every dashboard), commit -> every dashboard p50/p95/p99/max,
# and marks per second; exits 1 when a mark is lost or p99 is over 1 s.
#
# Usage: scripts/bench-team.sh [--marks N] [--dashboards N] [--loops N] [--sample N]
# Starts its own private PostgreSQL cluster through .ci/with-postgres (or uses the one in
# OUTREACH_TEST_PG when run under it). Builds the driver in the dev profile (our crate
# unoptimised, dependencies at opt-level 1: the driver's timings are the pessimistic side)
# and uses the release binary for the CLI sample when there is one (OUTREACH_BIN to choose).
# The result lands in target/bench-team/result.txt.
set -euo pipefail

cd "$(dirname "$0")/.."
if [[ -z ${OUTREACH_TEST_PG:-} ]]; then
    exec bash .ci/with-postgres "$0" "$@"
fi
target=${CARGO_TARGET_DIR:-$PWD/target}
cargo build --features bench-team --example bench-team
bin=${OUTREACH_BIN:-$target/release/outreach}
[[ -x $bin ]] || bin=$target/debug/outreach
[[ -x $bin ]] || cargo build --bin outreach
out=$PWD/target/bench-team
mkdir -p "$out"

scratch=$(mktemp -d)
sim_pid=
cleanup() {
    if [[ -n $sim_pid ]]; then
        kill "$sim_pid" 2>/dev/null || true
        wait "$sim_pid" 2>/dev/null || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT
XDG_CONFIG_HOME=$scratch/config XDG_STATE_HOME=$scratch/state \
    "$bin" sim --addr 127.0.0.1:0 --seed 7 --anchor 2025-03-14T15:09:26Z >"$scratch/banner" 2>/dev/null &
sim_pid=$!
for _ in $(seq 1 600); do
    grep -q 'Ctrl-C' "$scratch/banner" && break
    kill -0 "$sim_pid" 2>/dev/null || { echo "The simulator stopped:" >&2; cat "$scratch/banner" >&2; exit 1; }
    sleep 0.1
done
dashboard=$(grep -o 'OUTREACH_BASE_URL=[^ ]* OUTREACH_API_KEY=[^ ]*' "$scratch/banner")
base_url=${dashboard#OUTREACH_BASE_URL=}; base_url=${base_url%% *}
key=${dashboard##*OUTREACH_API_KEY=}

{
    echo "bench-team $* ($(date -u +%FT%TZ), $(git rev-parse --short HEAD), $bin, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
    OUTREACH_BENCH_PG=$OUTREACH_TEST_PG OUTREACH_BASE_URL=$base_url OUTREACH_API_KEY=$key \
        OUTREACH_BIN=$bin "$target/debug/examples/bench-team" "$@"
} | tee "$out/result.txt"
exit "${PIPESTATUS[0]}"
