"""Every op and type of the reference catalog as ARMv6-M code: test_every_op_in_qemu.py's merged model built for
the Cortex-M0+ (`mps2-an385-m0plus`: the AN385's Cortex-M3 runs ARMv6-M code unchanged and has the memory for
it), bit-exact against TFLite Micro. Kernels compile to other instruction sequences without SDIV/UDIV, SSAT,
long multiply-accumulate or Thumb-2; this runs them."""

import pytest

from cases.every_op_in_qemu import sweep_model
from kernel_harness import verify_model


@pytest.mark.qemu
@pytest.mark.slow  # plans 247 nodes and builds every kernel: about a minute
def test_every_op_as_cortex_m0plus_code():
    data, inputs, names = sweep_model()
    verify_model(data, sets=[inputs], qemu=True, board="mps2-an385-m0plus", output_names=names)
