"""The report's first words: what a commission acts on, in one sentence, from the JSON twin.

The standing is computed from the twin's own figures (the summary's findings, monitoring's
deviations and cases, the hold analysis's flags, the corrections) and nothing else, so every
number the cover states is a number of a table further on, and a reader can check it by
machine.  Pure: no database.
"""

from __future__ import annotations

from audits.reports.render_parts import percent
from compliance.words import counted
from games.engine.names import game_words
from games.services.defined_wagers import wager_title

FLAGGED_SHOWN = 3  # the cover names the largest few flagged holds; the rest are listed after


def report_standing(f: dict) -> dict:
    """``{"sentence", "period_over", "findings", "flagged_holds", "flagged", "open_cases",
    "overdue_cases", "corrections"}`` of a report's figures ``f``."""
    s = f["summary"]
    monitoring = f.get("monitoring") or {}
    deviations = monitoring.get("deviations") or []
    pooled = [h for h in f.get("hold") or [] if h.get("flagged")]
    cases = monitoring.get("cases") or []
    open_cases = [c for c in cases if c["status"] != "closed"]
    corrections = (f.get("corrections") or {}).get("count", 0)
    standing = {
        "period_over": _period_over(f),
        "findings": s["findings"],
        "rounds_with_findings": s["rounds_with_findings"],
        "rejected_lines": s["rejected_lines"] or 0,
        "flagged_holds": len(deviations),
        "flagged_pooled": len(pooled),
        "flagged": [_flag_words(d, f) for d in _largest(deviations)[:FLAGGED_SHOWN]],
        "open_cases": len(open_cases),
        "overdue_cases": sum(1 for c in open_cases if c.get("overdue")),
        "corrections": corrections,
        "has_monitoring": bool(monitoring),
    }
    standing["sentence"] = _sentence(standing, f)
    return standing


def _period_over(f: dict) -> bool:
    """Whether the report's period had ended when it was generated (a submission's report
    has no period: its file is whole)."""
    end = f["report"].get("period_end")
    return end is None or f["report"]["generated_at"][:10] > end


def _largest(deviations: list[dict]) -> list[dict]:
    """The flags furthest from par first (smallest p), the day's before the longer's at a tie."""
    return sorted(deviations, key=lambda d: (d["p_value"], d["last_day"], d["table"]))


def _flag_words(d: dict, f: dict) -> str:
    """``table T2, Toss One 21 main wager, 2026-10-02: hold 4.95% against par 0.41% (p 2e-10)``."""
    place = f"table {d['table']}" if d["table"] else "the whole venue"
    when = d["first_day"] if d["period"] == "day" else f"{d['first_day']} to {d['last_day']}"
    return (f"{place}, {game_words(d['game'])} {wager_title(d['wager_key'])}, {when}: hold "
            f"{percent(d['observed_hold'])} against par {percent(d['theoretical_hold'])} "
            f"(p {d['p_value']:.1g})")  # fmt: skip


def _sentence(st: dict, f: dict) -> str:
    parts = [_findings_words(st)]
    if st["has_monitoring"]:
        parts.append(_flagged_words(st))
    if st["flagged_pooled"]:
        parts.append(f"{counted(st['flagged_pooled'], 'pooled hold')} of the hold analysis "
                     "flagged")  # fmt: skip
    if st["has_monitoring"]:
        parts.append(_cases_words(st))
    if f["report"]["kind"] != "submission":
        parts.append(
            f"{counted(st['corrections'], 'correction')} to the period's submissions"
            if st["corrections"]
            else "no correction to the period's submissions"
        )
    sentence = "; ".join(parts) + "."
    sentence = sentence[0].upper() + sentence[1:]
    if not st["period_over"]:
        sentence = (f"The period is not over: these are its figures to "
                    f"{f['report']['generated_at'][:10]}. {sentence}")  # fmt: skip
    return sentence


def _findings_words(st: dict) -> str:
    if not st["findings"] and not st["rejected_lines"]:
        return "no finding: every round was played, wagered and paid as approved"
    words = (f"{counted(st['findings'], 'finding')} in "
             f"{counted(st['rounds_with_findings'], 'round')}")  # fmt: skip
    if st["rejected_lines"]:
        words += f" and {counted(st['rejected_lines'], 'rejected line')}"
    return words


def _flagged_words(st: dict) -> str:
    if not st["flagged_holds"]:
        return "no hold flagged by monitoring"
    return f"{counted(st['flagged_holds'], 'hold')} flagged by monitoring"


def _cases_words(st: dict) -> str:
    if not st["open_cases"]:
        return "no case open"
    words = f"{counted(st['open_cases'], 'case')} open"
    return words + (f" ({st['overdue_cases']:,} overdue)" if st["overdue_cases"] else "")

