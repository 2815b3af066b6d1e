#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser suites (Playwright cannot download browsers
# here), with its headless shell (chromium-headless-shell: the same build without the browser's window,
# which the suites run when it is there, test/e2e/playwright.ts). Exit 0 when Chromium is there (installing
# what is missing if we may), 1 when it cannot be had.
set -u
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_BIN=/usr/lib/chromium/chromium-headless-shell
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -n "${CHROMIUM_PATH:-}" ] || [ -x "$SHELL_BIN" ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} = 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages for the browser tests..."
  "$(dirname "$0")/lib/apt-install.sh" "${missing[@]}"
fi
[ -x "$CHROMIUM" ] && exit 0
echo "Chromium is not installed at $CHROMIUM (set CHROMIUM_PATH, or: sudo apt-get install chromium)." >&2
exit 1
