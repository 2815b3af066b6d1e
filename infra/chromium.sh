#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser suites (Playwright cannot download browsers
# here). Exit 0 when it is there (installing it if we may), 1 when it cannot be had.
set -u
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Chromium from Debian's packages for the browser tests..."
  "$(dirname "$0")/lib/apt-install.sh" chromium
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is not installed at $CHROMIUM (set CHROMIUM_PATH, or: sudo apt-get install chromium)." >&2
exit 1
