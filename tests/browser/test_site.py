"""The website's front page in real Chromium, from file://: no console errors, nothing fetched
from elsewhere, every preview loaded, no sideways scrolling, no axe-core violations, at phone and
desktop sizes in the light and dark themes. Screenshots go to the ``shots`` folder (site-*.png) for a person to
look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from sheets.bundle import load_presets
from sheets.papers import PAPERS
from sheets.pipeline import ALL_KINDS

SIZES = {"phone": {"width": 375, "height": 740}, "desktop": {"width": 1280, "height": 900}}
SCHEMES = ("light", "dark")
AXE = Axe()


@pytest.fixture(scope="module")
def site_url(standard_site) -> str:
    return (standard_site / "index.html").as_uri()


def open_page(browser, url: str, size: str, scheme: str = "light", media: str = "screen"):
    """The front page in a fresh context; returns (context, page, problems seen)."""
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda msg: (
            msg.type in ("error", "warning") and problems.append(f"console {msg.type}: {msg.text}")
        ),
    )
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on(
        "request",
        lambda req: (
            req.url.startswith("file://") or problems.append(f"fetched from elsewhere: {req.url}")
        ),
    )
    page.on("requestfailed", lambda req: problems.append(f"failed to load: {req.url}"))
    page.emulate_media(media=media)
    page.goto(url)
    # The previews load lazily; load them all, then wait until every one has arrived.
    page.evaluate("document.querySelectorAll('img').forEach(img => { img.loading = 'eager'; })")
    # (a promise, not wait_for_function: its polling evaluates strings, which the policy forbids)
    page.evaluate("Promise.all([...document.images].map(img => img.decode()))")
    return context, page, problems


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_the_page_loads_cleanly(browser, site_url, shots, size, scheme):
    context, page, problems = open_page(browser, site_url, size, scheme)
    try:
        broken = page.evaluate("[...document.images].filter(i => !i.naturalWidth).map(i => i.src)")
        assert broken == []
        # a preview for every sheet of every set of rules (the presets) on every paper
        assert page.locator("img").count() == len(load_presets()) * len(ALL_KINDS) * len(PAPERS)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        assert page.locator("svg.trick .card").count() == 4
        assert page.locator("svg.trick").bounding_box()["width"] <= SIZES[size]["width"]
        page.screenshot(path=shots / f"site-{size}-{scheme}.png", full_page=True)
        page.screenshot(path=shots / f"site-{size}-{scheme}-top.png")
        page.locator("#example").screenshot(path=shots / f"site-{size}-{scheme}-example.png")
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_no_accessibility_violations(browser, site_url, size, scheme):
    context, page, problems = open_page(browser, site_url, size, scheme)
    try:
        assert problems == []  # checked before the scan: axe's own fetches break the policy
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_the_print_style_keeps_the_rules_and_drops_the_rest(browser, site_url, shots):
    context, page, problems = open_page(browser, site_url, "desktop", media="print")
    try:
        assert page.locator("#downloads").is_hidden()
        assert page.locator("nav.contents").is_hidden()
        assert page.locator("#glossary").is_visible()
        assert page.locator("svg.trick").is_visible()
        page.pdf(path=shots / "site-print.pdf")
        assert problems == []
    finally:
        context.close()


def test_the_scorekeeper_link_opens_the_scorekeeper(browser, site_url):
    context, page, problems = open_page(browser, site_url, "phone")
    try:
        page.click("text=Keep score on this device")
        page.wait_for_load_state("load")
        assert Path(page.url).name == "scorekeeper.html"
        assert page.locator("h1").inner_text() == "Hearts scorekeeper"
        assert problems == []
    finally:
        context.close()
