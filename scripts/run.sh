#!/usr/bin/env bash
# Installs what is missing, builds, and starts the appliance on its embedded default:
# SQLite under ./data, REST on 127.0.0.1:8080, the built-in carrier simulator.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
exec build/bin/ogene-appliance "$@"
