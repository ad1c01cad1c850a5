"""What a run counted, as the rows a chunk stores (:func:`counted_rows`): its totals, its
dealers' and its seats' per table's gaming day; and the same counted again of some lines of
a stored submission (:func:`lines_counted_again`), by the same run, for the ledger to take
rounds read before out of its sums exactly as the chunks counted them in."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from audits.submissions.models.places import SEATS
from audits.submissions.run.chunk_run import ChunkRun
from audits.submissions.run.rules_context import run_reading
from audits.submissions.run.tally import TableDay
from audits.validation.screen.readiness import compiling_refused

LINES_AT_ONCE = 50_000  # lines counted again by one run: what a chunk holds
TALLY_SUMS = ("rounds", "wagers", "wagered", "net_result", "stake_squares", "stake_cubes")


class CountedRows(NamedTuple):
    """Each row's fields but its chunk: of ``ChunkTotal``, ``ChunkDealer``, ``ChunkSeat``."""

    totals: list[dict]
    dealers: list[dict]
    seats: list[dict]


def counted_rows(run: ChunkRun) -> CountedRows:
    over, under = run.found.paid_wrong["overpaid"], run.found.paid_wrong["underpaid"]
    dealers = [
        {
            "venue": d.venue[:40],
            "table": d.table[:40],
            "game": d.game[:60],
            "gaming_day": d.gaming_day,
            "dealer": d.dealer,
            "wager_key": d.wager_key,
            **_sums(tally),
        }  # fmt: skip
        for d, tally in run.dealers.items()
        if d.gaming_day is not None
    ]
    seated: dict[TableDay, dict[str, int]] = defaultdict(dict)
    for s, played in run.seats.items():
        if s.gaming_day is not None:
            day = TableDay(s.venue[:40], s.table[:40], s.game[:60], s.gaming_day)
            seated[day][SEATS[s.seat - 1]] = played
    seats = [{**d._asdict(), **played} for d, played in seated.items()]
    totals = [
        {
            **k._asdict(),
            "paid_out": tally.paid_out,
            "overpaid": over[k],
            "underpaid": under[k],
            **_sums(tally),
        }  # fmt: skip
        for k, tally in run.totals.items()
    ]
    return CountedRows(totals, dealers, seats)


def lines_counted_again(submission, numbered: Iterable[tuple[int, bytes]]
                        ) -> Iterator[CountedRows]:  # fmt: skip
    """What the submission's run counted of ``numbered`` lines (``(number, line)``, in
    order), counted again with the run's answers of the registry, :data:`LINES_AT_ONCE` at
    a time; nothing is stored."""
    reading = run_reading(submission)
    run = None
    with compiling_refused():  # as a validation: no kernel compiled (readiness)
        for number, raw in numbered:
            run = run or ChunkRun(submission, *reading)
            run.line(number, raw)
            if run.lines >= LINES_AT_ONCE:
                run.close()
                yield counted_rows(run)
                run = None
        if run is not None:
            run.close()
            yield counted_rows(run)


def _sums(tally) -> dict:
    """The sums a chunk's totals and its dealers' rows both keep of a tally."""
    return {name: getattr(tally, name) for name in TALLY_SUMS}
