"""What a process loads at start-up: a validation worker does not carry the web's schema tools.

drf-spectacular's plumbing imports DRF's and Django's test modules (unittest, the test
client, jinja2, requests): about 9 MB in every worker, whose peak memory issue 13 bounds.
The schema's extension is imported with the URLs instead (:mod:`compliance.openapi`).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_AT_START = ("drf_spectacular.plumbing", "django.test", "rest_framework.test", "requests")
PROBE = f"""
import json, sys
import django
django.setup()
import audits.submissions.submissions  # what a validation worker runs
print(json.dumps([m for m in {NOT_AT_START!r} if m in sys.modules]))
"""


def _loaded_at_start() -> list[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "compliance.settings"}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_worker_does_not_load_the_schema_tools_or_django_test():
    assert _loaded_at_start() == []


def test_the_urls_still_load_the_schema_extension_for_guarded_basic():
    from drf_spectacular.extensions import OpenApiAuthenticationExtension

    import compliance.urls  # noqa: F401

    # drf-spectacular keeps the dotted path until the class is imported, then the class
    names = {t if isinstance(t, str) else f"{t.__module__}.{t.__qualname__}"
             for t in (e.target_class for e in OpenApiAuthenticationExtension._registry)
             if t is not None}  # fmt: skip
    assert "compliance.signin_guard.GuardedBasicAuthentication" in names
