#!/usr/bin/env bash
# apt-install.sh PACKAGE…: installs Debian packages for the test tools (Chromium, xmllint, pdftotext) when we are
# root with apt-get. Two installs at once (CI's unit and browser steps, or a second checkout's tests)
# would fight over apt's locks, so this takes a lock of its own, lets apt wait for its locks too, and
# tries again after a failure; apt's own errors go to stderr. Exit 0 when every package installed.
set -u
command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] || exit 1
exec 9>/tmp/riffline-apt.lock
flock -w 900 9 || exit 1
for attempt in 1 2 3; do
  if apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >/dev/null; then
    exit 0
  fi
  echo "apt-get could not install $* (attempt $attempt of 3)" >&2
  sleep $((attempt * 10))
done
exit 1
