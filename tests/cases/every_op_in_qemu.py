"""The every-op sweep (test_every_op_in_qemu.py, test_every_op_armv6m.py): SWEEP maps (op, input type) to a part, a
function returning a one-case model and its input set, from the op's own case builders; sweep_model merges them."""

from __future__ import annotations

import functools
from types import SimpleNamespace

import activation_cases as activation
import numpy as np
from op_cases import Batch

from cases import add as add_cases
from cases import conv_2d as conv
from cases import depth_to_space, fully_connected, int16_activations, mean, relu, softmax, strided_slice, weighted_16x8
from cases import depthwise_conv_2d as depthwise
from cases import mul as mul_cases
from cases import space_to_batch_nd as space_to_batch
from cases import sum as sum_cases
from cases.add_n import add_n_batch
from cases.arg_min_max import arg_node
from cases.batch_matmul import batch_matmul_node
from cases.broadcast_args import args_batch
from cases.broadcast_to import broadcast_node
from cases.cast import cast_node
from cases.comparisons import comparison_case
from cases.concatenation import concat_case
from cases.cumsum import cumsum_node
from cases.div import div_batch
from cases.dynamic_update_slice import update_node
from cases.elementwise import FLOAT_OPS, unary_batch
from cases.embedding_lookup import lookup_node
from cases.fill import fill_batch
from cases.floor_div import nonzero
from cases.gather import gather_node
from cases.gather_nd import gather_nd_node
from cases.hard_swish import scaled_case
from cases.l2_normalization import l2_normalization_node
from cases.l2_pool_2d import l2_pool_node
from cases.log_softmax import log_softmax_node
from cases.maximum_minimum import binary_batch
from cases.mirror_pad import pad_node
from cases.pack import pack_case
from cases.pad import pad_case
from cases.pooling import pool_case
from cases.prelu import prelu_batch
from cases.quantize import dequantize_node, quantize_node
from cases.reduce_min_max import mostly_true, reduce_node
from cases.reshape import expand_dims_case, reshape_case, squeeze_case
from cases.resize_bilinear import resize_node
from cases.resize_nearest_neighbor import resize_case
from cases.reverse_v2 import reverse_node
from cases.select_v2 import select_node
from cases.shape import DTYPES as SHAPE_TYPES
from cases.shape import shape_case
from cases.slice import slice_node
from cases.split import split_case, split_v_case
from cases.squared_difference import quantizer, small_int32
from cases.transpose import transpose_case
from cases.transpose_conv import SAME, transpose_conv_node
from cases.unpack import unpack_case
from generator.catalog import reference_kernels
from generator.check import check
from generator.errors import McugenError
from generator.model import read_model
from generator.pipeline import random_sets
from generator.reference import reference_outputs
from modelkit import DTYPE_CODES, merge, unpack

TYPE_NAMES = {code: name for name, code in DTYPE_CODES.items()}


def nodes(builder, *args, seed=0, **options):
    """Nodes that `builder(batch, *args)` adds to a fresh Batch."""

    def part():
        b = Batch(seed)
        builder(b, *args, **options)
        return b.build(), b.sets(1)[0]

    return part


def batch(make, *args, **options):
    """A Batch `make` returns."""

    def part():
        b = make(*args, **options)
        return b.build(), b.sets(1)[0]

    return part


def with_sets(make, *args, **options):
    """A (model, input sets) pair `make` returns."""

    def part():
        model, sets = make(*args, **options)
        return model, sets[0]

    return part


def model(make, *args, **options):
    """A model `make` returns, with random inputs as its test module draws them (kernel_harness)."""

    def part():
        data = make(*args, **options)
        (graph,) = unpack(data).subgraphs
        specs = [
            SimpleNamespace(dtype=TYPE_NAMES[graph.tensors[i].type], shape=list(graph.tensors[i].shape))
            for i in graph.inputs
        ]
        return data, random_sets(specs, 1, 0)[0]

    return part


def every_int8(op, out_scale, out_zp):
    """LOGISTIC / TANH: every int8 value through one node."""

    return lambda: activation.int8_case(op, 0, out_scale, out_zp, shape=[256])


FLOAT, INT8, INT16 = "float32", "int8", "int16"


TRANSPOSE_CONV = dict(batches=1, h=3, w=4, kh=3, kw=2, sh=2, sw=1, padding=SAME, oh=6, ow=4)


TRANSPOSE_CONV_BIAS = {INT8: "int32", INT16: "int64", FLOAT: FLOAT}


COMPARISONS = ["EQUAL", "NOT_EQUAL", "GREATER", "GREATER_EQUAL", "LESS", "LESS_EQUAL"]


QUANTIZE_TO = {FLOAT: INT8, INT8: INT16, INT16: INT8, "int32": INT8, "uint8": INT8}


CAST_TO = {INT8: "int32", INT16: FLOAT, "int32": INT8, "uint32": "int32", FLOAT: "int32", "bool": FLOAT}


SWEEP = {
    ("CONV_2D", INT16): nodes(weighted_16x8.conv_node),
    ("DEPTHWISE_CONV_2D", INT16): nodes(weighted_16x8.depthwise_node),
    ("FULLY_CONNECTED", INT16): nodes(weighted_16x8.fully_connected_node),
    ("AVERAGE_POOL_2D", INT16): nodes(int16_activations.pool_node, "AVERAGE_POOL_2D"),
    ("MAX_POOL_2D", INT16): nodes(int16_activations.pool_node, "MAX_POOL_2D"),
    ("SOFTMAX", INT16): nodes(int16_activations.softmax_node),
    **{
        ("TRANSPOSE_CONV", t): nodes(transpose_conv_node, t, TRANSPOSE_CONV, 5, 3, bias)
        for t, bias in TRANSPOSE_CONV_BIAS.items()
    },
    **{
        ("BATCH_MATMUL", t): nodes(batch_matmul_node, t, [2, 1], [3], 3, 4, 5, t == INT8, t != INT16, t == FLOAT)
        for t in (INT8, INT16, FLOAT)
    },
    **{(op, FLOAT): with_sets(unary_batch, op, FLOAT, 1, cases=1) for op in FLOAT_OPS},
    ("ABS", INT8): with_sets(unary_batch, "ABS", INT8, 1, cases=1, version=2),
    ("ABS", INT16): with_sets(unary_batch, "ABS", INT16, 1, cases=1, version=3),
    ("RSQRT", INT8): with_sets(unary_batch, "RSQRT", INT8, 1, cases=1, version=2),
    ("LOGICAL_NOT", "bool"): with_sets(unary_batch, "LOGICAL_NOT", "bool", 1, cases=1),
    **{(op, "bool"): with_sets(binary_batch, op, "bool", 3, cases=1) for op in ("LOGICAL_AND", "LOGICAL_OR")},
    **{(op, INT8): model(add_cases.binary_case, op, 3) for op in ("ADD", "SUB")},
    **{(op, FLOAT): model(add_cases.binary_case, op, 1100, dtype=FLOAT) for op in ("ADD", "SUB", "MUL")},
    **{(op, INT16): batch(add_cases.int16_batch, op, 32, nodes=1) for op in ("ADD", "SUB")},
    ("ADD", "int32"): nodes(add_cases.int32_node),
    **{(op, "int32"): nodes(add_cases.int32_arithmetic_node, op, True) for op in ("SUB", "MUL")},
    ("MUL", INT8): model(add_cases.binary_case, "MUL", 205, out_scale=mul_cases.out_scale),
    ("MUL", INT16): batch(add_cases.int16_batch, "MUL", 232, mul_cases.int16_out_scale, nodes=1),
    **{("DYNAMIC_UPDATE_SLICE", t): nodes(update_node, t, [2, 3, 4], [1, 2, 3]) for t in (FLOAT, INT8, INT16, "int32")},
    **{("ADD_N", t): batch(add_n_batch, t, 3, cases=1, shape=[3, 4]) for t in (FLOAT, INT8)},
    **{(op, t): nodes(arg_node, op, t, [2, 5, 3], 1) for op in ("ARG_MAX", "ARG_MIN") for t in (FLOAT, INT8)},
    **{(op, t): model(pool_case, op, t, 3) for op in ("AVERAGE_POOL_2D", "MAX_POOL_2D") for t in (FLOAT, INT8)},
    ("L2_POOL_2D", FLOAT): nodes(l2_pool_node, max_side=6),
    **{
        (op, t): nodes(space_to_batch.node, op, t, [1, 3, 4, 2], [2, 2], [[1, 0], [1, 1]])
        for op in ("SPACE_TO_BATCH_ND", "BATCH_TO_SPACE_ND")
        for t in (FLOAT, INT8)
    },
    **{(op, t): nodes(depth_to_space.node, op, t, 1, 2, 3, 2, 2) for op in depth_to_space.OPS for t in (FLOAT, INT8)},
    **{("BROADCAST_ARGS", t): batch(args_batch, t, 3, cases=1) for t in ("int32", "int64")},
    **{
        ("BROADCAST_TO", t): nodes(broadcast_node, t, [2, 3, 4], [3, 1])
        for t in (FLOAT, INT8, INT16, "int32", "int64", "uint8", "uint32", "bool")
    },
    **{("CAST", src): nodes(cast_node, src, dst, [5]) for src, dst in CAST_TO.items()},
    **{("CONCATENATION", t): model(concat_case, t, 3) for t in (FLOAT, INT8, INT16, "int32", "int64", "bool")},
    ("CONV_2D", INT8): model(conv.int8_case, 1),
    ("CONV_2D", FLOAT): model(conv.float_case, 1),
    ("DEPTHWISE_CONV_2D", INT8): model(depthwise.int8_case, 1),
    ("DEPTHWISE_CONV_2D", FLOAT): model(depthwise.float_case, 1),
    ("FULLY_CONNECTED", INT8): model(fully_connected.int8_case, 1),
    ("FULLY_CONNECTED", FLOAT): model(fully_connected.float_case, 1),
    # int4 weights (int8 activations): keyed by the weights' type, the one the catalog adds
    ("CONV_2D", "int4"): model(conv.int8_case, 1, weights="int4"),
    ("DEPTHWISE_CONV_2D", "int4"): model(depthwise.int8_case, 1, weights="int4"),
    ("FULLY_CONNECTED", "int4"): model(fully_connected.int8_case, 1, "int4"),
    **{("CUMSUM", t): nodes(cumsum_node, t, [2, 4, 3], 1, False, False) for t in (FLOAT, INT8)},
    **{("QUANTIZE", src): nodes(quantize_node, src, dst, [2, 5]) for src, dst in QUANTIZE_TO.items()},
    **{("DEQUANTIZE", t): nodes(dequantize_node, t, [7]) for t in (INT8, INT16, "uint8")},
    **{("DIV", t): with_sets(div_batch, t, 11, cases=1) for t in (FLOAT, "int32", INT8)},
    **{("ELU", t): with_sets(unary_batch, "ELU", t, 2, cases=1) for t in (FLOAT, INT8)},
    **{("EMBEDDING_LOOKUP", t): nodes(lookup_node, t, t, [5, 3], 4) for t in (FLOAT, INT8)},
    **{
        (op, t): with_sets(comparison_case, op, t, 5, cases=1)
        for op in COMPARISONS
        for t in (FLOAT, "int32", "int64", INT8)
    },
    **{(op, "bool"): with_sets(comparison_case, op, "bool", 5, cases=1) for op in ("EQUAL", "NOT_EQUAL")},
    **{("EXPAND_DIMS", t): model(expand_dims_case, 2, t) for t in (INT8, INT16, FLOAT)},
    **{("RESHAPE", t): model(reshape_case, 0, t) for t in (INT8, INT16, "int32", FLOAT, "bool", "int64", "uint8")},
    **{("SQUEEZE", t): model(squeeze_case, 1, t) for t in (INT8, INT16, "int32", FLOAT, "bool", "int64", "uint8")},
    **{("FILL", t): batch(fill_batch, t, 2, cases=1) for t in (FLOAT, "int32", INT8)},
    **{
        (op, FLOAT): with_sets(binary_batch, op, FLOAT, 4, cases=1, values=nonzero) for op in ("FLOOR_DIV", "FLOOR_MOD")
    },
    **{("GATHER", t): nodes(gather_node, t, [2, 3, 4], [2, 3], 1, 1) for t in (FLOAT, INT8)},
    **{("GATHER_ND", t): nodes(gather_nd_node, t, [3, 4, 2], [2, 2], 2) for t in (FLOAT, INT8)},
    ("HARD_SWISH", INT8): model(scaled_case, 0.05, -10, 0.04, -20),
    ("HARD_SWISH", FLOAT): model(relu.unary_case, "HARD_SWISH", 1, dtype=FLOAT),
    **{("L2_NORMALIZATION", t): nodes(l2_normalization_node, t, [3, 8]) for t in (FLOAT, INT8)},
    ("LEAKY_RELU", INT8): model(relu.unary_case, "LEAKY_RELU", 1, alpha=0.2),
    ("LEAKY_RELU", FLOAT): model(relu.unary_case, "LEAKY_RELU", 1, dtype=FLOAT, alpha=0.2),
    ("LEAKY_RELU", INT16): nodes(relu.int16_node, "LEAKY_RELU", [64], alpha=0.2),
    **{(op, INT8): model(relu.unary_case, op, 7) for op in ("RELU", "RELU6")},
    **{(op, FLOAT): model(relu.unary_case, op, 7, dtype=FLOAT) for op in ("RELU", "RELU6")},
    **{(op, INT16): nodes(relu.int16_node, op, [64], same_quant=op == "RELU6") for op in ("RELU", "RELU6")},
    ("LOGISTIC", INT8): every_int8("LOGISTIC", 1.0 / 256, -128),
    ("TANH", INT8): every_int8("TANH", 1.0 / 128, 0),
    **{(op, INT16): nodes(activation.int16_node, op, 2.0**-12, [64]) for op in ("LOGISTIC", "TANH")},
    **{(op, FLOAT): model(activation.float_case, op, 1) for op in ("LOGISTIC", "TANH")},
    **{("LOG_SOFTMAX", t): nodes(log_softmax_node, t, [3, 10]) for t in (FLOAT, INT8)},
    ("SOFTMAX", INT8): model(softmax.int8_case, 3),
    ("SOFTMAX", FLOAT): model(softmax.float_case, 4),
    **{
        (op, t): with_sets(binary_batch, op, t, 3, cases=1)
        for op in ("MAXIMUM", "MINIMUM")
        for t in (FLOAT, INT8, INT16, "int32", "int64")
    },
    ("MEAN", INT8): model(mean.mean_model, [1, 6, 6, 8], [1, 2], True, INT8, (0.05, 3), (0.02, -5)),
    ("MEAN", FLOAT): model(mean.random_case, FLOAT, 1),
    ("MEAN", INT16): nodes(sum_cases.reduce_node, "MEAN", INT16, [2, 3, 4], [0, 2], True),
    **{("SUM", t): nodes(sum_cases.reduce_node, "SUM", t, [2, 3, 4], [1, -1], False) for t in (FLOAT, INT8, INT16)},
    **{
        (op, t): nodes(reduce_node, op, t, [2, 3, 4], [1, -1], False)
        for op in ("REDUCE_MAX", "REDUCE_MIN")
        for t in (FLOAT, INT8)
    },
    ("REDUCE_ALL", "bool"): nodes(reduce_node, "REDUCE_ALL", "bool", [2, 3, 4], [1, -1], False, values=mostly_true),
    **{("MIRROR_PAD", t): nodes(pad_node, t, "REFLECT", [2, 3, 4], [[0, 1], [2, 1], [1, 1]]) for t in (FLOAT, INT8)},
    **{("PACK", t): model(pack_case, 5, t) for t in (INT8, INT16, "int32", FLOAT, "int64")},
    **{("UNPACK", t): model(unpack_case, 6, t) for t in (INT8, INT16, "int32", FLOAT)},
    **{(op, t): model(pad_case, op, t, 4) for op in ("PAD", "PADV2") for t in (FLOAT, INT8, INT16, "int32")},
    **{("PRELU", t): batch(prelu_batch, t, 0, cases=1) for t in (FLOAT, INT8, INT16)},
    **{("RESIZE_BILINEAR", t): nodes(resize_node, t, [1, 3, 5, 2], [7, 4], (False, True)) for t in (FLOAT, INT8)},
    **{("RESIZE_NEAREST_NEIGHBOR", t): model(resize_case, t, 2, (False, True)) for t in (FLOAT, INT8, INT16)},
    **{
        ("REVERSE_V2", t): nodes(reverse_node, t, [2, 3, 4], [1, 2])
        for t in (FLOAT, INT8, INT16, "int32", "int64", "uint8", "bool")
    },
    **{("SELECT_V2", t): nodes(select_node, t, [2, 3, 4], ([3, 1], [2, 1, 4], [4])) for t in (FLOAT, INT8, INT16)},
    **{("SHAPE", t): model(shape_case, SHAPE_TYPES.index(t)) for t in SHAPE_TYPES},
    **{
        ("SLICE", t): nodes(slice_node, t, [2, 5, 4], [1, 1, 0], [1, 3, -1])
        for t in (FLOAT, INT8, INT16, "int32", "bool")
    },
    **{("SPLIT", t): model(split_case, 3, t) for t in (INT8, INT16, "int32", FLOAT)},
    **{("SPLIT_V", t): model(split_v_case, 4, t) for t in (INT8, INT16, "int32", FLOAT)},
    **{
        ("SQUARED_DIFFERENCE", t): with_sets(
            binary_batch, "SQUARED_DIFFERENCE", t, 3, cases=1, version=2, quant=quantizer(t)
        )
        for t in (INT8, INT16)
    },
    ("SQUARED_DIFFERENCE", FLOAT): with_sets(binary_batch, "SQUARED_DIFFERENCE", FLOAT, 3, cases=1),
    ("SQUARED_DIFFERENCE", "int32"): with_sets(
        binary_batch, "SQUARED_DIFFERENCE", "int32", 3, cases=1, values=small_int32
    ),
    **{("STRIDED_SLICE", t): model(strided_slice.random_case, 3, t) for t in (INT8, INT16, "int32", FLOAT, "bool")},
    **{("TRANSPOSE", t): model(transpose_case, 7, t, 4) for t in (INT8, INT16, FLOAT)},
    **{
        ("ZEROS_LIKE", t): with_sets(unary_batch, "ZEROS_LIKE", t, 5, cases=1, quantized=False)
        for t in (FLOAT, INT8, "int32", "int64")
    },
}


GENERIC_TYPES = ("float32", "int8", "int16", "int32", "bool")  # what unary_batch builds a generic node of


@functools.cache
def derived_parts() -> tuple[dict[tuple[str, str], tuple[bytes, list[np.ndarray]]], frozenset[tuple[str, str]]]:
    """The sweep of the reference (op, type) pairs SWEEP has no line for, derived from the catalog: the part of
    unary_batch when the op takes a generic element-wise node (one input, one output of its shape and type), so a
    new element-wise op needs no line here. Also the pairs among them TFLite Micro has no kernel for (LiteRT-only
    ops: their own tests compare with LiteRT; the sweep's merged model is compared with TFLite Micro)."""
    parts, litert_only = {}, set()
    for kernel in reference_kernels():
        for dtype in (t.lower() for t in kernel.dtypes):
            if (kernel.op, dtype) in SWEEP or dtype not in GENERIC_TYPES:
                continue
            data, sets = unary_batch(kernel.op, dtype, 1, cases=1)
            try:
                check(read_model(data))
            except McugenError:  # the reader or the check stage refuses it: not an element-wise op
                continue
            try:
                reference_outputs(data, sets, 1)
            except RuntimeError:  # TFLite Micro's interpreter refuses an op it has no kernel for
                litert_only.add((kernel.op, dtype))
                continue
            parts[(kernel.op, dtype)] = (data, sets[0])
    return parts, frozenset(litert_only)


@functools.cache
def sweep_parts() -> dict[tuple[str, str], tuple[bytes, list[np.ndarray]]]:
    return {**{key: make() for key, make in SWEEP.items()}, **derived_parts()[0]}


def sweep_model() -> tuple[bytes, list[np.ndarray], list[str]]:
    """Every part merged into one model, its one input set, and the op and type each output comes from."""
    parts = sweep_parts()
    names = [f"{op} {dtype}" for (op, dtype), (data, _) in parts.items() for _ in unpack(data).subgraphs[0].outputs]
    return merge([data for data, _ in parts.values()]), [v for _, values in parts.values() for v in values], names
