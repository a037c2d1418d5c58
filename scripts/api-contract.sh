#!/usr/bin/env bash
# api-contract.sh [SCHEMATHESIS OPTIONS...]: fuzzes the running server's OpenAPI document
# with schemathesis (settings in scripts/schemathesis.toml). Run it through with-server.sh,
# which sets YATRA_URL and seeds the demo accounts. Each operation runs once, signed in as
# the demo account whose role it serves, so that it is exercised beyond the 401/403 answer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
st=${SCHEMATHESIS:-$HOME/.cache/yatra-schemathesis/bin/schemathesis}
token() {
  curl -fsS "$YATRA_URL/api/v1/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1@demo.yatra.np\",\"password\":\"namaste-yatra\"}" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}
status=0
run() {
  local who=$1; shift
  echo "=== API contract, signed in as the demo $who"
  PYTHONPATH="$root/scripts" "$st" --config-file "$root/scripts/schemathesis.toml" run \
    "$YATRA_URL/api/v1/openapi.json" --header "Authorization: Bearer $(token "$who")" "$@" || status=1
}
run admin --include-path-regex '^/api/v1/admin/' "$@"
run guide --include-path-regex '^/api/v1/(guides/|tours(/|$)|notifications/guide)' "$@"
run traveller --exclude-path-regex '^/api/v1/(admin/|guides/|tours(/|$)|notifications/guide)' "$@"
exit $status
