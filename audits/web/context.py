"""What every page needs: the signed-in user's role (for the menu), and the door every page
of the service keeps (signed in, with a role)."""

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
