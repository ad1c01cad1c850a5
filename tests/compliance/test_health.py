"""The project's URLs: the health check (database, broker, storage), the schema, the home page."""

import pytest

pytestmark = pytest.mark.django_db


def test_healthz_checks_database_broker_and_storage(client, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    response = client.get("/healthz")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    body = response.json()
    assert body["status"] == "ok" and set(body["checks"]) == {"database", "broker", "storage"}
    assert all(v.startswith("ok") for v in body["checks"].values())
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


def test_healthz_is_503_when_storage_cannot_be_written(client, settings, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    settings.MEDIA_ROOT = str(blocker / "media")
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable" and body["checks"]["storage"].startswith("error")
    assert body["checks"]["database"].startswith("ok")


def test_healthz_is_503_when_the_broker_is_unreachable(
    client, settings, tmp_path, unreachable_broker
):
    settings.MEDIA_ROOT = str(tmp_path)
    response = client.get("/healthz")
    assert response.status_code == 503
    checks = response.json()["checks"]
    assert checks["broker"].startswith("error") and checks["database"].startswith("ok")


def test_openapi_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content


def test_home_page_links_to_api_docs(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Card-game compliance service" in response.content
    assert b'href="/api/docs/"' in response.content


def test_every_response_carries_a_request_id(client):
    mine = client.get("/healthz", HTTP_X_REQUEST_ID="req-42")
    assert mine["X-Request-ID"] == "req-42"
    assert len(client.get("/healthz")["X-Request-ID"]) == 32


def test_verification_without_trust_roots_is_a_503_not_a_crash(client, settings, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.REPORT_TRUST_ROOTS = [str(tmp_path / "missing-ca.pem")]
    pdf = SimpleUploadedFile("r.pdf", b"%PDF-1.7\n%%EOF\n", content_type="application/pdf")
    response = client.post("/api/audits/reports/verify/", {"file": pdf})
    assert response.status_code == 503 and "not set up" in response.json()["message"]
    assert str(tmp_path) not in response.json()["message"]  # no server path in the answer
    pdf.seek(0)
    assert client.post("/reports/verify/", {"file": pdf}).status_code == 503


def test_an_unknown_api_path_is_a_json_404(client):
    response = client.get("/api/audits/reports/not-a-uuid/")
    assert response.status_code == 404 and response.json()["message"]
