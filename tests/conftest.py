"""Fixtures shared by the tests of several folders."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sheets.cli import main


@pytest.fixture(scope="session")
def standard_site(tmp_path_factory) -> Path:
    """The site for the standard rules, built once by ``hearts-sheets site`` for every test that
    only reads it (the site's files and the pages in the browser)."""
    out = tmp_path_factory.mktemp("site") / "site"
    result = CliRunner().invoke(main, ["site", "--out", str(out)])
    assert result.exit_code == 0, result.output + repr(result.exception)
    assert f"wrote {out}" in result.output
    return out
