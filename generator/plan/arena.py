"""Placing buffers with known lifetimes in one arena, and proving a placement safe."""

from __future__ import annotations

from dataclasses import dataclass

ALIGNMENT = 4  # every kernel's data needs at most word alignment; the arena itself is 16-byte aligned


@dataclass
class Buffer:
    name: str
    size: int
    first: int  # first node that uses it (-1: before the first node)
    last: int  # last node that uses it
    offset: int = -1

    def overlaps_in_time(self, other: Buffer) -> bool:
        return self.first <= other.last and other.first <= self.last


def _align(n: int) -> int:
    return (n + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT


# Orders in which buffers are placed; each is tried and the smallest arena wins.
ORDERS = {
    "size": lambda b: (-b.size, b.first, b.name),
    "lifetime": lambda b: (-(b.last - b.first), -b.size, b.name),
    "first-use": lambda b: (b.first, -b.size, b.name),
    "area": lambda b: (-b.size * (b.last - b.first + 1), b.name),
}


def _place_in_order(buffers: list[Buffer], ordered: list[Buffer], best_fit: bool) -> int:
    placed: list[Buffer] = []
    for buf in ordered:
        live = sorted((p for p in placed if p.overlaps_in_time(buf)), key=lambda p: p.offset)
        gaps, cursor = [], 0
        for other in live:
            if other.offset - cursor >= buf.size:
                gaps.append((other.offset - cursor, cursor))
            cursor = max(cursor, _align(other.offset + other.size))
        # first fit: the lowest gap; best fit: the tightest gap (the open end counts as a gap of its own)
        buf.offset = min(gaps)[1] if best_fit and gaps else (gaps[0][1] if gaps else cursor)
        placed.append(buf)
    return _align(max((b.offset + b.size for b in buffers), default=0))


def place(buffers: list[Buffer]) -> tuple[int, str]:
    """Tries every order with first fit and best fit, keeps the smallest arena (offsets set on the buffers).
    Returns the arena size and the name of the winning heuristic."""
    best = None
    for name, key in ORDERS.items():
        for best_fit in (False, True):
            size = _place_in_order(buffers, sorted(buffers, key=key), best_fit)
            if best is None or size < best[0]:
                best = (size, f"{name}/{'best' if best_fit else 'first'}-fit", [b.offset for b in buffers])
    size, heuristic, offsets = best or (0, "none", [])
    for buf, offset in zip(buffers, offsets):
        buf.offset = offset
    return size, heuristic


def lower_bound(buffers: list[Buffer]) -> int:
    """The largest total size live at any one node: no placement can use less (a sweep over the steps where
    buffers begin and end)."""
    change: dict[int, int] = {}
    for b in buffers:
        change[b.first] = change.get(b.first, 0) + b.size
        change[b.last + 1] = change.get(b.last + 1, 0) - b.size
    live = peak = 0
    for step in sorted(change):
        live += change[step]
        peak = max(peak, live)
    return peak


def check_placement(buffers: list[Buffer], arena_size: int) -> list[str]:
    """Every reason the placement is unsafe: a buffer outside the arena, or two live buffers overlapping."""
    problems = [
        f"{b.name} [{b.offset}, {b.offset + b.size}) leaves the {arena_size}-byte arena"
        for b in buffers
        if b.offset < 0 or b.offset + b.size > arena_size
    ]
    for i, a in enumerate(buffers):
        for b in buffers[i + 1 :]:
            if a.overlaps_in_time(b) and a.offset < b.offset + b.size and b.offset < a.offset + a.size:
                problems.append(f"{a.name} and {b.name} are live together and overlap in the arena")
    return problems
