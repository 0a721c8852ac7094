"""The scorekeeper after a second look by a fresh scorer and native readers: a refused hand is said
once on screen (at the field at fault, or beside Record) and spoken once; a refusal never stays
in a form that now holds another hand; what Undo says is in sight at 320 pixels with 8 players,
and after a moon it names the moon instead of quoting the points as typed; the totals take one
row on a phone, so the boxes and Record stay in sight with the keyboard up."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper, mark_moon
from test_scorekeeper_looks import scan

from sheets.houserules import HouseRules

EIGHT = ("Ann", "Ben", "Cy", "Di", "Ed", "Fay", "Timothy", "Mary Ann")
TEN = ("Alexandra", "Bartholomew", "Christopher", "Di", "Ed", "Fay", "Gus", "Mary Ann", "Jo", "Kim")
KEYBOARD_UP = {"width": 320, "height": 480}  # a 320-pixel phone with its keyboard up, about

# The parts of the form that say something about the hand's points: each shown one is counted.
SAYING = "#hand .field-error, #hand-status, #points-left"


def shown_saying(page) -> list[str]:
    """The texts of the form's messages a sighted scorer sees (not those only spoken)."""
    return page.evaluate(
        """s => Array.from(document.querySelectorAll(s)).filter(e => {
             const r = e.getBoundingClientRect();
             return e.textContent.trim() && e.checkVisibility() && r.width > 2 && r.height > 2;
           }).map(e => e.textContent.trim())""",
        SAYING,
    )


def spoken(page, text: str) -> int:
    """How many live regions hold a text (each would say it)."""
    return page.evaluate(
        """t => Array.from(document.querySelectorAll('[role=status],[role=alert],[aria-live]'))
             .filter(e => e.textContent.includes(t)).length""",
        text,
    )


def uncovered(page, selector: str) -> bool:
    """True when an element is on screen and nothing (the standing, the Record bar) covers its
    middle."""
    return page.evaluate(
        """s => { const e = document.querySelector(s); const r = e.getBoundingClientRect();
             if (r.top < 0 || r.bottom > innerHeight) return false;
             const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             return at !== null && (e === at || e.contains(at)); }""",
        selector,
    )


# -- 1: a refusal said once -----------------------------------------------------------------------


def test_a_refused_hand_is_said_once_on_screen_and_spoken_once(sk):
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 5)  # the hand as a whole: beside Record, the count of points gives way
    said = "Not recorded: the points add up to 31; a hand adds up to 26."
    assert shown_saying(page) == [said] and spoken(page, said) == 1
    assert uncovered(page, "#hand-status") and uncovered(page, "#record")
    sk.hand(13, 13, 0, 99)  # one field: under it, the line beside Record only speaking it
    said = "Not recorded: Di's points must be from 0 to 26, not 99."
    assert shown_saying(page) == [said] and spoken(page, said) == 1
    mark_moon(page, 3)  # all 26 placed by the moon, then a mark taken away
    mark_moon(page, None)
    sk.hand(0, 0, 0, 26)
    shown = shown_saying(page)
    assert len(shown) == 1 and shown[0].startswith("Not recorded: Di took"), shown
    page.fill("#points-3", "13")  # changed: the refusal goes, the count comes back
    assert shown_saying(page) == ["13 points left to place (of 26)."]


def test_with_eight_players_a_refusal_of_the_whole_hand_is_in_sight_at_320(page, site):
    page.set_viewport_size(KEYBOARD_UP)
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    sk.hand(14, 13, 10, 9, 6, 0, 0, 5)
    assert shown_saying(page) == [
        "Not recorded: the points add up to 57; a hand adds up to 52 (cancelled cards still "
        "count: they go to whoever takes their trick)."
    ]
    assert uncovered(page, "#hand-status") and uncovered(page, "#points-0")
    # by cards too: a scorer who left out two hearts cancelled in a trick was told only "a
    # hand has 26", with nothing to say that those still count
    page.fill("#points-0", "")
    sk.by_cards(queens=(0, 1), hearts=(12, 12, 0, 0, 0, 0, 0, 0))
    assert shown_saying(page) == [
        "Not recorded: the hearts add up to 24; a hand has 26 (cancelled hearts still count: "
        "they go to whoever takes their trick)."
    ]


# -- 2: no refusal left in a form that holds another hand -----------------------------------------


def refusal_gone(page) -> bool:
    return page.evaluate(
        """() => !document.querySelector('#hand .field-error, #hand [aria-invalid]') &&
             !document.getElementById('hand-status').textContent.startsWith('Not recorded') &&
             !document.getElementById('points-left').hidden"""
    )


def test_a_refusal_goes_when_the_form_takes_another_hand(sk):
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 0, 0, 26)  # refused at Di's ☾
    assert page.locator("#point-fields .field-error").count() == 1
    page.click("button:has-text('Edit hand 1')")
    assert refusal_gone(page) and sk.text("#hand-status") == (
        "Editing hand 1. The numbers typed for hand 2 are kept: they come back when you save or "
        "cancel this edit."
    )
    sk.hand(13, 13, 0, 9)  # refused as a whole, in the edit
    assert not refusal_gone(page)
    page.click("#edit-cancel")
    assert refusal_gone(page) and sk.text("#hand-status") == (
        "Edit cancelled. The numbers typed for hand 2 are back in the boxes."  # set aside, not lost
    )
    sk.hand(0, 13, 13, 0)
    sk.hand(5, 5, 5, 5)
    page.click("#undo")  # hand 2 back in the form: nothing said about the refused one
    assert refusal_gone(page) and sk.points() == ["0", "13", "13", "0"]
    assert sk.text("#hand-status").startswith("Hand 2 taken back")
    sk.hand(0, 13, 13, 50)
    page.click("#redo")
    assert refusal_gone(page) and sk.hands_shown() == 2
    sk.hand(1, 1, 1, 1)
    page.click("#undo")
    assert refusal_gone(page)


def test_a_hand_redone_leaves_nothing_set_aside_to_come_back(sk):
    """Redo puts a hand taken back into the history again: what the form held then was that
    hand, and nothing of it waits to come back into a later form."""
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 13, 13, 0)
    page.click("#undo")  # hand 2 back in the form
    page.click("#redo")  # recorded again
    page.click("#undo")  # and back in the form once more
    for i in range(4):
        page.fill(f"#points-{i}", "")  # the scorer clears it to type hand 2 afresh
    page.click("button:has-text('Edit hand 1')")
    page.click("#edit-cancel")
    assert sk.points() == ["", "", "", ""], "a hand cleared came back"
    assert sk.text("#hand-status") == "Edit cancelled."


# -- 3, 4: what Undo says, in sight and true to the form ------------------------------------------


@pytest.mark.parametrize("height", [480, 640])
def test_what_undo_says_is_in_sight_at_320_with_eight_players(page, site, height):
    page.set_viewport_size({"width": 320, "height": height})
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    sk.hand(14, 13, 10, 9, 6, 0, 0, 0)
    sk.hand(0, 6, 20, 0, 0, 26, 0, 0)
    page.click("#undo")
    assert sk.text("#hand-status").startswith("Hand 2 taken back")
    assert uncovered(page, "#hand-status"), "said out of sight"
    assert uncovered(page, "#points-0") and uncovered(page, "#points-1"), "the first boxes hidden"
    assert page.evaluate("document.activeElement.id") == "points-0"


def test_undo_after_a_moon_names_the_moon_and_gives_the_hand_back_as_entered(page, site):
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    sk.hand(13, 13, 0, -10)
    mark_moon(page, 1)  # Bob shot the moon, Cy took the J♦
    page.select_option("#taker-0", "2")
    page.click("#record")
    assert sk.totals() == [39, 13, 16, 16]
    page.click("#undo")
    said = sk.text("#hand-status")
    assert said.startswith("Hand 2 taken back (Bob shot the moon): it is in the form again"), said
    assert "26" not in said and "-10" not in said, "points as typed, not as scored"
    # the form as it was entered: the moon marked (menu and ☾ alike), the J♦ where it went
    assert sk.points() == ["0", "26", "-10", "0"]
    assert page.input_value("#shooter") == "1" and page.input_value("#taker-0") == "2"
    assert (
        page.get_attribute("#point-fields .field:nth-child(2) .moon-button", "aria-pressed")
        == "true"
    )
    page.click("#record")  # recorded again unchanged, it scores as before
    assert sk.totals() == [39, 13, 16, 16]


# -- 5: the totals on a phone ---------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("names", [EIGHT, TEN], ids=["8", "10"])
def test_every_total_and_the_boxes_stay_in_sight(browser, site, shots, names, scheme):
    """With the keyboard up, eight or ten totals wrap into short rows, every one in sight
    without a swipe (a scorer saw 3 of 8 in a row that scrolled), and the boxes and Record
    stay clear of them."""
    context = browser.new_context(viewport=KEYBOARD_UP, color_scheme=scheme)
    try:
        page = context.new_page()
        rules = HouseRules(players=len(names))
        sk = Scorekeeper(page, site(rules)).open()
        sk.start(names)
        n = len(names)
        sk.hand(*([rules.points_per_hand - 20, 10, 10] + [0] * (n - 3)))
        totals = page.locator("#standing-totals")
        chips = page.locator("#standing-totals .chip")
        row = totals.bounding_box()
        for i in range(n):
            box = chips.nth(i).bounding_box()
            assert (
                row["x"] - 1 <= box["x"] and box["x"] + box["width"] <= row["x"] + row["width"] + 1
            )
        places = [(round(chips.nth(i).bounding_box()["y"]), chips.nth(i).bounding_box()["x"])
                  for i in range(n)]  # fmt: skip
        assert places == sorted(places), "in seat order"
        assert page.locator("#standing").bounding_box()["height"] <= 0.2 * 480
        assert totals.get_attribute("tabindex") is None, "nothing to scroll"
        page.fill("#points-0", "4")  # typing: the boxes and Record in sight, nothing covered
        for selector in ("#points-0", "#points-1", "#record"):
            assert uncovered(page, selector), selector
        page.screenshot(path=shots / f"second-look-{n}-{scheme}-typing.png")
        assert scan(page) == ""
    finally:
        context.close()


# -- 6: the ☾ beside a name is the one control for the moon in sight ------------------------------


def test_the_moon_is_marked_by_the_moon_beside_a_name_and_the_list_is_the_keyboards(sk):
    """A scorer wondered whether both the ☾ and a "Shot the moon" list had to be set: the ☾ is
    the one in sight; the list, the keyboard's way to the same mark, shows only once Tab
    reaches it, laid over the form (nothing under a click moves as it loses focus)."""
    page = sk.page
    sk.start()
    moons = page.locator("#point-fields .moon-button")

    def pressed() -> list[str]:
        return [moons.nth(i).get_attribute("aria-pressed") for i in range(4)]

    def list_width() -> float:
        return page.locator(".moon-keys").bounding_box()["width"]

    assert list_width() <= 1, "the list is not in sight"
    moons.nth(2).click()  # ☾ beside Cy
    assert page.input_value("#shooter") == "2" and pressed() == ["false", "false", "true", "false"]
    assert sk.text("#points-left") == "☾ Cy shot the moon and scores 0; the 3 others score 26 each."
    moons.nth(3).click()  # Di's ☾: Di's pressed, Cy's not
    assert pressed() == ["false", "false", "false", "true"]
    assert sk.text("#points-left") == "☾ Di shot the moon and scores 0; the 3 others score 26 each."
    moons.nth(3).click()  # pressed again: nobody
    assert page.input_value("#shooter") == "" and pressed() == ["false"] * 4
    assert sk.points() == ["", "", "", ""] and list_width() <= 1
    record = page.locator("#record").bounding_box()
    page.focus("#points-3")
    page.keyboard.press("Tab")  # past the ☾ (a tap's way) to the list
    assert page.evaluate("document.activeElement.id") == "shooter" and list_width() > 100
    assert page.locator("#record").bounding_box() == record, "laid over, not pushing down"
    page.keyboard.press("ArrowDown")  # Ann
    assert pressed() == ["true", "false", "false", "false"]
    page.keyboard.press("Tab")
    assert list_width() <= 1


# -- 7: the past games reached from the top of the page --------------------------------------------


def test_the_past_games_are_reached_from_the_header(sk):
    page = sk.page
    sk.start()
    assert page.is_visible("#past-link"), "where a game left goes, shown from the start"
    sk.hand(13, 13, 0, 0)
    page.click("#new-game")
    page.click("#confirm-yes")
    sk.start(("Eve", "Fred", "Gil", "Hal"))
    link = page.locator("header nav #past-link")
    assert link.is_visible() and link.inner_text() == "Past games"
    assert link.bounding_box()["y"] < 200, "near the top"
    link.click()
    assert uncovered(page, "#past-heading"), "the list of past games in sight"
    assert page.locator("#past-list li").count() == 1 and page.locator("#past").count() == 1


# -- looked at and scanned ------------------------------------------------------------------------

SIZES = {"320": {"width": 320, "height": 640}, "390": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_second_look_looked_at(browser, site, shots, size, scheme):
    """Eight players: a refusal beside Record, one at its field, a moon marked, a moon taken
    back, the header's way to the past games; photographed and scanned by axe."""
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(players=8, bonus_card="JD"))).open()
        seen = {}

        def look(state: str) -> None:
            page.screenshot(path=shots / f"second-look-{size}-{scheme}-{state}.png")
            seen[state] = scan(page)

        sk.start(EIGHT)
        sk.hand(14, 13, 10, 9, 6, 0, 0, 5)
        look("refused")
        sk.hand(14, 13, 10, 9, 6, 0, 0, 99)
        look("refused-field")
        page.locator("#point-fields .moon-button").nth(6).click()
        page.select_option("#taker-0", "1")
        page.select_option("#taker-1", "2")
        page.locator("#takers").scroll_into_view_if_needed()
        look("moon")
        page.click("#record")
        page.click("#undo")
        assert sk.text("#hand-status").startswith("Hand 1 taken back (Timothy shot the moon)")
        look("undone-moon")
        page.click("#record")
        page.click("#new-game")
        page.click("#confirm-yes")
        sk.start(EIGHT)
        page.evaluate("window.scrollTo(0, 0)")
        look("past-link")
        assert seen == {state: "" for state in seen}, "\n".join(seen.values())
    finally:
        context.close()
