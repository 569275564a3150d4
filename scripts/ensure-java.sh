#!/usr/bin/env bash
# The HTML checker (vnu, from the vnu-jar package) runs on Java 11 or later. As root
# on Debian, install Debian's headless runtime; otherwise say how.
set -euo pipefail
# shellcheck source=debian-install.sh
source "$(dirname "$0")/debian-install.sh"

command -v java >/dev/null && exit 0

if can_install; then
  install_package default-jre-headless "Java"
  java -version
  exit 0
fi

cat >&2 <<'MSG'
The HTML checker test needs Java (11 or later), and none was found on the PATH.
Install it (Debian or Ubuntu: sudo apt-get install -y default-jre-headless).
MSG
exit 1
