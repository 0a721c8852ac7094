"""The command as a process runs it: exit codes through ``python -m sheets``, and the collector
left as it was when the command line runs inside another program (tests, the service)."""

from __future__ import annotations

import gc
import subprocess
import sys

from click.testing import CliRunner

from sheets.cli import main


def test_the_program_exits_with_the_commands_code(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("moon: sometimes\n")
    done = subprocess.run(
        [sys.executable, "-m", "sheets", "check", str(bad)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"Error: {bad}:1: key 'moon'")
    assert "Traceback" not in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "sheets", "build", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and done.stderr == ""


def test_a_command_run_in_process_leaves_the_collector_as_it_was(tmp_path):
    frozen = gc.get_freeze_count()
    assert CliRunner().invoke(main, ["build", "--out", str(tmp_path)]).exit_code == 0
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    gc.disable()
    try:
        assert CliRunner().invoke(main, ["variants"]).exit_code == 0
        assert not gc.isenabled()
    finally:
        gc.enable()
