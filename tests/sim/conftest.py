"""Fixtures for the simulation tests: one local Ray instance for the whole session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ray


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[None]:
    """A new local Ray instance with 2 CPUs (never a cluster already running here), started once and shut down at the end."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()
