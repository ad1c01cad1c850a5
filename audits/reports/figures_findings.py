"""The findings a report lists one by one: the largest payout errors, then every finding
when there are few, else an even sample of the rest."""

from __future__ import annotations

from audits.validation.finding_words import FINDING_WORDS

LARGEST, SAMPLE = 10, 20
#: up to this many findings, the report's appendix lists every one; past it, their counts
#: by code, a sample, and all of them in the attached findings.csv
APPENDIX_MAX = 100


def finding_lists(findings) -> dict:
    """The largest payout errors, then every other finding when there are at most
    :data:`APPENDIX_MAX` in all, else an even sample of them."""
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
        "expected": money(f.expected),
        "recorded": money(f.recorded),
    }


def money(value) -> str | None:
    """A sum of money as the figures write it: a decimal string (``None`` stays ``None``)."""
    return None if value is None else str(value)
