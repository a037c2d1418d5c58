# Yatra: `make run` to try it, `make test` to check it, `make bench` to measure it.
# Every target installs what it needs on a fresh Debian machine (run as root).

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/yatra-target
DEBUG_BIN   := $(CARGO_TARGET_DIR)/debug/yatra
RELEASE_BIN := $(CARGO_TARGET_DIR)/release/yatra
CARGO_FLAGS := --locked --manifest-path server/Cargo.toml

.PHONY: run test bench deps-web deps-bench deps-browser web server-debug server-release \
        test-server test-server-sqlite test-server-postgres test-server-s3 test-web test-e2e check-api-types \
        check-docs check-server-style \
        test-api-contract deps-schemathesis deps-moto deps-cluster cluster cluster-test

# The sandbox checkout stands in for Stripe on a machine to try Yatra on; a real server
# leaves YATRA_PAYMENTS_SANDBOX unset and sets the Stripe keys.
run: deps-web web server-release
	YATRA_WEB_DIR=web/dist $(RELEASE_BIN) seed --demo
	MALLOC_ARENA_MAX=2 YATRA_WEB_DIR=web/dist YATRA_PAYMENTS_SANDBOX=true YATRA_NPR_PER_USD=133.5 $(RELEASE_BIN) serve

# One stage after another, each timed (docs/testing.md).
TEST_STAGES := deps-web deps-browser check-docs check-server-style check-api-types \
  test-server-sqlite test-server-postgres test-server-s3 test-api-contract test-web test-e2e
test:
	@MAKE="$(MAKE)" scripts/stages.sh $(TEST_STAGES)
	@echo "make test: all suites passed"

# The docs' relative links (files and #anchors) all lead somewhere.
check-docs:
	python3 scripts/check-doc-links.py

# rustfmt (server/rustfmt.toml) and clippy with every warning an error (lints in
# server/Cargo.toml). The module layers are checked by server/tests/layers.rs in `cargo test`.
check-server-style:
	cargo fmt --manifest-path server/Cargo.toml --all --check
	cargo clippy --all-targets $(CARGO_FLAGS) -- -D warnings

bench: deps-web deps-browser deps-bench web server-release
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	YATRA_RATE_LIMITS=false scripts/with-server.sh $(RELEASE_BIN) bench/run.sh

# Not `npm ci`: the registry mirror here lacks other platforms' optional packages (e.g.
# Tailwind's oxide binaries for macOS), which `npm ci` insists on seeing in the lock.
# `npm install` installs exactly the locked tree and leaves package-lock.json unchanged.
deps-web:
	cd web && npm install --no-audit --no-fund

deps-bench:
	cd bench/lighthouse && npm install --no-audit --no-fund
	cd bench/express && npm install --no-audit --no-fund

deps-browser:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

web:
	cd web && npm run build

# With the tests: one build with the features the tests' dependencies add, so that
# `cargo test` afterwards does not compile the dependencies a second time.
server-debug:
	cargo build --all-targets $(CARGO_FLAGS)

server-release:
	cargo build --release $(CARGO_FLAGS)

# The client's API types are generated from the server's OpenAPI document; both
# checked-in copies must match what the code says now.
check-api-types: server-debug
	$(DEBUG_BIN) openapi > web/openapi.json
	cd web && npm run --silent gen:api
	@git diff --exit-code -- web/openapi.json web/src/lib/api-schema.d.ts \
	  || (echo "API types are stale: commit the regenerated web/openapi.json and web/src/lib/api-schema.d.ts" && exit 1)

test-server: test-server-sqlite test-server-postgres test-server-s3

# Both server runs have a real SMTP server (aiosmtpd from PyPI, installed in a venv on
# first use) for the email tests; scripts/with-smtp.sh starts and stops it.
test-server-sqlite:
	YATRA_TEST_BACKEND=sqlite scripts/with-smtp.sh cargo test $(CARGO_FLAGS)

# PostgreSQL is mandatory in CI; elsewhere a missing server skips loudly.
test-server-postgres:
	@if scripts/postgres-ready.sh; then \
	  YATRA_TEST_BACKEND=postgres scripts/with-smtp.sh cargo test $(CARGO_FLAGS); \
	elif [ -n "$$CI" ]; then \
	  echo "PostgreSQL is not reachable on 127.0.0.1:5432 and CI requires it" >&2; exit 1; \
	else \
	  echo; echo "!!! SKIPPING the PostgreSQL server tests: no PostgreSQL on 127.0.0.1:5432 !!!"; echo; \
	fi

# The media store's S3 path against a real S3-compatible server (moto, from PyPI) on a
# free port; the tests named media::s3_* skip loudly in the other runs.
test-server-s3: deps-moto
	@port=$$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'); \
	log=$$(mktemp); \
	moto_server -p $$port >$$log 2>&1 & moto=$$!; \
	trap 'kill $$moto 2>/dev/null; rm -f $$log' EXIT; \
	for i in $$(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$$port) 2>/dev/null && break; sleep 0.2; done; \
	(exec 3<>/dev/tcp/127.0.0.1/$$port) 2>/dev/null || { echo "moto_server did not start:"; cat $$log; exit 1; }; \
	YATRA_TEST_S3_ENDPOINT=http://127.0.0.1:$$port cargo test $(CARGO_FLAGS) media::s3_

deps-moto:
	@command -v moto_server >/dev/null || { \
	  python3 -m pip --version >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip); \
	  python3 -m pip install --quiet 'moto[server]' || python3 -m pip install --quiet --break-system-packages 'moto[server]'; \
	}

# Several replicas on one machine (README "Running several replicas"): PostgreSQL on
# 127.0.0.1:5432 (a new database, dropped after), moto as the S3 bucket, three `yatra serve`
# and HAProxy (deploy/haproxy.cfg) on http://127.0.0.1:8080 (YATRA_CLUSTER_PORT). Ctrl-C stops it.
deps-cluster: deps-moto
	@command -v haproxy >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy)
	@scripts/postgres-ready.sh || { echo "make cluster needs PostgreSQL on 127.0.0.1:5432 (user postgres)" >&2; exit 1; }

cluster: deps-web deps-cluster web server-debug
	python3 scripts/cluster/cluster.py serve $(DEBUG_BIN)

# The same cluster on free ports: the browser journeys through the balancer, the soak with
# one replica killed (SIGKILL) and another stopped (SIGTERM) and both restarted, the
# database counted against every answer, then a pg_dump restored and compared. Not part of
# `make test` (it takes several minutes); CLUSTER_SOAK_SECONDS, CLUSTER_SOAK_TRAVELLERS.
cluster-test: deps-web deps-browser deps-cluster web server-debug
	python3 scripts/cluster/cluster.py test $(DEBUG_BIN)

test-web:
	cd web && npm run lint && npm test

test-e2e: web server-debug
	scripts/both-databases.sh scripts/with-server.sh $(DEBUG_BIN) bash -c 'cd web && npm run --silent e2e' \
	  || { cd web && node scripts/e2e-failures.mjs test-results/sqlite-report.json test-results/postgres-report.json; exit 1; }

# The API contract: schemathesis (PyPI, pinned) fuzzes /api/v1/openapi.json against a live
# server with the demo data, on SQLite and on PostgreSQL, with every check: a request the
# document calls valid must be accepted, an invalid one refused, and every answer must be
# one the document lists, in the shape it gives. Settings (seed, the few operations whose
# rules tie fields together) are in scripts/schemathesis.toml; scripts/api-contract.sh signs
# in as the demo admin, guide and traveller for the operations each one serves.
SCHEMATHESIS_VENV := $(HOME)/.cache/yatra-schemathesis
SCHEMATHESIS_VERSION := 4.32.5
# Every check runs (`[checks] enabled = true` in the toml; not `--checks all` here, which
# would override the toml's per-operation settings). A handful of examples per operation
# and phase keeps each database to a few minutes on two cores, while every operation
# still sees valid, invalid and stateful requests.
# One worker: with two, Hypothesis (6.x, in schemathesis 4.32.5) sometimes raised a
# KeyError from its lambda-description cache, shared by the worker threads, while building
# the Tourist Buddy's request body ("Inconsistent results", a runtime error, not a finding);
# the two databases' runs already go side by side.
# `too_slow` is Hypothesis judging how fast it makes multipart bodies on a loaded machine,
# not anything about the API, and it once stopped the run on a busy CI machine.
API_CONTRACT_FLAGS := --max-examples 15 --workers 1 --no-color --suppress-health-check too_slow \
  --exclude-path /api/v1/notifications/stream \
  --exclude-path /api/v1/payments/stripe/webhook
# Excluded above, and why:
# - GET /api/v1/notifications/stream is a Server-Sent Events stream that stays open: its
#   framing is not a JSON body schemathesis can check, and a request never ends on its own.
#   Its authentication is covered by the server tests (notifications).
# - POST /api/v1/payments/stripe/webhook accepts only bodies signed with the webhook secret
#   (HMAC of the exact bytes): no generated request can be valid, so "valid data accepted"
#   cannot hold. Its refusals are covered by the server tests (payments).

deps-schemathesis:
	@if ! $(SCHEMATHESIS_VENV)/bin/schemathesis --version 2>/dev/null | grep -q ' $(SCHEMATHESIS_VERSION)$$'; then \
	  python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null \
	    || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv); \
	  python3 -m venv $(SCHEMATHESIS_VENV) && \
	  $(SCHEMATHESIS_VENV)/bin/pip install --quiet schemathesis==$(SCHEMATHESIS_VERSION); \
	fi

test-api-contract: deps-schemathesis server-debug
	SCHEMATHESIS=$(SCHEMATHESIS_VENV)/bin/schemathesis scripts/both-databases.sh \
	  scripts/with-server.sh $(DEBUG_BIN) scripts/api-contract.sh $(API_CONTRACT_FLAGS)
