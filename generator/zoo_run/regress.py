"""A zoo run against a baseline (an earlier run's results.json): flash, RAM and instructions per configuration,
each with the growth `--fail-on` allows (`flash+1%,ram+0,instr+2%`); and the history of earlier runs for trends."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import McugenError

# --fail-on's names for the record fields compared, in report order
METRICS = {"flash": "flash", "ram": "ram", "instr": "cost"}
TITLES = {"flash": "flash (B)", "ram": "RAM (B)", "instr": "instructions"}
LIMIT = re.compile(r"^(flash|ram|instr)\+(\d+(?:\.\d+)?)(%?)$")


def parse_fail_on(text: str) -> dict[str, tuple[float, bool]]:
    """`flash+1%,ram+0` -> {"flash": (1.0, True), "ram": (0.0, False)}: the growth allowed, and whether in percent.
    A metric not named may grow by anything."""
    limits = {}
    for part in (p.strip() for p in text.split(",")):
        match = LIMIT.match(part)
        if not match:
            raise McugenError(
                f"--fail-on: '{part}' is not METRIC+N or METRIC+N% with METRIC one of {', '.join(METRICS)} "
                "(e.g. flash+1%,ram+0,instr+2%)"
            )
        if match.group(1) in limits:
            raise McugenError(f"--fail-on names {match.group(1)} twice")
        limits[match.group(1)] = (float(match.group(2)), match.group(3) == "%")
    return limits


DEFAULT_FAIL_ON = "flash+0,ram+0,instr+0"


def config(record: dict) -> tuple[str, str, str, str]:
    return record["model"], record["board"], record["backend"], record["memory"]


def config_name(record: dict) -> str:
    model, board, backend, memory = config(record)
    return f"{model} {board} {backend} {memory}"


def load_records(path: Path) -> list[dict]:
    """The records of a zoo run's results.json."""
    try:
        data = json.loads(Path(path).read_text())
        records = data["records"]
        if not isinstance(records, list) or not all(isinstance(r, dict) and "model" in r for r in records):
            raise ValueError
    except OSError as exc:
        raise McugenError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError):
        raise McugenError(f"{path} is not a zoo run's results.json (no list of records)") from None
    return records


def compare(records: list[dict], baseline: list[dict], limits: dict[str, tuple[float, bool]]) -> list[dict]:
    """One row per record: each metric's old and new value, and whether it grew past its limit. A configuration the
    baseline lacks, or whose run or baseline has no figures (an error), is compared in nothing."""
    old = {config(r): r for r in baseline if not r.get("error")}
    rows = []
    for record in records:
        before = old.get(config(record))
        row = {"config": config(record), "metrics": {}, "regressed": []}
        for metric, field in METRICS.items():
            new = record.get(field)
            was = before.get(field) if before else None
            if record.get("error") or was is None:
                row["metrics"][metric] = {"new": new, "old": None, "delta_pct": None}
                continue
            delta_pct = 100.0 * (new - was) / was if was else (0.0 if new == was else float("inf"))
            row["metrics"][metric] = {"new": new, "old": was, "delta_pct": delta_pct}
            if metric in limits:
                allowed, relative = limits[metric]
                if new - was > (was * allowed / 100.0 if relative else allowed):
                    row["regressed"].append(metric)
        rows.append(row)
    return rows


def load_history(folder: Path) -> list[tuple[str, list[dict]]]:
    """Earlier runs' results.json files in a folder (any *.json holding records), oldest first by their
    `finished` time: (label, records) each."""
    folder = Path(folder)
    if not folder.is_dir():
        raise McugenError(f"--history {folder}: no such folder")
    runs = []
    for path in sorted(folder.glob("*.json")):
        records = load_records(path)
        finished = json.loads(path.read_text()).get("finished", path.stem)
        runs.append((str(finished), path.stem, records))
    return [(label, records) for _, label, records in sorted(runs)]


def trends(history: list[tuple[str, list[dict]]], records: list[dict]) -> dict[str, dict[str, list]]:
    """metric -> configuration name -> its values over the history's runs then this one (None where it has none)."""
    runs = [r for _, r in history] + [records]
    names = [config_name(r) for r in records]
    series = {}
    for metric, field in METRICS.items():
        series[metric] = {}
        for name in names:
            values = []
            for run in runs:
                match = next((r for r in run if config_name(r) == name and not r.get("error")), None)
                values.append(match.get(field) if match else None)
            series[metric][name] = values
    return series
