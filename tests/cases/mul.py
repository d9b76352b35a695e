"""Case builders of the mul tests that other test modules use too."""

from kernel_harness import rand_scale


def out_scale(rng):
    """Output scales around the product of the input scales, so that results span the int8 range; some with a
    multiplier above 1 (a left shift)."""
    return rand_scale(rng, 2e-4, 0.02)


def int16_out_scale(rng, s1, s2):
    """Products of full-range int16 values (up to 2^30) land around the int16 range: multipliers near 2^-15,
    never 1 or above (int16 MUL's limit)."""
    return s1 * s2 * 2.0**15 * float(rng.uniform(0.3, 3.0))
