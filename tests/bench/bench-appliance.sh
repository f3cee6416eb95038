# Sourced by the benchmark scripts: starts an appliance on the engine asked for (a throw-away
# PostgreSQL cluster when OGENE_BENCH_POSTGRES_URL is unset) and sets up a client account with a
# full wallet and an approved sender ID "Bench". Afterwards: $base, $admin, $user, $client.
# Extra OGENE_* settings for the appliance come in as arguments (NAME=value).
# OGENE_BENCH_TLS=1: the REST API over HTTPS only (a self-signed certificate made here), to compare.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bin="$root/build/bin/ogene-appliance"
[ -x "$bin" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }

work=$(mktemp -d /tmp/ogene-bench.XXXXXX)
pg_dir=""
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [ -n "$pg_dir" ] && "$root/scripts/test-postgres.sh" stop "$pg_dir"
  rm -rf "$work"
}
trap cleanup EXIT

json() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }

start_bench_appliance() { # ENGINE [NAME=value ...]
  local engine=$1 database
  shift
  if [ "$engine" = postgresql ]; then
    if [ -z "${OGENE_BENCH_POSTGRES_URL:-}" ]; then
      pg_dir=$(mktemp -d /tmp/ogene-bench-pg.XXXXXX)
      OGENE_BENCH_POSTGRES_URL=$("$root/scripts/test-postgres.sh" start "$pg_dir")
    fi
    database="$OGENE_BENCH_POSTGRES_URL"
  else
    database="sqlite:$work/ogene.db"
  fi
  port=$(( 30000 + RANDOM % 20000 ))
  local listen=(OGENE_HTTP_LISTEN="127.0.0.1:$port")
  base="http://127.0.0.1:$port"
  if [ "${OGENE_BENCH_TLS:-}" = 1 ]; then
    openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
      -keyout "$work/tls-key.pem" -out "$work/tls-cert.pem" 2>/dev/null
    listen=(OGENE_HTTP_LISTEN=off OGENE_HTTPS_LISTEN="127.0.0.1:$port"
            OGENE_TLS_CERTIFICATE="$work/tls-cert.pem" OGENE_TLS_PRIVATE_KEY="$work/tls-key.pem")
    base="https://127.0.0.1:$port"
    export CURL_HOME="$work" # its .curlrc accepts the self-signed certificate
    echo insecure >"$work/.curlrc"
  fi
  env OGENE_DATABASE="$database" "${listen[@]}" OGENE_DATA_DIR="$work" \
    OGENE_ADMIN_EMAIL=admin@bench.test OGENE_ADMIN_PASSWORD=bench-admin-1 OGENE_LOG_LEVEL=warning \
    OGENE_SIMULATOR_DELIVERY_DELAY_MS=1000 "$@" "$bin" >"$work/appliance.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.1; done

  admin=$(curl -sf -X POST "$base/api/auth/login" -d '{"email":"admin@bench.test","password":"bench-admin-1"}' | json token)
  auth=(-H "Authorization: Bearer $admin")
  user=$(curl -sf -X POST "$base/api/admin/users" "${auth[@]}" \
    -d '{"name":"Bench","email":"bench@bench.test","password":"bench-client-1","currency":"NGN"}' | json id)
  curl -sf -X POST "$base/api/admin/users/$user/wallet/credit" "${auth[@]}" -d '{"amount":"90000000.00"}' >/dev/null
  client=$(curl -sf -X POST "$base/api/auth/login" -d '{"email":"bench@bench.test","password":"bench-client-1"}' | json token)
  local sender
  sender=$(curl -sf -X POST "$base/api/client/sender-id/request" -H "Authorization: Bearer $client" -d '{"sender_name":"Bench"}' | json id)
  curl -sf -X POST "$base/api/admin/sender-ids/$sender/approve" "${auth[@]}" >/dev/null
}

# Messages the bench client's account has stored.
stored_messages() {
  curl -sf "$base/api/client/sms/messages?per_page=1" -H "Authorization: Bearer $client" | sed -n 's/.*"total":\([0-9]*\).*/\1/p'
}

# CPU time of each of the appliance's threads, for the report below: "thread-id name ticks" lines.
thread_cpu_snapshot() { # FILE
  local task
  for task in /proc/"$pid"/task/*; do
    # Fields after the name in /proc/PID/task/TID/stat: 14 and 15 (utime, stime) of the whole line.
    awk -v tid="${task##*/}" '{ rest = $0; sub(/^[^)]*\) /, "", rest); split(rest, f, " ");
                                name = $0; sub(/^[^(]*\(/, "", name); sub(/\).*/, "", name);
                                print tid, name, f[12] + f[13] }' "$task/stat" 2>/dev/null
  done | sort >"$1"
}

# Prints the CPU each thread used between two snapshots, per unit of work: where the time goes.
thread_cpu_report() { # BEFORE AFTER COUNT UNIT
  local ticks
  ticks=$(getconf CLK_TCK)
  join "$1" "$2" | awk -v n="$3" -v unit="$4" -v hz="$ticks" \
    '{ used = $5 - $3; if (used > 0 && n > 0) printf "  cpu %-16s %7.1f us/%s\n", $2, used * 1e6 / hz / n, unit }'
}
