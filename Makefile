VENV := .venv
PY := $(VENV)/bin/python
PG_ADMIN_URL := postgresql://postgres@127.0.0.1:5432/postgres
PG_TEST_URL := postgresql://postgres@127.0.0.1:5432/compliance

.PHONY: serve install test fuzz lint fmt demo bench clean

install: $(VENV)/.installed

# The packages alone (`make test` compiles the kernels itself, beside its test databases).
$(VENV)/.packages: requirements.txt
	@start=$$(date +%s); \
	if python3.11 -c "" >/dev/null 2>&1; then python3.11 -m venv $(VENV); else python3 -m venv $(VENV); fi && \
	$(PY) -m pip install --upgrade pip && \
	$(PY) -m pip install -r requirements.txt && \
	touch $@ && \
	echo "== packages installed: $$(( $$(date +%s) - start )) s"

$(VENV)/.installed: $(VENV)/.packages
	@start=$$(date +%s); \
	$(PY) manage.py compile_kernels && \
	touch $@ && \
	echo "== the screen's kernels compiled: $$(( $$(date +%s) - start )) s"

# ruff, the SQLite pass, the PostgreSQL pass (scripts/test.sh): each ends with its seconds
test: $(VENV)/.packages
	@VENV=$(VENV) PG_ADMIN_URL=$(PG_ADMIN_URL) PG_TEST_URL=$(PG_TEST_URL) bash scripts/test.sh

# The API fuzz test wider and random: API_FUZZ_EXAMPLES examples per operation (default 100)
# and a random seed, printed so that a failure can be replayed: make fuzz API_FUZZ_SEED=N
API_FUZZ_EXAMPLES ?= 100
fuzz: $(VENV)/.packages
	@seed=$${API_FUZZ_SEED:-$$($(PY) -c 'import secrets; print(secrets.randbits(48))')}; \
	echo "API fuzz: seed $$seed, $(API_FUZZ_EXAMPLES) examples per operation (replay: make fuzz API_FUZZ_SEED=$$seed)"; \
	API_FUZZ_SEED=$$seed API_FUZZ_EXAMPLES=$(API_FUZZ_EXAMPLES) DATABASE_URL=$${DATABASE_URL:-sqlite:///$(CURDIR)/var/test.sqlite3} \
		$(VENV)/bin/pytest tests/compliance/test_api_fuzz.py -p no:cacheprovider; \
	status=$$?; echo "API fuzz: seed $$seed"; exit $$status

# make demo PORT=8001: serve on another port when 8000 is taken
PORT ?= 8000
demo: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	@# the simulated par sheets the registry needs, two at a time (PARSHEET_PROCESSES, docs/deploy.md)
	PARSHEET_PROCESSES=2 $(PY) manage.py load_registry data/registry/washington.yaml data/registry/demo.yaml
	@mkdir -p var/demo
	@# --reuse-round-ids: a second `make demo` deals the same file again (the same submission)
	$(PY) manage.py generate_handlog var/demo/october-2026.jsonl --start 2026-10-01 --days 31 \
		--reuse-round-ids --answer-key var/demo/october-2026.answers.jsonl
	@# exit status 1 means "findings": the sample log has deliberate errors
	$(PY) manage.py validate_handlog var/demo/october-2026.jsonl \
		--json-findings var/demo/october-2026.findings.jsonl || test $$? -eq 1
	@echo "Findings of the sample log: var/demo/october-2026.findings.jsonl"
	@# the second demo licensee's month: its own venue, tables and game
	$(PY) manage.py generate_handlog var/demo/cedar-october-2026.jsonl --venue WA-TC-0007 \
		--start 2026-10-01 --days 31 --seed 2027 --reuse-round-ids
	$(PY) manage.py validate_handlog var/demo/cedar-october-2026.jsonl || test $$? -eq 1
	$(PY) manage.py create_signing_identity
	$(PY) manage.py create_report_schedules wa-wsgc
	@echo "Signed audit report of the sample log:"
	$(PY) manage.py audit_report --submission var/demo/october-2026.jsonl \
		--out var/demo/october-2026-report.pdf
	$(PY) manage.py verify_report var/demo/october-2026-report.pdf
	$(PY) manage.py parsheet toss-one-21 --decks 1 --no-sensitivity
	$(PY) manage.py create_demo_accounts --site http://127.0.0.1:$(PORT)
	@# DEMO_LIVE=1 make demo: a simulator plays the demo venue's tables against the served API
	@if [ -n "$(DEMO_LIVE)" ]; then \
		secret=$$($(PY) manage.py create_table_token WA-CR-0042 "demo simulator" | sed -n 2p); \
		echo "Live rounds: see Monitoring, live rounds (a simulator plays the tables for 400 s)"; \
		(sleep 5; $(PY) manage.py simulate_tables --token "$$secret" --rounds 2000 --speed 5) & \
	fi
	@echo "Serving on http://127.0.0.1:$(PORT)/ (API docs at http://127.0.0.1:$(PORT)/api/docs/); Ctrl-C stops it"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# Production-shaped: gunicorn, a Celery worker and beat; needs DATABASE_URL, CELERY_BROKER_URL,
# DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DJANGO_DEBUG=false (see docs/deploy.md).
serve: $(VENV)/.installed
	VENV=$(VENV) bash deploy/serve.sh

bench: $(VENV)/.installed
	$(PY) bench/run.py
	$(PY) bench/validation.py --workers 2
	$(PY) bench/live_load.py
	@# monitoring: false alarms and detection for every game over venue-years (docs/monitoring.md)
	$(PY) bench/monitoring_rates.py --years 10
	$(PY) bench/clean_year.py

lint: $(VENV)/.packages
	$(VENV)/bin/ruff check .

fmt: $(VENV)/.packages
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf var .pytest_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +
