"""firmware/kernels/mg_sigmoid_table.c holds numbers, so this derives every one of them from the formula its
opening comment gives (the int16 LOGISTIC and TANH bit-exact tests then show that formula is TFLite's table)."""

import math
import re

from generator.paths import kernel_path


def sigmoid_sample(i: int) -> int:
    """sigmoid(i / 24) in Q16, raised by half the sag of the chord to its neighbours: s''(x) * h^2 / 16."""
    s = 1.0 / (1.0 + math.exp(-i / 24))
    second_derivative = s * (1 - s) * (1 - 2 * s)
    return math.floor(65536 * (s - second_derivative / (16 * 24 * 24)) + 0.5)


def test_every_entry_follows_the_formula():
    source = kernel_path("mg_sigmoid_table.c").read_text()
    body = source[source.index("{") : source.index("}")]
    table = [int(v) for v in re.findall(r"\b\d+\b", body)]
    assert len(table) == 256
    assert table == [sigmoid_sample(i) for i in range(255)] + [65535]
