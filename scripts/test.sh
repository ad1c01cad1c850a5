#!/usr/bin/env bash
# `make test`: ruff, the whole suite on SQLite (the screen's kernels ahead of time), then
# again on PostgreSQL when it is reachable (just in time; without tests/engine, which
# touches no database). Both passes run even if the first
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

# The screen's kernels built ahead of time from this very source (audits/validation/screen/
# ahead.py): the SQLite pass runs every test with them, the PostgreSQL pass just in time
# (numba), so that both compiled forms pass the whole suite.
"$VENV/bin/python" manage.py compile_kernels || failed+=("compile_kernels")
KERNELS=$("$VENV/bin/python" -c \
  'from audits.validation.screen import ahead; print("aot" if ahead.KERNELS.ahead else "jit")')
if [ "$KERNELS" != aot ]; then
  echo "NOTE: no kernels built ahead of time (no C compiler?): both passes run them just in time"
fi
phase "compile_kernels"

echo "SQLite pass: SCREEN_KERNELS=$KERNELS"
DATABASE_URL="sqlite:///$PWD/var/test.sqlite3" SCREEN_KERNELS=$KERNELS "${PYTEST[@]}" \
  || failed+=("SQLite pass")
phase "SQLite pass"

if "$VENV/bin/python" scripts/pg_available.py "$PG_ADMIN_URL"; then
  echo "PostgreSQL pass: DATABASE_URL=$PG_TEST_URL SCREEN_KERNELS=jit"
  DATABASE_URL="$PG_TEST_URL" SCREEN_KERNELS=jit "${PYTEST[@]}" --ignore=tests/engine \
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
