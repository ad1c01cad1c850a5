"""What every page needs: the signed-in user's role (for the menu), the door every page of
the service keeps (signed in, with a role), the length of a list's page and a form's status."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied

from games.access import user_role


def role(request) -> dict:
    user = getattr(request, "user", None)
    return {"role": user_role(user) if user is not None and user.is_authenticated else None}


def role_required(view):
    """Signed in (else to the sign-in page) and with a role in the service (else 403)."""

    @login_required
    @wraps(view)
    def with_role(request, *args, **kwargs):
        if user_role(request.user) is None:
            raise PermissionDenied("you have no role in the service")
        return view(request, *args, **kwargs)

    return with_role


PAGE = 50  # rows per page of a list


def form_status(form) -> int:
    """400 for a form sent back with errors, else 200."""
    return 400 if form.is_bound and form.errors else 200
