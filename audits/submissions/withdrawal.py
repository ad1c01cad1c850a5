"""A submission withdrawn by its licensee, and reinstated by the commission.

Staff withdraw a submission of their own licensee that was a mistake (the wrong file, a
month sent twice), saying why. It is kept whole (file, findings, reports already issued,
which keep their figures) and marked withdrawn: later period reports leave it out, its
rounds leave monitoring (its ledger rows go; the periods it touched are tested again) and
later files are not told its rounds were "already submitted". A reviewer of the
jurisdiction sees it, and may reinstate it, saying why: it comes back as it was.

Who may do either is :mod:`audits.submissions.access`'s; what monitoring does is its own,
registered in :data:`WITHDRAWAL_HOOKS` (imports point down).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from audits.submissions.models import (
    Submission,
    SubmissionEvent,
    SubmissionEventKind,
    SubmissionStatus,
)

REASON_MAX = 2000


class WithdrawalRefused(ValueError):
    """The submission cannot be withdrawn or reinstated now; the message says why."""


@dataclass
class WithdrawalHooks:
    """What other rooms do, inside the same transaction, when a submission is withdrawn or
    reinstated (monitoring: its ledger rows out, or back)."""

    withdrawn: list[Callable[[Submission], None]] = field(default_factory=list)
    reinstated: list[Callable[[Submission], None]] = field(default_factory=list)


WITHDRAWAL_HOOKS = WithdrawalHooks()


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise WithdrawalRefused("say why: the reason is kept with the submission")
    if len(reason) > REASON_MAX:
        raise WithdrawalRefused(f"the reason is longer than {REASON_MAX:,} characters")
    return reason


@transaction.atomic
def submission_withdraw(submission: Submission, *, user, reason: str) -> Submission:
    """Mark ``submission`` withdrawn (finished ones only), keep who and why, take it out of
    monitoring."""
    reason = _reason(reason)
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if submission.withdrawn:
        raise WithdrawalRefused("this submission is already withdrawn")
    if submission.status not in (SubmissionStatus.DONE, SubmissionStatus.FAILED):
        raise WithdrawalRefused("a submission is withdrawn once its validation has finished")
    submission.withdrawn_at, submission.withdrawal_reason = timezone.now(), reason
    submission.save(update_fields=["withdrawn_at", "withdrawal_reason"])
    SubmissionEvent.objects.create(
        submission=submission, kind=SubmissionEventKind.WITHDRAWN, by=user, reason=reason
    )
    if submission.status == SubmissionStatus.DONE:
        for hook in WITHDRAWAL_HOOKS.withdrawn:
            hook(submission)
    return submission


@transaction.atomic
def submission_reinstate(submission: Submission, *, user, reason: str) -> Submission:
    """Bring a withdrawn submission back: into later reports and monitoring again."""
    reason = _reason(reason)
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if not submission.withdrawn:
        raise WithdrawalRefused("this submission is not withdrawn")
    submission.withdrawn_at, submission.withdrawal_reason = None, ""
    submission.save(update_fields=["withdrawn_at", "withdrawal_reason"])
    SubmissionEvent.objects.create(
        submission=submission, kind=SubmissionEventKind.REINSTATED, by=user, reason=reason
    )
    if submission.status == SubmissionStatus.DONE and not submission.findings_capped:
        for hook in WITHDRAWAL_HOOKS.reinstated:
            hook(submission)
    return submission
