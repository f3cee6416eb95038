#!/usr/bin/env bash
# Benchmark: accepted submit_sm per second (each answered after its message is committed and
# charged) and delivery receipts per second, from a windowed SMPP client over 1 bind and over
# 4 binds, the per-connection limit raised for the run.
#   tests/bench/smpp-throughput.sh [sqlite|postgresql] [seconds] [window]
# PostgreSQL needs OGENE_BENCH_POSTGRES_URL, or runs its own throw-away cluster when unset.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
engine=${1:-sqlite} seconds=${2:-10} window=${3:-100}
bin="$root/build/bin/ogene-appliance" bench="$root/build/bin/ogene-smpp-bench"
[ -x "$bin" ] && [ -x "$bench" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }

work=$(mktemp -d /tmp/ogene-smpp-bench.XXXXXX)
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
    OGENE_BENCH_POSTGRES_URL=$("$root/scripts/test-postgres.sh" start "$pg_dir")
  fi
  database="$OGENE_BENCH_POSTGRES_URL"
else
  database="sqlite:$work/ogene.db"
fi

port=$(( 30000 + RANDOM % 20000 )) smpp_port=$(( 30000 + RANDOM % 20000 ))
OGENE_DATABASE="$database" OGENE_HTTP_LISTEN="127.0.0.1:$port" OGENE_SMPP_LISTEN="127.0.0.1:$smpp_port" \
OGENE_DATA_DIR="$work" OGENE_ADMIN_EMAIL=admin@bench.test OGENE_ADMIN_PASSWORD=bench-admin-1 OGENE_LOG_LEVEL=warning \
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
curl -sf -X POST "$base/api/admin/users/$user/smpp-access" "${auth[@]}" -d '{"approved":true,"submit_per_second":1000000}' >/dev/null
client=$(curl -sf -X POST "$base/api/auth/login" -d '{"email":"bench@bench.test","password":"bench-client-1"}' | json token)
sender=$(curl -sf -X POST "$base/api/client/sender-id/request" -H "Authorization: Bearer $client" -d '{"sender_name":"Bench"}' | json id)
curl -sf -X POST "$base/api/admin/sender-ids/$sender/approve" "${auth[@]}" >/dev/null
credential=$(curl -sf -X POST "$base/api/client/credentials/smpp/generate" -H "Authorization: Bearer $client")
system_id=$(echo "$credential" | json smpp_username) password=$(echo "$credential" | json smpp_password)

echo "engine: $engine, window $window per bind, ${seconds}s per run"
"$bench" "$smpp_port" "$system_id" "$password" Bench 1 "$window" "$seconds"
"$bench" "$smpp_port" "$system_id" "$password" Bench 4 "$window" "$seconds"
stored=$(curl -sf "$base/api/client/sms/messages?per_page=1" -H "Authorization: Bearer $client" | sed -n 's/.*"total":\([0-9]*\).*/\1/p')
echo "messages stored: $stored"
