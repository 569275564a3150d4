#!/usr/bin/env bash
# The build cuts the share cards' font (build/share-card-font.ts) from Noto Sans CJK
# SC Bold: Debian's fonts-noto-cjk, or the file SHARE_CARD_FONT_SOURCE names. As root
# on Debian, install the package; otherwise say how. The running server needs no
# system font: the cut goes into dist/.
set -euo pipefail
# shellcheck source=debian-install.sh
source "$(dirname "$0")/debian-install.sh"

DEFAULT=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc

if [[ -n "${SHARE_CARD_FONT_SOURCE:-}" ]]; then
  [[ -f "$SHARE_CARD_FONT_SOURCE" ]] && exit 0
  echo "SHARE_CARD_FONT_SOURCE is set to $SHARE_CARD_FONT_SOURCE, but no file is there." >&2
  exit 1
fi

[[ -f $DEFAULT ]] && exit 0

if can_install; then
  install_package fonts-noto-cjk "The CJK font the share cards are cut from"
  ls -l "$DEFAULT"
  exit 0
fi

cat >&2 <<MSG
The build cuts the share cards' font from Noto Sans CJK SC Bold, and it was not found at $DEFAULT.
Install it (Debian or Ubuntu: sudo apt-get install -y fonts-noto-cjk),
or point SHARE_CARD_FONT_SOURCE at Noto Sans CJK SC Bold (an .otf, or a .ttc holding it).
MSG
exit 1
