"""Wires the stages together in one direction: read -> check -> rewrite -> plan -> emit -> build -> measure ->
run -> compare, for one model or several (one being the case N = 1). The CLI, bench, doctor and the tests call
these with one Options value; each stage stays ignorant of the others."""

from ..console import progress
from ..emit import load_project
from ..paths import default_project_dir
from .generation import checked_graph, generate, load_model, plan_models, planned, rewrite_stage
from .inputs import MAX_RANDOM_INPUT_BYTES, default_set_count, input_sets, load_input_file, random_sets
from .options import InputChoice, Options
from .shares import ModelShare, models_of, shares
from .verification import (
    ModelVerification,
    Verification,
    build_and_run,
    default_out,
    model_costs,
    split_results,
    verify,
)

__all__ = [
    "MAX_RANDOM_INPUT_BYTES",
    "InputChoice",
    "ModelShare",
    "ModelVerification",
    "Options",
    "Verification",
    "build_and_run",
    "checked_graph",
    "default_out",
    "default_project_dir",
    "default_set_count",
    "generate",
    "input_sets",
    "load_input_file",
    "load_model",
    "load_project",
    "model_costs",
    "models_of",
    "plan_models",
    "planned",
    "progress",
    "random_sets",
    "rewrite_stage",
    "shares",
    "split_results",
    "verify",
]
