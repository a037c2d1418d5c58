#!/usr/bin/env bash
# with-server.sh BINARY COMMAND...
# Starts Yatra from BINARY on a throw-away database and a free port, with the built
# client and the demo data, runs COMMAND with E2E_BASE_URL / YATRA_URL set to it, then
# stops the server and drops the database. Exits with COMMAND's status.
# The database is SQLite, or a new PostgreSQL database on 127.0.0.1:5432 when
# YATRA_E2E_BACKEND=postgres.
set -euo pipefail
bin=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
data=$(mktemp -d /tmp/yatra-run.XXXXXX)
port=${YATRA_TEST_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
export YATRA_DATA_DIR=$data YATRA_ADDR=127.0.0.1:$port YATRA_WEB_DIR=$root/web/dist YATRA_LOG=${YATRA_LOG:-warn}
# No SMTP server: emails land as .eml files in $YATRA_DATA_DIR/outbox/ (journeys read them); a short poll writes them at once.
export YATRA_EMAIL_POLL_MS=${YATRA_EMAIL_POLL_MS:-100}
# The journeys (and the bench's soak) pay through the sandbox checkout.
export YATRA_PAYMENTS_SANDBOX=${YATRA_PAYMENTS_SANDBOX:-true}
# ...with Khalti and eSewa too: their sandbox checkouts charge rupees at this rate.
export YATRA_NPR_PER_USD=${YATRA_NPR_PER_USD:-133.5}
# The trip sweep (expiry, completion, refunds) every second, so a journey sees a refund
# carried out without waiting a minute.
export YATRA_SWEEP_EVERY=${YATRA_SWEEP_EVERY:-1s}
backend=${YATRA_E2E_BACKEND:-sqlite}
psql() { command psql -h 127.0.0.1 -U postgres -qAt "$@"; }
database=
if [ "$backend" = postgres ]; then
  database=yatra_e2e_$(basename "$data" | tr -cd 'a-zA-Z0-9' | tr 'A-Z' 'a-z')
  export YATRA_DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database
fi
server=
cleanup() {
  [ -z "$server" ] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
  [ -z "$database" ] || psql -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap cleanup EXIT

# The demo seed takes two minutes of CPU in a debug build and make test starts four
# servers (the contract and the journeys, each on both databases), so a binary seeds once
# per database kind and the servers after it start from a copy: the data folder copied,
# the PostgreSQL database made from the seeded one as a template. A copy is used for three
# hours at most, as the demo trips' dates are relative to the day of seeding.
# YATRA_SEED_CACHE=off seeds every time.
seeds=${TMPDIR:-/tmp}/yatra-seeds
key=$backend-$(stat -L -c '%s-%Y' "$bin")
seeded=$seeds/$key
template=yatra_seed_$(echo "$key" | tr -- - _ | tr -cd 'a-z0-9_')
if [ "${YATRA_SEED_CACHE:-on}" = off ]; then
  [ -z "$database" ] || psql -c "CREATE DATABASE $database" >/dev/null
  "$bin" seed --demo >/dev/null
else
  mkdir -p "$seeds"
  exec 9>"$seeds/$backend.lock"
  flock 9
  usable=$(find "$seeded" -maxdepth 0 -mmin -180 2>/dev/null || true)
  if [ -n "$usable" ] && [ -n "$database" ]; then
    usable=$(psql -c "SELECT 1 FROM pg_database WHERE datname = '$template'")
  fi
  if [ -z "$usable" ]; then
    rm -rf "$seeds/$backend"-*
    if [ -n "$database" ]; then
      for old in $(psql -c "SELECT datname FROM pg_database WHERE datname LIKE 'yatra\_seed\_${backend}%'"); do
        psql -c "DROP DATABASE IF EXISTS $old WITH (FORCE)" >/dev/null
      done
      psql -c "CREATE DATABASE $template" >/dev/null
    fi
    mkdir -p "$seeded.new"
    YATRA_DATA_DIR=$seeded.new YATRA_DATABASE_URL=${database:+postgres://postgres@127.0.0.1:5432/$template} \
      "$bin" seed --demo >/dev/null
    mv "$seeded.new" "$seeded"
  fi
  cp -a "$seeded/." "$data/"
  [ -z "$database" ] || psql -c "CREATE DATABASE $database TEMPLATE $template" >/dev/null
  exec 9>&-
fi
"$bin" serve >"$data/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$data/server.log"; exit 1; }
  sleep 0.1
done
export E2E_BASE_URL=http://127.0.0.1:$port YATRA_URL=http://127.0.0.1:$port YATRA_BIN=$bin
set +e
"$@"
status=$?
if [ $status -ne 0 ]; then
  # The first internal errors and panics, with their cause (a backtrace would push them out of the tail).
  echo "--- server errors (first 10) ---"; grep -a -m10 -A3 -E 'internal error|panicked' "$data/server.log" | grep -av '^ *[0-9]*: \|^ *at ' | cut -c1-500 || true
  echo "--- server log (last 40 lines) ---"; tail -n 40 "$data/server.log"
fi
exit $status
