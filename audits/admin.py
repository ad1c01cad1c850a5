"""Django admin: submissions and reports are shown read-only to administrators.

Both are created by the services (uploads, the report task) and an issued
report never changes: the database refuses it anyway.  The report schedules
are django-celery-beat's own admin (Periodic tasks), where they are edited.
"""

from django.contrib import admin

from audits.models import Report, Submission
from games.admin import ReadOnlyAdmin


@admin.register(Submission)
class SubmissionAdmin(ReadOnlyAdmin):
    list_display = ("original_name", "licensee", "status", "rounds_total", "submitted_at")
    list_filter = ("status", "licensee")
    search_fields = ("original_name", "sha256")


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ("uuid", "kind", "jurisdiction", "venue", "period", "status", "issued_at")
    list_filter = ("kind", "status", "jurisdiction")
    search_fields = ("uuid", "sha256", "period")
    exclude = ("figures",)
