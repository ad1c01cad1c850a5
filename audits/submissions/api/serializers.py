"""Submissions: the upload's parameters, the answer to an upload, the list and the detail."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from audits.submissions.models import (
    Submission,
    SubmissionEvent,
    SubmissionStatus,
    SubmissionTotal,
)
from audits.submissions.progress import submission_progress
from audits.submissions.storage import clean_file_name
from audits.submissions.summary import submission_summary
from audits.submissions.withdrawal import REASON_MAX
from compliance.api_times import JurisdictionTimes
from compliance.dates import MAX_ID
from games.models import Licensee

# --------------------------------------------------------------------------- fields


# The enum is wrapped in ``allOf`` so that drf-spectacular leaves it inline: ``status`` already
# names the approvals' choice set, and a shared component would need an ENUM_NAME_OVERRIDES entry.
@extend_schema_field(
    {
        "allOf": [{"type": "string", "enum": list(SubmissionStatus.values)}],
        "description": "queued, validating, done, or failed (see failure_reason)",
    }
)
class SubmissionStatusField(serializers.ChoiceField):
    """A submission's status."""

    def __init__(self, **kwargs):
        super().__init__(choices=SubmissionStatus.choices, **kwargs)


# --------------------------------------------------------------------------- upload


class SubmissionUploadQuerySerializer(serializers.Serializer):
    """The query string of an upload (and the form fields of a multipart one)."""

    licensee = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="licensee id; default for casino staff: their own (reviewers must name one)",
    )
    name = serializers.CharField(
        max_length=255,
        required=False,
        help_text="the file's name, for a raw body (a multipart upload carries its own)",
    )

    def validate_name(self, value: str) -> str:
        """Kept as a person reads it: no folders, control or invisible formatting characters."""
        name = clean_file_name(value)
        if not name:
            raise serializers.ValidationError("not a usable file name")
        return name


class SubmissionUploadFormSerializer(serializers.Serializer):
    """A multipart upload (documentation of the form)."""

    file = serializers.FileField(help_text="the hand log: .jsonl or .jsonl.gz")
    licensee = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="licensee id"
    )


class SubmissionAcceptedSerializer(serializers.Serializer):
    id = serializers.UUIDField(help_text="the submission's id")
    url = serializers.URLField(help_text="where to follow its progress")
    status = SubmissionStatusField()
    sha256 = serializers.CharField()
    created = serializers.BooleanField(
        help_text="false: the same file was already submitted for this licensee"
    )
    retried = serializers.BooleanField(
        help_text="true: that submission had failed, and is validated again from its file"
    )


# --------------------------------------------------------------------------- parts


class LicenseeRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Licensee
        fields = ["id", "name", "license_number"]


class SubmissionProgressSerializer(serializers.Serializer):
    chunks_total = serializers.IntegerField()
    chunks_done = serializers.IntegerField()
    lines_total = serializers.IntegerField(
        allow_null=True, help_text="known once the file is split into chunks"
    )
    lines_done = serializers.IntegerField()
    rounds_done = serializers.IntegerField()
    rounds_total = serializers.IntegerField(
        allow_null=True, help_text="known when validation is done"
    )
    percent = serializers.FloatField(allow_null=True, help_text="of the lines, once known")
    findings_so_far = serializers.IntegerField(help_text="in the chunks done; all when done")
    seconds_left = serializers.IntegerField(
        allow_null=True, help_text="estimated at the pace so far; null until a chunk is done"
    )


class SubmissionSummarySerializer(serializers.Serializer):
    """:func:`audits.submissions.summary.submission_summary`, as the command line prints it."""

    submission = serializers.UUIDField()
    id = serializers.IntegerField(help_text="internal number")
    file = serializers.CharField()
    sha256 = serializers.CharField()
    status = SubmissionStatusField()
    failure_reason = serializers.CharField(allow_null=True)
    lines = serializers.IntegerField()
    rounds = serializers.IntegerField()
    rejected_lines = serializers.IntegerField()
    clean_rounds = serializers.IntegerField()
    findings = serializers.IntegerField(help_text="every finding, stored or only counted")
    findings_by_code = serializers.DictField(child=serializers.IntegerField())
    findings_stored = serializers.IntegerField(
        help_text="the findings stored one by one (the findings list); fewer than `findings` "
        "only past the cap on what one submission stores"
    )
    findings_cap_note = serializers.CharField(
        allow_null=True, help_text="set when the file passed that cap: what it means"
    )
    wagered = serializers.DecimalField(max_digits=16, decimal_places=2)
    overpaid = serializers.DecimalField(max_digits=16, decimal_places=2)
    underpaid = serializers.DecimalField(max_digits=16, decimal_places=2)


class SubmissionTotalSerializer(serializers.ModelSerializer):
    """Per venue, table, game and wager key; the row with an empty ``wager_key`` counts the
    rounds (and clean rounds) at that venue, table and game."""

    findings_by_code = serializers.DictField(child=serializers.IntegerField())

    class Meta:
        model = SubmissionTotal
        fields = [
            "venue",
            "table",
            "game",
            "wager_key",
            "rounds",
            "clean_rounds",
            "wagers",
            "wagered",
            "net_result",
            "paid_out",
            "overpaid",
            "underpaid",
            "findings_by_code",
        ]


# --------------------------------------------------------------------------- submissions


def submission_url(submission: Submission, request, action: str = "detail") -> str:
    return reverse(f"audits:submission-{action}", kwargs={"uuid": submission.uuid}, request=request)


class SubmissionListSerializer(JurisdictionTimes, serializers.ModelSerializer):
    """Times in the licensee's jurisdiction's time zone, with the offset."""

    zone_path = "licensee.jurisdiction.timezone"
    id = serializers.UUIDField(source="uuid", read_only=True)
    url = serializers.SerializerMethodField()
    file = serializers.CharField(source="original_name")
    licensee = LicenseeRefSerializer()
    status = SubmissionStatusField()
    submitted_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Submission
        fields = [
            "id",
            "url",
            "file",
            "sha256",
            "size_bytes",
            "compressed",
            "licensee",
            "submitted_by",
            "submitted_via",
            "submitted_at",
            "status",
            "failure_reason",
            "lines_total",
            "rounds_done",
            "rounds_total",
            "finding_count",
            "finished_at",
            "withdrawn_at",
            "withdrawal_reason",
            "withdrawal_requested_at",
        ]
        read_only_fields = fields

    def get_url(self, submission) -> str:
        return submission_url(submission, self.context.get("request"))


class SubmissionEventSerializer(serializers.ModelSerializer):
    """A change of the submission's standing, kept for good; ``by`` is empty for the service,
    ``other`` the submission that sent its rounds again (``corrected``)."""

    by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    other = serializers.SlugRelatedField(slug_field="uuid", read_only=True)

    class Meta:
        model = SubmissionEvent
        fields = ["kind", "by", "at", "reason", "other"]
        read_only_fields = fields


class SubmissionDetailSerializer(SubmissionListSerializer):
    """The status and progress, the summary, and the totals per venue, table, game and key."""

    progress = serializers.SerializerMethodField()
    summary = serializers.SerializerMethodField()
    totals = SubmissionTotalSerializer(many=True, read_only=True)
    findings_url = serializers.SerializerMethodField()
    raw_url = serializers.SerializerMethodField()
    events = SubmissionEventSerializer(many=True, read_only=True)

    class Meta(SubmissionListSerializer.Meta):
        fields = [
            *SubmissionListSerializer.Meta.fields,
            "events",
            "started_at",
            "chunk_count",
            "progress",
            "summary",
            "totals",
            "findings_url",
            "raw_url",
        ]
        read_only_fields = fields

    @extend_schema_field(SubmissionProgressSerializer)
    def get_progress(self, submission) -> dict:
        return submission_progress(submission).to_dict()

    @extend_schema_field(SubmissionSummarySerializer)
    def get_summary(self, submission) -> dict:
        return submission_summary(submission)

    def get_findings_url(self, submission) -> str:
        return submission_url(submission, self.context.get("request"), "findings")

    def get_raw_url(self, submission) -> str:
        return submission_url(submission, self.context.get("request"), "raw")


class WithdrawalDecisionSerializer(serializers.Serializer):
    """A reviewer's decision on a requested withdrawal, and why (kept for good)."""

    decision = serializers.ChoiceField(choices=["accept", "refuse"])
    reason = serializers.CharField(max_length=REASON_MAX, trim_whitespace=True)


class WithdrawalSerializer(serializers.Serializer):
    """Why the submission is withdrawn or reinstated (kept with it for good)."""

    reason = serializers.CharField(max_length=REASON_MAX, trim_whitespace=True)
