"""What :mod:`bench.live_load` prints of a stream: the rates asked and answered, each post's
answer time and lateness, and each round's wait for its findings."""

from __future__ import annotations

STEADY_FROM = 5  # seconds: the rate is measured from then to as long before the end


def report_results(posts: list[dict], seconds: int, answered: float, done: dict[str, float],
            started: float) -> None:  # fmt: skip
    took = sorted(p["took"] for p in posts)
    late = sorted(p["answered"] - started - p["due"] for p in posts)
    waits = sorted((done[p["receipt"]] - p["answered"], p["rounds"]) for p in posts)
    first, last = STEADY_FROM, seconds - STEADY_FROM  # every table past its first post
    due = sum(p["rounds"] for p in posts if first <= p["due"] < last)
    kept = sum(p["rounds"] for p in posts if first <= p["answered"] - started < last)
    rounds = sum(p["rounds"] for p in posts)
    print(f"  from {first} s to {last} s: {due / (last - first):,.0f} rounds/s asked, "
          f"{kept / (last - first):,.0f} rounds/s answered; the whole stream "
          f"{rounds / answered:,.0f} rounds/s ({answered:.1f} s)")  # fmt: skip
    print(f"  post answered in: median {_at(took, 0.5) * 1000:.0f} ms, "
          f"99% {_at(took, 0.99) * 1000:.0f} ms; after it was due: median "
          f"{_at(late, 0.5) * 1000:.0f} ms, 99% {_at(late, 0.99) * 1000:.0f} ms")  # fmt: skip
    print(f"  findings stored after the answer (each round): median "
          f"{_weighted(waits, 0.5):.2f} s, 99% {_weighted(waits, 0.99):.2f} s, "
          f"worst {waits[-1][0]:.2f} s")  # fmt: skip


def _at(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _weighted(ordered: list[tuple[float, int]], q: float) -> float:
    """The wait below which a share ``q`` of the rounds were done."""
    total, seen = sum(n for _, n in ordered), 0
    for wait, n in ordered:
        seen += n
        if seen >= q * total:
            return wait
    return ordered[-1][0]
