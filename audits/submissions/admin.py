"""Django admin: submissions, shown read-only to administrators.

A submission is created by the services (uploads and the API) and validated by them; an
administrator reads it here and changes nothing.
"""

from django.contrib import admin

from audits.submissions.models import Submission
from games.admin import ReadOnlyAdmin


@admin.register(Submission)
class SubmissionAdmin(ReadOnlyAdmin):
    list_display = ("original_name", "licensee", "status", "rounds_total", "submitted_at")
    list_filter = ("status", "licensee")
    search_fields = ("original_name", "sha256")
