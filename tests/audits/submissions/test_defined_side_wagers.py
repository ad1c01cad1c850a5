"""Side wagers defined as data, validated with no code of their own: the demo registry's
FICTIONAL second version of the tie bonus game (``three_card`` and ``pairs``, defined in
data/registry/demo.yaml), approved and authorized here, and a log of it with wrong payouts,
an over-limit stake and an unknown key planted: each found, citing the paytable's line or the
regulation, and the clean rounds clean."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest

from audits.samples.blackjack import generate_blackjack
from audits.submissions.models import Submission
from audits.submissions.run.chunk_run import ChunkRun
from games.engine.blackjack import PlayerHand
from games.engine.cards import parse_cards
from games.engine.defined.evaluate import outcome_of
from games.engine.tie_bonus import TieBonusBlackjack
from games.models import Approval, RuleVersion, Venue
from games.selectors import paytables_for
from games.services.defined_wagers import rule_version_side_wagers
from games.services.engine_paytables import engine_paytable
from games.services.venues import authorization_create
from tests.audits.submissions.test_fast_path_family import judged
from tests.audits.submissions.test_pipeline_blackjack import line, settled_hand, submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def version_2(wa):
    """The demo's FICTIONAL approval of the second version (Three Card paytable 2, Pairs),
    which the demo venue runs at T6 from October 2026, here at every table from 2025."""
    rules = RuleVersion.objects.get(game__code="blackjack-tie-bonus", version=2)
    approval = Approval.objects.get(rule_version=rules)
    assert {link.paytable.code for link in approval.paytable_links.all()
            if link.paytable.wager_key == "three_card"} == {"2"}  # fmt: skip
    met = [(condition, date(2024, 12, 1), "test: internal controls approved")
           for condition in approval.conditions.all()]  # fmt: skip
    authorization_create(venue=Venue.objects.get(code="WA-CR-0042"), approval=approval, options={},
                         effective_from=date(2025, 1, 1), conditions_met=met)  # fmt: skip
    return rule_version_side_wagers(rules)


def _round(number: int, player: str, dealer: str, wagers: dict, side: dict) -> dict:
    """A round of the second version, the main wager settled by the engine and the side
    wagers' results as given."""
    main = next(r.net for r in TieBonusBlackjack().settle_seat(
        parse_cards(player.split()), [PlayerHand(parse_cards(player.split()))],
        parse_cards(dealer.split()), {"main": Decimal(wagers["main"])},
    ) if r.key == "main")  # fmt: skip
    data = json.loads(line("blackjack-tie-bonus", {"blackjack_pays": "3:2"}, player.split(),
                           [settled_hand(player, main)], dealer.split(), wagers, side))
    data["round"] = f"T2-defined-{number}"
    return data


@pytest.mark.parametrize("screen", [True, False], ids=["screen on", "exact path alone"])
def test_defined_wagers_settled_and_every_planted_fault_found(wa, version_2, settings, screen):
    settings.AUDITS_SCREEN = screen  # the same findings whichever path judges the lines
    three_card, pairs = version_2["three_card"], version_2["pairs"]
    # 8 8 against an up card of 8: three of a kind (30 to 1) and a mixed pair (6 to 1)
    assert outcome_of(three_card, parse_cards("8S 8H 8D".split())) == "three_of_a_kind"
    assert outcome_of(pairs, parse_cards("8S 8H".split())) == "mixed_pair"
    clean = _round(1, "8S 8H", "8D TC", {"main": "20", "three_card": "5", "pairs": "5"},
                   {"three_card": "150", "pairs": "30"})  # fmt: skip
    # a straight flush paid as a straight (10, not 40, to 1); a coloured pair paid 6 to 1
    wrong = _round(2, "9H TH", "JH 7C", {"main": "20", "three_card": "5"}, {"three_card": "50"})
    pair_wrong = _round(3, "7H 7D", "KS 9C", {"main": "20", "pairs": "5"}, {"pairs": "30"})
    over = _round(4, "2C 9S", "KD 7C", {"main": "20", "pairs": "500"}, {"pairs": "-500"})
    unknown = _round(5, "2C 9S", "KD 7C", {"main": "20", "three_cards": "5"},
                     {"three_cards": "-5"})  # fmt: skip
    lost = _round(6, "2C 9S", "KD 7C", {"main": "20", "three_card": "5", "pairs": "5"},
                  {"three_card": "-5", "pairs": "-5"})  # fmt: skip
    rounds = (clean, wrong, pair_wrong, over, unknown, lost)
    s = submit(wa, [json.dumps(r).encode() for r in rounds])
    found = {(f.line, f.code, f.wager_key): f for f in s.findings.all()}
    assert set(found) == {
        (2, "underpaid", "three_card"),
        (3, "underpaid", "pairs"),
        (4, "over_limit", "pairs"),
        (5, "unknown_wager", "three_cards"),
    }, sorted(found)
    straight_flush = found[(2, "underpaid", "three_card")]
    assert (straight_flush.expected, straight_flush.recorded) == (Decimal("200"), Decimal("50"))
    assert "paytable three_card #2 v1" in straight_flush.rule
    coloured = found[(3, "underpaid", "pairs")]
    assert coloured.expected == Decimal("60") and "paytable pairs #1 v1" in coloured.rule
    assert "WAC 230-15-140" in found[(4, "over_limit", "pairs")].rule
    # the first round and the last: every wager paid right, nothing found
    assert {line for line, _, _ in found} == {2, 3, 4, 5} and s.rounds_total == 6
    assert s.clean_rounds == 2  # the unknown key's round among those with findings


def _sample(tmp_path, version_2, rounds: int, seed: int, fault_rate: float) -> list[bytes]:
    """A sample of the second version from the generator: every defined wager staked on about
    one seat in five, any whole-dollar stakes, wrong payouts of each among the faults."""
    approval = Approval.objects.get(rule_version__game__code="blackjack-tie-bonus",
                                    rule_version__version=2)  # fmt: skip
    tables = paytables_for(approval, {})
    defined = {key: (definition, engine_paytable(tables[key]))
               for key, definition in version_2.items()}  # fmt: skip
    path = tmp_path / f"version-2-{seed}.jsonl"
    generate_blackjack(path, game="blackjack-tie-bonus", rounds=rounds, days=2, seed=seed,
                       fault_rate=fault_rate, stakes="any", defined=defined)  # fmt: skip
    return path.read_bytes().splitlines()


def _holds_defined(line: bytes) -> bool:
    return any({"three_card", "pairs"} & set(seat["wagers"]) for seat in json.loads(line)["seats"])


def test_the_screen_settles_defined_wagers_in_columns(wa, version_2, tmp_path):
    """The screen reads the registry's defined keys and settles them at their class's odds:
    a clean sample's lines holding them are counted by the screen, not left to the exact
    path (which would judge them too, only slower)."""
    lines = _sample(tmp_path, version_2, 3000, seed=21, fault_rate=0)
    run = ChunkRun(Submission(licensee=wa), fast=True)
    assert {"three_card", "pairs"} <= set(run.fast.keys.names)
    left = {number for number, *_ in run.fast.screen(list(range(1, len(lines) + 1)), lines)}
    holding = [n for n, line in enumerate(lines, 1) if _holds_defined(line)]
    assert len(holding) > 500
    left_holding = [n for n in holding if n in left]
    # surrenders go to the exact path, whatever the side wagers
    assert len(left_holding) < len(holding) * 0.06, (len(left_holding), len(holding))


def test_a_sample_of_defined_wagers_is_judged_the_same_with_and_without_the_screen(
    wa, version_2, tmp_path, caplog
):
    lines = _sample(tmp_path, version_2, 2000, seed=22, fault_rate=0.05)
    submission = Submission(licensee=wa)
    fast = judged(submission, lines, fast=True)
    assert fast == judged(submission, lines, fast=False)
    assert not [r for r in caplog.records if "the screen failed" in r.getMessage()]
    planted = {(f.code, f.key) for f, _ in fast[0]}
    assert {("overpaid", "three_card"), ("underpaid", "three_card"), ("overpaid", "pairs"),
            ("underpaid", "pairs")} <= planted, planted  # fmt: skip


def _sevens_authorized_at_t2(tmp_path) -> None:
    """The test registry's third defined wager (Sevens, version 7 of the tie bonus game in
    tests/games/test_defined_side_wagers_registry.py, data alone), approved and authorized
    at table T2, which the test rounds are played at (the table's own authorization first)."""
    from games.models import ApprovalStatus, Paytable, Table
    from games.services.approvals import approval_submit, approval_transition
    from tests.audits.submissions.test_pipeline_blackjack import WHEN
    from tests.games.test_defined_side_wagers_registry import GAME, _load

    offered = GAME.replace("decks_allowed: [2, 6]\n",
                           'decks_allowed: [2, 6]\n        options: {blackjack_pays: ["3:2"]}\n')
    assert offered != GAME
    _load(tmp_path, offered)
    rules = RuleVersion.objects.get(game__code="blackjack-tie-bonus", version=7)
    approval = approval_submit(
        jurisdiction=Approval.objects.filter(rule_version__game=rules.game).first().jurisdiction,
        rule_version=rules, reference="test approval of Sevens",
        allowed_options={"blackjack_pays": ["3:2"]},
        paytables=list(Paytable.objects.filter(rule_version=rules)), conditions=[], at=WHEN,
    )  # fmt: skip
    approval_transition(approval, ApprovalStatus.UNDER_REVIEW, reason="test", at=WHEN)
    approval = approval_transition(approval, ApprovalStatus.APPROVED, reason="test",
                                   decision_date=date(2025, 1, 1), at=WHEN)  # fmt: skip
    venue = Venue.objects.get(code="WA-CR-0042")
    authorization_create(venue=venue, approval=approval, options={},
                         table=Table.objects.get(venue=venue, code="T2"),
                         effective_from=date(2025, 1, 1))  # fmt: skip


@pytest.mark.parametrize("screen", [True, False], ids=["screen on", "exact path alone"])
def test_a_third_wager_defined_in_a_test_yaml_alone_is_settled_and_validated(
    wa, tmp_path, settings, screen
):
    settings.AUDITS_SCREEN = screen
    _sevens_authorized_at_t2(tmp_path)
    # three sevens of one suit: 500 to 1 (paid); three sevens: 50 to 1 (paid 30 to 1 on 2);
    # A T K, 21 but not of one colour: no outcome, lost; 4 7 T all red, 21: 5 for 1 (paid)
    suited = _round(1, "7S 7S", "7S TC", {"main": "10", "sevens": "1"}, {"sevens": "500"})
    sevens_short = _round(2, "7S 7H", "7D TC", {"main": "10", "sevens": "2"}, {"sevens": "60"})
    coloured = _round(3, "AH TD", "KS 9C", {"main": "10", "sevens": "1"}, {"sevens": "-1"})
    red_21 = _round(4, "4H 7D", "TH 8C", {"main": "10", "sevens": "3"}, {"sevens": "12"})
    s = submit(wa, [json.dumps(r).encode() for r in (suited, sevens_short, coloured, red_21)])
    found = {(f.line, f.code, f.wager_key): f for f in s.findings.all()}
    assert set(found) == {(2, "underpaid", "sevens")}, sorted(found)
    assert found[(2, "underpaid", "sevens")].expected == Decimal("100")  # 50 to 1 on 2
    assert "paytable sevens #1 v1" in found[(2, "underpaid", "sevens")].rule
    assert s.rounds_total == 4 and s.clean_rounds == 3
