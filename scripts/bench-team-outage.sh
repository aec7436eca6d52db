#!/usr/bin/env bash
# A team marking from the command line while the team store goes away and comes back
# (docs/PERFORMANCE.md "Team store after an outage"): PEOPLE people, each in a loop of
# CHANGES `replies handle` / `replies unhandle` of a reply of their own, against `outreach sim`
# and a private PostgreSQL cluster that is stopped for OUTAGE seconds AT seconds in.
# Reports the changes reported done, how many were queued (and how many of those were made
# after the store was back: each of those is a mark the team did not see when it could
# have), the history rows, duplicates and whether every final state is right. Exits 1 on a
# lost or doubled change, a wrong final state, or a change queued after the store was back.
#
# Usage: scripts/bench-team-outage.sh [--people N] [--changes N] [--outage SECONDS] [--at SECONDS]
# Starts its own clusters through .ci/with-postgres (or uses the outage cluster of the one
# it runs under). Uses the release binary when there is one (OUTREACH_BIN to choose).
# The result lands in target/bench-team-outage/result.txt.
set -euo pipefail

cd "$(dirname "$0")/.."
people=10 changes=100 outage=4 at=3
while [[ $# -gt 0 ]]; do
    case $1 in
        --people) people=$2; shift 2 ;;
        --changes) changes=$2; shift 2 ;;
        --outage) outage=$2; shift 2 ;;
        --at) at=$2; shift 2 ;;
        *) echo "usage: $0 [--people N] [--changes N] [--outage SECONDS] [--at SECONDS]" >&2; exit 2 ;;
    esac
done
if [[ -z ${OUTREACH_TEST_PG_OUTAGE:-} ]]; then
    exec bash .ci/with-postgres "$0" --people "$people" --changes "$changes" --outage "$outage" --at "$at"
fi
target=${CARGO_TARGET_DIR:-$PWD/target}
bin=${OUTREACH_BIN:-$target/release/outreach}
[[ -x $bin ]] || bin=$target/debug/outreach
[[ -x $bin ]] || { cargo build --bin outreach; bin=$target/debug/outreach; }
out=$PWD/target/bench-team-outage
mkdir -p "$out"
psql_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)/psql

scratch=$(mktemp -d)
chmod 755 "$scratch"
sim_pid=
cleanup() {
    if [[ -n $sim_pid ]]; then
        kill "$sim_pid" 2>/dev/null || true
        wait "$sim_pid" 2>/dev/null || true
    fi
    "$OUTREACH_TEST_PG_CTL" start >/dev/null 2>&1 || true
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
found=$(grep -o 'OUTREACH_BASE_URL=[^ ]* OUTREACH_API_KEY=[^ ]*' "$scratch/banner" | head -n 1)
base_url=${found#OUTREACH_BASE_URL=}; base_url=${base_url%% *}
key=${found##*OUTREACH_API_KEY=}

server=$OUTREACH_TEST_PG_OUTAGE
database="bench_outage_$$"
"$psql_bin" "$server" -q -c "CREATE DATABASE $database" >/dev/null
url="${server%/*}/$database"

# Each person has a home of their own: their config, their outbox, their marks.
as_person() {
    local who=$1; shift
    XDG_CONFIG_HOME=$scratch/$who/config XDG_STATE_HOME=$scratch/$who/state \
        OUTREACH_BASE_URL=$base_url OUTREACH_API_KEY=$key "$bin" "$@" </dev/null
}
members=()
for p in $(seq 1 "$people"); do
    mkdir -p "$scratch/p$p/config/outreach"
    printf '[profiles.default.team]\ndatabase = "%s"\nme = "p%s"\n' "$url" "$p" \
        >"$scratch/p$p/config/outreach/config.toml"
    members+=(--member "p$p")
done
as_person p1 team init "${members[@]}" >/dev/null
mapfile -t replies < <(as_person p1 replies -o json | jq '.[].id' | head -n "$people")
[[ ${#replies[@]} -eq $people ]] || { echo "fewer than $people replies in the inbox" >&2; exit 1; }

now_ms() { date +%s%3N; }
# One line per change: person, reply, what, exit code, made at (ms), queued (1/0).
mark_loop() {
    local p=$1 reply=$2 what started code queued err
    for i in $(seq 1 "$changes"); do
        if (( i % 2 )); then what=handle; else what=unhandle; fi
        started=$(now_ms)
        err=$(as_person "p$p" replies "$what" "$reply" 2>&1 >/dev/null) && code=0 || code=$?
        queued=0
        [[ $err == *"does not answer"* ]] && queued=1
        echo "p$p $reply $what $code $started $queued"
    done >"$scratch/changes.p$p"
}

began=$(now_ms)
pids=()
for p in $(seq 1 "$people"); do
    mark_loop "$p" "${replies[$((p - 1))]}" &
    pids+=($!)
done
sleep "$at"
"$OUTREACH_TEST_PG_CTL" stop >/dev/null
stopped=$(now_ms)
sleep "$outage"
"$OUTREACH_TEST_PG_CTL" start >/dev/null
back=$(now_ms)
for pid in "${pids[@]}"; do wait "$pid"; done
ended=$(now_ms)
# What still waits (queued by the last changes, if the store was away at the very end).
for p in $(seq 1 "$people"); do as_person "p$p" team status >/dev/null || true; done

cat "$scratch"/changes.p* >"$scratch/changes"
done_count=$(awk '$4 == 0' "$scratch/changes" | wc -l)
failed=$(awk '$4 != 0' "$scratch/changes" | wc -l)
queued=$(awk '$6 == 1' "$scratch/changes" | wc -l)
queued_after=$(awk -v back="$back" '$6 == 1 && $5 > back' "$scratch/changes" | wc -l)
query() { "$psql_bin" "$url" -At -c "$1"; }
history=$(query "SELECT count(*) FROM outreach.history")
doubled=$(query "SELECT count(*) FROM (SELECT who, exchange, made_at FROM outreach.history GROUP BY 1, 2, 3 HAVING count(*) > 1) d")
wrong=0
for p in $(seq 1 "$people"); do
    reply=${replies[$((p - 1))]}
    expected=unhandled
    (( changes % 2 )) && expected=handled
    by=$(query "SELECT coalesce(handled_by, '') FROM outreach.marks WHERE exchange = $reply")
    mine=$(awk -v who="p$p" '$1 == who && $4 == 0' "$scratch/changes" | wc -l)
    rows=$(query "SELECT count(*) FROM outreach.history WHERE exchange = $reply AND who = 'p$p'")
    if [[ $expected == handled && $by != "p$p" ]] || [[ $expected == unhandled && -n $by ]] || [[ $rows != "$mine" ]]; then
        wrong=$((wrong + 1))
        echo "p$p: reply $reply is '${by:-unhandled}', expected $expected; $rows history rows for $mine changes" >&2
    fi
done

{
    echo "bench-team-outage --people $people --changes $changes --outage $outage --at $at ($(date -u +%FT%TZ), $(git rev-parse --short HEAD), $bin, $(nproc) cores)"
    echo "store stopped $(( (stopped - began) )) ms in, back $(( (back - began) )) ms in, last change $(( (ended - began) )) ms in"
    echo "changes reported done: $done_count of $((people * changes)) (failed: $failed)"
    echo "queued while the store was away: $queued; queued after it was back: $queued_after"
    echo "history rows: $history; doubled: $doubled; people whose final state or history is wrong: $wrong"
} | tee "$out/result.txt"
[[ $failed -eq 0 && $doubled -eq 0 && $wrong -eq 0 && $queued_after -eq 0 && $history -eq $done_count ]]
