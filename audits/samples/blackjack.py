"""Sample hand logs of the blackjack family (Ante Up 21, blackjack with tie bonus wagers).

Rounds are dealt from a shuffled shoe (reshuffled at three quarters) by ``random.Random(seed)``,
so the same arguments give the same bytes, and played as a real table plays them:

- the players follow the rule version's basic strategy (:mod:`games.engine.basic_strategy`),
  the play its par sheet is simulated under;
- the dealer peeks for a natural, then draws by the rule version's drawing rule when a hand
  is left to play against (or, in Ante Up 21, when any poker BET was made: PLAY 21 5);
- every result is what the game's one settlement gives (:func:`audits.validation.games.
  settle_round`, the settlement validation judges by).

A share of rounds (``fault_rate``) carries one deliberate error each, cycling through the
game's faults, with its answer key (:class:`~audits.samples.report.GenerationReport`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import IO
from zoneinfo import ZoneInfo

from audits.validation.parse import ParsedHand, ParsedSeat
from games.engine.basic_strategy import BasicStrategy, play_seat
from games.engine.blackjack import MAIN_PAYS, hand_total, is_natural
from games.engine.cards import CARD_CODES
from games.engine.odds import settle_amount

from .blackjack_faults import Fault, defined_payout_faults, faults_of
from .family import FamilySampling, Seat
from .report import GenerationReport
from .sample_game import SampleGame
from .settlement import sample_rules, sample_settle
from .stakes import Stakes, written

OPEN_SECONDS, CLOSE_SECONDS = 10 * 3600, 24 * 3600
PENETRATION = 0.75
SEPARATORS = (",", ":")
MAX_REDEALS = 2000  # deals tried for a fault that needs a particular hand
DEFINED_SHARE = 0.2  # the seats staking each side wager the rule version defines as data


#: stakes and their share of seats (%)
MAIN_STAKES = ((10, 35), (25, 35), (50, 20), (100, 10))


def _table(stakes) -> list:
    return [stake for stake, share in stakes for _ in range(share)]


@dataclass
class Hand:
    cards: list[int]
    doubled: bool = False
    result: str = "0"
    surrendered: bool = False


class Table:
    """Deals and plays rounds of one game at one table."""

    def __init__(self, sampling: FamilySampling, seats: int, decks: int, rng: random.Random,
                 options: dict, parameters: dict | None = None, stakes: str = "few",
                 most_stake: int = 400_00, defined: dict | None = None):  # fmt: skip
        self.sampling, self.game = sampling, sampling.game
        self.seats, self.decks, self.rng = seats, decks, rng
        self.parameters = dict(parameters or {})
        self.defined = dict(defined or {})  # key -> (definition, paytable): data-defined wagers
        self.rules = sample_rules(self.game, options, self.parameters, self.defined)
        self.strategy = BasicStrategy.of(self.rules.engine)
        self.forced: list[int] = []  # cards a fault has the next round deal first
        self.shoe = [card for card in range(52) for _ in range(decks)]
        self.pos = len(self.shoe)
        self.cut = int(len(self.shoe) * PENETRATION)
        self.stakes = Stakes(rng, stakes, least=10_00, most=most_stake,
                             few=(_table(MAIN_STAKES),))  # fmt: skip

    def draw(self) -> int:
        if self.forced:
            return self.forced.pop(0)
        if self.pos >= self.cut:
            self.rng.shuffle(self.shoe)
            self.pos = 0
        card = self.shoe[self.pos]
        self.pos += 1
        return card

    def play(self) -> tuple[list[int], list[dict]]:
        """One round: the dealer's cards and each seat's record (no results yet)."""
        numbers = sorted(self.rng.sample(range(1, 8), self.seats))
        firsts = [[self.draw()] for _ in numbers]
        up = self.draw()
        for cards in firsts:
            cards.append(self.draw())
        dealer = [up, self.draw()]
        seats = [self._wagers(n, cards, up) for n, cards in zip(numbers, firsts, strict=True)]
        natural = is_natural(dealer)
        live = False
        for seat in seats:
            seat["hands"] = (
                [Hand(list(seat["cards"]))] if natural else self._hands(seat["cards"], up)
            )
            live = live or any(self._live(h, len(seat["hands"])) for h in seat["hands"])
        if not natural and (live or self.sampling.completes(seats)):
            self._dealer_draws(dealer)
        return dealer, seats

    def _wagers(self, number: int, cards: list[int], up: int) -> dict:
        main = self.stakes.main()
        wagers = {"main": written(main)}
        record = {"seat": number, "cards": cards, "wagers": wagers}
        seat = Seat(number, cards, main, self.stakes, self.strategy, wagers, record, up, self.decks,
                    self.rules.engine)  # fmt: skip
        self.sampling.wagers(seat, self.rng.random)
        for key in self.defined:  # each side wager defined as data on about one seat in five
            if self.rng.random() < DEFINED_SHARE:
                wagers[key] = written(self.stakes.at_most(main // 4))
        return record

    def _hands(self, first_two: list[int], up: int) -> list[Hand]:
        played = play_seat(self.strategy, first_two, up, self.draw)
        return [Hand(list(h.cards), h.doubled, surrendered=h.surrendered) for h in played]

    @staticmethod
    def _live(hand: Hand, n: int) -> bool:
        total = hand_total(hand.cards)[0]
        return total <= 21 and not hand.surrendered and not (n == 1 and is_natural(hand.cards))

    def _dealer_draws(self, dealer: list[int]) -> None:
        h17 = self.rules.engine.h17
        total, soft = hand_total(dealer)
        while total < 17 or (total == 17 and soft and h17):
            dealer.append(self.draw())
            total, soft = hand_total(dealer)

    def settle(self, dealer: list[int], seats: list[dict], options: dict) -> None:
        """Every seat's results, as the game's one settlement gives them."""
        parsed = [_parsed_seat(seat, self.rules.engine.rounding) for seat in seats]
        settled = sample_settle(self.game, options, self.decks, dealer, parsed,
                                parameters=self.parameters, defined=self.defined)  # fmt: skip
        for seat in seats:
            results = settled.seat(seat["seat"]).results
            mains = iter(r for r in results if r.key == "main")
            for hand in seat["hands"]:  # no main wager (a fault): the hands win nothing
                hand.result = str(next(mains).net) if "main" in seat["wagers"] else "0"
            seat["results"] = {r.key: str(r.net) for r in results if r.key != "main"}


def _parsed_seat(seat: dict, rounding: str) -> ParsedSeat:
    """The seat as validation reads it; a surrendered hand is recorded at minus half its
    stake, which is how the log says so (docs/handlog-format.md)."""
    stakes = {k: Decimal(v) for k, v in seat["wagers"].items()}
    given_up = settle_amount(stakes.get("main", Decimal(0)), MAIN_PAYS["surrender"], rounding)
    hands = [ParsedHand(tuple(h.cards), h.doubled, given_up if h.surrendered else Decimal(0))
             for h in seat["hands"]]  # fmt: skip
    return ParsedSeat(seat["seat"], tuple(seat["cards"]), None, stakes, {}, hands,
                      seat.get("poker"))  # fmt: skip


def _record(dealer, seats, *, rid, played, venue, table, game, options, decks) -> dict:
    return {
        "v": 1, "round": rid, "played_at": played, "venue": venue, "table": table,
        "game": game, "options": options, "shoe": {"decks": decks},
        "dealer": {"cards": [CARD_CODES[c] for c in dealer]},
        "seats": [
            {
                "seat": s["seat"], "cards": [CARD_CODES[c] for c in s["cards"]],
                "wagers": s["wagers"], "results": s["results"],
                "hands": [{"cards": [CARD_CODES[c] for c in h.cards], "doubled": h.doubled,
                           "result": h.result} for h in s["hands"]],
                **({"poker": s["poker"]} if "poker" in s else {}),
            }
            for s in seats
        ],
    }  # fmt: skip


def generate_blackjack(
    out, *, game: str, venue: str = "WA-CR-0042", table: str | None = None,
    start: str | date = "2026-10-01", days: int = 31, rounds: int = 1000, seats: int = 3,
    decks: int = 6, fault_rate: float = 0.01, seed: int = 2026,
    timezone: str = "America/Los_Angeles", options: dict | None = None,
    parameters: dict | None = None, stakes: str = "few", most_stake: int = 400_00,
    defined: dict | None = None,
) -> GenerationReport:  # fmt: skip
    """Write ``rounds`` rounds of ``game`` at one table over ``days`` days from ``start``;
    ``stakes``: how the players stake (:mod:`audits.samples.stakes`); ``defined``: the side
    wagers the rule version defines as data (key -> (definition, paytable in force)), each
    staked on a share of seats and given wrong payouts among the faults."""
    sampling = family_sampling(game)
    if fault_rate and 2 * (seats + 1) <= decks:
        raise ValueError(f"a round of {seats} seats is too small to hold a card {decks + 1} times")
    table = table or sampling.table
    options = options or {"blackjack_pays": "3:2"}
    rng = random.Random(seed)
    dealer_table = Table(sampling, seats, decks, rng, options, parameters, stakes, most_stake,
                         defined)  # fmt: skip
    start = date.fromisoformat(start) if isinstance(start, str) else start
    zone = ZoneInfo(timezone)
    report = GenerationReport(path=str(out), rounds=0, rejected_lines=0, lines=0)
    with open(out, "wb") as fh:
        _write(fh, dealer_table, report, rng, rounds, days, start, zone, fault_rate,
               venue=venue, table=table, game=game, options=options, decks=decks)  # fmt: skip
    return report


def family_sampling(game: str) -> FamilySampling:
    """What the family game ``game`` brings to its samples (its module's ``SAMPLING``, as
    the games the samples deal hold it)."""
    from .games import SAMPLE_GAMES  # each game's module builds its SampleGame with this one

    family = SAMPLE_GAMES[game].family if game in SAMPLE_GAMES else None
    if family is None:
        raise ValueError(f"not a blackjack-family game: {game}")
    return family


def family_game(sampling: FamilySampling) -> SampleGame:
    """A family game as the games the samples deal list it: one table a run (the demo's),
    dealt by :func:`generate_blackjack`."""

    def deal(out, *, tables: Sequence[str], options: dict, **common) -> GenerationReport:
        (table,) = tables
        return generate_blackjack(out, game=sampling.game, table=table, options=dict(options),
                                  **common)  # fmt: skip

    return SampleGame(sampling.game, deal, (sampling.table,), False, {"blackjack_pays": "3:2"},
                      family=sampling)  # fmt: skip


def _write(fh: IO[bytes], dealer_table: Table, report, rng, rounds, days, start, zone,
           fault_rate, **where) -> None:  # fmt: skip
    faults = faults_of(dealer_table.sampling.faults, dealer_table.decks)
    faults.update(defined_payout_faults(dealer_table.defined))
    kinds = list(faults)
    planted = 0
    previous = ""
    for g in range(rounds):
        day_index = g * days // max(rounds, 1)
        day = start + timedelta(days=day_index)
        first = rounds * day_index // days
        in_day = rounds * (day_index + 1) // days - first
        second = OPEN_SECONDS + (g - first) * (CLOSE_SECONDS - OPEN_SECONDS) // max(in_day, 1)
        played = (datetime.combine(day, datetime.min.time(), zone)
                  + timedelta(seconds=second)).isoformat()  # fmt: skip
        fault = None
        if fault_rate and g and rng.random() < fault_rate:
            kind = kinds[planted % len(kinds)]
            planted += 1
            fault = faults[kind]
            report.add(g + 1, kind, fault.code)
        dealer, seats = _deal(dealer_table, fault)
        options = {**where["options"], **(fault.options if fault and fault.options else {})}
        dealer_table.settle(dealer, seats, options)
        rid = f"{where['table']}-{day.isoformat()}-{g - first + 1:06d}"
        record = _record(dealer, seats, rid=rid, played=played, **{**where, "options": options})
        if fault:
            _mark(record, fault, previous)
        else:
            previous = rid
        fh.write(json.dumps(record, separators=SEPARATORS).encode() + b"\n")
        report.rounds += 1
        report.lines += 1


def _deal(table: Table, fault: Fault | None) -> tuple[list[int], list[dict]]:
    """A round played, with ``fault``'s change before settlement (dealt again until the
    deal gives the fault something to work on)."""
    for _ in range(MAX_REDEALS):
        if fault and fault.force:
            table.forced = fault.force(table.seats)
        dealer, seats = table.play()
        if fault is None or fault.dealt is None or fault.dealt(dealer, seats, table.draw):
            return dealer, seats
    raise ValueError(f"no deal in {MAX_REDEALS} gave the fault {fault.code} its hand")


def _mark(record: dict, fault: Fault, previous: str) -> None:
    """``fault``'s changes to the written record."""
    if fault.decks:
        record["shoe"]["decks"] = fault.decks
    if fault.table:
        record["table"] = fault.table
    if fault.written:
        fault.written(record, previous)
