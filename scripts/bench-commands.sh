#!/usr/bin/env bash
# Whole-command timings for the performance budget (docs/PERFORMANCE.md has it and the results):
#  - fetch + parse 100k contacts: `curl -s …/api/v1/contacts | jq length` against the client
#    (examples/fetch_contacts), both against one `outreach sim --scale 100`;
#  - `outreach --version` start-up;
#  - `outreach status`; `outreach contacts list` in every format (scripts/bench-cli-lists.sh);
#  - peak memory (max RSS) of the client holding 100k contacts; release binary size;
#  - the dashboard in a pseudo-terminal (scripts/measure-tui.py): launch to first frame,
#    100k contacts shown, bytes when idle and per selection move, its peak memory.
#
# Usage: scripts/bench-commands.sh [OUT_DIR]   (default target/bench-commands)
# Needs hyperfine, curl, jq, python3 and GNU time (/usr/bin/time). Set NO_BUILD=1 to reuse the
# release build already in target/release.
set -euo pipefail

cd "$(dirname "$0")/.."
out=${1:-target/bench-commands}
mkdir -p "$out"
for tool in hyperfine curl jq python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "Missing $tool: install it (e.g. apt-get install hyperfine jq time curl)." >&2; exit 2; }
done

if [[ -z ${NO_BUILD:-} ]]; then
    cargo build --release --bin outreach --example fetch_contacts
fi
bin=$PWD/target/release/outreach
fetch=$PWD/target/release/examples/fetch_contacts

# Private scratch space: the key file, the simulator's banner, an empty config home so no
# profile or keyring of the machine takes part.
scratch=$(mktemp -d)
sim_pid=
cleanup() {
    [[ -n $sim_pid ]] && kill "$sim_pid" 2>/dev/null && wait "$sim_pid" 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT
export XDG_CONFIG_HOME=$scratch/config XDG_STATE_HOME=$scratch/state

"$bin" sim --addr 127.0.0.1:0 --scale 100 --anchor 2025-03-14T15:09:26Z >"$scratch/banner" 2>/dev/null &
sim_pid=$!
# Generating 100k contacts takes a few seconds; the banner ends with "Ctrl-C" once serving.
for _ in $(seq 1 600); do
    grep -q 'Ctrl-C' "$scratch/banner" && break
    kill -0 "$sim_pid" 2>/dev/null || { echo "The simulator stopped:" >&2; cat "$scratch/banner" >&2; exit 1; }
    sleep 0.1
done
grep -q 'Ctrl-C' "$scratch/banner" || { echo "The simulator did not start within 60 s." >&2; exit 1; }
dashboard=$(grep -o 'OUTREACH_BASE_URL=[^ ]* OUTREACH_API_KEY=[^ ]*' "$scratch/banner")
base_url=${dashboard#OUTREACH_BASE_URL=}; base_url=${base_url%% *}
key=${dashboard##*OUTREACH_API_KEY=}
export OUTREACH_BASE_URL=$base_url OUTREACH_API_KEY=$key
# curl reads the header from a file, so the key is in no process's argv.
(umask 077; printf 'X-API-Key: %s\n' "$key" >"$scratch/key.header")
curl_jq="curl -s -H @$scratch/key.header $base_url/api/v1/contacts | jq length"

# Both sides must see the same 100k contacts before their times mean anything.
by_curl=$(bash -c "$curl_jq")
by_client=$("$fetch")
echo "contacts: curl|jq $by_curl, client $by_client"
[[ $by_curl == "$by_client" && $by_client -ge 100000 ]] || { echo "The two counts differ." >&2; exit 1; }

hyperfine --warmup 3 --runs 20 --shell bash --export-markdown "$out/fetch-contacts.md" \
    -n 'curl | jq length' "$curl_jq" \
    -n 'client (examples/fetch_contacts)' "$fetch"

hyperfine -N --warmup 10 --runs 200 --export-markdown "$out/version.md" "$bin --version"

# The CLI rows (contacts list in every format beside curl|jq and curl -o /dev/null, at
# 100k contacts here; every size with SCALES): their own script, with its own simulator.
hyperfine --warmup 2 --runs 10 --export-markdown "$out/cli.md" -n 'outreach status' "$bin status >/dev/null"
SCALES=${SCALES:-100} NO_BUILD=1 scripts/bench-cli-lists.sh "$out/cli"

python3 scripts/measure-tui.py "$bin" 100000 "${TUI_RUNS:-5}" | tee "$out/tui.txt"

fetch_rss=$(/usr/bin/time -f %M "$fetch" 2>&1 >/dev/null | tail -1)
echo "peak RSS, client with 100k contacts (examples/fetch_contacts): $((fetch_rss / 1024)) MiB ($fetch_rss KiB)"
size=$(stat -c %s "$bin")
echo "release binary: $bin $((size / 1024)) KiB ($(awk "BEGIN{printf \"%.2f\", $size/1048576}") MiB)"
