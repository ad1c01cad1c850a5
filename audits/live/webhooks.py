"""Calling a licensee's webhook, held against a hostile endpoint: the name is resolved once
and every address checked (public only, unless ``LIVE_WEBHOOK_ALLOW_PRIVATE``), the checked
address is the one connected to (TLS still verifies the name), no redirect is followed (a
3xx is recorded as the answer), and one deadline bounds the whole call
(``LIVE_WEBHOOK_DEADLINE_SECONDS``): a server that trickles its answer is cut off."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
import threading
from urllib.parse import urlsplit

from django.conf import settings

ANSWER_MOST = 4096  # bytes of an answer read (and dropped): its status is what is kept


class WebhookRefused(ValueError):
    """Not a webhook address this service calls."""


def webhook_signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def webhook_address_check(url: str) -> str:
    """The one address ``url``'s host is called at, every address it resolves to checked:
    HTTPS to public addresses (plain HTTP and private addresses only with
    ``LIVE_WEBHOOK_ALLOW_PRIVATE``, for tests and a closed network)."""
    parts = urlsplit(url)
    allow_private = settings.LIVE_WEBHOOK_ALLOW_PRIVATE
    if parts.scheme != "https" and not (allow_private and parts.scheme == "http"):
        raise WebhookRefused("a webhook is an https:// address")
    if not parts.hostname:
        raise WebhookRefused("a webhook needs a host")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError) as error:
        raise WebhookRefused(f"{parts.hostname} does not resolve") from error
    addresses = [a[4][0] for a in found]
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if not ip.is_global and not allow_private:
            raise WebhookRefused(f"{parts.hostname} is not a public address")
    return addresses[0]


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def webhook_post(url: str, data: bytes, headers: dict) -> str:
    """POST ``data`` to ``url`` within the deadline; the answer's status ("204", "302
    (redirect not followed)") or why it failed ("failed: ...")."""
    deadline = settings.LIVE_WEBHOOK_DEADLINE_SECONDS
    try:
        address = webhook_address_check(url)
    except WebhookRefused as error:
        return f"failed: {error}"[:100]
    parts = urlsplit(url)
    kind = _PinnedHTTPS if parts.scheme == "https" else _PinnedHTTP
    connection = kind(parts.hostname, parts.port, address, timeout=deadline)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    outcome: list[str] = []

    def call() -> None:
        try:
            connection.request("POST", path, body=data, headers=headers)
            answer = connection.getresponse()
            answer.read(ANSWER_MOST)
            redirect = " (redirect not followed)" if 300 <= answer.status < 400 else ""
            outcome.append(f"{answer.status}{redirect}")
        except (OSError, http.client.HTTPException) as error:
            outcome.append(f"failed: {error}")

    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(deadline)
    if worker.is_alive():  # the deadline passed: the socket is shut, the call ends
        _cut(connection)
        worker.join(1)
        return f"failed: no answer within {deadline:g} s"
    connection.close()
    return (outcome or ["failed: no answer"])[0][:100]


def _cut(connection) -> None:
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
    connection.close()
