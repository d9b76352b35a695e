"""Sparse constants written dense: the reader already densified their data (model/sparsity.py); this marks them
dense so the rewritten model stores them so, and names what changed. TFLite Micro has no sparse tensors and
mcugen's kernels read dense weights, so this is what makes such a model runnable; a DENSIFY node over one then
folds into the constant (fold.py)."""

from __future__ import annotations

import numpy as np

from ..check import READS_SPARSITY
from .work import Rewrite, Work


def densify_constants(work: Work) -> list[Rewrite]:
    rewrites = []
    for t in work.tensors:
        readers = work.readers(t.index)
        if not t.sparse or any(op.op_name not in READS_SPARSITY for op in readers):
            continue  # another reader takes the buffer as dense in TFLite: the check stage says so
        t.sparse = False
        nonzero = int(np.count_nonzero(t.array()))
        detail = f"tensor {t.index} '{t.name}' stored dense: {t.dtype.name} {list(t.shape)}, {nonzero} nonzero"
        rewrites.append(Rewrite("densify", [op.index for op in readers], [op.display_name for op in readers], detail))
    return rewrites
