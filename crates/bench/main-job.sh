#!/usr/bin/env bash
# The main job at a million events against its references, in one run (docs/benchmarks.md):
# the whole job (play, record, project, snapshot, verify, explain) against playing alone plus
# `floorbook rebuild`; its peak memory; the projections' size against the log's; `audit`
# (every decision re-derived) against `verify`. Usage: crates/bench/main-job.sh [PLAYERS]
set -euo pipefail
players=${1:-820}
cd "$(dirname "$0")/../.."
cargo build --release -q -p floorbook
bin=target/release/floorbook
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$dir-keys"' EXIT
args=(--profile deepstack --players "$players" --bots patient)
t() { /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1; }
read -r play _ < <(t "$bin" simulate "${args[@]}" --play-only)
read -r job rss < <(t "$bin" simulate "${args[@]}" --data "$dir" --json)
read -r rebuild _ < <(t "$bin" rebuild --data "$dir")
verify=() audit=()
for _ in 1 2 3; do
  read -r v _ < <(t "$bin" verify --data "$dir"); verify+=("$v")
  read -r a _ < <(t "$bin" audit --data "$dir"); audit+=("$a")
done
events=$("$bin" verify --data "$dir" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["chains"][0]["events"])' 2>/dev/null || echo "?")
log=$(stat -c %s "$dir"/chains/*.log)
db=$(stat -c %s "$dir/projections.sqlite")
python3 - "$events" "$play" "$job" "$rss" "$rebuild" "$log" "$db" "${verify[*]}" "${audit[*]}" <<'PY'
import sys
events, play, job, rss, rebuild, log, db = sys.argv[1:8]
verify = [float(x) for x in sys.argv[8].split()]
audit = [float(x) for x in sys.argv[9].split()]
play, job, rebuild = float(play), float(job), float(rebuild)
print(f"events {events}")
print(f"job {job:.2f} s; play {play:.2f} s + rebuild {rebuild:.2f} s = {play + rebuild:.2f} s; ratio {job / (play + rebuild):.2f} (goal <= 2)")
print(f"peak memory of the job {int(rss) / 1024:.0f} MiB (goal < 300)")
print(f"projections {int(db) / 2**20:.0f} MiB, log {int(log) / 2**20:.0f} MiB; ratio {int(db) / int(log):.2f} (goal <= 1)")
print(f"audit {audit} s, verify {verify} s; ratios {[round(a / v, 2) for a, v in zip(audit, verify)]} (goal <= 3)")
PY
