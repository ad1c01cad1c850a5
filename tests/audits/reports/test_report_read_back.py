"""Every page of every kind of report read back as a reader sees it: each number the PDF
states, in its sentences and its tables, is one its signed twin (``report.json``, the figures
it was drawn from) holds, in one of the ways the renderer writes a number; a number the
renderer made up, miscounted or carried from elsewhere (the "480" of an even sample of 20)
has no source there and fails here, named with its page and its line."""

from __future__ import annotations

import io
import re
from copy import deepcopy
from decimal import Decimal, InvalidOperation

import pdfplumber
import pytest

from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from audits.reports.render import report_pdf
from audits.submissions.models import Submission
from tests.audits.reports.test_report_monitoring import october  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db

#: what the read-back leaves aside, each not a figure of the twin's: dates, times and
#: offsets (checked against the period by the cover's tests), hashes, identifiers,
#: the page footer's count, the hold charts' axis ticks, the jurisdiction's citations
NOT_FIGURES = [
    re.compile(p)
    for p in (
        r"\b[A-Za-z][\w.]*(?:-\w+)+",  # identifiers: T2-2026-10-02-000042, WA-CR-0042, SHA-256
        r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?: ?[+-]\d{2}:?\d{2}|Z)?",
        r"\b\d{1,2}:\d{2}(?::\d{2})?\b(?: ?[+-]\d{2}:?\d{2})?",
        r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
        r"\b[0-9a-f]{12,64}\b…?",
        r"\b[Pp]age \d+ of \d+\b",
        r"\bWAC \d+-\d+-\d+(?:\(\d+\))*",
    )
]
NUMBER = re.compile(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?%?")


def _values(value, out: set[Decimal]) -> set[Decimal]:
    """Every number the twin holds, in every form the renderer writes one: counts with or
    without separators, money to the cent, fractions as percentages to 1-3 places,
    probabilities to one or two significant figures, numbers inside the twin's strings."""
    if isinstance(value, dict):
        for v in value.values():
            _values(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _values(v, out)
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int):
        out.add(Decimal(value))
    elif isinstance(value, float):
        out |= {Decimal(f"{value:.2f}"), Decimal(f"{value:.2g}"), Decimal(f"{value:.1g}")}
        out |= {Decimal(f"{100 * value:.{n}f}") for n in (0, 1, 2, 3)}
    elif isinstance(value, str):
        for token in NUMBER.findall(_without_identifiers(value)):
            out.add(_number(token))
        try:
            amount = Decimal(value)
        except InvalidOperation:
            return out
        if amount.is_finite():
            out |= {amount.quantize(Decimal("0.01")), amount}
    return out


def _without_identifiers(text: str) -> str:
    for pattern in NOT_FIGURES:
        text = pattern.sub(" ", text)
    return text


def _number(token: str) -> Decimal:
    return Decimal(token.rstrip("%").replace(",", ""))


def _stated(pdf: bytes) -> list[tuple[int, str, str]]:
    """(page, line, number) for every number the pages state, read back from the PDF."""
    stated = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page_no, page in enumerate(doc.pages, start=1):
            for line in (page.extract_text() or "").splitlines():
                rest = _without_identifiers(line)
                stated += [(page_no, line, token) for token in NUMBER.findall(rest)]
    return stated


def _data_of(f: dict) -> dict:
    """The twin without the report's own sentences (the cover's standing and the summary's
    verdict are written from the data and kept in the twin: they are what is checked here,
    never a source)."""
    data = deepcopy(f)
    data.pop("standing", None)
    data.get("summary", {}).pop("verdict", None)
    return data


def _unsourced(f: dict) -> list[tuple[int, str, str]]:
    known = _values(_data_of(f), set())
    return [(page, line, n) for page, line, n in _stated(report_pdf(f))
            if _number(n) not in known and not _axis_tick(n)]  # fmt: skip


def _axis_tick(token: str) -> bool:
    """The hold charts' axes: a whole percentage (the data's are written to two places)."""
    return re.fullmatch(r"-?\d{1,3}%", token) is not None


@pytest.fixture
def reports(october):  # noqa: F811
    venue = october[0]
    submission = Submission.objects.get()
    jurisdiction = venue.licensee.jurisdiction
    return {
        "submission": report_figures(report_request(kind=ReportKind.SUBMISSION,
                                                    submission=submission)),
        "venue": report_figures(report_request(kind=ReportKind.VENUE, venue=venue,
                                               period="2026-10")),
        "jurisdiction": report_figures(report_request(kind=ReportKind.JURISDICTION,
                                                      jurisdiction=jurisdiction,
                                                      period="2026-10")),
    }  # fmt: skip


def test_every_number_on_every_page_of_every_kind_of_report_is_the_twins(reports):
    for kind, f in reports.items():
        stated = _stated(report_pdf(f))
        assert len(stated) > 100, kind  # the pages were read, not skipped
        unsourced = _unsourced(f)
        assert unsourced == [], "\n".join(f"{kind} page {p}: {n!r} in {line!r}"
                                          for p, line, n in unsourced)  # fmt: skip


def test_a_miscounted_sentence_is_caught(reports):
    """The read-back would have caught the even sample of 480 above 20 rows: a number the
    twin does not hold, written into a sentence of the PDF, is named with its page."""
    f = reports["submission"]
    lists = f["findings"]
    assert lists["appendix"] is None and lists["sample"]
    wrong = 987_654  # no count, amount or share of this report
    assert Decimal(wrong) not in _values(_data_of(f), set())
    f["standing"]["sentence"] = f["standing"]["sentence"].replace(
        f"{f['summary']['findings']:,} findings", f"{wrong:,} findings", 1
    )
    unsourced = _unsourced(f)
    assert [(page, n) for page, _, n in unsourced] == [(1, f"{wrong:,}")]
