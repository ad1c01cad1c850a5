"""Reports: the request, the status and detail, and a verification's answer."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.reverse import reverse

from audits.reports.models import Report, ReportKind, ReportStatus
from compliance.api_times import JurisdictionTimes


class ReportRequestSerializer(serializers.Serializer):
    """Ask for a report: a submission's, a venue's over a month or quarter, or a
    jurisdiction's; ``replaces`` reissues an issued report (same scope)."""

    kind = serializers.ChoiceField(choices=ReportKind.choices, required=False)
    submission = serializers.UUIDField(required=False)
    venue = serializers.CharField(required=False, max_length=40, help_text="venue code")
    jurisdiction = serializers.CharField(required=False, max_length=40, help_text="its code")
    period = serializers.CharField(required=False, max_length=20, help_text="2026-10, 2026-Q3")
    replaces = serializers.UUIDField(required=False, help_text="the report this one reissues")


class ReportSerializer(JurisdictionTimes, serializers.ModelSerializer):
    """A report's scope and status (queued, running, done, or failed with the reason); times in
    the jurisdiction's time zone."""

    zone_path = "jurisdiction.timezone"
    id = serializers.UUIDField(source="uuid", read_only=True)
    url = serializers.SerializerMethodField()
    pdf_url = serializers.SerializerMethodField()
    figures_url = serializers.SerializerMethodField()
    submission = serializers.UUIDField(source="submission.uuid", default=None, read_only=True)
    venue = serializers.CharField(source="venue.code", default=None, read_only=True)
    jurisdiction = serializers.CharField(source="jurisdiction.code", read_only=True)
    replaces = serializers.UUIDField(source="replaces.uuid", default=None, read_only=True)
    replaced_by = serializers.SerializerMethodField()
    verdict = serializers.SerializerMethodField()

    class Meta:
        model = Report
        fields = [
            "id", "url", "kind", "status", "failure_reason", "submission", "venue",
            "jurisdiction", "period", "period_start", "period_end", "requested_via",
            "requested_at", "issued_at", "sha256", "replaces", "replaced_by", "verdict",
            "pdf_url", "figures_url",
        ]  # fmt: skip

    def get_url(self, report) -> str:
        return reverse("audits:report-detail", args=[report.uuid], request=self.context["request"])

    def get_pdf_url(self, report) -> str | None:
        return self._file_url(report, "audits:report-pdf")

    def get_figures_url(self, report) -> str | None:
        return self._file_url(report, "audits:report-figures")

    def get_replaced_by(self, report) -> str | None:
        newer = getattr(report, "replaced_by", None)
        return str(newer.uuid) if newer is not None else None

    def get_verdict(self, report) -> str | None:
        return (report.figures or {}).get("summary", {}).get("verdict", {}).get("code")

    def _file_url(self, report, name: str) -> str | None:
        if report.status != ReportStatus.DONE:
            return None
        return reverse(name, args=[report.uuid], request=self.context["request"])


class VerificationSerializer(serializers.Serializer):
    """What checking a PDF found: ``ok`` only when it is signed, intact, valid, trusted,
    unchanged since signing, and (``issued_report``) a report this service issued."""

    ok = serializers.BooleanField()
    signed = serializers.BooleanField()
    intact = serializers.BooleanField()
    valid = serializers.BooleanField()
    trusted = serializers.BooleanField()
    certified = serializers.BooleanField()
    modified_after_signing = serializers.BooleanField()
    signer = serializers.CharField(allow_null=True)
    signed_at = serializers.CharField(allow_null=True)
    timestamped = serializers.BooleanField()
    sha256 = serializers.CharField()
    issued_report = serializers.CharField(allow_null=True)
    problems = serializers.ListField(child=serializers.CharField())
