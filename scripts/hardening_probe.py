"""Try the service's doors as an attacker would, against a running server, and print each
request with its answer (issue 36's attack, repeated).

    DATABASE_URL=... .venv/bin/python scripts/hardening_probe.py http://127.0.0.1:8000

It needs the database the server uses (to make its own users: staff of two licensees, a
reviewer of each of two jurisdictions) and the demo registry loaded (``make demo`` or
``manage.py load_registry``).  It changes only what it makes: users ``probe-*``, one
jurisdiction ``probe-or``, its venue, and the submissions it uploads.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
PASSWORD = "a long probe password 1"


def people() -> dict[str, str]:
    """The probe's users, made once; their API tokens."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from games.models import Jurisdiction, Licensee, Membership, OperatorClass, Role, Venue

    wa = Jurisdiction.objects.get(code="wa-wsgc")
    oregon, _ = Jurisdiction.objects.get_or_create(
        code="probe-or", defaults={"name": "Probe Oregon", "timezone": "America/Los_Angeles"}
    )
    licensee, _ = Licensee.objects.get_or_create(
        jurisdiction=oregon, license_number="PROBE-OR-1", defaults={"name": "Probe LLC"}
    )
    Venue.objects.get_or_create(
        code="PROBE-OR-V1",
        defaults={
            "name": "Probe venue",
            "licensee": licensee,
            "operator_class": OperatorClass.objects.filter(jurisdiction=wa).first(),
        },
    )
    demo = {n: Licensee.objects.get(license_number=n) for n in ("DEMO-0001", "DEMO-0002")}
    roles = {
        "staff-a": {"role": Role.STAFF, "licensee": demo["DEMO-0001"]},
        "staff-b": {"role": Role.STAFF, "licensee": demo["DEMO-0002"]},
        "reviewer-wa": {"role": Role.REVIEWER, "jurisdiction": wa},
        "reviewer-or": {"role": Role.REVIEWER, "jurisdiction": oregon},
    }
    tokens = {}
    for name, membership in roles.items():
        user, created = get_user_model().objects.get_or_create(username=f"probe-{name}")
        user.set_password(PASSWORD)
        user.is_active = True
        user.save()
        if created:
            Membership.objects.create(user=user, **membership)
        tokens[name] = AuthToken.objects.create(user=user)[1]
    return tokens


def call(
    base: str,
    method: str,
    path: str,
    token: str | None = None,
    body: bytes | None = None,
    kind: str = "application/json",
) -> tuple[int, str, float]:
    request = urllib.request.Request(base + path, data=body, method=method)
    if token:
        request.add_header("Authorization", f"Token {token}")
    if body is not None:
        request.add_header("Content-Type", kind)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status, text = answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as exc:
        status, text = exc.code, exc.read().decode(errors="replace")
    return status, text, time.perf_counter() - started


def show(what: str, status: int, text: str, seconds: float | None = None) -> None:
    took = f" ({seconds * 1000:.0f} ms)" if seconds is not None else ""
    print(f"- {what}\n    -> {status}{took}: {text[:300].strip()}")


def many_keys_line(n: int, round_id: str) -> bytes:
    seat = {
        "seat": 1,
        "cards": ["TS", "AH", "KC", "9D"],
        "toss": "9D",
        "wagers": {"main": "25", **{f"k{i}": "1" for i in range(n)}},
        "results": {"main": "37.50", **{f"k{i}": "-1" for i in range(n)}},
    }
    return json.dumps(
        {
            "v": 1,
            "round": round_id,
            "played_at": "2026-11-01T21:14:03-08:00",
            "venue": "WA-CR-0042",
            "table": "T2",
            "game": "toss-one-21",
            "options": {"blackjack_pays": "3:2", "lucky3_paytable": "1"},
            "shoe": {"decks": 6},
            "dealer": {"cards": ["AS", "KD", "7C", "2H"], "toss": "KD"},
            "seats": [seat],
        }
    ).encode()


def upload_and_wait(base: str, token: str, content: bytes) -> dict:
    status, text, seconds = call(
        base, "POST", "/api/audits/submissions/", token, content, "application/x-ndjson"
    )
    show(f"upload of {len(content):,} bytes", status, text, seconds)
    url = json.loads(text)["url"] if status in (200, 202) else None
    path = urlsplit(url).path if url else None
    while path:
        status, text, _ = call(base, "GET", path, token)
        body = json.loads(text)
        if body.get("status") in ("done", "failed"):
            return body
        time.sleep(1)
    return {}


def raw_post(base: str, path: str, headers: str, body: bytes) -> tuple[str, float]:
    """A request written by hand on a socket: what comes back first, and when."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port or 80), timeout=30) as s:
        started = time.perf_counter()
        s.sendall(
            f"POST {path} HTTP/1.1\r\nHost: {parts.hostname}\r\n{headers}\r\n".encode() + body
        )
        answer = s.recv(4096).decode(errors="replace")
        return answer.split("\r\n")[0], time.perf_counter() - started


def main(base: str) -> None:
    tokens = people()
    a, b, rwa, ror = (tokens[k] for k in ("staff-a", "staff-b", "reviewer-wa", "reviewer-or"))
    print("## Finding amplification")
    started = time.perf_counter()
    content = (
        b"\n".join(many_keys_line(25_000, f"probe-{time.time_ns()}-{i}") for i in range(4)) + b"\n"
    )
    done = upload_and_wait(base, a, content)
    summary = done.get("summary") or {}
    print(
        f"    findings {summary.get('findings')}, stored {summary.get('findings_stored')}, "
        f"by code {summary.get('findings_by_code')}, {time.perf_counter() - started:.1f} s"
    )

    print("## Dates and ids beyond what the database holds")
    sub = done.get("id")
    findings = f"/api/audits/submissions/{sub}/findings/"
    for what, path, token in [
        ("findings played_on=9999-12-31", f"{findings}?played_on=9999-12-31", a),
        ("dealers to=9999-12-31", "/api/audits/venues/WA-CR-0042/dealers/?to=9999-12-31", a),
        ("seats to=9999-12-31", "/api/audits/venues/WA-CR-0042/seats/?to=9999-12-31", a),
        ("case with finding id 2^63", "/api/audits/cases/", rwa),
        ("case 2^64 in the path", f"/api/audits/cases/{2**64}/", rwa),
    ]:
        body = json.dumps({"title": "t", "text": "x", "findings": [2**63]}).encode()
        method = "POST" if path == "/api/audits/cases/" else "GET"
        show(what, *call(base, method, path, token, body if method == "POST" else None))

    print("## Bodies refused before they are read")
    head = "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 314572800\r\n"
    first, seconds = raw_post(base, "/accounts/login/", head, b"--x\r\n" + b"a" * 1024)
    print(
        f"- anonymous POST /accounts/login/ declaring 300 MB, 1 KB sent\n    -> {first} "
        f"after {seconds * 1000:.0f} ms"
    )
    first, seconds = raw_post(
        base,
        "/api/auth/token/",
        "Transfer-Encoding: chunked\r\n",
        b"400\r\n" + b"a" * 1024 + b"\r\n",
    )
    print(f"- chunked POST /api/auth/token/\n    -> {first} after {seconds * 1000:.0f} ms")

    print("## Rate limits shared by every process")
    statuses = [call(base, "POST", "/api/audits/reports/verify/")[0] for _ in range(90)]
    print(
        f"- 90 anonymous verify calls -> {sum(s != 429 for s in statuses)} answered, "
        f"{statuses.count(429)} refused with 429"
    )

    print("## Content-Security-Policy")
    request = urllib.request.Request(base + "/accounts/login/")
    with urllib.request.urlopen(request) as answer:
        print(f"- GET /accounts/login/ -> {answer.headers['Content-Security-Policy']}")

    print("## A rejected line keeps its place")
    bad = many_keys_line(0, f"probe-bad-{time.time_ns()}").replace(b'"TS"', b'"ZZ"')
    done = upload_and_wait(base, a, bad + b"\n")
    status, text, _ = call(base, "GET", f"/api/audits/submissions/{done['id']}/findings/", a)
    first_finding = json.loads(text)["results"][0]
    show(
        "its finding",
        status,
        json.dumps({k: first_finding[k] for k in ("code", "venue", "table", "game", "played_at")}),
    )

    print("## Schedules")
    plan = {
        "name": "monthly probe",
        "kind": "venue",
        "scope": "WA-CR-0042",
        "period": "previous_month",
        "day_of_month": "30",
        "month_of_year": "2",
    }
    show(
        "30 February", *call(base, "POST", "/api/audits/schedules/", rwa, json.dumps(plan).encode())
    )
    plan.update(day_of_month="2", month_of_year="*", name=f"probe {time.time_ns()}")
    show(
        "Washington's schedule",
        *call(base, "POST", "/api/audits/schedules/", rwa, json.dumps(plan).encode()),
    )
    show(
        "Oregon, the same name",
        *call(
            base,
            "POST",
            "/api/audits/schedules/",
            ror,
            json.dumps({**plan, "scope": "PROBE-OR-V1"}).encode(),
        ),
    )

    print("## Credentials end together")
    basic = base64.b64encode(f"probe-staff-b:{PASSWORD}".encode()).decode()
    request = urllib.request.Request(
        base + "/api/auth/token/",
        data=b"",
        method="POST",
        headers={"Authorization": f"Basic {basic}"},
    )
    with urllib.request.urlopen(request) as answer:
        fresh = json.loads(answer.read())["token"]
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.get(username="probe-staff-b")
    user.set_password(PASSWORD + "x")
    user.save()
    show(
        "a token issued before a password change",
        *call(base, "GET", "/api/audits/submissions/", fresh),
    )


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8000")
