#!/usr/bin/env bash
# Load and size benchmarks. Run through `make bench`, which starts a release server and
# sets YATRA_URL. Prints one line per figure; no thresholds are asserted here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${YATRA_URL:?run through make bench}
duration=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-50}

load() { # name, then wrk arguments
  local name=$1; shift
  local out
  out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "$@")
  local rps p50 p99 errors
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx or 3xx responses/ {print $5}' <<<"$out")
  printf '%-34s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${errors:-0}"
}

echo "== load: wrk -t2 -c$connections -d${duration}s on loopback, release build, SQLite =="
load "GET /healthz" "$url/healthz"
# Login is argon2id at OWASP cost on purpose: its ceiling is hashes per second per core.
load "POST /api/v1/auth/login" -s "$here/login.lua" "$url/api/v1/auth/login"

echo "== size: initial JavaScript of the client, gzipped =="
dist="$here/../web/dist"
total=0
for asset in $(grep -oE '(src|href)="/assets/[^"]+\.js"' "$dist/index.html" | sed -E 's/.*"\/(assets\/[^"]+)"/\1/' | sort -u); do
  size=$(gzip -9c "$dist/$asset" | wc -c)
  total=$((total + size))
  printf '  %-50s %8d bytes gz\n' "$asset" "$size"
done
printf '%-34s %10d bytes gz (%d kB)\n' "initial JS total" "$total" $((total / 1024))
