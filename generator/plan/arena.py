"""Placing buffers with known lifetimes in one arena, and proving a placement safe."""

from __future__ import annotations

from dataclasses import dataclass, field

ALIGNMENT = 4  # every kernel's data needs at most word alignment; the arena itself is 16-byte aligned


@dataclass(frozen=True)
class Part:
    """A piece of a buffer with a lifetime of its own: `size` bytes `offset` bytes into it."""

    offset: int
    size: int
    first: int
    last: int


@dataclass
class Buffer:
    name: str
    size: int
    first: int  # first node that uses it (-1: before the first node)
    last: int  # last node that uses it
    offset: int = -1
    # A storage group whose tensors overlap partly (an output started below its input, KernelSpec.overlap): its
    # tensors as parts, each taking its bytes only while it lives. Empty: all `size` bytes for the whole life.
    parts: list[Part] = field(default_factory=list)

    def overlaps_in_time(self, other: Buffer) -> bool:
        return self.first <= other.last and other.first <= self.last

    def pieces(self) -> list[Part]:
        return self.parts or [Part(0, self.size, self.first, self.last)]

    def live_sizes(self) -> list[tuple[int, int, int]]:
        """(first, last, bytes) segments of how many bytes it takes: its size, or step by step the span of the
        parts alive at that step."""
        if not self.parts:
            return [(self.first, self.last, self.size)]
        segments = []
        for step in range(self.first, self.last + 1):
            live = [p for p in self.parts if p.first <= step <= p.last]
            if live:
                segments.append((step, step, max(p.offset + p.size for p in live) - min(p.offset for p in live)))
        return segments


def _collide(a: Part, a_at: int, b: Part, b_at: int) -> bool:
    """Both alive at some step and sharing some byte, `a` placed at `a_at` and `b` at `b_at`."""
    in_time = a.first <= b.last and b.first <= a.last
    return in_time and a_at + a.offset < b_at + b.offset + b.size and b_at + b.offset < a_at + a.offset + a.size


def _align(n: int) -> int:
    return (n + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT


# Orders in which buffers are placed; each is tried and the smallest arena wins.
ORDERS = {
    "size": lambda b: (-b.size, b.first, b.name),
    "lifetime": lambda b: (-(b.last - b.first), -b.size, b.name),
    "first-use": lambda b: (b.first, -b.size, b.name),
    "area": lambda b: (-b.size * (b.last - b.first + 1), b.name),
}


def _place_parts(buf: Buffer, placed: list[Buffer]) -> int:
    """The lowest aligned offset where none of `buf`'s parts collides with a placed buffer's (first fit)."""
    others = [(q, b.offset) for b in placed if b.overlaps_in_time(buf) for q in b.pieces()]
    mine = buf.pieces()
    starts = {0} | {_align(at + q.offset + q.size - p.offset) for q, at in others for p in mine}
    for start in sorted(s for s in starts if s >= 0):
        if not any(_collide(p, start, q, at) for p in mine for q, at in others):
            return start
    raise AssertionError("unreachable: above every placed buffer nothing collides")


def _place_in_order(buffers: list[Buffer], ordered: list[Buffer], best_fit: bool) -> int:
    placed: list[Buffer] = []
    for buf in ordered:
        if buf.parts or any(b.parts for b in placed if b.overlaps_in_time(buf)):
            buf.offset = _place_parts(buf, placed)
            placed.append(buf)
            continue
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
        for first, last, size in b.live_sizes():
            change[first] = change.get(first, 0) + size
            change[last + 1] = change.get(last + 1, 0) - size
    live = peak = 0
    for step in sorted(change):
        live += change[step]
        peak = max(peak, live)
    return peak


def check_placement(buffers: list[Buffer], arena_size: int) -> list[str]:
    """Every reason the placement is unsafe: a buffer outside the arena, or two live buffers (parts) overlapping.
    The parts of one buffer may share bytes: overlap_problems (overlaps.py) checks those against their kernels."""
    problems = [
        f"{b.name} [{b.offset}, {b.offset + b.size}) leaves the {arena_size}-byte arena"
        for b in buffers
        if b.offset < 0 or b.offset + b.size > arena_size
    ]
    for i, a in enumerate(buffers):
        for b in buffers[i + 1 :]:
            if a.overlaps_in_time(b) and any(
                _collide(p, a.offset, q, b.offset) for p in a.pieces() for q in b.pieces()
            ):
                problems.append(f"{a.name} and {b.name} are live together and overlap in the arena")
    return problems
