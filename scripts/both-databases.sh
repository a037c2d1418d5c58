#!/usr/bin/env bash
# both-databases.sh COMMAND...
# Runs COMMAND on SQLite and on PostgreSQL at the same time: two copies, one with
# YATRA_TEST_BACKEND=YATRA_E2E_BACKEND=sqlite and one with postgres, each output line
# prefixed with its database. Exits non-zero when either fails. Without PostgreSQL on
# 127.0.0.1:5432 it runs SQLite alone and says so loudly; CI (CI set) requires both.
# At the same time because the browser journeys and the contract run spend most of their
# time waiting (timers, the browser, the network): on two cores, both together take
# little more than one.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
backends=sqlite
if "$root/scripts/postgres-ready.sh"; then
  backends="sqlite postgres"
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL is not reachable on 127.0.0.1:5432 and CI requires it" >&2
  exit 1
else
  echo; echo "!!! SKIPPING the PostgreSQL run: no PostgreSQL on 127.0.0.1:5432 !!!"; echo
fi
pids=()
for backend in $backends; do
  (
    YATRA_TEST_BACKEND=$backend YATRA_E2E_BACKEND=$backend "$@" 2>&1 | sed -u "s/^/[$backend] /"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
[ $status -eq 0 ] || echo "both-databases.sh: a run failed; look for its [sqlite] or [postgres] lines above" >&2
exit $status
