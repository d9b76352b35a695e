"""A RELU, RELU6 or RELU_N1_TO_1 right after a CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED or ADD that no one
else reads becomes the producer's fused activation: the same clamp, without the node and its tensor.

float32: the clamps are the same min/max. int8: only where the activation maps its input through unchanged
(same scale and zero point on both sides) and the standalone kernel's clamp range equals the fused one, both
computed with the kernels' own set-up code; RELU_N1_TO_1 has no int8 kernel to compare with, so stays float."""

from __future__ import annotations

from ..catalog import quant
from ..catalog.ops.relu.relu import params_relu, params_relu6
from ..model import Operator, Tensor
from .work import Rewrite, Work

PRODUCERS = ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "ADD")
ACTIVATIONS = {"RELU": 1, "RELU_N1_TO_1": 2, "RELU6": 3}  # the op -> its ActivationFunctionType
_STANDALONE_INT8 = {"RELU": params_relu, "RELU6": params_relu6}


def _same_quantization(inp: Tensor, out: Tensor) -> bool:
    a, b = inp.quant, out.quant
    return (
        a is not None
        and b is not None
        and len(a.scale) == len(b.scale) == 1
        and quant.scale_of(inp) == quant.scale_of(out)
        and a.zero_point == b.zero_point
    )


def exactly_equivalent(activation: Operator, inp: Tensor, out: Tensor) -> bool:
    if inp.dtype.name == out.dtype.name == "FLOAT32":
        return True
    if inp.dtype.name != "INT8" or out.dtype.name != "INT8" or activation.op_name not in _STANDALONE_INT8:
        return False
    if not _same_quantization(inp, out):
        return False
    fields = _STANDALONE_INT8[activation.op_name](activation, [inp], [out]).fields
    fused = quant.activation_range_int8(ACTIVATIONS[activation.op_name], out)
    return (fields["act_min"], fields["act_max"]) == fused


def fuse_activations(work: Work) -> list[Rewrite]:
    rewrites = []
    for activation in list(work.operators):
        if activation.op_name not in ACTIVATIONS or len(activation.inputs) != 1 or len(activation.outputs) != 1:
            continue
        source = activation.inputs[0]
        producer = work.producer(source)
        if (
            producer is None
            or producer.op_name not in PRODUCERS
            or producer.options.get("fused_activation_function", None) != 0
            or producer.outputs != [source]
            or not work.only_reader(source, activation)
        ):
            continue
        inp, out = work.tensors[source], work.tensors[activation.outputs[0]]
        if not exactly_equivalent(activation, inp, out):
            continue
        producer.options["fused_activation_function"] = ACTIVATIONS[activation.op_name]
        producer.outputs = list(activation.outputs)
        work.remove(activation)
        rewrites.append(
            Rewrite(
                "fuse",
                [activation.index, producer.index],
                [activation.op_name, producer.op_name],
                f"{activation.op_name} becomes node {producer.index}'s fused activation ({inp.dtype.name})",
            )
        )
    return rewrites
