"""The ledger per gaming day: each finished submission's totals per day, the day beginning at
the jurisdiction's hour, a round counted once however often it is submitted, and only the
venue's own licensee's rounds in it."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date, datetime, time
from decimal import Decimal

import pytest

from audits.monitoring import ledger
from audits.monitoring.ledger import ledger_last_day, ledger_lines, ledger_periods
from audits.monitoring.models import DealerDay, LedgerDay, SeatDay
from audits.samples import generate_toss_one
from audits.submissions.models import SubmissionTotal
from games.gaming_day import gaming_day_bounds, gaming_day_of
from games.models import Licensee, Venue
from tests.audits.conftest import round_line
from tests.audits.submissions.test_pipeline import codes, submit

LA = "America/Los_Angeles"
SIX = time(6, 0)
FIELDS = ("rounds", "wagers", "wagered", "net_result", "paid_out", "overpaid", "underpaid")


# -- the gaming day (pure) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played_at", "day"),
    [
        ("2026-11-02T05:59:59-08:00", date(2026, 11, 1)),  # before six: the day before
        ("2026-11-02T06:00:00-08:00", date(2026, 11, 2)),
        ("2026-11-02T13:59:59Z", date(2026, 11, 1)),  # 05:59:59 in Los Angeles
        ("2026-11-02T14:00:00Z", date(2026, 11, 2)),
        ("2026-07-01T05:30:00-07:00", date(2026, 6, 30)),  # summer time
    ],
)
def test_a_round_belongs_to_the_gaming_day_begun_at_six_local(played_at, day):
    assert gaming_day_of(datetime.fromisoformat(played_at), LA, SIX) == day


def test_a_gaming_day_across_a_change_of_clocks_is_23_or_25_hours():
    def hours(day):
        begin, end = gaming_day_bounds(day, LA, SIX)
        return (end.timestamp() - begin.timestamp()) / 3600

    assert hours(date(2026, 3, 7)) == 23  # clocks forward in the night of 7 to 8 March
    assert hours(date(2026, 10, 31)) == 25  # and back in the night of 31 October
    assert hours(date(2026, 11, 5)) == 24
    begin, end = gaming_day_bounds(date(2026, 10, 31), LA, SIX)
    assert gaming_day_of(begin, LA, SIX) == date(2026, 10, 31)
    assert gaming_day_of(end, LA, SIX) == date(2026, 11, 1)


def test_an_unzoned_time_has_no_gaming_day():
    with pytest.raises(ValueError, match="offset"):
        gaming_day_of(datetime(2026, 11, 2, 7), LA, SIX)


# -- the ledger of a submission --------------------------------------------------------------


def _ledger_sums(submission) -> dict[tuple, dict]:
    found: dict[tuple, dict] = {}
    for row in LedgerDay.objects.filter(submission=submission):
        key = (row.venue, row.table, row.game, row.wager_key)
        sums = found.setdefault(key, dict.fromkeys(FIELDS, 0))
        for f in FIELDS:
            sums[f] += getattr(row, f)
    return found


@pytest.mark.parametrize("chunk_lines", [50_000, 700])
def test_the_ledger_splits_the_submission_totals_by_gaming_day(wa, tmp_path, chunk_lines):
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, rounds=3000, days=4, seed=11)  # about 1% faulty rounds
    read, lines = set(), []  # the planted repeats of a round left out (see the next tests)
    for line in path.read_bytes().splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue  # a planted unreadable line: rejected, never counted
        if (r["table"], r["round"]) not in read:
            read.add((r["table"], r["round"]))
            lines.append(line)
    submission = submit(wa, b"\n".join(lines) + b"\n", chunk_lines=chunk_lines)
    assert submission.status == "done" and submission.finding_count > 10
    assert not submission.findings.filter(code__startswith="duplicate_round").exists()
    totals = {
        (t.venue, t.table, t.game, t.wager_key): {f: getattr(t, f) for f in FIELDS}
        for t in SubmissionTotal.objects.filter(submission=submission)
    }
    assert _ledger_sums(submission) == totals  # every amount on exactly one day
    assert all(row.licensee_id == wa.pk for row in LedgerDay.objects.filter(submission=submission))


def test_each_round_is_on_the_gaming_day_of_its_time(wa, tmp_path):
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, rounds=1200, days=3, fault_rate=0, seed=12)
    submission = submit(wa, path.read_bytes())
    rounds = Counter()
    for line in path.read_bytes().splitlines():
        r = json.loads(line)
        rounds[(r["table"], gaming_day_of(datetime.fromisoformat(r["played_at"]), LA, SIX))] += 1
    ledger = LedgerDay.objects.filter(submission=submission, wager_key="")
    assert Counter({(row.table, row.gaming_day): row.rounds for row in ledger}) == rounds
    assert sum(rounds.values()) == 1200


def test_rounds_either_side_of_six_are_on_two_gaming_days(wa):
    lines = [
        round_line(round="T2-a", played_at="2026-11-02T05:59:00-08:00"),
        round_line(round="T2-b", played_at="2026-11-02T06:00:00-08:00"),
        round_line(round="T2-c", played_at="2026-11-02T23:59:00-08:00"),
        round_line(round="T2-d", played_at="2026-11-03T00:30:00-08:00"),
    ]
    submission = submit(wa, b"\n".join(lines) + b"\n")
    assert codes(submission) == []
    days = LedgerDay.objects.filter(submission=submission, wager_key="").order_by("gaming_day")
    assert [(d.gaming_day, d.rounds) for d in days] == [
        (date(2026, 11, 1), 1), (date(2026, 11, 2), 3),
    ]  # fmt: skip


def test_the_jurisdiction_sets_when_its_gaming_day_begins(wa):
    wa.jurisdiction.gaming_day_start = time(0, 0)  # midnight: the calendar day
    wa.jurisdiction.save()
    lines = [round_line(round="T2-a", played_at="2026-11-02T05:59:00-08:00"),
             round_line(round="T2-b", played_at="2026-11-01T23:59:00-08:00")]  # fmt: skip
    submission = submit(wa, b"\n".join(lines) + b"\n")
    days = LedgerDay.objects.filter(submission=submission, wager_key="").order_by("gaming_day")
    assert [(d.gaming_day, d.rounds) for d in days] == [
        (date(2026, 11, 1), 1), (date(2026, 11, 2), 1),
    ]  # fmt: skip


def test_a_round_submitted_again_is_counted_once(wa):
    first = [round_line(round=f"T2-{i}", played_at=f"2026-11-0{2 + i % 2}T10:00:00-08:00")
             for i in range(4)]  # fmt: skip
    overpaid = round_line(round="T2-over", **{"seats__0__results__main": "50"})
    submit(wa, b"\n".join([*first, overpaid]) + b"\n", name="first.jsonl")
    before = _day_sums(wa)
    new = round_line(round="T2-new", played_at="2026-11-03T11:00:00-08:00")
    again = submit(wa, b"\n".join([first[1], new, overpaid, first[1]]) + b"\n", name="again.jsonl")
    assert {c for _, c in codes(again)} >= {"duplicate_round_submitted", "duplicate_round"}
    after = _day_sums(wa)
    added = {key: {f: after[key][f] - before.get(key, dict.fromkeys(FIELDS, 0))[f]
                   for f in FIELDS} for key in after}  # fmt: skip
    day = date(2026, 11, 3)  # the new round's gaming day, and what it alone adds (ROUND)
    alone = {(day, ""): {**dict.fromkeys(FIELDS, 0), "rounds": 1}}
    for key, stake, result in (("main", 25, "37.50"), ("lucky3", 5, "10"), ("bonus4", 5, "-5")):
        result = Decimal(result)
        alone[(day, key)] = {**dict.fromkeys(FIELDS, 0), "wagers": 1, "wagered": stake,
                             "net_result": result, "paid_out": max(result, 0)}  # fmt: skip
    assert {k: v for k, v in added.items() if any(v.values())} == alone


@pytest.mark.parametrize("stored", [200_000, 5])  # 5: past the cap, duplicates found again
def test_a_file_sent_again_adds_nothing_to_the_ledger(wa, tmp_path, settings, stored,
                                                     monkeypatch):  # fmt: skip
    """Every round of the second file was read before: what its chunks counted (the screen's
    and the exact path's rounds, its dealers' and seats', over- and underpayments) is taken
    out again exactly, whatever the cap on stored findings; on the lines of the duplicates
    the finish found (not sought again), and as well when the ledger is written anew."""
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, rounds=3000, days=4, seed=11)  # about 1% faulty rounds
    lines = []
    for i, line in enumerate(path.read_bytes().splitlines()):
        try:
            record = json.loads(line)
            record["dealer"]["id"] = f"D{i % 3}"  # a dealer named on every round read
            line = json.dumps(record).encode()
        except (ValueError, TypeError, KeyError):
            pass  # a planted unreadable or odd line, sent as it was
        lines.append(line)
    content = b"\n".join(lines) + b"\n"
    first = submit(wa, content, chunk_lines=700)
    settings.AUDITS_FINDINGS_STORED = stored
    seek_again = ledger.duplicate_lines
    monkeypatch.setattr(ledger, "duplicate_lines", _not_sought)  # the finish hands them on
    again = submit(wa, content + b"\n", chunk_lines=700)
    assert again.status == "done" and again.findings_capped == (stored == 5)
    for model in (LedgerDay, DealerDay, SeatDay):
        assert model.objects.filter(submission=first).exists()
        assert not model.objects.filter(submission=again).exists()  # every sum 0: none kept
    assert first.totals.filter(overpaid__gt=0).exists()
    monkeypatch.setattr(ledger, "duplicate_lines", seek_again)
    ledger.ledger_record(again)  # as a reinstatement writes it: the duplicates found again
    for model in (LedgerDay, DealerDay, SeatDay):
        assert not model.objects.filter(submission=again).exists()


def _not_sought(submission):
    raise AssertionError("the ledger sought the duplicates the finish had just found")


def test_the_finish_reads_the_registry_as_the_run_read_it(wa, monkeypatch):
    """A round read twice in the file: the ledger takes it out of the totals with the rules
    the run's chunks counted it by (the run's registry answers), not asked again."""
    from games import rules_resolver

    asked = []
    real = rules_resolver.rules_in_force
    monkeypatch.setattr(rules_resolver, "rules_in_force",
                        lambda **kw: asked.append(kw["table"]) or real(**kw))  # fmt: skip
    lines = [round_line(round="T2-a"), round_line(round="T2-b"), round_line(round="T2-a")]
    submission = submit(wa, b"\n".join(lines) + b"\n")
    assert [c for _, c in codes(submission)] == ["duplicate_round"]
    assert asked == ["T2"]  # one place, one epoch: asked once, by the chunk
    main = LedgerDay.objects.get(submission=submission, wager_key="main")
    assert (main.rounds, main.wagers, main.wagered) == (0, 2, 50)  # the repeat counted once


def _day_sums(licensee) -> dict[tuple, dict]:
    found: dict[tuple, dict] = {}
    for row in LedgerDay.objects.filter(licensee=licensee):
        sums = found.setdefault((row.gaming_day, row.wager_key), dict.fromkeys(FIELDS, 0))
        for f in FIELDS:
            sums[f] += getattr(row, f)
    return found


# -- reading the ledger ----------------------------------------------------------------------


def test_day_month_to_date_and_year_to_date(wa, tmp_path):
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, rounds=600, days=5, start="2026-10-29", fault_rate=0, seed=3)
    submit(wa, path.read_bytes())
    venue = Venue.objects.get(code="WA-CR-0042")
    last = ledger_last_day(venue)
    assert last == date(2026, 11, 2)
    periods = ledger_periods(venue, last)
    rounds = {name: sum(x.rounds for x in lines if x.wager_key == "")
              for name, lines in periods.items()}  # fmt: skip
    by_day = Counter()
    for row in LedgerDay.objects.filter(wager_key=""):
        by_day[row.gaming_day] += row.rounds
    assert rounds["day"] == sum(n for d, n in by_day.items() if d == last)
    assert rounds["month_to_date"] == sum(n for d, n in by_day.items() if d.month == 11)
    assert rounds["year_to_date"] == 600
    main = [x for x in periods["year_to_date"] if x.wager_key == "main"]
    assert main and all(x.hold == -x.net_result / x.wagered for x in main)
    assert all(isinstance(x.wagered, Decimal) for x in main)


def test_a_venue_ledger_holds_only_its_own_licensees_rounds(wa, tmp_path):
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, rounds=200, days=2, fault_rate=0, seed=4)
    other = Licensee.objects.exclude(pk=wa.pk).first()
    submission = submit(other, path.read_bytes())  # another licensee files our venue's log
    assert {c for _, c in codes(submission)} == {"venue_not_of_licensee"}
    assert not LedgerDay.objects.exists()
    venue = Venue.objects.get(code="WA-CR-0042")
    assert ledger_lines(venue, date(2026, 1, 1), date(2026, 12, 31)) == []
    submit(wa, path.read_bytes(), name="ours.jsonl")
    theirs = Venue.objects.filter(licensee=other).first()
    assert ledger_lines(theirs, date(2026, 1, 1), date(2026, 12, 31)) == []
    assert sum(x.rounds for x in ledger_lines(venue, date(2026, 1, 1), date(2026, 12, 31))
               if x.wager_key == "") == 200  # fmt: skip


@pytest.mark.parametrize("compressed", [False, True])
def test_the_lines_of_a_stored_file_are_read_in_one_pass_per_chunk(wa, compressed):
    import gzip

    from audits.submissions.round_view import submission_line, submission_lines

    lines = [round_line(round=f"T2-{i}") for i in range(7)]
    content = b"\n".join(lines) + b"\n"
    submission = submit(wa, gzip.compress(content) if compressed else content, chunk_lines=3)
    assert submission.compressed == compressed and submission.chunks.count() == 3
    wanted = [7, 1, 4, 3, 4, 9]  # any order, repeats, and one past the end
    found = list(submission_lines(submission, wanted))
    assert [n for n, _ in found] == [1, 3, 4, 7]
    assert all(line.rstrip(b"\n") == lines[n - 1] for n, line in found)
    assert all(line == submission_line(submission, n) for n, line in found)


def test_a_line_far_into_a_chunk_is_read_from_the_mark_before_it(wa):
    """Each chunk keeps where every 64th line of the file starts (the offsets stored are
    those of lines 1, 65, 129, ...), and any line, on a mark or between, is read right."""
    from audits.submissions.round_view import submission_line, submission_lines
    from audits.submissions.run.lines import LINE_MARK

    lines = [round_line(round=f"T3-{i}") for i in range(300)]
    submission = submit(wa, b"\n".join(lines) + b"\n", chunk_lines=128)
    chunks = list(submission.chunks.order_by("first_line"))
    marks = [len(bytes(c.line_marks)) // 8 for c in chunks]
    assert [c.first_line for c in chunks] == [1, 129, 257] and marks == [2, 2, 1]
    offsets = [sum(len(line) + 1 for line in lines[: n - 1]) for n in (1, 65, 129, 193, 257)]
    stored = [int.from_bytes(bytes(c.line_marks)[i : i + 8], "little") for c in chunks
              for i in range(0, len(bytes(c.line_marks)), 8)]  # fmt: skip
    assert stored == offsets and LINE_MARK == 64
    wanted = [300, 2, 64, 65, 66, 128, 129, 200, 301]
    assert [n for n, _ in submission_lines(submission, wanted)] == sorted(wanted)[:-1]
    assert all(submission_line(submission, n).rstrip(b"\n") == lines[n - 1] for n in wanted[:-1])
