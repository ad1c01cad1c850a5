"""Who may call the registry API: anyone with a role reads; only reviewers write.

Whether a reviewer may write in a particular jurisdiction is decided by the
view with :func:`games.access.user_can_manage_registry`, once it knows the
jurisdiction concerned.
"""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS, BasePermission

from games.access import user_is_reviewer, user_role


class HasRegistryRole(BasePermission):
    message = "you have no role in the registry (ask an administrator for a membership)"

    def has_permission(self, request, view) -> bool:
        return user_role(request.user) is not None


class ReviewersWrite(BasePermission):
    message = "only commission reviewers may change the registry"

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or user_is_reviewer(request.user)
