#!/usr/bin/env bash
# with-smtp.sh COMMAND...
# Runs COMMAND with a real SMTP server (aiosmtpd, from PyPI, in a venv it installs on
# first use) listening on a free port and keeping every message it receives as a file in
# a Maildir. Exports YATRA_TEST_SMTP_URL (smtp://127.0.0.1:PORT) and YATRA_TEST_SMTP_DIR
# (the Maildir) for the server tests that read what was delivered.
set -euo pipefail
venv=${YATRA_SMTP_VENV:-$HOME/.cache/yatra-smtp-venv}
if ! "$venv/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
  python3 -m venv "$venv" 2>/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
    python3 -m venv "$venv"
  }
  "$venv/bin/pip" install --quiet 'aiosmtpd==1.4.6'
fi
maildir=$(mktemp -d /tmp/yatra-smtp.XXXXXX)
mkdir -p "$maildir/tmp" "$maildir/new" "$maildir/cur"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$venv/bin/python" -m aiosmtpd -n -l "127.0.0.1:$port" -c aiosmtpd.handlers.Mailbox "$maildir" >"$maildir.log" 2>&1 &
smtp=$!
trap 'kill $smtp 2>/dev/null || true; wait $smtp 2>/dev/null || true; rm -rf "$maildir" "$maildir.log"' EXIT
for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "aiosmtpd did not start:"; cat "$maildir.log"; exit 1; }
export YATRA_TEST_SMTP_URL=smtp://127.0.0.1:$port YATRA_TEST_SMTP_DIR=$maildir
set +e
"$@"
status=$?
exit $status
