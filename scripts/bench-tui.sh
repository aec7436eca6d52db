#!/usr/bin/env bash
# The dashboard at scale (docs/PERFORMANCE.md "The dashboard at scale"): for each
# scale, one `outreach sim --seed 7 --scale N` (N thousand contacts) and, in the same run,
#  - the bare transfer (`curl -o /dev/null`) and `curl | jq length` (hyperfine),
#  - the client alone: fetch + decode (examples/fetch_contacts, hyperfine, and its peak RSS),
#  - the dashboard in a pseudo-terminal (scripts/measure-tui.py): press 6 -> all shown, the
#    longest key wait while loading, keystroke -> filtered frame, keys after the load, RSS;
#    press 6 also over the transfer timed just before each press (the budget's ratio).
#
# Usage: [TEAM_DATABASE=URL] scripts/bench-tui.sh [SCALE...]   (default: 1 10 100 300 1000)
# Needs hyperfine, curl, jq, python3 and GNU time. Uses target/release (build it first:
# cargo build --release --bin outreach --example fetch_contacts). Results land in
# target/bench-tui/scale-N.txt.
set -euo pipefail

cd "$(dirname "$0")/.."
out=target/bench-tui
mkdir -p "$out"
for tool in hyperfine curl jq python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "Missing $tool: install it (e.g. apt-get install hyperfine jq time curl)." >&2; exit 2; }
done
bin=$PWD/target/release/outreach
fetch=$PWD/target/release/examples/fetch_contacts
[[ -x $bin && -x $fetch ]] || { echo "Build first: cargo build --release --bin outreach --example fetch_contacts" >&2; exit 2; }
scales=("$@")
[[ ${#scales[@]} -gt 0 ]] || scales=(1 10 100 300 1000)

scratch=$(mktemp -d)
sim_pid=
stop_sim() {
    if [[ -n $sim_pid ]]; then
        kill "$sim_pid" 2>/dev/null || true
        wait "$sim_pid" 2>/dev/null || true
        sim_pid=
    fi
}
cleanup() {
    stop_sim
    rm -rf "$scratch"
}
trap cleanup EXIT
export XDG_CONFIG_HOME=$scratch/config XDG_STATE_HOME=$scratch/state
# TEAM_DATABASE=postgres://… : the same, with the profile's marks in that team store (the
# dashboard then reads the team's marks every second and listens for teammates' changes).
if [[ -n ${TEAM_DATABASE:-} ]]; then
    mkdir -p "$scratch/config/outreach"
    printf '[profiles.default.team]\ndatabase = "%s"\nme = "bench"\n' "$TEAM_DATABASE" \
        >"$scratch/config/outreach/config.toml"
fi

for scale in "${scales[@]}"; do
    count=$((scale * 1000))
    result=$out/scale-$scale.txt
    "$bin" sim --addr 127.0.0.1:0 --seed 7 --scale "$scale" --anchor 2025-03-14T15:09:26Z >"$scratch/banner" 2>/dev/null &
    sim_pid=$!
    for _ in $(seq 1 3000); do
        grep -q 'Ctrl-C' "$scratch/banner" && break
        kill -0 "$sim_pid" 2>/dev/null || { echo "The simulator stopped:" >&2; cat "$scratch/banner" >&2; exit 1; }
        sleep 0.1
    done
    grep -q 'Ctrl-C' "$scratch/banner" || { echo "The simulator did not start within 300 s." >&2; exit 1; }
    dashboard=$(grep -o 'OUTREACH_BASE_URL=[^ ]* OUTREACH_API_KEY=[^ ]*' "$scratch/banner")
    base_url=${dashboard#OUTREACH_BASE_URL=}; base_url=${base_url%% *}
    key=${dashboard##*OUTREACH_API_KEY=}
    export OUTREACH_BASE_URL=$base_url OUTREACH_API_KEY=$key
    if [[ -n ${TEAM_DATABASE:-} ]]; then
        "$bin" team init >/dev/null
    fi
    # curl reads the key from a file, so it is in no process's argv.
    (umask 077; printf 'X-API-Key: %s\n' "$key" >"$scratch/key.header")
    url=$base_url/api/v1/contacts
    transfer="curl -s -H @$scratch/key.header -o /dev/null $url"
    curl_jq="curl -s -H @$scratch/key.header $url | jq length"
    by_curl=$(bash -c "$curl_jq")
    by_client=$("$fetch")
    [[ $by_curl == "$by_client" && $by_client == "$count" ]] || { echo "Counts differ: curl|jq $by_curl, client $by_client, expected $count." >&2; exit 1; }
    bytes=$(bash -c "curl -s -H @$scratch/key.header $url | wc -c")
    runs=10; [[ $scale -ge 300 ]] && runs=3
    {
        echo "scale $scale: $count contacts, $bytes bytes of JSON ($(date -u +%FT%TZ), $(git rev-parse --short HEAD))"
        hyperfine --warmup 1 --runs "$runs" --shell bash --export-markdown "$scratch/h.md" \
            -n 'transfer (curl -o /dev/null)' "$transfer" \
            -n 'curl | jq length' "$curl_jq" \
            -n 'client fetch + decode (examples/fetch_contacts)' "$fetch" >/dev/null
        cat "$scratch/h.md"
        rss=$(/usr/bin/time -f %M "$fetch" 2>&1 >/dev/null | tail -1)
        echo "client peak RSS: $((rss / 1024)) MiB"
        TRANSFER=$transfer python3 scripts/measure-tui.py "$bin" "$count" "${TUI_RUNS:-3}"
    } | tee "$result"
    stop_sim
done
