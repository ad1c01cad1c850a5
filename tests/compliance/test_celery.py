"""The Celery app is configured from Django settings and runs tasks eagerly by default."""

import pytest
from django.conf import settings

from compliance import celery_app
from compliance.tasks import ping


def test_celery_app_is_configured_from_django_settings():
    assert celery_app.main == "compliance"
    assert celery_app.conf.broker_url == settings.CELERY_BROKER_URL
    assert celery_app.conf.result_backend == settings.CELERY_RESULT_BACKEND
    assert celery_app.conf.task_always_eager == settings.CELERY_TASK_ALWAYS_EAGER


def test_ping_task_is_autodiscovered():
    celery_app.loader.import_default_modules()
    assert "compliance.tasks.ping" in celery_app.tasks


@pytest.mark.skipif(
    not settings.CELERY_BROKER_URL.startswith("memory://"),
    reason="CELERY_BROKER_URL points at a real broker; eager execution is off",
)
def test_ping_runs_eagerly_with_default_broker():
    assert celery_app.conf.task_always_eager is True
    result = ping.delay()
    assert result.get(timeout=1) == "pong"
