#!/usr/bin/env bash
# Benchmark: one bulk campaign of N manual recipients (a million by default). Prints how long the
# create call took (the body parsed, every number normalised, deduplicated and priced, the whole
# cost debited and the campaign written), how fast the worker turned recipients into queued
# messages, how long until the simulator had taken them all, and the appliance's memory: resident
# after the create answered, and at its peak (VmHWM), so a run with fewer recipients shows whether
# expansion holds memory flat.
#   tests/bench/campaign-throughput.sh [sqlite|postgresql] [recipients]
set -euo pipefail
engine=${1:-sqlite} recipients=${2:-1000000}
source "$(dirname "$0")/bench-appliance.sh"
start_bench_appliance "$engine" OGENE_RATE_LIMIT_PER_MINUTE=100000000

body="$work/campaign.json"
awk -v n="$recipients" 'BEGIN {
  printf "{\"name\":\"Bench\",\"sender_id\":\"Bench\",\"message_text\":\"Bench campaign\",\"recipient_type\":\"manual\",\"phone_numbers\":["
  for (i = 0; i < n; i++) printf "%s\"+23480%08d\"", (i ? "," : ""), i
  print "]}" }' >"$body"
memory() { awk -v key="$1" '$1 == key":" {print int($2 / 1024) " MiB"}' "/proc/$pid/status"; }
campaign_field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"; }

rss_before=$(memory VmRSS)
created=$(curl -sf -o "$work/created.json" -w '%{time_total}' -X POST "$base/api/client/bulk-sms" \
  -H "Authorization: Bearer $client" -H 'Content-Type: application/json' --data-binary @"$body")
start=$(date +%s.%N)
rss_created=$(memory VmRSS)
id=$(campaign_field id <"$work/created.json" | head -1)
total=$(campaign_field total_recipients <"$work/created.json")
[ "$total" = "$recipients" ] || { echo "created $total recipients of $recipients" >&2; cat "$work/created.json" | head -c 500 >&2; exit 1; }

expanded_at="" dispatched_at=""
while [ -z "$dispatched_at" ]; do
  record=$(curl -sf "$base/api/client/bulk-sms/$id" -H "Authorization: Bearer $client")
  pending=$(campaign_field pending <<<"$record") sent=$(campaign_field sent <<<"$record") failed=$(campaign_field failed <<<"$record")
  now=$(date +%s.%N)
  if [ -z "$expanded_at" ] && [ $(( pending + sent + failed )) -ge "$recipients" ]; then expanded_at=$now; fi
  if [ "$sent" -ge "$recipients" ]; then dispatched_at=$now; fi
  sleep 0.5 # each look counts a million rows on the store thread: not too often
done
balance=$(curl -sf "$base/api/client/balance" -H "Authorization: Bearer $client" | campaign_field balance)

echo "engine:                 $engine, $recipients manual recipients ($(( $(stat -c %s "$body") / 1048576 )) MiB body)"
echo "create call:            ${created}s (parsed, normalised, deduplicated, priced, debited once, written)"
awk -v n="$recipients" -v s="$start" -v e="$expanded_at" -v c="$created" 'BEGIN {
  printf "expanded and charged:   %.0f recipients/s (all %d queued as messages %.1fs after the create answered; %.0f/s counting the create)\n", n / (e - s), n, e - s, n / (e - s + c) }'
awk -v s="$start" -v d="$dispatched_at" 'BEGIN { printf "all dispatched:         %.1fs after the create answered (simulator gateway)\n", d - s }'
echo "appliance memory:       $rss_before before, $rss_created after the create, peak $(memory VmHWM), now $(memory VmRSS)"
echo "wallet after:           $balance (credited 90000000.00; 4.00 per recipient)"
