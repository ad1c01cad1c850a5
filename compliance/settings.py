"""Django settings. Everything deployment-specific comes from the environment; the settings
of each concern but the site's own are read in :mod:`compliance.settings_parts`, and named
here."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from compliance.logs import logging_config
from compliance.settings_parts.environment import BASE_DIR, env_bool, env_list
from compliance.settings_parts.fixed import (  # noqa: F401  (the same in every environment)
    AUTH_PASSWORD_VALIDATORS,
    CONTENT_SECURITY_POLICY,
    REST_FRAMEWORK,
    SPECTACULAR_SETTINGS,
)
from compliance.settings_parts.guards import (  # noqa: F401
    API_THROTTLE_RATES,
    AUTHENTICATION_BACKENDS,
    AXES_CLIENT_IP_CALLABLE,
    AXES_COOLOFF_TIME,
    AXES_FAILURE_LIMIT,
    AXES_LOCKOUT_CALLABLE,
    AXES_LOCKOUT_PARAMETERS,
    AXES_SENSITIVE_PARAMETERS,
    LIVE_RATES,
    PASSWORD_RESET_EMAIL_RATE,
    PASSWORD_RESET_RATE,
    REST_KNOX,
    TRUSTED_PROXY_HOPS,
    VERIFY_PAGE_RATE,
)
from compliance.settings_parts.limits import (  # noqa: F401
    AUDITS_FINDINGS_PER_LINE,
    AUDITS_FINDINGS_STORED,
    AUDITS_LICENSEE_MAX_STORED_BYTES,
    AUDITS_MAX_EXPANDED_BYTES,
    AUDITS_MAX_GZIP_RATIO,
    AUDITS_MAX_UPLOAD_BYTES,
    CASE_ANSWER_MAX_BYTES,
    CASE_EVIDENCE_MAX_BYTES,
    DATA_UPLOAD_MAX_MEMORY_SIZE,
    FILE_UPLOAD_MAX_MEMORY_SIZE,
    FORM_MAX_BODY_BYTES,
    REPORT_VERIFY_MAX_BYTES,
    ROUNDS_FUTURE_MARGIN_HOURS,
    SIGNIN_MAX_BODY_BYTES,
)
from compliance.settings_parts.live import (  # noqa: F401
    LIVE_ALERTS_QUEUE,
    LIVE_CLOSE_AFTER_SECONDS,
    LIVE_RESEND_AFTER_SECONDS,
    LIVE_TABLE_TOKEN_DAYS,
    LIVE_VALIDATE_AFTER_SECONDS,
    LIVE_VALIDATE_MOST_POSTS,
    LIVE_WEBHOOK_ALLOW_PRIVATE,
    LIVE_WEBHOOK_DEADLINE_SECONDS,
)
from compliance.settings_parts.signing import (  # noqa: F401
    LIVE_RECEIPT_KEY,
    LIVE_RECEIPT_PREVIOUS_KEYS,
    REPORT_SIGNING_CERT,
    REPORT_SIGNING_CHAIN,
    REPORT_SIGNING_DIR,
    REPORT_SIGNING_KEY,
    REPORT_SIGNING_PASSPHRASE,
    REPORT_SIGNING_PKCS12,
    REPORT_TRUST_ROOTS,
    REPORT_TSA_URL,
)
from compliance.settings_parts.workers import (  # noqa: F401
    AUDITS_KERNELS_COMPILE_APART,
    AUDITS_REPORT_ON_FINISH,
    AUDITS_SCREEN,
    AUDITS_WORKER_WARM,
    CELERY_BEAT_SCHEDULE,
    CELERY_BEAT_SCHEDULER,
    CELERY_BROKER_TRANSPORT_OPTIONS,
    CELERY_BROKER_URL,
    CELERY_RESULT_BACKEND,
    CELERY_TASK_ALWAYS_EAGER,
    CELERY_TASK_DEFAULT_QUEUE,
    CELERY_TASK_EAGER_PROPAGATES,
    CELERY_WORKER_HIJACK_ROOT_LOGGER,
    CELERY_WORKER_PREFETCH_MULTIPLIER,
    EMBEDDED_VALIDATION_THREAD,
    LIVE_SWEEP_SECONDS,
    PARSHEET_CACHE_DIR,
    PARSHEET_PROCESSES,
    SUBMISSION_CHUNK_LINES,
)

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

# The rule documents as received, shown in the registry and linked from every citation.
RULE_DOCUMENTS_DIR = BASE_DIR / "data" / "documents"

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
