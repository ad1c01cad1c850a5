"""Inputs for every compiled kernel a batch calls, and what each gives: run as compiled and as
plain Python (``NUMBA_DISABLE_JIT=1``) by ``test_kernel_references.py``.

``python kernel_cases.py OUT`` writes every case's outputs to ``OUT`` (a pickle): run so in
a process of its own with numba's compiler off, each kernel is the plain Python it is
written as.
"""

from __future__ import annotations

import json
import pickle
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[4]
SEED = 37


def _lines(rng: random.Random) -> list[bytes]:
    """Sample lines of every game, some mutated byte by byte or field by field."""
    import tempfile

    from audits.samples import generate_toss_one
    from audits.samples.blackjack import generate_blackjack

    folder = Path(tempfile.mkdtemp())
    generate_toss_one(folder / "t.jsonl", rounds=120, days=1, fault_rate=0.1, seed=SEED,
                      stakes="any")  # fmt: skip
    lines = (folder / "t.jsonl").read_bytes().splitlines()
    for game in ("ante-up-21", "blackjack-tie-bonus"):
        generate_blackjack(folder / "b.jsonl", game=game, rounds=80, days=1, fault_rate=0.1,
                           seed=SEED, stakes="distinct")  # fmt: skip
        lines += (folder / "b.jsonl").read_bytes().splitlines()
    mutated = []
    for line in lines[::2]:  # every game's
        at = rng.randrange(len(line))
        mutated.append(line[:at] + bytes([rng.randrange(32, 127)]) + line[at + 1 :])
        try:
            record = json.loads(line)
        except ValueError:  # a line the sample writes malformed on purpose
            continue
        record["seats"][0]["wagers"]["main"] = rng.choice(["05", "5e0", 7, "-1", "1.234"])
        mutated.append(json.dumps(record, indent=rng.choice([None, 1])).encode())
    return lines + mutated


def _spans(lines: list[bytes]):
    data = b"\n".join(lines)
    length = np.array([len(line) for line in lines], np.int64)
    starts = np.cumsum(length + 1) - length - 1
    return data, starts, starts + length


def reader(rng):
    from audits.validation.screen.reader import read_lines

    data, starts, ends = _spans(_lines(rng))
    read = read_lines(np.frombuffer(data, np.uint8), starts, ends)
    return [getattr(read, f) for f in read.__dataclass_fields__]


def grouping(rng):
    from audits.validation.screen.grouping import factorize, factorize_spans, span_hashes

    data = np.frombuffer(bytes(rng.randrange(4) for _ in range(3000)), np.uint8)
    starts = np.array([rng.randrange(2900) for _ in range(400)], np.int64)
    spans = np.stack([starts, starts + np.array([rng.randrange(40) for _ in starts])], 1)
    spans = spans.reshape(200, 2, 2)
    hashes = span_hashes(data, spans)
    keys = np.array([rng.randrange(-5, 50) for _ in range(500)], np.int64)
    return [hashes, *factorize_spans(data, spans, hashes), *factorize(keys)]


def answers(rng):
    from audits.validation.games.blackjack.answers import Answers

    table = Answers(2, most=64)
    codes = [np.array([rng.randrange(-1, 90) for _ in range(300)], np.int64) for _ in range(3)]
    return [table.of(c, lambda i, c=c: (int(c[i]) * 3, int(c[i]) % 7)) for c in codes]


def shoe(rng):
    from audits.validation.games.blackjack.cards import within_shoe

    dealer = np.array([[rng.randrange(-1, 20) for _ in range(8)] for _ in range(50)], np.int64)
    seats = np.array([[rng.randrange(-1, 20) for _ in range(8)] for _ in range(150)], np.int64)
    seat_round = np.array([rng.randrange(50) for _ in range(150)], np.int64)
    return [within_shoe(dealer, seats, seat_round, 50, rng.randrange(1, 4))]


def split_keys(rng):
    from audits.validation.games.blackjack.split_keys import split_deal_codes

    seats, hands = 60, 4
    first = np.array([[rng.randrange(52) for _ in range(2)] for _ in range(seats)], np.int64)
    cards = np.array([[rng.randrange(52) for _ in range(8)] for _ in range(seats * hands)],
                     np.int64)  # fmt: skip
    counts = np.array([rng.randrange(0, 9) for _ in range(seats * hands)], np.int64)
    start = np.arange(seats, dtype=np.int64) * hands
    n_hands = np.array([rng.randrange(1, hands + 1) for _ in range(seats)], np.int64)
    return [split_deal_codes(first, cards, counts, start, n_hands,
                             np.arange(seats, dtype=np.int64))]  # fmt: skip


def round_ids(rng):
    from audits.validation.round_ids import IdBytes, round_keys

    ids = ["".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(0, 300)))
           for _ in range(200)]  # fmt: skip
    return [round_keys(IdBytes.of(ids))]


def _classes(code: str, options: dict, rng) -> list:
    from audits.samples.settlement import sample_rules
    from audits.validation.games import GAMES, check_judge
    from audits.validation.screen.batch import Batch
    from audits.validation.screen.seats import SeatTable

    game = GAMES[code]
    screen = game.screen(sample_rules(code, options), options, 6, check_judge(game))
    lines = [line for line in _lines(rng) if code.encode() in line]
    batch = Batch(*_spans(lines), np.iinfo(np.int64).max)
    rows = np.flatnonzero(batch.ok)
    found = screen.classes(batch, rows, SeatTable.of(batch.read, rows, screen.slots))
    return [found.round_ok, found.seat_ok, _partition(found.keys)]


def _partition(keys: np.ndarray) -> np.ndarray:
    """Which seats share a class, as class numbers by first appearance: a class key holds
    names the process numbers as it meets them (``Names``), so two processes compare the
    classes they make, not the numbers."""
    rows = keys.reshape(len(keys), -1)
    _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inverse.reshape(-1)]


def toss_one_classes(rng):
    return _classes("toss-one-21", {"blackjack_pays": "3:2", "lucky3_paytable": "1"}, rng)


def ante_up_classes(rng):
    return _classes("ante-up-21", {"blackjack_pays": "3:2"}, rng)


def tie_bonus_classes(rng):
    return _classes("blackjack-tie-bonus", {"blackjack_pays": "3:2"}, rng)


CASES = {f.__name__: f for f in (reader, grouping, answers, shoe, split_keys, round_ids,
                                 toss_one_classes, ante_up_classes, tie_bonus_classes)}  # fmt: skip


def outputs() -> dict[str, list[np.ndarray]]:
    return {name: [np.asarray(a) for a in case(random.Random(SEED))]
            for name, case in CASES.items()}  # fmt: skip


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    with open(sys.argv[1], "wb") as out:
        pickle.dump(outputs(), out)
