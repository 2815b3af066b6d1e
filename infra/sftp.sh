#!/usr/bin/env bash
# Makes sure Debian's OpenSSH server is installed: the delivery tests and `make start` run a real sshd
# on loopback as the stores' SFTP drop box (infra/sftp/sftp.ts), plus ssh-keygen for its keys and setpriv
# to run it unprivileged. Exit 0 when they are there (installing what is missing if we may), 1 when not.
set -u
SSHD="${SSHD_PATH:-/usr/sbin/sshd}"
have() { [ -x "$SSHD" ] && command -v ssh-keygen >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1; }
have && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing openssh-server from Debian's packages for the SFTP delivery tests..."
  # On a machine run by systemd the package also starts Debian's own sshd on port 22; the tests never use
  # it (each starts its own, unprivileged, on a free port), and in a container nothing is started.
  "$(dirname "$0")/lib/apt-install.sh" openssh-server openssh-client util-linux
  have && exit 0
fi
echo "OpenSSH's server is not installed at $SSHD (set SSHD_PATH, or: sudo apt-get install openssh-server)." >&2
exit 1
