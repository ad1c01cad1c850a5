"""What one licensee may store: at most ``AUDITS_LICENSEE_MAX_STORED_BYTES`` of submitted
files, live days included, withdrawn and failed ones too (their files are kept).

Uploads are bounded one by one (``AUDITS_MAX_UPLOAD_BYTES``) and per user and hour (the
uploads' rate), but nothing else stopped one licensee filling the shared storage. An
upload that would pass the limit is refused whole (:func:`storage_refusal`); a live day's
bytes count once a worker has told its submission how far the day's file has grown (a
few seconds after a post).
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Sum

from audits.submissions.models import Submission
from games.models import Licensee

DEFAULT_MAX_STORED_BYTES = 50 * 1024**3


def licensee_max_stored_bytes() -> int:
    return int(getattr(settings, "AUDITS_LICENSEE_MAX_STORED_BYTES", None)
               or DEFAULT_MAX_STORED_BYTES)  # fmt: skip


def licensee_stored_bytes(licensee: Licensee) -> int:
    """The bytes of every file stored for the licensee's submissions."""
    stored = Submission.objects.filter(licensee=licensee).aggregate(total=Sum("size_bytes"))
    return int(stored["total"] or 0)


def storage_refusal(licensee: Licensee, size: int) -> str | None:
    """Why a new file of ``size`` bytes may not be stored for the licensee, or None. Call it
    in the transaction that stores the file: the licensee's row stays locked to the commit,
    so that two uploads at once cannot both take the last room."""
    Licensee.objects.select_for_update().filter(pk=licensee.pk).exists()
    limit, stored = licensee_max_stored_bytes(), licensee_stored_bytes(licensee)
    if stored + size <= limit:
        return None
    return (f"the licensee stores {stored:,} bytes of submissions already: this file of "
            f"{size:,} bytes would pass the limit of {limit:,} bytes; nothing was kept "
            f"(ask the commission to raise the limit)")  # fmt: skip
