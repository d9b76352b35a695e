"""`mcugen verify`: generate, build, run and compare one model or several (one firmware running them all), and
report it: one model's figures, or each model's block and the firmware's totals (cli/several.py)."""

from __future__ import annotations

from ..measure.report import nbytes, num
from ..pipeline import verify
from .options import inputs_of, options_of
from .output import comparison_fields, cost_unit, emit_json
from .several import verify_several


def cmd_verify(args) -> int:
    v = verify(args.model, options_of(args), args.output, inputs_of(args), args.name)
    if len(args.model) > 1:
        return verify_several(args, v)
    one = v.models[0]
    the_plan = one.part.plan
    report = {
        "match": v.match,
        "model": str(args.model[0]),
        "board": args.board,
        "project": str(v.project.path),
        "sets": len(v.sets),
        "inputs": None if not args.inputs else str(args.inputs[0]),
        **comparison_fields(one.comparison),
        "flash_bytes": v.size.flash,
        "code_bytes": v.size.code,
        "model_bytes": v.size.model,
        "ram_bytes": v.size.ram,
        "arena_bytes": the_plan.arena_size,
        "arena_lower_bound_bytes": the_plan.lower_bound,
        "persistent_bytes": the_plan.persistent_size,
        "stream": v.project.stateful,
        "cost_per_inference": one.cost,
        "cost_unit": cost_unit(args),
        "ops": sorted(set(v.project.ops)),
        "backends": {b: sum(1 for n in the_plan.nodes if n.kernel.backend == b) for b in the_plan.backends},
        "reference": one.reference,
        "nodes": len(the_plan.nodes),
        "model_nodes": one.model_nodes,
    }
    if the_plan.patches is not None:
        report["patches"] = the_plan.patches.summary()
    if args.json:
        emit_json(report)
        return 0 if one.comparison.match else 1
    print(f"model      {args.model[0]} on {args.board}")
    print(f"ops        {', '.join(report['ops'])}")
    if one.model_nodes != len(the_plan.nodes):
        print(
            f"nodes      {len(the_plan.nodes)} of the model's {one.model_nodes} after the rewrite stage "
            "(`mcugen plan MODEL --nodes` lists what it did; --no-rewrite runs the model as given)"
        )
    print("kernels    " + ", ".join(f"{b}: {n} node(s)" for b, n in report["backends"].items()))
    what = "steps of one stream (state kept, every step compared)" if v.project.stateful else "set(s)"
    given = f"{what} from {args.inputs[0]}" if args.inputs else f"random {what}, seed {args.seed}"
    print(f"inputs     {len(v.sets)} {given}")
    print(f"reference  {one.reference}")
    print(
        f"outputs    {one.comparison.verdict()}: {one.comparison.figures()}, "
        f"{num(one.comparison.mismatched_elements)}/{num(one.comparison.total_elements)} elements differ"
    )
    print(f"flash      {nbytes(v.size.flash)} (code {nbytes(v.size.code)} + model {nbytes(v.size.model)})")
    print(
        f"RAM        {nbytes(v.size.ram)} (arena {nbytes(the_plan.arena_size)}, lower bound "
        f"{nbytes(the_plan.lower_bound)}; "
        + (f"persistent state {nbytes(the_plan.persistent_size)}; " if the_plan.persistent_size else "")
        + f"stack {nbytes(v.size.stack)})"
    )
    print(f"cost       {num(report['cost_per_inference'])} {report['cost_unit'].split()[0]} per inference")
    if the_plan.patches is not None and the_plan.patches.bands:
        # only when the plan runs patches: `plan` explains a choice of none
        print("patches    " + the_plan.patches.describe().splitlines()[0].removeprefix("patches: "))
    return 0 if one.comparison.match else 1
