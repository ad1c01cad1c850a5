"""A user's credentials end together: when the password changes or the account is disabled
(by the user, an administrator, or a command), every API token of that user is deleted.

Sessions end by themselves: Django signs each session with a hash of the password, so a
session opened before the change no longer authenticates, and a disabled user is never
authenticated (``ModelBackend``).  Only the session that changed its own password is kept,
by Django's password-change view (``update_session_auth_hash``).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save, pre_save
from knox.models import AuthToken


def _before_save(sender, instance, **kwargs) -> None:
    """Remember whether this save changes the password or disables the account."""
    if instance.pk is None:
        instance._credentials_end = False
        return
    stored = sender.objects.filter(pk=instance.pk).values("password", "is_active").first()
    instance._credentials_end = stored is not None and (
        stored["password"] != instance.password or (stored["is_active"] and not instance.is_active)
    )


def _after_save(sender, instance, created, **kwargs) -> None:
    if getattr(instance, "_credentials_end", False):
        AuthToken.objects.filter(user=instance).delete()
        instance._credentials_end = False


def connect() -> None:
    user_model = get_user_model()
    pre_save.connect(_before_save, sender=user_model, dispatch_uid="credentials-before")
    post_save.connect(_after_save, sender=user_model, dispatch_uid="credentials-after")
