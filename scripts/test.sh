#!/usr/bin/env bash
# `make test`: ruff, then the suite in two passes side by side, one core each: on SQLite, the
# tests that touch no database and a share of those that do (buckets 0-4 of 10, by the test's
# id: `--database-buckets`, conftest.py); on PostgreSQL, the other database tests and every
# test that needs PostgreSQL itself. Each test runs once, on one of the two databases; both
# databases are run by the tests of every room. DATABASE_TESTS_ON_BOTH=1 runs every database
# test on both (twice the time). Without PostgreSQL, the SQLite pass runs every test. Every
# line of the passes' output is prefixed with its pass ("sqlite |", "postgres |"). Every pass
# runs even if another fails; the exit status is non-zero if any phase failed. Each phase
# ends with a line of its elapsed seconds, and each pass lists its slowest tests and what its
# tests waited for.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh

VENV=${VENV:-.venv}
# Bytecode kept: where the shell sets PYTHONDONTWRITEBYTECODE (this machine's does), every
# process the tests start (workers, gunicorn, commands) would compile the sources again, and
# each pass rewrite and compile every test module again at collection (__pycache__ is
# git-ignored). The sources are compiled once, beside the kernels.
unset PYTHONDONTWRITEBYTECODE
PG_ADMIN_URL=${PG_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
PG_TEST_URL=${PG_TEST_URL:-postgresql://postgres@127.0.0.1:5432/compliance}
PYTEST=("$VENV/bin/pytest" --durations=25 --durations-min=1.0)
failed=()
mkdir -p var
rm -f var/test-sqlite.status var/test-postgres.status  # a pass that never ends has none

"$VENV/bin/ruff" check . || failed+=("ruff")
phase "ruff"

# Before the passes, side by side: the screen's kernels compiled into numba's cache, as
# `make install` does; and the databases the tests that run the service in a process of their
# own start from (migrated, then with the registry loaded: computing the engine's simulated
# par sheets into var/parsheets/, which every later process reads instead).
"$VENV/bin/python" manage.py compile_kernels >var/test-kernels.log 2>&1 &
kernels_job=$!
"$VENV/bin/python" -m compileall -q -j 2 audits games compliance bench scripts tests conftest.py \
  manage.py >/dev/null || failed+=("compileall")
bash scripts/test_databases.sh "$VENV" var/test-migrated.sqlite3 var/test-registry.sqlite3 \
  || failed+=("test databases")
wait "$kernels_job" || failed+=("compile_kernels")
cat var/test-kernels.log
export TEST_MIGRATED_SQLITE=$PWD/var/test-migrated.sqlite3
export TEST_REGISTRY_SQLITE=$PWD/var/test-registry.sqlite3
phase "compile_kernels, and the test databases with the registry loaded"

# pass NAME DATABASE_URL PYTEST-ARGS...: the pass's output prefixed with its name; its exit
# status written to var/test-NAME.status
pass() {
  local name=$1 url=$2
  shift 2
  local started
  started=$(date +%s)
  DATABASE_URL="$url" "${PYTEST[@]}" "$@" 2>&1 | sed -u "s/^/$name | /"
  echo "${PIPESTATUS[0]}" >"var/test-$name.status"
  echo "== $name pass: $(($(date +%s) - started)) s"
}

SQLITE_SHARE=(--database-buckets=0-4)
POSTGRES_SHARE=(--database-buckets=5-9)
if [ -n "${DATABASE_TESTS_ON_BOTH:-}" ]; then
  SQLITE_SHARE=()
  POSTGRES_SHARE=()
fi

passes=(sqlite)
if "$VENV/bin/python" scripts/pg_available.py "$PG_ADMIN_URL"; then
  echo "PostgreSQL pass: DATABASE_URL=$PG_TEST_URL, beside the SQLite pass"
  pass sqlite "sqlite:///$PWD/var/test.sqlite3" "${SQLITE_SHARE[@]}" &
  sqlite_job=$!
  passes+=(postgres)
  pass postgres "$PG_TEST_URL" --database-tests-only --ignore=tests/engine "${POSTGRES_SHARE[@]}" &
  postgres_job=$!
  wait "$postgres_job"
else
  echo "SKIPPED: PostgreSQL not reachable at $PG_ADMIN_URL; the PostgreSQL pass did not run," \
    "so the SQLite pass runs every database test"
  pass sqlite "sqlite:///$PWD/var/test.sqlite3" &
  sqlite_job=$!
fi
wait "$sqlite_job"
phase "SQLite and PostgreSQL passes"

for name in "${passes[@]}"; do
  [ "$(cat "var/test-$name.status" 2>/dev/null)" = "0" ] || failed+=("$name pass")
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "make test: every phase passed"
