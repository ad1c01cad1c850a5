"""Every test: an upload's validation runs in the request, so a test reads its result at
once (the embedded mode's thread is tested on its own, in
tests/audits/submissions/test_upload_progress.py)."""

import pytest


@pytest.fixture(autouse=True)
def _validation_in_the_request(settings):
    settings.EMBEDDED_VALIDATION_THREAD = False
