"""The hand log, line by line: the tables' days and times, and the fast path for clean rounds.

Clean rounds are written by a fast path that settles each seat through caches
keyed on what the engine's settlement depends on (the player's and the
dealer's made hands for the main wager, the four-card total for Bonus 4, the
total for a Lucky 3 that missed 21); every cache entry is computed by the game's one
settlement (:func:`~audits.samples.settlement.sample_settle`), and a Lucky 3 on a 21 is
settled by it every time.
Faulty rounds and rejected lines go through :class:`~audits.samples.faults.FaultyLines`.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import IO
from zoneinfo import ZoneInfo

from games.engine.cards import CARD_CODES, RANK
from games.engine.odds import settle_amount
from games.engine.toss_one_hands import RANK_BIT
from games.engine.toss_one_rules import GAME

from .dealing import Dealer
from .faults import JSON_SEPARATORS, REJECTED_LINES, ROUND_FAULTS, FaultyLines, plan
from .report import GenerationReport
from .stakes import written

OPEN_SECONDS, CLOSE_SECONDS = 10 * 3600, 24 * 3600  # the tables run 10:00 to midnight
FLUSH_LINES = 4096

CODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

# the fast path's layout must be json.dumps(record, separators=JSON_SEPARATORS)
SEAT_FORMAT = '{"seat":%d,"cards":["%s","%s","%s","%s"],"toss":%s,"wagers":%s,"results":%s}'


def wager_profile(main: int, lucky3: int | None, bonus4: int | None) -> tuple[str, str]:
    """A seat's wagers' JSON and a format for its results, of its stakes in cents."""
    wagers = {"main": written(main)}
    results_fmt = ['"main":"%s"']
    if lucky3:
        wagers["lucky3"] = written(lucky3)
        results_fmt.append('"lucky3":"%s"')
    if bonus4:
        wagers["bonus4"] = written(bonus4)
        results_fmt.append('"bonus4":"%s"')
    return json.dumps(wagers, separators=JSON_SEPARATORS), "{" + ",".join(results_fmt) + "}"


class HandLogWriter:
    """Writes ``rounds`` rounds over ``days`` days from ``start``, the tables taking turns."""

    def __init__(
        self,
        *,
        venue: str,
        tables: tuple[str, ...],
        start: date,
        days: int,
        rounds: int,
        seats: int,
        decks: int,
        fault_rate: float,
        seed: int,
        timezone: str,
        options: dict[str, str],
        parameters: dict | None = None,
        stakes: str = "few",
        most_stake: int = 400_00,
    ):
        if not tables:
            raise ValueError("at least one table")
        for code in (venue, *tables):
            if not CODE.fullmatch(code):
                raise ValueError(f"{code!r}: venue and table codes are letters, digits, - . _")
        if days < 1 or rounds < 0:
            raise ValueError("days must be at least 1 and rounds not negative")
        if not 1 <= seats <= 7:
            raise ValueError("1 to 7 seats")
        if decks < 1:
            raise ValueError("at least one deck")
        if not 0 <= fault_rate <= 1:
            raise ValueError("fault_rate is a share, 0 to 1")
        if fault_rate and 4 * (seats + 1) < decks + 1:
            raise ValueError(
                f"a round of {seats} seats is too small to hold a card {decks + 1} times"
            )
        self.venue, self.tables, self.start, self.days = venue, tables, start, days
        self.rounds, self.seats, self.decks = rounds, seats, decks
        self.fault_rate, self.tz = fault_rate, ZoneInfo(timezone)
        self.options = options
        self.dealer = Dealer(seats=seats, decks=decks, seed=seed, options=options,
                             parameters=parameters, stakes=stakes,
                             most_stake=most_stake)  # fmt: skip
        self.slow = FaultyLines(self.dealer, venue)

    def _head_format(self) -> str:
        """A round's line up to its seats, with %s for the round, time, table, dealer's hand."""
        return (
            '{"v":1,"round":"%s","played_at":"%s","venue":"'
            + self.venue
            + '","table":"%s","game":"'
            + GAME
            + '","options":'
            + json.dumps(self.options, separators=JSON_SEPARATORS).replace("%", "%%")
            + ',"shoe":{"decks":'
            + str(self.decks)
            + '},"dealer":{"cards":["%s","%s","%s","%s"],"toss":%s},"seats":['
        )

    def write(self, fh: IO[bytes]) -> GenerationReport:
        dealer, slow = self.dealer, self.slow
        rng = dealer.rng
        faults_at, rejected_at = plan(rng, self.rounds, len(self.tables), self.fault_rate)
        report = GenerationReport(path="", rounds=0, rejected_lines=0, lines=0)
        rnd = rng.random
        tables = self.tables
        ntables = len(tables)
        head = self._head_format()
        seat_fmt = SEAT_FORMAT
        quoted = [f'"{c}"' for c in CARD_CODES]
        codes = CARD_CODES
        rank_bit, rank = RANK_BIT, RANK
        info_of, hand_info = dealer.info, dealer.hand_info
        nseats, stride = self.seats, self.seats + 1
        seat_sets, nsets = dealer.seat_sets, len(dealer.seat_sets)
        stakes_drawn = dealer.stakes_drawn
        profiles: dict[tuple, tuple[str, str]] = {}  # a few thousand stakes at most kept
        rounding = dealer.engine.params["payout_rounding"]
        paytables = dealer.paytables(self.options)
        options = self.options
        player_toss, lucky3_table = dealer.engine.player_toss, paytables["lucky3"]

        def settle(cards, dcards, stake, t):
            return dealer.settle_cards(cards, dcards, stake, t, options)

        def odds(cache, key, cards, dcards, wager, stake, t):
            """The odds the game's settlement pays ``wager`` at for what ``key`` says of the
            hands (asked once per key): the same for every stake."""
            found = cache.get(key)
            if found is None:
                found = cache[key] = settle(cards, dcards, {wager: stake}, t)[0].odds
            return found

        main_odds: dict[tuple[int, int], Fraction] = {}
        lucky3_miss: dict[int, Fraction] = {}
        bonus4_odds: dict[int, Fraction] = {}
        last_clean: dict[str, str] = {}
        unknown_seq: dict[str, int] = {}

        buffer: list[str] = []
        line = 0
        g = 0  # rounds written
        for day_index in range(self.days):
            day = self.start + timedelta(days=day_index)
            day_text = day.isoformat()
            offsets = {
                datetime(day.year, day.month, day.day, h, tzinfo=self.tz).isoformat()[-6:]
                for h in (OPEN_SECONDS // 3600, CLOSE_SECONDS // 3600 - 1)
            }
            offset = offsets.pop() if len(offsets) == 1 else None
            in_day = (
                self.rounds * (day_index + 1) // self.days - self.rounds * day_index // self.days
            )
            span = (CLOSE_SECONDS - OPEN_SECONDS) / max(in_day, 1)
            seq = [0] * ntables
            for k in range(in_day):
                ti = k % ntables
                sec = OPEN_SECONDS + int((k + rnd()) * span)
                if offset is None:
                    local = datetime.combine(day, datetime.min.time(), self.tz) + timedelta(
                        seconds=sec
                    )
                    played = local.isoformat()
                else:
                    hh, mm, ss = sec // 3600, sec // 60 % 60, sec % 60
                    played = f"{day_text}T{hh:02d}:{mm:02d}:{ss:02d}{offset}"
                table = tables[ti]
                for kind in rejected_at.get(g, ()):
                    seq[ti] += 1
                    other = f"{table}-{day_text}-{seq[ti]:06d}"
                    line += 1
                    buffer.append(slow.rejected_line(kind, other, played, table) + "\n")
                    report.rejected_lines += 1
                    report.add(line, kind, REJECTED_LINES[kind])
                seq[ti] += 1
                rid = f"{table}-{day_text}-{seq[ti]:06d}"

                kind = faults_at.get(g)
                line += 1
                g += 1
                if kind is not None:
                    text = slow.fault_line(kind, rid, played, table, last_clean, unknown_seq)
                    buffer.append(text + "\n")
                    report.add(line, kind, ROUND_FAULTS[kind])
                else:
                    # -- the fast path: one clean round ---------------------------
                    block = dealer.block()
                    dcards = block[nseats::stride]
                    da, db, dc, dd = dcards
                    key = rank_bit[da] + rank_bit[db] + rank_bit[dc] + rank_bit[dd]
                    dhid, _, ranks, _ = hand_info.get(key) or info_of(key, dcards)
                    if ranks is None:
                        dtoss = "null"
                    elif rank[da] in ranks:
                        dtoss = quoted[da]
                    elif rank[db] in ranks:
                        dtoss = quoted[db]
                    elif rank[dc] in ranks:
                        dtoss = quoted[dc]
                    else:
                        dtoss = quoted[dd]
                    parts = []
                    numbers = seat_sets[int(rnd() * nsets)]
                    for s in range(nseats):
                        cards = block[s::stride]
                        a, b, c, d = cards
                        key = rank_bit[a] + rank_bit[b] + rank_bit[c] + rank_bit[d]
                        hid, total, ranks, four = hand_info.get(key) or info_of(key, cards)
                        if ranks is None:
                            toss, t = "null", None
                        else:
                            if rank[a] in ranks:
                                t = 0
                            elif rank[b] in ranks:
                                t = 1
                            elif rank[c] in ranks:
                                t = 2
                            else:
                                t = 3
                            if total == 21:  # the three cards best for Lucky 3 among them
                                t = player_toss(cards, lucky3_table)
                            toss = quoted[cards[t]]
                        drawn = stakes_drawn()
                        profile = profiles.get(drawn)
                        if profile is None:
                            profile = wager_profile(*drawn)
                            if len(profiles) < 5000:
                                profiles[drawn] = profile
                        wagers_json, results_fmt = profile
                        main, lucky3, bonus4 = (None if c is None else Decimal(written(c))
                                                for c in drawn)  # fmt: skip
                        pays = odds(main_odds, (hid, dhid), cards, dcards, "main", main, t)
                        nets = [str(settle_amount(main, pays, rounding))]
                        if lucky3:
                            if total == 21:
                                stake = {"lucky3": lucky3}
                                net = str(settle(cards, dcards, stake, t)[0].net)
                            else:
                                pays = odds(lucky3_miss, total, cards, dcards, "lucky3", lucky3,
                                            t)  # fmt: skip
                                net = str(settle_amount(lucky3, pays, rounding))
                            nets.append(net)
                        if bonus4:
                            pays = odds(bonus4_odds, four, cards, dcards, "bonus4", bonus4, t)
                            nets.append(str(settle_amount(bonus4, pays, rounding)))
                        parts.append(
                            seat_fmt
                            % (
                                numbers[s],
                                codes[a],
                                codes[b],
                                codes[c],
                                codes[d],
                                toss,
                                wagers_json,
                                results_fmt % tuple(nets),
                            )
                        )
                    buffer.append(
                        head
                        % (rid, played, table, codes[da], codes[db], codes[dc], codes[dd], dtoss)
                        + ",".join(parts)
                        + "]}\n"
                    )
                    last_clean[table] = rid
                if len(buffer) >= FLUSH_LINES:
                    fh.write("".join(buffer).encode("utf-8"))
                    buffer.clear()
        fh.write("".join(buffer).encode("utf-8"))
        report.rounds = g
        report.lines = line
        return report
