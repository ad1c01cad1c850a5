"""How the work behind the doors is done: Celery's broker, queues and schedules, the chunks a
worker takes, the embedded mode's thread, and whether the screen validates."""

import os

from compliance.settings_parts.environment import BASE_DIR, env_bool

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or "memory://"
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = env_bool(
    "CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL.startswith("memory://")
)
CELERY_TASK_EAGER_PROPAGATES = CELERY_TASK_ALWAYS_EAGER
# The embedded mode has no worker: an upload's validation runs in a thread of the web process,
# so the page answers at once and follows its progress (one validation at a time; SQLite
# takes one writer).  Off, it runs in the request (the tests, and any caller that wants the
# result in the answer).
EMBEDDED_VALIDATION_THREAD = env_bool("EMBEDDED_VALIDATION_THREAD", True)
# The lines of a chunk: the unit of work one worker task takes, and the progress bar's step.
SUBMISSION_CHUNK_LINES = int(os.environ.get("SUBMISSION_CHUNK_LINES") or 50_000)
# The screen (audits/validation/screen): clean rounds counted in columns, the rest judged by
# the exact path alone. AUDITS_SCREEN=false sends every line the exact way (slower, the same
# findings); a machine without numba does so too.
AUDITS_SCREEN = env_bool("AUDITS_SCREEN", True)
# A worker whose kernels are not compiled (an upgrade whose `manage.py compile_kernels` has not
# run) validates on the exact path meanwhile and starts that command in a process of its own;
# false: it only says so in the log (audits/submissions/run/screen_switch.py).
AUDITS_KERNELS_COMPILE_APART = env_bool("AUDITS_KERNELS_COMPILE_APART", True)
# What a Celery worker does when it starts, before its pool's processes (which inherit it):
# the kernels loaded and the defined side wagers read, so that its first chunk costs what the
# next ones do (about a second); AUDITS_WORKER_WARM=false: nothing (the first chunk does it).
AUDITS_WORKER_WARM = (
    "audits.submissions.run.worker_warm" if env_bool("AUDITS_WORKER_WARM", True) else ""
)
# The engine's simulated par sheets (the blackjack family's, a minute of processor time a
# registry) kept between processes, in a folder of the engine's sources' fingerprint
# (games/services/sheet_cache.py); empty: computed in every process.
PARSHEET_CACHE_DIR = os.environ.get("PARSHEET_CACHE_DIR", str(BASE_DIR / "var" / "parsheets"))
# The processes a command loading a registry computes the sheets it has not kept in (the
# variants of a rule version at once: `make test` and `make demo` use 2); 1: in its own.
PARSHEET_PROCESSES = int(os.environ.get("PARSHEET_PROCESSES") or 1)
# When a submission's validation finishes (through Celery), request and generate its report.
AUDITS_REPORT_ON_FINISH = env_bool("AUDITS_REPORT_ON_FINISH", False)
# The queue tasks are sent to, and that a worker started without -Q consumes; the tasks a
# worker dispatches itself (a submission's chunks) go there too.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE") or "celery"
# Chunks are long tasks: a worker takes one at a time, so a crash returns at most one.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis returns a dead worker's unacknowledged tasks after this many seconds (RabbitMQ at once).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT") or 3600)
}
# Report schedules live in the database (django-celery-beat), editable by reviewers.
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Beat closes the gaming days of live rounds that have ended (idempotent), and sends again the
# chunks of live posts whose message never reached a worker, every LIVE_SWEEP_SECONDS (60).
LIVE_SWEEP_SECONDS = float(os.environ.get("LIVE_SWEEP_SECONDS") or 60)
CELERY_BEAT_SCHEDULE = {
    "close-live-days": {"task": "audits.live.tasks.close_live_days",
                        "schedule": LIVE_SWEEP_SECONDS},
    "resend-live-chunks": {"task": "audits.live.tasks.resend_live_chunks",
                           "schedule": LIVE_SWEEP_SECONDS},
}  # fmt: skip
# The worker logs through the settings' LOGGING (JSON lines with the ids), not Celery's own
# format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
