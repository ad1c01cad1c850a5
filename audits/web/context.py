"""What every page needs: the signed-in user's role (for the menu)."""

from games.access import user_role


def role(request) -> dict:
    user = getattr(request, "user", None)
    return {"role": user_role(user) if user is not None and user.is_authenticated else None}
