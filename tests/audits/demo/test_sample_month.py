"""The demo's sample month (audits/demo/sample_month.py): every game the registry
authorizes at a venue, dealt at its own tables, validated to exactly its answer key."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date

import pytest
from django.core.management import call_command

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.samples.blackjack import family_sampling
from audits.samples.blackjack_faults import faults_of
from audits.submissions.intake import submission_submit

OCTOBER = date(2026, 10, 1)


def rounds_of(lines: list[bytes]) -> list[dict]:
    """The lines that are rounds (the deliberately rejected ones left out)."""
    out = []
    for line in lines:
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return [r for r in out if isinstance(r, dict) and "game" in r]


def test_the_registry_says_which_game_each_table_deals(wa):
    venue = sample_venue_get("WA-CR-0042", OCTOBER)
    assert venue.timezone == "America/Los_Angeles"
    by_game = {g.game: g for g in venue.games}
    assert list(by_game) == ["toss-one-21", "ante-up-21", "blackjack-tie-bonus"]
    toss_one = by_game["toss-one-21"]
    assert toss_one.tables == ("T1", "T2", "T3", "T4")  # every table not given to another game
    assert toss_one.options == {"blackjack_pays": "3:2", "lucky3_paytable": "1"}
    assert (by_game["ante-up-21"].tables, by_game["ante-up-21"].decks) == (("T5",), 6)
    assert by_game["blackjack-tie-bonus"].tables == ("T6",)
    assert by_game["blackjack-tie-bonus"].options == {"blackjack_pays": "3:2"}


def test_a_venue_deals_only_what_it_is_authorized_to_run(wa):
    cedar = sample_venue_get("WA-TC-0007", OCTOBER)
    assert [(g.game, g.tables, g.options["lucky3_paytable"]) for g in cedar.games] == [
        ("toss-one-21", ("T1", "T2"), "2")
    ]
    before = sample_venue_get("WA-CR-0042", date(2020, 2, 1))  # the family not yet in force
    assert [g.game for g in before.games] == ["toss-one-21"]
    with pytest.raises(ValueError, match="not in the registry"):
        sample_venue_get("WA-XX-0001", OCTOBER)


def test_the_month_holds_every_game_and_is_validated_to_its_answer_key(wa, tmp_path):
    path = tmp_path / "month.jsonl"
    venue = sample_venue_get("WA-CR-0042", OCTOBER)
    report = sample_month_generate(path, venue, start=OCTOBER, days=2, rounds=700,
                                   fault_rate=0.06, seed=4)  # fmt: skip
    lines = path.read_bytes().splitlines()
    assert len(lines) == report.lines == 3 * 700 + report.rejected_lines
    games = Counter(r["game"] for r in rounds_of(lines))
    assert set(games) == {"toss-one-21", "ante-up-21", "blackjack-tie-bonus"}
    with open(path, "rb") as stream:
        submission = submission_submit(stream, name=path.name, licensee=wa, via="command",
                                       now=True).submission  # fmt: skip
    found = set(submission.findings.values_list("line", "code"))
    assert found == set(report.faults)
    kinds = {kind for _, kind in report.kinds}
    for game in ("ante-up-21", "blackjack-tie-bonus"):
        planted = set(faults_of(family_sampling(game).faults))
        assert planted <= kinds, planted - kinds


def test_the_command_reads_the_registry(wa, tmp_path):
    out, key = tmp_path / "log.jsonl", tmp_path / "key.jsonl"
    call_command("generate_handlog", str(out), "--days", "1", "--rounds", "100",
                 "--answer-key", str(key), "--seed", "3")  # fmt: skip
    tables = {r["table"] for r in rounds_of(out.read_bytes().splitlines())}
    assert {"T5", "T6"} <= tables
    assert all(set(json.loads(e)) == {"line", "code", "kind"} for e in key.read_text().splitlines())


def test_only_authorizations_in_force_all_month_with_their_terms_met_are_dealt(wa, tmp_path):
    # Ante Up 21 and the tie bonus game are authorized from 2020-03-01: not on the first day
    straddling = sample_venue_get("WA-CR-0042", date(2020, 2, 25), date(2020, 3, 5))
    assert [g.game for g in straddling.games] == ["toss-one-21"]
    # Cedar is authorized from 2019-04-01, its conditions met on 2019-05-01
    assert sample_venue_get("WA-TC-0007", date(2019, 4, 10)).games == ()
    with pytest.raises(ValueError, match="authorized to run none"):
        sample_month_generate(tmp_path / "x.jsonl", sample_venue_get("WA-TC-0007",
                              date(2019, 4, 10)), start=date(2019, 4, 10), days=1)  # fmt: skip


def test_the_rule_versions_parameters_reach_the_settlement():
    from audits.samples.settlement import sample_rules

    game, options = "blackjack-tie-bonus", {"blackjack_pays": "3:2"}
    default = sample_rules(game, options)
    hits = sample_rules(game, options, {"dealer_hits_soft_17": True})
    assert default.engine.params["dealer_hits_soft_17"] is False
    assert hits.engine.params["dealer_hits_soft_17"] is True


def test_tables_are_the_registrys_unless_toss_one_only(wa, tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--tables needs --toss-one-only"):
        call_command("generate_handlog", str(tmp_path / "x.jsonl"), "--tables", "T1")


def test_the_command_deals_no_day_after_today(wa, tmp_path):
    from datetime import timedelta

    from django.core.management.base import CommandError
    from django.utils import timezone

    today = timezone.localdate()
    out = tmp_path / "future.jsonl"
    with pytest.raises(CommandError, match=f"is after today, {today}"):
        call_command("generate_handlog", str(out), "--start", str(today), "--days", "2")
    assert not out.exists()
    call_command("generate_handlog", str(out), "--start", str(today - timedelta(days=1)),
                 "--days", "2", "--rounds", "20", "--toss-one-only")  # fmt: skip
    assert out.exists()
