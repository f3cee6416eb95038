#!/usr/bin/env bash
# Benchmark: end to end through a carrier, from REST accept to delivered status, against a test SMSC
# on npm's smpp package (tests/conformance/smsc/smsc.js, receipts 50 ms after each submit):
#   1. Ogene: wrk drives POST /api/client/sms/send for SECONDS; Ogene's SMPP upstream gateway sends
#      each message to the SMSC and applies its receipt; the clock stops when every accepted message
#      is delivered.
#   2. Kannel (Debian's kannel) bound to the same SMSC: wrk drives smsbox's /cgi-bin/sendsms with a
#      dlr-url for SECONDS; the clock stops when Kannel has called the dlr-url for every message.
# Prints messages per second for both and their ratio.
#   tests/bench/upstream-throughput.sh [sqlite|postgresql] [seconds] [connections] [window]
# OGENE_BENCH_LOGS=DIR keeps the appliance's, the SMSC's and Kannel's logs there.
set -euo pipefail
engine=${1:-sqlite} seconds=${2:-10} connections=${3:-64} window=${4:-200}
here=$(cd "$(dirname "$0")" && pwd)
command -v wrk >/dev/null || "$here/../../scripts/install-deps.sh" --with-tests
"$here/../conformance/smsc/install.sh" "$here/../../build" >/dev/null
smsc_dir="$here/../../build/test-smsc"
source "$here/bench-appliance.sh"

smsc_log="$work/smsc.log"
smsc_port=$(( 20000 + RANDOM % 10000 ))
node "$smsc_dir/smsc.js" --port "$smsc_port" --quiet 1 --stay 1 >"$smsc_log" 2>&1 &
smsc_pid=$!
kannel_pids=()
keep_logs() { [ -n "${OGENE_BENCH_LOGS:-}" ] && mkdir -p "$OGENE_BENCH_LOGS" && cp "$work"/*.log "$work"/*.out "$OGENE_BENCH_LOGS"/ 2>/dev/null; true; }
trap 'kill $smsc_pid "${kannel_pids[@]}" 2>/dev/null; keep_logs; cleanup' EXIT
for _ in $(seq 50); do grep -q listening "$smsc_log" && break; sleep 0.1; done

cat >"$work/gateways.json" <<JSON
{"gateways": [{"name": "carrier", "type": "smpp", "host": "127.0.0.1", "port": $smsc_port,
  "system_id": "ogene", "password": "secret", "window": $window, "submit_per_second": 1000000}]}
JSON
start_bench_appliance "$engine" OGENE_RATE_LIMIT_PER_MINUTE=100000000 OGENE_ANONYMOUS_RATE_LIMIT_PER_MINUTE=100000000 \
  OGENE_GATEWAYS_FILE="$work/gateways.json"
curl -sf -X PUT "$base/api/admin/routes" -H "Authorization: Bearer $admin" -d '{"default":["carrier"]}' >/dev/null
export OGENE_BENCH_KEY
OGENE_BENCH_KEY=$(curl -sf -X POST "$base/api/client/credentials/http/create" -H "Authorization: Bearer $client" \
  -d '{"name":"bench"}' | json api_key)
for _ in $(seq 100); do
  curl -sf "$base/api/admin/gateways" -H "Authorization: Bearer $admin" | grep -q '"state":"up"' && break; sleep 0.1
done

count_of() { curl -sf "$base/api/client/sms/messages?per_page=1&status=$1" -H "Authorization: Bearer $client" |
  sed -n 's/.*"total":\([0-9]*\).*/\1/p'; }
wait_until() { # COMMAND TARGET: polls until COMMAND prints TARGET or more, or stops moving for 15 s
  local last=-1 now still=0
  while now=$($1) && [ "$now" -lt "$2" ] && [ "$still" -lt 75 ]; do
    if [ "$now" = "$last" ]; then still=$(( still + 1 )); else still=0; last=$now; fi
    sleep 0.2
  done
}
accepted_of() { awk '/Non-2xx/ {bad=$5} /requests in/ {total=$1} END {print total - bad}'; }

start=$(date +%s.%N)
ogene_accepted=$(wrk -t2 -c"$connections" -d"${seconds}s" -s "$here/upstream-send.lua" "$base/api/client/sms/send" | accepted_of)
wait_until "count_of delivered" "$ogene_accepted"
ogene_delivered=$(count_of delivered)
ogene_elapsed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {print e - s}')
ogene_rate=$(awk -v n="$ogene_delivered" -v t="$ogene_elapsed" 'BEGIN {printf "%.0f", n / t}')
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; pid=""

# Kannel, bound to the same SMSC, with its own DLR counter.
dlr_port=$(( 30000 + RANDOM % 10000 ))
node "$here/dlr-counter.js" "$dlr_port" >"$work/dlr.log" 2>&1 &
kannel_pids+=($!)
admin_port=$(( 40000 + RANDOM % 5000 )); box_port=$(( admin_port + 1 )); sendsms_port=$(( admin_port + 2 ))
cat >"$work/kannel.conf" <<CONF
group = core
admin-port = $admin_port
admin-password = "bench"
admin-allow-ip = "127.0.0.1"
smsbox-port = $box_port
box-allow-ip = "127.0.0.1"
dlr-storage = internal
log-file = "$work/bearerbox.log"
log-level = 2

group = smsc
smsc = smpp
smsc-id = "bench"
host = "127.0.0.1"
port = $smsc_port
transceiver-mode = true
smsc-username = "ogene"
smsc-password = "secret"
system-type = ""
max-pending-submits = $window
throughput = 0
reconnect-delay = 1

group = smsbox
bearerbox-host = "127.0.0.1"
bearerbox-port = $box_port
sendsms-port = $sendsms_port
log-file = "$work/smsbox.log"
log-level = 2

group = sendsms-user
username = "bench"
password = "bench-pass"
max-messages = 1
CONF
/usr/sbin/bearerbox "$work/kannel.conf" >"$work/bearerbox.out" 2>&1 &
kannel_pids+=($!)
sleep 1
/usr/sbin/smsbox "$work/kannel.conf" >"$work/smsbox.out" 2>&1 &
kannel_pids+=($!)
for _ in $(seq 100); do curl -s "http://127.0.0.1:$sendsms_port/" >/dev/null && break; sleep 0.1; done
sleep 2 # the SMPP bind
dlr_count() { curl -sf "http://127.0.0.1:$dlr_port/count"; }

start=$(date +%s.%N)
kannel_accepted=$(KANNEL_USER=bench KANNEL_PASSWORD=bench-pass DLR_PORT=$dlr_port \
  wrk -t2 -c"$connections" -d"${seconds}s" -s "$here/sendsms.lua" "http://127.0.0.1:$sendsms_port" | accepted_of)
wait_until dlr_count "$kannel_accepted"
kannel_reports=$(dlr_count)
kannel_elapsed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {print e - s}')
kannel_rate=$(awk -v n="$kannel_reports" -v t="$kannel_elapsed" 'BEGIN {printf "%.0f", n / t}')

echo "engine:  $engine; $connections connections, ${seconds}s of sends, window $window, receipts 50 ms after each submit"
echo "Ogene:   $ogene_rate messages/s accepted to delivered ($ogene_delivered of $ogene_accepted delivered in ${ogene_elapsed%.*} s)"
echo "Kannel:  $kannel_rate messages/s sendsms to dlr-url ($kannel_reports reports for $kannel_accepted accepted in ${kannel_elapsed%.*} s)"
awk -v o="$ogene_rate" -v k="$kannel_rate" 'BEGIN {printf "ratio:   %.2f\n", (k > 0 ? o / k : 0)}'
