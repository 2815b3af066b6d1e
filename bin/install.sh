#!/usr/bin/env bash
# `make install` (run before every other target): installs the dependencies with `npm ci` when the
# manifests (package.json, package-lock.json, every workspace's package.json) differ from those of the
# last install, by content, so a `git checkout` that only touches modification times reinstalls nothing.
# The hash of the installed manifests is kept in node_modules/.riffline-installed.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C # one glob order everywhere, so one hash

stamp=node_modules/.riffline-installed
manifests=(package.json package-lock.json */package.json)
sha256() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }
sum=$(cat "${manifests[@]}" | sha256 | cut -d' ' -f1)
recorded=$(cat "$stamp" 2>/dev/null || true)
[ "$recorded" = "$sum" ] && exit 0

# An empty stamp comes from the Makefile before content hashes: it still counts when it is newer than
# every manifest.
if [ -e "$stamp" ] && [ -z "$recorded" ] && [ -z "$(find "${manifests[@]}" -newer "$stamp")" ]; then
  echo "$sum" >"$stamp"
  exit 0
fi

if [ -d node_modules ]; then
  echo "==> A package.json or package-lock.json changed since the last install: reinstalling (npm ci)."
else
  echo "==> First run: installing the dependencies (npm ci) and building the web apps takes about two minutes."
  echo "    Later starts skip both and take a few seconds."
fi
# The scripts run on the Node that npm installs into node_modules (the `node` package: 24), not on the
# Node that runs this install, so npm's engine warnings about the latter (vitest asks for 22.12+) do not
# apply: they are dropped, every other line is kept.
npm ci --no-audit --no-fund 2> >(grep -v '^npm warn EBADENGINE' >&2)
echo "$sum" >"$stamp"
