"""Resource variables of the types TFLite Micro keeps as bytes beside the streaming ones: bool, int64 and uint8
states delayed one step (READ_VARIABLE, then ASSIGN_VARIABLE; first values from a CALL_ONCE init subgraph),
against TFLite Micro step by step on the host build and in QEMU on a Cortex-M4."""

import numpy as np
import pytest
from streaming_models import delay_line

from cases.streaming import read_io
from generator.pipeline import random_sets
from kernel_harness import verify_model

TYPES = ("bool", "int64", "uint8")


def test_bool_int64_and_uint8_state_delay_one_step():
    data = delay_line(TYPES)
    sets = random_sets(read_io(data), 6, seed=3)
    device = verify_model(data, sets=sets)
    for step in range(1, 6):
        for k, previous in enumerate(device[step].outputs):
            assert np.array_equal(np.asarray(previous).astype(TYPES[k]), sets[step - 1][k])


@pytest.mark.qemu
def test_in_qemu():
    data = delay_line(TYPES)
    verify_model(data, sets=random_sets(read_io(data), 3, seed=4), qemu=True, board="mps2-an386")
