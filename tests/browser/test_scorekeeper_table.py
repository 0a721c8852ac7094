"""The scorekeeper at a real card table, on a phone: what a scorer types is never lost to
another tab, a problem is said at the field at fault and goes once fixed, nothing the scorer
needs hides under the standing or the keyboard, Enter walks the fields, and points below 0 can be
entered on a keypad with no minus key."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper
from test_scorekeeper_keeping import two_tabs, wait_for_text  # noqa: F401 (a fixture)

from sheets.houserules import HouseRules

EIGHT = ("Alexandra", "Bartholomew", "Christopher", "Di", "Ed", "Fay", "Gus", "Mary Ann")


def focused(sk: Scorekeeper) -> str:
    return sk.page.evaluate("document.activeElement.id")


def below_standing(sk: Scorekeeper, selector: str) -> bool:
    """True when an element's top is on screen, below the standing that stays at the top."""
    bar = sk.page.locator("#standing").bounding_box()
    box = sk.page.locator(selector).bounding_box()
    height = sk.page.viewport_size["height"]
    return bar["y"] + bar["height"] <= box["y"] < height


def on_screen(sk: Scorekeeper, selector: str) -> bool:
    box = sk.page.locator(selector).bounding_box()
    return 0 <= box["y"] and box["y"] + box["height"] <= sk.page.viewport_size["height"]


# -- 1: another tab's change keeps what this one was typing ------------------------------------


def wait_for_alert(sk: Scorekeeper, text: str) -> None:
    wait_for_text(sk, "#alert", text)


def test_an_edit_under_way_survives_a_hand_recorded_in_another_tab(two_tabs):
    first, second = two_tabs
    first.page.bring_to_front()
    first.start()
    first.hand(13, 13, 0, 0)
    first.hand(0, 0, 13, 13)
    wait_for_alert(second, "(2 hands)")
    first.page.click("button:has-text('Edit hand 1')")
    first.page.fill("#points-0", "20")
    first.page.fill("#points-1", "6")
    second.page.bring_to_front()
    second.hand(26, 0, 0, 0, shooter=0)
    first.page.bring_to_front()
    wait_for_alert(first, "(3 hands)")
    assert first.text("#alert") == (
        "Another tab changed this game: this page now shows it as saved there (3 hands). "
        "You are still editing hand 1: what you typed is still in the form; save it again."
    )
    assert first.text("#hand-legend") == "Editing hand 1"
    assert first.points()[:2] == ["20", "6"]
    first.page.fill("#points-3", "0")
    first.page.click("#record")  # the correction goes to hand 1, not a new hand 4
    assert first.hands_shown() == 3
    assert first.saved()["hands"][0]["points"] == [20, 6, 0, 0]
    assert first.totals() == [20, 32, 39, 39]


def test_a_half_typed_hand_survives_a_hand_recorded_in_another_tab(two_tabs):
    first, second = two_tabs
    first.page.bring_to_front()
    first.start()
    wait_for_alert(second, "(0 hands)")
    first.page.fill("#points-0", "5")
    second.page.bring_to_front()
    second.hand(13, 13, 0, 0)
    first.page.bring_to_front()
    wait_for_alert(first, "(1 hand)")
    assert first.text("#alert").endswith(
        "What you typed is still in the form, now for hand 2: check it before recording."
    )
    assert first.points() == ["5", "", "", ""]
    assert first.text("#hand-legend") == "Hand 2"
    assert first.text("#hand-status") == (  # beside Record too, where the scorer types
        "Another tab recorded a change. What you typed is still in the form, now for hand 2: "
        "check it before recording."
    )
    first.page.reload()  # and it is the draft kept for the new hand
    assert first.points() == ["5", "", "", ""]


# -- 3, 4: a problem at the field at fault, gone once fixed -------------------------------------


def test_a_problem_is_said_at_the_field_at_fault_and_goes_when_fixed(sk):
    page = sk.page
    sk.start()
    for i, p in enumerate((13, 3, 4, 65)):
        page.fill(f"#points-{i}", str(p))
    page.click("#record")
    said = "Not recorded: Di's points must be from 0 to 26, not 65."
    assert sk.text("#points-3-error") == said
    assert page.get_attribute("#points-3", "aria-invalid") == "true"
    assert "points-3-error" in page.get_attribute("#points-3", "aria-describedby")
    assert page.get_attribute("#points-0", "aria-invalid") is None
    assert focused(sk) == "points-3"
    assert sk.text("#hand-status") == said  # spoken, and shown once: under the field
    assert "spoken" in page.get_attribute("#hand-status", "class")
    page.fill("#points-3", "6")
    assert sk.text("#points-left") == "All 26 points placed."
    assert page.locator(".field-error").count() == 0 and sk.text("#hand-status") == ""
    assert page.get_attribute("#points-3", "aria-invalid") is None
    page.fill("#points-3", "9")
    page.click("#record")  # a problem of the whole hand: beside Record, focus left on Record
    assert sk.text("#hand-status") == (
        "Not recorded: the points add up to 29; a hand adds up to 26."
    )
    assert "spoken" not in page.get_attribute("#hand-status", "class")
    assert "hand-status" in page.get_attribute("#points-0", "aria-describedby")
    assert focused(sk) == "record", "no box focused with its number selected, to be overwritten"
    page.fill("#points-3", "6")
    assert sk.text("#hand-status") == "" and page.get_attribute("#points-0", "aria-invalid") is None
    page.click("#record")
    assert sk.totals() == [13, 3, 4, 6]


# -- 5, 6: in sight at a phone's size, keyboard up ----------------------------------------------


def test_after_start_and_each_record_the_form_is_in_sight_below_the_standing(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    assert below_standing(sk, "#hand-legend") and focused(sk) == "points-0"
    for _ in range(2):
        sk.hand(14, 13, 10, 9, 6, 0, 0, 0)
        assert below_standing(sk, "#hand-legend"), "not under the sticky standing"
        assert below_standing(sk, "#points-0") and focused(sk) == "points-0"


def test_with_the_keyboard_up_record_stays_in_reach_and_enter_walks_the_fields(page, site):
    page.set_viewport_size({"width": 390, "height": 420})  # a phone with its keyboard up
    sk = Scorekeeper(page, site(HouseRules(players=6))).open()
    sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Flo"))
    page.fill("#points-0", "3")
    page.keyboard.press("Enter")  # not recorded: on to the next box
    assert focused(sk) == "points-1" and sk.hands_shown() == 0
    assert page.get_attribute("#points-1", "enterkeyhint") == "next"
    for p in ("5", "10", "0", "0"):
        page.keyboard.type(p)
        assert page.get_attribute(f"#{focused(sk)}", "enterkeyhint") == "next"
        page.keyboard.press("Enter")
    # the hand is whole with the last box's suggestion: Enter shows it before recording it
    assert focused(sk) == "points-5" and sk.hands_shown() == 0
    assert page.get_attribute("#points-5", "placeholder") == "34"
    assert page.get_attribute("#points-5", "enterkeyhint") == "done"
    assert on_screen(sk, "#record"), "Record in sight while the points are typed"
    page.keyboard.press("Enter")
    assert sk.hands_shown() == 1 and sk.totals() == [3, 5, 10, 0, 0, 34]


# -- 8: below 0 without a minus key ---------------------------------------------------------------


def test_points_below_0_without_a_minus_key(page, site):
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    sign = page.locator("#point-fields .field:nth-child(2) .sign-button")
    assert sign.inner_text().strip().endswith("Minus: Bob's points below 0")
    page.click("#points-1")
    sign.click()  # on an empty field: a minus to type the number after
    assert page.input_value("#points-1") == "-" and focused(sk) == "points-1"
    page.keyboard.type("10")
    assert page.input_value("#points-1") == "-10"
    assert sign.get_attribute("aria-pressed") == "true"
    page.fill("#points-2", "6")
    page.locator("#point-fields .field:nth-child(3) .sign-button").click()  # on a number
    assert page.input_value("#points-2") == "-6"
    page.locator("#point-fields .field:nth-child(3) .sign-button").click()  # and back
    assert page.input_value("#points-2") == "6"
    page.fill("#points-0", "13")
    page.fill("#points-2", "3")
    page.fill("#points-3", "\u221210")  # a phone's own minus sign counts too
    page.click("#record")
    assert sk.text("#hand-status") == (
        "Not recorded: the points add up to −4; a hand adds up to 16."
    )
    page.fill("#points-3", "10")
    page.click("#record")
    assert sk.totals() == [13, -10, 3, 10]


# -- looked at and scanned ------------------------------------------------------------------------

SIZES = {
    "320": {"width": 320, "height": 640},
    "390": {"width": 390, "height": 844},
    "1280": {"width": 1280, "height": 800},
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_hand_at_the_table_looked_at(browser, site, shots, size, scheme):
    """A suggestion, an error at its field, a hand by the cards and an edit: photographed for
    a person to look at, and scanned by axe, which finds nothing."""
    from test_scorekeeper_looks import scan

    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(players=8, bonus_card="JD"))).open()
        seen = {}

        def look(state: str) -> None:
            page.screenshot(path=shots / f"table-{size}-{scheme}-{state}.png")
            seen[state] = scan(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]

        sk.start(EIGHT)
        for i, p in enumerate((7, 3, 12, 6, 0, 0, -10)):
            page.fill(f"#points-{i}", str(p))
        assert page.get_attribute("#points-7", "placeholder") == "14"
        look("suggested")
        page.fill("#points-3", "65")
        page.click("#record")
        look("error")
        page.fill("#points-3", "6")
        page.click("#record")
        page.check("#method-cards")
        page.select_option("#queen-0", "2")
        page.select_option("#queen-1", "5")
        page.select_option("#bonus-0", "1")
        page.select_option("#bonus-1", "1")
        for i, h in enumerate((4, 3, 0, 9, 10, 0, 0)):
            page.fill(f"#hearts-{i}", str(h))
        page.locator("#points-left").scroll_into_view_if_needed()
        look("cards")
        page.click("#record")
        page.click("button:has-text('Edit hand 1')")
        look("edit")
        assert seen == {state: "" for state in seen}, "\n".join(seen.values())
    finally:
        context.close()
