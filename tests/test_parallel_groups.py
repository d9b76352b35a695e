"""`make test` runs on both cores (pytest-xdist, --dist loadgroup): tests marked with one `xdist_group` share a
worker, so the module fixture they share (a firmware built and run, a bench) is made once, not once per worker. The
scheduler sees a group only in a test's node id; a pytest that stops reading what pytest-xdist renames splits every
group silently (each fixture then built twice, minutes of the test budget), so this fails instead."""

import pytest


@pytest.mark.xdist_group("parallel-groups-check")
def test_a_grouped_test_carries_its_group_to_the_scheduler(request):
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not a parallel --dist loadgroup run (`make test` runs one)")
    assert request.node.nodeid.endswith("@parallel-groups-check"), (
        f"node id {request.node.nodeid!r} lacks its xdist_group: this pytest and pytest-xdist do not group tests"
    )


def test_the_suite_collects_without_xdist_too():
    """`pytest -p no:xdist` (one process, as a debugger wants) collects every module: the group marker is
    registered in pyproject.toml as well, not only by the plugin."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "--collect-only", "-q", "tests"],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:]
