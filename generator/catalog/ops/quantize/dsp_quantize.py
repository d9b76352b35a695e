"""QUANTIZE int8 or int16 -> int8 in the dsp and mve backends (firmware/kernels/requantize_s8_fast.c, one kernel
for both): TFLite's Requantize in mg_dsp_requant.h's branch-free form, claimed where that is exact for every input
(|x - input zero point| is at most 255 or 65,535: _dsp_common.fast_requant_entry). Validation, in-place and overlap
rules are the reference QUANTIZE's (same element order); everything else stays with it."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams, backend_kernel
from ..common import _dsp_common as dc
from ..common import _overlap
from . import quantize

SOURCES = ("quantize.h", "requantize_s8_fast.c", "mg_dsp.h", "mg_dsp_requant.h")
INPUT_BYTES = {"INT8": 1, "INT16": 2}


def _entry(inputs, outputs) -> list[int] | None:
    """The node's requantization entry, or None when it is not int8 or int16 -> int8 or the form is not exact."""
    inp, out = inputs[0], outputs[0]
    if inp is None or inp.dtype.name not in INPUT_BYTES or out.dtype.name != "INT8":
        return None
    bits = 8 * INPUT_BYTES[inp.dtype.name]
    zero_point = quant.zero_point_of(inp)
    bound = max(abs(-(1 << (bits - 1)) - zero_point), abs((1 << (bits - 1)) - 1 - zero_point))
    multiplier, shift = quantize._requantize_multiplier(inp, out)
    found = dc.fast_requant_entry(multiplier, shift, bound, quant.zero_point_of(out))
    return found[0] if found is not None and found[1] else None


def claims(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    if inp is None or inp.dtype.name not in INPUT_BYTES or out.dtype.name != "INT8":
        return "not int8 or int16 to int8"
    if _entry(inputs, outputs) is None:
        return "the fast requantization is not exact for it (a scale ratio too large or too small for its int32 sums)"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    fields = {
        "count": outputs[0].num_elements,
        "input_bytes": INPUT_BYTES[inp.dtype.name],
        "input_zero_point": quant.zero_point_of(inp),
        "requant": _entry(inputs, outputs),
    }
    return NodeParams("mg_quantize_fast_params", fields)


def spec(backend: str) -> KernelSpec:
    return backend_kernel(
        quantize.SPEC,
        backend,
        ("INT8", "INT16"),
        SOURCES,
        params,
        claims,
        inplace_input=_overlap.in_place_no_wider,
        overlap=_overlap.element_order,
    )


SPECS = [spec(dc.BACKEND), spec("mve")]
