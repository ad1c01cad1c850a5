"""Alerts of live rounds: when a post's findings reach the licensee's severity, its staff
are mailed and its webhook is called, once per post. The webhook's body is JSON, signed
with HMAC-SHA256 under the licensee's secret over ``<timestamp>.<body>`` (headers
``X-Compliance-Timestamp`` and ``X-Compliance-Signature: sha256=<hex>``), so the receiver
can check it came from us and is fresh. Webhooks go to public HTTPS addresses only."""

from __future__ import annotations

import json
import logging
import secrets
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mass_mail
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from audits.live.models import AlertSent, AlertSetting, LiveDay, Receipt
from audits.live.webhooks import (  # noqa: F401  (the webhook's names, here as before)
    WebhookRefused,
    webhook_address_check,
    webhook_post,
    webhook_signature,
)
from audits.submissions.models import Chunk, Finding
from audits.submissions.queue import task_named
from games.access import STAFF

log = logging.getLogger(__name__)
RANK = {"warning": 0, "error": 1, "critical": 2}


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
    # sent by a task of the alerts queue (LIVE_ALERTS_QUEUE), after the commit: a slow or
    # silent endpoint never holds a validating worker
    transaction.on_commit(lambda: task_named("live_alert_deliver").apply_async(
        (sent.pk,), queue=settings.LIVE_ALERTS_QUEUE), robust=True)  # fmt: skip
    return sent


def live_alert_deliver(sent_id: int) -> AlertSent | None:
    """Mail the staff and call the webhook of one recorded alert (the alerts queue's task);
    once delivered, never again."""
    sent = AlertSent.objects.select_related("chunk__submission__licensee").filter(
        pk=sent_id, delivered_at__isnull=True).first()  # fmt: skip
    setting = sent and AlertSetting.objects.filter(licensee=sent.chunk.submission.licensee_id)
    setting = setting.first() if setting is not None else None
    if sent is None or setting is None:
        return None
    submission = sent.chunk.submission
    findings = list(Finding.objects.filter(chunk=sent.chunk, severity__in=_wanted(setting))
                    .order_by("line", "seat", "code"))  # fmt: skip
    claimed = AlertSent.objects.filter(pk=sent.pk, delivered_at__isnull=True).update(
        delivered_at=timezone.now())  # fmt: skip
    if not claimed or not findings:  # another worker has it
        return None
    body = _body(submission, findings)
    if setting.mail_staff:
        _mail(submission.licensee, body)
    if setting.webhook_url:
        sent.webhook_status = _call(setting, body)
        AlertSent.objects.filter(pk=sent.pk).update(webhook_status=sent.webhook_status)
    return sent


def live_alerts_undelivered(now: datetime | None = None) -> int:
    """Alerts recorded in the last day whose task never ran (a broker that lost it), sent to
    the alerts queue again ``LIVE_RESEND_AFTER_SECONDS`` after they were recorded."""
    now = now or timezone.now()
    stale = AlertSent.objects.filter(
        delivered_at__isnull=True, sent_at__gte=now - timedelta(days=1),
        sent_at__lt=now - timedelta(seconds=settings.LIVE_RESEND_AFTER_SECONDS),
    ).values_list("pk", flat=True)  # fmt: skip
    stale = list(stale)
    for pk in stale:
        task_named("live_alert_deliver").apply_async((pk,), queue=settings.LIVE_ALERTS_QUEUE)
    return len(stale)


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


def _call(setting: AlertSetting, body: dict) -> str:
    data = json.dumps(body, separators=(",", ":")).encode()
    stamp = str(int(time.time()))
    status = webhook_post(setting.webhook_url, data, {
        "Content-Type": "application/json", "X-Compliance-Timestamp": stamp,
        "X-Compliance-Signature": webhook_signature(setting.webhook_secret, stamp, data),
    })  # fmt: skip
    if status.startswith("failed"):
        log.warning("webhook of licensee %s failed: %s", setting.licensee_id, status)
    return status


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
