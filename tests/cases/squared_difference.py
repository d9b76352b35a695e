"""Case builders of the squared_difference tests that other test modules use too."""

from op_cases import random_quant, random_values

from kernel_harness import rand_scale


def small_int32(rng, shape):
    """int32 values whose squared differences stay within int32."""
    return random_values(rng, "int32", shape, low=-40000, high=40000)


def quantizer(dtype):
    """Random input quantizations; an output scale near the range of the squared input differences."""
    state = {}

    def quant(rng, role):
        if role != "output":
            q = random_quant(rng, dtype)
            state[role] = q[0]
            return q
        widest = max(state["input1"], state["input2"])
        levels = 127.0 if dtype == "int8" else 32767.0
        scale = (2 * widest * levels) ** 2 / levels * rand_scale(rng, 0.01, 1.0)
        return scale, int(rng.integers(-128, 128)) if dtype == "int8" else 0

    return quant
