"""mcugen zoo run: every (model, board, backend, memory mode) of a zoo file (spec.py) as a task on a Dask cluster
(bench/engine.py), with a regression report in an output folder (docs/zoo.md):

    results.jsonl   each record as its task finishes (what a stopped run leaves)
    results.json    every record in the file's order: the next run's --baseline, or one run of a --history folder
    report.md       the table, each figure beside the baseline's
    report.html     the same as bars in inline SVG, and trends over the --history runs
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..bench.engine import run_tasks
from ..bench.tasks import sources_hash
from ..console import progress
from ..errors import McugenError
from . import html, regress, report
from .spec import load_tasks


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text)
    except OSError as exc:
        raise McugenError(f"cannot write {path}: {exc.strerror or exc}") from None


def run(args) -> int:
    """The zoo run of `args` (the zoo command's options, cli/parser.py); 1 when a task failed or a figure regressed."""
    tasks = load_tasks(Path(args.file))
    limits_text = args.fail_on or regress.DEFAULT_FAIL_ON
    limits = regress.parse_fail_on(limits_text)
    baseline = regress.load_records(Path(args.baseline)) if args.baseline else []
    history = regress.load_history(Path(args.history)) if args.history else None
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        stream = open(out / "results.jsonl", "w")  # noqa: SIM115 - closed below, written as records finish
    except OSError as exc:
        raise McugenError(f"cannot write the report folder {out}: {exc.strerror or exc}") from None

    def streamed(index: int, record: dict) -> None:
        stream.write(json.dumps({"index": index, **record}, sort_keys=True) + "\n")
        stream.flush()

    with stream:
        records = run_tasks(tasks, args.workers, args.scheduler, args.force, streamed)
    result = {
        "mcugen": __version__,
        "sources": sources_hash(),
        "zoo": str(args.file),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "records": records,
    }
    _write(out / "results.json", json.dumps(result, indent=1, sort_keys=True) + "\n")
    rows = regress.compare(records, baseline, limits)
    text = report.markdown(records, rows, limits_text, args.baseline)
    _write(out / "report.md", text)
    series = regress.trends(history, records) if history is not None else None
    summary = report.summary(records, rows if args.baseline else None)
    _write(out / "report.html", html.page(records, rows, f"mcugen zoo run: {args.file}", summary, series))
    progress(f"wrote {out.resolve()}/results.json, report.md and report.html")
    if args.json:
        print(json.dumps(result | {"regressions": [r for r in rows if r["regressed"]]}, indent=1, sort_keys=True))
    else:
        print(text, end="")
    regressed = [r for r in rows if r["regressed"]]
    for row in regressed:
        progress(f"regression: {' '.join(row['config'])}: {', '.join(row['regressed'])} grew past {limits_text}")
    return 1 if regressed or any(map(report.failed, records)) else 0
