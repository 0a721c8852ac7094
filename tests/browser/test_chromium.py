"""Finding the Chromium the browser tests drive: the variable first, then the system's, then
playwright's own; otherwise one line saying what to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import chromium
import pytest
from chromium import ENV, HOW_TO_INSTALL, NoChromium, find_chromium

SCRIPT = Path(chromium.__file__)


def program(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def bare_system(monkeypatch, tmp_path):
    """No Chromium installed on the system, no variable set, playwright's cache empty."""
    monkeypatch.setattr(chromium, "_on_system", lambda: None)
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "ms-playwright"))
    return tmp_path


def test_the_variable_names_the_chromium_to_use(monkeypatch, tmp_path):
    chosen = program(tmp_path / "my-chrome")
    monkeypatch.setenv(ENV, str(chosen))
    assert find_chromium() == chosen


def test_a_variable_that_names_no_program_is_a_message(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV, str(tmp_path / "nowhere"))
    with pytest.raises(NoChromium, match=f"^{ENV}=.*nowhere is not a program that can be run"):
        find_chromium()


def test_with_none_anywhere_the_message_says_what_to_install(bare_system):
    with pytest.raises(NoChromium) as caught:
        find_chromium()
    assert str(caught.value) == HOW_TO_INSTALL
    assert "\n" not in HOW_TO_INSTALL and "apt-get install chromium" in HOW_TO_INSTALL


def test_playwrights_own_chromium_is_found_where_playwright_puts_it(bare_system):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:  # reads PLAYWRIGHT_BROWSERS_PATH
        expected = Path(playwright.chromium.executable_path)
    assert expected.is_relative_to(bare_system)
    program(expected)
    assert find_chromium() == expected


def test_the_script_prints_the_chromium_or_the_one_line(monkeypatch, tmp_path):
    chosen = program(tmp_path / "my-chrome")
    env = {"PATH": "/usr/bin:/bin", ENV: str(chosen)}
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{chosen}\n", "")
    env[ENV] = str(tmp_path / "nowhere")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--install"],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "is not a program that can be run" in done.stderr
