"""A report's cover leads with what a commission acts on: one sentence naming the findings,
the holds monitoring flagged (the furthest from par in words), the open cases and the
corrections, and whether the period is over; every number it states is the twin's own; the
ledger's tables call a flagged hold "FLAGGED" and a hold outside its band alone "not flagged"."""

from __future__ import annotations

import io
import re
from copy import deepcopy

import pdfplumber
import pytest

from audits.reports import monitoring
from audits.reports.cover import report_standing
from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from audits.reports.render import report_pdf
from audits.reports.render_parts import money
from tests.audits.reports.test_report_monitoring import october  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue_figures(october):  # noqa: F811
    venue = october[0]
    return report_figures(report_request(kind=ReportKind.VENUE, venue=venue, period="2026-10"))


def _page_text(pdf: bytes, page: int) -> str:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return " ".join((doc.pages[page].extract_text() or "").split())


def test_the_first_page_of_a_skimmed_months_venue_report_names_the_flagged_hold(venue_figures):
    f = venue_figures
    standing = f["standing"]
    deviations = f["monitoring"]["deviations"]
    assert standing["flagged_holds"] == len(deviations) > 0
    furthest = min(deviations, key=lambda d: d["p_value"])
    assert furthest["table"] == "T2" and furthest["wager_key"] == "main"
    cover = _page_text(report_pdf(f), 0)
    assert f"{len(deviations):,} hold" in cover and "flagged by monitoring" in cover
    assert "table T2, Toss One 21 main wager, 2026-10-02" in cover
    observed = f"{100 * furthest['observed_hold']:.2f}%"
    par = f"{100 * furthest['theoretical_hold']:.2f}%"
    assert f"hold {observed} against par {par}" in cover
    assert "1 case open" in cover  # the skim's deviation's case, still awaiting the licensee
    assert cover.index("Verdict") < cover.index("Findings")  # the verdict before the details
    _every_number_the_verdict_states_is_the_twins_own(f)
    _the_ledger_calls_a_flagged_hold_flagged_and_an_outside_one_not(f)
    _every_page_states_the_twins_numbers(f)


def _every_number_the_verdict_states_is_the_twins_own(f: dict) -> None:
    s, m = f["summary"], f["monitoring"]
    sentence = f["standing"]["sentence"]
    counted = re.findall(r"(\d[\d,]*) (finding|round|hold|case|correction)s?\b", sentence)
    stated = {noun: int(n.replace(",", "")) for n, noun in counted}
    assert stated == {
        "finding": s["findings"],
        "round": s["rounds_with_findings"],
        "hold": len(m["deviations"]),
        "case": sum(1 for c in m["cases"] if c["status"] != "closed"),
        **({"correction": f["corrections"]["count"]} if f["corrections"]["count"] else {}),
    }
    furthest = min(m["deviations"], key=lambda d: d["p_value"])
    named = f["standing"]["flagged"][0]  # the cover's row of the flagged hold furthest from par
    assert re.findall(r"(-?\d+\.\d\d)%", named) == [
        f"{100 * furthest['observed_hold']:.2f}",
        f"{100 * furthest['theoretical_hold']:.2f}",
    ]
    assert f"(p {furthest['p_value']:.1g})" in named


def _every_page_states_the_twins_numbers(f: dict) -> None:
    """The numbers the report's sentences state, read back from every page: the totals on
    the cover, the monitoring rule, the appendix's count, each case's and flag's count."""
    text = _all_text(f)
    s, m, currency = f["summary"], f["monitoring"], f["jurisdiction"]["currency"]
    totals = (f"{s['rounds']:,} rounds, {money(s['wagered'], currency)} wagered; "
              f"{s['findings']:,} findings; overpaid {money(s['overpaid'], currency)}, "
              f"underpaid {money(s['underpaid'], currency)}")  # fmt: skip
    assert totals in text
    assert f"each day with {m['min_wagers']:,} wagers or more" in text
    assert f"the interval holds {m['confidence']:.2%} of holds" in text
    lists = f["findings"]
    if lists["appendix"] is None:
        assert f"{s['findings']:,} findings: too many to print" in text
    else:
        assert f"Every finding stored, {lists['stored']:,}, in file order" in text
    stated = [int(n.replace(",", "")) for n in re.findall(r"(\d[\d,]*) hold\w* flagged", text)]
    assert stated and set(stated) == {len(m["deviations"])}


def _the_ledger_calls_a_flagged_hold_flagged_and_an_outside_one_not(f: dict) -> None:
    m = f["monitoring"]
    flags = {(d["table"], d["game"], d["wager_key"], d["period"], d["first_day"])
             for d in m["deviations"]}  # fmt: skip
    kinds = {"last_day": "day", "period": "month_to_date", "year_to_date": "year_to_date"}
    for name, period in m["ledger"][0]["periods"].items():
        for line in period["lines"]:
            key = (line["table"], line["game"], line["wager_key"], kinds[name],
                   period["first_day"])  # fmt: skip
            assert line["flagged"] == (key in flags)
    t2 = next(x for x in m["ledger"][0]["periods"]["period"]["lines"]
              if (x["table"], x["wager_key"]) == ("T2", "main"))  # fmt: skip
    assert t2["deviation"]  # outside its own band at 95%: the page must not call it a flag
    g = deepcopy(f)  # the same month had the month's test flagged T2's main wager
    g["monitoring"]["deviations"].append({**m["deviations"][0], "table": "T2", "game": t2["game"],
                                          "wager_key": "main", "period": "month_to_date",
                                          "first_day": "2026-10-01"})  # fmt: skip
    monitoring._flagged(g["monitoring"]["ledger"][0], g["monitoring"]["deviations"])
    assert "FLAGGED" in _all_text(g) and "outside, not flagged" in _all_text(f)
    for text in (_all_text(f), _all_text(g)):
        assert not re.search(r"\boutside\b(?!, not flagged| its| alone| their)", text)


def _all_text(f: dict) -> str:
    with pdfplumber.open(io.BytesIO(report_pdf(f))) as doc:
        return " ".join(" ".join((p.extract_text() or "").split()) for p in doc.pages)


def _clean(generated_at: str) -> dict:
    return {
        "report": {"kind": "venue", "period_end": "2026-10-31", "generated_at": generated_at},
        "summary": {"findings": 0, "rounds_with_findings": 0, "rejected_lines": None},
        "monitoring": {"deviations": [], "cases": []},
        "hold": [], "corrections": {"count": 0, "listed": []},
    }  # fmt: skip


def test_a_period_not_over_says_so_first():
    standing = report_standing(_clean("2026-10-31T23:00:00-07:00"))
    assert not standing["period_over"]
    assert standing["sentence"].startswith(
        "The period is not over: these are its figures to 2026-10-31. No finding"
    )
    assert report_standing(_clean("2026-11-01T00:00:01-07:00"))["period_over"]


def test_a_clean_period_reads_clean():
    f = _clean("2026-11-02T09:00:00-08:00")
    assert report_standing(f)["sentence"] == (
        "No finding: every round was played, wagered and paid as approved; no hold flagged by "
        "monitoring; no case open; no correction to the period's submissions."
    )


def test_a_submissions_report_states_its_sample_and_verdict_from_its_data(october):  # noqa: F811
    from audits.submissions.models import Submission

    f = report_figures(report_request(kind="submission", submission=Submission.objects.get()))
    lists, s = f["findings"], f["summary"]
    assert lists["appendix"] is None and 0 < len(lists["sample"]) < lists["sample_of"]
    text = _all_text(f)
    assert (f"An even sample: {len(lists['sample']):,} of the {lists['sample_of']:,} findings "
            "besides the largest payout errors") in text  # fmt: skip
    sentence = f["standing"]["sentence"]
    assert sentence.startswith(f"{s['findings']:,} findings in {s['rounds_with_findings']:,} "
                               "rounds")  # fmt: skip
    assert "monitoring" not in sentence and "period" not in sentence  # a file, not a period
    assert " ".join(sentence.split()[:4]) in _page_text(report_pdf(f), 0)
