# Sourced by the agency benchmarks (scripts/bench-agency.sh, scripts/bench-agency-tui.sh):
# `outreach sim --orgs $orgs` (25 unless set) and a second simulator that will never answer
# (`blackhole_far`), a fresh home whose config names them (`[groups] clients`: the 25;
# `with_far`: the 25 and the far one), each profile's key in the kernel keyutils store as
# `outreach auth login` puts it there; all of it taken away at exit.
#
# Usage: source scripts/agency-setup.sh [BINARY]   (default: a release build, built unless
# NO_BUILD=1). Sets bin, scratch, url, far, far_key, far_profile and profiles.

bin=${1:-}
if [[ -z $bin ]]; then
    [[ -n ${NO_BUILD:-} ]] || cargo build --release --bin outreach
    bin=$PWD/target/release/outreach
fi
bin=$(realpath "$bin")
orgs=${orgs:-25}

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

# The far simulator stops answering: every request it gets hangs.
blackhole_far() {
    curl -fsS -X POST -H "X-API-Key: $far_key" -H 'Content-Type: application/json' \
        -d '{"spec": "blackhole"}' "$far/_sim/faults" >/dev/null
}
