"""The in-force selector: approval, rule version, paytables and limits at a time."""

from datetime import date
from decimal import Decimal

from games.models import ApprovalStatus, Table
from games.rules_resolver import RulesResolver
from games.selectors import rules_in_force
from games.services.approvals import approval_transition
from games.services.venues import authorization_create
from tests.games.conftest import at

OPTIONS = {"blackjack_pays": "3:2", "lucky3_paytable": "1"}


def ask(when, **overrides):
    args = {"venue": "WA-CR-0042", "table": "T3", "game": "toss-one-21", "options": OPTIONS}
    args.update(overrides)
    return rules_in_force(at=at(when), **args)


def max_single_wager(answer):
    return [lim.amount for lim in answer.limits if lim.kind == "max_single_wager"]


def test_round_in_2022_is_held_to_300_and_in_2026_to_400(registry):
    old, new = ask("2022-06-01 20:00"), ask("2026-11-01 21:14")
    assert old.in_force and new.in_force
    assert max_single_wager(old) == [Decimal("300")]
    assert max_single_wager(new) == [Decimal("400")]
    assert new.limits[0].regulation == "WAC 230-15-140"
    assert new.limits[0].filing == "WSR 23-09-065"


def test_limit_change_day_boundary_uses_local_date(registry):
    assert max_single_wager(ask("2023-08-19 23:59")) == [Decimal("300")]
    assert max_single_wager(ask("2023-08-20 00:01")) == [Decimal("400")]


def test_answer_names_approval_rule_version_and_paytables(registry):
    answer = ask("2026-11-01 21:14")
    assert answer.approval == registry.approval
    assert answer.rule_version == registry.rules
    assert answer.paytables == {"lucky3": registry.lucky3, "bonus4": registry.bonus4}
    data = answer.to_dict()
    assert data["approval"]["content_hash"] == registry.approval.content_hash
    assert len(data["rule_version"]["content_hash"]) == 64


def test_before_the_authorization_date_nothing_is_in_force(registry):
    answer = ask("2017-12-31 12:00")
    assert not answer.in_force
    assert answer.reason_code == "not_yet_authorized"


def test_before_internal_controls_were_approved_nothing_is_in_force(registry):
    answer = ask("2018-02-15 12:00")  # authorized from 1 Jan, controls met 1 March
    assert (answer.in_force, answer.reason_code) == (False, "conditions_not_met")
    assert "internal controls" in answer.reason
    assert ask("2018-03-01 12:00").in_force


def test_options_outside_the_approved_variant_are_refused(registry):
    answer = ask("2026-11-01 12:00", options={"blackjack_pays": "2:1", "lucky3_paytable": "1"})
    assert answer.reason_code == "options_not_approved"
    answer = ask("2026-11-01 12:00", options={"blackjack_pays": "3:2"})
    assert answer.reason_code == "options_not_approved"


def test_unknown_venue_table_and_game(registry):
    assert ask("2026-11-01 12:00", venue="WA-XX").reason_code == "unknown_venue"
    assert ask("2026-11-01 12:00", table="T9").reason_code == "unknown_table"
    assert ask("2026-11-01 12:00", game="baccarat").reason_code == "unknown_game"


def test_game_not_authorized_at_another_venue(registry):
    registry.other_venue.tables.create(code="T1")
    answer = ask("2026-11-01 12:00", venue="WA-CR-0099", table="T1")
    assert answer.reason_code == "game_not_authorized"


def test_revoked_approval_is_not_in_force_after_revocation(registry):
    approval_transition(
        registry.approval,
        ApprovalStatus.REVOKED,
        actor=registry.reviewer,
        reason="test revocation",
        at=at("2026-01-15 10:00"),
    )
    assert ask("2026-01-14 12:00").in_force
    answer = ask("2026-01-16 12:00")
    assert answer.reason_code == "approval_not_in_force"
    assert "revoked" in answer.reason


def test_resolver_caches_within_an_epoch(registry, django_assert_num_queries):
    resolver = RulesResolver()
    first = resolver.resolve(
        venue="WA-CR-0042",
        table="T3",
        game="toss-one-21",
        options=OPTIONS,
        at=at("2026-11-01 10:00"),
    )
    with django_assert_num_queries(0):
        again = resolver.resolve(
            venue="WA-CR-0042",
            table="T3",
            game="toss-one-21",
            options=OPTIONS,
            at=at("2026-11-01 22:00"),
        )
    assert again is first
    assert first.local_date == date(2026, 11, 1)


def test_an_answer_in_force_takes_nine_queries(registry, django_assert_num_queries):
    """Asked once per place and epoch of every submission: the venue with its licensee and
    jurisdiction, the venue's tables, the game, the limits, the authorizations with their
    approval, rule version and game, the approvals' events, the conditions required and met,
    the paytables (the operator class and the game not read again)."""
    with django_assert_num_queries(9):
        answer = ask("2026-11-01 21:14")
    assert answer.in_force and answer.paytables


def test_a_run_reads_the_rows_every_table_shares_once(registry, django_assert_num_queries):
    """A resolver (one validation run) reads the venue, its tables, the game and the venue's
    authorizations of it with their terms once: another table's answer reads only its limits
    and is the answer a lone question gets."""
    _every_table_authorized(registry)
    resolver = RulesResolver()
    resolve(resolver, "2026-11-01 21:14")
    with django_assert_num_queries(1):
        other = resolve(resolver, "2026-11-01 21:14", table="T4")
    alone = ask("2026-11-01 21:14", table="T4")
    assert other.in_force and other.to_dict() == alone.to_dict()
    with django_assert_num_queries(0):  # a table the venue does not have: known from its list
        unknown = resolve(resolver, "2026-11-01 21:14", table="T9")
    assert unknown.to_dict() == ask("2026-11-01 21:14", table="T9").to_dict()


def test_a_run_answers_every_term_as_a_lone_question_does(registry):
    """Terms read once for the run (an approval revoked, conditions, a table's own
    authorization) answer each day as a lone question does."""
    _every_table_authorized(registry)
    approval_transition(registry.approval, ApprovalStatus.REVOKED, actor=registry.reviewer,
                        reason="test revocation", at=at("2026-01-15 10:00"))  # fmt: skip
    resolver = RulesResolver()
    for when in ("2022-06-01 12:00", "2023-08-20 00:01", "2026-01-14 12:00",
                 "2026-01-16 12:00", "2026-11-01 21:14"):  # fmt: skip
        for table in ("T3", "T4", "T9"):
            assert (_terms(resolve(resolver, when, table=table))
                    == _terms(ask(when, table=table))), (when, table)  # fmt: skip


def _terms(answer) -> dict:
    """The answer but the moment asked about (an epoch's answer is its first question's)."""
    return {k: v for k, v in answer.to_dict().items() if k not in ("at", "local_date")}


def _every_table_authorized(registry):
    """Table T4, and the venue's authorization of every table from 2020 (T3 keeps its own)."""
    Table.objects.create(venue=registry.venue, code="T4")
    controls = registry.approval.conditions.get(operator_class=registry.card_room)
    authorization_create(venue=registry.venue, approval=registry.approval,
                         options={"lucky3_paytable": "1"}, effective_from=date(2020, 1, 1),
                         conditions_met=[(controls, date(2020, 3, 1), "letter")])  # fmt: skip


def resolve(resolver, when, **overrides):
    args = {"venue": "WA-CR-0042", "table": "T3", "game": "toss-one-21", "options": OPTIONS}
    args.update(overrides)
    return resolver.resolve(at=at(when), **args)


def test_resolver_asks_again_only_where_the_registry_changes(registry, django_assert_num_queries):
    resolver = RulesResolver()
    before = resolve(resolver, "2023-06-01 12:00")
    with django_assert_num_queries(0):
        assert resolve(resolver, "2023-08-19 23:59") is before  # weeks later, same epoch
    after = resolve(resolver, "2023-08-20 00:01")  # the 400 limit takes effect
    assert max_single_wager(before) == [Decimal("300")]
    assert max_single_wager(after) == [Decimal("400")]


def test_span_bounds_are_the_local_midnights_around_the_epoch(registry):
    resolver = RulesResolver()
    start, end = resolver.span_bounds("WA-CR-0042", at("2023-08-25 12:00"))
    assert start == at("2023-08-20 00:00").timestamp()
    assert end > at("2023-08-25 12:00").timestamp()
    assert resolver.span_bounds("XX-NOWHERE", at("2023-08-25 12:00")) is None


def test_an_approval_not_in_force_is_asked_per_day_since_its_reason_names_it(registry):
    approval_transition(
        registry.approval,
        ApprovalStatus.REVOKED,
        actor=registry.reviewer,
        reason="test revocation",
        at=at("2026-01-15 10:00"),
    )
    resolver = RulesResolver()
    first, second = resolve(resolver, "2026-02-01 12:00"), resolve(resolver, "2026-02-02 12:00")
    assert first.reason_code == second.reason_code == "approval_not_in_force"
    assert "2026-02-01" in first.reason and "2026-02-02" in second.reason


def test_after_an_authorization_ends_nothing_is_in_force_and_the_resolver_sees_it(registry):
    t4 = Table.objects.create(venue=registry.venue, code="T4")
    controls = registry.approval.conditions.get(operator_class=registry.card_room)
    authorization_create(
        venue=registry.venue,
        approval=registry.approval,
        options={"lucky3_paytable": "1"},
        table=t4,
        effective_from=date(2018, 1, 1),
        effective_to=date(2020, 12, 31),
        conditions_met=[(controls, date(2018, 3, 1), "internal controls approval letter")],
    )
    assert ask("2020-12-31 23:00", table="T4").in_force
    answer = ask("2021-01-01 00:30", table="T4")
    assert (answer.in_force, answer.reason_code) == (False, "authorization_ended")
    assert "2020-12-31" in answer.reason
    resolver = RulesResolver()
    assert resolve(resolver, "2020-06-01 12:00", table="T4").in_force
    assert resolve(resolver, "2021-01-01 00:30", table="T4").reason_code == "authorization_ended"


def test_an_authorization_in_force_to_the_last_day_of_the_calendar(registry):
    """9999-12-31 as the last day in force: no day after it to mark a change, no overflow."""
    t5 = Table.objects.create(venue=registry.venue, code="T5")
    controls = registry.approval.conditions.get(operator_class=registry.card_room)
    authorization_create(
        venue=registry.venue, approval=registry.approval, options={"lucky3_paytable": "1"},
        table=t5, effective_from=date(2018, 1, 1), effective_to=date.max,
        conditions_met=[(controls, date(2018, 3, 1), "internal controls approval letter")],
    )  # fmt: skip
    resolver = RulesResolver()
    assert resolve(resolver, "2026-06-01 12:00", table="T5").in_force
    assert resolver.gaming_day("WA-CR-0042", at("2026-06-01 12:00"))[0] == date(2026, 6, 1)


# ------------------------------------------------------------- every term, with its record


def test_a_shoe_the_approved_rules_do_not_allow_cites_the_approval(registry):
    answer = ask("2026-11-01 12:00", decks=8)  # the rule version allows 1 or 6
    assert (answer.in_force, answer.reason_code) == (False, "decks_not_approved")
    assert "8-deck" in answer.reason and "1 or 6" in answer.reason
    assert answer.cited == "WSGC letter 2017-04-27 (wa-wsgc, decided 2017-04-27)"
    assert ask("2026-11-01 12:00", decks=6).in_force


def test_a_shoe_the_authorization_does_not_allow_cites_the_authorization(registry):
    registry.authorization.decks = [6]
    registry.authorization.save()
    answer = ask("2026-11-01 12:00", decks=1)
    assert (answer.in_force, answer.reason_code) == (False, "decks_not_authorized")
    assert "authorized for 6 decks" in answer.reason
    assert answer.cited.startswith("authorization of WA-CR-0042 (table T3) under WSGC letter")
    assert "from 2018-01-01" in answer.cited
    assert ask("2026-11-01 12:00", decks=6).in_force
    assert ask("2026-11-01 12:00").in_force  # asked without a shoe: not judged


def test_an_option_the_authorization_fixes_otherwise_cites_the_authorization(registry):
    registry.authorization.options = {"blackjack_pays": "3:2", "lucky3_paytable": "1"}
    registry.authorization.save()
    answer = ask("2026-11-01 12:00", options={"blackjack_pays": "6:5", "lucky3_paytable": "1"})
    assert (answer.reason_code, answer.cited[:16]) == ("options_not_authorized", "authorization of")
    assert "authorized to run blackjack_pays 3:2 only" in answer.reason


def test_an_option_the_approval_does_not_allow_cites_the_approval(registry):
    answer = ask("2026-11-01 12:00", options={"blackjack_pays": "2:1", "lucky3_paytable": "1"})
    assert answer.reason_code == "options_not_approved"
    assert answer.cited.startswith("WSGC letter 2017-04-27") and "3:2, 6:5" in answer.reason


def test_a_table_the_authorizations_do_not_cover(registry):
    Table.objects.create(venue=registry.venue, code="T4")
    answer = ask("2026-11-01 12:00", table="T4")
    assert (answer.reason_code, answer.in_force) == ("table_not_authorized", False)
    assert "only at table(s) T3" in answer.reason and "(table T3)" in answer.cited


def test_dates_and_conditions_cite_the_authorization(registry):
    early = ask("2017-12-31 12:00")
    assert early.reason_code == "not_yet_authorized" and early.cited.startswith("authorization")
    unmet = ask("2018-02-15 12:00")
    assert unmet.reason_code == "conditions_not_met" and "WSGC letter" in unmet.cited
    registry.authorization.effective_to = date(2025, 12, 31)
    registry.authorization.save()
    ended = ask("2026-01-02 12:00")
    assert ended.reason_code == "authorization_ended" and "to 2025-12-31" in ended.cited


def test_the_answer_shows_every_term_of_the_authorization(registry):
    registry.authorization.decks = [6]
    registry.authorization.save()
    data = ask("2026-11-01 12:00", decks=6).to_dict()
    authorization = data["authorization"]
    assert authorization["table"] == "T3" and authorization["decks"] == [6]
    assert authorization["effective_to"] is None and authorization["options"]
    assert authorization["conditions_met"] == [
        {"condition": "internal controls approved before implementing", "met_on": "2018-03-01",
         "evidence": "internal controls approval letter"}
    ]  # fmt: skip
    assert data["approval"]["allowed_options"]["lucky3_paytable"] == ["1"]
    assert data["rule_version"]["decks_allowed"] == [1, 6] and data["decks"] == 6


def test_the_tables_own_authorization_is_cited_before_the_venues(registry):
    """Both in force: the table's own is the answer on every database (SQLite sorts NULL
    first, which once made the venue-wide one the answer there)."""
    controls = registry.approval.conditions.get(operator_class=registry.card_room)
    venue_wide = authorization_create(
        venue=registry.venue, approval=registry.approval, options={"lucky3_paytable": "1"},
        table=None, effective_from=date(2018, 1, 1),
        conditions_met=[(controls, date(2018, 3, 1), "internal controls approval letter")],
    )  # fmt: skip
    answer = ask("2026-11-01 12:00")
    assert answer.in_force and answer.authorization.pk == registry.authorization.pk
    assert venue_wide.pk != registry.authorization.pk


def test_an_approval_read_alone_has_its_paytables_read_in_one_query(
    registry, django_assert_num_queries
):
    from games.models import Approval
    from games.selectors import paytables_for

    approval = Approval.objects.select_related("rule_version__game").get(pk=registry.approval.pk)
    with django_assert_num_queries(1):  # the links with their paytables, not one per link
        tables = paytables_for(approval, {"lucky3_paytable": "1"})
    assert set(tables) == {"lucky3", "bonus4"}
