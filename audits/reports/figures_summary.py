"""A report's summary and verdict, and each venue's of a jurisdiction report: rounds, money
and findings, counted by code, by group and by kind (the pages' groups, money first)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from django.db.models import Count, F, Sum
from django.db.models.functions import Abs

from audits.reports.figures_findings import money
from audits.reports.models import Report
from audits.submissions.finding_kinds import GROUP_TITLES, READING_ORDER, SEVERITY_ORDER
from audits.validation.finding_words import FINDING_WORDS
from audits.validation.findings import CODES
from compliance.words import counted
from games.models import Venue

ZERO = Decimal(0)
MONEY = ("wagered", "net_result", "paid_out", "overpaid", "underpaid")


def summary_figures(totals, findings, submissions, report: Report) -> dict:
    """The report's rounds, findings (by code, group and kind), money and verdict."""
    places = [t for t in totals if t.wager_key == ""]
    rounds = sum(t.rounds for t in places)
    clean = sum(t.clean_rounds for t in places)
    by_code = Counter(
        dict(findings.order_by().values("code").annotate(n=Count("id")).values_list("code", "n"))
    )
    if report.kind == "submission":  # past the cap, findings counted and not stored
        by_code.update(submissions[0].findings_unstored or {})
    payouts = findings.filter(code__in=("overpaid", "underpaid"))
    wagers = [t for t in totals if t.wager_key]
    by_code_rows = [_code_row(code, n, findings) for code, n in by_code.most_common()]
    rejected = sum(s.rejected_lines for s in submissions) if report.kind != "venue" else None
    return {
        "rounds": rounds,
        "clean_rounds": clean,
        "rounds_with_findings": rounds - clean,
        "rejected_lines": rejected,
        "findings": sum(by_code.values()),
        "findings_by_code": by_code_rows,
        "findings_by_group": _by_group(by_code),
        "findings_by_kind": _by_kind(by_code_rows, _paid_wrong(findings)),
        "wagered": str(sum((t.wagered for t in wagers), ZERO)),
        "paid_out": str(sum((t.paid_out for t in wagers), ZERO)),
        "overpaid": str(sum((t.overpaid for t in wagers), ZERO)),
        "underpaid": str(sum((t.underpaid for t in wagers), ZERO)),
        "payout_findings": payouts.count(),
        "verdict": _verdict(by_code, rejected, rounds - clean),
    }


def _code_row(code: str, count: int, findings) -> dict:
    group, severity = CODES.get(code, ("", ""))
    rules = findings.filter(code=code).order_by("rule").values_list("rule", flat=True)
    rules = rules.distinct()[:3]
    words = FINDING_WORDS.get(code)
    return {
        "code": code,
        "title": words.title if words else code,
        "meaning": words.meaning if words else "",
        "group": group,
        "severity": severity,
        "count": count,
        "rules": list(rules),
    }


def _paid_wrong(findings) -> dict[str, Decimal]:
    """Per payout code, the money paid wrong in all (|recorded - expected|); the other codes
    record a limit or a stake, not a payment."""
    payouts = findings.filter(code__in=("overpaid", "underpaid"))
    known = payouts.filter(expected__isnull=False, recorded__isnull=False).order_by()
    sums = known.values("code").annotate(wrong=Sum(Abs(F("recorded") - F("expected"))))
    return dict(sums.values_list("code", "wrong"))


def _by_kind(code_rows: list[dict], paid_wrong: dict[str, Decimal]) -> list[dict]:
    """The findings as the pages show them: by group in reading order (money first), each
    with its codes' plain titles, most severe then most frequent first."""
    kinds = []
    for group in READING_ORDER:
        rows = [
            {**row, "paid_wrong": money(paid_wrong.get(row["code"]))}
            for row in code_rows
            if row["group"] == group
        ]
        rows.sort(key=lambda r: (SEVERITY_ORDER.get(r["severity"], 9), -r["count"], r["code"]))
        if rows:
            count = sum(r["count"] for r in rows)
            kinds.append({"group": group, "title": GROUP_TITLES[group], "count": count,
                          "codes": rows})  # fmt: skip
    return kinds


def _by_group(by_code: Counter) -> dict[str, int]:
    groups: Counter = Counter()
    for code, n in by_code.items():
        groups[CODES.get(code, ("other", ""))[0]] += n
    return dict(groups)


def _verdict(by_code: Counter, rejected: int | None, rounds_with_findings: int) -> dict:
    codes = {code: CODES.get(code, ("", "")) for code in by_code}
    unapproved = sum(n for code, n in by_code.items() if codes[code][0] == "approval")
    total = sum(by_code.values())
    if not total and not rejected:
        return {"code": "clean", "text": "Every round was played, wagered and paid as approved."}
    where = f"{counted(total, 'finding')} in {counted(rounds_with_findings, 'round')}"
    if rejected:
        where += f" and {counted(rejected, 'rejected line')}"
    if unapproved:
        return {
            "code": "not_approved",
            "text": f"{where}; {counted(unapproved, 'round')} played without approved rules in "
            "force: read the approval findings first.",
        }
    return {
        "code": "findings",
        "text": f"{where}: rounds not played, wagered or paid as approved, each listed with "
        "its line, round and the rule it breaks.",
    }


def venue_rows(totals, findings, report: Report) -> list[dict]:
    """Each venue of a jurisdiction report: who runs it, its totals, its findings by code
    and its verdict, for the summary that comes first and the details after."""
    venues = sorted({t.venue for t in totals})
    known = {
        v.code: v
        for v in Venue.objects.filter(
            code__in=venues, licensee__jurisdiction=report.jurisdiction_id
        ).select_related("licensee")
    }
    rows = []
    for venue in venues:
        mine = [t for t in totals if t.venue == venue]
        places = [t for t in mine if t.wager_key == ""]
        wagers = [t for t in mine if t.wager_key]
        at = findings.filter(venue=venue).order_by()
        by_code = Counter(dict(at.values("code").annotate(n=Count("id")).values_list("code", "n")))
        rounds, clean = sum(t.rounds for t in places), sum(t.clean_rounds for t in places)
        row = known.get(venue)
        rows.append(
            {
                "venue": venue,
                "name": row.name if row else None,
                "licensee": row.licensee.name if row else None,
                "rounds": rounds,
                "clean_rounds": clean,
                "findings": sum(by_code.values()),
                "findings_by_code": [
                    {
                        "code": code,
                        "count": n,
                        "title": FINDING_WORDS[code].title if code in FINDING_WORDS else code,
                    }
                    for code, n in by_code.most_common()
                ],  # fmt: skip
                "verdict": _verdict(by_code, None, rounds - clean),
                **{k: str(sum((getattr(t, k) for t in wagers), ZERO)) for k in MONEY},
            }
        )
    return rows
