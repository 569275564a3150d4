#!/usr/bin/env bash
# The cluster suite (npm run cluster, e2e/cluster.spec.ts) puts Debian's nginx in front of
# two portal instances. nginx runs there as an ordinary foreground process of the test; as
# root on Debian, install the package (its service stays stopped); otherwise say how.
set -euo pipefail
# shellcheck source=debian-install.sh
source "$(dirname "$0")/debian-install.sh"

installed() {
  if [[ -n "${NGINX_PATH:-}" ]]; then [[ -x "$NGINX_PATH" ]]; return; fi
  [[ -x /usr/sbin/nginx ]]
}

installed && exit 0

if can_install; then
  install_package nginx "nginx"
  /usr/sbin/nginx -v
  exit 0
fi

cat >&2 <<'MSG'
The cluster suite puts nginx in front of two portal instances, and it was not found at /usr/sbin/nginx.
Install it (Debian or Ubuntu: sudo apt-get install -y nginx), or point NGINX_PATH at an nginx executable.
MSG
exit 1
