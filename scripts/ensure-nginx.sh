#!/usr/bin/env bash
# The cluster suite (npm run cluster, e2e/cluster.spec.ts) puts Debian's nginx in front of
# two portal instances. nginx runs there as an ordinary foreground process of the test; as
# root on Debian, install the package (its service stays stopped); otherwise say how.
set -euo pipefail

installed() {
  if [[ -n "${NGINX_PATH:-}" ]]; then [[ -x "$NGINX_PATH" ]]; return; fi
  [[ -x /usr/sbin/nginx ]]
}

installed && exit 0

if [[ $(id -u) -eq 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null; then
  echo "nginx is missing: installing Debian's nginx package (about half a minute)..."
  apt-get update -qq
  # policy-rc.d 101: the package installs without starting a server of its own on port 80.
  policy=/usr/sbin/policy-rc.d
  kept=""
  if [[ -e $policy ]]; then kept=$(mktemp); cp -p "$policy" "$kept"; fi
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
  trap 'if [[ -n "$kept" ]]; then mv "$kept" "$policy"; else rm -f "$policy"; fi' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  /usr/sbin/nginx -v
  exit 0
fi

cat >&2 <<'MSG'
The cluster suite puts nginx in front of two portal instances, and it was not found at /usr/sbin/nginx.
Install it (Debian or Ubuntu: sudo apt-get install -y nginx), or point NGINX_PATH at an nginx executable.
MSG
exit 1
