#!/usr/bin/env bash
# `make test`: ruff, the whole suite on SQLite, then again on PostgreSQL when it is reachable
# (without tests/engine, which touches no database). Both passes run even if the first
# fails; the exit status is non-zero if any phase failed. Each phase ends with a line of its
# elapsed seconds, and each pass lists its slowest tests and what its tests waited for.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh

VENV=${VENV:-.venv}
PG_ADMIN_URL=${PG_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
PG_TEST_URL=${PG_TEST_URL:-postgresql://postgres@127.0.0.1:5432/compliance}
PYTEST=("$VENV/bin/pytest" --durations=25 --durations-min=1.0)
failed=()

"$VENV/bin/ruff" check . || failed+=("ruff")
phase "ruff"

# The screen's kernels compiled into numba's cache first, as `make install` does.
"$VENV/bin/python" manage.py compile_kernels || failed+=("compile_kernels")
phase "compile_kernels"

DATABASE_URL="sqlite:///$PWD/var/test.sqlite3" "${PYTEST[@]}" || failed+=("SQLite pass")
phase "SQLite pass"

if "$VENV/bin/python" scripts/pg_available.py "$PG_ADMIN_URL"; then
  echo "PostgreSQL pass: DATABASE_URL=$PG_TEST_URL"
  DATABASE_URL="$PG_TEST_URL" "${PYTEST[@]}" --ignore=tests/engine \
    || failed+=("PostgreSQL pass")
  phase "PostgreSQL pass"
else
  echo "SKIPPED: PostgreSQL not reachable at $PG_ADMIN_URL; the PostgreSQL pass did not run"
fi

if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "make test: every phase passed"
