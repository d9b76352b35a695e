"""A local bench/zoo cluster splits the cores among its workers' builds (bench/engine.py), so two workers' builds
do not run four compile jobs on two cores."""

import os

from generator.bench.engine import _client
from generator.build import BUILD_JOBS_VARIABLE


def test_each_local_worker_builds_on_its_share_of_the_cores():
    with _client(workers=2, scheduler=None) as client:
        jobs = client.run(lambda: os.environ.get(BUILD_JOBS_VARIABLE))  # read in the worker
    assert len(jobs) == 2
    assert set(jobs.values()) == {str(max(1, (os.cpu_count() or 1) // 2))}
