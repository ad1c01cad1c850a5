"""The sample hand-log generator: the format, the engine's settlement, the faults, determinism."""

from __future__ import annotations

import gzip
import io
import json
from collections import Counter
from decimal import Decimal

import pytest
from django.core.management import call_command

from audits.samples import REJECTED_LINES, ROUND_FAULTS, generate_toss_one
from games.engine.cards import parse_cards
from games.engine.toss_one import TossOne21
from games.engine.toss_one_rules import PAYTABLES

ENGINE = TossOne21()
PAYTABLES_1 = {"lucky3": PAYTABLES[("lucky3", "1")], "bonus4": PAYTABLES[("bonus4", "1")]}
COMPACT = (",", ":")


def lines_of(path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def faulty(tmp_path_factory):
    path = tmp_path_factory.mktemp("samples") / "faulty.jsonl"
    report = generate_toss_one(path, rounds=3000, seed=7)
    return path, report


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    path = tmp_path_factory.mktemp("samples") / "clean.jsonl"
    report = generate_toss_one(path, rounds=4000, fault_rate=0, seed=11)
    return path, report


def test_every_line_parses_as_json_except_the_cut_off_ones(faulty):
    path, report = faulty
    lines = lines_of(path)
    not_json = {line for line, kind in report.kinds if kind == "not_json"}
    assert len(lines) == report.lines == report.rounds + report.rejected_lines
    assert report.rounds == 3000
    for number, text in enumerate(lines, 1):
        if number in not_json:
            with pytest.raises(json.JSONDecodeError):
                json.loads(text)
        else:
            assert isinstance(json.loads(text), dict), number


def test_round_ids_unique_per_table_except_the_deliberate_duplicates(faulty):
    path, report = faulty
    duplicates = {line for line, kind in report.kinds if kind == "duplicate_round"}
    seen: dict[tuple[str, str], int] = {}
    repeated = set()
    for number, text in enumerate(lines_of(path), 1):
        try:
            record = json.loads(text)
        except json.JSONDecodeError:
            continue
        key = (record["table"], record["round"])
        if key in seen:
            repeated.add(number)
            assert seen[key] < number
        seen.setdefault(key, number)
    assert repeated == duplicates and duplicates


def test_clean_generation_settles_and_tosses_as_the_engine(clean):
    path, report = clean
    assert (report.faults, report.rejected_lines, report.rounds) == ([], 0, 4000)
    seats = lucky3 = bonus4 = 0
    for text in lines_of(path):
        record = json.loads(text)
        # one layout throughout: the fast path writes what json.dumps writes
        assert json.dumps(record, separators=COMPACT) == text
        assert record["options"] == {"blackjack_pays": "3:2", "lucky3_paytable": "1"}
        assert record["table"] in ("T1", "T2", "T3", "T4")
        assert record["round"].startswith(f"{record['table']}-{record['played_at'][:10]}-")
        dealer = parse_cards(record["dealer"]["cards"])
        assert ENGINE.toss_is_correct(dealer, _toss(dealer, record["dealer"]["toss"]))
        all_cards = Counter(dealer)
        assert len(record["seats"]) == 3
        assert len({s["seat"] for s in record["seats"]}) == 3
        for seat in record["seats"]:
            cards = parse_cards(seat["cards"])
            all_cards.update(cards)
            toss = _toss(cards, seat["toss"])
            assert ENGINE.toss_is_correct(cards, toss)
            if toss is not None:  # the toss keeps the best hand and the best kicker
                best, kept = ENGINE.best_hand(cards), ENGINE.hand_with_toss(cards, toss)
                assert (kept.total, kept.blackjack, kept.kicker) == (
                    best.total,
                    best.blackjack,
                    best.kicker,
                )
            assert all(isinstance(v, str) for v in [*seat["wagers"].values()])
            assert all(isinstance(v, str) for v in [*seat["results"].values()])
            wagers = {k: Decimal(v) for k, v in seat["wagers"].items()}
            assert wagers["main"] in {5, 10, 25, 50, 100}
            assert wagers.get("lucky3", 1) in {1, 5} and wagers.get("bonus4", 1) in {1, 5}
            settled = ENGINE.settle_seat(cards, dealer, wagers, "3:2", PAYTABLES_1, toss)
            assert seat["results"] == {r.key: str(r.net) for r in settled}, text
            seats += 1
            lucky3 += "lucky3" in wagers
            bonus4 += "bonus4" in wagers
        assert max(all_cards.values()) <= record["shoe"]["decks"] == 6
    assert 0.36 < lucky3 / seats < 0.44 and 0.26 < bonus4 / seats < 0.34


def _toss(cards, code):
    return None if code is None else cards.index(parse_cards([code])[0])


def test_every_kind_of_fault_appears_with_its_code(faulty):
    path, report = faulty
    kinds = {kind for _, kind in report.kinds}
    assert kinds == set(ROUND_FAULTS) | set(REJECTED_LINES)
    assert len(report.faults) == len(report.kinds)
    for (line, code), (line_again, kind) in zip(report.faults, report.kinds, strict=True):
        assert line == line_again
        assert code == {**ROUND_FAULTS, **REJECTED_LINES}[kind]
    assert [line for line, _ in report.faults] == sorted({line for line, _ in report.faults})
    # about 1% of the rounds, cycling through the kinds
    counts = Counter(kind for _, kind in report.kinds if kind in ROUND_FAULTS)
    assert sum(counts.values()) == 30 and max(counts.values()) - min(counts.values()) <= 1
    assert report.rejected_lines == len(REJECTED_LINES)


def test_each_fault_is_in_its_line(faulty):
    path, report = faulty
    lines = lines_of(path)
    for line, kind in report.kinds:
        text = lines[line - 1]
        if kind == "not_json":
            continue
        record = json.loads(text)
        seats = record["seats"]
        if kind == "unknown_table":
            assert record["table"] == "T9" and record["round"].startswith("T9-")
        elif kind == "options_not_authorized":
            assert record["options"]["lucky3_paytable"] == "2"
        elif kind == "over_limit":
            assert any(s["wagers"]["main"] == "500" for s in seats)
        elif kind == "wrong_card_count":
            assert sorted(len(s["cards"]) for s in seats) == [3, 4, 4]
        elif kind == "card_over_shoe":
            cards = Counter([*record["dealer"]["cards"], *(c for s in seats for c in s["cards"])])
            assert max(cards.values()) >= 7
        elif kind == "side_bet_without_main":
            assert any(s["wagers"]["main"] == "0" and len(s["wagers"]) == 2 for s in seats)
        elif kind == "toss_not_in_hand":
            assert any(s["toss"] is not None and s["toss"] not in s["cards"] for s in seats)
        elif kind == "bad_card":
            assert any(c.startswith("10") for s in seats for c in s["cards"])
        elif kind == "bad_amount":
            assert "5.001" in text
        elif kind == "duplicate_seat":
            assert len({s["seat"] for s in seats}) < len(seats)


def test_same_seed_same_bytes_and_another_seed_other_bytes(tmp_path):
    one, two, other = (tmp_path / n for n in ("1.jsonl", "2.jsonl", "3.jsonl"))
    first = generate_toss_one(one, rounds=1500, seed=5)
    second = generate_toss_one(two, rounds=1500, seed=5)
    generate_toss_one(other, rounds=1500, seed=6)
    assert one.read_bytes() == two.read_bytes()
    assert first.faults == second.faults
    assert one.read_bytes() != other.read_bytes()


def test_gzip_output_is_valid_gzip_of_the_same_lines_and_deterministic(tmp_path):
    plain, packed, again = tmp_path / "a.jsonl", tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    generate_toss_one(plain, rounds=800, seed=3)
    report = generate_toss_one(packed, rounds=800, seed=3, gzip=True)
    generate_toss_one(again, rounds=800, seed=3, gzip=True)
    assert packed.read_bytes()[:2] == b"\x1f\x8b"
    assert gzip.decompress(packed.read_bytes()) == plain.read_bytes()
    assert packed.read_bytes() == again.read_bytes()
    assert report.size == packed.stat().st_size


def test_played_at_is_local_time_with_the_offset_of_the_day(tmp_path):
    path = tmp_path / "dst.jsonl"
    generate_toss_one(path, start="2026-10-31", days=2, rounds=400, fault_rate=0)
    offsets = {(r["played_at"][:10], r["played_at"][-6:]) for r in map(json.loads, lines_of(path))}
    # daylight saving time ends in Los Angeles at 2:00 on 1 November 2026
    assert offsets == {("2026-10-31", "-07:00"), ("2026-11-01", "-08:00")}
    times = [r["played_at"][11:19] for r in map(json.loads, lines_of(path))]
    assert min(times) >= "10:00:00" and max(times) <= "23:59:59"


def test_default_is_a_month_of_the_demo_venue(tmp_path):
    report = generate_toss_one(tmp_path / "month.jsonl", days=2)
    assert report.rounds == 2 * 4 * 300


def test_bad_arguments_are_refused(tmp_path):
    with pytest.raises(ValueError):
        generate_toss_one(tmp_path / "x.jsonl", seats=8)
    with pytest.raises(ValueError):
        generate_toss_one(tmp_path / "x.jsonl", tables=('T"1',))


def test_command_writes_the_file_and_the_answer_key(tmp_path):
    out, key = tmp_path / "log.jsonl.gz", tmp_path / "key.jsonl"
    stdout = io.StringIO()
    call_command(
        "generate_handlog", str(out), "--toss-one-only", "--rounds", "600", "--seed", "9",
        "--answer-key", str(key), stdout=stdout,
    )  # fmt: skip
    assert stdout.getvalue().startswith(f"wrote {out}: 604 lines, 600 rounds, 4 rejected lines")
    assert gzip.decompress(out.read_bytes()).count(b"\n") == 604
    entries = [json.loads(line) for line in lines_of(key)]
    assert {e["kind"] for e in entries} == set(ROUND_FAULTS) | set(REJECTED_LINES)
    assert all(set(e) == {"line", "code", "kind"} for e in entries)


def test_the_validator_finds_exactly_the_deliberate_errors(wa, tmp_path):
    """End to end: the pipeline reports the answer key's (line, code) pairs and nothing else.

    A $500 main at table T1 is over two limits (the house's $100 and the state's), so
    the validator may report over_limit twice on that line: compared as a set.
    """
    from audits.submissions.storage import submission_store
    from audits.submissions.submissions import submission_validate_now

    path = tmp_path / "log.jsonl"
    report = generate_toss_one(path, rounds=2000, seed=17)
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name=path.name, licensee=wa)
    submission = submission_validate_now(submission)
    found = set(submission.findings.values_list("line", "code"))
    assert found == set(report.faults)
    assert (submission.rounds_total, submission.rejected_lines) == (
        report.rounds,
        report.rejected_lines,
    )
