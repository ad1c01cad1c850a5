"""The password-reset page, limited: it is open to anyone and sends mail.

Per client address, at most ``PASSWORD_RESET_RATE`` requests (over it, 429: the address
learns nothing about any account).  Per email address asked for, whether an account has it
or not, at most ``PASSWORD_RESET_EMAIL_RATE`` mails: over it the page answers exactly as
always and sends nothing, so that nobody floods an inbox through it and the answer never
tells whether the account exists.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import PasswordResetView

from compliance.rates import Rate, rate_hit
from compliance.views import limited_per_address

log = logging.getLogger(__name__)


class LimitedPasswordResetForm(PasswordResetForm):
    def save(self, *args, **kwargs):
        email = self.cleaned_data["email"].strip().lower()
        rate = Rate.parse(settings.PASSWORD_RESET_EMAIL_RATE)
        if not rate_hit(f"reset-mail:{email}", rate).allowed:
            log.warning("password reset not mailed: over PASSWORD_RESET_EMAIL_RATE for %r", email)
            return
        super().save(*args, **kwargs)


password_reset = limited_per_address("PASSWORD_RESET_RATE")(
    PasswordResetView.as_view(form_class=LimitedPasswordResetForm)
)
