"""Who may write to the submissions API: casino compliance staff and commission reviewers.

For which licensee a user may submit is decided by the view with
:func:`audits.submissions.access.licensees_submittable_by`, once it knows the licensee.
"""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS, BasePermission

from audits.submissions.access import user_can_submit


class SubmittersWrite(BasePermission):
    message = "only casino compliance staff and commission reviewers submit hand logs"

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or user_can_submit(request.user)
