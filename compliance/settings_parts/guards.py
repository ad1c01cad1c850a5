"""Who may come in and how often: failed sign-ins locked out, the proxies trusted for a
client's address, API tokens, and the requests each client may make per period."""

import os
from datetime import timedelta

# Failed sign-ins are limited on every door (django-axes, compliance/signin_guard.py): after
# SIGNIN_FAILURE_LIMIT failures for one account or from one address, sign-in there is locked
# for SIGNIN_LOCK_MINUTES (429). Every limit per address (these, the API's, the pages') counts
# the socket's; behind TRUSTED_PROXY_HOPS (0) reverse proxies that each append to
# X-Forwarded-For, the one the outermost of them saw (compliance/client_address.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("SIGNIN_FAILURE_LIMIT") or 10)
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SIGNIN_LOCK_MINUTES") or 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_LOCKOUT_CALLABLE = "compliance.signin_guard.lockout_response"
AXES_CLIENT_IP_CALLABLE = "compliance.client_address.client_ip"
AXES_SENSITIVE_PARAMETERS = ["password"]
TRUSTED_PROXY_HOPS = int(os.environ.get("TRUSTED_PROXY_HOPS") or 0)

# Requests per client and period (n/second, minute, hour or day); uploads have their own.
API_THROTTLE_RATES = {
    "anon": os.environ.get("API_RATE_ANONYMOUS") or "60/minute",
    "user": os.environ.get("API_RATE_USER") or "1200/minute",
    "uploads": os.environ.get("API_RATE_UPLOADS") or "60/hour",
}
# The live append door (audits/live/api/throttles.py): posts and rounds a minute per table
# token and per venue. A busy venue plays a few hundred rounds a minute, a table system posts
# each round or a few together; the defaults leave tenfold room.
LIVE_RATES = {
    "token_posts": os.environ.get("LIVE_RATE_TOKEN_POSTS") or "1200/minute",
    "token_rounds": os.environ.get("LIVE_RATE_TOKEN_ROUNDS") or "6000/minute",
    "venue_posts": os.environ.get("LIVE_RATE_VENUE_POSTS") or "3000/minute",
    "venue_rounds": os.environ.get("LIVE_RATE_VENUE_ROUNDS") or "12000/minute",
}
# The open report-verification page: checks per address (compliance/rates.py).
VERIFY_PAGE_RATE = os.environ.get("VERIFY_PAGE_RATE") or "30/m"
# The password-reset page: requests per client address (then 429), and mails per email address
# asked for (then none, the page answering as always), compliance/password_reset.py.
PASSWORD_RESET_RATE = os.environ.get("PASSWORD_RESET_RATE") or "5/hour"
PASSWORD_RESET_EMAIL_RATE = os.environ.get("PASSWORD_RESET_EMAIL_RATE") or "5/hour"
# API tokens (django-rest-knox): stored as digests, revocable, expiring.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=int(os.environ.get("API_TOKEN_DAYS") or 30)),
    "AUTO_REFRESH": False,
}
