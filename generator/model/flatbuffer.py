"""A minimal flatbuffer table reader for the hot part of reading a model: buffers, tensors, node inputs.

The generated `tflite` classes go through the flatbuffers runtime's generic getters, which check every value's
type on every read; reading a model's tensors that way costs most of `read`. This reads the same wire format
(tables with a vtable of 16-bit field offsets, 32-bit offsets to vectors, strings and child tables) with one
struct call per value. Field numbers are the schema's (tensorflow/lite/schema/schema.fbs). Any out-of-range
offset raises struct.error or ValueError, which the reader's guard turns into a McugenError.
"""

from __future__ import annotations

import struct

import numpy as np

_U16 = struct.Struct("<H").unpack_from
_U32 = struct.Struct("<I").unpack_from
_I32 = struct.Struct("<i").unpack_from
SCALARS = {fmt: struct.Struct("<" + fmt).unpack_from for fmt in "bBhHiIqQf?"}


class Table:
    """A table at byte `pos` of `buf`; fields are numbered from 0 as in the schema."""

    __slots__ = ("buf", "pos", "_vtable", "_vtable_size")

    def __init__(self, buf: bytes, pos: int):
        if pos < 0:
            raise ValueError("negative table position")
        self.buf, self.pos = buf, pos
        self._vtable = pos - _I32(buf, pos)[0]
        self._vtable_size = _U16(buf, self._vtable)[0]

    def _slot(self, field: int) -> int:
        """The field's byte offset in the table, 0 when the field is absent."""
        entry = 4 + 2 * field
        return _U16(self.buf, self._vtable + entry)[0] if entry < self._vtable_size else 0

    def scalar(self, field: int, fmt: str, default=0):
        slot = self._slot(field)
        return SCALARS[fmt](self.buf, self.pos + slot)[0] if slot else default

    def _target(self, field: int) -> int | None:
        """Where the object a 32-bit offset field points at starts, or None when the field is absent."""
        slot = self._slot(field)
        if not slot:
            return None
        at = self.pos + slot
        return at + _U32(self.buf, at)[0]

    def table(self, field: int) -> Table | None:
        at = self._target(field)
        return None if at is None else Table(self.buf, at)

    def string(self, field: int) -> bytes | None:
        at = self._target(field)
        if at is None:
            return None
        length = _U32(self.buf, at)[0]
        if at + 4 + length > len(self.buf):
            raise ValueError("string runs past the end of the buffer")
        return self.buf[at + 4 : at + 4 + length]

    def vector_length(self, field: int) -> int:
        at = self._target(field)
        return 0 if at is None else _U32(self.buf, at)[0]

    def vector_start(self, field: int) -> int | None:
        """The position of a vector's first element (the firmware points at it in place), None when absent."""
        at = self._target(field)
        return None if at is None else at + 4

    def numbers(self, field: int, dtype: str) -> np.ndarray | None:
        """A vector of scalars as a read-only array over the buffer, or None when the field is absent."""
        at = self._target(field)
        if at is None:
            return None
        return np.frombuffer(self.buf, dtype=dtype, count=_U32(self.buf, at)[0], offset=at + 4)

    def tables(self, field: int, length: int) -> list[Table]:
        """The first `length` entries of a vector of tables (the caller bounds the length)."""
        start = self.vector_start(field)
        tables = []
        for i in range(length):
            at = start + 4 * i
            tables.append(Table(self.buf, at + _U32(self.buf, at)[0]))
        return tables
