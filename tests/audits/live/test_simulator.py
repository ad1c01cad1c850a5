"""The simulator plays every table's rounds through the append API, in order, in batches of
1 to 50: every round is stored once and every table's chain verifies."""

from __future__ import annotations

from rest_framework.test import APIClient

from audits.live.chain import chain_problems
from audits.live.models import LiveRound
from audits.live.simulator import tables_play
from audits.live.tokens import table_token_create
from games.models import Venue
from tests.audits.conftest import round_line


def test_the_tables_are_played_in_order_and_every_round_stored_once(wa):
    token = table_token_create(Venue.objects.get(code="WA-CR-0042"), "simulator")[1]
    client = APIClient()

    def send(venue, table, body):
        answer = client.post(f"/api/live/venues/{venue}/tables/{table}/rounds/", data=body,
                             content_type="application/x-ndjson",
                             HTTP_AUTHORIZATION=f"Table {token}")  # fmt: skip
        return answer.status_code, answer.json()

    lines = [round_line(table=t, round=f"{t}-{i}") for t in ("T1", "T2", "T3") for i in range(60)]
    # one table after another: the test's database is its own connection's until it ends
    played = tables_play(lines, send, batch_max=50, seed=3, concurrent=False)
    assert (played.rounds, played.refused) == (180, 0)
    assert LiveRound.objects.count() == 180
    assert chain_problems(played.receipts) == []
    assert {r["table"] for r in played.receipts} == {"T1", "T2", "T3"}
    assert 3 * 2 <= played.posts <= 180  # batches of 1 to 50
