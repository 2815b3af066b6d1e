#!/usr/bin/env bash
# Makes sure the command-line tools the tests check with are installed: xmllint (Debian's
# libxml2-utils: every DDEX ERN message against the ERN 4.3 schema), pdftotext (poppler-utils: the
# statements' PDFs read back) and caddy (the compose file's Caddyfile adapted). Exit 0 when all are there
# (installing what is missing if we may), 1 when one cannot be had.
set -u
XMLLINT="${XMLLINT_PATH:-xmllint}"
have() { command -v "$XMLLINT" >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 && command -v caddy >/dev/null 2>&1; }
have && exit 0
missing=()
command -v "$XMLLINT" >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
echo "Installing ${missing[*]} from Debian's packages for the tests..."
"$(dirname "$0")/lib/apt-install.sh" "${missing[@]}" && have && exit 0
echo "Not installed: ${missing[*]} (sudo apt-get install ${missing[*]}; XMLLINT_PATH names another xmllint)." >&2
exit 1
