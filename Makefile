# Riffline: `make start` runs the product on embedded defaults at http://localhost:3000,
# `make test` runs every test suite (starting PostgreSQL databases, Kafka, S3 and SMTP as needed).
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
export KAFKAJS_NO_PARTITIONER_WARNING := 1

.PHONY: start test test-tools unit e2e e2e-web-artist e2e-web-admin verify lint format build install kafka clean bench bench-pipeline replay stack stack-stop soak

# Runs `npm ci` on the first run and whenever a package.json or package-lock.json changed (by content).
install:
	@bin/install.sh

# Builds each web app whose inputs changed since its last build (content hashes, see bin/build.ts);
# `make build FORCE=1` rebuilds both.
build: install
	@node bin/build.ts $(if $(FORCE),--force)

start: build
	@tsx bin/start.ts

# Every suite: unit and integration (vitest: PostgreSQL, Kafka, S3, SMTP) and the browser suites
# (Playwright in Debian's Chromium against the real app). Outside CI a missing Chromium skips the
# browser suites with a warning; in CI it fails the run. Each suite appends its counts to a tally file
# and the run closes with one plain line for all of them: `N passed, N failed, N skipped`.
# The two browser suites run first, side by side (each printing its whole output as it ends), then vitest:
# all three at once left each browser suite a sixth of 2 cores, its one-process server (API, workers and
# PGlite) answering slower than a page's wait for it. Every suite runs even when one before it failed.
TALLY := $(CURDIR)/.data/test-tally.jsonl
test:
	@rm -f $(TALLY)
	@export RIFFLINE_TEST_TALLY=$(TALLY); \
	  $(MAKE) --no-print-directory --jobs=2 --output-sync=target e2e; browsers=$$?; \
	  $(MAKE) --no-print-directory unit; unit=$$?; \
	  node bin/testTotal.ts $(TALLY) && [ $$browsers = 0 ] && [ $$unit = 0 ]

# The export tests validate DDEX ERN messages with xmllint (the browser suites too, for what reaches a test
# store), the statements tests read their PDFs with pdftotext, the compose test adapts the Caddyfile with
# caddy, the delivery tests need OpenSSH's server (each installed by infra/test-tools.sh or infra/sftp.sh
# when missing and allowed); outside CI the unit tests' ERN and Caddy checks are skipped without their tool,
# and the PDF, SFTP and browser suites' ERN tests fail; in CI any of them missing fails the run.
test-tools:
	@infra/test-tools.sh || if [ -n "$$CI" ]; then echo "CI: the tests need xmllint, pdftotext and caddy" >&2; exit 1; \
	else echo "WARNING: a test tool is missing (see above): the unit tests' ERN checks are skipped; the PDF test and the browser suites' ERN tests fail" >&2; fi
	@infra/sftp.sh || if [ -n "$$CI" ]; then echo "CI: the delivery tests need openssh-server" >&2; exit 1; \
	else echo "WARNING: no openssh-server (see above): the SFTP tests fail" >&2; fi

unit: install test-tools
	npm test

# Both web apps' browser suites (each with a server of its own); `make test` runs them side by side.
e2e: e2e-web-artist e2e-web-admin

e2e-web-artist e2e-web-admin: e2e-%: build test-tools
	@if infra/chromium.sh; then npm run e2e -w $*; \
	elif [ -n "$$CI" ]; then echo "CI: the browser suites need Chromium" >&2; exit 1; \
	else echo "WARNING: browser suites skipped: no Chromium" >&2; fi

# The longer checks. The route fuzz (test/security/fuzz.int.test.ts) with 1,000 invalid inputs per route
# instead of `make test`'s 200 (`FUZZ_RUNS=5000 make verify` goes further; FUZZ_SEED replays a run); in CI
# `make test` has run it already. Then the fault run (test/verify/faults.verify.ts): the topology of
# `make stack` under a load of real commands, each part killed in turn, on Kafka and on the Postgres log;
# it prints writes accepted, events handled, doubled, lost, emails sent twice and seconds to recover per
# fault, and fails on anything doubled or lost. In CI (or VERIFY_SHORT=1) its windows are seconds long.
verify: build
	@infra/sftp.sh
	$(if $(CI),,FUZZ_RUNS=$(or $(FUZZ_RUNS),1000) RIFFLINE_TEST_KAFKA=0 vitest run test/security/fuzz.int.test.ts)
	vitest run --config test/verify/vitest.config.ts test/verify/faults.verify.ts

# Steady mixed load on the same topology for SOAK_MINUTES (30; 3 in CI), sampled as it goes (RSS, event
# lag, p99, connections): it fails on a growth trend, a stuck consumer, or anything doubled or lost.
soak: build
	@infra/sftp.sh
	vitest run --config test/verify/vitest.config.ts test/verify/soak.verify.ts

lint: install
	npm run lint

format: install
	npm run format

# Benchmarks the API beside a bare Koa + pg server on the machine's PostgreSQL (DATABASE_URL), then the web
# apps (built first): initial JavaScript per page and Lighthouse in Debian's Chromium (installed by
# infra/chromium.sh when missing and allowed; without it the Lighthouse report is skipped). It never fails:
# it prints its report and rewrites its section of docs/benchmarks.md (date, commit, machine, results).
bench: build
	@infra/chromium.sh || echo "WARNING: no Chromium: the Lighthouse report is skipped" >&2
	tsx bench/run.ts

# The event pipeline (commit -> projection latency at 200 events/s, backlog drained per second) on the
# Postgres log and on Kafka (infra/kafka), and a 1,000,000-line store-report import beside a raw COPY of
# the same file (bench/pipeline.ts). It never fails: it prints its report and rewrites its section of
# docs/benchmarks.md. BENCH_IMPORT_LINES, BENCH_PIPELINE_LOGS and the like make a smaller, partial run.
bench-pipeline: install
	tsx bench/pipeline.ts

# Rebuilds the store-report projections (analytics, royalties, report lines) and the admin stats from the event log on the
# configured database (DATABASE_URL, else the embedded one: stop `make start` first). See docs/operations.md (Replay).
replay: install
	@tsx workers/src/replay.main.ts

# A local Kafka broker for `KAFKA_BROKERS=127.0.0.1:9092 make start`; it keeps its data in .data/kafka
# across restarts (`make kafka FRESH=1` starts clean).
kafka: install
	$(if $(FRESH),KAFKA_FRESH=1) tsx infra/kafka/start.ts

# The production topology without Docker (infra/stack/): its own PostgreSQL cluster, Kafka, S3, SFTP and SMTP,
# two API processes behind nginx (Debian's nginx-light, installed when missing and allowed) and two workers
# processes in one consumer group, in the background with its data in .data/stack. `make stack-stop` ends it.
stack: build
	@infra/sftp.sh
	@tsx infra/stack/main.ts start

stack-stop: install
	@tsx infra/stack/main.ts stop

clean:
	rm -rf web-artist/dist web-admin/dist infra/kafka/lib
