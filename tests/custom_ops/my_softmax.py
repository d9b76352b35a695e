"""MySoftmax: a softmax-like custom op with integer semantics, so its C and Python sides agree bit for bit.

Per row of the last axis: m = max(x); w_i = 2^max(0, 15 - ((m - x_i) >> shift)); out_i = clamp(256 * w_i // sum(w)
- 128, -128, 127). `shift` comes from the FlexBuffers custom options (default 0).
"""

import numpy as np

from generator.catalog.custom import CustomOp


class MySoftmax(CustomOp):
    op_type = "MySoftmax"
    version = 1
    c_sources = ("my_softmax.h", "my_softmax.c")
    c_registration = "mg_register_my_softmax"

    def shape_infer(self, node, in_shapes, in_dtypes):
        return [in_shapes[0]], ["int8"]

    def compute(self, node, inputs):
        shift = (node.options or {}).get("shift", 0)
        x = inputs[0].astype(np.int64)
        m = x.max(axis=-1, keepdims=True)
        w = np.left_shift(1, np.maximum(0, 15 - ((m - x) >> shift)))
        out = (w << 8) // w.sum(axis=-1, keepdims=True) - 128
        return [np.clip(out, -128, 127).astype(np.int8)]
