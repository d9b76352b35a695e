"""Instructions per inference, estimated from the plan before anything runs: what --memory auto's cap compares
(a plan's overlaps and row patches may add at most TOTAL_OVERHEAD_CAP percent over the --memory layer plan).

A node's estimate is its backend's call cost plus terms linear in its work (NodeCost), per backend and op. The
constants were fitted (non-negative least squares on relative error, the call cost held at PER_CALL) to the
per-node instructions `mcugen plan MODEL --nodes --run --csv` measured in QEMU on the six bundled zoo models
(keyword_spotting, image_classification, visual_wake_words, tflite_micro_speech, tflite_micro_magic_wand,
anomaly_detection): reference and dsp on mps2-an386, mve on mps3-an547, each overlap's own cost
(KernelSpec.overlap_cost) taken out first. Per model the --memory layer estimate is within 5 % of the measured
total on the three large CNNs with every backend but one (visual_wake_words with mve, +16 %: the reference
QUANTIZE costs less on the M55 than the M4 fit says), and up to 37 % off on the three small ones (docs/design.md,
"The cap is the model's", has the table). The cap compares two plans of one model, so what the estimate must get
right is their difference: halo rows recomputed, more calls, copies, overlap orders. A free intercept fitted
large per-call costs (up to 134,000 instructions for a reference CONV_2D) that the row-patch runs contradict (a
band of a convolution costs its share of the MACs), so PER_CALL is what a node with almost no work costs (a
64-MAC FULLY_CONNECTED, a view). The row-patch runs' band nodes are in the fit too."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalog import KernelSpec
from ..model import Graph, Operator, Tensor

TOTAL_OVERHEAD_CAP = 10.0  # percent: --memory auto's cap on a plan's estimate over the --memory layer plan's
# Percentage points a plan with row patches must stay below the cap: such plans measured up to 0.9 points above
# their estimate in QEMU (image_classification's 6 bands: +9.7 % estimated, +10.5 % measured with dsp, +10.3 /
# +11.2 % with the reference kernels; magic_wand's 4 bands -0.9 / -0.1 %), the bands' smaller tensors costing a
# little more per MAC than the fit says.
PATCH_ESTIMATE_ERROR = 1.0


@dataclass(frozen=True)
class NodeCost:
    per_mac: float
    per_column: float  # per element of the im2col columns: MACs over output channels (the input each output reads)
    per_output: float  # per output element written (requantization; all the work of a node without MACs)
    per_pixel: float = 0.0  # per output position of a node with MACs (output elements over channels)
    per_loop: float = 0.0  # per inner loop of a CONV_2D: MACs over input channels (one-channel inputs cost most)


PER_CALL = {"reference": 100.0, "dsp": 300.0, "mve": 200.0}
NODE_COSTS = {
    ("reference", "CONV_2D"): NodeCost(5.3, 0, 40.67, 747.41, 4.28),
    ("reference", "DEPTHWISE_CONV_2D"): NodeCost(18.83, 0, 2.09),
    ("reference", "FULLY_CONNECTED"): NodeCost(4.26, 0.02, 94.18, 11.63),
    ("reference", "ADD"): NodeCost(0, 0, 64.61),
    ("reference", "AVERAGE_POOL_2D"): NodeCost(0, 0, 211.74),
    ("reference", "MAX_POOL_2D"): NodeCost(0, 0, 162.45),
    ("reference", "QUANTIZE"): NodeCost(0, 0, 35.58),
    ("reference", "SOFTMAX"): NodeCost(0, 0, 633.77),
    ("dsp", "CONV_2D"): NodeCost(0.89, 0.96, 1.77, 242.15, 0.37),
    ("dsp", "DEPTHWISE_CONV_2D"): NodeCost(3.06, 0, 0.34),
    ("dsp", "FULLY_CONNECTED"): NodeCost(1.64, 0.22, 7.83),
    ("dsp", "ADD"): NodeCost(0, 0, 11.94),
    ("dsp", "AVERAGE_POOL_2D"): NodeCost(0, 0, 59.5),
    ("dsp", "MAX_POOL_2D"): NodeCost(0, 0, 25.2),
    ("mve", "CONV_2D"): NodeCost(0.14, 0.36, 3.41, 127.79, 0.18),
    ("mve", "DEPTHWISE_CONV_2D"): NodeCost(1.18, 0.11, 0.13, 0.01),
    ("mve", "FULLY_CONNECTED"): NodeCost(0.17, 0.07, 3.36),
    ("mve", "ADD"): NodeCost(0, 0, 5.24),
    ("mve", "AVERAGE_POOL_2D"): NodeCost(0, 0, 14.55),
    ("mve", "MAX_POOL_2D"): NodeCost(0, 0, 8.5),
}
# Ops without a row of their own: the backend's fit over all its nodes; a reference node without MACs (an
# elementwise op) at about what the fitted elementwise ops cost per output (QUANTIZE 37, ADD 65).
BACKEND_COSTS = {
    "reference": NodeCost(5.83, 0, 40.0, 762.92),
    "dsp": NodeCost(0.9, 2.43, 13.83),
    "mve": NodeCost(0.13, 0.09, 7.57),
}
# Nodes that only move bytes (mg_copy.h's memcpy): per byte copied, whatever the backend. Not in the fit (the
# bundled models copy nothing); newlib-nano's memcpy (built for size) moves a byte per loop of about four
# instructions, the figure taken here.
COPY_OPS = {"CONCATENATION", "SLICE", "STRIDED_SLICE", "SPLIT", "SPLIT_V", "PACK", "UNPACK", "RESHAPE", "SQUEEZE"}
PER_COPIED_BYTE = 4.0


def node_instructions(
    kernel: KernelSpec, op: Operator, inputs: list[Tensor | None], outputs: list[Tensor], written: int | None = None
) -> float:
    """One node's estimate; `written`: the output elements it really writes (fewer when some already sit in
    place, a view's none), by default all of them. A backend without a fit (portable, a custom op's) is costed as
    the reference kernels: the cap compares plans of one model, so what matters is the ratio of the terms."""
    backend = kernel.backend if kernel.backend in PER_CALL else "reference"
    if written is None:
        written = sum(t.num_elements for t in outputs)
    if op.op_name in COPY_OPS:
        return PER_CALL[backend] + PER_COPIED_BYTE * written * (outputs[0].dtype.size if outputs else 1)
    cost = NODE_COSTS.get((backend, op.op_name), BACKEND_COSTS[backend])
    macs = kernel.macs(op, inputs, outputs)
    channels = max(outputs[0].shape[-1] if outputs and outputs[0].shape else 1, 1)
    pixels = sum(t.num_elements for t in outputs) / channels if macs else 0
    depth = max(inputs[0].shape[-1] if inputs and inputs[0] is not None and inputs[0].shape else 1, 1)
    work = (
        cost.per_mac * macs + cost.per_column * macs / channels + cost.per_pixel * pixels + cost.per_loop * macs / depth
    )
    return PER_CALL[backend] + work + cost.per_output * written


def _written(graph: Graph, op: Operator, views: dict[int, int]) -> int:
    """The output elements a node writes when the plan made some of its tensors views: none for an output that
    is a view of its input (a SLICE in place), and a CONCATENATION's inputs already written in place are skipped."""
    outputs = [graph.tensors[t] for t in op.outputs]
    if any(views.get(t) in op.inputs for t in op.outputs):
        return 0
    in_place = sum(graph.tensors[t].num_elements for t in set(op.inputs) if t >= 0 and views.get(t) in op.outputs)
    return max(sum(t.num_elements for t in outputs) - in_place, 0)


def plan_instructions(plan) -> float:
    """A plan's estimate: every node of every subgraph (a view kernel's only its call), and the instructions each
    overlap's kernel order adds (KernelSpec.overlap_cost)."""
    total = 0.0
    for sub in plan.subgraphs or [plan]:
        graph = sub.graph
        for node in sub.nodes:
            op = graph.operators[node.index]
            inputs, outputs = graph.node_io(op)
            written = 0 if node.kernel.view else _written(graph, op, sub.views)
            total += node_instructions(node.kernel, op, inputs, outputs, written)
        for o in sub.overlaps:
            op = graph.operators[o.node]
            total += sub.nodes[o.node].kernel.overlap_cost(op, *graph.node_io(op))
    return total


def overhead(instructions: float, layer_instructions: float) -> float:
    """Percent of the --memory layer plan's estimate."""
    return 100.0 * (instructions - layer_instructions) / layer_instructions if layer_instructions else 0.0
