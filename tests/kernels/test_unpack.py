"""UNPACK: randomized int8/float32 (and int16/int32) splits along every axis against TFLite Micro."""

import pytest

from cases.unpack import unpack_case
from kernel_harness import verify_cases, verify_model


def test_unpack_random():
    cases = {f"seed {seed}": unpack_case(seed, ["int8", "float32"][seed % 2]) for seed in range(16)}
    verify_cases(cases, count=2, seed=1)


def test_unpack_other_types():
    cases = {f"seed {seed} {dtype}": unpack_case(seed, dtype) for seed, dtype in [(100, "int16"), (101, "int32")]}
    verify_cases(cases, count=2, seed=100)


@pytest.mark.qemu
def test_in_qemu():
    verify_model(unpack_case(6, "float32"), count=2, seed=6, qemu=True)
