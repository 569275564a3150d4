#!/usr/bin/env bash
# The store, search and migration tests run on PostgreSQL too, in a throw-away cluster
# (scripts/postgres.ts) from Debian's postgresql package. As root on Debian, install it
# (its service stays stopped: the tests start their own); otherwise say how.
set -euo pipefail

installed() {
  if [[ -n "${PG_BIN:-}" ]]; then [[ -x "$PG_BIN/initdb" ]]; return; fi
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

installed && exit 0

if [[ $(id -u) -eq 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null; then
  echo "PostgreSQL is missing: installing Debian's postgresql package (about a minute)..."
  apt-get update -qq
  # policy-rc.d 101: the package installs without starting a server of its own.
  policy=/usr/sbin/policy-rc.d
  kept=""
  if [[ -e $policy ]]; then kept=$(mktemp); cp -p "$policy" "$kept"; fi
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
  trap 'if [[ -n "$kept" ]]; then mv "$kept" "$policy"; else rm -f "$policy"; fi' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  ls -d /usr/lib/postgresql/*/bin
  exit 0
fi

cat >&2 <<'MSG'
The store and search tests run on PostgreSQL as well, and it was not found (/usr/lib/postgresql/*/bin).
Install it (Debian or Ubuntu: sudo apt-get install -y postgresql), or point PG_BIN at the folder
holding initdb and pg_ctl.
MSG
exit 1
