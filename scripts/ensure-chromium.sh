#!/usr/bin/env bash
# Browser tests need Chromium. Use CHROMIUM_PATH or Debian's /usr/bin/chromium; as
# root on Debian, install it; otherwise say how.
set -euo pipefail
# shellcheck source=debian-install.sh
source "$(dirname "$0")/debian-install.sh"

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  [[ -x "$CHROMIUM_PATH" ]] && exit 0
  echo "CHROMIUM_PATH is set to $CHROMIUM_PATH, but no executable is there." >&2
  exit 1
fi

[[ -x /usr/bin/chromium ]] && exit 0

if can_install; then
  install_package chromium "Chromium"
  /usr/bin/chromium --version
  exit 0
fi

cat >&2 <<'MSG'
The browser tests need Chromium, and none was found at /usr/bin/chromium.
Install it (Debian or Ubuntu: sudo apt-get install -y chromium),
or point CHROMIUM_PATH at a Chromium or Chrome executable.
MSG
exit 1
