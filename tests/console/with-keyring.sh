#!/bin/sh
# Runs a console test with a keychain: its own D-Bus session and an unlocked gnome-keyring (Secret
# Service), in a throw-away home so the operator's own keyring and settings are never touched.
set -e
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.local/share" "$home/.config" "$home/.cache" "$home/run"
chmod 700 "$home/run"
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" \
       XDG_CACHE_HOME="$home/.cache" XDG_RUNTIME_DIR="$home/run"
dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' sh "$@"
