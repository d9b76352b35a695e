"""Case builders of the hard_swish tests that other test modules use too."""

from modelkit import GraphBuilder


def scaled_case(in_scale, in_zp, out_scale, out_zp, shape=(256,)):
    g = GraphBuilder()
    x = g.tensor(list(shape), "int8", in_scale, in_zp)
    y = g.tensor(list(shape), "int8", out_scale, out_zp)
    g.op("HARD_SWISH", [x], [y], version=1)
    return g.build([x], [y])
