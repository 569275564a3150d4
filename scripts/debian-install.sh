# Sourced by the ensure-*.sh scripts: installs a Debian package for the tests, as
# root on Debian only, without starting any service it brings (policy-rc.d 101:
# the tests start their own servers, and nothing must take port 80).

# True where this script may install packages.
can_install() {
  [[ $(id -u) -eq 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null
}

# install_package PACKAGE WHAT: says what is missing, then installs PACKAGE quietly.
install_package() {
  echo "$2 is missing: installing Debian's $1 package (about a minute)..."
  apt-get update -qq
  local policy=/usr/sbin/policy-rc.d kept=""
  if [[ -e $policy ]]; then kept=$(mktemp); cp -p "$policy" "$kept"; fi
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
  local status=0
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null || status=$?
  if [[ -n "$kept" ]]; then mv "$kept" "$policy"; else rm -f "$policy"; fi
  return "$status"
}
