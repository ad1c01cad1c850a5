"""Every finding code, raised by its golden round through the whole validation, is listed in
docs/findings.md exactly as it reads (code, group, severity, when, an example message, the
rule it cites), and every code is held to what its severity means.

The page is generated from these runs: ``UPDATE_FINDINGS_DOC=1 pytest tests/golden`` writes
it; without that, a page that differs from what the service reports fails the test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from audits.validation.finding_words import FINDING_WORDS
from audits.validation.findings import CODES, GROUPS, SEVERITIES
from tests.golden.cases import CASES, CLEAN, Golden, line
from tests.golden.runner import run

DOC = Path(__file__).resolve().parents[2] / "docs" / "findings.md"
pytestmark = pytest.mark.django_db


def test_the_clean_rounds_of_every_game_are_clean(wa):
    for game, make in CLEAN.items():
        assert run(Golden("clean", game, lambda make=make: [line(make())])) == [], game


def test_every_code_has_a_golden_round_and_the_page_says_what_it_reports(wa):
    assert sorted(c.code for c in CASES) == sorted(CODES), "one golden round per finding code"
    assert set(FINDING_WORDS) == set(CODES), "every code in words: title, meaning, what to check"
    examples, missing = {}, []
    for case in CASES:
        findings = run(case)
        mine = [f for f in findings if f["code"] == case.code]
        if not mine:
            missing.append(f"{case.code}: got {[f['code'] for f in findings]}")
            continue
        examples[case.code] = (case, mine[0], findings)
    assert not missing, "golden rounds that do not raise their code:\n" + "\n".join(missing)
    _hold_severities(examples)
    page = render(examples)
    if os.environ.get("UPDATE_FINDINGS_DOC"):
        DOC.write_text(page, encoding="utf-8")
    assert DOC.read_text(encoding="utf-8") == page, (
        "docs/findings.md differs from what the service reports: run "
        "UPDATE_FINDINGS_DOC=1 pytest tests/golden, then read the page"
    )


def _hold_severities(examples) -> None:
    """critical: money (the finding carries the amounts); warning: no money changed in its
    round (no payout finding beside it); error: every other rule breached."""
    for code, (_, finding, findings) in examples.items():
        severity = finding["severity"]
        money = finding["expected"] is not None and finding["recorded"] is not None
        if severity == "critical":
            assert money and finding["group"] in ("payout", "wager"), code
        elif severity == "warning":
            assert not any(f["group"] == "payout" for f in findings), code
            assert finding["group"] == "procedure", code
        else:
            assert severity == "error" and finding["group"] != "payout", code


HEADER = """# Findings: what each code means

Every problem validation finds is a *finding*: a stable code, its group and severity, a
message in plain words and the rule it rests on (a document and rule number, a paytable
entry, a rule-version parameter, a regulation, the authorization or approval with its
reference and dates, or a section of the [hand-log format](handlog-format.md)).

This page is generated from the golden rounds of `tests/golden/cases.py`, one per code,
each run through the whole validation on the demo registry
(`UPDATE_FINDINGS_DOC=1 .venv/bin/pytest tests/golden` writes it; the test fails when the
page and the service disagree). The example messages are what the service reports for
those rounds, word for word.

## Severity

"""


def render(examples) -> str:
    parts = [HEADER]
    for severity, meaning in SEVERITIES.items():
        parts.append(f"- **{severity}**: {meaning}.\n")
    parts.append(
        "\nA line rejected for its format is not a round: it is counted among the rejected "
        "lines, not the rounds. A round whose rules were not in force (the approval group) "
        "is not settled: its only finding is the term it breaks.\n"
    )
    for group in GROUPS:
        parts.append(f"\n## {group}\n")
        for code in (c for c, (g, _) in CODES.items() if g == group):
            case, finding, _ = examples[code]
            words = FINDING_WORDS[code]
            parts.append(
                f"\n### `{code}`: {words.title} ({finding['severity']})\n\n"
                f"When: {words.meaning}.\n\n"
                f"What to check: {words.check}.\n\n"
                f"Example ({case.game}): {_quoted(finding['message'])}\n\n"
                f"Cites: {_quoted(finding['rule'])}\n"
            )
    return "".join(parts)


def _quoted(text: str) -> str:
    return "“" + " ".join(text.split()) + "”"
