#!/usr/bin/env bash
# `make test`, before the passes: VENV MIGRATED REGISTRY. A SQLite database with every
# migration applied (MIGRATED), and a copy of it with the Washington and demo registry loaded
# (REGISTRY), which the tests that run the service in a process of their own copy
# (tests/conftest.py, TEST_MIGRATED_SQLITE and TEST_REGISTRY_SQLITE).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$1 migrated=$2 registry=$3
rm -f "$migrated" "$registry"
DATABASE_URL="sqlite:///$PWD/$migrated" "$venv/bin/python" manage.py migrate --noinput -v 0
cp "$migrated" "$registry"
# the simulated par sheets two at a time (PARSHEET_PROCESSES): the kernels' compile beside it
# takes about as long
PARSHEET_PROCESSES=2 DATABASE_URL="sqlite:///$PWD/$registry" "$venv/bin/python" manage.py load_registry \
  data/registry/washington.yaml data/registry/demo.yaml >/dev/null
