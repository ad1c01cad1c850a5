"""Running a golden case through the whole validation, the registry left as it was after."""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import ExitStack, contextmanager
from unittest import mock

from django.db import transaction
from django.utils import timezone

from audits.submissions.intake import submission_submit
from audits.submissions.models import Finding, Submission
from audits.validation.games import GAMES
from games.models import Licensee
from tests.golden.cases import Golden

FIELDS = ("code", "group", "severity", "message", "rule", "line", "seat", "wager_key",
          "expected", "recorded")  # fmt: skip


class _Rollback(Exception):
    pass


def submit(lines_or_content, licensee: str, name: str) -> Submission:
    content = lines_or_content
    if isinstance(content, list):
        content = b"\n".join(content) + b"\n"
    return submission_submit(
        io.BytesIO(content), name=name, via="command", now=True,
        licensee=Licensee.objects.get(license_number=licensee),
    ).submission  # fmt: skip


@contextmanager
def rule_parameters(params: dict):
    """The rule versions' engines with ``params`` read the other way (an open point)."""
    if not params:
        yield
        return
    from audits.submissions.run import fast_path, rules_context

    def engine_for(version):
        return GAMES[version.game.code].engine({**version.parameters, **params})

    # a screen is kept per rule version's content hash, which covers its parameters; these
    # are changed behind the hash, so no screen built before (or here) may be used again
    fast_path._SCREENS.clear()
    try:
        with mock.patch.object(rules_context, "engine_for", engine_for):
            yield
    finally:
        fast_path._SCREENS.clear()


@contextmanager
def a_check_that_breaks(round_id: str = "BREAKS-A-CHECK"):
    from audits.submissions.run import chunk_run

    real = chunk_run.check_round

    def check_round(parsed, rules):
        if parsed.round == round_id:
            raise ArithmeticError("a check failed in the service (golden round)")
        return real(parsed, rules)

    with mock.patch.object(chunk_run, "check_round", check_round):
        yield


def run(case: Golden, inspect: Callable[[Submission, list[dict]], None] | None = None):
    """The findings of the case's file (``inspect`` sees the submission before the registry
    and everything the case made are rolled back)."""
    found: list[dict] = []
    try:
        with transaction.atomic(), ExitStack() as stack:
            stack.enter_context(rule_parameters(case.params))
            if case.code == "line_not_checked":
                stack.enter_context(a_check_that_breaks())
            if case.setup:
                case.setup()
            if case.earlier:
                earlier = submit(case.earlier(), case.licensee, "earlier-file.jsonl")
                if case.earlier_withdrawn:
                    Submission.objects.filter(pk=earlier.pk).update(withdrawn_at=timezone.now())
            content = case.content() if case.content else case.lines()
            submission = submit(content, case.licensee, f"golden-{case.code}.jsonl")
            found = list(
                Finding.objects.filter(submission=submission)
                .order_by("line", "seat", "wager_key", "code")
                .values(*FIELDS)
            )
            if inspect is not None:
                inspect(submission, found)
            raise _Rollback
    except _Rollback:
        pass
    return found
