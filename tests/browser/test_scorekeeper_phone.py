"""The scorekeeper on a phone at the card table: the standing always in view, the leader marked
by more than colour, setup errors beside their fields, names whole, quick entry, the end of the
game with a ranking and a rematch, printing in the light palette, and messages that read right
where the user is looking."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper, chips_said, in_view

from sheets.houserules import HouseRules

NARROW = {"width": 320, "height": 640}
EIGHT = ("Alexandra", "Bartholomew", "Christopher", "Di", "Ed", "Fay", "Gus", "Mary Ann")


@pytest.fixture
def narrow(browser, standard_url):
    """The standard scorekeeper on a 320-pixel phone."""
    context = browser.new_context(viewport=NARROW)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield Scorekeeper(page, standard_url).open()
    context.close()
    assert errors == []


def test_the_standing_stays_in_view_while_a_hand_is_entered(narrow):
    sk, page = narrow, narrow.page
    sk.start(EIGHT)
    sk.hand(14, 13, 10, 9, 6, 0, 0, 0)
    standing = page.locator("#standing")
    for field in ("#points-7", "#point-fields .moon-button >> nth=7", "#record", "#points-0"):
        page.focus(field)
        assert page.evaluate("window.scrollY") > 0, "the page did scroll"
        assert in_view(page, "#standing"), f"the standing is out of view beside {field}"
        assert in_view(page, field)
        below = standing.bounding_box()["y"] + standing.bounding_box()["height"]
        assert page.locator(field).bounding_box()["y"] >= below, f"{field} is under the standing"
    assert sk.text("#next") == "Hand 2 · dealer Bartholomew"
    chips = chips_said(page)
    assert chips == [
        "Alexandra 14 ▲ 86 to go",
        "Bartholomew 13",
        "Christopher 10",
        "Di 9",
        "Ed 6",
        "Fay 0 ▼ lowest",
        "Gus 0 ▼ lowest",
        "Mary Ann 0 ▼ lowest",
    ]


def test_the_leader_is_marked_by_more_than_colour(sk):
    sk.start()
    assert sk.page.locator("#standing-totals .mark").count() == 0, "no leader before a hand"
    sk.hand(13, 13, 0, 0)
    chips = chips_said(sk.page)
    assert chips == [
        "Ann 13 ▲ 87 to go",
        "Bob 13 ▲ 87 to go",
        "Cy 0 ▼ lowest",
        "Di 0 ▼ lowest",
    ]
    foot = sk.page.locator("#score-foot td:not(.foot-gap)")
    assert foot.nth(2).inner_text().strip().endswith("lowest")  # read out, not only seen
    weight = sk.page.evaluate(
        "getComputedStyle(document.querySelector('#standing-totals li.lead')).borderTopWidth"
    )
    assert weight == "2px"


def test_setup_errors_stand_beside_their_fields(narrow):
    page = narrow.page
    for i, name in enumerate(("Ann", "Bob", "ann", "Di")):
        page.fill(f"#name-{i}", name)
    page.fill("#target", "5")
    page.click("text=Start the game")
    assert page.is_visible("#setup")
    assert page.evaluate("document.activeElement.id") == "name-2", "the first bad field"
    assert page.get_attribute("#name-2", "aria-invalid") == "true"
    described = page.get_attribute("#name-2", "aria-describedby")
    assert page.inner_text(f"#{described}") == (
        "Another player is already called ann: give each player a name of its own."
    )
    assert (
        page.evaluate(f"document.getElementById('{described}').previousElementSibling.id")
        == "name-2"
    ), "the message sits right under its field"
    assert (
        page.inner_text(f"#{page.get_attribute('#target', 'aria-describedby')}")
        == "The game must end at a whole number from 10 to 1000."
    )
    page.fill("#name-2", "Cy")
    # put right, a field loses its mark as it is typed, not only at the next Start (a scorer
    # could not tell whether 90 was taken)
    assert page.get_attribute("#name-2", "aria-invalid") is None
    assert page.locator(".field-error").count() == 1 and page.inner_text("#setup-status")
    page.click("text=Start the game")
    assert page.evaluate("document.activeElement.id") == "target"
    assert page.locator(".field-error").count() == 1
    page.fill("#target", "50")
    assert page.locator(".field-error").count() == 0 and page.inner_text("#setup-status") == ""
    page.click("text=Start the game")
    assert page.is_visible("#game") and page.locator(".field-error").count() == 0


def test_names_are_whole_and_read_upward_when_they_do_not_fit_across(narrow):
    """Eight players at 320 pixels: the history drawn narrow, each name read upward in its
    column, whole (none cut) and on one line; the page itself never scrolls sideways."""
    sk, page = narrow, narrow.page
    sk.start(EIGHT)
    sk.hand(14, 13, 10, 9, 6, 0, 0, 0)
    assert page.get_attribute("#scores", "class") == "narrow upward"
    assert page.locator("#score-head th").all_inner_texts()[1:] == list(EIGHT)
    shown = page.evaluate("""() => [...document.querySelectorAll('#score-head .name-cut')]
        .map(n => [n.scrollHeight <= n.clientHeight + 1, n.getClientRects().length,
                   getComputedStyle(n).writingMode])""")
    assert shown == [[True, 1, "vertical-rl"]] * 8, "whole, one line, upward"
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    assert page.evaluate("""() => { const w = document.getElementById('table-wrap');
        return w.scrollWidth <= w.clientWidth + 1; }"""), "every column in sight, no swipe"


def suggestions(sk) -> list[str]:
    """What each points field offers as what is left of the hand (its placeholder)."""
    return [
        sk.page.get_attribute(f"#points-{i}", "placeholder") or ""
        for i in range(sk.page.locator("#point-fields input").count())
    ]


def test_quick_entry_suggests_what_is_left_for_the_last_player(sk):
    page = sk.page
    sk.start()
    page.fill("#points-0", "13")
    page.fill("#points-1", "3")
    assert sk.points() == ["13", "3", "", ""] and suggestions(sk) == ["", "", "", ""]
    page.fill("#points-3", "4")
    assert sk.points() == ["13", "3", "", "4"], "a suggestion is not a value"
    assert suggestions(sk) == ["", "", "6", ""]
    assert "suggested" in page.get_attribute("#points-2", "class")
    # said once, beside Record: "6 points left to place" under it read as a hand still short
    assert (
        sk.text("#worked-out") == "Cy gets the 6 points left. Wrong? Type over it before recording."
    )
    assert sk.text("#points-left") == ""
    page.fill("#points-1", "5")  # the suggestion follows the others
    assert suggestions(sk) == ["", "", "4", ""]
    page.click("#points-2")
    page.keyboard.type("8")  # typing replaces it: 8, not 48
    assert sk.points() == ["13", "5", "8", "4"] and suggestions(sk) == ["", "", "", ""]
    assert "suggested" not in page.get_attribute("#points-2", "class")
    assert sk.text("#points-left") == "4 points too many (a hand adds up to 26)."
    page.fill("#points-2", "")  # cleared: the suggestion is back, as a suggestion
    assert sk.points()[2] == "" and suggestions(sk)[2] == "4"
    page.click("#record")  # recorded with the suggestion taken
    assert sk.totals() == [13, 5, 4, 4]


def test_a_moon_button_for_each_player(sk):
    page = sk.page
    sk.start()
    buttons = page.locator("#point-fields .moon-button")
    assert buttons.count() == 4
    assert buttons.nth(1).inner_text().strip().endswith("Bob shot the moon")
    buttons.nth(1).click()
    assert page.input_value("#shooter") == "1" and sk.points() == ["0", "26", "0", "0"]
    assert buttons.nth(1).get_attribute("aria-pressed") == "true"
    buttons.nth(1).click()  # pressed again: nobody shot it
    assert page.input_value("#shooter") == "" and sk.points() == ["", "", "", ""]
    buttons.nth(3).click()
    page.click("#record")
    assert sk.totals() == [26, 26, 26, 0]


def test_the_end_of_the_game_ranks_everyone_and_offers_a_rematch(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=30, passing=("left", "right", "across")))).open()
    sk.start(first_dealer="2", moon="subtract-from-shooter")
    sk.hand(20, 0, 3, 3)
    sk.hand(10, 3, 0, 13)
    assert page.is_visible("#final")
    assert sk.text("#result") == "Game over: Bob and Cy share the win with 3 points each."
    ranking = page.locator("#ranking li")
    assert ranking.all_inner_texts() == ["Bob: 3 ★", "Cy: 3 ★", "Di: 16", "Ann: 30"]
    places = [ranking.nth(i).get_attribute("value") for i in range(4)]
    assert places == ["1", "1", "3", "4"], "a tie shares its place"
    page.click("#rematch")
    assert page.is_hidden("#final") and sk.hands_shown() == 0
    # the first deal moves one seat to the left of the last game's first dealer (Cy)
    assert sk.text("#next") == "Hand 1 · dealer Di · pass left"
    assert "Di deals first" in sk.text("#hand-status")
    game = sk.saved()
    assert game["names"] == ["Ann", "Bob", "Cy", "Di"] and game["hands"] == []
    assert game["rules"]["moon"] == "subtract-from-shooter" and game["rules"]["target"] == 30
    assert game["passing"] == ["left", "right", "across"]


def test_printing_in_dark_mode_uses_the_light_palette(browser, standard_url):
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        sk = Scorekeeper(page, standard_url).open()
        sk.start()
        sk.hand(13, 13, 0, 0)
        colour = "getComputedStyle(document.querySelector('h1')).color"
        background = "getComputedStyle(document.body).backgroundColor"
        assert page.evaluate(colour) != "rgb(164, 22, 26)", "the screen is dark"
        page.emulate_media(media="print", color_scheme="dark")
        assert page.evaluate(colour) == "rgb(164, 22, 26)"
        assert page.evaluate(background) == "rgb(255, 255, 255)"
        assert page.is_hidden("#standing") and page.is_visible("#scores")
    finally:
        context.close()


def test_messages_read_right_where_the_user_looks(sk, tmp_path):
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.reload()
    assert sk.text("#status") == "Game restored: 1 hand played."
    with page.expect_download() as download:
        page.click("#export")
    file = download.value.suggested_filename
    assert sk.text("#tools-status") == f"Game exported: {file}, in this device's downloads."
    assert page.get_attribute("#tools-status", "role") == "status"
    export = page.locator("#export").bounding_box()
    said = page.locator("#tools-status").bounding_box()
    assert 0 <= said["y"] - (export["y"] + export["height"]) < 120, "said beside the button"
    sk.hand(0, 13, 13, 0)
    said = page.locator("#hand-status").bounding_box()
    record = page.locator("#record").bounding_box()
    assert page.locator(".record-bar #hand-status").count() == 1, "said in the Record bar"
    # just above Record (a longer message grows the pinned bar upward, the buttons staying put)
    gap = record["y"] - (said["y"] + said["height"])
    assert 0 <= gap <= 40, "said just above the button"
    assert in_view(page, "#hand-status")
    sk.hand(0, 13, 12, 0)  # a mistake: said there too, with the first field to fix in view
    assert sk.text("#hand-status").startswith("Not recorded")
    assert in_view(page, "#hand-status") and in_view(page, "#points-0")
    # focus stays on Record: a first box focused with its number selected was overwritten by
    # the next key, though the slip was elsewhere
    assert page.evaluate("document.activeElement.id") == "record"
