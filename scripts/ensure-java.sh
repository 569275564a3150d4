#!/usr/bin/env bash
# The HTML checker (vnu, from the vnu-jar package) runs on Java 11 or later. As root
# on Debian, install Debian's headless runtime; otherwise say how.
set -euo pipefail

command -v java >/dev/null && exit 0

if [[ $(id -u) -eq 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null; then
  echo "Java is missing: installing Debian's default-jre-headless package (about a minute)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  java -version
  exit 0
fi

cat >&2 <<'MSG'
The HTML checker test needs Java (11 or later), and none was found on the PATH.
Install it (Debian or Ubuntu: sudo apt-get install -y default-jre-headless).
MSG
exit 1
