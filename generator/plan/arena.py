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
    """The lowest aligned offset where none of `buf`'s parts collides with a placed buffer's (first fit).
    Part p at `start` collides with a placed part q at `at` exactly when both live at some step and
    at + q.offset - p.offset - p.size < start < at + q.offset + q.size - p.offset: a sweep over those
    forbidden ranges, in order of their low ends, finds the first start outside all of them."""
    mine = buf.pieces()
    forbidden = sorted(
        (at + q.offset - p.offset - p.size + 1, at + q.offset + q.size - p.offset - 1)
        for b in placed
        if b.overlaps_in_time(buf)
        for at in [b.offset]
        for q in b.pieces()
        for p in mine
        if p.first <= q.last and q.first <= p.last
    )
    start = 0
    for low, high in forbidden:
        if low > start:
            break
        if high >= start:
            start = _align(high + 1)
    return start


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
    """The largest total size live at any one node: no placement can use less."""
    return LiveBytes(buffers).peak


class LiveBytes:
    """The bytes live at each step, kept for a set of buffers that changes one join at a time: the planner
    tries a join per node, and summing every buffer again for each try made planning a model of a hundred
    nodes take seconds."""

    def __init__(self, buffers=(), live: dict[int, int] | None = None):
        self.live = live if live is not None else {}
        for b in buffers:
            self._add(b, 1)

    def _add(self, buf: Buffer, sign: int) -> None:
        for first, last, size in buf.live_sizes():
            for step in range(first, last + 1):
                self.live[step] = self.live.get(step, 0) + sign * size

    def swapped(self, removed: list[Buffer], added: list[Buffer]) -> LiveBytes:
        """A copy with `removed` taken out and `added` put in."""
        trial = LiveBytes(live=dict(self.live))
        for b in removed:
            trial._add(b, -1)
        for b in added:
            trial._add(b, 1)
        return trial

    @property
    def peak(self) -> int:
        return max(self.live.values(), default=0)


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
