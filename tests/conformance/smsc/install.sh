#!/usr/bin/env bash
# Installs the npm `smpp` package for the test SMSC into a folder of the build tree (the test
# command runs this; nothing is installed globally). Usage: install.sh BUILD_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target="${1:?build folder}/test-smsc"
mkdir -p "$target"
cp "$here/package.json" "$here/package-lock.json" "$here/smsc.js" "$target/"
if [ ! -d "$target/node_modules/smpp" ]; then
  (cd "$target" && npm ci --no-audit --no-fund --loglevel=error)
fi
