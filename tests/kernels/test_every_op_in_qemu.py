"""Every op and type of the reference catalog, cross-compiled and run in QEMU on an ARMv7-M board (mps2-an386,
Cortex-M4) and an ARMv8-M one (mps2-an505, Cortex-M33), bit-exact against TFLite Micro: one representative
case of each (op, type), built by the op's own case builders, all merged into one model, so one firmware per board.

SWEEP (tests/cases/every_op_in_qemu.py) maps (op, input type) to a part: a function returning a model and one
input set; an element-wise op without a line there gets a generic part derived from the catalog (derived_parts).
Excluded (they need models of their own: tests/test_control_flow.py, tests/test_streaming.py):
- CALL_ONCE, IF, WHILE: several subgraphs (the merged model is one subgraph);
- VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE: resource variables, initialised by a CALL_ONCE subgraph.
Custom ops are not in the reference catalog (`reference_kernels` leaves them out).

The host lane checks that SWEEP covers exactly the catalog minus these, and that the merged model passes the
check stage (no plan, no build), so a new op without a sweep entry fails fast."""

from __future__ import annotations

import pytest

from cases.every_op_in_qemu import SWEEP, derived_parts, sweep_model, sweep_parts
from generator.catalog import reference_kernels
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import OPS, unpack

BOARDS = ["mps2-an386", "mps2-an505"]  # ARMv7-M Cortex-M4, ARMv8-M Cortex-M33
EXCLUDED = {
    "CALL_ONCE": "several subgraphs",
    "IF": "several subgraphs",
    "WHILE": "several subgraphs",
    "VAR_HANDLE": "resource variables",
    "READ_VARIABLE": "resource variables",
    "ASSIGN_VARIABLE": "resource variables",
    # state in variable tensors makes a model a stream; their own QEMU tests run every type on both boards
    "SVDF": "variable-tensor state (test_svdf.py)",
    "UNIDIRECTIONAL_SEQUENCE_LSTM": "variable-tensor state (test_unidirectional_sequence_lstm.py)",
}


def test_sweep_covers_the_catalog():
    catalog = {(k.op, t.lower()) for k in reference_kernels() for t in k.dtypes if k.op not in EXCLUDED}
    derived, litert_only = derived_parts()
    swept = {*SWEEP, *derived}
    missing = catalog - swept - litert_only
    assert not missing, f"reference kernels without a sweep entry: {sorted(missing)}"
    assert not swept - catalog, f"sweep entries the catalog does not list: {sorted(swept - catalog)}"


def test_sweep_model_passes_check():
    """Each part holds its op, and the check stage accepts the merged model (planning it takes seconds and
    building it minutes: the QEMU test does both)."""
    for (op, dtype), (data, _) in sweep_parts().items():
        assert OPS[op] in {c.builtinCode for c in unpack(data).operatorCodes}, f"the {op} {dtype} part has no {op}"
    data, _, _ = sweep_model()
    assert {k.op for k in check(read_model(data)).kernels} == {op for op, _ in sweep_parts()}


@pytest.mark.qemu
@pytest.mark.slow  # plans 247 nodes and builds every kernel: about a minute
@pytest.mark.parametrize("board", BOARDS)
def test_every_op_in_qemu(board):
    data, inputs, names = sweep_model()
    verify_model(data, sets=[inputs], qemu=True, board=board, output_names=names)
