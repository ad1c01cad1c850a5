"""Live rounds: a venue's table token, its gaming days as they fill, and the receipts."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class TableToken(models.Model):
    """A secret that may append rounds at one venue and do nothing else (only its SHA-256
    is kept; the secret is shown once, when made)."""

    venue = models.ForeignKey("games.Venue", on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=100, help_text="which table system holds it")
    key_sha256 = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text="the secret's first characters")
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    expires_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="after it the token appends nothing (LIVE_TABLE_TOKEN_DAYS)",
    )

    def __str__(self) -> str:
        return f"{self.venue.code} {self.name} ({self.prefix}…)"

    def refusal(self, now) -> str | None:
        """Why the token is not in force at ``now`` (None: it is)."""
        if self.revoked_at is not None:
            return f"this table token was revoked on {self.revoked_at:%Y-%m-%d %H:%M} UTC"
        if self.expires_at is not None and self.expires_at <= now:
            return f"this table token expired on {self.expires_at:%Y-%m-%d %H:%M} UTC"
        return None


class LiveDay(models.Model):
    """The rounds of one venue and gaming day (its zone's calendar day), as one submission
    that grows a chunk per post until the day closes. Rounds arriving after the close go to
    a late part (``part`` 1, 2, …), kept apart and marked late."""

    venue = models.ForeignKey("games.Venue", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    part = models.PositiveIntegerField(default=0, help_text="0: the day; 1 on: late rounds")
    submission = models.OneToOneField(
        "submissions.Submission", on_delete=models.PROTECT, related_name="live_day"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    last_post_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    size_bytes = models.BigIntegerField(default=0, help_text="of the day's file, so far")
    lines_total = models.BigIntegerField(default=0, help_text="rounds stored so far")
    chunk_count = models.IntegerField(default=0, help_text="posts stored so far")
    validation_sent = models.BooleanField(
        default=False,
        help_text="a worker has been sent the day's waiting posts and has not yet started: a "
        "new post waits for it rather than sending another",
    )
    heads = models.JSONField(
        default=dict, blank=True, help_text="each table's last signed tree head when it closed"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["venue", "gaming_day", "part"], name="uniq_live_day")
        ]

    def __str__(self) -> str:
        late = f", late part {self.part}" if self.part else ""
        return f"{self.venue_id} {self.gaming_day}{late}"

    @property
    def late(self) -> bool:
        return self.part > 0


class Receipt(models.Model):
    """One accepted post of one table: the hash of the bytes stored, chained per venue,
    table and gaming day (:mod:`audits.live.chain`)."""

    live_day = models.ForeignKey(LiveDay, on_delete=models.PROTECT, related_name="receipts")
    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    gaming_day = models.DateField()
    seq = models.PositiveIntegerField()
    stored_sha256 = models.CharField(max_length=64)
    rounds = models.PositiveIntegerField()
    first_line = models.BigIntegerField()
    previous = models.CharField(max_length=64)
    hash = models.CharField(max_length=64, unique=True)
    received_at = models.DateTimeField()
    chunk_index = models.IntegerField()

    class Meta:
        ordering = ["venue", "table", "gaming_day", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["venue", "table", "gaming_day", "seq"], name="uniq_receipt_seq"
            )
        ]

    def __str__(self) -> str:
        return f"{self.venue} {self.table} {self.gaming_day} #{self.seq}"


class TreeHead(models.Model):
    """A signed head of one table-day's Merkle tree of receipts (RFC 9162, in the published
    format of :mod:`audits.live.receipt_format`): signed when a post makes the tree this size,
    with the proof that the head signed before it is its beginning."""

    venue = models.CharField(max_length=40)
    table = models.CharField(max_length=40)
    gaming_day = models.DateField()
    tree_size = models.PositiveIntegerField()
    root_hash = models.CharField(max_length=64)
    timestamp = models.CharField(max_length=40, help_text="as signed: UTC, to the microsecond")
    key_id = models.CharField(max_length=64, help_text="the SHA-256 of the signing public key")
    signature = models.CharField(max_length=128)
    consistency = models.JSONField(
        null=True, blank=True, help_text="the proof from the previous head's size to this one"
    )

    class Meta:
        ordering = ["venue", "table", "gaming_day", "tree_size"]
        constraints = [
            models.UniqueConstraint(
                fields=["venue", "table", "gaming_day", "tree_size"], name="uniq_tree_head"
            )
        ]

    def __str__(self) -> str:
        return f"{self.venue} {self.table} {self.gaming_day} head {self.tree_size}"


class LiveRound(models.Model):
    """A round stored: the same round id with the same bytes is stored once (a retry); with
    other bytes, it is stored again and validation finds the repeat."""

    receipt = models.ForeignKey(Receipt, on_delete=models.PROTECT, related_name="live_rounds")
    venue = models.CharField(max_length=40)
    gaming_day = models.DateField()
    round_id = models.CharField(max_length=200)
    line_sha256 = models.CharField(max_length=64)
    line = models.BigIntegerField(help_text="its line in the day's submission")

    class Meta:
        constraints = [
            # the round id first: a post's rounds are looked up by id among the day's many,
            # whatever the planner believes of the day's size (a new day has no statistics)
            models.UniqueConstraint(
                fields=["round_id", "venue", "gaming_day", "line_sha256"],
                name="uniq_live_round_by_id",
            )
        ]

    def __str__(self) -> str:
        return f"{self.venue} {self.round_id}"


class AlertSetting(models.Model):
    """What a licensee is told of its live rounds' findings: those at or above a severity,
    by mail to its staff and to a webhook it registers, signed with a secret it holds."""

    SEVERITIES = [("critical", "critical only"), ("error", "errors and critical"),
                  ("warning", "every finding")]  # fmt: skip
    licensee = models.OneToOneField("games.Licensee", on_delete=models.CASCADE, related_name="+")
    min_severity = models.CharField(max_length=10, choices=SEVERITIES, default="critical")
    mail_staff = models.BooleanField(default=True)
    webhook_url = models.URLField(blank=True, max_length=500)
    webhook_secret = models.CharField(max_length=64, blank=True, help_text="HMAC-SHA256 key")

    def __str__(self) -> str:
        return f"alerts of {self.licensee_id} ({self.min_severity})"


class AlertSent(models.Model):
    """One post's alert, sent once (a task delivered again does not send it twice)."""

    chunk = models.OneToOneField("submissions.Chunk", on_delete=models.CASCADE, related_name="+")
    findings = models.PositiveIntegerField()
    sent_at = models.DateTimeField(auto_now_add=True, help_text="recorded (to be sent)")
    delivered_at = models.DateTimeField(
        null=True, blank=True, help_text="mailed and the webhook called, by the alerts queue"
    )
    webhook_status = models.CharField(max_length=100, blank=True)

    def __str__(self) -> str:
        return f"alert of chunk {self.chunk_id}"
