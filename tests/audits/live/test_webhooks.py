"""A licensee's webhook held against a hostile endpoint: no redirect followed, the name
resolved once and the checked address the one connected to, one deadline for the whole
call however slowly the server trickles, and alerts sent from their own queue so that no
endpoint ever holds a validating worker."""

from __future__ import annotations

import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from rest_framework.test import APIClient

from audits.live import webhooks
from audits.live.alerts import alert_setting_save
from audits.live.models import AlertSent
from audits.live.tokens import table_token_create
from audits.submissions import queue
from games.models import Venue
from tests.audits.conftest import round_line
from tests.audits.live.test_live_rounds import _post


def _serve(handler) -> tuple[HTTPServer, int]:
    server = HTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


class _Hits(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_POST(self):  # noqa: N802 (the server's name)
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        type(self).hits.append(self.headers.get("Host", ""))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def private_ok(settings):
    settings.LIVE_WEBHOOK_ALLOW_PRIVATE = True
    return settings


def test_a_redirect_is_recorded_not_followed(private_ok):
    inside = type("Inside", (_Hits,), {"hits": []})
    internal, internal_port = _serve(inside)

    class Redirect(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            self.send_response(302)
            self.send_header("Location", f"http://127.0.0.1:{internal_port}/admin")
            self.end_headers()

        def log_message(self, *args):
            pass

    outside, port = _serve(Redirect)
    status = webhooks.webhook_post(f"http://127.0.0.1:{port}/hook", b"{}", {})
    assert status == "302 (redirect not followed)" and inside.hits == []
    internal.shutdown(), outside.shutdown()


def test_the_name_is_resolved_once_and_the_checked_address_is_called(private_ok, monkeypatch):
    hits = type("Hits", (_Hits,), {"hits": []})
    server, port = _serve(hits)
    asked, real = [], socket.getaddrinfo

    def resolve(host, port_, *args, **kwargs):  # a rebinding name: private on the 2nd answer
        if host.replace(".", "").isdigit():
            return real(host, port_, *args, **kwargs)  # an address connected to: no name
        asked.append(host)
        address = "127.0.0.1" if len(asked) == 1 else "10.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port_))]

    monkeypatch.setattr(webhooks.socket, "getaddrinfo", resolve)
    status = webhooks.webhook_post(f"http://hooks.example:{port}/x", b"{}", {})
    assert status == "204" and asked == ["hooks.example"]
    assert hits.hits == [f"hooks.example:{port}"]  # the name as the Host, the checked address
    server.shutdown()


def test_a_trickling_server_is_cut_at_the_deadline(private_ok):
    private_ok.LIVE_WEBHOOK_DEADLINE_SECONDS = 1.5
    stop = threading.Event()

    class Trickle(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            for _ in range(40):  # a header byte every half second, for 20 s at most
                if stop.is_set():
                    return
                self.wfile.write(b"X")
                self.wfile.flush()
                time.sleep(0.5)

        def log_message(self, *args):
            pass

    server, port = _serve(Trickle)
    started = time.monotonic()
    status = webhooks.webhook_post(f"http://127.0.0.1:{port}/hook", b"{}", {})
    took = time.monotonic() - started
    stop.set()
    assert status == "failed: no answer within 1.5 s" and took < 4
    server.shutdown()


def test_an_alert_is_sent_from_its_own_queue_never_by_the_validating_worker(
    wa, private_ok, monkeypatch, django_capture_on_commit_callbacks
):
    alert_setting_save(wa, min_severity="critical", webhook_url="http://127.0.0.1:9/never")
    queued, called = [], []
    task = queue.task_named("live_alert_deliver")
    monkeypatch.setattr(task, "apply_async", lambda args, queue=None: queued.append((args, queue)))
    monkeypatch.setattr(webhooks, "webhook_post", lambda *a: called.append(a) or "204")
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit")[1]
    with django_capture_on_commit_callbacks(execute=True):
        answer = _post(APIClient(), token, "WA-CR-0042", "T2",
                       [round_line(seats__0__results__main="25")])  # fmt: skip
    assert answer.status_code == 201
    (sent,) = AlertSent.objects.all()
    assert queued == [((sent.pk,), "alerts")] and called == []  # validation only recorded it
    assert sent.delivered_at is None
