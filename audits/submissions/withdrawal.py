"""Corrections, never deletions: a submission withdrawn by its licensee, a withdrawal a
reviewer decides, and a submission reinstated by the commission.

Staff withdraw a submission of their own licensee that was a mistake (the wrong file, a
month sent twice), saying why. It is kept whole (file, findings, reports already issued,
which keep their figures) and marked withdrawn: later period reports leave it out, its
rounds leave monitoring (its ledger rows go; the periods it touched are tested again) and
later files are not told its rounds were "already submitted" (a round sent again is
linked instead: ``resent_after_withdrawal``). Once a signed report covers the submission or
its live gaming day has closed, staff only *request* the withdrawal: until a reviewer of the
jurisdiction accepts it, the submission counts; a reviewer may refuse it, saying why. A
reviewer may reinstate a withdrawn submission, unless its rounds were sent again since (they
would count twice). Every step is a :class:`SubmissionEvent` kept for good, which the
commission sees on its first page and the venue's monitoring page.

Who may do each is :mod:`audits.submissions.access`'s; what monitoring does and when a
report covers a submission are the rooms' above, registered in :data:`WITHDRAWAL_HOOKS`
(imports point down).
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
    reinstated (monitoring: its ledger rows out, or back); and why a withdrawal needs a
    reviewer (reports: "a signed report covers it"), each answering None when it does not."""

    withdrawn: list[Callable[[Submission], None]] = field(default_factory=list)
    reinstated: list[Callable[[Submission], None]] = field(default_factory=list)
    needs_review: list[Callable[[Submission], str | None]] = field(default_factory=list)


WITHDRAWAL_HOOKS = WithdrawalHooks()


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise WithdrawalRefused("say why: the reason is kept with the submission")
    if len(reason) > REASON_MAX:
        raise WithdrawalRefused(f"the reason is longer than {REASON_MAX:,} characters")
    if any(ord(c) < 32 and c not in "\n\r\t" or c == "\x7f" for c in reason):
        raise WithdrawalRefused("the reason holds a control character (such as NUL): text only")
    return reason


def withdrawal_review_reasons(submission: Submission) -> list[str]:
    """Why withdrawing ``submission`` is a request a reviewer decides (empty: staff alone)."""
    reasons = []
    if submission.submitted_via == "live" and submission.status == SubmissionStatus.DONE:
        reasons.append("its live gaming day has closed")
    reasons += [r for hook in WITHDRAWAL_HOOKS.needs_review if (r := hook(submission))]
    return reasons


@transaction.atomic
def submission_withdraw(submission: Submission, *, user, reason: str) -> Submission:
    """Withdraw ``submission`` (finished ones only), keeping who and why, and take it out of
    monitoring; or, once a signed report covers it or its live day has closed, record the
    request for a reviewer (it still counts until accepted)."""
    reason = _reason(reason)
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if submission.withdrawn:
        raise WithdrawalRefused("this submission is already withdrawn")
    if submission.status not in (SubmissionStatus.DONE, SubmissionStatus.FAILED):
        raise WithdrawalRefused("a submission is withdrawn once its validation has finished")
    if submission.withdrawal_requested_at is not None:
        raise WithdrawalRefused("its withdrawal is already requested: a reviewer decides")
    review = withdrawal_review_reasons(submission)
    if review:
        submission.withdrawal_requested_at = timezone.now()
        submission.save(update_fields=["withdrawal_requested_at"])
        _event(submission, SubmissionEventKind.REQUESTED, user,
               f"{reason} (a reviewer decides: {'; '.join(review)})")  # fmt: skip
        return submission
    _withdraw(submission, reason)
    _event(submission, SubmissionEventKind.WITHDRAWN, user, reason)
    return submission


@transaction.atomic
def submission_withdrawal_decide(submission: Submission, *, user, accept: bool,
                                 reason: str) -> Submission:  # fmt: skip
    """A reviewer accepts a requested withdrawal (the submission is withdrawn) or refuses it
    (it stays as it was), saying why."""
    reason = _reason(reason)
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if submission.withdrawal_requested_at is None:
        raise WithdrawalRefused("no withdrawal of this submission is waiting for a decision")
    submission.withdrawal_requested_at = None
    submission.save(update_fields=["withdrawal_requested_at"])
    if accept:
        _withdraw(submission, reason)
    kind = SubmissionEventKind.ACCEPTED if accept else SubmissionEventKind.REFUSED
    _event(submission, kind, user, reason)
    return submission


def _withdraw(submission: Submission, reason: str) -> None:
    submission.withdrawn_at, submission.withdrawal_reason = timezone.now(), reason
    submission.save(update_fields=["withdrawn_at", "withdrawal_reason"])
    if submission.status == SubmissionStatus.DONE:
        for hook in WITHDRAWAL_HOOKS.withdrawn:
            hook(submission)


def _event(submission: Submission, kind: str, user, reason: str, other=None) -> None:
    SubmissionEvent.objects.create(submission=submission, kind=kind, by=user, reason=reason,
                                   other=other)  # fmt: skip


@transaction.atomic
def submission_reinstate(submission: Submission, *, user, reason: str) -> Submission:
    """Bring a withdrawn submission back: into later reports and monitoring again; refused
    while a later submission holds its rounds (they would count twice)."""
    reason = _reason(reason)
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    if not submission.withdrawn:
        raise WithdrawalRefused("this submission is not withdrawn")
    holders = submission_rounds_sent_again(submission)
    if holders:
        names = ", ".join(f"{s.original_name} ({s.uuid})" for s in holders[:3])
        raise WithdrawalRefused(f"its rounds were sent again since and are counted in {names}: "
                                "withdraw that first, or they would count twice")  # fmt: skip
    submission.withdrawn_at, submission.withdrawal_reason = None, ""
    submission.save(update_fields=["withdrawn_at", "withdrawal_reason"])
    _event(submission, SubmissionEventKind.REINSTATED, user, reason)
    if submission.status == SubmissionStatus.DONE:
        for hook in WITHDRAWAL_HOOKS.reinstated:
            hook(submission)
    return submission


def submission_rounds_sent_again(submission: Submission) -> list[Submission]:
    """The submissions, not withdrawn, that sent rounds of ``submission`` again after it was
    withdrawn (their ``resent_after_withdrawal`` findings name it)."""
    corrected = SubmissionEvent.objects.filter(
        submission=submission, kind=SubmissionEventKind.CORRECTED,
        other__withdrawn_at__isnull=True,
    ).values("other")  # fmt: skip
    return list(Submission.objects.filter(pk__in=corrected).order_by("submitted_at"))


def submission_corrected(withdrawn: Submission, *, by: Submission) -> None:
    """``by`` sent rounds of the withdrawn submission again: kept as its event (once)."""
    kind = SubmissionEventKind.CORRECTED
    if SubmissionEvent.objects.filter(submission=withdrawn, kind=kind, other=by).exists():
        return
    reason = f"its rounds were sent again in {by.original_name} ({by.uuid})"
    _event(withdrawn, kind, by.submitted_by, reason, other=by)
