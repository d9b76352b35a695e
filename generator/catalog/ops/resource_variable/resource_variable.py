"""VAR_HANDLE, READ_VARIABLE and ASSIGN_VARIABLE: resource variables, resolved at generation time.

The check stage resolves which variable each node names (generator/check/variables.py) and the planner places
every variable in the persistent region; it hands each node its variable as the `resource_variable` option
({"id", "offset", "nbytes", "fill"}), so the kernels copy between a tensor and a fixed address.
"""

from __future__ import annotations

from ...spec import CExpr, KernelSpec, NodeParams

SOURCES = ("resource_variable.h", "resource_variable.c")
# TFLite Micro's variables hold any type as bytes; these are the ones the runtime sizes (mg_type_size)
STATE_TYPES = ("INT8", "INT16", "INT32", "FLOAT32", "BOOL", "INT64", "UINT8")


def _is_resource(t) -> bool:
    return t is not None and t.dtype.name in ("RESOURCE", "INT32") and t.num_elements == 1


def validate_var_handle(op, inputs, outputs):
    if inputs or len(outputs) != 1 or not _is_resource(outputs[0]):
        return "needs no input and one resource output"
    return None


def _validate_value(value, role: str):
    if value is None or value.dtype.name not in STATE_TYPES:
        return f"a {value.dtype.name if value else 'missing'} {role} is not supported ({', '.join(STATE_TYPES)})"
    return None


def validate_read(op, inputs, outputs):
    if len(inputs) != 1 or not _is_resource(inputs[0]) or len(outputs) != 1:
        return "needs a resource input and one output"
    return _validate_value(outputs[0], "state")


def validate_assign(op, inputs, outputs):
    if len(inputs) != 2 or not _is_resource(inputs[0]) or outputs:
        return "needs a resource and a value input, and no output"
    return _validate_value(inputs[1], "state")


def _state(op) -> dict:
    variable = op.options["resource_variable"]
    return {"data": CExpr(f"mg_persistent + {variable['offset']}"), "bytes": variable["nbytes"]}


def params_var_handle(op, inputs, outputs):
    return NodeParams("mg_var_handle_params", {"resource_id": op.options["resource_variable"]["id"]})


def params_read(op, inputs, outputs):
    return NodeParams("mg_resource_variable_params", {**_state(op), "fill": 0})


def params_assign(op, inputs, outputs):
    return NodeParams("mg_resource_variable_params", {**_state(op), "fill": op.options["resource_variable"]["fill"]})


def _spec(op: str, code: int, registration: str, validate, params, dtypes=STATE_TYPES) -> KernelSpec:
    return KernelSpec(
        op=op,
        builtin_code=code,
        versions=(1, 1),
        dtypes=dtypes,
        sources=SOURCES,
        registration=registration,
        validate=validate,
        params=params,
    )


SPECS = [
    _spec("VAR_HANDLE", 142, "mg_register_var_handle", validate_var_handle, params_var_handle, ("RESOURCE",)),
    _spec("READ_VARIABLE", 143, "mg_register_read_variable", validate_read, params_read),
    _spec("ASSIGN_VARIABLE", 144, "mg_register_assign_variable", validate_assign, params_assign),
]
