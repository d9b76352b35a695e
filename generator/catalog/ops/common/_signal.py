"""What the signal library's catalog entries share (signal_spectrum.py, signal_filter_bank.py, signal_stream.py):
TFLite Micro registers these custom ops by name and reads their FlexBuffers options by position in the map
(keys sorted), so a node is accepted only with exactly the keys its kernel expects, each an integer (or bool)."""

from __future__ import annotations

from flatbuffers import flexbuffers

from ....model import CUSTOM_CODE
from ...spec import CExpr, KernelSpec
from ._common import nested

HEADER = "signal.h"


class SignalError(ValueError):
    """A node the signal kernels refuse; the message says why."""


def options(op, keys: tuple[str, ...]) -> dict:
    """The node's options as TFLite Micro reads them: every one of `keys` (and no other), as ints."""
    try:
        values = flexbuffers.Loads(op.custom_options) if op.custom_options else {}
    except Exception as exc:  # a corrupt FlexBuffer: refuse the node, as TFLite Micro's reader cannot read it
        raise SignalError(f"its custom options are not readable FlexBuffers ({type(exc).__name__})") from None
    if not isinstance(values, dict) or sorted(values) != sorted(keys):
        found = sorted(values) if isinstance(values, dict) else type(values).__name__
        raise SignalError(f"its options must be exactly {sorted(keys)} (read by position), not {found}")
    for key in keys:
        if not isinstance(values[key], (bool, int)):
            raise SignalError(f"option {key} is {values[key]!r}, not an integer")
    return {key: int(values[key]) for key in keys}


def in_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise SignalError(f"{name} is {value}; it must be in [{low}, {high}]")


def dtypes(tensors, expected: tuple[str, ...], role: str) -> None:
    found = tuple(t.dtype.name if t is not None else "none" for t in tensors)
    if found != expected:
        raise SignalError(f"{role} are {'/'.join(found)}; TFLite Micro's kernel takes {'/'.join(expected)}")


def ranks(tensors, expected: tuple[int, ...], role: str) -> None:
    """TFLite Micro's prepare checks the ranks (a scale is a scalar, spectra are 1-D)."""
    found = tuple(len(t.shape) for t in tensors)
    if found != expected:
        raise SignalError(f"{role} have ranks {found}; TFLite Micro's kernel needs {expected}")


def options_field(op) -> dict:
    """The first member of every signal parameter struct: the node's options in place in the model."""
    where = CExpr(f"mg_model_data + {op.custom_options_offset}") if op.custom_options else CExpr("NULL")
    return nested("options", {"data": where, "size": len(op.custom_options)})


def kernel(name: str, registration: str, dtypes: tuple[str, ...], sources: tuple[str, ...], check, params, **more):
    """A signal op's catalog entry (a KernelSpec): `check(op, inputs, outputs)` raises SignalError for a node it
    refuses."""

    def validate(op, inputs, outputs):
        try:
            check(op, inputs, outputs)
        except SignalError as exc:
            return f"{name} (node {op.index}): {exc}"
        return None

    return KernelSpec(
        op=name,
        builtin_code=CUSTOM_CODE,
        versions=(1, 1),
        dtypes=dtypes,
        sources=(HEADER, *sources),
        registration=registration,
        validate=validate,
        params=params,
        **more,
    )
