"""The API's OpenAPI schema and its documentation pages."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

# ------------------------------------------------------------------ schema and docs


def test_openapi_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yaml"))
    schema = (tmp_path / "s.yaml").read_text()
    for path in ("/api/registry/rules-in-force/:", "/api/registry/approvals/{id}/transition/:"):
        assert path in schema


@pytest.mark.django_db
def test_docs_use_the_sidecar_not_a_cdn(client):
    page = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "cdn" not in page.lower()
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
