"""The round view (cards, recorded vs expected, the rule) and the live progress fragment."""

from __future__ import annotations

import gzip
import re
from decimal import Decimal

import pytest
from django.test import Client

from audits.submissions.round_view import NoSuchLine, submission_line, submission_round
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from tests.audits.conftest import round_line
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import log, people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_line_is_read_back_unchanged_from_the_stored_file(validated):  # noqa: F811
    from audits.submissions.run import media_path

    lines = media_path(validated.raw_file).read_bytes().splitlines(keepends=True)
    for number in (1, 2, 777, len(lines)):
        assert submission_line(validated, number) == lines[number - 1]
    with pytest.raises(NoSuchLine):
        submission_line(validated, len(lines) + 1)
    with pytest.raises(NoSuchLine):
        submission_line(validated, 0)


def test_an_overpaid_wager_shows_both_sides_and_its_rule(validated):  # noqa: F811
    finding = validated.findings.filter(code="overpaid").order_by("line").first()
    view = submission_round(validated, finding.line)
    seat = next(s for s in view.seats if s.number == finding.seat)
    wager = next(w for w in seat.wagers if w.key == finding.wager_key)
    assert wager.verdict == "overpaid"
    assert wager.expected == finding.expected
    assert sum(wager.recorded, Decimal(0)) == finding.recorded
    assert wager.rule and wager.rule.split(":")[0] in finding.rule
    assert len(view.dealer) == 4 and all(len(s.cards) == 4 for s in view.seats)


def test_a_clean_round_is_correct_on_every_settled_wager(validated):  # noqa: F811
    faulty = set(validated.findings.values_list("line", flat=True))
    clean = next(n for n in range(1, 200) if n not in faulty)
    view = submission_round(validated, clean)
    verdicts = {w.verdict for s in view.seats for w in s.wagers}
    assert verdicts == {"correct"} and not view.findings


def test_the_round_page_draws_cards_and_compares_amounts(validated, people):  # noqa: F811
    finding = validated.findings.filter(code="underpaid").order_by("line").first()
    page = signed_in(people.staff).get(f"/submissions/{validated.uuid}/lines/{finding.line}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert len(re.findall(r'class="card[^"]*" role="img" aria-label="\w+ of \w+', html)) >= 8
    assert "underpaid" in html and f"{finding.expected}" in html and finding.rule[:20] in html
    assert (
        f'href="/submissions/{validated.uuid}/lines/{finding.line}/"'
        in signed_in(people.staff)
        .get(f"/submissions/{validated.uuid}/?code=underpaid")
        .content.decode()
    )


def test_a_rejected_line_says_why_and_a_gzip_line_is_found(people, tmp_path):  # noqa: F811
    content = log(round_line(), b'{"round": "broken"', round_line(round="T2-9"))
    path = tmp_path / "mixed.jsonl.gz"
    path.write_bytes(gzip.compress(content))
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name=path.name, licensee=people.licensee)
    submission = submission_validate_now(submission)
    assert submission.compressed and submission.rejected_lines == 1
    assert submission_line(submission, 3) == content.splitlines(keepends=True)[2]
    page = signed_in(people.staff).get(f"/submissions/{submission.uuid}/lines/2/")
    assert page.status_code == 200 and b"This line was rejected" in page.content
    assert submission_round(submission, 3).parsed.round == "T2-9"


def test_the_round_page_and_progress_are_the_licensees_alone(validated, people):  # noqa: F811
    base = f"/submissions/{validated.uuid}"
    for url in (f"{base}/lines/1/", f"{base}/progress/"):
        assert signed_in(people.staff).get(url).status_code == 200
        assert signed_in(people.reviewer).get(url).status_code == 200
        assert signed_in(people.other_staff).get(url).status_code == 404
        assert signed_in(people.or_reviewer).get(url).status_code == 404
        assert Client().get(url).status_code == 302
    assert signed_in(people.staff).get(f"{base}/lines/999999/").status_code == 404


def test_the_progress_fragment_follows_the_status(validated, people):  # noqa: F811
    client = signed_in(people.staff)
    done = client.get(f"/submissions/{validated.uuid}/progress/")
    assert b'data-finished="done"' in done.content and done["Cache-Control"] == "no-store"
    type(validated).objects.filter(pk=validated.pk).update(status="validating", rounds_done=600)
    lines = validated.lines_total
    validated.chunks.filter(index__gt=0).update(done=False)  # the first chunk done alone
    first = validated.chunks.get(index=0).lines
    running = client.get(f"/submissions/{validated.uuid}/progress/").content.decode()
    assert "data-finished" not in running and f'value="{first}"' in running
    assert f"{first:,} of {lines:,} lines checked" in running and "600 rounds" in running
    page = client.get(f"/submissions/{validated.uuid}/")
    assert b"data-progress-url" in page.content and b"js/progress.js" in page.content


def test_only_one_card_of_a_repeated_code_is_the_tossed_one():
    from audits.submissions.round_view import cards_view
    from games.engine.cards import parse_cards

    cards = cards_view(parse_cards(["AD", "AD", "2C", "7D"]), "AD")
    assert [c.tossed for c in cards] == [True, False, False, False]
    assert [(c.rank, c.symbol, c.red) for c in cards[2:]] == [("2", "♣", False), ("7", "♦", True)]
    assert cards[0].name == "Ace of diamonds" and cards_view(parse_cards(["TS"]))[0].rank == "10"
