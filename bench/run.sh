#!/usr/bin/env bash
# Load and size benchmarks. Run through `make bench`, which builds the release binary,
# starts it on a throw-away SQLite database with the demo data and sets YATRA_URL and
# YATRA_BIN. Prints one line per figure; no thresholds are asserted here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${YATRA_URL:?run through make bench}
bin=${YATRA_BIN:?run through make bench}
duration=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-50}
sizes=${BENCH_GUIDES:-"10000 100000"}
soak_seconds=${BENCH_SOAK_SECONDS:-60}
soak_travellers=${BENCH_SOAK_TRAVELLERS:-20}

load() { # name, then wrk arguments
  local name=$1; shift
  local out
  out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "$@")
  local rps p50 p99 errors
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx or 3xx responses/ {print $5}' <<<"$out")
  printf '%-52s %10s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${errors:-0}"
}

echo "== sequential requests on one keep-alive connection (static files served from memory, TCP_NODELAY) =="
python3 "$here/keepalive.py" "$url" 200 /healthz /favicon.svg /

echo
echo "== load: wrk -t2 -c$connections -d${duration}s on loopback, release build, SQLite, demo data =="
load "GET /healthz" "$url/healthz"
load "GET /favicon.svg (static, from memory)" -H "Accept-Encoding: br, gzip" "$url/favicon.svg"
# Login is argon2id at OWASP cost on purpose: its ceiling is hashes per second per core.
load "POST /api/v1/auth/login" -s "$here/login.lua" "$url/api/v1/auth/login"
# Booking requests from many travellers for random guides and days, each with its own
# Idempotency-Key; a 409 (that traveller already asked that guide for that day) counts as non-2xx.
data=$(mktemp /tmp/yatra-bench-bookings.XXXXXX.lua)
python3 "$here/prepare_bookings.py" "$url" 40 >"$data"
BOOKING_DATA=$data load "POST /api/v1/tourists/booking/request" -s "$here/booking.lua" "$url/api/v1/tourists/booking/request"
rm -f "$data"

echo
echo "== soak: $soak_travellers travellers booking, guides approving, travellers paying (sandbox) for ${soak_seconds}s =="
python3 "$here/soak.py" "$url" "$soak_travellers" "$soak_seconds"

for size in $sizes; do
  echo
  echo "== catalogue at $size guides: wrk -t2 -c$connections -d${duration}s, release build, SQLite =="
  dir=$(mktemp -d /tmp/yatra-bench-catalogue.XXXXXX)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  seeded=$(YATRA_DATA_DIR=$dir "$bin" seed --bulk "$size")
  echo "  $seeded"
  YATRA_DATA_DIR=$dir YATRA_ADDR=127.0.0.1:$port YATRA_LOG=warn "$bin" serve >"$dir/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
  base="http://127.0.0.1:$port"
  load "GET /healthz" "$base/healthz"
  load "GET /api/v1/users/guides (page 1)" "$base/api/v1/users/guides?page=1&limit=10"
  load "GET /api/v1/users/guides (page 50)" "$base/api/v1/users/guides?page=50&limit=10"
  load "GET /api/v1/users/guides?category=wildlife" "$base/api/v1/users/guides?limit=10&category=wildlife"
  load "GET /api/v1/users/search?query=french trekking" "$base/api/v1/users/search?query=french%20trekking&limit=12"
  load "GET /api/v1/users/search?query=tea&address=ilam" "$base/api/v1/users/search?query=tea&address=ilam&limit=12"
  load "GET /api/v1/users/search near Pokhara (20 km)" "$base/api/v1/users/search?lat=28.2096&lng=83.9595&radiusKm=20&limit=12"
  kill "$server"; wait "$server" 2>/dev/null || true
  rm -rf "$dir"
done

echo
echo "== client cache (spec section 9) at 1,000 entries: vitest bench in Node =="
(cd "$here/../web" && NO_COLOR=1 npm run --silent bench:cache 2>/dev/null | grep -E '·' | sed -E 's/^ *· *//' \
  | awk -F'  +' '{printf "  %-50s %14s ops/s\n", $1, $2}')

echo
echo "== size: initial JavaScript of the client, gzipped =="
dist="$here/../web/dist"
total=0
for asset in $(grep -oE '(src|href)="/assets/[^"]+\.js"' "$dist/index.html" | sed -E 's/.*"\/(assets\/[^"]+)"/\1/' | sort -u); do
  size=$(gzip -9c "$dist/$asset" | wc -c)
  total=$((total + size))
  printf '  %-50s %8d bytes gz\n' "$asset" "$size"
done
printf '%-52s %10d bytes gz (%d kB)\n' "initial JS total" "$total" $((total / 1024))

echo
echo "== Lighthouse (mobile): performance, accessibility, best practices, SEO =="
node "$here/lighthouse.mjs" "$url"
