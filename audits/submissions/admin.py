"""Django admin: submissions, shown read-only to administrators.

A submission is created by the services (uploads and the API) and validated by them; an
administrator reads it here and changes nothing: not even a withdrawal, which its
licensee's staff make (and reviewers undo) with a reason, on its page or over the API.
"""

from django.contrib import admin

from audits.submissions.models import Submission, SubmissionEvent
from games.admin import ReadOnlyAdmin


class SubmissionEventInline(admin.TabularInline):
    model = SubmissionEvent
    fk_name = "submission"
    fields = ("at", "kind", "by", "reason", "other")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Submission)
class SubmissionAdmin(ReadOnlyAdmin):
    list_display = ("original_name", "licensee", "status", "withdrawn_at", "rounds_total",
                    "submitted_at")  # fmt: skip
    list_filter = ("status", "licensee")
    search_fields = ("original_name", "sha256")
    inlines = [SubmissionEventInline]
