#!/usr/bin/env bash
# Benchmark: charged, durably committed sends per second through POST /api/client/sms/send over
# keep-alive connections, beside /api/health (the HTTP layer's ceiling) on the same server.
#   tests/bench/send-throughput.sh [sqlite|postgresql] [seconds] [connections]
# PostgreSQL needs OGENE_BENCH_POSTGRES_URL (postgresql://user@host:port/db of an empty database),
# or runs its own throw-away cluster when unset.
set -euo pipefail
engine=${1:-sqlite} seconds=${2:-10} connections=${3:-64}
command -v wrk >/dev/null || "$(dirname "$0")/../../scripts/install-deps.sh" --with-tests
source "$(dirname "$0")/bench-appliance.sh"
start_bench_appliance "$engine" OGENE_RATE_LIMIT_PER_MINUTE=100000000 OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE=100000000
export OGENE_BENCH_KEY
OGENE_BENCH_KEY=$(curl -sf -X POST "$base/api/client/credentials/http/create" -H "Authorization: Bearer $client" \
  -d '{"name":"bench"}' | json api_key)

run_wrk() { wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@"; }
figures() { # requests/s, p50, p99, non-2xx count, total requests from wrk's report
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$5}
       /requests in/ {total=$1} END {printf "%s %s %s %s %s\n", rps, p50, p99, bad+0, total}'
}

thread_cpu_snapshot "$work/cpu-before"
read -r send_rps send_p50 send_p99 send_bad send_total < <(run_wrk -s "$root/tests/bench/send.lua" "$base/api/client/sms/send" | figures)
thread_cpu_snapshot "$work/cpu-after"
read -r health_rps health_p50 health_p99 _ _ < <(run_wrk "$base/api/health" | figures)
accepted=$(( send_total - send_bad ))
stored=$(stored_messages)
accepted_rps=$(awk -v a="$accepted" -v s="$seconds" 'BEGIN {printf "%.0f", a / s}')

echo "engine:              $engine ($connections keep-alive connections, ${seconds}s each, wrk -t2)"
echo "send:                $accepted_rps accepted sends/s (${send_rps} responses/s), p50 $send_p50, p99 $send_p99, refused $send_bad"
echo "messages stored:     $stored of $accepted accepted"
echo "health (ceiling):    $health_rps requests/s, p50 $health_p50, p99 $health_p99"
awk -v s="$accepted_rps" -v h="$health_rps" 'BEGIN {printf "send / health:       %.2f\n", s / h}'
echo "appliance threads during the sends (CPU per accepted send):"
thread_cpu_report "$work/cpu-before" "$work/cpu-after" "$accepted" send
