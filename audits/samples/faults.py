"""Deliberate errors: which rounds carry them, and the slow path that writes them.

Rounds with a fault and rejected lines are built as plain dicts and written
with ``json.dumps`` in the same layout as the writer's fast path.
"""

from __future__ import annotations

import json
import math
import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

from games.engine.cards import CARD_CODES, RANK
from games.engine.odds import settle_amount
from games.engine.toss_one_hands import BUST, SHAPES_BY_KEY, rank_key
from games.engine.toss_one_rules import GAME

from .dealing import Deal, Dealer

#: Deliberate errors in a round: kind -> the finding code the validator must report.
ROUND_FAULTS: dict[str, str] = {
    "main_overpaid": "overpaid",  # an even-money win paid 3:2 as if it were a blackjack
    "lucky3_underpaid": "underpaid",  # a Lucky 3 on a 21 paid one unit short
    "bonus4_over_21": "overpaid",  # Bonus 4 paid 2 to 1 on four cards totalling over 21
    "wrong_toss": "wrong_toss",  # a seat's toss that does not leave its best hand
    "dealer_wrong_toss": "dealer_wrong_toss",
    "over_limit": "over_limit",  # a main wager of $500
    "side_bet_without_main": "side_bet_without_main",
    "card_over_shoe": "card_over_shoe",  # one card decks + 1 times in the round
    "duplicate_round": "duplicate_round",  # an earlier round id at the same table
    "wager_without_result": "wager_without_result",
    "result_without_wager": "result_without_wager",
    "toss_not_in_hand": "toss_not_in_hand",
    "unknown_table": "unknown_table",  # table T9
    "options_not_authorized": "options_not_authorized",  # lucky3_paytable "2": approved, but
    # not the variant the venue is authorized to run
    "wrong_card_count": "wrong_card_count",  # a seat with 3 cards
}

#: Extra lines the validator must reject: kind -> the finding code of the rejection.
REJECTED_LINES: dict[str, str] = {
    "not_json": "line_not_json",  # a line cut off halfway
    "bad_card": "bad_card",  # "10S" for the ten of spades
    "bad_amount": "bad_amount",  # a wager of "5.001"
    "duplicate_seat": "duplicate_seat",  # the same seat number twice
}

OVER_LIMIT_STAKE = "500"
UNKNOWN_TABLE = "T9"
#: the approved Lucky 3 paytable the venue does not run: the other one of the two
OTHER_LUCKY3_PAYTABLE = {"1": "2", "2": "1"}
REJECTED_PER_FAULTS = 200  # one set of rejected lines per this many faulty rounds
MAX_REDEALS = 500  # deals tried for a fault that needs a particular hand

JSON_SEPARATORS = (",", ":")


def plan(
    rng: random.Random, rounds: int, tables: int, fault_rate: float
) -> tuple[dict[int, str], dict[int, list[str]]]:
    """Which rounds carry a fault, and before which rounds a rejected line goes."""
    n = rounds
    first = min(2 * tables, n)  # every table has a clean round before any fault
    room = n - first
    if not fault_rate or room <= 0:
        return {}, {}
    count = min(room, max(math.ceil(n * fault_rate), len(ROUND_FAULTS)))
    kinds = list(ROUND_FAULTS)
    where = sorted(rng.sample(range(first, n), count))
    faults = {g: kinds[i % len(kinds)] for i, g in enumerate(where)}
    rejected: dict[int, list[str]] = {}
    sets = max(1, count // REJECTED_PER_FAULTS)
    kinds = list(REJECTED_LINES) * sets
    for g, kind in zip(sorted(rng.choices(range(first, n), k=len(kinds))), kinds, strict=True):
        rejected.setdefault(g, []).append(kind)
    return faults, rejected


class FaultyLines:
    """The slow path: rejected lines and rounds carrying a fault, dealt by ``dealer``."""

    def __init__(self, dealer: Dealer, venue: str):
        self.dealer, self.venue = dealer, venue

    def record(self, deal: Deal, rid: str, played: str, table: str) -> dict[str, Any]:
        def toss_code(cards: list[int], toss: int | str | None) -> str | None:
            if toss is None or isinstance(toss, str):
                return toss
            return CARD_CODES[cards[toss]]

        return {
            "v": 1,
            "round": rid,
            "played_at": played,
            "venue": self.venue,
            "table": table,
            "game": GAME,
            "options": deal.options,
            "shoe": {"decks": self.dealer.decks},
            "dealer": {
                "cards": [CARD_CODES[c] for c in deal.dealer],
                "toss": toss_code(deal.dealer, deal.dealer_toss),
            },
            "seats": [
                {
                    "seat": seat.number,
                    "cards": [CARD_CODES[c] for c in seat.cards],
                    "toss": toss_code(seat.cards, seat.toss),
                    "wagers": seat.wagers,
                    "results": seat.results,
                }
                for seat in deal.seats
            ],
        }

    def rejected_line(self, kind: str, rid: str, played: str, table: str) -> str:
        record = self.record(self.dealer.clean_deal(), rid, played, table)
        seats = record["seats"]
        if kind == "not_json":  # cut off halfway
            text = json.dumps(record, separators=JSON_SEPARATORS)
            return text[: len(text) // 2]
        if kind == "bad_card":
            seats[0]["cards"][0] = "10" + seats[0]["cards"][0][1]
        elif kind == "bad_amount":
            seats[0]["wagers"]["main"] = "5.001"
        elif kind == "duplicate_seat":
            if len(seats) > 1:
                seats[1]["seat"] = seats[0]["seat"]
            else:
                seats.append(json.loads(json.dumps(seats[0])))
        return json.dumps(record, separators=JSON_SEPARATORS)

    def fault_line(
        self,
        kind: str,
        rid: str,
        played: str,
        table: str,
        last_clean: dict[str, str],
        unknown_seq: dict[str, int],
    ) -> str:
        for _ in range(MAX_REDEALS):
            deal = self.fault_deal(kind)
            if deal is not None:
                break
        else:  # pragma: no cover - every fault finds its hand within a few deals
            raise RuntimeError(f"no deal suits the fault {kind!r}")
        record = self.record(deal, rid, played, table)
        if kind == "duplicate_round":  # the table's last clean round (another's if none yet)
            if table not in last_clean:
                record["table"] = table = next(iter(last_clean))
            record["round"] = last_clean[table]
        elif kind == "unknown_table":
            day = played[:10]
            unknown_seq[day] = unknown_seq.get(day, 0) + 1
            record["table"] = UNKNOWN_TABLE
            record["round"] = f"{UNKNOWN_TABLE}-{day}-{unknown_seq[day]:06d}"
        elif kind == "wrong_card_count":
            seat = self.dealer.rng.choice(record["seats"])
            toss = seat["toss"]
            keep = [i for i, code in enumerate(seat["cards"]) if code != toss]
            del seat["cards"][keep[-1]]
        return json.dumps(record, separators=JSON_SEPARATORS)

    def fault_deal(self, kind: str) -> Deal | None:
        """A deal carrying the fault, or None when this deal has no hand that suits it."""
        dealer = self.dealer
        rng = dealer.rng
        deal = dealer.deal()
        if kind == "card_over_shoe":  # decks + 1 copies of one card, in the order dealt
            stride = dealer.seats + 1
            hands = [*(seat.cards for seat in deal.seats), deal.dealer]
            card = hands[0][0]
            for n in range(dealer.decks + 1):
                hands[n % stride][n // stride] = card
        dealer.toss_best(deal)
        shapes = [SHAPES_BY_KEY[rank_key(seat.cards)] for seat in deal.seats]

        # -- before settling: hands, tosses, wagers, options
        if kind == "lucky3_underpaid":
            eligible = [s for s, shape in zip(deal.seats, shapes, strict=True) if shape.total == 21]
            if not eligible:
                return None
            target = rng.choice(eligible)
            target.wagers.setdefault("lucky3", "5")
        elif kind == "bonus4_over_21":
            eligible = [
                s for s, shape in zip(deal.seats, shapes, strict=True) if shape.four_total > 21
            ]
            if not eligible:
                return None
            target = rng.choice(eligible)
            target.wagers.setdefault("bonus4", "5")
        elif kind == "wrong_toss":
            choices = [
                (seat, i)
                for seat, shape in zip(deal.seats, shapes, strict=True)
                if shape.total != BUST
                for i, card in enumerate(seat.cards)
                if RANK[card] not in shape.toss_ranks
            ]
            if not choices:
                return None
            target, index = rng.choice(choices)
            target.toss = index
        elif kind == "dealer_wrong_toss":
            shape = SHAPES_BY_KEY[rank_key(deal.dealer)]
            if shape.total == BUST:
                return None
            wrong = [i for i, card in enumerate(deal.dealer) if RANK[card] not in shape.toss_ranks]
            if not wrong:
                return None
            deal.dealer_toss = rng.choice(wrong)
        elif kind == "over_limit":
            rng.choice(deal.seats).wagers["main"] = OVER_LIMIT_STAKE
        elif kind == "side_bet_without_main":
            target = rng.choice(deal.seats)
            side = next((k for k in ("lucky3", "bonus4") if k in target.wagers), "lucky3")
            target.wagers = {"main": "0", side: target.wagers.get(side, "5")}
        elif kind == "toss_not_in_hand":
            target = rng.choice(deal.seats)
            outside = [c for c in (*deal.dealer, *range(52)) if c not in target.cards]
            target.toss = CARD_CODES[outside[0]]
        elif kind == "options_not_authorized":
            deal.options["lucky3_paytable"] = OTHER_LUCKY3_PAYTABLE[deal.options["lucky3_paytable"]]

        dealer.settle_all(deal)

        # -- after settling: results
        if kind == "main_overpaid":
            winners = [s for s in deal.seats if s.results.get("main") == s.wagers["main"]]
            if not winners:
                return None
            target = rng.choice(winners)
            stake = Decimal(target.wagers["main"])
            target.results["main"] = str(settle_amount(stake, Fraction(3, 2)))
        elif kind == "lucky3_underpaid":
            stake = Decimal(target.wagers["lucky3"])
            target.results["lucky3"] = str(Decimal(target.results["lucky3"]) - stake)
        elif kind == "bonus4_over_21":
            target.results["bonus4"] = str(2 * Decimal(target.wagers["bonus4"]))
        elif kind == "wager_without_result":
            target = rng.choice(deal.seats)
            del target.results[rng.choice(sorted(target.results))]
        elif kind == "result_without_wager":
            eligible = [
                (seat, key)
                for seat in deal.seats
                for key in ("lucky3", "bonus4")
                if key not in seat.wagers
            ]
            if not eligible:
                return None
            target, key = rng.choice(eligible)
            target.results[key] = "5"
        return deal
