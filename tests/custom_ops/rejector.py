"""Rejector: passes every generation-time check but its C prepare refuses the node, to show the device's
prepare-failure message."""

from generator.catalog.custom import CustomOp


class Rejector(CustomOp):
    op_type = "Rejector"
    c_sources = ("rejector.c",)
    c_registration = "mg_register_rejector"

    def shape_infer(self, node, in_shapes, in_dtypes):
        return [in_shapes[0]], [in_dtypes[0]]

    def compute(self, node, inputs):
        return [inputs[0]]
