#!/usr/bin/env bash
# packaging.deb: builds the Debian packages with cpack, installs them with dpkg on this machine, runs
# the installed appliance as the ogene user from the installed files, checks what the packages
# created, then removes and purges them and checks what is left. Needs root (dpkg -i): exits 77,
# which CTest reports as skipped, elsewhere, and on a machine where Ogene is installed for real.
#
#   deb-install.sh BUILD_DIR
set -euo pipefail

build_dir=$(cd "$1" && pwd)

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
pass() { echo "ok   $*"; }

[ "$(id -u)" -eq 0 ] || skip "needs root to install packages with dpkg"
for tool in cpack dpkg dpkg-deb dpkg-shlibdeps runuser curl ss readelf systemd-analyze desktop-file-validate flock; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/install-deps.sh --with-tests installs it)"
done

# One run per machine at a time: the packages install into /etc, /var/lib and /usr.
exec 9>/run/lock/ogene-packaging-test.lock
flock -w 900 9 || fail "another packaging test kept the lock for 15 minutes"

for package in ogene-appliance ogene-console; do
    if dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null | grep -q '^.[^n]'; then
        skip "$package is installed on this machine; the test does not touch a real installation"
    fi
done
[ -e /etc/ogene ] || [ -e /var/lib/ogene ] && skip "/etc/ogene or /var/lib/ogene exists on this machine"

user_existed=no
getent passwd ogene >/dev/null && user_existed=yes
group_existed=no
getent group ogene >/dev/null && group_existed=yes

work=$(mktemp -d /tmp/ogene-packaging.XXXXXX)
chmod 755 "$work"
runuser_pid=""

stop_appliance() {
    [ -n "$runuser_pid" ] || return 0
    local child
    child=$(ps -o pid= --ppid "$runuser_pid" | tr -d ' ' || true)
    [ -n "$child" ] && kill -TERM "$child" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$runuser_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$runuser_pid" 2>/dev/null || true
    [ -n "$child" ] && kill -KILL "$child" 2>/dev/null || true
    wait "$runuser_pid" 2>/dev/null || true
    runuser_pid=""
}

cleanup() {
    local status=$?
    set +e
    stop_appliance
    for package in ogene-console ogene-appliance; do
        dpkg-query -W "$package" >/dev/null 2>&1 && dpkg_run --purge "$package"
    done
    # The packages leave the ogene user behind on purpose; the test leaves the machine as it found it.
    [ "$user_existed" = no ] && getent passwd ogene >/dev/null && userdel ogene
    [ "$group_existed" = no ] && getent group ogene >/dev/null && groupdel ogene
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT

# dpkg refuses to start while another dpkg or apt runs; wait for it instead of failing.
dpkg_run() {
    for _ in $(seq 90); do
        if DEBIAN_FRONTEND=noninteractive dpkg --force-confdef --force-confold "$@" >"$work/dpkg.log" 2>&1; then
            return 0
        fi
        grep -qi 'lock' "$work/dpkg.log" || { cat "$work/dpkg.log" >&2; return 1; }
        sleep 2
    done
    cat "$work/dpkg.log" >&2
    return 1
}

free_port() {
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 40000))
        [ -z "$(ss -Hltn "sport = :$port")" ] && { echo "$port"; return 0; }
    done
    return 1
}

owner_mode() { stat -c '%U:%G %a' "$1"; }

expect_eq() { # what actual expected
    [ "$2" = "$3" ] || fail "$1: got '$2', expected '$3'"
    pass "$1: $2"
}

# --- Build the packages.
cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/packages" >"$work/cpack.log" 2>&1 \
    || { cat "$work/cpack.log" >&2; fail "cpack -G DEB failed"; }
appliance_deb=$(ls "$work"/packages/ogene-appliance_*.deb)
console_deb=$(ls "$work"/packages/ogene-console_*.deb)
pass "cpack built $(basename "$appliance_deb") ($(stat -c %s "$appliance_deb") bytes), $(basename "$console_deb") ($(stat -c %s "$console_deb") bytes)"

field() { dpkg-deb -f "$1" "$2"; }
depends_on() { # deb package...
    local depends
    depends=$(field "$1" Depends)
    shift
    for package in "$@"; do
        echo "$depends" | tr ',|' '\n\n' | sed 's/(.*//; s/ //g' | grep -qx "$package" \
            || fail "Depends lacks $package: $depends"
    done
}
depends_on "$appliance_deb" libqt6sql6-sqlite libqt6sql6-psql libqt6core6 libqt6network6 libqt6sql6 libssl3 libsqlite3-0 adduser
pass "ogene-appliance Depends: $(field "$appliance_deb" Depends)"
depends_on "$console_deb" qt6-qpa-plugins libqt6gui6 libqt6widgets6 libqt6keychain1 libqt6network6
pass "ogene-console Depends: $(field "$console_deb" Depends)"

dpkg-deb -e "$appliance_deb" "$work/control"
expect_eq "conffiles" "$(cat "$work/control/conffiles")" "/etc/ogene/appliance.conf"
for script in postinst prerm postrm; do
    [ -x "$work/control/$script" ] || fail "the appliance package has no executable $script"
done
expect_eq "packaged appliance.conf" "$(dpkg-deb -c "$appliance_deb" | awk '$6 == "./etc/ogene/appliance.conf" {print $1, $2}')" \
    "-rw-r----- root/root"

# Stripped: no debug information and no symbol table in the packaged binaries.
dpkg-deb -x "$appliance_deb" "$work/appliance-files"
dpkg-deb -x "$console_deb" "$work/console-files"
for binary in "$work/appliance-files/usr/bin/ogene-appliance" "$work/console-files/usr/bin/ogene-console"; do
    if readelf -S "$binary" | grep -Eq '\.debug_info|\.symtab'; then
        fail "$(basename "$binary") in the package is not stripped"
    fi
done
pass "binaries stripped ($(stat -c %s "$work/appliance-files/usr/bin/ogene-appliance") and $(stat -c %s "$work/console-files/usr/bin/ogene-console") bytes)"

# --- Install the appliance.
dpkg_run -i "$appliance_deb" || fail "dpkg -i ogene-appliance failed"
pass "dpkg -i $(basename "$appliance_deb")"

IFS=: read -r _ _ uid _ _ home shell < <(getent passwd ogene) || fail "no ogene user"
[ "$uid" -lt 1000 ] || fail "ogene is not a system user (uid $uid)"
expect_eq "ogene home" "$home" /var/lib/ogene
expect_eq "ogene shell" "$shell" /usr/sbin/nologin
expect_eq "ogene primary group" "$(id -gn ogene)" ogene
expect_eq "/var/lib/ogene" "$(owner_mode /var/lib/ogene)" "ogene:ogene 750"
expect_eq "/etc/ogene" "$(owner_mode /etc/ogene)" "root:ogene 750"
expect_eq "/etc/ogene/appliance.conf" "$(owner_mode /etc/ogene/appliance.conf)" "root:ogene 640"
expect_eq "conffile registered" "$(dpkg-query -W -f='${Conffiles}' ogene-appliance | awk '{print $1}')" /etc/ogene/appliance.conf
grep -qx 'data_dir = /var/lib/ogene' /etc/ogene/appliance.conf || fail "appliance.conf does not set data_dir = /var/lib/ogene"

# Every key the installed appliance knows is documented in the installed configuration.
keys=$(/usr/bin/ogene-appliance --help | sed -n 's/^  OGENE_\([A-Z0-9_]*\) (default.*/\1/p')
[ "$(echo "$keys" | wc -l)" -ge 15 ] || fail "ogene-appliance --help lists too few keys"
for key in $keys; do
    grep -Eq "^;? *${key,,} *=" /etc/ogene/appliance.conf || fail "/etc/ogene/appliance.conf does not document ${key,,}"
done
pass "/etc/ogene/appliance.conf documents all $(echo "$keys" | wc -l) keys"

# The unit: hardening keys, a clean offline verification, enabled for boot.
unit=/lib/systemd/system/ogene-appliance.service
[ -f "$unit" ] || fail "no $unit"
for line in User=ogene Group=ogene NoNewPrivileges=yes ProtectSystem=strict ReadWritePaths=/var/lib/ogene \
            PrivateTmp=yes ProtectHome=yes Restart=on-failure CapabilityBoundingSet= \
            'ExecStart=/usr/bin/ogene-appliance --config /etc/ogene/appliance.conf'; do
    grep -qxF "$line" "$unit" || fail "the unit lacks '$line'"
done
pass "unit hardening keys present"
verify=$(systemd-analyze verify "$unit" 2>&1) || fail "systemd-analyze verify: $verify"
echo "$verify" | grep -F ogene-appliance && fail "systemd-analyze verify warns about the unit"
exposure=$(systemd-analyze security --offline=true "$unit" 2>&1 | sed -n 's/.*Overall exposure level for ogene-appliance.service: \([0-9.]*\).*/\1/p')
[ -n "$exposure" ] || fail "systemd-analyze security gave no exposure level"
awk -v e="$exposure" 'BEGIN { exit !(e <= 2.0) }' || fail "systemd-analyze security exposure $exposure is above 2.0"
pass "systemd-analyze verify clean; security exposure $exposure"
[ -L /etc/systemd/system/multi-user.target.wants/ogene-appliance.service ] || fail "the unit is not enabled"
pass "unit enabled for multi-user.target"

# --- Run the installed appliance as the ogene user, from / so no relative path can help it.
http_port=$(free_port)
smpp_port=$(free_port)
(cd / && exec runuser -u ogene -- env OGENE_HTTP_LISTEN="127.0.0.1:$http_port" OGENE_SMPP_LISTEN="127.0.0.1:$smpp_port" \
    /usr/bin/ogene-appliance --config /etc/ogene/appliance.conf) >"$work/appliance.out" 2>&1 &
runuser_pid=$!
health=""
for _ in $(seq 150); do
    health=$(curl -sf "http://127.0.0.1:$http_port/api/health" 2>/dev/null) && break
    kill -0 "$runuser_pid" 2>/dev/null || { cat "$work/appliance.out" >&2; fail "the installed appliance exited"; }
    sleep 0.2
done
echo "$health" | grep -q '"status":"ok"' || { cat "$work/appliance.out" >&2; fail "no healthy answer on /api/health: $health"; }
echo "$health" | grep -q '"database":"sqlite"' || fail "health does not report the SQLite store: $health"
pass "GET /api/health as user ogene: $health"
expect_eq "database file" "$(stat -c %U /var/lib/ogene/ogene.db)" ogene

# The generated first admin is on standard output (the journal under systemd) and signs in.
password=$(sed -n 's/^  password: \([A-Za-z0-9]*\)$/\1/p' "$work/appliance.out")
[ -n "$password" ] || { cat "$work/appliance.out" >&2; fail "no generated first admin password on standard output"; }
login=$(curl -s -X POST "http://127.0.0.1:$http_port/api/auth/login" \
    -d "{\"email\":\"admin@ogene.local\",\"password\":\"$password\"}")
echo "$login" | grep -q '"success":true' || fail "the first admin cannot sign in: $login"
pass "first admin from standard output signs in"
stop_appliance

# --- Reinstalling (an upgrade's path) keeps a changed configuration and the data.
echo "; changed by the operator" >>/etc/ogene/appliance.conf
dpkg_run -i "$appliance_deb" || fail "dpkg -i over the installed package failed"
grep -qx '; changed by the operator' /etc/ogene/appliance.conf || fail "reinstalling replaced the changed appliance.conf"
[ -f /var/lib/ogene/ogene.db ] || fail "reinstalling lost /var/lib/ogene/ogene.db"
expect_eq "/etc/ogene/appliance.conf after reinstall" "$(owner_mode /etc/ogene/appliance.conf)" "root:ogene 640"
pass "reinstall keeps the changed conffile and the database"

# --- The console.
dpkg_run -i "$console_deb" || fail "dpkg -i ogene-console failed"
pass "dpkg -i $(basename "$console_deb")"
mkdir -p "$work/home" "$work/runtime"
chmod 700 "$work/runtime"
console_env=(env HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_RUNTIME_DIR="$work/runtime"
             DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/ogene-no-bus QT_QPA_PLATFORM=offscreen)
expect_eq "ogene-console --version" "$("${console_env[@]}" /usr/bin/ogene-console --version)" "ogene-console $(field "$console_deb" Version)"
"${console_env[@]}" /usr/bin/ogene-console --help | grep -q -- '--version' || fail "ogene-console --help lists no options"
# The window itself comes up and stays up until stopped (status 124: stopped by timeout).
status=0
"${console_env[@]}" timeout 3 /usr/bin/ogene-console >"$work/console.out" 2>&1 || status=$?
[ "$status" -eq 124 ] || { cat "$work/console.out" >&2; fail "ogene-console exited with $status instead of running"; }
pass "installed ogene-console runs on the offscreen platform"
[ -f /usr/share/applications/ogene-console.desktop ] || fail "no desktop entry"
[ -f /usr/share/icons/hicolor/scalable/apps/ogene-console.svg ] || fail "no icon"
desktop-file-validate /usr/share/applications/ogene-console.desktop || fail "the desktop entry is not valid"
pass "desktop entry and icon installed"

# --- Remove: programs and unit go, configuration and data stay.
dpkg_run -r ogene-console ogene-appliance || fail "dpkg -r failed"
for gone in /usr/bin/ogene-appliance /usr/bin/ogene-console "$unit" /usr/share/applications/ogene-console.desktop; do
    [ ! -e "$gone" ] || fail "$gone is still there after remove"
done
[ -f /etc/ogene/appliance.conf ] || fail "remove deleted /etc/ogene/appliance.conf"
[ -f /var/lib/ogene/ogene.db ] || fail "remove deleted /var/lib/ogene"
expect_eq "status after remove" "$(dpkg-query -W -f='${db:Status-Abbrev}' ogene-appliance | tr -d ' ')" rc
pass "remove keeps /etc/ogene/appliance.conf and /var/lib/ogene"

# --- Purge: configuration, data and systemd state go; the ogene user stays (Debian practice).
dpkg_run -P ogene-console ogene-appliance || fail "dpkg -P failed"
for gone in /etc/ogene /var/lib/ogene /etc/systemd/system/multi-user.target.wants/ogene-appliance.service \
            /etc/systemd/system/ogene-appliance.service; do
    [ ! -e "$gone" ] && [ ! -L "$gone" ] || fail "$gone is still there after purge"
done
ls /var/lib/systemd/deb-systemd-helper-enabled 2>/dev/null | grep -q ogene && fail "deb-systemd-helper state left after purge"
dpkg-query -W ogene-appliance >/dev/null 2>&1 && fail "dpkg still knows ogene-appliance after purge"
getent passwd ogene >/dev/null || fail "purge removed the ogene user"
pass "purge removes /etc/ogene, /var/lib/ogene and the unit's state; the ogene user stays"

echo "PASS packaging.deb"
