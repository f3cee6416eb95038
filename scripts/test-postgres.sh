#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL cluster on a free loopback port, trusting local users.
# start DIR: prints the server's URL (postgresql://ogene@127.0.0.1:PORT/postgres).
set -euo pipefail
action=$1 dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
free_port() {
  local p
  while :; do
    p=$(( 20000 + RANDOM % 40000 ))
    ss -Hltn "sport = :$p" | grep -q . || { echo "$p"; return; }
  done
}
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$action" in
start)
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U ogene -A trust --no-sync -E UTF8 >"$dir/initdb.log"
  port=$(free_port)
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o \
    "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c shared_buffers=128MB" \
    start >/dev/null
  echo "postgresql://ogene@127.0.0.1:$port/postgres"
  ;;
stop)
  [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
esac
