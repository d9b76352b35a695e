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
