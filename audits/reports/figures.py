"""The JSON twin of a report: every figure the PDF shows, computed once, from the database.

The PDF is drawn from this dictionary and nothing else, and the dictionary is
embedded in the signed PDF and served by the API, so a reader can check any
printed figure by machine.  Money is a decimal string, rates are floats.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.db.models import Count, F, Sum
from django.db.models.functions import Abs
from django.utils import timezone

from audits.par.rules import place_rules
from audits.reports.corrections import corrections_figures
from audits.reports.cover import report_standing
from audits.reports.figures_hold import hold_rows, not_counted_rows
from audits.reports.models import Report, ReportKind
from audits.reports.monitoring import monitoring_figures
from audits.reports.scope import report_findings, report_submissions, report_totals
from audits.submissions.finding_kinds import GROUP_TITLES, READING_ORDER, SEVERITY_ORDER
from audits.submissions.summary import findings_cap_note
from audits.validation.finding_words import FINDING_WORDS
from audits.validation.findings import CODES
from compliance.timezones import local_iso
from compliance.words import counted
from games.models import Venue

ZERO = Decimal(0)
LARGEST, SAMPLE = 10, 20
#: up to this many findings, the report's appendix lists every one; past it, their counts
#: by code, a sample, and all of them in the attached findings.csv
APPENDIX_MAX = 100
MONEY = ("wagered", "net_result", "paid_out", "overpaid", "underpaid")


def report_figures(report: Report) -> dict:
    submissions = list(report_submissions(report).order_by("first_played_at", "pk"))
    totals = list(report_totals(report, submissions))
    findings = report_findings(report, submissions)
    rules = _rules(totals, submissions, report)
    figures = {
        "format": "compliance-audit-report/1",
        "report": _about(report),
        "jurisdiction": _jurisdiction(report),
        "licensee": _licensee(report),
        "venue": _venue(report),
        "inputs": [_input(s, report.jurisdiction.timezone) for s in submissions],
        "rules": rules,
        "summary": _summary(totals, findings, submissions, report),
        "hold": hold_rows(totals, rules, report.jurisdiction.deviation_min_wagers),
        "not_counted": not_counted_rows(totals, rules),
        "findings": _finding_lists(findings),
    }
    if report.kind == ReportKind.JURISDICTION:
        figures["venues"] = _per_venue(totals, findings, report)
    corrections = corrections_figures(report)
    if corrections is not None:
        figures["corrections"] = corrections
    monitoring = monitoring_figures(report)
    if monitoring is not None:
        figures["monitoring"] = monitoring
    figures["standing"] = report_standing(figures)
    return figures



def _about(report: Report) -> dict:
    return {
        "id": str(report.uuid),
        "kind": report.kind,
        "period": report.period or None,
        "period_start": _iso(report.period_start),
        "period_end": _iso(report.period_end),
        "generated_at": local_iso(timezone.now(), report.jurisdiction.timezone),
        "generated_by": report.requested_via,
        "replaces": str(report.replaces.uuid) if report.replaces_id else None,
    }


def _jurisdiction(report: Report) -> dict:
    j = report.jurisdiction
    return {
        "code": j.code, "name": j.name, "currency": j.currency, "timezone": j.timezone,
        "paper": j.paper_size,
    }  # fmt: skip


def _licensee(report: Report) -> dict | None:
    licensee = report.licensee
    if licensee is None:
        return None
    return {"name": licensee.name, "license_number": licensee.license_number}


def _venue(report: Report) -> dict | None:
    return {"code": report.venue.code, "name": report.venue.name} if report.venue_id else None


def _input(submission, zone_name: str) -> dict:
    """One file judged; its times in the jurisdiction's zone, with the offset."""
    return {
        "submission": str(submission.uuid),
        "file_name": submission.original_name,
        "sha256": submission.sha256,
        "size_bytes": submission.size_bytes,
        "submitted_at": local_iso(submission.submitted_at, zone_name),
        "rounds": submission.rounds_total,
        "clean_rounds": submission.clean_rounds,
        "rejected_lines": submission.rejected_lines,
        "first_round_at": local_iso(submission.first_played_at, zone_name),
        "last_round_at": local_iso(submission.last_played_at, zone_name),
        "findings_cap_note": findings_cap_note(submission),
    }


def _rules(totals, submissions, report: Report) -> list[dict]:
    """The rules in force at every place the totals name, on the last day judged."""
    last = max((s.last_played_at for s in submissions if s.last_played_at), default=None)
    zone = report.jurisdiction.timezone
    day = timezone.localtime(last, ZoneInfo(zone)).date() if last else report.period_end
    if day is None:
        return []
    places = sorted({(t.venue, t.table, t.game) for t in totals})
    return [place_rules(venue, table, game, day) for venue, table, game in places]


def _summary(totals, findings, submissions, report: Report) -> dict:
    places = [t for t in totals if t.wager_key == ""]
    rounds = sum(t.rounds for t in places)
    clean = sum(t.clean_rounds for t in places)
    by_code = Counter(
        dict(findings.order_by().values("code").annotate(n=Count("id")).values_list("code", "n"))
    )
    if report.kind == "submission":  # past the cap, findings counted and not stored
        by_code.update(submissions[0].findings_unstored or {})
    money = findings.filter(code__in=("overpaid", "underpaid"))
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
        "payout_findings": money.count(),
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
            {**row, "paid_wrong": _money(paid_wrong.get(row["code"]))}
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


def _finding_lists(findings) -> dict:
    """The largest payout errors, and an even sample of every other finding."""
    payouts = [f for f in findings.filter(code__in=("overpaid", "underpaid"))]
    payouts.sort(key=lambda f: (-abs(f.recorded - f.expected), f.line))
    largest = payouts[:LARGEST]
    taken = {f.pk for f in largest}
    rest = findings.exclude(pk__in=taken).order_by("line", "seat", "wager_key", "code")
    count = rest.count()
    stored = count + len(largest)
    if stored <= APPENDIX_MAX:  # few: the appendix lists every one, in file order
        every = findings.order_by("submission_id", "line", "seat", "wager_key", "code")
        appendix = [_finding(f) for f in every]
        sample = []
    else:
        appendix = None
        step = max(count // SAMPLE, 1)
        sample = [f for i, f in enumerate(rest.iterator()) if i % step == 0][:SAMPLE]
    return {
        "largest": [_finding(f) for f in largest],
        "sample": [_finding(f) for f in sample],
        "sample_of": count if sample else 0,
        "stored": stored,
        "appendix": appendix,
        "appendix_max": APPENDIX_MAX,
    }


def _finding(f) -> dict:
    return {
        "line": f.line,
        "round": f.round_id,
        "venue": f.venue,
        "table": f.table,
        "seat": f.seat,
        "wager_key": f.wager_key,
        "code": f.code,
        "title": FINDING_WORDS[f.code].title if f.code in FINDING_WORDS else f.code,
        "group": f.group,
        "severity": f.severity,
        "message": f.message,
        "rule": f.rule,
        "expected": _money(f.expected),
        "recorded": _money(f.recorded),
    }


def _per_venue(totals, findings, report: Report) -> list[dict]:
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


def _money(value) -> str | None:
    return None if value is None else str(value)


def _iso(value) -> str | None:
    return None if value is None else value.isoformat()
