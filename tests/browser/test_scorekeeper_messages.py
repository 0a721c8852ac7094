"""What a fresh scorer read beside the hand, said as it now stands: a refusal goes as soon as the
scorer changes what it was about (the moon marked, the shooter's choice made) and stays while it
is still true; a moon says what it will score before Record; impossible points name the rule they
break; points over the hand's total are said before any empty box. Each new line is photographed
at 390 px."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper

from sheets.houserules import HouseRules

PHONE_390 = {"width": 390, "height": 844}
FAMILY = (
    "Grandma Rose",
    "Uncle Bartholomew",
    "Aunt Marguerite",
    "Cousin Maximilian",
    "Ann",
    "Bob",
    "Cy",
    "Di",
)


@pytest.fixture
def phone(page):
    """The page on a phone 390 px wide (its script errors collected, as for every page)."""
    page.set_viewport_size(PHONE_390)
    return page


def refusal_shown(page) -> bool:
    """Whether a refusal is on screen: beside Record, or under a field."""
    return "error" in (page.get_attribute("#hand-status", "class") or "") or bool(
        page.locator("#hand .field-error").count()
    )


def test_a_moon_entered_by_cards_says_what_goes_on_the_sheet(phone, site, shots):
    sk = Scorekeeper(phone, site(HouseRules(players=8))).open()
    sk.start(FAMILY)
    phone.check("#method-cards")
    phone.select_option("#queen-0", "0")
    phone.select_option("#queen-1", "0")
    phone.fill("#hearts-0", "26")
    for i in range(1, 8):
        phone.fill(f"#hearts-{i}", "0")
    assert sk.text("#points-left") == (
        "☾ Grandma Rose shot the moon and scores 0; the 7 others score 52 each."
    )
    phone.locator("#points-left").scroll_into_view_if_needed()
    phone.screenshot(path=shots / "messages-390-cards-moon-8.png")
    phone.click("#record")
    assert sk.totals() == [0] + [52] * 7


def test_a_moon_taken_off_the_shooter_says_so_by_cards_too(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(moon="subtract-from-shooter"))).open()
    sk.start()
    phone.check("#method-cards")
    phone.select_option("#queen-0", "2")
    phone.fill("#hearts-2", "13")
    for i in (0, 1, 3):
        phone.fill(f"#hearts-{i}", "0")
    assert (
        sk.text("#points-left") == "☾ Cy shot the moon and scores −26; the 3 others score 0 each."
    )
