"""Alerts of live findings: the licensee's staff mailed and its webhook called, signed, once
per post, for findings at or above its severity; webhooks into private networks refused."""

from __future__ import annotations

import hmac
import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from audits.live.alerts import (
    WebhookRefused,
    alert_setting_save,
    live_alerts_missed,
    live_chunks_alert,
    webhook_address_check,
    webhook_signature,
)
from audits.live.models import AlertSent
from audits.live.tasks import validate_live_chunk
from audits.live.tokens import table_token_create
from games.models import Membership, Venue
from tests.audits.conftest import round_line
from tests.audits.live.test_live_rounds import _post


@pytest.fixture
def receiver():
    """A webhook receiver on this machine: what it was sent, headers and body."""
    got: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (the server's name)
            body = self.rfile.read(int(self.headers["Content-Length"]))
            got.append({"headers": dict(self.headers), "body": body})
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook", got
    server.shutdown()


def test_an_underpayment_mails_the_staff_and_calls_the_signed_webhook_once(
    wa, settings, receiver, django_user_model, django_capture_on_commit_callbacks
):
    settings.LIVE_WEBHOOK_ALLOW_PRIVATE = True
    url, got = receiver
    staff = django_user_model.objects.create_user("floor", email="floor@example.com")
    Membership.objects.create(user=staff, role="staff", licensee=wa)
    _, secret = alert_setting_save(wa, min_severity="critical", webhook_url=url)
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    underpaid = round_line(seats__0__results__main="25")  # 37.50 is due
    with django_capture_on_commit_callbacks(execute=True):
        answer = _post(APIClient(), token,
                       "WA-CR-0042", "T2", [underpaid])  # fmt: skip
    assert answer.status_code == 201
    (sent,) = AlertSent.objects.all()
    assert (sent.findings, sent.webhook_status) == (1, "204")
    (message,) = mail.outbox
    assert message.to == ["floor@example.com"] and "underpaid" in message.subject
    (call,) = got
    stamp = call["headers"]["X-Compliance-Timestamp"]
    expected = webhook_signature(secret, stamp, call["body"])
    assert hmac.compare_digest(call["headers"]["X-Compliance-Signature"], expected)
    (finding,) = json.loads(call["body"])["findings"]
    assert (finding["code"], finding["expected"], finding["recorded"]) == ("underpaid", "37.50",
                                                                          "25.00")  # fmt: skip
    # the same post's task delivered again: nothing sent twice
    chunk = sent.chunk
    validate_live_chunk.apply(args=(chunk.submission_id, chunk.index))
    assert live_chunks_alert(chunk.submission, [chunk]) == []
    assert len(got) == 1 and len(mail.outbox) == 1


def test_an_alert_a_stopped_worker_never_sent_is_sent_by_the_sweep_once(
    wa, settings, django_user_model, django_capture_on_commit_callbacks, monkeypatch
):
    staff = django_user_model.objects.create_user("floor", email="floor@example.com")
    Membership.objects.create(user=staff, role="staff", licensee=wa)
    alert_setting_save(wa, min_severity="critical")
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    # the worker stores the post's findings and stops before telling the licensee
    monkeypatch.setattr("audits.live.validate.live_chunks_alert", lambda *args: [])
    with django_capture_on_commit_callbacks(execute=True):
        _post(APIClient(), token, "WA-CR-0042", "T2",
              [round_line(seats__0__results__main="25")])  # fmt: skip
    assert not AlertSent.objects.exists() and not mail.outbox
    assert live_alerts_missed() == []  # too soon: the worker may still be telling it
    later = timezone.now() + timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS + 1)
    assert live_alerts_missed(later + timedelta(days=1)) == []  # a day on: not sought
    assert not mail.outbox
    with django_capture_on_commit_callbacks(execute=True):  # sent by the alerts queue's task
        (sent,) = live_alerts_missed(later)
    assert sent.findings == 1
    (message,) = mail.outbox
    assert message.to == ["floor@example.com"] and "underpaid" in message.subject
    assert live_alerts_missed(later) == [] and len(mail.outbox) == 1  # once


def test_findings_under_the_severity_are_not_sent(wa, settings, django_capture_on_commit_callbacks):
    alert_setting_save(wa, min_severity="critical")
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    odd_seat = round_line(seats__0__seat=9)  # a procedure or format error, not money
    with django_capture_on_commit_callbacks(execute=True):
        _post(APIClient(), token, "WA-CR-0042", "T2",
              [odd_seat])  # fmt: skip
    assert not AlertSent.objects.exists() and not mail.outbox


@pytest.mark.parametrize("url", ["http://example.com/hook", "https://127.0.0.1/hook",
                                 "https://localhost/hook", "https://10.1.2.3/hook",
                                 "https://[::1]/hook", "ftp://example.com/"])  # fmt: skip
def test_a_webhook_into_a_private_network_or_not_https_is_refused(settings, url):
    settings.LIVE_WEBHOOK_ALLOW_PRIVATE = False
    with pytest.raises(WebhookRefused):
        webhook_address_check(url)
