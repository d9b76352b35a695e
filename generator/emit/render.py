"""Turns plan data into the text of each generated file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2

from .. import __version__
from ..boards import Board
from ..catalog import CExpr, KernelSpec
from ..paths import TEMPLATES
from ..plan import NodePlan, Plan
from ..plan.in_place import firmware_model_bytes
from .core_folder import PLATFORM_NAME, core_dir_setting

_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES)), keep_trailing_newline=True, undefined=jinja2.StrictUndefined
)


def c_value(value) -> str:
    """A C literal that reproduces the Python value exactly (floats as float32 hex literals)."""
    if isinstance(value, CExpr):
        return str(value)
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return f"{value}" if -(2**31) < value < 2**31 else f"{value}ll"
    if isinstance(value, float):
        return f"{float(value).hex()}f" if value == value else "NAN"
    raise TypeError(f"no C literal for {value!r}")


def _node_view(node: NodePlan, index: int, shared: dict) -> dict:
    """One node's parameter block; `index` is its entry in the firmware's node tables (all subgraphs').
    `shared` maps each static array already written ((C type, values)) to its name: a node whose list equals an
    earlier one (any node's, any field's) points to that array instead of writing its own copy; and likewise each
    parameter block ((C type, fields)) to the node that wrote it: a node whose block equals an earlier one (a row
    patch's middle bands, say) points to that block (`same_as`) and writes none."""
    fields, arrays = [], []
    for name, value in node.params.fields.items() if node.params.c_type else ():
        if isinstance(value, list):  # per-channel data: a static array the struct points to
            if not value:
                raise ValueError(f"{node.params.c_type}.{name} is an empty list; C has no empty arrays")
            ctype = "float" if isinstance(value[0], float) else "int32_t"
            key = (ctype, tuple(c_value(v) for v in value))
            if key not in shared:
                array = name.replace(".", "_")  # a nested member's name (outer.inner): a C identifier
                shared[key] = f"mg_node{index}_{array}"
                arrays.append((array, (ctype, list(key[1]))))
            fields.append((name, shared[key]))
        else:
            fields.append((name, c_value(value)))
    block = ("block", node.params.c_type, tuple(fields))
    same_as = shared.setdefault(block, index) if node.params.c_type else index
    return {
        "index": index,
        "op_name": node.op_name,
        "version": node.version,
        "c_type": node.params.c_type,
        "fields": fields,
        "arrays": arrays,
        "same_as": same_as,
    }


def _node_views(nodes: list[NodePlan]) -> list[dict]:
    shared: dict = {}
    return [_node_view(n, i, shared) for i, n in enumerate(nodes)]


_ELEMENT_BYTES = {"float": 4, "int32_t": 4}
_FIELD_BYTES = 4  # a struct member: int32_t, float or a pointer on Cortex-M (a few narrower ones round up)


# The least flash a firmware's code takes besides its kernels: interpreter, harness, startup and the C and gcc
# libraries (about 6.8 KB in `mcugen size` of the smallest int8 firmware on a Cortex-M3). Flash estimates count
# this floor and leave the kernels' own code to the build, so they never call a model that links too big.
RUNTIME_CODE_BYTES = 6 * 1024


def flash_floor(plan: Plan) -> int:
    """The least flash the firmware of `plan` takes: the model, its kernels' parameters, the runtime's floor."""
    return len(plan.graph.model_bytes) + node_params_bytes(plan) + RUNTIME_CODE_BYTES


def node_params_bytes(plan: Plan) -> int:
    """The flash node_params.c takes, as emitted: every static array (shared ones once) and every parameter
    block, counted at four bytes a written field (an estimate of the structs: members left zero are not seen)."""
    total = 0
    for view in _node_views(plan.all_nodes):
        total += _FIELD_BYTES * ((len(view["fields"]) if view["same_as"] == view["index"] else 0) + 1)  # + its entry
        total += sum(_ELEMENT_BYTES[ctype] * len(values) for _, (ctype, values) in view["arrays"])
    return total


def _tensor_table(plan: Plan) -> list[dict]:
    """mg_tensors[]: each tensor's data (arena or model), shape (in place in the model), rank and type; every
    subgraph's tensors, subgraph 0's first."""
    rows = []
    for sub in plan.subgraphs or [plan]:
        where = "" if sub.graph.index == 0 else f"subgraph {sub.graph.index}, "
        for t, offset in zip(sub.graph.tensors, sub.tensor_offsets):
            rows.append({**_tensor_row(t, offset), "label": f"{where}tensor {t.index}"})
    return rows


def _subgraph_table(plan: Plan) -> tuple[list[dict], list[int]]:
    """Where each subgraph's tensors and nodes start in the flat tables, and every subgraph's execution order
    as indices into the node table."""
    rows, order, tensors, nodes = [], [], 0, 0
    for sub in plan.subgraphs or [plan]:
        graph = sub.graph
        rows.append(
            {
                "first_tensor": tensors,
                "num_tensors": len(graph.tensors),
                "first_node": nodes,
                "num_nodes": len(sub.nodes),
                "inputs": _in_model(graph.io_offsets[0], graph.inputs),
                "num_inputs": len(graph.inputs),
                "outputs": _in_model(graph.io_offsets[1], graph.outputs),
                "num_outputs": len(graph.outputs),
            }
        )
        order += [nodes + i for i in sub.order]
        tensors, nodes = tensors + len(sub.graph.tensors), nodes + len(sub.nodes)
    return rows, order


def _in_model(offset: int | None, indices: list[int]) -> str:
    """A pointer to a vector of tensor indices, in place in the model."""
    return f"(const int32_t *)(mg_model_data + {offset})" if indices and offset is not None else "NULL"


def _tensor_row(t, offset: int | None) -> dict:
    if offset is None:
        data = f"(void *)(mg_model_data + {t.data_offset})"
    else:
        data = f"mg_arena + MG_ARENA_GUARD_BYTES + {offset}"
    dims = f"(const int32_t *)(mg_model_data + {t.shape_offset})" if t.shape_offset is not None else "NULL"
    return {"data": data, "dims": dims, "num_dims": len(t.shape), "type": t.dtype.code}


def backend_ids_of(backends: list[str], kernels: list[KernelSpec]) -> dict[str, int]:
    """Each backend's id in the resolver: the backends nodes use first (Plan.backends' order), then the rest."""
    ids = {b: i for i, b in enumerate(backends)}
    for k in kernels:
        ids.setdefault(k.backend, len(ids))
    return ids


def render_all(
    plan: Plan,
    board: Board,
    model_name: str,
    kernels: list[KernelSpec],
    verbose: bool = False,
    backend_ids: dict[str, int] | None = None,
    shared_arena: bool = False,
) -> dict[str, str]:
    """Every generated text file, keyed by its path inside the project. A firmware of several models
    (multi.py) passes the resolver's backend ids and, with `shared_arena`, defines mg_arena elsewhere."""
    given = plan.graph.model_bytes
    data = firmware_model_bytes(given, plan.in_place)
    common = {"version": __version__, "model_name": model_name, "board": board, "plan": plan}
    lines = [", ".join(f"0x{b:02x}" for b in data[i : i + 16]) + "," for i in range(0, len(data), 16)]
    nodes = plan.all_nodes
    headers = sorted({Path(node.kernel.sources[0]).name for node in nodes if node.kernel.sources[0].endswith(".h")})
    subgraphs, node_order = _subgraph_table(plan)
    backend_ids = backend_ids or backend_ids_of(plan.backends, kernels)
    return {
        "platformio.ini": _env.get_template("platformio.ini.j2").render(
            common,
            core_dir=core_dir_setting(),
            platform=PLATFORM_NAME,
            single_subgraph=len(subgraphs) == 1,
        ),
        "memory.ld": _env.get_template("memory.ld.j2").render(common),
        "src/model_data.c": _env.get_template("model_data.c.j2").render(
            common,
            model_size=len(data),
            model_sha256=hashlib.sha256(given).hexdigest(),
            model_lines=lines,
            in_place=plan.in_place,
        ),
        "src/op_resolver.h": _env.get_template("op_resolver.h.j2").render(
            common, kernels=kernels, backend_ids=backend_ids
        ),
        "src/op_resolver.cc": _env.get_template("op_resolver.cc.j2").render(common),
        "src/mg_build_config.h": _env.get_template("mg_build_config.h.j2").render(common, verbose=verbose),
        "src/arena_plan.c": _env.get_template("arena_plan.c.j2").render(
            common,
            nodes=nodes,
            node_backends=[backend_ids[n.kernel.backend] for n in nodes],
            node_order=node_order,
            subgraphs=subgraphs,
            tensors=_tensor_table(plan),
            shared_arena=shared_arena,
        ),
        "src/node_params.c": _env.get_template("node_params.c.j2").render(
            common, headers=headers, nodes=_node_views(nodes)
        ),
    }
