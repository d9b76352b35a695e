"""Where each model of a firmware sits in its combined inputs, outputs and nodes (the manifest of a firmware of
several models records them; a firmware of one model is one share of everything)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..emit import MANIFEST, Project
from ..emit.multi import FORM


@dataclass
class ModelShare:
    name: str
    model_name: str
    first_input: int
    num_inputs: int
    first_output: int
    num_outputs: int
    first_node: int
    num_nodes: int
    entry: dict  # the manifest's record of it (bytes, arena, persistent state, ops); empty for a single model


def shares(project: Project) -> list[ModelShare]:
    """The models of a firmware folder of several, empty for a firmware of one model."""
    try:
        data = json.loads((project.path / MANIFEST).read_text())
    except (OSError, ValueError):
        return []
    if data.get("form") != FORM:
        return []
    result, inputs, outputs, nodes = [], 0, 0, 0
    for entry in data["models"]:
        result.append(
            ModelShare(
                entry["name"],
                entry["model_name"],
                inputs,
                entry["inputs"],
                outputs,
                entry["outputs"],
                nodes,
                entry["nodes"],
                entry,
            )
        )
        inputs, outputs, nodes = inputs + entry["inputs"], outputs + entry["outputs"], nodes + entry["nodes"]
    return result


def models_of(project: Project) -> list[ModelShare]:
    """The models of any firmware folder: its shares, or the one model it runs."""
    name = project.model_name.rsplit(".", 1)[0]
    single = ModelShare(name, project.model_name, 0, len(project.inputs), 0, len(project.outputs), 0, 0, {})
    return shares(project) or [single]
