"""DEQUANTIZE int8 -> float32 in the portable backend (firmware/kernels/dequantize_portable.c, for cores without an
FPU: Cortex-M0/M0+, Cortex-M3): the 256 possible outputs, scale * (x - zero point) as the reference's single-precision
product (numpy's float32 multiplication rounds as the device's), as a table of their bits. Validation and the
overlap rule are the reference DEQUANTIZE's (same element order)."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import NodeParams, backend_kernel
from ..common import _overlap
from . import dequantize

SOURCES = ("dequantize.h", "dequantize_portable.c")


def values(scale: float, zero_point: int) -> list[int]:
    """The bits of float32(scale) * float32(x - zero_point) for x = -128..127, as int32."""
    products = np.float32(scale) * (np.arange(-128, 128) - zero_point).astype(np.float32)
    return [int(v) for v in products.astype(np.float32).view(np.int32)]


def claims(op, inputs, outputs):
    if inputs[0] is None or inputs[0].dtype.name != "INT8" or outputs[0].dtype.name != "FLOAT32":
        return "not int8 to float32"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    return NodeParams(
        "mg_dequantize_portable_params",
        {"count": inp.num_elements, "values": values(float(quant.scale_of(inp)), quant.zero_point_of(inp))},
    )


SPEC = backend_kernel(dequantize.SPEC, "portable", ("INT8",), SOURCES, params, claims, overlap=_overlap.element_order)
