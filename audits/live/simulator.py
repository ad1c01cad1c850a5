"""Tables played against the append API: each table's rounds posted in order, in batches of
1 to ``batch_max`` (seeded), at ``speed`` rounds a second in all (0: as fast as the server
answers), one thread per table. For the demo and the load test (``manage.py
simulate_tables``); the transport is a function, so a test drives it through Django's
client and the command over HTTP."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

#: (venue, table, body) -> (HTTP status, the answer's JSON)
Send = Callable[[str, str, bytes], tuple[int, dict]]


@dataclass
class Played:
    posts: int = 0
    rounds: int = 0
    refused: int = 0  # posts answered other than 200 or 201
    receipts: list[dict] = field(default_factory=list)
    answer_seconds: list[float] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    def percentile(self, share: float) -> float:
        times = sorted(self.answer_seconds)
        return times[min(len(times) - 1, int(share * len(times)))] if times else 0.0


def tables_play(lines: list[bytes], send: Send, *, speed: float = 0.0, batch_max: int = 50,
                seed: int = 7, concurrent: bool = True,
                zone: str | None = None) -> Played:  # fmt: skip
    """Post ``lines`` (hand-log rounds) table by table, concurrently (a thread per table) or
    one table after another; with ``zone``, each round is played at the moment it is sent
    (its ``played_at`` is now, in that zone). What was played."""
    by_table: dict[tuple[str, str], list[bytes]] = {}
    for line in lines:
        record = json.loads(line)
        by_table.setdefault((record["venue"], record["table"]), []).append(line)
    played, lock = Played(), threading.Lock()
    per_table = speed / len(by_table) if speed and by_table else 0.0
    rng = random.Random(seed)
    plans = {key: _batches(rest, rng, batch_max) for key, rest in sorted(by_table.items())}
    started = time.perf_counter()
    jobs = [(key, plan, send, per_table, played, lock, zone) for key, plan in plans.items()]
    if not concurrent:
        for job in jobs:
            _table(*job)
    threads = [threading.Thread(target=_table, args=job) for job in jobs] if concurrent else []
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    played.seconds = time.perf_counter() - started
    return played


def _batches(lines: list[bytes], rng: random.Random, most: int) -> list[list[bytes]]:
    batches = []
    while lines:
        batch = lines[: rng.randint(1, most)]
        lines = lines[len(batch) :]
        batches.append(batch)
    return batches


def _table(key, plan, send: Send, per_second: float, played: Played, lock, zone) -> None:
    venue, table = key
    for batch in plan:
        if zone:
            batch = [_now(line, zone) for line in batch]
        began = time.perf_counter()
        status, answer = send(venue, table, b"\n".join(batch) + b"\n")
        took = time.perf_counter() - began
        with lock:
            played.posts += 1
            played.answer_seconds.append(took)
            if status in (200, 201):
                played.rounds += len(batch)
                played.receipts += answer.get("receipts", [])
            else:
                played.refused += 1
        if per_second:
            time.sleep(max(0.0, len(batch) / per_second - took))


def _now(line: bytes, zone: str) -> bytes:
    record = json.loads(line)
    record["played_at"] = datetime.now(ZoneInfo(zone)).isoformat(timespec="seconds")
    return json.dumps(record, separators=(",", ":")).encode()


def http_sender(base_url: str, secret: str, timeout: float = 30.0) -> Send:
    """Posts over HTTP with the table token."""

    def send(venue: str, table: str, body: bytes) -> tuple[int, dict]:
        url = f"{base_url.rstrip('/')}/api/live/venues/{venue}/tables/{table}/rounds/"
        headers = {"Content-Type": "application/x-ndjson", "Authorization": f"Table {secret}"}
        request = urllib.request.Request(url, data=body, method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, {}

    return send
