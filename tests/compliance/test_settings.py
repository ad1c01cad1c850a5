"""compliance.settings reads its configuration from the environment."""

import importlib.util
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
    """Execute settings.py afresh under a controlled environment; returns the module."""

    def load(**env: str):
        for name in ENV_VARS:
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
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


def test_secret_key_required_when_debug_is_off(load_settings):
    with pytest.raises(ImproperlyConfigured):
        load_settings(DJANGO_DEBUG="false")
    module = load_settings(DJANGO_DEBUG="false", DJANGO_SECRET_KEY="s3cret")
    assert module.DEBUG is False
    assert module.SECRET_KEY == "s3cret"


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
