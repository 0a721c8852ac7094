"""The same inputs give byte-identical files in any process: the sheets and the whole site built
in another process, whose string hashing differs (PYTHONHASHSEED), are the very files built here,
so no set's or dict's order can leak into a sheet. Python warnings are errors in that process
(the site's worker pool must not fork a threaded process, which Python 3.12 and later warn
about)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheets.cli import main
from sheets.language import LANGUAGES

HOUSE = (
    "title: Hearts at the Millers'\npreset: omnibus\nmoon: shooter-chooses\n"
    "players: 5\nnotes:\n  - Loser of the last game deals first.\n"
)


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def other_seed() -> int:
    """A hash seed that is not this process's (random, unless PYTHONHASHSEED fixes it)."""
    ours = os.environ.get("PYTHONHASHSEED", "random")
    return int(ours) + 1 if ours.isdigit() else 1


@pytest.fixture(scope="module")
def elsewhere(tmp_path_factory) -> Path:
    """The standard A4 sheets, the sheets for some house rules and the standard site, built by
    `hearts-sheets` in another process with another hash seed."""
    folder = tmp_path_factory.mktemp("elsewhere")
    (folder / "millers.yaml").write_text(HOUSE)
    env = {**os.environ, "PYTHONHASHSEED": str(other_seed())}
    for args in (
        ["build", "--paper", "a4", "--out", "standard"],
        ["build", "--house-rules", "millers.yaml", "--out", "millers"],
        ["site", "--out", "site"],
    ):
        done = subprocess.run(
            [sys.executable, "-W", "error", "-m", "sheets", *args],
            env=env,
            cwd=folder,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        assert "Warning" not in done.stderr, done.stderr
    return folder


def test_the_site_is_byte_identical_whatever_the_hash_seed(elsewhere, standard_site):
    here, there = files_of(standard_site), files_of(elsewhere / "site")
    # 7 presets, 5 kinds, 2 papers, and Cancellation's rule and score sheets at 7 to 10
    # players on 2 papers, in every language
    assert sum(name.endswith(".pdf") for name in there) == (70 + 4 * 2 * 2) * len(LANGUAGES)
    assert there.keys() == here.keys()
    assert [name for name in here if here[name] != there[name]] == []


def test_the_sheets_are_byte_identical_whatever_the_hash_seed(elsewhere, tmp_path):
    (tmp_path / "millers.yaml").write_text(HOUSE)
    result = CliRunner().invoke(
        main,
        [
            "build",
            "--house-rules",
            str(tmp_path / "millers.yaml"),
            "--out",
            str(tmp_path / "millers"),
        ],
    )
    assert result.exit_code == 0, result.output
    here, there = files_of(tmp_path / "millers"), files_of(elsewhere / "millers")
    assert list(there) == ["rule-sheet.pdf", "score-sheet.pdf"]
    assert here == there


def test_the_site_offers_the_very_sheets_the_build_makes(elsewhere, standard_site):
    for kind in ("rule-sheet", "score-sheet"):
        built = (elsewhere / "standard" / f"{kind}.pdf").read_bytes()
        assert built == (standard_site / "downloads" / f"standard-{kind}-a4.pdf").read_bytes()
