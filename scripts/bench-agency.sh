#!/usr/bin/env bash
# An agency's 25 organisations at once: `outreach sim --orgs 25` serves them, each profile's
# key goes into the kernel keyutils store as `outreach auth login` puts it there, a config
# names them a group, and `status --group` is timed twice (the second reuses each
# profile's remembered chain facts: the target is within 1 s). Then a 26th organisation on
# a simulator that never answers (`blackhole`) joins the group: the 25 still print, the
# blackholed one is named once its timeout ([net] timeout_seconds, 5 s here) passes.
#
# Usage: scripts/bench-agency.sh [BINARY]   (default: a release build, built unless
# NO_BUILD=1). docs/PERFORMANCE.md has the figures.
set -euo pipefail

cd "$(dirname "$0")/.."
bin=${1:-}
if [[ -z $bin ]]; then
    [[ -n ${NO_BUILD:-} ]] || cargo build --release --bin outreach
    bin=$PWD/target/release/outreach
fi
bin=$(realpath "$bin")
orgs=25

scratch=$(mktemp -d)
profiles=()
sims=()
cleanup() {
    for profile in "${profiles[@]}"; do
        "$bin" --profile "$profile" auth logout >/dev/null 2>&1 || true
    done
    for pid in "${sims[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT
export XDG_STATE_HOME=$scratch/state XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data HOME=$scratch
unset OUTREACH_PROFILE OUTREACH_API_KEY OUTREACH_BASE_URL

# Starts a simulator with "$@"; its banner goes to the file named first.
start_sim() {
    local banner=$1
    shift
    "$bin" sim --addr 127.0.0.1:0 "$@" >"$banner" 2>&1 &
    sims+=("$!")
    for _ in $(seq 200); do
        grep -q '^Outreach API simulator on' "$banner" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "the simulator did not start:" >&2
    cat "$banner" >&2
    return 1
}
url_of() { grep -o 'http://127\.0\.0\.1:[0-9]*' "$1" | head -1; }

start_sim "$scratch/sim.txt" --orgs "$orgs"
start_sim "$scratch/far.txt"
url=$(url_of "$scratch/sim.txt")
far=$(url_of "$scratch/far.txt")

# The banner's table: name, admin key, read-only key; one line per organisation.
login() {
    local profile=$1 key=$2 base=$3
    printf '%s\n' "$key" | "$bin" --profile "$profile" auth login --key-stdin --store keyutils --base-url "$base" >/dev/null 2>&1
    profiles+=("$profile")
}
n=0
while read -r _ key _; do
    n=$((n + 1))
    login "$(printf 'bench-%s-%02d' $$ "$n")" "$key" "$url"
done < <(grep -E '^[A-Za-z0-9]+ +sim_admin_' "$scratch/sim.txt")
far_profile="bench-$$-far"
login "$far_profile" "$(grep -Eo 'sim_admin_[a-z0-9_]+' "$scratch/far.txt" | head -1)" "$far"
far_key=$(grep -Eo 'sim_admin_[a-z0-9_]+' "$scratch/far.txt" | head -1)

clients=$(printf '"%s", ' "${profiles[@]:0:$orgs}")
{
    echo
    echo "[net]"
    echo "timeout_seconds = 5"
    echo
    echo "[groups]"
    echo "clients = [${clients%, }]"
    echo "with_far = [${clients}\"$far_profile\"]"
} >>"$XDG_CONFIG_HOME/outreach/config.toml"
echo "$orgs organisations logged in, each with its own key (kernel keyutils store)."

# Milliseconds a command takes; its output in $scratch/out, its exit code in $scratch/code.
timed() {
    local start end
    start=$(date +%s%N)
    set +e
    "$@" >"$scratch/out" 2>"$scratch/err"
    echo $? >"$scratch/code"
    set -e
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}
code() { cat "$scratch/code"; }

first=$(timed "$bin" status --group clients)
rows=$(($(wc -l <"$scratch/out") - 1))
echo "status --group clients, first look:  ${first} ms, exit $(code), $rows organisations"
second=$(timed "$bin" status --group clients)
echo "status --group clients, again:       ${second} ms, exit $(code) (target: within 1000 ms)"
third=$(timed "$bin" status --group clients)
echo "status --group clients, a third time: ${third} ms, exit $(code)"
(( third < second )) && second=$third
head -4 "$scratch/out"

curl -fsS -X POST -H "X-API-Key: $far_key" -H 'Content-Type: application/json' \
    -d '{"spec": "blackhole"}' "$far/_sim/faults" >/dev/null
held=$(timed "$bin" status --group with_far)
rows=$(($(wc -l <"$scratch/out") - 1))
echo "with one organisation blackholed:    ${held} ms, exit $(code), $rows organisations printed"
grep -F "$far_profile" "$scratch/err" || true
tail -2 "$scratch/out"
replies=$(timed "$bin" replies --group with_far -o json)
echo "replies --group with_far:            ${replies} ms, exit $(code), $(jq length "$scratch/out") replies of $(jq -r '[.[].org] | unique | length' "$scratch/out") organisations (Vandelay has none)"
grep -v "^warning" "$scratch/err" || true
(( second <= 1000 )) || { echo "status --group took longer than 1 s on the second look" >&2; exit 1; }
