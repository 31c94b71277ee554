"""Fixtures for the simulation tests: one local Ray instance for the whole session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ray


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[None]:
    """A local Ray instance with 2 CPUs, started once (it takes seconds) and shut down at the end."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()
