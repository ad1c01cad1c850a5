"""Every test: an upload's validation runs in the request, so a test reads its result at
once (the embedded mode's thread is tested on its own, in
tests/audits/submissions/test_upload_progress.py). ``unreachable_broker`` points the Celery
app at a port where nothing listens."""

import pytest


@pytest.fixture(autouse=True)
def _validation_in_the_request(settings):
    settings.EMBEDDED_VALIDATION_THREAD = False


@pytest.fixture
def unreachable_broker():
    """The Celery app pointed at a port where nothing listens (a real failed connection)."""
    from compliance.celery import app

    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:9/0", task_always_eager=False)
    app._pool = None
    try:
        yield
    finally:
        app.conf.update(saved)
        app._pool = None
