"""ADD in the mve backend (firmware/kernels/add_s8_mve.c, add_s16_mve.c, registered by add_mve.c), on the family's
parameters (add.py): int8 with both inputs of the output's element count (no broadcasting), every int16 node
(broadcasting included). Everything else stays with the reference kernel."""

from __future__ import annotations

from .add import claims_same_count_s8, kernel, same_type_s16


def claims(op, inputs, outputs) -> str | None:
    return None if same_type_s16(op, inputs, outputs) else claims_same_count_s8(op, inputs, outputs)


SPEC = kernel("mve", ("add_mve.c", "add_s8_mve.c", "add_s16_mve.c", "mg_mve.h"), claims=claims, int16=True)
