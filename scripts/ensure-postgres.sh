#!/usr/bin/env bash
# The store, search and migration tests run on PostgreSQL too, in a throw-away cluster
# (scripts/postgres.ts) from Debian's postgresql package. As root on Debian, install it
# (its service stays stopped: the tests start their own); otherwise say how.
set -euo pipefail
# shellcheck source=debian-install.sh
source "$(dirname "$0")/debian-install.sh"

installed() {
  if [[ -n "${PG_BIN:-}" ]]; then [[ -x "$PG_BIN/initdb" ]]; return; fi
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

installed && exit 0

if can_install; then
  install_package postgresql "PostgreSQL"
  ls -d /usr/lib/postgresql/*/bin
  exit 0
fi

cat >&2 <<'MSG'
The store and search tests run on PostgreSQL as well, and it was not found (/usr/lib/postgresql/*/bin).
Install it (Debian or Ubuntu: sudo apt-get install -y postgresql), or point PG_BIN at the folder
holding initdb and pg_ctl.
MSG
exit 1
