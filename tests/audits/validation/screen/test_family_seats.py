"""The blackjack family's seats found where they lie: spans, defaults, and the seats decoded."""

from __future__ import annotations

import json

import numpy as np

from audits.validation.screen import family_seats as fs
from audits.validation.screen.family_seats import seat_spans

SEAT_ = {"seat": 3, "cards": ["9D", "JS"], "wagers": {"main": "25", "ante": "25"},
         "results": {"ante": "-25"}, "hands": [{"cards": ["9D", "JS"], "doubled": False,
                                                "result": "0"}], "poker": "fold"}  # fmt: skip


def read(seats: list[bytes], most: int = 4):
    data = b"\n".join(seats)
    length = np.array([len(s) for s in seats], np.int64)
    end = np.cumsum(length + 1) - 1
    found = seat_spans(data, np.frombuffer(data, np.uint8), end - length, end, most)

    def value(span) -> object:
        a, b = span.tolist()
        return json.loads(found.data[a:b])

    return found, value


def test_each_field_and_hand_where_it_lies_and_the_defaults_of_those_unwritten():
    plain = json.dumps(SEAT_, separators=(",", ":")).encode()
    bare = {k: v for k, v in SEAT_.items() if k not in ("results", "poker")}
    bare["hands"] = [{"cards": ["9D", "JS"], "result": "0"}]
    found, value = read([plain, json.dumps(bare).encode()])
    assert found.read.tolist() == [True, True] and found.n_hands.tolist() == [1, 1]
    for i in (0, 1):
        assert value(found.fields[i, fs.SEAT]) == 3
        assert value(found.fields[i, fs.CARDS]) == ["9D", "JS"]
        assert value(found.fields[i, fs.WAGERS]) == SEAT_["wagers"]
        assert value(found.hands[i, 0, fs.HAND_CARDS]) == ["9D", "JS"]
        assert value(found.hands[i, 0, fs.HAND_RESULT]) == "0"
        assert value(found.hands[i, 0, fs.HAND_DOUBLED]) is False
    assert value(found.fields[0, fs.POKER]) == "fold" and value(found.fields[1, fs.POKER]) is None
    assert value(found.fields[1, fs.RESULTS]) == {}


def test_a_seat_it_cannot_vouch_for_is_decoded_and_its_values_appended():
    escaped = json.dumps(SEAT_, separators=(",", ":")).encode().replace(b'"fold"', b'"f\\u006fld"')
    twice = json.dumps(SEAT_).encode().replace(b'"seat": 3', b'"seat": 4, "seat": 3')
    found, value = read([escaped, twice, b'{"seat":1}', b"[1]"])
    assert found.read.tolist() == [True, True, False, False]
    assert value(found.fields[0, fs.POKER]) == "fold"
    assert value(found.fields[1, fs.SEAT]) == 3  # the last written, as the exact path reads it
    assert found.fields[0, fs.POKER, 0] > len(escaped) + len(twice)  # appended after the batch


def test_more_hands_than_it_reads_is_no_seat_read():
    split = {**SEAT_, "hands": SEAT_["hands"] * 3}
    found, _ = read([json.dumps(split).encode()] * 2, most=2)
    assert found.read.tolist() == [False, False]
    found, _ = read([json.dumps(split).encode()], most=3)
    assert found.read.tolist() == [True] and found.n_hands.tolist() == [3]


def reference_tail(wagers: bytes, results: bytes, poker: bytes, *played: bytes) -> bytes:
    """A seat's tail as the screen defined it in Python before it was compiled."""
    if len(played) == 2:
        return b"[%s,%s,%s,%s,%s]" % (wagers, results, poker, *played)
    hands = b",".join(b"[%s,%s]" % pair for pair in zip(played[::2], played[1::2], strict=True))
    return b"[%s,%s,%s,[%s]]" % (wagers, results, poker, hands)


def test_seat_tails_are_the_wagers_results_poker_and_hands_as_written():
    """Seats of one to four hands, spelt compactly or with spaces, some written alike: one
    tail per spelling, each the JSON list the screen keys on, byte for byte."""
    rng = np.random.default_rng(13)
    seats = []
    for _ in range(300):
        hands = [{"cards": ["9D", "JS"], "doubled": bool(rng.integers(2)),
                  "result": str(int(rng.choice([-50, -25, 0, 25, 50])))}
                 for _ in range(int(rng.integers(1, 5)))]  # fmt: skip
        seat = {**SEAT_, "hands": hands, "wagers": {"main": str(int(rng.choice([25, 50])))}}
        if rng.integers(3) == 0:
            del seat["poker"]  # its default
        seats.append(json.dumps(seat, separators=None if rng.integers(2) else (",", ":")).encode())
    found, _ = read(seats)
    which = np.flatnonzero(found.read)
    tails, inverse = fs.seat_tails(found, which, 4)
    assert len(which) == 300 and len(tails) < 300 and len(set(tails)) == len(tails)
    for i, seat in enumerate(which.tolist()):
        parts = [found.fields[seat, f] for f in (fs.WAGERS, fs.RESULTS, fs.POKER)]
        for h in range(found.n_hands[seat]):
            parts += [found.hands[seat, h, fs.HAND_RESULT], found.hands[seat, h, fs.HAND_DOUBLED]]
        written = [found.data[a:b] for a, b in (p.tolist() for p in parts)]
        assert tails[inverse[i]] == reference_tail(*written)
        json.loads(tails[inverse[i]])  # a JSON list, as its reader takes it


def test_dealers_cards_are_read_where_they_lie_as_decoding_reads_them():
    """Each dealer spelling, read in place or (one the object reader gives up on) decoded:
    the same cards and counts as decoding every dealer, the screen's way before."""
    from audits.validation.screen.cards import ragged_cards
    from audits.validation.screen.decode import NULL, ScreenDealer, decode_each
    from audits.validation.screen.fixed import Spans

    dealers = [
        b'{"cards":["9D","JS"]}', b'{"cards": ["AS", "7H", "3C"], "toss": null}',
        b'{"id":"D-7","cards":["9D","JS","2C"]}', b'{"cards":["9D","JS"],"toss":"9D"}',
        b'{"cards":["9D","JS"],"shoe":1}', b'{"cards":["9D"],"cards":["9D","JS"]}',
        b'{"cards":["9D","JS"],"id":"D\\u0037"}', b'[1]', b'5', b'{"cards":"9D"}',
        b'{"cards":["9D","JS"],"toss":nul}', b'{"cards":["9D","XX"]}', b'{"cards":[]}',
        b'{ "cards" : [ "9D" , "JS" ] , "toss" : null }', b'{"toss":null}', b'{}',
    ]  # fmt: skip
    data = b"\n".join(dealers)
    length = np.array([len(d) for d in dealers], np.int64)
    start = np.cumsum(length + 1) - length - 1
    cards, counts = fs.dealer_cards(Spans(data, start, length), 8)
    decoded = decode_each(dealers, ScreenDealer)
    plain = [d is not None and d.toss == NULL for d in decoded]
    want_cards, want_counts = ragged_cards(
        [d.cards if ok else b"0" for d, ok in zip(decoded, plain, strict=True)], 8
    )
    assert counts.tolist() == want_counts.tolist()
    assert cards.tolist() == want_cards.tolist()
    assert counts.tolist()[:4] == [2, 3, 3, -1] and counts[5] == 2  # the last cards written
