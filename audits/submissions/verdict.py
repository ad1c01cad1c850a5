"""A submission's verdict in one line, for the top of its page: what happened to the file, the
money paid wrong, and what to do next, in words.

A damaged or cut-short gzip is validated up to the damage and finishes "done"; its verdict
says "damaged" first, with how many lines were kept and checked, and that the whole file is
to be sent again: the rounds after the damage are missing, whatever the findings say.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from audits.submissions.models import Submission, SubmissionStatus
from compliance.words import counted


@dataclass(frozen=True)
class Verdict:
    tone: str  # clean, findings, damaged, failed, pending, withdrawn: the box's colour
    headline: str  # the one line, first
    detail: str  # what was kept and counted
    next_step: str  # what to do now ("" when nothing)


def submission_verdict(submission: Submission, summary: dict) -> Verdict:
    """The verdict of ``submission`` whose
    :func:`~audits.submissions.summary.submission_summary` is ``summary``."""
    currency = submission.licensee.jurisdiction.currency
    if submission.status in (SubmissionStatus.QUEUED, SubmissionStatus.VALIDATING):
        return Verdict("pending", "Being validated: the verdict follows when it ends.", "", "")
    if submission.status == SubmissionStatus.FAILED:
        return Verdict(
            "failed", "Not validated: the file could not be read.",
            f"{summary['failure_reason']}. The file is kept unchanged as it was sent.",
            "Send the file again once it is whole, or validate it again if it is.",
        )  # fmt: skip
    damage = submission.findings.filter(code="file_truncated").order_by("line").first()
    if damage is not None:
        return _damaged(damage, summary)
    read = _read(summary)
    wrong = _paid_wrong(summary, currency)
    if not summary["findings"] and not summary["rejected_lines"]:
        rounds = counted(summary["rounds"], "round")
        return Verdict("clean", f"Clean: every one of the {rounds} was played, wagered and "
                       "paid as approved.", read, "")  # fmt: skip
    headline = (f"{counted(summary['findings'], 'finding')} in "
                f"{counted(summary['rounds'] - summary['clean_rounds'], 'round')} of "
                f"{summary['rounds']:,}{wrong}")  # fmt: skip
    if summary["rejected_lines"]:
        headline += f"; {counted(summary['rejected_lines'], 'line')} rejected, unread"
    return Verdict(
        "findings",
        headline + ".",
        read,
        "Read the findings by kind below; open a case on those to be explained.",
    )


def _damaged(damage, summary: dict) -> Verdict:
    kept = damage.line - 1
    why = damage.message.partition(": the ")[0]
    return Verdict(
        "damaged",
        f"Damaged file: {why}. Only the {counted(kept, 'line')} before the damage were read.",
        f"Those lines were validated ({_read(summary)}, "
        f"{counted(summary['findings'], 'finding')}); whatever followed is missing from this "
        "submission and from monitoring.",
        "Send the whole file again; this submission is kept as it was sent.",
    )


def _read(summary: dict) -> str:
    return (f"{counted(summary['rounds'], 'round')} read, {summary['clean_rounds']:,} clean, "
            f"{counted(summary['rejected_lines'], 'line')} rejected")  # fmt: skip


def _paid_wrong(summary: dict, currency: str) -> str:
    over, under = Decimal(summary["overpaid"]), Decimal(summary["underpaid"])
    pairs = (("overpaid", over), ("underpaid", under))
    said = [f"{w} {currency} {amount:,.2f}" for w, amount in pairs if amount]
    return f"; {' and '.join(said)}" if said else ""

