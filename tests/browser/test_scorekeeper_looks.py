"""The scorekeeper looked at and scanned: at 320 and 390 pixels wide and at desktop size, light
and dark, the states (setup with an error, a hand of 8 players being entered with an error, a
moon under two bonus cards, game over) are photographed for a person to look at and scanned by
axe-core, which must find nothing; no sideways scrolling anywhere.

The pictures go to the ``shots`` folder ($HEARTS_SHEETS_SHOTS, or one printed at the end):
``<width>-<scheme>-<state>.png``, the viewport as a player sees it, and ``...-page.png`` whole.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from scorekeeper_page import Scorekeeper, mark_moon

from sheets.houserules import HouseRules

SIZES = {
    "320": {"width": 320, "height": 640},
    "390": {"width": 390, "height": 844},
    "desktop": {"width": 1280, "height": 900},
}
EIGHT = ("Alexandra", "Bartholomew", "Christopher", "Di", "Ed", "Fay", "Gus", "Mary Ann")
AXE = Axe()


def scan(page) -> str:
    results = AXE.run(page)
    return results.generate_report() if results.violations_count else ""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_setup_a_hand_of_eight_and_game_over(browser, site, shots, size, scheme):
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    url = site(HouseRules(players=8, bonus_card="JD", moon="shooter-chooses", target=90))
    try:
        page = context.new_page()
        sk = Scorekeeper(page, url).open()
        seen = {}

        def look(state: str, focus: str | None = None) -> None:
            if focus:
                page.locator(focus).scroll_into_view_if_needed()
            stem = shots / f"{size}-{scheme}-{state}"
            page.screenshot(path=f"{stem}.png")
            page.screenshot(path=f"{stem}-page.png", full_page=True)
            seen[state] = scan(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]

        for i, name in enumerate(EIGHT):
            page.fill(f"#name-{i}", name)
        page.fill("#target", "5")
        page.click("text=Start the game")  # an error beside its field, for the picture
        look("setup", "#target")
        sk.start(EIGHT, target=90)
        sk.hand(20, 10, 6, 6, 0, 0, -10, 0)
        sk.hand(0, 0, 0, 52, 0, 0, -20, 0, shooter=3, choice="add-to-others")
        for i, p in enumerate((7, 3, 12)):
            page.fill(f"#points-{i}", str(p))
        page.click("#point-fields .field:nth-child(5) .moon-button")
        page.click("#point-fields .field:nth-child(5) .moon-button")  # and taken back
        page.fill("#points-4", "2")
        page.click("#record")  # not yet: an error beside the button, for the picture
        assert page.inner_text("#hand-status").startswith("Not recorded")
        look("hand", "#record")
        mark_moon(page, 1)
        look("moon", "#takers")
        page.select_option("#taker-0", "1")
        page.select_option("#taker-1", "6")
        page.check("input[value=subtract-from-shooter]")
        page.click("#record")
        sk.hand(30, 0, 6, 0, 0, 0, -4, 0)
        assert page.is_visible("#final")
        look("over", "#final")
        assert seen == {state: "" for state in seen}, "\n".join(seen.values())
    finally:
        context.close()
