"""Django settings. Everything deployment-specific comes from the environment."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from compliance.fixed_settings import (  # noqa: F401  (the same in every environment)
    AUTH_PASSWORD_VALIDATORS,
    CONTENT_SECURITY_POLICY,
    REST_FRAMEWORK,
    SPECTACULAR_SETTINGS,
)
from compliance.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)
#: Production mode is DJANGO_DEBUG=false: it refuses to start without a real secret key and
#: the host names it serves, and its cookies travel over HTTPS only.
INSECURE_KEY_PREFIX = "django-insecure"

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
if not DEBUG:
    if len(SECRET_KEY) < 50 or SECRET_KEY.startswith(INSECURE_KEY_PREFIX):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set to a random value of at least 50 characters when "
            "DJANGO_DEBUG is false (python -c 'import secrets; print(secrets.token_urlsafe(64))')"
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must name the served hosts in production")
elif not SECRET_KEY:
    SECRET_KEY = f"{INSECURE_KEY_PREFIX}-development-only-key"

SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS") or 0)
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", False)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
if env_bool("DJANGO_BEHIND_TLS_PROXY", False):  # the proxy sets X-Forwarded-Proto
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "django_celery_beat",
    "knox",
    "axes",
    "csp",
    "compliance",
    "games",
    "audits",
    "audits.submissions",
    "audits.monitoring",
    "audits.investigations",
    "audits.reports",
    "audits.live",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "compliance.logs.RequestIdMiddleware",
    # before anything reads a body: each door's size limit (413), no chunked body (411)
    "compliance.body_limits.BodyLimitMiddleware",
    # a NUL in the path, a query or a form field: 400 (PostgreSQL cannot hold one)
    "compliance.nul_refusal.NulRefusalMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # pages show times in the user's jurisdiction's time zone (the API names each record's)
    "games.user_zones.JurisdictionTimezoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Content-Security-Policy on every answer (django-csp): no inline script or style
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # last: turns a locked-out sign-in into its 429 answer (compliance/signin_guard.py)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "compliance.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "audits.doors.pages.role",
            ],
        },
    },
]

WSGI_APPLICATION = "compliance.wsgi.application"
ASGI_APPLICATION = "compliance.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}",
        conn_max_age=60,
        # a connection the database dropped (a restart) is replaced before the next request
        conn_health_checks=True,
    ),
}
# A file-backed SQLite database needs its directory (var/ by default) to exist. The embedded
# mode serves several requests at once: readers never wait for the writer (WAL), a writer
# takes the lock when its transaction begins (IMMEDIATE: no "database is locked" when a reader
# turns writer) and waits up to SQLITE_BUSY_SECONDS for another writer to finish.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _sqlite_name = str(DATABASES["default"].get("NAME") or "")
    if _sqlite_name and _sqlite_name != ":memory:":
        Path(_sqlite_name).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": int(os.environ.get("SQLITE_BUSY_SECONDS") or 60),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Failed sign-ins are limited on every door (django-axes, compliance/signin_guard.py): after
# SIGNIN_FAILURE_LIMIT failures for one account or from one address, sign-in there is locked
# for SIGNIN_LOCK_MINUTES (429). Every limit per address (these, the API's, the pages') counts
# the socket's; behind TRUSTED_PROXY_HOPS (0) reverse proxies that each append to
# X-Forwarded-For, the one the outermost of them saw (compliance/client_address.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("SIGNIN_FAILURE_LIMIT") or 10)
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SIGNIN_LOCK_MINUTES") or 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_LOCKOUT_CALLABLE = "compliance.signin_guard.lockout_response"
AXES_CLIENT_IP_CALLABLE = "compliance.client_address.client_ip"
AXES_SENSITIVE_PARAMETERS = ["password"]
TRUSTED_PROXY_HOPS = int(os.environ.get("TRUSTED_PROXY_HOPS") or 0)

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# collected by `manage.py collectstatic` and served by WhiteNoise under gunicorn
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "var" / "static")
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # empty until collectstatic; WhiteNoise wants it
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "login"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or BASE_DIR / "var" / "media")

# Email (investigations notify by it): the console unless EMAIL_BACKEND names another, with
# EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD and EMAIL_USE_TLS for SMTP.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or "django.core.mail.backends.console.EmailBackend"
EMAIL_HOST = os.environ.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = (os.environ.get("EMAIL_USE_TLS") or "").lower() in ("1", "true", "yes")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "compliance@localhost"
# Where links in those emails point (the site's own address).
SITE_URL = (os.environ.get("SITE_URL") or "http://127.0.0.1:8000").rstrip("/")
# The largest evidence file an investigation accepts.
CASE_EVIDENCE_MAX_BYTES = int(os.environ.get("CASE_EVIDENCE_MAX_BYTES") or 25 * 1024**2)
# An answer's files together (its body is refused before it is read beyond this).
CASE_ANSWER_MAX_BYTES = int(os.environ.get("CASE_ANSWER_MAX_BYTES") or 100 * 1024**2)

# Hand-log uploads (POST /api/audits/submissions/): over AUDITS_MAX_UPLOAD_BYTES is a 413.
# Uploaded files over FILE_UPLOAD_MAX_MEMORY_SIZE are spooled to temporary files; a raw body
# is streamed to storage; DATA_UPLOAD_MAX_MEMORY_SIZE bounds only the non-file form fields.
AUDITS_MAX_UPLOAD_BYTES = int(os.environ.get("AUDITS_MAX_UPLOAD_BYTES") or 1024**3)
# What one licensee may store in all (audits/submissions/quota.py): its submissions' files,
# live days, withdrawn and failed ones included (50 GiB); an upload past it is a 413.
AUDITS_LICENSEE_MAX_STORED_BYTES = int(
    os.environ.get("AUDITS_LICENSEE_MAX_STORED_BYTES") or 50 * 1024**3
)
# A gzip upload is refused (413, nothing kept) when it expands to more than this, or to more
# than AUDITS_MAX_GZIP_RATIO times its compressed size past the first 64 MiB (a "bomb"); a
# table system's log compresses about 12 times.
AUDITS_MAX_EXPANDED_BYTES = int(os.environ.get("AUDITS_MAX_EXPANDED_BYTES") or 16 * 1024**3)
AUDITS_MAX_GZIP_RATIO = int(os.environ.get("AUDITS_MAX_GZIP_RATIO") or 100)
# Every other body is bounded before it is read (compliance/body_limits.py): sign-in and API
# tokens by SIGNIN_MAX_BODY_BYTES, an investigation's answer with its evidence files by
# CASE_ANSWER_MAX_BYTES, a report to verify by REPORT_VERIFY_MAX_BYTES, any other form or API
# call by FORM_MAX_BODY_BYTES.
SIGNIN_MAX_BODY_BYTES = int(os.environ.get("SIGNIN_MAX_BODY_BYTES") or 16 * 1024)
FORM_MAX_BODY_BYTES = int(os.environ.get("FORM_MAX_BODY_BYTES") or 1024**2)
REPORT_VERIFY_MAX_BYTES = int(os.environ.get("REPORT_VERIFY_MAX_BYTES") or 50 * 1024**2)
# What one upload can cost: a line yields at most AUDITS_FINDINGS_PER_LINE findings (the rest
# counted in one finding that says how many more, by code); a submission stores at most
# AUDITS_FINDINGS_STORED findings, beyond which they are counted by code and not stored one by
# one (the submission says so; its rounds, all judged, count in monitoring, marked
# incomplete).  A clean month has about 1% faulty rounds with one or two findings each:
# 200,000 stores every finding of a month of 7 million rounds at 1.5%, three times the
# busiest venue's month.
# The screen (audits/validation/screen): clean rounds counted in columns, the rest judged by
# the exact path alone. AUDITS_SCREEN=false sends every line the exact way (slower, the same
# findings); a machine without numba does so too.
AUDITS_SCREEN = env_bool("AUDITS_SCREEN", True)
# A round dated more than this many hours after it reached the service (a file's submission, a
# live post's arrival) cannot have been played: the append door refuses it (400), a file's
# line is rejected (played_in_future). So is one before the first day of its venue's and
# jurisdiction's records (games/round_times.py).
ROUNDS_FUTURE_MARGIN_HOURS = int(os.environ.get("ROUNDS_FUTURE_MARGIN_HOURS") or 24)
AUDITS_FINDINGS_PER_LINE = int(os.environ.get("AUDITS_FINDINGS_PER_LINE") or 50)
AUDITS_FINDINGS_STORED = int(os.environ.get("AUDITS_FINDINGS_STORED") or 200_000)
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# The rule documents as received, shown in the registry and linked from every citation.
RULE_DOCUMENTS_DIR = BASE_DIR / "data" / "documents"

# Audit reports are signed with this identity: a PKCS#12 file (REPORT_SIGNING_PKCS12, with
# REPORT_SIGNING_PASSPHRASE) or a PEM key and certificate (REPORT_SIGNING_KEY,
# REPORT_SIGNING_CERT, and the CA chain in REPORT_SIGNING_CHAIN). Verification trusts the
# CA certificates in REPORT_TRUST_ROOTS (comma-separated PEM files). A timestamp is added
# when REPORT_TSA_URL names a timestamp authority. The defaults are the development identity
# that `manage.py create_signing_identity` writes into var/signing/ (never committed).
REPORT_SIGNING_DIR = Path(os.environ.get("REPORT_SIGNING_DIR") or BASE_DIR / "var" / "signing")
REPORT_SIGNING_PKCS12 = os.environ.get("REPORT_SIGNING_PKCS12") or ""
REPORT_SIGNING_PASSPHRASE = os.environ.get("REPORT_SIGNING_PASSPHRASE") or ""
_SIGNING_FILE = {name: str(REPORT_SIGNING_DIR / name) for name in ("signer.key", "signer.pem")}
REPORT_SIGNING_KEY = os.environ.get("REPORT_SIGNING_KEY") or _SIGNING_FILE["signer.key"]
REPORT_SIGNING_CERT = os.environ.get("REPORT_SIGNING_CERT") or _SIGNING_FILE["signer.pem"]
REPORT_SIGNING_CHAIN = os.environ.get("REPORT_SIGNING_CHAIN") or str(REPORT_SIGNING_DIR / "ca.pem")
REPORT_TRUST_ROOTS = env_list("REPORT_TRUST_ROOTS") or [str(REPORT_SIGNING_DIR / "ca.pem")]
REPORT_TSA_URL = os.environ.get("REPORT_TSA_URL") or ""
# Live receipts' tree heads are signed with this Ed25519 key of the service's own (a PEM file
# that `manage.py create_receipt_key` or `create_signing_identity` makes); the public keys of
# earlier ones (comma-separated PEM files) stay published, so that what they signed verifies.
LIVE_RECEIPT_KEY = os.environ.get("LIVE_RECEIPT_KEY") or str(
    REPORT_SIGNING_DIR / "receipts-ed25519.pem"
)
LIVE_RECEIPT_PREVIOUS_KEYS = env_list("LIVE_RECEIPT_PREVIOUS_KEYS")
# When a submission's validation finishes (through Celery), request and generate its report.
AUDITS_REPORT_ON_FINISH = env_bool("AUDITS_REPORT_ON_FINISH", False)

# Requests per client and period (n/second, minute, hour or day); uploads have their own.
API_THROTTLE_RATES = {
    "anon": os.environ.get("API_RATE_ANONYMOUS") or "60/minute",
    "user": os.environ.get("API_RATE_USER") or "1200/minute",
    "uploads": os.environ.get("API_RATE_UPLOADS") or "60/hour",
}
# The live append door (audits/live/api/throttles.py): posts and rounds a minute per table
# token and per venue. A busy venue plays a few hundred rounds a minute, a table system posts
# each round or a few together; the defaults leave tenfold room.
LIVE_RATES = {
    "token_posts": os.environ.get("LIVE_RATE_TOKEN_POSTS") or "1200/minute",
    "token_rounds": os.environ.get("LIVE_RATE_TOKEN_ROUNDS") or "6000/minute",
    "venue_posts": os.environ.get("LIVE_RATE_VENUE_POSTS") or "3000/minute",
    "venue_rounds": os.environ.get("LIVE_RATE_VENUE_ROUNDS") or "12000/minute",
}
# The open report-verification page: checks per address (compliance/rates.py).
VERIFY_PAGE_RATE = os.environ.get("VERIFY_PAGE_RATE") or "30/m"
# The password-reset page: requests per client address (then 429), and mails per email address
# asked for (then none, the page answering as always), compliance/password_reset.py.
PASSWORD_RESET_RATE = os.environ.get("PASSWORD_RESET_RATE") or "5/hour"
PASSWORD_RESET_EMAIL_RATE = os.environ.get("PASSWORD_RESET_EMAIL_RATE") or "5/hour"
# API tokens (django-rest-knox): stored as digests, revocable, expiring.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=int(os.environ.get("API_TOKEN_DAYS") or 30)),
    "AUTO_REFRESH": False,
}

# The rate limits' counters live in the cache, which every process must share: Redis when
# CACHE_URL names it; else, in production, the database (the table compliance_cache, made by
# `migrate`); only the embedded mode (one process) keeps them in its memory.  `check --deploy`
# refuses a cache of one process (compliance/checks.py).
if _cache := os.environ.get("CACHE_URL"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": _cache}}  # fmt: skip
elif not DEBUG:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                          "LOCATION": "compliance_cache"}}  # fmt: skip
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

LOGGING = logging_config(
    os.environ.get("LOG_FORMAT") or ("text" if DEBUG else "json"),
    os.environ.get("LOG_LEVEL") or "INFO",
)

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
# The queue tasks are sent to, and that a worker started without -Q consumes; the tasks a
# worker dispatches itself (a submission's chunks) go there too.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE") or "celery"
# Chunks are long tasks: a worker takes one at a time, so a crash returns at most one.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis returns a dead worker's unacknowledged tasks after this many seconds (RabbitMQ at once).
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
# A table token appends rounds this many days from when it is made (a new one before then).
LIVE_TABLE_TOKEN_DAYS = int(os.environ.get("LIVE_TABLE_TOKEN_DAYS") or 365)
# A live post's chunk not validated this long after the post is sent to the workers again.
LIVE_RESEND_AFTER_SECONDS = int(os.environ.get("LIVE_RESEND_AFTER_SECONDS") or 60)
# A worker validates a live post together with at most this many posts of the same gaming day
# waiting for a worker (their lines as one run, stored in one transaction).
LIVE_VALIDATE_MOST_POSTS = int(os.environ.get("LIVE_VALIDATE_MOST_POSTS") or 200)
# A post's chunk reaches a worker this long after the post (seconds): the day's posts arriving
# meanwhile are validated with it, so a run's fixed costs are shared (0: at once).
LIVE_VALIDATE_AFTER_SECONDS = float(os.environ.get("LIVE_VALIDATE_AFTER_SECONDS") or 1)
# A live gaming day closes this long after its end in the jurisdiction's zone (rounds still
# on their way); a late part this long after its last post.
LIVE_CLOSE_AFTER_SECONDS = int(os.environ.get("LIVE_CLOSE_AFTER_SECONDS") or 600)
# Licensees' webhooks are called at public HTTPS addresses only, unless this is on (tests, a
# closed network): the service never calls into its own network for a licensee.
LIVE_WEBHOOK_ALLOW_PRIVATE = env_bool("LIVE_WEBHOOK_ALLOW_PRIVATE", False)
# One webhook call, connecting to answering, takes at most this long (a trickling server is
# cut off); alerts are sent by tasks of their own queue, which a worker must consume (-Q
# celery,alerts: deploy/serve.sh), so no alert ever holds validation.
LIVE_WEBHOOK_DEADLINE_SECONDS = float(os.environ.get("LIVE_WEBHOOK_DEADLINE_SECONDS") or 10)
LIVE_ALERTS_QUEUE = os.environ.get("LIVE_ALERTS_QUEUE") or "alerts"
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT") or 3600)
}
# The worker logs through LOGGING above (JSON lines with the ids), not Celery's own format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
