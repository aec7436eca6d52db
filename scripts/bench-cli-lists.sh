#!/usr/bin/env bash
# The CLI rows of docs/PERFORMANCE.md: `outreach contacts list` in each format
# side by side with `curl | jq length` and the bare transfer (`curl -o /dev/null`), in the
# same hyperfine run, against `outreach sim --seed 7 --scale N` for each N (N × 1000
# contacts); its first output byte (`| head -c 1`: the command stops at its next write);
# peak memory (GNU time, max RSS) of the command and of jq; `--version` against
# `jq --version`; the release binary's size.
#
# Usage: scripts/bench-cli-lists.sh [OUT_DIR]   (default target/bench-cli)
# SCALES="1 10 100 300 1000" (default) picks the list sizes; NO_BUILD=1 reuses
# target/release/outreach. Needs hyperfine, curl, jq, python3 and GNU time (/usr/bin/time).
set -euo pipefail

cd "$(dirname "$0")/.."
out=${1:-target/bench-cli}
mkdir -p "$out"
for tool in hyperfine curl jq python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "Missing $tool: install it (e.g. apt-get install hyperfine jq time curl python3)." >&2; exit 2; }
done
if [[ -z ${NO_BUILD:-} ]]; then
    cargo build --release --bin outreach
fi
bin=$PWD/target/release/outreach

# Private scratch space: the key header, the simulator's banner, an empty config home so no
# profile or keyring of the machine takes part.
scratch=$(mktemp -d)
sim_pid=
stop_sim() {
    if [[ -n $sim_pid ]]; then
        kill "$sim_pid" 2>/dev/null || true
        wait "$sim_pid" 2>/dev/null || true
    fi
    sim_pid=
}
trap 'stop_sim; rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME=$scratch/config XDG_STATE_HOME=$scratch/state

# Start-up: nothing but argument parsing should run before --version answers.
hyperfine -N --warmup 20 --runs 300 --export-markdown "$out/version.md" \
    -n 'jq --version' 'jq --version' -n 'outreach --version' "$bin --version"

size=$(stat -c %s "$bin")
echo "release binary: $bin $size bytes ($(awk "BEGIN{printf \"%.2f\", $size/1048576}") MiB)" | tee "$out/size.txt"

for scale in ${SCALES:-1 10 100 300 1000}; do
    "$bin" sim --addr 127.0.0.1:0 --seed 7 --scale "$scale" >"$scratch/banner" 2>/dev/null &
    sim_pid=$!
    # Generating a million contacts takes a while; the banner ends with "Ctrl-C" once serving.
    for _ in $(seq 1 3000); do
        grep -q 'Ctrl-C' "$scratch/banner" && break
        kill -0 "$sim_pid" 2>/dev/null || { echo "The simulator stopped:" >&2; cat "$scratch/banner" >&2; exit 1; }
        sleep 0.1
    done
    grep -q 'Ctrl-C' "$scratch/banner" || { echo "The simulator did not start within 300 s." >&2; exit 1; }
    line=$(grep -o 'OUTREACH_BASE_URL=[^ ]* OUTREACH_API_KEY=[^ ]*' "$scratch/banner" | head -1)
    base_url=${line#OUTREACH_BASE_URL=}; base_url=${base_url%% *}
    key=${line##*OUTREACH_API_KEY=}
    export OUTREACH_BASE_URL=$base_url OUTREACH_API_KEY=$key
    # curl reads the header from a file, so the key is in no process's argv.
    (umask 077; printf 'X-API-Key: %s\n' "$key" >"$scratch/key.header")
    url=$base_url/api/v1/contacts
    curl_jq="curl -s -H @$scratch/key.header $url | jq length"

    # Both sides must list the same contacts before their times mean anything.
    by_curl=$(bash -c "$curl_jq")
    by_cli=$("$bin" contacts list -o jsonl | wc -l)
    bytes=$(curl -s -H @"$scratch/key.header" "$url" | wc -c)
    echo "scale $scale: curl|jq $by_curl contacts, outreach -o jsonl $by_cli lines, $bytes bytes" | tee "$out/contacts-$scale.txt"
    [[ $by_curl == "$by_cli" ]] || { echo "The two counts differ." >&2; exit 1; }

    runs=10
    (( scale >= 300 )) && runs=5
    # `curl | jq` last: its 0.7 s of CPU a run, just before `contacts list`, slowed the runs
    # that followed it.
    hyperfine --warmup 2 --runs "$runs" --shell bash --export-markdown "$out/contacts-$scale.md" \
        -n 'curl -o /dev/null' "curl -s -H @$scratch/key.header -o /dev/null $url" \
        -n 'outreach contacts list -o json' "$bin contacts list -o json >/dev/null" \
        -n '… -o jsonl' "$bin contacts list -o jsonl >/dev/null" \
        -n '… -o csv' "$bin contacts list -o csv >/dev/null" \
        -n '… -o table' "$bin contacts list -o table >/dev/null" \
        -n '… -o json | head -c 1 (first byte)' "$bin contacts list -o json | head -c 1 >/dev/null" \
        -n 'curl | jq length' "$curl_jq" \
        | tee -a "$out/contacts-$scale.txt"

    # The budget's ratio, the two taken in turn: one after the other, a slow minute fell on
    # one side only.
    echo "scale $scale: taken in turn, $runs×3 rounds:" | tee -a "$out/contacts-$scale.txt"
    python3 scripts/alternate.py $((runs * 3)) \
        "transfer=curl -s -H @$scratch/key.header -o /dev/null $url" \
        "contacts list -o json=$bin contacts list -o json" \
        | tee -a "$out/contacts-$scale.txt"

    for format in json csv table; do
        rss=$(/usr/bin/time -f %M "$bin" contacts list -o "$format" 2>&1 >/dev/null | tail -1)
        echo "scale $scale: peak RSS, outreach contacts list -o $format: $((rss / 1024)) MiB ($rss KiB)" | tee -a "$out/contacts-$scale.txt"
    done
    curl -s -H @"$scratch/key.header" "$url" >"$scratch/list.json"
    rss=$(/usr/bin/time -f %M jq length "$scratch/list.json" 2>&1 >/dev/null | tail -1)
    rm -f "$scratch/list.json"
    echo "scale $scale: peak RSS, jq length: $((rss / 1024)) MiB ($rss KiB)" | tee -a "$out/contacts-$scale.txt"
    stop_sim
done
