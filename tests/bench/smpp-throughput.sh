#!/usr/bin/env bash
# Benchmark: accepted submit_sm per second (each answered after its message is committed and
# charged) and delivery receipts per second, from a windowed SMPP client over 1 bind and over
# 4 binds, the per-connection limit raised for the run.
#   tests/bench/smpp-throughput.sh [sqlite|postgresql] [seconds] [window]
# PostgreSQL needs OGENE_BENCH_POSTGRES_URL, or runs its own throw-away cluster when unset.
set -euo pipefail
engine=${1:-sqlite} seconds=${2:-10} window=${3:-100}
source "$(dirname "$0")/bench-appliance.sh"
bench="$root/build/bin/ogene-smpp-bench"
[ -x "$bench" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }
smpp_port=$(( 30000 + RANDOM % 20000 ))
start_bench_appliance "$engine" OGENE_SMPP_LISTEN="127.0.0.1:$smpp_port"
curl -sf -X POST "$base/api/admin/users/$user/smpp-access" "${auth[@]}" -d '{"approved":true,"submit_per_second":1000000}' >/dev/null
credential=$(curl -sf -X POST "$base/api/client/credentials/smpp/generate" -H "Authorization: Bearer $client")
system_id=$(echo "$credential" | json smpp_username) password=$(echo "$credential" | json smpp_password)

echo "engine: $engine, window $window per bind, ${seconds}s per run"
"$bench" "$smpp_port" "$system_id" "$password" Bench 1 "$window" "$seconds"
before=$(stored_messages)
thread_cpu_snapshot "$work/cpu-before"
"$bench" "$smpp_port" "$system_id" "$password" Bench 4 "$window" "$seconds"
thread_cpu_snapshot "$work/cpu-after"
echo "appliance threads during the 4-bind run (CPU per message stored, receipts included):"
thread_cpu_report "$work/cpu-before" "$work/cpu-after" $(( $(stored_messages) - before )) message
echo "messages stored: $(stored_messages)"
