#!/usr/bin/env bash
# The dashboard on an agency's 25 organisations (`outreach --group clients` on `outreach sim
# --orgs 25`, set up by scripts/agency-setup.sh), in a 200x50 pseudo-terminal: the time until
# every organisation's line shows its numbers (target: 2 s), the keys' wait for their frame
# while they load (16 ms), its peak memory against the single organisations' dashboards;
# then a 26th organisation on a simulator that never answers joins the group (`with_far`):
# the 25 must not be slower. Runs scripts/measure-agency-tui.py; RUNS runs each (3).
#
# Usage: scripts/bench-agency-tui.sh [BINARY]   (default: a release build, built unless
# NO_BUILD=1). docs/PERFORMANCE.md has the figures.
set -euo pipefail

cd "$(dirname "$0")/.."
source scripts/agency-setup.sh "${1:-}"

answering=$(IFS=,; echo "${profiles[*]:0:$orgs}")
measure() { python3 scripts/measure-agency-tui.py "$bin" "$@" --runs "${RUNS:-3}"; }

measure clients "$answering" --singles
blackhole_far
measure with_far "$answering" --far "$far_profile"
