"""The demo path end to end on a fresh database, through the commands `make demo` runs: the
registry, a sample month of all three games, its validation, the signed report, the accounts.

What a newcomer is promised: every game's deliberate errors are found exactly (the answer
key equals the findings), the report verifies and its hold analysis flags nothing the sample
did not plant (it plants no hold deviation), and each account sees what its role allows.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from audits.demo.accounts import demo_accounts_ensure
from audits.reports.models import Report
from audits.reports.verification import report_check
from audits.submissions.models import Submission
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]
GAMES = {"toss-one-21", "ante-up-21", "blackjack-tie-bonus"}


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


def makefile_demo_commands() -> list[str]:
    text = (REPO / "Makefile").read_text()
    block = text.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines() if "manage.py" in line]


def game_of_lines(path: Path) -> dict[int, str]:
    games = {}
    for number, line in enumerate(path.read_bytes().splitlines(), start=1):
        try:
            games[number] = json.loads(line)["game"]
        except (ValueError, KeyError, TypeError):
            games[number] = "rejected"
    return games


def jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def signed_in(username: str, password: str) -> Client:
    client = Client(enforce_csrf_checks=False)
    response = client.post(reverse("login"), {"username": username, "password": password})
    assert response.status_code == 302, (username, response.status_code)
    return client


def test_the_demo_month_end_to_end(media, signing, tmp_path):
    commands = makefile_demo_commands()
    for step in ("load_registry", "generate_handlog", "validate_handlog", "audit_report",
                 "verify_report", "create_demo_accounts"):  # fmt: skip
        assert any(step in c for c in commands), step  # what this test runs, make demo runs

    registry = REPO / "data" / "registry"
    call_command("load_registry", str(registry / "washington.yaml"), str(registry / "demo.yaml"))
    log, key, found = tmp_path / "month.jsonl", tmp_path / "answers.jsonl", tmp_path / "f.jsonl"
    call_command("generate_handlog", str(log), "--start", "2026-10-01", "--days", "2",
                 "--fault-rate", "0.05", "--answer-key", str(key))  # fmt: skip
    with pytest.raises(SystemExit) as status:  # 1: findings (the deliberate errors)
        call_command("validate_handlog", str(log), "--json-findings", str(found))
    assert status.value.code == 1

    # every game's rounds, and its answer key equal to its findings
    games = game_of_lines(log)
    assert GAMES <= set(games.values())
    expected, reported = defaultdict(set), defaultdict(set)
    for entry in jsonl(key):
        expected[games[entry["line"]]].add((entry["line"], entry["code"]))
    for entry in jsonl(found):
        reported[games[entry["line"]]].add((entry["line"], entry["code"]))
    for game in GAMES:
        assert expected[game] and reported[game] == expected[game], game
    submission = Submission.objects.get()
    assert submission.licensee.license_number == "DEMO-0001"

    # the second demo licensee has a month of its own (its venue, tables and game)
    assert any("--venue WA-TC-0007" in c for c in commands)
    cedar = tmp_path / "cedar.jsonl"
    call_command("generate_handlog", str(cedar), "--venue", "WA-TC-0007", "--start",
                 "2026-10-01", "--days", "1", "--seed", "2027")  # fmt: skip
    with pytest.raises(SystemExit):
        call_command("validate_handlog", str(cedar))
    theirs = Submission.objects.get(original_name="cedar.jsonl")
    assert theirs.licensee.license_number == "DEMO-0002" and theirs.rounds_total > 0

    # the signed report verifies, and its hold analysis flags nothing (none planted)
    pdf = tmp_path / "report.pdf"
    call_command("audit_report", "--submission", str(log), "--out", str(pdf))
    call_command("verify_report", str(pdf))
    check = report_check(pdf.read_bytes())
    assert check.ok and check.trusted, check.problems
    hold = Report.objects.get().figures["hold"]
    assert {row["game"] for row in hold} == GAMES
    assert any(row["theoretical_hold"] is not None for row in hold)
    assert [row for row in hold if row["flagged"]] == []  # the holds tested together
    priced = {
        (row["game"], row["wager_key"]) for row in hold if row["theoretical_hold"] is not None
    }
    assert {("ante-up-21", k) for k in ("main", "ante", "bet", "poker_bonus")} <= priced
    assert ("blackjack-tie-bonus", "main") in priced  # a par for every wager of every game

    # the accounts sign in, and each sees what its role allows
    accounts = demo_accounts_ensure(embedded=True, path=tmp_path / "accounts.txt")
    password = {a.username: a.password for a in accounts.accounts}
    reviewer = signed_in("reviewer", password["reviewer"])
    page = reviewer.get("/registry/jurisdictions/wa-wsgc/").content.decode()
    assert "Add a limit value" in page
    evergreen = signed_in("evergreen-staff", password["evergreen-staff"])
    cedar = signed_in("cedar-staff", password["cedar-staff"])
    mine = f"/submissions/{submission.uuid}/"
    assert evergreen.get(mine).status_code == 200
    registry_page = evergreen.get("/registry/jurisdictions/wa-wsgc/").content.decode()
    assert "Add a limit value" not in registry_page
    assert cedar.get(mine).status_code == 404
    assert submission.original_name not in cedar.get("/submissions/").content.decode()
    assert signed_in("admin", password["admin"]).get("/admin/").status_code == 200
