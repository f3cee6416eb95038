#!/usr/bin/env bash
# Brings the console's translation files up to date with its source: every tr() string of console/
# and of the shared client's messages. New strings arrive unfinished; translate them in Qt Linguist
# (linguist translations/ogene_console_fr.ts) before committing: a test refuses unfinished ones.
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate=$(command -v lupdate6 || command -v /usr/lib/qt6/bin/lupdate || command -v lupdate)
"$lupdate" -no-obsolete -locations relative -I shared console shared/ogene/restclient.h shared/ogene/restclient.cpp \
  -ts translations/ogene_console_en.ts translations/ogene_console_fr.ts
