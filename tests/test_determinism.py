"""The same inputs give byte-identical files in any process: the sheets and the whole site, built
in two processes whose string hashing differs (PYTHONHASHSEED), so no set's or dict's order can
leak into a sheet. Python warnings are errors there (the site's worker pool must not fork a
threaded process, which Python 3.12 and later warn about)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HOUSE = ("title: Hearts at the Millers'\npreset: omnibus\nmoon: shooter-chooses\n"
         "players: 5\nnotes:\n  - Loser of the last game deals first.\n")


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def hearts_sheets(*args: str | Path, seed: int, cwd: Path) -> None:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    done = subprocess.run([sys.executable, "-W", "error", "-m", "sheets", *map(str, args)],
                          env=env, cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr, done.stderr


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[int, dict[str, bytes]]:
    """Each seed's sheets (standard A4, and for some house rules) and site."""
    trees = {}
    for seed in (1, 2):
        folder = tmp_path_factory.mktemp(f"seed{seed}")
        (folder / "millers.yaml").write_text(HOUSE)
        hearts_sheets("build", "--paper", "a4", "--out", "out/standard", seed=seed, cwd=folder)
        hearts_sheets("build", "--house-rules", "millers.yaml", "--out", "out/millers",
                      seed=seed, cwd=folder)
        hearts_sheets("site", "--house-rules", "millers.yaml", "--out", "out/site", seed=seed,
                      cwd=folder)
        trees[seed] = files_of(folder / "out")
    return trees


def test_both_processes_built_every_file(builds):
    names = set(builds[1])
    assert {"standard/rule-sheet.pdf", "standard/score-sheet.pdf", "millers/rule-sheet.pdf",
            "millers/score-sheet.pdf", "site/index.html",
            "site/downloads/house-rule-sheet-a4.pdf"} <= names
    assert sum(name.endswith(".pdf") for name in names) == 4 + 32
    assert set(builds[2]) == names


def test_the_sheets_are_byte_identical_whatever_the_hash_seed(builds):
    pdfs = [name for name in builds[1] if name.endswith(".pdf")]
    assert [name for name in pdfs if builds[1][name] != builds[2][name]] == []


def test_the_site_is_byte_identical_whatever_the_hash_seed(builds):
    assert [name for name in builds[1] if builds[1][name] != builds[2][name]] == []


def test_the_site_offers_the_very_sheets_the_build_makes(builds):
    files = builds[1]
    for kind in ("rule-sheet", "score-sheet"):
        assert files[f"millers/{kind}.pdf"] == files[f"site/downloads/house-{kind}-letter.pdf"]
        assert files[f"standard/{kind}.pdf"] == files[f"site/downloads/standard-{kind}-a4.pdf"]
