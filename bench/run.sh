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
sizes=${BENCH_GUIDES:-100000}
backends=${BENCH_BACKENDS:-"sqlite postgres"}
soak_seconds=${BENCH_SOAK_SECONDS:-60}
soak_travellers=${BENCH_SOAK_TRAVELLERS:-20}

# BENCH_PARTS picks the sections to run (all by default), e.g. BENCH_PARTS=catalogue.
part() { [[ " ${BENCH_PARTS:-load soak catalogue cache size lighthouse} " == *" $1 "* ]]; }

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

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

yardstick=
last_rps=
compare() { # name, url: warm up, measure, and print the ratio to the yardstick (Express)
  local name=$1 url=$2 out rps p99 errors ratio
  wrk -t2 -c"$connections" -d3s "$url" >/dev/null
  out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "$url")
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx or 3xx responses/ {print $5}' <<<"$out")
  ratio=$(awk -v r="$rps" -v y="${yardstick:-$rps}" 'BEGIN {printf "%.1f", r / y}')
  last_rps=$rps
  printf '  %-46s %10s req/s   p99 %8s   %5s x Express   non-2xx %s\n' "$name" "$rps" "$p99" "$ratio" "${errors:-0}"
}

if part load; then
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
fi

echo
if part soak; then
echo "== soak: $soak_travellers travellers booking, guides approving, travellers paying (sandbox) for ${soak_seconds}s =="
python3 "$here/soak.py" "$url" "$soak_travellers" "$soak_seconds"
fi

# The public catalogue, on each database, against a yardstick measured in the same run: a
# plain Express 5 + better-sqlite3 server (bench/express) listing 10 rows of a 10,000-row
# table. Each figure follows a 3 s warm-up; "x Express" is its requests/s over the yardstick's.
express_dir="$here/express"
[ -d "$express_dir/node_modules" ] || (cd "$express_dir" && npm install --no-audit --no-fund >/dev/null)
express_port=$(free_port)
PORT=$express_port node "$express_dir/server.js" &
express=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$express_port/guides" >/dev/null 2>&1 && break; sleep 0.1; done
catalogue_db=
catalogue_server=
catalogue_dir=
stop_catalogue() {
  [ -z "$catalogue_server" ] || { kill "$catalogue_server" 2>/dev/null || true; wait "$catalogue_server" 2>/dev/null || true; }
  [ -z "$catalogue_db" ] || psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $catalogue_db WITH (FORCE)" >/dev/null 2>&1 || true
  [ -z "$catalogue_dir" ] || rm -rf "$catalogue_dir"
  catalogue_server= catalogue_db= catalogue_dir=
}
trap 'stop_catalogue; kill $express 2>/dev/null || true' EXIT
catalogue_env() { # env arguments for this round's database: SQLite in its data dir, or PostgreSQL
  if [ -n "$catalogue_db" ]; then
    echo "YATRA_DATA_DIR=$catalogue_dir YATRA_DATABASE_URL=postgres://postgres@127.0.0.1:5432/$catalogue_db"
  else
    echo "-u YATRA_DATABASE_URL YATRA_DATA_DIR=$catalogue_dir"
  fi
}

port=
start_catalogue_server() { # env arguments for the server beyond the database's
  port=$(free_port)
  # Through env, which becomes the server: $! is its pid.
  # MALLOC_ARENA_MAX as docs/operations.md#memory deploys it.
  env $(catalogue_env) "$@" MALLOC_ARENA_MAX=2 YATRA_ADDR=127.0.0.1:$port YATRA_LOG=warn "$bin" serve >>"$catalogue_dir/server.log" 2>&1 &
  catalogue_server=$!
  for _ in $(seq 1 300); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
}
stop_catalogue_server() {
  kill "$catalogue_server" 2>/dev/null || true
  wait "$catalogue_server" 2>/dev/null || true
}
vary() { # name, server's origin, file of paths: like compare, each request a random path of the file
  local name=$1 origin=$2 file=$3 out rps p99 errors timeouts ratio
  VARIED_URLS=$file wrk -t2 -c"$connections" -d3s -s "$here/varied.lua" "$origin" >/dev/null
  out=$(VARIED_URLS=$file wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/varied.lua" "$origin")
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx or 3xx responses/ {print $5}' <<<"$out")
  # Requests wrk gave up on after 2 s: not in the rate nor in p99, so said beside them.
  timeouts=$(awk '/Socket errors/ {print $NF}' <<<"$out")
  ratio=$(awk -v r="$rps" -v y="${yardstick:-$rps}" 'BEGIN {printf "%.2f", r / y}')
  last_rps=$rps
  printf '  %-56s %10s req/s   p99 %8s   %5s x Express   non-2xx %s   timeouts %s\n' "$name" "$rps" "$p99" "$ratio" "${errors:-0}" "${timeouts:-0}"
}

if part catalogue; then
for size in $sizes; do
  for backend in $backends; do
    echo
    echo "== catalogue at $size guides on $backend: wrk -t2 -c$connections -d${duration}s after a 3 s warm-up, release build =="
    catalogue_dir=$(mktemp -d /tmp/yatra-bench-catalogue.XXXXXX)
    if [ "$backend" = postgres ]; then
      catalogue_db=yatra_bench_$(basename "$catalogue_dir" | tr -cd 'a-zA-Z0-9' | tr 'A-Z' 'a-z')
      psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $catalogue_db" >/dev/null
    fi
    started=$(date +%s.%N)
    env $(catalogue_env) "$bin" seed --demo >/dev/null
    seeded=$(env $(catalogue_env) "$bin" seed --bulk "$size")
    echo "  $seeded (with the demo data: $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN {printf "%.0f", e - s}') s in all)"
    start_catalogue_server
    base="http://127.0.0.1:$port/api/v1"
    guide=$(curl -fsS "$base/users/guides?limit=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["guides"][0]["_id"])')
    tour=$(curl -fsS "$base/users/tours?limit=1&sort=days_desc" | python3 -c 'import json, sys; print(json.load(sys.stdin)["tours"][0]["_id"])')
    # BENCH_REPEATED=no leaves the repeated-URL figures out (a quicker varied-only run).
    if [ "${BENCH_REPEATED:-yes}" != no ]; then
    yardstick=
    compare "Express 5 + better-sqlite3: 10 rows of 10,000" "http://127.0.0.1:$express_port/guides"
    yardstick=$last_rps
    compare "GET /users/guides (page 1)" "$base/users/guides?page=1&limit=10"
    compare "GET /users/guides (page 50)" "$base/users/guides?page=50&limit=10"
    compare "GET /users/guides?category=wildlife" "$base/users/guides?limit=10&category=wildlife"
    compare "GET /users/search?query=french trekking" "$base/users/search?query=french%20trekking&limit=12"
    compare "GET /users/search?address=pokhara" "$base/users/search?address=pokhara&limit=12"
    compare "GET /users/search near Pokhara (20 km)" "$base/users/search?lat=28.2096&lng=83.9595&radiusKm=20&limit=12"
    compare "GET /users/guide/{id}" "$base/users/guide/$guide"
    compare "GET /users/tours (page 1)" "$base/users/tours?page=1&limit=12"
    compare "GET /users/tours (page 50)" "$base/users/tours?page=50&limit=12"
    compare "GET /users/tours 10-14 days, 2 people, <= \$1,500" "$base/users/tours?minDays=10&maxDays=14&groupSize=2&maxPrice=1500&limit=12"
    compare "GET /users/tours?q=everest&sort=price_asc" "$base/users/tours?q=everest&sort=price_asc&limit=12"
    compare "GET /users/tours?maxAltitudeM=3000&language=French" "$base/users/tours?maxAltitudeM=3000&language=French&limit=12"
    compare "GET /users/tour/{id} (the longest)" "$base/users/tour/$tour"
    compare "GET /users/tour/{id}/quote (2, SAARC)" "$base/users/tour/$tour/quote?groupSize=2&nationality=saarc"
    compare "GET /users/destinations" "$base/users/destinations"
    compare "GET /users/blogs (feed)" "$base/users/blogs?page=1&limit=6"
    fi

    # Varied traffic (issue 25): every request a URL drawn from thousands of its mix, with
    # the answer cache on (the default) and off; the yardstick reads random pages.
    varied_dir=$catalogue_dir/varied
    mkdir -p "$varied_dir"
    python3 "$here/varied.py" "$base" "$varied_dir" "${BENCH_VARIED_URLS:-4000}" >"$varied_dir/mixes"
    seq 1 1000 | sed 's#^#/guides?page=#' >"$varied_dir/express.txt"
    echo "  -- varied traffic: each request one of thousands of different URLs of its mix --"
    yardstick=
    vary "Express 5 + better-sqlite3: random pages 1-1000" "http://127.0.0.1:$express_port" "$varied_dir/express.txt"
    yardstick=$last_rps
    for cache in on off; do
      if [ "$cache" = off ]; then
        stop_catalogue_server
        start_catalogue_server YATRA_CATALOGUE_CACHE=false
      fi
      echo "  answer cache $cache:"
      while IFS=$'\t' read -r name file; do
        # BENCH_MIXES picks mixes by a pattern of their names, e.g. BENCH_MIXES='^(guides|search)'.
        [[ "$name" =~ ${BENCH_MIXES:-.} ]] || continue
        vary "$name" "http://127.0.0.1:$port" "$file"
      done <"$varied_dir/mixes"
      [ "$cache" = off ] || printf '  %-56s %10s MB\n' "server RSS after the varied run" $(( $(ps -o rss= -p "$catalogue_server") / 1024 ))
    done
    stop_catalogue
  done
done
fi

echo
if part cache; then
echo "== client cache (spec section 9) at 1,000 entries: vitest bench in Node =="
(cd "$here/../web" && NO_COLOR=1 npm run --silent bench:cache 2>/dev/null | grep -E '·' | sed -E 's/^ *· *//' \
  | awk -F'  +' '{printf "  %-50s %14s ops/s\n", $1, $2}')

fi
echo
if part size; then
echo "== size: initial JavaScript of the client, gzipped =="
dist="$here/../web/dist"
total=0
for asset in $(grep -oE '(src|href)="/assets/[^"]+\.js"' "$dist/index.html" | sed -E 's/.*"\/(assets\/[^"]+)"/\1/' | sort -u); do
  size=$(gzip -9c "$dist/$asset" | wc -c)
  total=$((total + size))
  printf '  %-50s %8d bytes gz\n' "$asset" "$size"
done
printf '%-52s %10d bytes gz (%d kB)\n' "initial JS total" "$total" $((total / 1024))
fi

echo
if part lighthouse; then
echo "== Lighthouse (mobile): performance, accessibility, best practices, SEO =="
node "$here/lighthouse.mjs" "$url"
fi
