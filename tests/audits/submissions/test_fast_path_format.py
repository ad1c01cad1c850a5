"""The screen against the exact path on the published format's edges, every game.

Each case rewrites one line of a real sample, byte for byte, as a table system might: an
amount in another spelling, a time in another form, a key written twice or not in the
format, bytes that are not plain ASCII.  The line sits third of four, so that what holds on
a batch's first line is not all that is tried.  Both paths must give the same findings,
rounds, clean rounds and totals; and the line is refused (a finding or a rejection at it)
exactly when docs/handlog-format.md says it does not match the format.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from audits.samples.games import SAMPLE_GAMES
from audits.submissions.models import Submission
from tests.audits.submissions.test_fast_path_family import judged

pytestmark = pytest.mark.django_db

AT = 3  # the changed line's number

# -- the changes: (name, refused by the format, change) ---------------------------------------


def _amount(spelling: Callable[[str], bytes]) -> Callable[[bytes], bytes | None]:
    """The first seat's main stake, spelt otherwise (``spelling`` of its digits)."""

    def change(line: bytes) -> bytes | None:
        found = re.search(rb'"wagers":\{"main":"([0-9.]+)"', line)
        if not found:
            return None
        value = found.group(1).decode()
        return line[: found.start(1) - 1] + spelling(value) + line[found.end(1) + 1 :]

    return change


def _time(spelling: Callable[[str], str]) -> Callable[[bytes], bytes | None]:
    def change(line: bytes) -> bytes | None:
        found = re.search(rb'"played_at":"([^"]+)"', line)
        if not found:
            return None
        value = spelling(found.group(1).decode()).encode()
        return line[: found.start(1)] + value + line[found.end(1) :]

    return change


def _after(opening: bytes, inserted: bytes) -> Callable[[bytes], bytes | None]:
    """``inserted`` (a member and its comma) right after the first ``opening``."""

    def change(line: bytes) -> bytes | None:
        at = line.find(opening)
        if at < 0:
            return None
        at += len(opening)
        return line[:at] + inserted + line[at:]

    return change


def _replace(old: bytes, new: bytes) -> Callable[[bytes], bytes | None]:
    def change(line: bytes) -> bytes | None:
        return line.replace(old, new, 1) if old in line else None

    return change


ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")

CHANGES: list[tuple[str, bool, Callable[[bytes], bytes | None]]] = [
    # amounts: the schema's pattern, in ASCII digits, as a string or a number's text
    ("amount as a number", False, _amount(lambda v: v.encode())),
    ("amount with two decimals", False, _amount(lambda v: f'"{v}.00"'.encode())),
    ("amount with a plus sign", True, _amount(lambda v: f'"+{v}"'.encode())),
    ("amount with spaces", True, _amount(lambda v: f'" {v} "'.encode())),
    ("amount with an exponent", True, _amount(lambda v: f'"{v}e0"'.encode())),
    ("number with an exponent", True, _amount(lambda v: f"{v}e0".encode())),
    ("amount with a leading zero", True, _amount(lambda v: f'"0{v}"'.encode())),
    (
        "amount in Arabic-Indic digits",
        True,
        _amount(lambda v: f'"{v.translate(ARABIC_INDIC)}"'.encode()),
    ),
    (
        "amount in full-width digits",
        True,
        _amount(lambda v: f'"{v.translate(FULL_WIDTH)}"'.encode()),
    ),
    ("amount with an underscore", True, _amount(lambda v: f'"{v}_0"'.encode())),
    ("amount with three decimals", True, _amount(lambda v: f'"{v}.000"'.encode())),
    ("negative stake", True, _amount(lambda v: f'"-{v}"'.encode())),
    ("amount as true", True, _amount(lambda v: b"true")),
    # times: RFC 3339 with a colon in the offset
    ("time in UTC with Z", False, _time(lambda t: t[:19] + "Z")),
    ("time with a fraction", False, _time(lambda t: t[:19] + ".123456" + t[19:])),
    ("time with seven fraction digits", False, _time(lambda t: t[:19] + ".1234567" + t[19:])),
    ("time in lower case", False, _time(lambda t: t.replace("T", "t"))),
    ("offset without its colon", True, _time(lambda t: t[:-3] + t[-2:])),
    ("time without an offset", True, _time(lambda t: t[:19])),
    ("time without seconds", True, _time(lambda t: t[:16] + t[19:])),
    ("the 30th of February", True, _time(lambda t: "2026-02-30" + t[10:])),
    ("hour 24", True, _time(lambda t: t[:11] + "24" + t[13:])),
    ("a leap second", True, _time(lambda t: t[:17] + "60" + t[19:])),
    ("a space for the T", True, _time(lambda t: t[:10] + " " + t[11:])),
    # keys: each written once; a field the format does not name is refused, everywhere
    ("round written twice", True, _replace(b'{"v":1,', b'{"v":1,"round":"X-1",')),
    ("v written twice", True, _replace(b'{"v":1,', b'{"v":1,"v":1,')),
    ("a top-level field not in the format", True, _replace(b'{"v":1,', b'{"v":1,"note":"x",')),
    ("a shoe field not in the format", True, _after(b'"shoe":{', b'"cut":1,')),
    ("decks written twice", True, _after(b'"shoe":{', b'"decks":6,')),
    ("a dealer field not in the format", True, _after(b'"dealer":{', b'"note":"x",')),
    ("dealer cards written twice", True, _after(b'"dealer":{', b'"cards":["AS","KD"],')),
    ("a seat field not in the format", True, _after(b'"seats":[{', b'"note":"x",')),
    ("seat written twice", True, _after(b'"seats":[{', b'"seat":7,')),
    ("main wager written twice", True, _after(b'"wagers":{', b'"main":"1",')),
    ("a wager no game has", True, _after(b'"wagers":{', b'"side":"1",')),
    ("main result written twice", True, _after(b'"results":{', b'"main":"0",')),
    ("a result no game has", True, _after(b'"results":{', b'"side":"0",')),
    ("a hand field not in the format", True, _after(b'"hands":[{', b'"note":"x",')),
    ("an option not approved", True, _after(b'"options":{', b'"note":"x",')),
    ("an option written twice", True, _after(b'"options":{', b'"blackjack_pays":"3:2",')),
    # encodings: UTF-8, escapes, white space
    ("invalid UTF-8 in the round id", True, _replace(b'"round":"', b'"round":"\xff')),
    ("an overlong UTF-8 slash in the round id", True, _replace(b'"round":"', b'"round":"\xc0\xaf')),
    ("a lone surrogate escaped in the round id", True, _replace(b'"round":"', b'"round":"\\ud800')),
    ("an escaped letter in the table", False, _replace(b'"table":"T', b'"table":"\\u0054')),
    ("a dealer named beyond ASCII", False, _after(b'"dealer":{', '"id":"Zoë",'.encode())),
    ("a byte-order mark before the line", True, lambda line: b"\xef\xbb\xbf" + line),
    ("a NUL byte in the venue", True, _replace(b'"venue":"', b'"venue":"\x00')),
    ("white space around every colon", False, lambda line: line.replace(b'":', b'" : ')),
    ("a carriage return at the end", False, lambda line: line + b"\r"),
    ("something after the round", True, lambda line: line + b" 1"),
]


def _sample(tmp_path, code: str) -> list[bytes]:
    game = SAMPLE_GAMES[code]
    path = tmp_path / f"{code}.jsonl"
    game.deal(path, tables=game.tables[:1], options=game.options, rounds=12, days=1, seats=3,
              fault_rate=0, seed=11, stakes="any")  # fmt: skip
    lines = [line for line in path.read_bytes().splitlines() if line.startswith(b'{"v":1')]
    with_hands = [line for line in lines if b'"hands":[{' in line]  # every change applies
    chosen = (with_hands + lines)[0]
    return [chosen, *[line for line in lines if line != chosen][:3]]


HANDLESS = {"toss-one-21"}  # its seats have no hands
CASES = [
    pytest.param(code, name, refused, change, id=f"{name}-{code}")
    for name, refused, change in CHANGES
    for code in sorted(SAMPLE_GAMES)
    if not (code in HANDLESS and name == "a hand field not in the format")
]


@pytest.mark.parametrize(("code", "name", "refused", "change"), CASES)
def test_the_screen_and_the_exact_path_read_the_format_alike(wa, caplog, tmp_path, code, name,
                                                             refused, change):  # fmt: skip
    chosen, *others = _sample(tmp_path, code)
    changed = change(chosen)
    assert changed is not None, f"{code}'s sample line has nothing {name!r} changes"
    submission = Submission(licensee=wa)
    before = _at_the_line(judged(submission, [others[0], others[1], chosen, others[2]], fast=False))
    lines = [others[0], others[1], changed, others[2]]
    fast = judged(submission, lines, fast=True)
    assert fast == judged(submission, lines, fast=False)
    assert not [r for r in caplog.records if "the screen failed" in r.getMessage()]
    after = _at_the_line(fast)
    if refused:
        assert after != before, f"{name}: accepted"
    else:
        assert after == before, f"{name}: refused ({after})"


def _at_the_line(judgement) -> tuple[list[str], int]:
    """The codes of the findings at the changed line, and whether it was rejected."""
    findings, _, _, (_, rejected), *_ = judgement
    return sorted(f.code for f, _ in findings if f.line == AT), rejected
