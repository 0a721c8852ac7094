"""Browser tests: one Chromium per session, driven by playwright, pages served from file://.

``chromium.py`` finds the Chromium, as ``make test`` does (which also tries to install one). When
there is none the tests fail with a one-line message saying what to install; they never skip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import NoChromium, find_chromium
from scorekeeper_page import PHONE, Scorekeeper, static_server, write_site

from sheets.bundle import load_content
from sheets.houserules import STANDARD, HouseRules
from sheets.site.scorekeeper import offline_files, scorekeeper_files

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    """The session's one chromium."""
    try:
        executable = find_chromium()
    except NoChromium as err:
        pytest.fail(str(err), pytrace=False)
    from playwright.sync_api import Error, sync_playwright

    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=str(executable), args=LAUNCH_ARGS)
        except Error as err:
            raise pytest.fail.Exception(
                f"{executable} did not start: {str(err).splitlines()[0]}", pytrace=False
            ) from None
        yield chromium
        chromium.close()


SHOTS_VARIABLE = "HEARTS_SHEETS_SHOTS"
_shots: list[Path] = []


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """The folder where browser tests leave screenshots for a person to look at:
    ``$HEARTS_SHEETS_SHOTS`` where it is set, otherwise a folder of this run's own pytest
    temporary directory, so that runs side by side never share one. Its path is printed at the
    end of the run."""
    folder = (
        Path(os.environ[SHOTS_VARIABLE])
        if os.environ.get(SHOTS_VARIABLE)
        else tmp_path_factory.mktemp("shots", numbered=False)
    )
    folder.mkdir(parents=True, exist_ok=True)
    _shots.append(folder)
    return folder


def pytest_terminal_summary(terminalreporter) -> None:
    for folder in _shots:
        terminalreporter.write_line(f"screenshots to look at: {folder}")


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """Build a scorekeeper for some house rules into a fresh folder; returns its file:// URL."""

    def build(rules: HouseRules = STANDARD, title: str = "Test table") -> str:
        folder = tmp_path_factory.mktemp("site")
        files = scorekeeper_files(rules, title=title, content=load_content())
        files.update(offline_files(files))
        write_site(folder, files)
        return (folder / "scorekeeper.html").as_uri()

    return build


@pytest.fixture(scope="session")
def standard_url(site) -> str:
    """The scorekeeper built with the standard rules."""
    return site()


@pytest.fixture
def context(browser):
    """A fresh browser profile (its own localStorage) at phone size, collecting script errors."""
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True)
    ctx.errors = []
    yield ctx
    ctx.close()
    assert not ctx.errors, f"the page raised script errors: {ctx.errors}"


@pytest.fixture
def page(context):
    page = context.new_page()
    page.on("pageerror", lambda err: context.errors.append(str(err)))
    page.on("console", lambda msg: msg.type == "error" and context.errors.append(msg.text))
    return page


@pytest.fixture
def sk(page, standard_url) -> Scorekeeper:
    """The standard-rules scorekeeper, opened in a fresh profile."""
    return Scorekeeper(page, standard_url).open()


@pytest.fixture(scope="session")
def built_site() -> dict[str, bytes]:
    """The whole site for the standard rules, with only its own sheets (no presets)."""
    from sheets.housefile import STANDARD_FILE
    from sheets.site.builder import build_site, plan_site

    return build_site(plan_site(load_content(), STANDARD_FILE, {}), workers=1)


@pytest.fixture(scope="session")
def served_site(tmp_path_factory, built_site) -> Iterator[str]:
    """The site served over http under a path of its own (not the server's root, as a host may
    put it anywhere); yields the site's base URL."""
    root = tmp_path_factory.mktemp("served")
    write_site(root / "hearts", built_site)
    with static_server(root) as base:
        yield base + "hearts/"


@pytest.fixture
def profile(browser, tmp_path):
    """A Chromium with an ordinary profile on disk (not the incognito-like contexts of
    ``browser.new_context``), at phone size: for what Chromium only does there, such as saying
    whether a page can be installed."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=str(find_chromium()),
        args=LAUNCH_ARGS,
        viewport=PHONE,
    )
    yield context
    context.close()
