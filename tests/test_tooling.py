"""The developer's commands: `make test` leaves the sweeps out and `make test FULL=1` (what CI
runs) keeps them; both find the Chromium as the browser tests do."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_dry(*args: str) -> str:
    """What ``make`` would run, as a developer's shell would call it: without the variables a
    calling make (``make test FULL=1`` running this test) passes down to its children."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "FULL")}
    return subprocess.run(
        ["make", "-n", *args], cwd=ROOT, capture_output=True, text=True, check=True, env=env
    ).stdout


def test_make_test_leaves_out_the_sweeps_and_full_keeps_them():
    quick = [shlex.split(line) for line in make_dry("test").splitlines() if "-m pytest" in line]
    full = [
        shlex.split(line) for line in make_dry("test", "FULL=1").splitlines() if "-m pytest" in line
    ]
    assert len(quick) == len(full) == 1
    assert quick[0][1:] == ["-m", "pytest", "-q", "-m", "not sweep"]
    assert full[0][1:] == ["-m", "pytest", "-q"]


def test_make_test_finds_the_chromium_with_the_tests_own_lookup():
    assert "tests/browser/chromium.py --install" in make_dry("test")


def test_ci_runs_the_full_suite_and_nothing_else():
    commands = [
        line
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert commands[-1] == "make test FULL=1"
    assert not [line for line in commands if "pytest" in line]


def test_the_sweep_marker_is_registered():
    markers = subprocess.run(
        [sys.executable, "-m", "pytest", "--markers"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "@pytest.mark.sweep:" in markers
