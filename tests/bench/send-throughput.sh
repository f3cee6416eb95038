#!/usr/bin/env bash
# Benchmark: charged, durably committed sends per second through POST /api/client/sms/send over
# keep-alive connections, beside /api/health (the HTTP layer's ceiling) on the same server.
#   tests/bench/send-throughput.sh [sqlite|postgresql] [seconds] [connections]
# PostgreSQL needs OGENE_BENCH_POSTGRES_URL (postgresql://user@host:port/db of an empty database),
# or runs its own throw-away cluster when unset.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
engine=${1:-sqlite} seconds=${2:-10} connections=${3:-64}
bin="$root/build/bin/ogene-appliance"
[ -x "$bin" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }
command -v wrk >/dev/null || "$root/scripts/install-deps.sh" --with-tests

work=$(mktemp -d /tmp/ogene-bench.XXXXXX)
pg_dir=""
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [ -n "$pg_dir" ] && "$root/scripts/test-postgres.sh" stop "$pg_dir"
  rm -rf "$work"
}
trap cleanup EXIT

if [ "$engine" = postgresql ]; then
  if [ -z "${OGENE_BENCH_POSTGRES_URL:-}" ]; then
    pg_dir=$(mktemp -d /tmp/ogene-bench-pg.XXXXXX)
    server=$("$root/scripts/test-postgres.sh" start "$pg_dir")
    OGENE_BENCH_POSTGRES_URL="${server%/postgres}/postgres"
  fi
  database="$OGENE_BENCH_POSTGRES_URL"
else
  database="sqlite:$work/ogene.db"
fi

port=$(( 30000 + RANDOM % 20000 ))
OGENE_DATABASE="$database" OGENE_HTTP_LISTEN="127.0.0.1:$port" OGENE_DATA_DIR="$work" \
OGENE_ADMIN_EMAIL=admin@bench.test OGENE_ADMIN_PASSWORD=bench-admin-1 OGENE_LOG_LEVEL=warning \
OGENE_RATE_LIMIT_PER_MINUTE=100000000 OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE=100000000 \
OGENE_SIMULATOR_DELIVERY_DELAY_MS=1000 \
  "$bin" >"$work/appliance.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done

json() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }
admin=$(curl -sf -X POST "$base/api/auth/login" -d '{"email":"admin@bench.test","password":"bench-admin-1"}' | json token)
auth=(-H "Authorization: Bearer $admin")
user=$(curl -sf -X POST "$base/api/admin/users" "${auth[@]}" \
  -d '{"name":"Bench","email":"bench@bench.test","password":"bench-client-1","currency":"NGN"}' | json id)
curl -sf -X POST "$base/api/admin/users/$user/wallet/credit" "${auth[@]}" -d '{"amount":"90000000.00"}' >/dev/null
client=$(curl -sf -X POST "$base/api/auth/login" -d '{"email":"bench@bench.test","password":"bench-client-1"}' | json token)
sender=$(curl -sf -X POST "$base/api/client/sender-id/request" -H "Authorization: Bearer $client" -d '{"sender_name":"Bench"}' | json id)
curl -sf -X POST "$base/api/admin/sender-ids/$sender/approve" "${auth[@]}" >/dev/null
export OGENE_BENCH_KEY
OGENE_BENCH_KEY=$(curl -sf -X POST "$base/api/client/credentials/http/create" -H "Authorization: Bearer $client" \
  -d '{"name":"bench"}' | json api_key)

run_wrk() { wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@"; }
figures() { # requests/s, p50, p99, non-2xx count, total requests from wrk's report
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$5}
       /requests in/ {total=$1} END {printf "%s %s %s %s %s\n", rps, p50, p99, bad+0, total}'
}

read -r send_rps send_p50 send_p99 send_bad send_total < <(run_wrk -s "$root/tests/bench/send.lua" "$base/api/client/sms/send" | figures)
read -r health_rps health_p50 health_p99 _ _ < <(run_wrk "$base/api/health" | figures)
accepted=$(( send_total - send_bad ))
stored=$(curl -sf "$base/api/client/sms/messages?per_page=1" -H "Authorization: Bearer $client" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
accepted_rps=$(awk -v a="$accepted" -v s="$seconds" 'BEGIN {printf "%.0f", a / s}')

echo "engine:              $engine ($connections keep-alive connections, ${seconds}s each, wrk -t2)"
echo "send:                $accepted_rps accepted sends/s (${send_rps} responses/s), p50 $send_p50, p99 $send_p99, refused $send_bad"
echo "messages stored:     $stored of $accepted accepted"
echo "health (ceiling):    $health_rps requests/s, p50 $health_p50, p99 $health_p99"
awk -v s="$accepted_rps" -v h="$health_rps" 'BEGIN {printf "send / health:       %.2f\n", s / h}'
