#!/usr/bin/env bash
# Installs what is missing, builds, starts a throw-away PostgreSQL and runs the whole test suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/install-deps.sh --with-tests
scripts/build.sh

pg_dir=$(mktemp -d /tmp/ogene-test-pg.XXXXXX)
trap '"$root/scripts/test-postgres.sh" stop "$pg_dir" || true' EXIT
export OGENE_TEST_POSTGRES_URL
OGENE_TEST_POSTGRES_URL=$(scripts/test-postgres.sh start "$pg_dir")

cd build
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --timeout 600 -j "$(nproc)" "$@"
