"""Verifies every .tflite of a TensorFlow Lite Micro checkout (or snapshot) with `mcugen verify`, one model after
another, and prints the table docs/testing.md holds. The models stay where they are: never copy them into this
repository. Run:
    git clone https://github.com/tensorflow/tflite-micro /tmp/tflm   # or any snapshot of it
    .venv/bin/python scripts/verify_tflm_models.py /tmp/tflm [RESULTS.jsonl]
Each model's result goes to RESULTS.jsonl (default: tflm_models.jsonl in the current folder) as it finishes, so
a rerun skips the models already there. Board: mps2-an386 (Cortex-M4, 4 MiB flash and RAM, the largest QEMU
board); a model that does not fit it is refused by the fit check."""

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

MCUGEN = Path(sys.executable).with_name("mcugen")
BOARD = "mps2-an386"


def verify(model: Path, out: Path) -> dict:
    """The default kernels (`--backend auto` itself falls back to the reference kernels when the optimized ones'
    tables would not fit the board's flash beside the model)."""
    command = [str(MCUGEN), "verify", str(model), "--board", BOARD, "-o", str(out / model.stem), "--json"]
    run = subprocess.run(command, capture_output=True, text=True)
    result = {}
    try:
        report = json.loads(run.stdout)
        result.update({k: report.get(k) for k in ("match", "max_abs_diff", "reference", "stream")})
    except ValueError:
        reason = (run.stderr.strip().splitlines() or ["no output"])[-1].removeprefix("mcugen: error: ")
        result["refused"] = reason.replace(str(model), model.name)  # no path of this machine in the table
    return result


def verdict(result: dict) -> str:
    if "refused" in result:
        return f"refused: {result['refused']}"
    if not result["match"]:
        return f"MISMATCH (max abs diff {result['max_abs_diff']:g})"
    exact = "bit-exact" if result["max_abs_diff"] == 0 else "within tolerance"
    stream = ", a stream of steps" if result["stream"] else ""
    reference = "" if result["reference"] == "TFLite Micro" else f", against {result['reference']}"
    return f"verifies ({exact}{stream}{reference})"


def table(results: dict[str, dict]) -> list[str]:
    """One row per model; the seanet integration tests' many one-op models one row per folder."""
    rows, groups = [], defaultdict(list)
    for name, result in sorted(results.items()):
        if "/integration_tests/seanet/" in name:
            groups[name.rsplit("/", 1)[0]].append(verdict(result))
        else:
            rows.append(f"| `{name}` | {verdict(result)} |")
    for folder, verdicts in sorted(groups.items()):
        counted = ", ".join(f"{verdicts.count(v)} of {len(verdicts)}: {v}" for v in sorted(set(verdicts)))
        rows.append(f"| `{folder}/` ({len(verdicts)} models) | {counted} |")
    return ["| model | result |", "|---|---|", *rows]


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2) or not Path(argv[0]).is_dir():
        print("usage: verify_tflm_models.py TFLM_CHECKOUT [RESULTS.jsonl]", file=sys.stderr)
        return 2
    root, log = Path(argv[0]), Path(argv[1] if len(argv) == 2 else "tflm_models.jsonl")
    results = {}
    if log.exists():
        results = {r["model"]: r for r in map(json.loads, log.read_text().splitlines())}
    for model in sorted(root.rglob("*.tflite")):
        name = str(model.relative_to(root))
        if name not in results:
            results[name] = {"model": name, **verify(model, log.parent / "tflm_out")}
            with log.open("a") as f:
                f.write(json.dumps(results[name]) + "\n")
            print(f"{name}: {verdict(results[name])}", file=sys.stderr)
    print("\n".join(table(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
