"""int4 weights (TensorType INT4, packed two to a byte) of FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D with int8
activations, against TFLite Micro, which widens them to int8 before its int8 kernels."""

import pytest
import test_conv_2d
import test_depthwise_conv_2d
import test_fully_connected

from kernel_harness import seed_groups, verify_cases


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_fully_connected_random(seeds):
    verify_cases({f"seed {s}": test_fully_connected.int8_case(s, "int4") for s in seeds}, count=2, seed=seeds[0])


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_conv_2d_random(seeds):
    verify_cases({f"seed {s}": test_conv_2d.int8_case(s, weights="int4") for s in seeds}, count=2, seed=seeds[0])


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_depthwise_conv_2d_random(seeds):
    cases = {f"seed {s}": test_depthwise_conv_2d.int8_case(s, weights="int4") for s in seeds}
    verify_cases(cases, count=2, seed=seeds[0])
