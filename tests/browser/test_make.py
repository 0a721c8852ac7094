"""The /make page in real Chromium against the real server: a new user picks a preset and makes
three changes, sees the preview change, downloads both PDFs and the house-rules file; a mistake
is shown beside its control; without JavaScript the form still gives the PDF; at 320 and 390 px
and desktop the page has no sideways scrolling and no axe-core violations. Screenshots go to
make-*.png in the ``shots`` folder for a person to look at."""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml
from axe_playwright_python.sync_playwright import Axe
from pdf_checks import pdf_text
from playwright.sync_api import expect
from pypdf import PdfReader

SIZES = {
    "320": {"width": 320, "height": 700},
    "390": {"width": 390, "height": 844},
    "desktop": {"width": 1280, "height": 900},
}
AXE = Axe()


def open_make(browser, server, query: str = "", size: str = "desktop", javascript: bool = True):
    """The page in a fresh context; returns (context, page, problems seen)."""
    context = browser.new_context(
        viewport=SIZES[size], accept_downloads=True, java_script_enabled=javascript
    )
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda msg: (
            msg.type in ("error", "warning")
            and "favicon.ico" not in (msg.location or {}).get("url", "")
            and problems.append(f"console {msg.type}: {msg.text}")
        ),
    )
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on(
        "request",
        lambda req: (
            req.url.startswith(server.url) or problems.append(f"fetched from elsewhere: {req.url}")
        ),
    )
    page.goto(f"{server.url}/make{'?' + query if query else ''}")
    return context, page, problems


def unexpected(problems: list[str]) -> list[str]:
    """The problems seen, but Chromium's note that a page with mistakes came as a 400 (the
    status the page gets when its address holds a mistake)."""
    return [p for p in problems if "status of 400 (Bad Request)" not in p]


def preview_loaded(page) -> bytes:
    """Wait for the preview image to load; its picture as the page shows it."""
    image = page.locator("#preview img")
    page.evaluate("document.querySelector('#preview img').decode()")
    assert page.evaluate("document.querySelector('#preview img').naturalWidth") > 0
    return image.screenshot()


def address(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


def download(page, name: str) -> bytes:
    with page.expect_download() as info:
        page.get_by_role("button", name=name).click()
    return info.value.path().read_bytes()


def test_a_new_user_makes_and_downloads_their_sheets(browser, server, shots):
    context, page, problems = open_make(browser, server)
    try:
        standard = preview_loaded(page)
        page.select_option("#preset", "omnibus")  # live: no button to press
        expect(page.locator("#title")).to_have_value("Omnibus Hearts")
        page.wait_for_url(re.compile(r"preset=omnibus"))

        page.select_option("#moon", "subtract-from-shooter")
        expect(page.locator("#moon-now")).to_contain_text("Moon off the shooter")
        page.fill("#target", "50")
        expect(page.locator("#target-now")).to_contain_text("50")
        page.fill("#notes", "Loser deals first.")
        expect(page.locator("#in-force")).to_contain_text("Loser deals first.")
        page.wait_for_url(re.compile(r"notes=Loser"))
        assert address(page) == {
            "preset": ["omnibus"],
            "moon": ["subtract-from-shooter"],
            "target": ["50"],
            "notes": ["Loser deals first."],
        }
        expect(page.locator("#preview img")).to_have_attribute("src", re.compile("notes=Loser"))
        changed = preview_loaded(page)
        assert changed != standard

        rule_sheet = pdf_text(download(page, "Rule sheet (PDF, Letter)"))
        for words in ("Omnibus Hearts", "Moon off the shooter", "reaches 50", "Loser deals first."):
            assert words in rule_sheet, words
        assert "Omnibus Hearts" in pdf_text(download(page, "Score sheet (PDF, Letter)"))
        house = yaml.safe_load(download(page, "House rules (YAML file)"))
        assert house == {
            "preset": "omnibus",
            "moon": "subtract-from-shooter",
            "target": 50,
            "notes": ["Loser deals first."],
        }

        again = context.new_page()  # the address is the bookmark
        again.goto(page.url)
        expect(again.locator("#moon")).to_have_value("subtract-from-shooter")
        expect(again.locator("#target")).to_have_value("50")
        expect(again.locator("#notes")).to_have_value("Loser deals first.")
        page.screenshot(path=shots / "make-story.png", full_page=True)
        assert problems == []
    finally:
        context.close()


def test_a_mistake_is_shown_beside_its_control_and_goes_when_fixed(browser, server, shots):
    context, page, problems = open_make(browser, server, "preset=short-game")
    try:
        page.fill("#target", "fifty")
        error = page.locator("#target-error")
        expect(error).to_have_text("Game to: fifty is not possible; choose 10 to 1000.")
        expect(page.locator("#target")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#summary")).to_contain_text("To fix before the sheets can be made: 1")
        expect(page.locator("#status")).to_contain_text(
            "Choices to fix: 1. The note beside each one says what is wrong."
        )
        page.screenshot(path=shots / "make-mistake.png")
        page.fill("#target", "75")
        expect(error).to_be_empty()
        expect(page.locator("#target")).not_to_have_attribute("aria-invalid", "true")
        page.wait_for_url(re.compile(r"target=75"))
        assert unexpected(problems) == []
    finally:
        context.close()


def test_another_preset_is_live_and_keeps_the_choices_made(browser, server):
    context, page, problems = open_make(browser, server, "preset=short-game")
    try:
        page.fill("#title", "Friday night")
        page.fill("#target", "60")
        expect(page.locator("#target-now")).to_contain_text("60")
        page.select_option("#preset", "omnibus")
        expect(page.locator("#field-bonus_card select")).to_have_value("JD")  # omnibus's own
        expect(page.locator("#title")).to_have_value("Friday night")  # the choices made, kept
        expect(page.locator("#target")).to_have_value("60")
        expect(page.locator("#target-now")).to_contain_text("60")
        page.wait_for_url(re.compile(r"preset=omnibus"))
        assert address(page)["target"] == ["60"] and address(page)["title"] == ["Friday night"]
        expect(page.locator("#choices input[name=preset]")).to_have_value("omnibus")
        yaml_file = yaml.safe_load(download(page, "House rules (YAML file)"))
        assert yaml_file["preset"] == "omnibus" and yaml_file["target"] == 60
        assert unexpected(problems) == []
    finally:
        context.close()


def test_without_javascript_another_preset_keeps_the_choices_made(browser, server):
    context, page, problems = open_make(
        browser, server, "preset=short-game&target=60", javascript=False
    )
    try:
        page.select_option("#preset", "omnibus")
        with page.expect_navigation():
            page.get_by_role("button", name="Start from this preset").click()
        assert address(page)["preset"] == ["omnibus"] and address(page)["target"] == ["60"]
        expect(page.locator("#target")).to_have_value("60")
        assert problems == []
    finally:
        context.close()


def test_the_downloads_follow_the_paper_and_wait_for_valid_choices(browser, server, shots):
    """The download buttons name the paper chosen (A4 once A4 is chosen), and while a choice
    is wrong they are disabled, saying why, until it is fixed."""
    context, page, problems = open_make(browser, server, "preset=short-game")
    try:
        page.check("input[name=paper][value=a4]")
        expect(page.get_by_role("button", name="Rule sheet (PDF, A4)")).to_be_visible()
        expect(page.get_by_role("button", name="Score sheet (PDF, A4)")).to_be_visible()
        pdf = download(page, "Score sheet (PDF, A4)")
        assert round(float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)) == 595
        page.fill("#target", "fifty")
        expect(page.locator("#target-error")).not_to_be_empty()
        for button in page.locator("#downloads button").all():
            expect(button).to_be_disabled()
            expect(button).to_have_accessible_description(
                "Fix the choices marked in red to see and download the sheets."
            )
        page.locator("#downloads").scroll_into_view_if_needed()
        page.screenshot(path=shots / "make-downloads-disabled.png")
        page.fill("#target", "75")
        expect(page.locator("#downloads button").first).to_be_enabled()
        assert unexpected(problems) == []
    finally:
        context.close()


def test_without_javascript_the_form_still_gives_the_pdf(browser, server):
    context, page, problems = open_make(browser, server, "preset=short-game", javascript=False)
    try:
        page.fill("#target", "fifty")  # a download of wrong choices: back to the form
        with page.expect_navigation():
            page.get_by_role("button", name="Rule sheet (PDF, Letter)").click()
        assert urlsplit(page.url).path.endswith("/make")
        expect(page.locator("#summary")).to_contain_text("To fix before the sheets can be made: 1")
        expect(page.locator("#target-error")).to_contain_text("fifty")
        expect(page.locator("#downloads button").first).to_be_disabled()
        page.fill("#target", "50")
        page.select_option("#moon", "subtract-from-shooter")
        page.check("input[name=paper][value=a4]")
        with page.expect_navigation():
            page.get_by_role("button", name="Show my sheets").click()
        assert address(page)["moon"] == ["subtract-from-shooter"]
        expect(page.locator("#moon-now")).to_contain_text("Moon off the shooter")
        expect(page.locator("#preview img")).to_have_attribute("src", re.compile("paper=a4"))
        pdf = download(page, "Rule sheet (PDF, A4)")
        assert "Moon off the shooter" in pdf_text(pdf) and "reaches 50" in pdf_text(pdf)
        page_size = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
        assert round(float(page_size.width)) == 595
        assert unexpected(problems) == []
    finally:
        context.close()


@pytest.mark.parametrize("query", ["", "preset=partnership&moon=sometimes&target=5"])
@pytest.mark.parametrize("size", SIZES)
def test_the_page_fits_every_width_and_has_no_accessibility_violations(
    browser, server, shots, size, query
):
    context, page, problems = open_make(browser, server, query, size)
    try:
        if not query:
            preview_loaded(page)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        name = shots / f"make-{size}{'-errors' if query else ''}.png"
        page.screenshot(path=name, full_page=True)
        assert unexpected(problems) == []
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_the_first_lead_menu_follows_the_table_as_it_changes(browser, server):
    """The usual first lead is offered once, and the menu's other choices follow the table:
    at 8 players the dealer's left is usual and the lowest club (which Cancellation Hearts
    cannot play) is not offered; the pass menus drop what the table cannot pass too."""
    context, page, problems = open_make(browser, server, "")
    try:

        def menu() -> list[str]:
            return page.locator("#first_lead option").all_inner_texts()

        assert menu() == ["usual for the table: Lowest club leads", "Dealer's left leads"]
        page.select_option("#players", "8")
        page.wait_for_url(re.compile(r"players=8"))
        expect(page.locator("#first_lead option").first).to_contain_text("Dealer's left")
        assert menu() == ["usual for the table: Dealer's left leads"]
        assert page.input_value("#first_lead") == ""
        values = "options => options.map(o => o.value)"
        passes = page.locator("#passing-3 option").evaluate_all(values)
        assert "scatter" not in passes and "second-left" in passes, passes
        page.select_option("#players", "3")
        page.wait_for_url(re.compile(r"players=3"))
        expect(page.locator("#first_lead option")).to_have_count(2)
        assert menu() == ["usual for the table: Lowest club leads", "Dealer's left leads"]
        passes = page.locator("#passing-3 option").evaluate_all(values)
        assert "across" not in passes and "scatter" in passes, passes
        assert unexpected(problems) == []
    finally:
        context.close()


def test_the_passing_hint_follows_the_table_as_it_changes(browser, server):
    """The usual cycle named under Passing is the new table's as soon as the players change,
    not the one the page was opened with."""
    context, page, problems = open_make(browser, server, "")
    try:
        hint = page.locator("#passing-hint")
        expect(hint).to_contain_text("left, right, across, no pass")
        page.select_option("#players", "5")
        page.wait_for_url(re.compile(r"players=5"))
        expect(hint).to_contain_text("left, right, 2nd left, 2nd right, no pass")
        expect(hint).not_to_contain_text("across")
        assert unexpected(problems) == []
    finally:
        context.close()
