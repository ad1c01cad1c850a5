"""Live rounds: how long a table token lasts, when a post's chunk is validated, sent again
and its day closed, and how licensees' webhooks are called."""

import os

from compliance.settings_parts.environment import env_bool

# A table token appends rounds this many days from when it is made (a new one before then).
LIVE_TABLE_TOKEN_DAYS = int(os.environ.get("LIVE_TABLE_TOKEN_DAYS") or 365)
# A live post's chunk not validated this long after the post is sent to the workers again.
LIVE_RESEND_AFTER_SECONDS = int(os.environ.get("LIVE_RESEND_AFTER_SECONDS") or 60)
# A worker validates a live post together with at most this many posts of the same gaming day
# waiting for a worker (their lines as one run, stored in one transaction).
LIVE_VALIDATE_MOST_POSTS = int(os.environ.get("LIVE_VALIDATE_MOST_POSTS") or 200)
# A post's chunk reaches a worker this long after the post (seconds): the day's posts arriving
# meanwhile are validated with it, so a run's fixed costs are shared (0: at once).
LIVE_VALIDATE_AFTER_SECONDS = float(os.environ.get("LIVE_VALIDATE_AFTER_SECONDS") or 1)
# A live gaming day closes this long after its end in the jurisdiction's zone (rounds still
# on their way); a late part this long after its last post.
LIVE_CLOSE_AFTER_SECONDS = int(os.environ.get("LIVE_CLOSE_AFTER_SECONDS") or 600)
# Licensees' webhooks are called at public HTTPS addresses only, unless this is on (tests, a
# closed network): the service never calls into its own network for a licensee.
LIVE_WEBHOOK_ALLOW_PRIVATE = env_bool("LIVE_WEBHOOK_ALLOW_PRIVATE", False)
# One webhook call, connecting to answering, takes at most this long (a trickling server is
# cut off); alerts are sent by tasks of their own queue, which a worker must consume (-Q
# celery,alerts: deploy/serve.sh), so no alert ever holds validation.
LIVE_WEBHOOK_DEADLINE_SECONDS = float(os.environ.get("LIVE_WEBHOOK_DEADLINE_SECONDS") or 10)
LIVE_ALERTS_QUEUE = os.environ.get("LIVE_ALERTS_QUEUE") or "alerts"
