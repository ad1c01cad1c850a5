"""Who may see and change what: a user's role and scope."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords


class Role(models.TextChoices):
    REVIEWER = "reviewer", "commission reviewer"
    STAFF = "staff", "casino compliance staff"


class Membership(models.Model):
    """A reviewer is scoped to a jurisdiction; casino staff to a licensee."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="membership"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    jurisdiction = models.ForeignKey(
        "games.Jurisdiction", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    licensee = models.ForeignKey(
        "games.Licensee", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(role="reviewer", jurisdiction__isnull=False, licensee__isnull=True)
                    | models.Q(role="staff", licensee__isnull=False, jurisdiction__isnull=True)
                ),
                name="membership_scope_matches_role",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()})"
