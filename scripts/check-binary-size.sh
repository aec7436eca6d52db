#!/usr/bin/env bash
# The release binary's size against its budget (≤ 11 MiB with the team store, 11,534,336
# bytes: docs/PERFORMANCE.md): exits 1 over it, saying by how much. It also says how it
# stands against a line 334 KB below (11,200,000 bytes): under it there is room for the next
# features; over it, a warning only.
#
# Usage: scripts/check-binary-size.sh [BINARY]   (default: a release build, built unless
# NO_BUILD=1). Where the bytes go: `CARGO_PROFILE_RELEASE_STRIP=false cargo bloat --release
# --bin outreach --crates` (docs/PERFORMANCE.md, *The binary's size*).
set -euo pipefail

cd "$(dirname "$0")/.."
bin=${1:-}
if [[ -z $bin ]]; then
    [[ -n ${NO_BUILD:-} ]] || cargo build --release --bin outreach
    bin=${CARGO_TARGET_DIR:-$PWD/target}/release/outreach
fi

bytes=$(stat -c %s "$bin")
status=0
for limit in 11534336:budget 11200000:margin; do
    most=${limit%%:*} name=${limit##*:}
    if (( bytes > most )); then
        echo "$bin: $bytes bytes, over the $name of $most by $(( bytes - most ))" >&2
        [[ $name == margin ]] || status=1
    else
        echo "$bin: $bytes bytes, within the $name of $most by $(( most - bytes ))"
    fi
done
exit $status
