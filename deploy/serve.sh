#!/usr/bin/env bash
# Production-shaped mode on one machine: gunicorn, one Celery worker and beat, against the
# PostgreSQL, broker and storage the environment names.  Ctrl-C stops all three.
# Several machines: run `celery -A compliance worker` on each (see docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
: "${DATABASE_URL:?set DATABASE_URL=postgresql://...}"
: "${CELERY_BROKER_URL:?set CELERY_BROKER_URL=redis://... or amqp://...}"
export CELERY_RESULT_BACKEND=${CELERY_RESULT_BACKEND:-$CELERY_BROKER_URL}

"$VENV/bin/python" manage.py check --deploy --fail-level ERROR
"$VENV/bin/python" manage.py migrate --noinput
"$VENV/bin/python" manage.py collectstatic --noinput -v0
"$VENV/bin/python" manage.py compile_kernels  # into numba's cache: no validation compiles them

pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait || true; }
trap stop EXIT INT TERM
# the validation queue and the alerts' own (LIVE_ALERTS_QUEUE): a slow webhook holds no validation
"$VENV/bin/celery" -A compliance worker -l INFO --concurrency "${WORKER_CONCURRENCY:-2}" \
  -Q "${CELERY_TASK_DEFAULT_QUEUE:-celery},${LIVE_ALERTS_QUEUE:-alerts}" &
pids+=($!)
"$VENV/bin/celery" -A compliance beat -l INFO &
pids+=($!)
"$VENV/bin/gunicorn" compliance.wsgi -c deploy/gunicorn.conf.py &
pids+=($!)
wait -n "${pids[@]}"  # one of them stopped: stop the others too
