"""Investigations: opening a case on findings or deviations, the licensee's answer with its
evidence, the reviewer's decision, and the notices each step sends.

Who may do what (anyone else is refused, and a case, finding or deviation outside the user's
scope is as absent as one that does not exist):

- **open**: a commission reviewer on their jurisdiction's licensees' findings and deviations,
  casino staff on their own licensee's; everything in one case is of one licensee.
- **answer**: the licensee's staff, while the case awaits them: an explanation, a cause, the
  corrective action, and evidence files stored unchanged with their SHA-256.
- **decide**: a reviewer of the licensee's jurisdiction, while the case awaits the commission:
  accept the answer and close with an outcome, ask again, or escalate; close with an outcome at
  any time the case is open (withdrawn, say).

Every step is a :class:`~audits.investigations.models.CaseStep` (append-only); the case's
status follows it.
Notices go by Django's email backend once the step is committed: the licensee's staff when the
case awaits them, the jurisdiction's reviewers when it awaits the commission.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mass_mail
from django.db import transaction
from django.utils import timezone

from audits.investigations.case_access import (
    WITH_REVIEWER,
    CaseForbidden,
    CaseInvalid,
    CaseNotFound,
    CaseRefused,
    case_answerable_by,
    case_answerer_check,
    case_decidable_by,
    case_decider_check,
    case_get,
    case_opener_check,
    case_queue,
    cases_visible_to,
)
from audits.investigations.models import (
    Case,
    CaseCause,
    CaseEvidence,
    CaseOutcome,
    CaseStatus,
    CaseStep,
    StepKind,
)
from audits.monitoring.models import Deviation
from audits.submissions.access import submissions_visible_to
from audits.submissions.models import Finding, SubmissionStatus
from audits.submissions.run import media_path
from audits.submissions.storage import clean_file_name
from compliance.dates import MAX_ID, id_in_range
from compliance.durable import sync_file, sync_folders
from games.access import REVIEWER, STAFF, licensees_visible_to
from games.models import Role

log = logging.getLogger(__name__)
DECISIONS = ("accept", "ask_again", "escalate", "close")

#: the investigations' service; who sees and may do what is :mod:`.case_access`'s
__all__ = [
    "CaseForbidden",
    "CaseInvalid",
    "CaseNotFound",
    "CaseRefused",
    "case_answer",
    "case_answerable_by",
    "case_answerer_check",
    "case_decidable_by",
    "case_decide",
    "case_decider_check",
    "case_get",
    "case_open",
    "case_opener_check",
    "case_queue",
    "cases_visible_to",
    "evidence_path",
]


# -- opening ---------------------------------------------------------------------------------


@transaction.atomic
def case_open(
    user, *, title: str, text: str, finding_ids: Iterable[int] = (), deviation_ids=()
) -> Case:
    """A case on the findings and deviations named, all of one licensee the user may act
    for; it awaits the licensee's answer."""
    role = case_opener_check(user)
    finding_ids, deviation_ids = _ids(finding_ids, "findings"), _ids(deviation_ids, "deviations")
    if not finding_ids and not deviation_ids:
        raise CaseInvalid("findings", "name at least one finding or deviation")
    title, text = _words(title, "title", 200), _words(text, "text")
    findings = list(
        Finding.objects.filter(
            pk__in=finding_ids,
            submission__in=submissions_visible_to(user),
            submission__status=SubmissionStatus.DONE,
            submission__withdrawn_at__isnull=True,
        ).select_related("submission")
    )
    deviations = list(
        Deviation.objects.filter(pk__in=deviation_ids, licensee__in=licensees_visible_to(user))
    )
    if len(findings) != len(finding_ids) or len(deviations) != len(deviation_ids):
        raise CaseNotFound("no such finding or deviation that you may see")
    licensees = {f.submission.licensee_id for f in findings} | {d.licensee_id for d in deviations}
    if len(licensees) != 1:
        raise CaseInvalid("findings", "a case is about one licensee: open one case for each")
    case = Case.objects.create(
        licensee_id=licensees.pop(), title=title, status=CaseStatus.AWAITING_LICENSEE,
        opened_by=user,
    )  # fmt: skip
    case.findings.set(findings)
    case.deviations.set(deviations)
    _step(case, user, role, StepKind.OPENED, text)
    return case


# -- the licensee's answer -------------------------------------------------------------------


@transaction.atomic
def case_answer(
    user, case: Case, *, text: str, cause: str, corrective_action: str = "", files=()
) -> CaseStep:
    """The licensee's answer, with its evidence files; the case then awaits the reviewer."""
    case = _locked(case)
    case_answerer_check(user, case)
    if case.status != CaseStatus.AWAITING_LICENSEE:
        raise CaseRefused(f"the case is {case.get_status_display()}: no answer is awaited")
    if cause not in CaseCause.values:
        raise CaseInvalid("cause", f"cause must be one of {', '.join(CaseCause.values)}")
    text = _words(text, "text")
    case.status = CaseStatus.AWAITING_REVIEWER
    case.save(update_fields=["status"])
    step = _step(case, user, STAFF, StepKind.ANSWERED, text, cause=cause,
                 corrective_action=(corrective_action or "").strip())  # fmt: skip
    for upload in files:
        _keep_evidence(step, upload)
    return step


def _keep_evidence(step: CaseStep, upload) -> CaseEvidence:
    """Store the file unchanged under ``MEDIA_ROOT/evidence/<licensee>/<sha256>``."""
    digest, size = hashlib.sha256(), 0
    folder = media_path(f"evidence/{step.case.licensee_id}")
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".incoming-")
    try:
        with os.fdopen(handle, "wb") as out:
            for block in upload.chunks():
                size += len(block)
                if size > settings.CASE_EVIDENCE_MAX_BYTES:
                    raise CaseInvalid("evidence", f"{upload.name}: larger than "
                                      f"{settings.CASE_EVIDENCE_MAX_BYTES} bytes")  # fmt: skip
                digest.update(block)
                out.write(block)
            sync_file(out)  # on the disk before its row commits
        relative = f"evidence/{step.case.licensee_id}/{digest.hexdigest()}"
        os.replace(temporary, media_path(relative))
        sync_folders(media_path(relative), levels=3)  # up to the media folder
    finally:
        Path(temporary).unlink(missing_ok=True)
    name = clean_file_name(upload.name or "") or "evidence"
    return CaseEvidence.objects.create(
        step=step, name=name, path=relative, size=size, sha256=digest.hexdigest()
    )


def evidence_path(evidence: CaseEvidence) -> Path:
    return media_path(evidence.path)


# -- the commission's decision ---------------------------------------------------------------


@transaction.atomic
def case_decide(user, case: Case, *, decision: str, text: str, outcome: str = "") -> CaseStep:
    """A reviewer's decision: ``accept`` the answer and close with an outcome, ``ask_again``,
    ``escalate``, or ``close`` with an outcome."""
    case = _locked(case)
    case_decider_check(user, case)
    if decision not in DECISIONS:
        raise CaseInvalid("decision", f"decision must be one of {', '.join(DECISIONS)}")
    if case.status == CaseStatus.CLOSED:
        raise CaseRefused("the case is closed")
    if decision in ("accept", "ask_again", "escalate") and case.status not in WITH_REVIEWER:
        raise CaseRefused(f"the case is {case.get_status_display()}: there is no answer to "
                          f"{decision.replace('_', ' ')}")  # fmt: skip
    if decision == "escalate" and case.status == CaseStatus.ESCALATED:
        raise CaseRefused("the case is already escalated")
    text = _words(text, "text")
    closing = decision in ("accept", "close")
    if closing and outcome not in CaseOutcome.values:
        raise CaseInvalid("outcome", f"outcome must be one of {', '.join(CaseOutcome.values)}")
    kind, status = {
        "accept": (StepKind.ACCEPTED, CaseStatus.CLOSED),
        "close": (StepKind.CLOSED, CaseStatus.CLOSED),
        "ask_again": (StepKind.ASKED_AGAIN, CaseStatus.AWAITING_LICENSEE),
        "escalate": (StepKind.ESCALATED, CaseStatus.ESCALATED),
    }[decision]
    case.status = status
    if closing:
        case.outcome, case.closed_at = outcome, timezone.now()
    case.save(update_fields=["status", "outcome", "closed_at"])
    return _step(case, user, REVIEWER, kind, text, outcome=outcome if closing else "")


# -- shared ----------------------------------------------------------------------------------


def _ids(values, field: str) -> list[int]:
    try:
        found = sorted({id_in_range(v) for v in values or ()})
    except (TypeError, ValueError):
        raise CaseInvalid(field, f"{field} must be a list of ids (1 to {MAX_ID})") from None
    return found


def _words(value, field: str, longest: int | None = None) -> str:
    text = (value or "").strip() if isinstance(value, str | type(None)) else None
    if not text:
        raise CaseInvalid(field, f"{field} is required")
    if longest and len(text) > longest:
        raise CaseInvalid(field, f"{field} is longer than {longest} characters")
    return text


def _locked(case: Case) -> Case:
    return Case.objects.select_for_update().select_related("licensee__jurisdiction").get(pk=case.pk)


def _step(case: Case, user, role: str, kind: str, text: str, **more) -> CaseStep:
    step = CaseStep.objects.create(
        case=case, kind=kind, by=user, role=role, text=text, status_after=case.status, **more
    )
    # robust: a mail that cannot be sent is logged; the step stands
    transaction.on_commit(lambda: _notify(case.pk, step.pk), robust=True)
    log.info("case %s: %s by %s", case.pk, kind, user.get_username())
    return step


def _notify(case_pk: int, step_pk: int) -> None:
    """Mail whoever the case now awaits (never the one who took the step)."""
    step = CaseStep.objects.select_related("case__licensee", "by").get(pk=step_pk)
    case = step.case
    users = get_user_model().objects.filter(is_active=True).exclude(pk=step.by_id).exclude(email="")
    if case.status == CaseStatus.AWAITING_LICENSEE:
        users = users.filter(membership__role=Role.STAFF, membership__licensee=case.licensee_id)
    elif case.status in WITH_REVIEWER:
        users = users.filter(membership__role=Role.REVIEWER,
                             membership__jurisdiction=case.licensee.jurisdiction_id)  # fmt: skip
    else:  # closed: everyone who took part
        users = users.filter(pk__in=case.steps.values("by"))
    subject = f"[case {case.pk}] {step.get_kind_display()}: {case.title}"[:200]
    body = (
        f"Case {case.pk} ({case.licensee.name}) was {step.get_kind_display()} by "
        f"{step.by.get_username()} and is now {case.get_status_display()}.\n\n"
        f"{settings.SITE_URL}/cases/{case.pk}/\n"
    )
    messages = [(subject, body, settings.DEFAULT_FROM_EMAIL, [u.email]) for u in users.distinct()]
    if messages:
        send_mass_mail(messages, fail_silently=False)
