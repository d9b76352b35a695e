"""Scratch contract of the weighted families (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED) and of TRANSPOSE_CONV and
BATCH_MATMUL: for every kernel that declares scratch, over randomized shapes, the planner's number (the catalog
asks the kernels' *_scratch_size() C functions through catalog/ops/common/_scratch.py) must be exactly what the
kernel's own prepare demands from the generated parameter block: the registration, compiled for the host with the
generated parameters, accepts that many bytes and refuses one byte less."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from op_cases import Batch

from cases import dsp_conv_2d as dsp_conv_2d_cases
from cases import dsp_depthwise_conv_2d as dsp_depthwise_conv_2d_cases
from cases import dsp_depthwise_conv_2d_multiplier as dsp_depthwise_conv_2d_multiplier_cases
from cases import dsp_fully_connected as dsp_fully_connected_cases
from cases import mve_conv_2d as mve_conv_2d_cases
from cases import mve_depthwise_conv_2d as mve_depthwise_conv_2d_cases
from cases import weighted_16x8 as weighted_16x8_cases
from cases.batch_matmul import batch_matmul_node, shapes
from cases.transpose_conv import geometry, transpose_conv_node
from generator.check import check
from generator.emit.render import c_value
from generator.model import read_model
from generator.paths import FIRMWARE, kernel_include_dirs, kernel_path
from generator.plan import plan

KERNEL_INCLUDES = [f"-I{d}" for d in kernel_include_dirs()]
CASES = 12


def transpose_conv_case(dtype: str):
    def make(seed: int) -> bytes:
        b = Batch(seed)
        depths = (int(v) for v in b.rng.integers(1, 12, size=2))
        transpose_conv_node(b, dtype, geometry(b.rng), *depths, None)
        return b.build()

    return make


def batch_matmul_case(dtype: str):
    def make(seed: int) -> bytes:
        b = Batch(seed)
        batch_matmul_node(b, dtype, *shapes(b.rng), *(bool(v) for v in b.rng.integers(0, 2, size=3)))
        return b.build()

    return make


def one_node(make):
    """A random 16x8 case of one node (test_weighted_16x8's node makers)."""

    def case(seed):
        b = Batch(seed)
        make(b)
        return b.build()

    return case


# backend, random case maker, registration, its C sources (the mve ones compiled with the feature macro: the
# registration holds no Helium code), the family header, the family's prepare
KINDS = {
    "conv_2d_dsp": (
        "dsp",
        lambda s: dsp_conv_2d_cases.case(s, pointwise=s % 3 == 0),
        "mg_register_conv_2d_dsp",
        ["conv_2d_dsp.c", "conv_2d_s8_dsp.c"],
        "conv_2d.h",
    ),
    "depthwise_conv_2d_dsp": (
        "dsp",
        dsp_depthwise_conv_2d_cases.case,
        "mg_register_depthwise_conv_2d_dsp",
        ["depthwise_conv_2d_dsp.c", "depthwise_conv_2d_s8_dsp.c"],
        "depthwise_conv_2d.h",
    ),
    "depthwise_conv_2d_multiplier_dsp": (
        "dsp",
        dsp_depthwise_conv_2d_multiplier_cases.case,
        "mg_register_depthwise_conv_2d_dsp",
        ["depthwise_conv_2d_dsp.c", "depthwise_conv_2d_multiplier_s8_dsp.c"],
        "depthwise_conv_2d.h",
    ),
    "depthwise_conv_2d_multiplier_mve": (
        "mve",
        dsp_depthwise_conv_2d_multiplier_cases.case,
        "mg_register_depthwise_conv_2d_mve",
        ["depthwise_conv_2d_mve.c", "depthwise_conv_2d_multiplier_s8_mve.c"],
        "depthwise_conv_2d.h",
    ),
    "fully_connected_dsp": (
        "dsp",
        dsp_fully_connected_cases.case,
        "mg_register_fully_connected_dsp",
        ["fully_connected_dsp.c", "fully_connected_s8_dsp.c"],
        "fully_connected.h",
    ),
    "conv_2d_mve": (
        "mve",
        lambda s: mve_conv_2d_cases.int8_case(s, pointwise=s % 3 == 0),
        "mg_register_conv_2d_mve",
        ["conv_2d_mve.c", "conv_2d_s8_mve.c"],
        "conv_2d.h",
    ),
    "depthwise_conv_2d_mve": (
        "mve",
        lambda s: mve_depthwise_conv_2d_cases.int8_case(s, three_by_three=s % 2 == 0),
        "mg_register_depthwise_conv_2d_mve",
        ["depthwise_conv_2d_mve.c", "depthwise_conv_2d_s8_mve.c"],
        "depthwise_conv_2d.h",
    ),
    "conv_2d_portable": (
        "portable",
        lambda s: mve_conv_2d_cases.int8_case(s, pointwise=s % 3 == 0),
        "mg_register_conv_2d_portable",
        ["conv_2d_portable.c", "conv_2d_s8_portable.c", "portable_dot8.c"],
        "conv_2d.h",
    ),
    "depthwise_conv_2d_portable": (
        "portable",
        dsp_depthwise_conv_2d_cases.case,
        "mg_register_depthwise_conv_2d_portable",
        [
            "depthwise_conv_2d_portable.c",
            "depthwise_conv_2d_s8_portable.c",
            "depthwise_conv_2d_3x3_planes_s8_portable.c",
            "portable_dot8.c",
        ],
        "depthwise_conv_2d.h",
    ),
    "fully_connected_portable": (
        "portable",
        dsp_fully_connected_cases.case,
        "mg_register_fully_connected_portable",
        ["fully_connected_portable.c", "fully_connected_s8_portable.c", "portable_dot8.c"],
        "fully_connected.h",
    ),
    "transpose_conv_s8": (
        "reference",
        transpose_conv_case("int8"),
        "mg_register_transpose_conv",
        ["transpose_conv.c", "transpose_conv_s8.c"],
        "transpose_conv.h",
        "transpose_conv_prepare.c",
    ),
    "transpose_conv_s16": (
        "reference",
        transpose_conv_case("int16"),
        "mg_register_transpose_conv",
        ["transpose_conv.c", "transpose_conv_s16.c"],
        "transpose_conv.h",
        "transpose_conv_prepare.c",
    ),
    "transpose_conv_dsp": (
        "dsp",
        transpose_conv_case("int8"),
        "mg_register_transpose_conv_dsp",
        ["transpose_conv_dsp.c", "transpose_conv_s8_dsp.c"],
        "transpose_conv.h",
        "transpose_conv_prepare.c",
    ),
    "transpose_conv_mve": (
        "mve",
        transpose_conv_case("int8"),
        "mg_register_transpose_conv_mve",
        ["transpose_conv_mve.c", "transpose_conv_s8_mve.c"],
        "transpose_conv.h",
        "transpose_conv_prepare.c",
    ),
    "batch_matmul_mve": (
        "mve",
        batch_matmul_case("int8"),
        "mg_register_batch_matmul_mve",
        ["batch_matmul_mve.c", "batch_matmul_s8_mve.c"],
        "batch_matmul.h",
        "batch_matmul_prepare.c",
    ),
    "batch_matmul_s16_mve": (
        "mve",
        batch_matmul_case("int16"),
        "mg_register_batch_matmul_mve",  # the mve registration, which serves int8 and int16 nodes
        ["batch_matmul_mve.c", "batch_matmul_s16_mve.c"],
        "batch_matmul.h",
        "batch_matmul_prepare.c",
    ),
    "batch_matmul_dsp": (
        "dsp",
        batch_matmul_case("int8"),
        "mg_register_batch_matmul_dsp",
        ["batch_matmul_dsp.c", "batch_matmul_s8_dsp.c"],
        "batch_matmul.h",
        "batch_matmul_prepare.c",
    ),
    "batch_matmul_s16_dsp": (
        "dsp",
        batch_matmul_case("int16"),
        "mg_register_batch_matmul_dsp",  # the dsp registration, which serves int8 and int16 nodes
        ["batch_matmul_dsp.c", "batch_matmul_s16_dsp.c"],
        "batch_matmul.h",
        "batch_matmul_prepare.c",
    ),
    "conv_2d_s16_dsp": (
        "dsp",
        one_node(weighted_16x8_cases.conv_node),
        "mg_register_conv_2d_dsp",  # the dsp registration, which serves int8 and 16x8 nodes
        ["conv_2d_dsp.c", "conv_2d_s16_dsp_scratch_size.c"],
        "conv_2d.h",
        "mg_prepare_weighted.c",
        "conv_2d_s16_dsp.c",  # its 16x8 prepare
    ),
    "fully_connected_s16_dsp": (
        "dsp",
        one_node(weighted_16x8_cases.fully_connected_node),
        "mg_register_fully_connected_dsp",  # the dsp registration, which serves int8 and 16x8 nodes
        ["fully_connected_dsp.c", "fully_connected_s16_dsp_scratch_size.c"],
        "fully_connected.h",
        "mg_prepare_weighted.c",
        "fully_connected_s16_dsp.c",  # its 16x8 prepare
    ),
}

TYPES = {"INT8": "MG_INT8", "INT16": "MG_INT16", "INT32": "MG_INT32", "INT64": "MG_INT64"}
SLOTS = 5  # mg_tensors entries per case: inputs 0-3 (absent ones empty), then the output

MAIN_C = r"""
#include <stdio.h>
#include "mg_tensor_scales.h"
const uint8_t mg_model_data[4];
const char *mg_failure_reason;
const uint8_t *mg_tensor_scales(int32_t tensor, uint32_t count) /* present: the scales are not the point here */
{
    static const uint8_t scales[4];
    (void)tensor;
    (void)count;
    return scales;
}
static unsigned char scratch[1 << 20];
int main(void)
{
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); ++i) {
        const int32_t outputs[1] = {SLOTS * i + SLOTS - 1};
        mg_node node = {mg_tensors, cases[i].inputs, outputs, (uint8_t)cases[i].num_inputs, 1, 0, cases[i].params,
                        cases[i].bytes ? scratch : 0, cases[i].bytes, 0};
        int exact = REGISTRATION.prepare(&node) == MG_OK;
        int short_by_one = 1;
        if (cases[i].bytes) {
            node.scratch_size = cases[i].bytes - 1;
            short_by_one = REGISTRATION.prepare(&node) == MG_OK;
        }
        printf("%d %d %d\n", i, exact, short_by_one);
    }
    return 0;
}
"""


def _planned_nodes(kind: str) -> list:
    backend, make = KINDS[kind][:2]
    nodes, seed = [], 0
    while len(nodes) < CASES:
        graph = read_model(make(seed))
        seed += 1
        checked = check(graph, backends=[backend, "reference"])
        if checked.kernels[0].backend != backend:
            continue
        op = graph.operators[0]
        the_plan = plan(checked, memory="layer")  # one node: no row patches around it
        node = the_plan.nodes[0]
        for placed in the_plan.in_place:  # this harness has no mg_model_data: the rearranged words as an array
            words = placed.data + bytes(-len(placed.data) % 4)  # a buffer of a size that is not whole words
            node.params.fields[placed.field] = np.frombuffer(words, dtype="<i4").tolist()
        tensors = [graph.tensors[i] if i >= 0 else None for i in op.inputs] + [graph.tensors[op.outputs[0]]]
        nodes.append((node, tensors))
    return nodes


def _case_source(i: int, node, tensors) -> tuple[str, str]:
    """The generated parameter block of case i (as templates/node_params.c.j2 writes it), its tensors' shapes,
    and its row in the case table."""
    lines, fields = [], []
    for name, value in node.params.fields.items():
        if isinstance(value, list):
            ctype = "float" if isinstance(value[0], float) else "int32_t"
            lines.append(
                f"static const {ctype} case{i}_{name.replace('.', '_')}[] = "
                f"{{ {', '.join(c_value(v) for v in value)} }};"
            )
            fields.append(f".{name} = case{i}_{name.replace('.', '_')}")
        else:
            fields.append(f".{name} = {c_value(value)}")
    lines.append(f"static const {node.params.c_type} case{i}_params = {{ {', '.join(fields)} }};")
    slots = _slots(tensors)
    for k, t in enumerate(slots):
        if t is not None:
            lines.append(f"static const int32_t case{i}_dims{k}[] = {{ {', '.join(str(d) for d in t.shape)} }};")
    inputs = [str(SLOTS * i + k) if t is not None else "-1" for k, t in enumerate(tensors[:-1])]
    num_inputs = len(tensors) - 1
    lines.append(f"static const int32_t case{i}_inputs[] = {{ {', '.join(inputs[:num_inputs])} }};")
    row = f"{{case{i}_inputs, {num_inputs}, &case{i}_params, {node.scratch_bytes}u}}"
    return "\n".join(lines), row


def _slots(tensors) -> list:
    """A case's SLOTS mg_tensors entries: inputs 0-3 (None where absent), then the output."""
    return (tensors[:-1] + [None] * (SLOTS - 1))[: SLOTS - 1] + tensors[-1:]


def _tensor_table(nodes) -> str:
    entries = []
    for i, (_, tensors) in enumerate(nodes):
        for k, t in enumerate(_slots(tensors)):
            entries.append(
                "{0, 0, 0, 0}" if t is None else f"{{0, case{i}_dims{k}, {len(t.shape)}, {TYPES[t.dtype.name]}}}"
            )
    return f"const mg_tensor mg_tensors[] = {{ {', '.join(entries)} }};"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_planned_scratch_is_what_prepare_demands(kind, tmp_path):
    backend, _, registration, sources, header, *prepare = KINDS[kind]
    nodes = _planned_nodes(kind)
    assert any(node.scratch_bytes for node, _ in nodes)
    blocks, rows = zip(*(_case_source(i, node, tensors) for i, (node, tensors) in enumerate(nodes)))
    source = "\n".join(
        [
            f'#include "{header}"',
            '#include "mg_kernel.h"',
            "typedef struct {",
            "    const int32_t *inputs; int num_inputs; const void *params; uint32_t bytes;",
            "} scratch_case;",
            *blocks,
            _tensor_table(nodes),
            f"static const scratch_case cases[] = {{ {', '.join(rows)} }};",
            f"#define REGISTRATION {registration}",
            f"#define SLOTS {SLOTS}",
            MAIN_C,
        ]
    )
    (tmp_path / "main.c").write_text(source)
    feature = ["-D__ARM_FEATURE_MVE=1"] if backend == "mve" else []

    def compile_object(name: str, flags=()) -> str:
        obj = tmp_path / (name.split("/")[-1] + ".o")
        includes = [*KERNEL_INCLUDES, f"-I{FIRMWARE / 'runtime'}"]
        subprocess.run(
            ["gcc", "-std=c99", "-O1", *flags, *includes, "-c", str(kernel_path(name)), "-o", str(obj)], check=True
        )
        return str(obj)

    # the registration (Helium's with its flag), its prepare, and the scratch-size functions beside the kernels
    # (sources[1:]: on the host their Helium parts compile away)
    objects = [
        compile_object(sources[0], feature),
        *(compile_object(name) for name in prepare or ["mg_prepare_weighted.c"]),
        *(compile_object(name) for name in sources[1:]),
    ]
    exe = tmp_path / "scratch_check"
    subprocess.run(
        [
            "gcc",
            "-std=c99",
            "-O1",
            *KERNEL_INCLUDES,
            f"-I{FIRMWARE / 'runtime'}",
            str(tmp_path / "main.c"),
            *objects,
            "-no-pie",
            "-Wl,--unresolved-symbols=ignore-all",
            "-o",
            str(exe),
        ],  # the mve invoke is never called
        check=True,
    )
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n")
    results = np.array([[int(v) for v in line.split()] for line in out if line.strip()])
    assert len(results) == len(nodes)
    assert results[:, 1].all(), f"prepare refused the planned scratch: cases {np.flatnonzero(results[:, 1] == 0)}"
    with_scratch = np.array([node.scratch_bytes > 0 for node, _ in nodes])
    assert not results[with_scratch, 2].any(), "prepare accepted one byte less than the plan: the plan is too big"
