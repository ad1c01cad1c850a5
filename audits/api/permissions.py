"""Who may call the audits API: anyone with a role reads what they see; staff and
reviewers submit.

For which licensee a user may submit is decided by the view with
:func:`audits.submissions.access.licensees_submittable_by`, once it knows the licensee.
"""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS, BasePermission

from audits.submissions.access import user_can_submit
from games.access import user_role


class HasAuditRole(BasePermission):
    message = "you have no role in the service (ask an administrator for a membership)"

    def has_permission(self, request, view) -> bool:
        return user_role(request.user) is not None


class SubmittersWrite(BasePermission):
    message = "only casino compliance staff and commission reviewers submit hand logs"

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or user_can_submit(request.user)
