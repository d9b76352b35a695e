"""What a kernel in the catalog declares: the op it implements, the versions and types it accepts, its C
sources, and how the generator computes its parameters and scratch size ahead of time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..model import CUSTOM_CODE, Operator, Tensor

# The option the planner sets on a node whose output it put over its input before it asks the kernel's `params`
# again: "below" (KernelSpec.overlap) or "above" (overlap_above). A kernel may keep a cheaper order of work for
# the nodes without (conv_2d.py), and must write its rows last first for "above".
OVERLAPPED = "mg_overlapped"
# The option the planner sets on a node whose kernel has a lean order for it (KernelSpec.lean_scratch) when that
# order's smaller scratch lowers the arena, before it asks the kernel's scratch_bytes, overlap and params again.
LEAN_SCRATCH = "mg_lean_scratch"
# The option the planner sets on a node whose kernel keeps state across invokes (KernelSpec.state_bytes): the
# byte offset of that state in the persistent region (mg_persistent), before it asks the kernel's `params`.
KERNEL_STATE = "mg_kernel_state"
# The share of a node's estimated instructions (plan/cost.py, per backend) an overlap's overlap_cost may add for
# the overlap to be among --memory auto's cheap ones; auto also tries every overlap, within the model's cap
# (plan/cost.py's TOTAL_OVERHEAD_CAP over the --memory layer plan).
OVERLAP_COST_SHARE = 0.10


class CExpr(str):
    """A field value written into the generated C as it is (an address such as `mg_model_data + 1652`)."""


@dataclass(frozen=True)
class ModelWords:
    """A field's int32 array that is a rearrangement of the constant `tensor`'s data (a backend's weight layout).
    When the words take exactly the tensor's bytes and nothing else reads that buffer, the planner writes them over
    the buffer in the firmware's copy of the model and the field points there (generator/plan/in_place.py); else
    the field is a static array like any list. The reference run keeps the model as given."""

    tensor: Tensor
    words: tuple[int, ...]
    # The rearrangement's bytes when the tensor's size is not whole words: the words pad it with zeros, and the
    # kernel reads no byte past these (then the first nbytes go in place).
    nbytes: int | None = None


@dataclass
class NodeParams:
    """A kernel's parameter block: a C struct type and its field values (ints, floats, or lists)."""

    c_type: str
    fields: dict = field(default_factory=dict)


@dataclass(frozen=True)
class KernelSpec:
    op: str  # BuiltinOperator name, or the custom op's exact name
    builtin_code: int
    versions: tuple[int, int]  # inclusive range accepted by FindOp
    dtypes: tuple[str, ...]  # input types the kernel handles, for docs and messages
    sources: tuple[str, ...]  # files it needs (headers included): names under firmware/kernels/, or absolute paths
    registration: str  # C symbol of its mg_registration
    validate: Callable[[Operator, list[Tensor | None], list[Tensor]], str | None]
    params: Callable[[Operator, list[Tensor | None], list[Tensor]], NodeParams]
    scratch_bytes: Callable[[Operator, list[Tensor | None], list[Tensor]], int] = lambda op, i, o: 0
    # Bytes of state the kernel keeps across invokes (TFLite Micro's persistent buffers that an invoke updates, such
    # as a noise estimate): the planner places them in the persistent region after the resource variables, zero
    # at start, and sets the node's KERNEL_STATE option to their offset there.
    state_bytes: Callable[[Operator, list[Tensor | None], list[Tensor]], int] = lambda op, i, o: 0
    # The output is the first input's bytes seen with another shape (RESHAPE, SQUEEZE, ...): the planner
    # gives both one buffer, and the kernel does nothing when the two pointers are equal.
    view: bool = False
    # Outputs that, for this node's shapes, are runs of one input's bytes (a SLICE of contiguous elements, a
    # SPLIT along the outermost axis, a TRANSPOSE that moves only size-1 axes): (that input's index, each
    # output's byte offset in it), or None. The planner may then place the outputs on those bytes
    # (docs/kernels.md, "Views"); the kernel copies nothing for an output that already sits there.
    view_offsets: Callable[[Operator, list[Tensor | None], list[Tensor]], tuple[int, list[int]] | None] = (
        lambda op, i, o: None
    )
    # The opposite direction (CONCATENATION, PACK along the outermost axis): each input's byte offset in output
    # 0, or None. The planner may let an input's producer write it there; the kernel skips an input in place.
    input_offsets: Callable[[Operator, list[Tensor | None], list[Tensor]], list[int] | None] = lambda op, i, o: None
    # Which input (if any) output 0 may overwrite when that input dies at this node: the kernel reads each
    # element before it writes the output element at the same or a lower address.
    inplace_input: Callable[[Operator, list[Tensor | None], list[Tensor]], int | None] = lambda op, i, o: None
    # How far output 0 may start BELOW input 0 (out_base = in_base - d, d >= 0, a multiple of 4) so that no byte
    # the kernel writes is one it still has to read, given its actual order of reads and writes; None: no overlap.
    # When input 0 dies at this node the planner may then give both one group of max(out, d + in) bytes
    # (docs/kernels.md, "Overlaps: an output partly over its input"; the helpers are in ops/common/_overlap.py).
    overlap: Callable[[Operator, list[Tensor | None], list[Tensor]], int | None] = lambda op, i, o: None
    # The same for output 0 starting d bytes ABOVE input 0 (out_base = in_base + d), the kernel writing its rows
    # last first (options[OVERLAPPED] == "above"); None: the kernel has no such order.
    overlap_above: Callable[[Operator, list[Tensor | None], list[Tensor]], int | None] = lambda op, i, o: None
    # Instructions the kernel spends beyond its usual order when it overlaps (an estimate): --memory auto leaves
    # an overlap whose cost passes OVERLAP_COST_SHARE of the node's own estimate to --memory min.
    overlap_cost: Callable[[Operator, list[Tensor | None], list[Tensor]], int] = lambda op, i, o: 0
    # Whether the kernel has, for this node, an order of work that needs less scratch for a few more instructions,
    # which it takes when options[LEAN_SCRATCH] is set (its scratch_bytes, overlap and params read the option):
    # --memory auto and min ask for it where it lowers the arena.
    lean_scratch: Callable[[Operator, list[Tensor | None], list[Tensor]], bool] = lambda op, i, o: False
    # The backend this kernel belongs to, and which nodes it claims among those it validates: None when it takes
    # the node, else why not (a short phrase: "its depth multiplier is not 1"), which `mcugen plan --nodes` and
    # `mcugen doctor` show. The check stage gives each node to the first backend in priority order that claims
    # it (see backends.py).
    backend: str = "reference"
    claims: Callable[[Operator, list[Tensor | None], list[Tensor]], str | None] = lambda op, i, o: None
    # Multiply-accumulates one inference spends in this node (`mcugen plan --nodes`, benchmarks); 0 for ops without.
    macs: Callable[[Operator, list[Tensor | None], list[Tensor]], int] = lambda op, i, o: 0
    # The types whose type files (`<name>_<type>.c`, docs/kernels.md "Naming") the node runs; None: every type of
    # its tensors. The weighted families name int4 weights' kernels (s4) without their int8 activations' (s8).
    kernel_types: Callable[[Operator, list[Tensor | None], list[Tensor]], set[str]] | None = None

    @property
    def is_custom(self) -> bool:
        return self.builtin_code == CUSTOM_CODE

    def accepts_version(self, version: int) -> bool:
        return self.versions[0] <= version <= self.versions[1]


def named_kernel(op: str, builtin_code: int, versions, dtypes, sources, validate, params, **more) -> KernelSpec:
    """A kernel whose registration follows the naming rule: mg_register_<op in lower case> (docs/kernels.md)."""
    registration = f"mg_register_{op.lower()}"
    return KernelSpec(
        op, builtin_code, versions, dtypes, sources, registration, validate, params, **more
    )  # field order


def backend_kernel(
    reference: KernelSpec, backend: str, dtypes, sources, params, claims, registration: str = "", **more
) -> KernelSpec:
    """A backend's kernel of `reference`'s op (the one constructor every family's backend entries go through): the
    reference's op, builtin code, versions and validate; the backend's `dtypes`, `sources` and `params`; `claims`
    answers None for a node the backend takes and a reason for one it refuses (never_raises); registered as
    mg_register_<op in lower case>_<backend> unless `registration` names another; in `more` whatever else it
    declares (scratch_bytes, overlap, inplace_input, macs, ...)."""
    return KernelSpec(
        op=reference.op,
        builtin_code=reference.builtin_code,
        versions=reference.versions,
        dtypes=dtypes,
        sources=sources,
        registration=registration or f"mg_register_{reference.op.lower()}_{backend}",
        validate=reference.validate,
        params=params,
        backend=backend,
        claims=never_raises(claims),
        **more,
    )


def never_raises(check: Callable[[Operator, list[Tensor | None], list[Tensor]], str | None]):
    """A claims function that never raises: a malformed node is simply not claimed by the backend."""

    def claims(op, inputs, outputs):
        try:
            return check(op, inputs, outputs)
        except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
            return f"the kernel cannot read its tensors ({type(exc).__name__})"

    return claims
