#!/usr/bin/env bash
# Installs the Debian packages Ogene needs to build, run and test, and only those that are missing.
set -euo pipefail

packages=(
  cmake g++ ninja-build pkg-config
  qt6-base-dev qt6-httpserver-dev qt6-websockets-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools linguist-qt6 qt6-translations-l10n qtkeychain-qt6-dev
  libqt6sql6-sqlite libqt6sql6-psql libssl-dev libsqlite3-dev
)
# gnome-keyring, libsecret and dbus: the console's keychain tests run under dbus-run-session with an
# unlocked keyring; openssl makes the self-signed certificate of the console's TLS test.
test_packages=(postgresql iproute2 curl wrk kannel libnet-smpp-perl gnome-keyring libsecret-1-0 dbus dbus-x11 openssl)
# The packaging test (tests/packaging): dpkg-dev for cpack's dpkg-shlibdeps, systemd for
# systemd-analyze verify/security on the unit, desktop-file-utils for the console's desktop entry,
# adduser and procps for the maintainer scripts and the test itself.
test_packages+=(dpkg-dev systemd desktop-file-utils adduser procps)

wanted=("${packages[@]}")
[ "${1:-}" = "--with-tests" ] && wanted+=("${test_packages[@]}")

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The SMPP upstream suite's test SMSC runs on Node.js (npm's smpp package); any Node.js with npm will do.
if [ "${1:-}" = "--with-tests" ] && ! command -v npm >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing: ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
