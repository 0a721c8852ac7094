"""Fixtures shared by test folders: the real ``hearts-sheets serve`` (tests/service_server.py)."""

from __future__ import annotations

import pytest

from service_server import Server, start_server


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Server:
    """One ``hearts-sheets serve`` with two workers for the whole session, on a free loopback
    port; stopped by its process id at the end (and it must stop cleanly)."""
    running = start_server(tmp_path_factory.mktemp("serve") / "serve.log")
    yield running
    assert running.stop() == 0
