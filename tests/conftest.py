"""Fixtures shared by the tests of several folders: the standard site built once, and the real
``hearts-sheets serve`` (tests/service_server.py). The run keeps the checked content in a cache
folder of its own (:mod:`sheets.contentcache`), never the user's."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from service_server import Server, start_server

from sheets.cli import main
from sheets.contentcache import ENVIRONMENT

_CACHE = tempfile.mkdtemp(prefix="hearts-sheets-test-cache-")


def pytest_configure(config) -> None:
    os.environ[ENVIRONMENT] = _CACHE  # before any test module loads the content


def pytest_unconfigure(config) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def standard_site(tmp_path_factory) -> Path:
    """The site for the standard rules, built once by ``hearts-sheets site`` for every test that
    only reads it (the site's files and the pages in the browser)."""
    out = tmp_path_factory.mktemp("site") / "site"
    result = CliRunner().invoke(main, ["site", "--out", str(out)])
    assert result.exit_code == 0, result.output + repr(result.exception)
    assert f"wrote {out}" in result.output
    return out


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Server:
    """One ``hearts-sheets serve`` with two workers for the whole session, on a free loopback
    port; stopped by its process id at the end (and it must stop cleanly)."""
    running = start_server(tmp_path_factory.mktemp("serve") / "serve.log")
    yield running
    assert running.stop() == 0
