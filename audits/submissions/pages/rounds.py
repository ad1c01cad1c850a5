"""A submission's live progress fragment and the view of one round (one line of the log)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from audits.submissions import access
from audits.submissions.progress import submission_progress as progress_of
from audits.submissions.round_view import NoSuchLine, submission_round

FINISHED = ("done", "failed")


def _visible(request, uuid):
    submission = access.submissions_visible_to(request.user).filter(uuid=uuid).first()
    if submission is None:
        raise Http404("no such submission")
    return submission


@login_required
def submission_progress(request, uuid):
    """The progress fragment the submission page polls while validation runs."""
    submission = _visible(request, uuid)
    context = {
        "submission": submission,
        "finished": submission.status in FINISHED,
        "progress": progress_of(submission),
    }
    response = render(request, "web/_progress.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
def round_detail(request, uuid, line: int):
    submission = _visible(request, uuid)
    try:
        view = submission_round(submission, line)
    except NoSuchLine as exc:
        raise Http404(str(exc)) from exc
    context = {
        "submission": submission,
        "round": view,
        "currency": submission.licensee.jurisdiction.currency,
    }
    return render(request, "web/round.html", context)
