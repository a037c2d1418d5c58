#!/usr/bin/env bash
# Exit 0 when PostgreSQL answers on 127.0.0.1:5432 (starting the local cluster if it is
# installed but stopped), 1 otherwise.
set -u
ready() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
ready && exit 0
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do ready && exit 0; sleep 0.5; done
fi
exit 1
