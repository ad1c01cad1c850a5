"""The report's cover: what the report is, whose, where and when, the verdict a commission
acts on first (:mod:`.cover`), the files judged, who asked, and how to verify it."""

from __future__ import annotations

from datetime import datetime

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from audits.reports.render_parts import H1, SMALL
from audits.reports.render_parts import money as _money
from audits.reports.render_parts import pairs as _pairs

KINDS = {
    "submission": "Audit of one hand-log submission",
    "venue": "Venue audit",
    "jurisdiction": "Jurisdiction audit",
}


def cover_story(f: dict) -> list:
    """What the report is: whose, where, when, what files, the verdict and the totals, who
    asked, when it was issued, and how to verify it."""
    about, j, summary = f["report"], f["jurisdiction"], f["summary"]
    currency = j["currency"]
    rows = [
        ["Jurisdiction", f"{j['name']} ({j['code']})"],
        ["Licensee", _licensee(f)],
        ["Venue", _venues_of(f)],
        ["Period", _period(f)],
        *_cover_inputs(f["inputs"]),
        ["Verdict", f["standing"]["sentence"]],
        *_cover_flags(f["standing"]),
        ["Findings", summary["verdict"]["text"]],
        ["Totals", f"{summary['rounds']:,} rounds, {_money(summary['wagered'], currency)} "
                   f"wagered; {summary['findings']:,} findings; overpaid "
                   f"{_money(summary['overpaid'], currency)}, underpaid "
                   f"{_money(summary['underpaid'], currency)}"],
        ["Asked for by", about["generated_by"] or "—"],
        ["Issued", _issued(about["generated_at"], j["timezone"])],
        ["Report id", about["id"]],
        ["Replaces", about["replaces"] or "—"],
    ]  # fmt: skip
    return [
        Paragraph(KINDS[about["kind"]], H1),
        Spacer(1, 6 * mm),
        _pairs(rows, widths=[34 * mm, 140 * mm]),
        Spacer(1, 6 * mm),
        Paragraph(
            "This report is signed by the compliance service with a PDF certification "
            "signature; any change to it after signing breaks the signature. Its figures are "
            "attached to it as report.json. Verify it with <i>manage.py verify_report</i> "
            "or the service's verification page (/reports/verify/), which name the signer "
            "and say whether the file is unchanged.",
            SMALL,
        ),
    ]


def _cover_flags(standing: dict) -> list[list[str]]:
    """The flagged holds furthest from par, each in words (all of them under Monitoring)."""
    rows = [["Flagged hold" if i == 0 else "", words]
            for i, words in enumerate(standing["flagged"])]  # fmt: skip
    more = standing["flagged_holds"] - len(standing["flagged"])
    if more > 0:
        rows.append(["", f"and {more:,} more, listed under Deviations of the period"])
    return rows


def _licensee(f: dict) -> str:
    if not f["licensee"]:
        return "all licensees of the jurisdiction"
    return f"{f['licensee']['name']} ({f['licensee']['license_number']})"


def _venues_of(f: dict) -> str:
    """The report's venue, or the venues its rounds were played at."""
    if f["venue"]:
        return f"{f['venue']['code']} {f['venue']['name']}"
    codes = sorted({place["venue"] for place in f["rules"]})
    return ", ".join(codes) if codes else "—"


def _cover_inputs(inputs: list[dict]) -> list[list[str]]:
    """The files covered with their SHA-256 (the first five; the rest are under Inputs)."""
    if not inputs:
        return [["Files", "none"]]
    rows = [[f"File {i}" if len(inputs) > 1 else "File",
             f"{x['file_name']}, SHA-256 {x['sha256']}"]
            for i, x in enumerate(inputs[:5], start=1)]  # fmt: skip
    if len(inputs) > 5:
        rows.append(["", f"and {len(inputs) - 5:,} more, listed under Inputs"])
    return rows


def _issued(generated_at: str, zone: str) -> str:
    """``2026-11-27 00:18:30 -0800 (America/Los_Angeles)``: to the second, local time, as
    the pages write an instant."""
    return f"{datetime.fromisoformat(generated_at):%Y-%m-%d %H:%M:%S %z} ({zone})"


def _period(f: dict) -> str:
    about = f["report"]
    if about["period"]:
        return f"{about['period']} ({about['period_start']} to {about['period_end']})"
    firsts = [x["first_round_at"] for x in f["inputs"] if x.get("first_round_at")]
    lasts = [x["last_round_at"] for x in f["inputs"] if x.get("last_round_at")]
    if not firsts:
        return "no rounds"
    first, last = min(firsts)[:10], max(lasts)[:10]
    days = first if first == last else f"{first} to {last}"
    return f"the rounds of the submission, played {days} (local time)"
