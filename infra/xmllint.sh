#!/usr/bin/env bash
# Makes sure xmllint (Debian's libxml2-utils) is installed: the export tests validate every DDEX ERN
# message against the ERN 4.3 schema with it. Exit 0 when it is there (installing it if we may), 1 when
# it cannot be had.
set -u
XMLLINT="${XMLLINT_PATH:-xmllint}"
command -v "$XMLLINT" >/dev/null 2>&1 && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing xmllint from Debian's packages (libxml2-utils) for the ERN schema tests..."
  "$(dirname "$0")/lib/apt-install.sh" libxml2-utils
  command -v "$XMLLINT" >/dev/null 2>&1 && exit 0
fi
echo "xmllint is not installed (set XMLLINT_PATH, or: sudo apt-get install libxml2-utils)." >&2
exit 1
