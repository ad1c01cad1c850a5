"""Alerts of live rounds: when a post's findings reach the licensee's severity, its staff
are mailed and its webhook is called, once per post. The webhook's body is JSON, signed
with HMAC-SHA256 under the licensee's secret over ``<timestamp>.<body>`` (headers
``X-Compliance-Timestamp`` and ``X-Compliance-Signature: sha256=<hex>``), so the receiver
can check it came from us and is fresh. Webhooks go to public HTTPS addresses only."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import time
import urllib.request
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mass_mail
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from audits.live.models import AlertSent, AlertSetting, LiveDay, Receipt
from audits.submissions.models import Chunk, Finding
from games.access import STAFF

log = logging.getLogger(__name__)
RANK = {"warning": 0, "error": 1, "critical": 2}
TIMEOUT = 5  # seconds a webhook may take


class WebhookRefused(ValueError):
    """Not a webhook address this service calls."""


def alert_setting_save(licensee, *, min_severity: str, mail_staff: bool = True,
                       webhook_url: str = "") -> tuple[AlertSetting, str]:  # fmt: skip
    """The licensee's alert setting, and the webhook secret (new when the URL changes)."""
    if min_severity not in RANK:
        raise ValueError(f"min_severity: one of {', '.join(RANK)}")
    if webhook_url:
        webhook_address_check(webhook_url)
    setting, _ = AlertSetting.objects.get_or_create(licensee=licensee)
    if webhook_url != setting.webhook_url or not setting.webhook_secret:
        setting.webhook_secret = secrets.token_hex(32) if webhook_url else ""
    setting.min_severity, setting.mail_staff, setting.webhook_url = (
        min_severity, mail_staff, webhook_url)  # fmt: skip
    setting.save()
    return setting, setting.webhook_secret


def webhook_address_check(url: str) -> None:
    """HTTPS to a public address (plain HTTP and private addresses only with
    ``LIVE_WEBHOOK_ALLOW_PRIVATE``, for tests and a closed network): the service never
    calls into its own network for a licensee."""
    parts = urlsplit(url)
    allow_private = settings.LIVE_WEBHOOK_ALLOW_PRIVATE
    if parts.scheme != "https" and not (allow_private and parts.scheme == "http"):
        raise WebhookRefused("a webhook is an https:// address")
    if not parts.hostname:
        raise WebhookRefused("a webhook needs a host")
    try:
        addresses = {a[4][0] for a in socket.getaddrinfo(parts.hostname, parts.port or 443)}
    except OSError as error:
        raise WebhookRefused(f"{parts.hostname} does not resolve") from error
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if not ip.is_global and not allow_private:
            raise WebhookRefused(f"{parts.hostname} is not a public address")


def live_chunks_alert(submission, chunks: list[Chunk]) -> list[AlertSent]:
    """Tell the licensee of each post's findings at or above its severity (each post once;
    the chunks of one submission, its setting read once)."""
    setting = AlertSetting.objects.filter(licensee=submission.licensee_id).first()
    if setting is None:
        return []
    sent = (_alert(submission, setting, chunk) for chunk in chunks)
    return [s for s in sent if s is not None]


def live_alerts_missed(now: datetime | None = None) -> list[AlertSent]:
    """The alerts of posts validated in the last day whose worker stopped between storing
    their findings and telling the licensee: sent now, ``LIVE_RESEND_AFTER_SECONDS`` after
    the post (beat, with :mod:`audits.live.sweep`); each post is still told once.  Sought
    from the findings of the days posted to in the last day, not from every post."""
    now = now or timezone.now()
    since = now - timedelta(days=1)
    posted = Receipt.objects.filter(
        live_day__submission_id=OuterRef("submission_id"), chunk_index=OuterRef("index"),
        received_at__lt=now - timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS),
        received_at__gte=since,
    )  # fmt: skip
    sent = []
    for setting in AlertSetting.objects.all():
        days = LiveDay.objects.filter(venue__licensee_id=setting.licensee_id,
                                      last_post_at__gte=since).values("submission_id")  # fmt: skip
        found = Finding.objects.filter(submission_id__in=days, severity__in=_wanted(setting))
        missed = (
            Chunk.objects.filter(pk__in=found.values("chunk_id"), done=True)
            .filter(Exists(posted))
            .exclude(Exists(AlertSent.objects.filter(chunk=OuterRef("pk"))))
            .select_related("submission")
            .order_by("submission_id", "index")
        )
        sent += [s for c in missed if (s := _alert(c.submission, setting, c)) is not None]
    return sent


def _wanted(setting: AlertSetting) -> list[str]:
    return [s for s, rank in RANK.items() if rank >= RANK[setting.min_severity]]


def _alert(submission, setting: AlertSetting, chunk: Chunk) -> AlertSent | None:
    findings = list(Finding.objects.filter(chunk=chunk, severity__in=_wanted(setting))
                    .order_by("line", "seat", "code"))  # fmt: skip
    if not findings:
        return None
    try:
        with transaction.atomic():
            sent = AlertSent.objects.create(chunk=chunk, findings=len(findings))
    except IntegrityError:  # told already
        return None
    body = _body(submission, findings)
    if setting.mail_staff:
        _mail(submission.licensee, body)
    if setting.webhook_url:
        sent.webhook_status = _call(setting, body)
        AlertSent.objects.filter(pk=sent.pk).update(webhook_status=sent.webhook_status)
    return sent


def _body(submission, findings: list[Finding]) -> dict:
    return {
        "event": "live.findings",
        "submission": str(submission.uuid),
        "findings": [
            {"line": f.line, "round": f.round_id, "venue": f.venue, "table": f.table,
             "seat": f.seat, "wager_key": f.wager_key, "code": f.code, "severity": f.severity,
             "message": f.message, "rule": f.rule,
             "expected": None if f.expected is None else str(f.expected),
             "recorded": None if f.recorded is None else str(f.recorded)}
            for f in findings
        ],
    }  # fmt: skip


def webhook_signature(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def _call(setting: AlertSetting, body: dict) -> str:
    data = json.dumps(body, separators=(",", ":")).encode()
    stamp = str(int(time.time()))
    request = urllib.request.Request(setting.webhook_url, data=data, method="POST", headers={
        "Content-Type": "application/json", "X-Compliance-Timestamp": stamp,
        "X-Compliance-Signature": webhook_signature(setting.webhook_secret, stamp, data),
    })  # fmt: skip
    try:
        webhook_address_check(setting.webhook_url)  # again: an address can move
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:  # noqa: S310 (checked)
            return f"{answer.status}"
    except (OSError, WebhookRefused) as error:
        log.warning("webhook of licensee %s failed: %s", setting.licensee_id, error)
        return f"failed: {error}"[:100]


def _mail(licensee, body: dict) -> None:
    users = (
        get_user_model()
        .objects.filter(is_active=True, membership__role=STAFF, membership__licensee=licensee)
        .exclude(email="")
    )
    count = len(body["findings"])
    first = body["findings"][0]
    subject = f"[live] {count} finding(s) at {first['venue']} {first['table']}: {first['code']}"
    lines = [f"line {f['line']}, round {f['round']}, seat {f['seat'] or '-'}: {f['message']} "
             f"({f['rule']})" for f in body["findings"][:50]]  # fmt: skip
    text = "\n".join(lines) + f"\n\n{settings.SITE_URL}/submissions/{body['submission']}/\n"
    messages = [(subject[:200], text, settings.DEFAULT_FROM_EMAIL, [u.email]) for u in users]
    if messages:
        send_mass_mail(messages, fail_silently=True)
