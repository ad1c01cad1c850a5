"""compliance.settings reads its configuration from the environment."""

import importlib.util
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

import compliance

SETTINGS_FILE = Path(compliance.__file__).with_name("settings.py")
BASE_DIR = SETTINGS_FILE.parent.parent
ENV_VARS = (
    "DATABASE_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CELERY_TASK_ALWAYS_EAGER",
    "MEDIA_ROOT",
)


@pytest.fixture
def load_settings(monkeypatch):
    """Execute settings.py afresh under a controlled environment, its parts
    (:mod:`compliance.settings_parts`) imported afresh too; returns the module."""

    def load(**env: str):
        for name in ENV_VARS:
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        for name in [m for m in sys.modules if m.startswith("compliance.settings_parts.")]:
            monkeypatch.delitem(sys.modules, name)
        spec = importlib.util.spec_from_file_location("settings_under_test", SETTINGS_FILE)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load


def test_database_url_is_read_from_environment(load_settings):
    module = load_settings(DATABASE_URL="postgresql://user:pw@db.example:6543/compliance")
    db = module.DATABASES["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["HOST"], db["PORT"], db["NAME"], db["USER"]) == (
        "db.example",
        6543,
        "compliance",
        "user",
    )


def test_default_database_is_sqlite_under_var(load_settings):
    module = load_settings()
    db = module.DATABASES["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert Path(db["NAME"]) == BASE_DIR / "var" / "db.sqlite3"
    assert (BASE_DIR / "var").is_dir()


def test_debug_defaults_to_true_with_dev_secret_key(load_settings):
    module = load_settings()
    assert module.DEBUG is True
    assert module.SECRET_KEY


GOOD_KEY = "k" * 30 + "-random-enough-for-a-test-only-0123456789"


def test_production_refuses_a_missing_short_or_default_secret_key(load_settings):
    hosts = {"DJANGO_ALLOWED_HOSTS": "audit.example"}
    for key in ("", "s3cret", "django-insecure-" + "x" * 60):
        with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
            load_settings(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=key, **hosts)
    module = load_settings(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=GOOD_KEY, **hosts)
    assert (module.DEBUG, module.SECRET_KEY) == (False, GOOD_KEY)
    assert module.SESSION_COOKIE_SECURE and module.CSRF_COOKIE_SECURE
    assert module.LOGGING["handlers"]["stream"]["formatter"] == "json"


def test_production_refuses_to_serve_no_named_host(load_settings):
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ALLOWED_HOSTS"):
        load_settings(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=GOOD_KEY)


def test_development_mode_is_plain_http_with_text_logs(load_settings):
    module = load_settings()
    assert module.DEBUG and not module.SESSION_COOKIE_SECURE
    assert module.SECRET_KEY.startswith(module.INSECURE_KEY_PREFIX)
    assert module.LOGGING["handlers"]["stream"]["formatter"] == "text"


def test_allowed_hosts_is_a_comma_list(load_settings):
    module = load_settings(DJANGO_ALLOWED_HOSTS="a.example, b.example,")
    assert module.ALLOWED_HOSTS == ["a.example", "b.example"]


def test_celery_defaults_are_in_memory_and_eager(load_settings):
    module = load_settings()
    assert module.CELERY_BROKER_URL == "memory://"
    assert module.CELERY_RESULT_BACKEND == "cache+memory://"
    assert module.CELERY_TASK_ALWAYS_EAGER is True

    module = load_settings(CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert module.CELERY_TASK_ALWAYS_EAGER is False


def test_time_zone_and_media_root(load_settings):
    module = load_settings()
    assert module.TIME_ZONE == "UTC"
    assert module.USE_TZ is True
    assert module.MEDIA_ROOT == BASE_DIR / "var" / "media"
    assert load_settings(MEDIA_ROOT="/srv/media").MEDIA_ROOT == Path("/srv/media")
