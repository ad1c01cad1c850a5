"""Smoke tests of the project's URLs."""


def test_healthz_returns_ok_json(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok"}


def test_openapi_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content


def test_home_page_links_to_api_docs(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Card-game compliance service" in response.content
    assert b'href="/api/docs/"' in response.content
