"""CIRCULAR_BUFFER (TFLite Micro's custom op, micro/kernels/circular_buffer.cc; firmware/kernels/circular_buffer.c):
int8, input [b, 1, h, d] and a variable output [b, slots, h, d]; each invoke shifts the output one row and appends
the input, and the nodes after it run every cycles_max-th invoke only (the others end early, TFLite Micro's
kTfLiteAbort: the model gives no outputs then, and the reference reports zeros as the firmware does)."""

from __future__ import annotations

from ....model import CUSTOM_CODE
from ...quant import zero_point_of
from ...spec import KERNEL_STATE, CExpr, KernelSpec, NodeParams
from ..common._scratch import scratch_size
from ..common._signal import SignalError, options, options_field

NAME = "CIRCULAR_BUFFER"
# Without cycles_max TFLite Micro guesses the period from the output's rows (the two streaming models it was
# written for): 1 for these, else 2, except that [.., 2, 96] outputs depend on how many circular buffers the
# process prepared before (a static counter), which no generator can know.
ROWS_RUN_EVERY_INVOKE = (5, 13, 25)


def cycles_max(op, outputs) -> int:
    period = options(op, ("cycles_max",))["cycles_max"] if op.custom_options else 0
    if period > 0:
        return period
    shape = outputs[0].shape
    if shape[1] in ROWS_RUN_EVERY_INVOKE:
        return 1
    if tuple(shape[2:]) == (2, 96):
        raise SignalError(
            "without cycles_max TFLite Micro picks the period of a [.., 2, 96] buffer from how many circular buffers "
            "it prepared before; give cycles_max in the custom options"
        )
    return 2


def _check(op, inputs, outputs) -> None:
    if op.subgraph != 0:
        raise SignalError("it ends the invoke early, which mcugen supports in the primary subgraph only")
    if len(inputs) != 1 or len(outputs) != 1 or inputs[0] is None:
        raise SignalError("needs 1 input and 1 output")
    x, y = inputs[0], outputs[0]
    if x.dtype.name != "INT8" or y.dtype.name != "INT8":
        raise SignalError(f"input and output are {x.dtype.name}/{y.dtype.name}; TFLite Micro's kernel takes int8")
    if len(x.shape) != 4 or len(y.shape) != 4:
        raise SignalError("input and output must be 4-D: [batch, 1, height, depth] and [batch, slots, height, depth]")
    if x.shape[1] != 1 or x.shape[0] != y.shape[0] or x.shape[2:] != y.shape[2:]:
        raise SignalError(f"input {list(x.shape)} does not fit output {list(y.shape)} as [b, 1, h, d] to [b, n, h, d]")
    if y.shape[1] < 1 or x.num_elements < 1:
        raise SignalError("the output needs at least one slot of at least one value")
    if not y.is_variable:
        raise SignalError("the output must be a variable tensor (the rows of earlier invokes stay in it)")
    cycles_max(op, outputs)


def _validate(op, inputs, outputs):
    try:
        _check(op, inputs, outputs)
    except SignalError as exc:
        return f"{NAME} (node {op.index}): {exc}"
    return None


def _params(op, inputs, outputs):
    y = outputs[0]
    state = CExpr(f"(int32_t *)(mg_persistent + {op.options[KERNEL_STATE]})") if KERNEL_STATE in op.options else None
    zero_point = zero_point_of(y) if y.quant is not None and len(y.quant.zero_point) else 0
    fields = {
        "num_slots": y.shape[1],
        "depth": y.shape[2] * y.shape[3],
        "cycles_max": cycles_max(op, outputs),
        "zero_point": zero_point,
        "cycles_until_run": state if state is not None else CExpr("NULL"),
    }
    return NodeParams("mg_circular_buffer_params", {**options_field(op), **fields})


SPEC = KernelSpec(
    op=NAME,
    builtin_code=CUSTOM_CODE,
    versions=(1, 1),
    dtypes=("INT8",),
    sources=("circular_buffer.h", "circular_buffer.c", "circular_buffer_state_size.c"),
    registration="mg_register_circular_buffer",
    validate=_validate,
    params=_params,
    state_bytes=lambda op, inputs, outputs: scratch_size("mg_circular_buffer_state_size"),
)
