"""Case builders of the dsp_pooling tests that other test modules use too."""

from cases import pooling

DEPTHS = [1, 3, 4, 5, 8, 12, 16, 19]  # around the kernels' 4-channel steps


def pool_case(op: str, seed: int, dtype: str = "int8", shape=None, window=None) -> bytes:
    return pooling.pool_case(op, dtype, seed, depths=DEPTHS, max_side=14, shape=shape, window=window)
