"""No input answers 5xx: every route, every parameter it reads, edge values.

Every route of the site (pages and API, found from the URL configuration) is called with
real records in its path, then with each parameter it reads (query string, form field, or a
property of the API's JSON body from the OpenAPI schema) set in turn to each value of
:data:`EDGES`: years 0, 1, 9999 and 10000, dates that do not exist, ids 0, -1, 2**63 and
2**64, huge page numbers and sizes, text where a number belongs.  Each path parameter is
also set to those values.  Nothing may answer 5xx; an answer under ``/api/`` that refuses
is JSON.

The parameters a view reads are found by asking it: a first request records every key it
looks up in ``request.GET`` and ``request.POST`` (:func:`recording`), so a parameter no
schema documents is tried too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from audits.live.tokens import table_token_create
from audits.reports.models import Report
from games.models import Approval, Venue
from tests.audits.conftest import media, wa  # noqa: F401
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401
from tests.audits.submissions_support import people  # noqa: F401

pytestmark = pytest.mark.django_db

#: text a client may send for any parameter
EDGES = (
    "0", "-1", str(2**63), str(2**64), "9" * 30,
    "0000-01-01", "0001-01-01", "9999-12-31", "10000-01-01", "2026-02-30",
    "9999-12", "0000-00", "9999-Q4",
    "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00",
    "x", "", "\x00",
)  # fmt: skip
#: the same as JSON values of a body
JSON_EDGES = (0, -1, 2**63, 2**64, -(2**63) - 1, 1e308, "", "x", "0000-01-01", "9999-12-31",
              "10000-01-01", [2**63], [2**64], [-1], None, {"x": 1})  # fmt: skip
PATH_EDGES = ("0", "-1", str(2**63), str(2**64), "9" * 30)
SKIPPED = ("/admin/", "/static/", "/media/", "/api/schema/", "/api/docs/", "/accounts/")


def _routes(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[tuple[str, str]]:
    """Every route as ``(path template, name)``, its parameters as ``{name}``."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = str(entry.pattern)
        if "(?P<" in route or route.startswith("^"):  # a regex route (format suffixes, admin)
            continue
        template = prefix + route.replace("<", "{").replace(">", "}")
        template = _no_converters(template)
        if isinstance(entry, URLResolver):
            yield from _routes(entry, template)
        elif isinstance(entry, URLPattern):
            yield "/" + template, entry.name or ""


def _no_converters(template: str) -> str:
    """``{id:pk}`` -> ``{pk}``."""
    out, depth, name = [], 0, ""
    for ch in template:
        if ch == "{":
            depth, name = 1, ""
            continue
        if depth and ch == "}":
            out.append("{" + name.split(":")[-1] + "}")
            depth = 0
            continue
        if depth:
            name += ch
        else:
            out.append(ch)
    return "".join(out)


@contextmanager
def recording() -> Iterator[set[str]]:
    """Every key a view looked up in a query string or form (a ``QueryDict``) meanwhile."""
    seen: set[str] = set()
    originals = {n: getattr(QueryDict, n) for n in ("get", "getlist", "__getitem__",
                                                    "__contains__")}  # fmt: skip

    def wrap(name):
        original = originals[name]

        def recorded(self, key, *args, **kwargs):
            if isinstance(key, str):
                seen.add(key)
            return original(self, key, *args, **kwargs)

        return recorded

    for name in originals:
        setattr(QueryDict, name, wrap(name))
    try:
        yield seen
    finally:
        for name in originals:
            delattr(QueryDict, name)  # back to MultiValueDict's own


@pytest.fixture
def unthrottled(settings):
    settings.API_THROTTLE_RATES = {"anon": "1000000/minute", "user": "1000000/minute",
                                   "uploads": "1000000/minute"}  # fmt: skip
    settings.VERIFY_PAGE_RATE = "1000000/m"
    settings.AXES_FAILURE_LIMIT = 1_000_000


@pytest.fixture
def world(unthrottled, validated, people, signing, django_capture_on_commit_callbacks):  # noqa: F811
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command

    from audits.investigations.cases import case_answer, case_open
    from audits.reports.requests import report_request_by

    with django_capture_on_commit_callbacks(execute=True):
        report = report_request_by(people.staff, {"submission": str(validated.uuid)})
    finding = validated.findings.exclude(group="format").first()
    case = case_open(people.reviewer, title="t", text="explain", finding_ids=[finding.pk])
    step = case_answer(people.staff, case, text="why", cause="dealer_error",
                       files=[SimpleUploadedFile("a.txt", b"evidence")])  # fmt: skip
    call_command("create_report_schedules", "wa-wsgc", stdout=open("/dev/null", "w"))
    from django_celery_beat.models import PeriodicTask

    approval = Approval.objects.get(status="approved", rule_version__game__code="toss-one-21")
    table_token, _ = table_token_create(Venue.objects.get(code="WA-CR-0042"), "edge values")
    values = {
        "uuid": validated.uuid, "line": 1, "code": "WA-CR-0042", "evidence": step.evidence.get().pk,
        "report": Report.objects.get(pk=report.pk).uuid, "file": "000_cf8f04cc5a045191.txt",
        "venue": "WA-CR-0042", "table": "T2", "token": table_token.pk,
    }  # fmt: skip
    by_name = {
        "case": case.pk, "approval": approval.pk, "rule-version": approval.rule_version_id,
        "paytable": approval.paytable_links.first().paytable_id,
        "jurisdiction": approval.jurisdiction_id, "schedule": PeriodicTask.objects.first().pk,
        "report": report.pk,
    }  # fmt: skip
    return values, by_name, people


def _real_path(template: str, name: str, values: dict, by_name: dict) -> str:
    filled = dict(values)
    if "jurisdictions/{code}" in template:
        filled["code"] = "wa-wsgc"
    filled["pk"] = next((v for k, v in by_name.items() if k in name), 1)
    if "/reports/{uuid}" in template or "/reports/{pk}" in template:
        filled["uuid"] = values["report"]
    return template.format(**filled)


def _check(response, method: str, url: str, what: str, wrong: list[str]) -> None:
    status = response.status_code
    if status >= 500:
        wrong.append(f"{method} {url} {what}: {status}")
    elif url.startswith("/api/") and status >= 400 and status != 405:
        kind = response.get("Content-Type", "")
        if "json" not in kind and "pdf" not in kind:
            wrong.append(f"{method} {url} {what}: {status} as {kind}, not JSON")


def _json_schema_bodies(admin: Client) -> dict[tuple[str, str], dict]:
    """``(path, method)`` -> the JSON body's properties, from the OpenAPI schema."""
    schema = admin.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    bodies = {}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            body = content.get("application/json", {}).get("schema")
            if body and "$ref" in body:
                body = components[body["$ref"].split("/")[-1]]
            if body:
                bodies[(path, method.upper())] = body.get("properties", {})
    return bodies


def _plain(prop: dict):
    """A plausible value of a schema property, so that the other fields pass."""
    kind = prop.get("type")
    if "enum" in prop:
        return prop["enum"][0]
    if prop.get("format") == "date":
        return "2026-10-01"
    if prop.get("format") == "date-time":
        return "2026-10-01T12:00:00-07:00"
    return {"integer": 1, "number": 1, "boolean": False, "array": [], "object": {}}.get(kind, "x")


def _shape(path: str) -> str:
    """A path with every parameter as ``{x}``, to match a route with the schema's path."""
    return "/" + "/".join("{x}" if "{" in p else p for p in path.strip("/").split("/")) + "/"


class Caller:
    """Sends each request and keeps what answered wrongly."""

    def __init__(self, clients: dict[str, Client], bodies: dict):
        self.clients, self.bodies, self.wrong = clients, bodies, []

    def send(self, role: str, method: str, url: str, what: str, *args, **kwargs):
        client = self.clients[role]
        response = (client.get if method == "GET" else client.post)(url, *args, **kwargs)
        _check(response, method, url, f"{what} as {role}", self.wrong)

    def parameters(self, role: str, method: str, url: str) -> None:
        """The route plain, then each parameter it read set to each edge value."""
        with recording() as keys:
            self.send(role, method, url, "plain")
        for key in sorted(keys):
            for edge in EDGES:
                self.send(role, method, url, f"{key}={edge!r}", {key: edge})

    def json_bodies(self, role: str, method: str, url: str, template: str) -> None:
        """Each property of the schema's JSON body set to each edge value, the others plain."""
        for (path, m), props in self.bodies.items():
            if m != method or _shape(path) != _shape(template):
                continue
            plain = {k: _plain(p) for k, p in props.items()}
            for key in props:
                for edge in JSON_EDGES:
                    body = json.dumps({**plain, key: edge})
                    self.send(role, method, url, f"{key}={edge!r} (JSON)", body,
                              content_type="application/json")  # fmt: skip


def test_no_route_answers_5xx_to_edge_values(world):
    values, by_name, people = world
    clients = {}
    for role in ("admin", "reviewer", "staff"):
        clients[role] = Client(raise_request_exception=False)
        clients[role].force_login(getattr(people, role))
    caller = Caller(clients, _json_schema_bodies(clients["admin"]))
    routes = [(t, n) for t, n in _routes() if not t.startswith(SKIPPED)]
    assert len(routes) > 60
    for template, name in routes:
        url = _real_path(template, name, values, by_name)
        caller.parameters("admin", "GET", url)  # administrators see every record
        for role in ("reviewer", "staff"):  # those who act
            caller.parameters(role, "POST", url)
            caller.json_bodies(role, "POST", url, template)
        for param in [p[1:-1] for p in template.split("/") if p.startswith("{")]:
            for edge in PATH_EDGES:
                bad = _real_path(template.replace("{" + param + "}", edge), name, values,
                                 by_name)  # fmt: skip
                caller.send("admin", "GET", bad, f"path {param}={edge}")
                caller.send("reviewer", "POST", bad, f"path {param}={edge}")
    wrong = sorted(set(caller.wrong))
    assert not wrong, f"{len(wrong)} answers:\n" + "\n".join(wrong[:200])
