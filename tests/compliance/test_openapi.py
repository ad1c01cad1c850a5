"""The shared error answers in the OpenAPI schema: one definition, on every operation."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator

from compliance.openapi import BODY_ERRORS, COMMON_ERRORS


@pytest.fixture(scope="module")
def operations():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (f"{method.upper()} {path}", operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]


def test_every_operation_documents_the_shared_errors(operations):
    assert len(operations) > 40
    for name, operation in operations:
        missing = set(COMMON_ERRORS) - set(operation["responses"])
        assert not missing, (name, missing)


def test_every_operation_with_a_body_documents_415_and_the_others_do_not(operations):
    with_body = [(n, op) for n, op in operations if "requestBody" in op]
    assert any(n == "POST /api/audits/reports/verify/" for n, _ in with_body)
    for name, operation in operations:
        documented = "415" in operation["responses"]
        assert documented == ("requestBody" in operation), name
    for name, operation in with_body:
        answer = operation["responses"]["415"]
        assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/ApiError"), name
    assert set(BODY_ERRORS) == {"415"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content_type, body",
    [
        ("application/json", b'{"file": "x"}'),
        ("text/plain", b"not a form"),
    ],
)
def test_verify_answers_415_as_documented_for_a_body_it_cannot_read(client, content_type, body):
    response = client.post("/api/audits/reports/verify/", data=body, content_type=content_type)
    assert response.status_code == 415
    assert set(response.json()) >= {"message", "field"}
