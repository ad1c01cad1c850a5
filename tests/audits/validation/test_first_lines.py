"""Is it a hand log at all: the first lines judged before anything is kept, and the sentence
that says what a file that is not one looks like."""

from __future__ import annotations

import random

import pytest

from audits.validation.first_lines import HEAD_BYTES, first_lines_refusal


def refusal(head: bytes, whole: bool = True) -> str | None:
    return first_lines_refusal(head, whole=whole)


@pytest.mark.parametrize(
    ("head", "said"),
    [
        (b"venue,table,round\nWA-CR-0042,T1,a\n", "comma-separated values (CSV)"),
        (b"venue;table\r\nWA-CR-0042;T1\r\n", "semicolon-separated values (CSV)"),
        (b"venue\ttable\nWA\tT1\n", "tab-separated values (CSV)"),
        (b"<!DOCTYPE html>\n<html><body>Sign in</body></html>", "an HTML page"),
        (b"  <html lang=en>", "an HTML page"),
        (b'<?xml version="1.0"?>\n<rounds/>', "XML or other markup"),
        (b'[{"v": 1}, {"v": 1}]\n', "a JSON array"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary data, not text"),
        (b"PK\x03\x04\x14\x00\x06\x00\x08\x00", "binary data, not text"),  # a spreadsheet
        (b"\xff\xfe\xfd not a round\n", "binary data, not text"),
        (b"hello, world", "comma-separated"),  # one line with a comma: a table's header
        (b"round 1: main 25 paid 25\n", "line 1 ('round 1: main 25 paid 25') is not a JSON"),
        (b"{not json at all}\n", "line 1 ('{not json at all}') is not a JSON object"),
    ],
)
def test_what_is_not_a_hand_log_is_named(head, said):
    found = refusal(head)
    assert found is not None and said in found
    assert found.endswith("a hand log has one JSON object (a round) per line")


def test_random_bytes_are_binary_data_whatever_the_seed():
    rng = random.Random(39)  # fixed seed
    for _ in range(50):
        head = rng.randbytes(rng.randint(1, 4000))
        assert "binary data" in refusal(head)


@pytest.mark.parametrize(
    "head",
    [
        b'{"v": 1, "round": "a"}\n',
        b'\xef\xbb\xbf{"v": 1}\n',  # a byte-order mark first
        b'\n\n   {"v": 1}\n',  # blank lines first
        b'\xff\xfe\n{"v": 1}\n',  # a damaged first line, then a record: each line judged later
        b"not json\n{}\n",
        b'{"v": 1, "round": "\xff\xfe"}\n',  # a record with damaged bytes: a rejected line
        b'{ "v": 1,\n',  # opens as a record: the exact path says what is wrong
        b"",  # empty: refused elsewhere, as empty
        b"\n\n",
    ],
)
def test_a_file_with_a_record_among_its_first_lines_may_be_a_hand_log(head):
    assert refusal(head) is None


def test_only_the_first_five_lines_count():
    assert refusal(b"a\n" * 5 + b'{"v": 1}\n') is not None
    assert refusal(b"a\n" * 4 + b'{"v": 1}\n') is None


def test_a_head_cut_in_a_line_or_a_character_is_judged_on_its_whole_lines():
    record = b'{"v": 1, "dealer": {"name": "\xc3\xa9"}}\n'
    head = (record * (HEAD_BYTES // len(record) + 1))[:HEAD_BYTES]
    assert refusal(head, whole=False) is None
    cut_in_a_character = b"name,caf\xc3\xa9\n" * 10 + b"x,caf\xc3"
    assert "comma-separated" in refusal(cut_in_a_character, whole=False)
    one_long_line = b'{"v": 1, "pad": "' + b"x" * HEAD_BYTES
    assert refusal(one_long_line[:HEAD_BYTES], whole=False) is None


def test_a_gzip_that_expands_to_nothing_is_not_one():
    said = first_lines_refusal(b"", whole=True, gzip_cut="the gzip data is damaged (Error -3)")
    assert said == "it starts like a gzip file but is not one: the gzip data is damaged (Error -3)"
    assert first_lines_refusal(b'{"v": 1}\n', whole=True, gzip_cut="ends early") is None
