"""What a body, an upload and a submission may cost: the largest of each, how far a gzip file
may expand, how many findings are stored, and how late a round may be dated."""

import os

# Hand-log uploads (POST /api/audits/submissions/): over AUDITS_MAX_UPLOAD_BYTES is a 413.
# Uploaded files over FILE_UPLOAD_MAX_MEMORY_SIZE are spooled to temporary files; a raw body
# is streamed to storage; DATA_UPLOAD_MAX_MEMORY_SIZE bounds only the non-file form fields.
AUDITS_MAX_UPLOAD_BYTES = int(os.environ.get("AUDITS_MAX_UPLOAD_BYTES") or 1024**3)
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# What one licensee may store in all (audits/submissions/quota.py): its submissions' files,
# live days, withdrawn and failed ones included (50 GiB); an upload past it is a 413.
AUDITS_LICENSEE_MAX_STORED_BYTES = int(
    os.environ.get("AUDITS_LICENSEE_MAX_STORED_BYTES") or 50 * 1024**3
)
# A gzip upload is refused (413, nothing kept) when it expands to more than this, or to more
# than AUDITS_MAX_GZIP_RATIO times its compressed size past the first 64 MiB (a "bomb"); a
# table system's log compresses about 12 times.
AUDITS_MAX_EXPANDED_BYTES = int(os.environ.get("AUDITS_MAX_EXPANDED_BYTES") or 16 * 1024**3)
AUDITS_MAX_GZIP_RATIO = int(os.environ.get("AUDITS_MAX_GZIP_RATIO") or 100)

# The largest evidence file an investigation accepts.
CASE_EVIDENCE_MAX_BYTES = int(os.environ.get("CASE_EVIDENCE_MAX_BYTES") or 25 * 1024**2)
# An answer's files together (its body is refused before it is read beyond this).
CASE_ANSWER_MAX_BYTES = int(os.environ.get("CASE_ANSWER_MAX_BYTES") or 100 * 1024**2)
# Every other body is bounded before it is read (compliance/body_limits.py): sign-in and API
# tokens by SIGNIN_MAX_BODY_BYTES, an investigation's answer with its evidence files by
# CASE_ANSWER_MAX_BYTES, a report to verify by REPORT_VERIFY_MAX_BYTES, any other form or API
# call by FORM_MAX_BODY_BYTES.
SIGNIN_MAX_BODY_BYTES = int(os.environ.get("SIGNIN_MAX_BODY_BYTES") or 16 * 1024)
FORM_MAX_BODY_BYTES = int(os.environ.get("FORM_MAX_BODY_BYTES") or 1024**2)
REPORT_VERIFY_MAX_BYTES = int(os.environ.get("REPORT_VERIFY_MAX_BYTES") or 50 * 1024**2)

# What one upload can cost: a line yields at most AUDITS_FINDINGS_PER_LINE findings (the rest
# counted in one finding that says how many more, by code); a submission stores at most
# AUDITS_FINDINGS_STORED findings, beyond which they are counted by code and not stored one by
# one (the submission says so; its rounds, all judged, count in monitoring, marked
# incomplete).  A clean month has about 1% faulty rounds with one or two findings each:
# 200,000 stores every finding of a month of 7 million rounds at 1.5%, three times the
# busiest venue's month.
AUDITS_FINDINGS_PER_LINE = int(os.environ.get("AUDITS_FINDINGS_PER_LINE") or 50)
AUDITS_FINDINGS_STORED = int(os.environ.get("AUDITS_FINDINGS_STORED") or 200_000)
# A round dated more than this many hours after it reached the service (a file's submission, a
# live post's arrival) cannot have been played: the append door refuses it (400), a file's
# line is rejected (played_in_future). So is one before the first day of its venue's and
# jurisdiction's records (games/round_times.py).
ROUNDS_FUTURE_MARGIN_HOURS = int(os.environ.get("ROUNDS_FUTURE_MARGIN_HOURS") or 24)
