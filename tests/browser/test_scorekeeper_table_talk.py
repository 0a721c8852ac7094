"""What a fresh scorer stumbled on at a real card table, on a phone with the keyboard up
(390 x 500) and at 320 x 640: a past game opened in place of the game in play, at the top and
with one way back; what a control says shown beside it, in view."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from scorekeeper_page import Scorekeeper, four_in, in_view, mark_moon

from sheets.houserules import HouseRules

FOUR = ("Ann", "Bob", "Cy", "Di")
KEYBOARD = {"width": 390, "height": 500}


@pytest.fixture
def phone(browser):
    """A phone with its keyboard up: 390 x 500."""
    context = browser.new_context(viewport=KEYBOARD, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert not errors, errors


@contextmanager
def opened(browser, url: str, width: int, height: int = 640) -> Iterator[tuple[Any, Scorekeeper]]:
    """A touch screen of that size with the scorekeeper at ``url`` open in it; closed after."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    try:
        page = context.new_page()
        yield page, Scorekeeper(page, url).open()
    finally:
        context.close()


def test_a_past_game_opens_at_the_top_in_place_of_the_game_in_play(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(target=20))).open()
    sk.game_over_and_a_rematch()
    phone.locator("#past-list button", has_text="Open").first.click()
    assert in_view(phone, "#past-view-heading")
    assert sk.text("#past-view-heading").startswith("Past game: ")
    back = phone.locator("#past-view-close")
    assert back.inner_text() == "Back to the game in play"
    assert in_view(phone, "#past-view-close")
    assert back.evaluate("b => b === document.activeElement")
    # nothing of the game in play can be scored while its standing is out of sight
    for part in ("#hand", "#record", "#standing", "#points-0", "#past-list"):
        assert phone.is_hidden(part), part
    back.click()
    assert phone.is_hidden("#past-view")
    assert in_view(phone, "#standing")
    assert sk.text("#next").startswith("Hand 2 · dealer Cy")
    assert phone.is_visible("#points-0")
    assert phone.evaluate("document.activeElement.id") == "game-heading"
    # Escape is a way back too, and from a new game's setup the way back says so
    phone.locator("#past-list button", has_text="Open").first.click()
    phone.keyboard.press("Escape")
    assert phone.is_visible("#hand") and phone.is_hidden("#past-view")
    phone.click("#new-game")
    phone.click("#confirm-yes")
    phone.locator("#past-list button", has_text="Open").first.click()
    assert phone.is_hidden("#setup")
    assert phone.inner_text("#past-view-close") == "Back to the new game"
    phone.click("#past-view-close")
    assert phone.is_visible("#setup") and in_view(phone, "#setup h2")
    # the header's "Past games" leaves a past game open for the list, in view
    phone.locator("#past-list button", has_text="Open").first.click()
    phone.click("#past-link")
    assert phone.is_hidden("#past-view") and phone.is_visible("#past-list")
    assert in_view(phone, "#past-heading")
    assert phone.evaluate("document.activeElement.id") == "past-heading"


def test_a_finished_game_opened_from_the_list_says_back_and_can_be_printed(phone, site):
    """The game just finished is still on the page: opening it from the list says "Back" (no
    game is in play any more), the page's "Game restored" is not left above it, and the opened
    game prints, as the game in play does."""
    sk = Scorekeeper(phone, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)  # Ann reaches 26: over
    phone.reload()
    assert sk.text("#status").startswith("Game restored")
    phone.locator("#past-list button", has_text="Open").first.click()
    assert phone.inner_text("#past-view-close") == "Back"
    assert sk.text("#status") == ""
    phone.evaluate("() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }")
    phone.locator("#past-actions button", has_text="Print score sheet").click()
    assert phone.evaluate("window.__prints") == 1  # a page from a file prints its own sheet
    rows = phone.locator("#print-view tbody tr:not(.carried)")
    assert rows.count() == 2


def test_share_and_a_seat_swap_are_answered_in_view(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    for _ in range(6):
        sk.hand(13, 13, 0, 0)
    share = phone.locator("#share")
    share.evaluate("b => b.scrollIntoView({block: 'end'})")  # at the foot of the screen
    share.evaluate("b => b.click()")  # tapped where it is, the page not scrolled for it
    phone.wait_for_function("document.getElementById('tools-status').textContent !== ''")
    assert "standings" in sk.text("#tools-status")
    assert in_view(phone, "#tools-status") and in_view(phone, "#share")
    phone.click("#players-open")
    assert phone.input_value("#swap-a") == "", "no player picked before the scorer picks one"
    phone.select_option("#swap-a", "0")
    phone.select_option("#swap-b", "2")
    swap = phone.locator("#swap")
    swap.evaluate("b => b.scrollIntoView({block: 'end'})")
    swap.evaluate("b => b.click()")
    assert sk.text("#players-status").startswith("Ann and Cy swapped seats")
    assert in_view(phone, "#players-status")


EIGHT = ("Ann", "Ben", "Cy", "Di", "Ed", "Fay", "Timothy", "Mary Ann")


def test_the_next_hand_by_cards_starts_in_view_from_who_took_the_queens(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    sk.by_cards((1, 2), (3, 4, 5, 6, 4, 2, 1, 1))
    assert sk.saved()["hands"][0]["points"] == [3, 17, 18, 6, 4, 2, 1, 1]
    assert phone.evaluate("document.activeElement.id") == "queen-0"
    assert in_view(phone, "#queen-0") and in_view(phone, "#queen-1")


def test_a_table_that_never_passes_is_told_nothing_of_passing(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    assert sk.text("#next") == "Hand 1 · dealer Ann"
    sk.hand(3, 17, 18, 6, 4, 2, 1, 1)
    phone.locator("#score-body tr").first.locator("button.edit").click()
    # the totals under it are after the last hand, not the one edited (read so: round 31)
    assert sk.text("#next") == "Editing hand 1 · dealer Ann. Totals after hand 1:"
    assert "pass" not in sk.text("#game").lower()
    four = Scorekeeper(phone, site(HouseRules(target=20))).open()
    phone.evaluate("localStorage.clear()")
    four.open()
    four.start(FOUR)
    assert four.text("#next") == "Hand 1 · dealer Ann · pass left"


def test_a_name_the_game_gave_is_a_placeholder_not_text_to_delete(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    phone.select_option("#table", "4")
    default = phone.get_attribute("#name-1", "placeholder")
    assert default and phone.input_value("#name-1") == ""
    sk.start(("Ann", "", "Cy", "Di"))
    assert sk.saved()["names"] == ["Ann", default, "Cy", "Di"]
    phone.click("#players-open")
    assert phone.input_value("#player-0") == "Ann"
    assert phone.input_value("#player-1") == ""
    assert phone.get_attribute("#player-1", "placeholder") == default
    phone.click("#player-1")
    phone.keyboard.type("Bob")
    phone.click("#players button[type=submit]")
    assert sk.saved()["names"] == ["Ann", "Bob", "Cy", "Di"]
    assert phone.is_visible("#player-3"), "the panel stays open after the names are saved"
    # a box emptied to type afresh shows the name it had, and keeps it if nothing is typed
    # (a scorer found an emptied box saved as "Player 7")
    phone.fill("#player-3", "")
    assert phone.get_attribute("#player-3", "placeholder") == "Di"
    phone.click("#players button[type=submit]")
    assert sk.saved()["names"] == ["Ann", "Bob", "Cy", "Di"]
    assert "Player" not in phone.inner_text("#standing-totals")


@pytest.mark.parametrize("width", [320, 390])
def test_undo_stands_apart_from_record_on_one_line(browser, site, width):
    with opened(browser, site(HouseRules(players=8)), width) as (page, sk):
        sk.start(EIGHT)
        sk.hand(13, 6, 20, 4, 5, 4, 0, 0)
        sk.hand(13, 6, 20, 4, 5, 4, 0, 0)

        def apart(selector: str) -> float:
            record = page.locator("#record").bounding_box()
            other = page.locator(selector).bounding_box()
            assert other["y"] == record["y"], f"{selector} wrapped under Record"
            return other["x"] - (record["x"] + record["width"])

        before = apart("#bar-undo")
        assert before >= 32
        assert page.get_by_role("button", name="Undo hand 2").count() == 2  # here and in tools
        page.click("#bar-undo")
        assert apart("#bar-undo") == before  # Undo stays where the thumb is
        assert apart("#bar-redo") > apart("#bar-undo")
        assert page.get_by_role("button", name="Redo hand 2").count() == 2


#: Longer than Undo waits after a tap before it takes another (a double tap is one tap).
SETTLED = 600


@pytest.mark.parametrize("at", ["#bar-undo", "#undo"])
def test_a_double_tap_on_undo_takes_back_one_step(phone, site, at):
    """A double tap on "Undo hand 2 ✎" took back the edit, then the whole of hand 3 under the
    button's new words: the second tap of a double tap does nothing; a tap after it does."""
    sk = Scorekeeper(phone, site()).open()
    sk.start()
    for _ in range(3):
        sk.hand(13, 6, 3, 4)
    phone.click("button:has-text('Edit hand 2')")
    sk.hand(6, 13, 3, 4)
    phone.locator(at).scroll_into_view_if_needed()
    box = phone.locator(at).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    phone.mouse.click(x, y)
    phone.mouse.click(x, y)  # at once: a double tap
    assert sk.hands_shown() == 3 and sk.hand_points(1) == ["13", "6", "3", "4"], "one step back"
    assert (
        phone.is_visible(at)
        and phone.locator(at).evaluate("b => getComputedStyle(b).opacity") == "1"
    ), "Undo waits looking as it did"
    phone.wait_for_timeout(SETTLED)
    phone.locator(at).scroll_into_view_if_needed()
    phone.locator(at).click()
    assert sk.hands_shown() == 2, "a tap after the pause takes back the next step"


def test_a_new_game_begun_while_undo_waits_raises_no_error(page, site):
    """Undo, then New game within the half second Undo waits: its wait ended on a game that
    was no more ("Cannot read properties of null"), seen once in a whole test run."""
    sk = Scorekeeper(page, site()).open()
    sk.start()
    sk.hand(13, 6, 3, 4)
    sk.hand(13, 6, 3, 4)
    page.click("#undo")
    page.click("#new-game")
    page.click("#confirm-yes")
    page.wait_for_timeout(SETTLED)
    assert page.is_visible("#setup")
    errors = page.context.errors
    assert errors == [], errors


@pytest.mark.parametrize("width", [320, 390])
def test_undo_tapped_twice_in_one_place_takes_back_two_hands(browser, site, width):
    """A thumb taps Undo twice where it is: Redo, shown after the first tap, must not have
    taken Undo's place, or the second tap puts the hand back."""
    with opened(browser, site(), width) as (page, sk):
        sk.start()
        for _ in range(3):
            sk.hand(13, 6, 3, 4)
        box = page.locator("#bar-undo").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for _ in range(2):
            page.mouse.click(x, y)
            page.wait_for_timeout(SETTLED)  # two taps, not a double tap
        assert page.locator("#scores tbody tr").count() == 1  # hand 1 alone is left
        assert "Hand 2 taken back" in page.inner_text("#hand-status")
        redo = page.locator("#bar-redo").bounding_box()
        assert redo["x"] >= box["x"] + box["width"], "Redo beside Undo, not in its place"


def test_where_past_games_go_is_there_from_the_start(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    assert phone.is_visible("#past-link")
    phone.click("#past-link")
    assert in_view(phone, "#past-heading")
    assert sk.text("#past-hint") == (
        "None yet. A game is kept here as soon as it is over, or when you start a new game or a"
        " rematch, finished or not."
    )
    sk.start(FOUR)
    assert phone.is_visible("#past-link") and phone.is_visible("#past-heading")
    sk.hand(13, 13, 0, 0)
    phone.click("#new-game")
    phone.click("#confirm-yes")
    assert sk.text("#past-hint").startswith("Your last 30 games")
    assert phone.locator("#past-list li").count() == 1


def test_what_is_left_is_said_truly_and_the_suggestion_note_goes(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    for i, points in enumerate((8, 13, 4)):
        phone.fill(f"#points-{i}", str(points))
    assert sk.text("#suggestion-note").startswith("1 is what is left of the hand")
    phone.fill("#points-3", "2")  # typed over: the suggestion goes, and its note with it
    assert sk.text("#suggestion-note") == ""
    phone.fill("#points-3", "")
    assert sk.text("#suggestion-note").startswith("1 is what is left of the hand")
    phone.click("#record")
    assert sk.saved()["hands"][0]["points"] == [8, 13, 4, 1]
    assert sk.text("#suggestion-note") == ""
    for i, points in enumerate((9, 13, 4)):
        phone.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == "", "said once, beside Record (it was said twice)"
    assert sk.text("#worked-out") == (
        "Di gets no points: the others hold them all. Wrong? Type over the 0 before recording."
    )


def test_nothing_left_with_a_box_empty_is_said_naturally_in_german(phone, tmp_path):
    four_in(phone, tmp_path, "de")
    for i, points in enumerate((9, 13, 4)):
        phone.fill(f"#points-{i}", str(points))
    left = phone.inner_text("#worked-out")
    assert "0 Punkte" not in left and left.startswith("Di bekommt keine Punkte"), left


def test_the_lowest_and_the_nearest_the_end_are_in_sight_without_a_swipe(browser, site):
    with opened(browser, site(HouseRules(players=8)), 390, 844) as (page, sk):
        sk.start(EIGHT)
        sk.hand(1, 0, 5, 4, 4, 3, 3, 32)  # Ben lowest; Mary Ann, last in seat order, nearest
        row = page.locator("#standing-totals")
        assert row.evaluate("t => t.scrollWidth <= t.clientWidth"), "the row wraps, no swipe"
        shown = row.bounding_box()

        def in_sight(name: str) -> str:
            chip = page.locator("#standing-totals li", has_text=name)
            box = chip.bounding_box()
            assert box["x"] >= shown["x"] - 1
            assert box["x"] + box["width"] <= shown["x"] + shown["width"] + 1, name
            return " ".join(chip.inner_text().split())

        assert in_sight("Ben") == "Ben 0 ▼ lowest"
        assert in_sight("Mary Ann") == "Mary Ann 32 ▲ 68 to go"


def test_players_tied_for_lowest_are_all_in_sight_with_long_names(browser, site):
    """Eight relatives with long names: everyone sharing the lowest total shows first, then the
    nearest the end, their names cut short to leave room."""
    names = (
        "Grandma Rose", "Uncle Bartholomew", "Aunt Mary-Catherine", "Cousin Maximilian",
        "Grandpa Joe", "Little Timothy", "Bella", "Dr. Fitzgerald",
    )  # fmt: skip
    with opened(browser, site(HouseRules(players=8)), 390, 844) as (page, sk):
        sk.start(names)
        sk.hand(0, 30, 5, 5, 4, 4, 0, 4)  # Grandma Rose and Bella lowest; Bartholomew nearest
        row = page.locator("#standing-totals").bounding_box()
        for name in ("Grandma Rose", "Bella", "Uncle Bartholomew"):
            box = page.locator("#standing-totals li", has_text=name).bounding_box()
            assert box["x"] >= row["x"] - 1, name
            assert box["x"] + box["width"] <= row["x"] + row["width"] + 1, name


def test_a_finished_game_set_aside_at_a_rematch_keeps_the_time_it_ended(phone, site):
    """The list dates a game by when it was kept: set aside again unchanged (the rematch), or
    corrected after it ended, it keeps that time instead of moving to the rematch's."""
    sk = Scorekeeper(phone, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)  # over: kept at once

    def kept() -> list[str]:
        return phone.evaluate(
            "() => JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past'))"
            ".map(e => e.kept)"
        )

    ended = kept()
    assert len(ended) == 1
    phone.wait_for_timeout(20)  # a later time, to the millisecond
    # corrected after its end, still over: the time it ended stays (a scorer who reopened a
    # game to correct a hand found it listed a minute later, as if another game)
    phone.click("button:has-text('Edit hand 1')")
    sk.hand(13, 0, 13, 0)
    assert sk.saved()["hands"][0]["points"] == [13, 0, 13, 0]
    assert kept() == ended
    phone.click("#rematch")
    assert kept() == ended


def test_undoing_the_last_hand_of_a_finished_game_says_it_leaves_the_past_games(phone, site):
    """A finished game is kept with the past games as it ends; its last hand taken back, it is
    in play again and leaves the list, and the undo says so (redo brings it back)."""
    sk = Scorekeeper(phone, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)  # over: kept at once

    def kept() -> int:
        return phone.evaluate(
            "() => JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past') || '[]')"
            ".length"
        )

    assert kept() == 1
    phone.click("#undo")
    said = phone.inner_text("#hand-status")  # said beside the form the hand is back in
    assert "Hand 2 taken back" in said
    assert "leaves the past games until it ends again" in said
    assert kept() == 0
    phone.click("#redo")
    assert kept() == 1
    assert "leaves the past games" not in phone.inner_text("#hand-status")


def test_enter_goes_box_by_box_through_a_hand_being_edited_and_saves_from_the_last(
    phone, standard_url
):
    """Every box of a hand being edited is full from the start: Enter goes on to the next box
    (its number selected, to type over) and saves only from the last; saved as it was, the
    hand is said to be unchanged, not the edit cancelled."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start()
    sk.hand(13, 6, 3, 4)
    sk.hand(0, 13, 9, 4)
    phone.click("button:has-text('Edit hand 1')")
    phone.fill("#points-0", "0")
    phone.press("#points-0", "Enter")  # the hand adds up to 13 now: on, not a refusal
    assert phone.evaluate("document.activeElement.id") == "points-1"
    assert phone.evaluate(
        "(b => b.selectionStart === 0 && b.selectionEnd === b.value.length)(document.activeElement)"
    )
    phone.keyboard.type("19")  # types over Bob's 6
    phone.press("#points-1", "Enter")
    phone.press("#points-2", "Enter")
    assert phone.is_visible("#edit-cancel")  # still editing: nothing saved yet
    phone.press("#points-3", "Enter")
    assert sk.totals() == [0, 32, 12, 8]
    assert phone.inner_text("#hand-status").startswith("Hand 1 changed")
    phone.click("button:has-text('Edit hand 2')")
    for box in range(4):
        phone.press(f"#points-{box}", "Enter")
    assert phone.inner_text("#hand-status") == "No change to hand 2: it stays as it was."


def test_names_and_seats_close_with_a_done_button_at_their_foot(phone, standard_url):
    """The panel had no way out at its foot: tapping its opener again closed it by accident.
    Done saves names typed and not saved yet, and goes back to the next hand's boxes (Done left
    a scorer at the foot of the page, the boxes out of sight)."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start()
    phone.click("#players-open")
    assert phone.is_visible("#players")
    phone.click("#players-done")
    assert phone.is_hidden("#players")
    assert phone.get_attribute("#players-open", "aria-expanded") == "false"
    assert phone.evaluate("document.activeElement.id") == "points-0" and in_view(phone, "#points-0")
    # a name typed and not saved is saved by Done (three readers took Done for Save)
    phone.click("#players-open")
    phone.fill("#player-0", "Anna")
    phone.click("#players-done")
    assert phone.is_hidden("#players")
    assert sk.saved()["names"][0] == "Anna"
    assert "Anna" in phone.inner_text("#hand-status")  # said where the scorer now is
    assert phone.evaluate("document.activeElement.id") == "points-0" and in_view(phone, "#points-0")
    # ...and a name that cannot be saved keeps the panel open, saying why
    phone.click("#players-open")
    phone.fill("#player-1", "anna")
    phone.click("#players-done")
    assert phone.is_visible("#players")
    assert "anna" in phone.inner_text("#players-status")
    assert sk.saved()["names"][1] == "Bob"


def test_a_name_taken_is_said_at_the_box_renamed(phone, standard_url):
    """A scorer renamed the first player to the name the third has: the refusal came up under
    the third's box, untouched, and took the focus there."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(("Ann", "Bob", "Joanna", "Di"))
    phone.click("#players-open")
    phone.fill("#player-0", "joanna")
    phone.click("#players-done")
    assert phone.evaluate("document.activeElement.id") == "player-0"
    assert phone.get_attribute("#player-0", "aria-invalid") == "true"
    assert phone.get_attribute("#player-2", "aria-invalid") != "true"
    assert sk.saved()["names"] == ["Ann", "Bob", "Joanna", "Di"]


@pytest.mark.parametrize(("width", "words"), [(390, True), (320, False)])
def test_a_total_s_mark_says_its_words_while_the_row_has_room(browser, site, width, words):
    """A bare "▲ 85" read as "up 85" to a new scorer: while the totals fit with the words
    ("▲ 85 to go", "▼ lowest"), the chips show them; in a row too tight, the short marks."""
    with opened(browser, site(), width, 740) as (page, sk):
        sk.start()
        sk.hand(8, 15, 3, 0)
        row = page.locator("#standing-totals")
        shown = row.locator(".chip", has_text="Bob").locator(".mark-words").bounding_box()
        assert (shown["width"] > 40) is words, shown
        assert ("tight" in row.get_attribute("class")) is not words
        assert row.evaluate("r => r.scrollWidth <= r.clientWidth")


def test_an_edit_that_takes_away_a_finished_game_s_end_says_so(phone, site):
    """Changing a hand of a finished game so that nobody reaches the end reopens it, as an
    undo can: the words say so, and the game leaves the past games."""
    sk = Scorekeeper(phone, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)  # Ann at 26: over
    phone.click("button:has-text('Edit hand 1')")
    sk.hand(0, 13, 0, 13)  # Ann 13, Bob 13, Cy 13, Di 13: nobody at 20
    said = phone.inner_text("#hand-status")
    assert said.startswith("Hand 1 changed") and "not over now" in said, said
    assert sk.text("#hand-legend") == "Hand 3"


def test_nobody_is_marked_near_the_end_at_0(phone, site):
    """A moon taken off the shooter's score leaves the others at 0, the highest total: 0 is
    not near the end ("▲ 100 to 100" read as a threat to three players)."""
    sk = Scorekeeper(phone, site(HouseRules(moon="subtract-from-shooter"))).open()
    sk.start()
    sk.hand(0, 0, 0, 26, shooter=3)
    assert sk.totals() == [0, 0, 0, -26]
    assert phone.locator("#standing-totals .chip.near").count() == 0
    sk.hand(13, 6, 3, 4)
    (near,) = phone.locator("#standing-totals .chip.near").all_inner_texts()
    assert " ".join(near.split()) == "Ann 13 ▲ 87 to go"


@pytest.mark.parametrize("width", [320, 390])
def test_the_boxes_of_a_row_line_up_under_long_names(browser, site, width):
    """A name such as "Uncle Bartholomew" wraps onto two lines: the boxes beside it still sit
    on one line."""
    with opened(browser, site(HouseRules(players=8)), width, 740) as (page, sk):
        sk.start(("Grandma Rose", "Uncle Bartholomew", "Ann", "Cousin Maximilian", *EIGHT[4:]))
        tops: dict[float, list[float]] = {}
        for i in range(8):
            box = page.locator(f"#points-{i}").bounding_box()
            tops.setdefault(round(box["x"]), []).append(box["y"])
        rows = sorted({round(y) for ys in tops.values() for y in ys})
        assert len(rows) == -(-8 // len(tops)), rows  # as many lines of boxes as rows of them


def test_the_shooter_s_choices_say_the_sun_s_value_once_it_is_ticked(phone, site):
    """With the sun ticked the choices said 26 while the hand would score 52."""
    sk = Scorekeeper(phone, site(HouseRules(moon="shooter-chooses", shoot_the_sun=True))).open()
    sk.start()
    mark_moon(phone, 2)

    def choices() -> list[str]:
        return [
            " ".join(t.split()) for t in phone.locator("#choice-options label").all_inner_texts()
        ]

    assert choices() == ["Add 26 to everyone else", "Take 26 off the shooter's score"]
    phone.check("#sun")
    assert choices() == ["Add 52 to everyone else", "Take 52 off the shooter's score"]
    phone.uncheck("#sun")
    assert choices()[0] == "Add 26 to everyone else"


@pytest.mark.parametrize("way", ["cards", "points"])
def test_the_moon_s_choice_comes_up_above_the_record_bar_that_asks_for_it(browser, site, way):
    """A scorer's moon by cards asked, under the Record bar, to "choose below" how it scores:
    the choice was above, under the bar. It is said to be above, and brought into sight there,
    the box typed in still in sight."""
    rules = HouseRules(bonus_card="JD", moon="shooter-chooses")
    with opened(browser, site(rules), 390, 844) as (page, sk):
        sk.start(("Christopher", "Sam", "Samantha", "Bo"))
        if way == "cards":
            page.check("#method-cards")
            page.select_option("#queen-0", "1")
            page.select_option("#bonus-0", "3")
            page.locator("#hearts-1").tap()
            page.keyboard.type("13")
        else:
            page.locator("#points-1").tap()
            mark_moon(page, 1)  # 26 filled in for Sam
            page.locator("#takers select").first.select_option("3")  # Bo took J♦
        assert sk.text("#points-left").endswith("choose above how it is scored.")

        def choice_above_bar() -> None:
            choice = page.locator("#choice").bounding_box()
            bar = page.locator(".record-bar").bounding_box()
            assert choice["y"] + choice["height"] <= bar["y"], (choice, bar)

        choice_above_bar()
        assert in_view(page, "#hearts-1" if way == "cards" else "#points-1")
        # chosen, the bar says the scores, a line longer: the other way stays in sight (it went
        # under the bar, and read as gone)
        page.locator("input[name=choice][value=add-to-others]").tap()
        assert sk.text("#points-left").startswith("☾ Sam shot the moon")
        choice_above_bar()


@pytest.mark.parametrize("players", [4, 8])
def test_who_took_the_bonus_card_comes_up_above_the_record_bar_that_asks_for_it(
    browser, site, players
):
    """A moon tapped with J♦ in play: the bar said "Now choose who took J♦." while the list to
    choose it in was half under the bar. It is brought into sight, the ☾ tapped still in
    sight."""
    with opened(browser, site(HouseRules(players=players, bonus_card="JD")), 390, 844) as (
        page,
        sk,
    ):
        sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")[:players])
        page.locator(".moon-button").nth(0).tap()
        # each J♦ where there are two (it said "J♦" at a table of two decks: round 31)
        each = "each " if players > 5 else ""
        assert sk.text("#points-left") == f"Now choose who took {each}J♦."
        takers = page.locator("#takers").bounding_box()
        bar = page.locator(".record-bar").bounding_box()
        assert takers["y"] + takers["height"] <= bar["y"], (takers, bar)
        assert in_view(page, ".moon-button >> nth=0")


def test_undo_out_of_use_does_not_look_like_a_box_to_type_in(phone, standard_url):
    """A greyed Undo, framed and white across the row, read as an empty text box: out of use, a
    button is filled grey without a frame, unlike a box and unlike a button in use."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start()
    look = """el => { const s = getComputedStyle(el);
        return [s.backgroundColor, s.borderTopColor, s.opacity]; }"""
    undo = phone.locator("#undo").evaluate(look)
    box = phone.locator("#points-0").evaluate(look)
    share = phone.locator("#share").evaluate(look)
    assert phone.is_disabled("#undo")
    assert undo[0] == undo[1], "a frame of its own colour: none"
    assert undo[0] not in (box[0], share[0]) and undo[2] == "1", (undo, box, share)


def test_a_moon_marked_says_the_boxes_keep_the_points_taken(phone, standard_url):
    """Kim's box read 42 under "→ scores −10", and a scorer took the two for swapped: with a
    moon marked, the line over the boxes says what each holds, and the boxes' numbers are
    quieter than what each scores."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start()
    legend = "Tap ☾ beside the name of whoever shot the moon."
    assert sk.text("#moon-legend") == legend
    colour = "el => getComputedStyle(el).color"
    plain = phone.locator("#points-0").evaluate(colour)
    mark_moon(phone, 2)
    assert sk.text("#moon-legend") == (
        "☾ marked: the boxes keep the points taken; → says what each scores."
    )
    assert phone.locator("#points-2").evaluate(colour) != plain
    mark_moon(phone, None)
    assert sk.text("#moon-legend") == legend
    assert phone.locator("#points-2").evaluate(colour) == plain


def test_a_moon_marked_before_it_can_be_scored_says_the_boxes_are_not_the_scores(phone, site):
    """A moon tapped with J♦ in play: the shooter's box showed 26 and the others 0 while the
    page asked who took J♦, and three scorers read it as the shooter charged 26. Until it is
    scored, the line over the boxes says they hold the points taken, the numbers quieter."""
    sk = Scorekeeper(phone, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    colour = "el => getComputedStyle(el).color"
    plain = phone.locator("#points-0").evaluate(colour)
    mark_moon(phone, 0)
    assert sk.text("#points-left") == "Now choose who took J♦."
    assert sk.text("#moon-legend") == (
        "☾ marked. The boxes show the points taken, not the scores; answer what"
        " is asked below and each score appears beside the name."
    )
    assert phone.locator("#points-0").evaluate(colour) != plain
    assert phone.locator(".moon-score").count() == 0
    phone.locator("#takers select").first.select_option("3")
    assert sk.text("#moon-legend").endswith("→ says what each scores.")
    assert phone.locator(".moon-score").count() == 4


def test_where_the_sun_is_played_the_line_over_the_boxes_says_how_to_mark_it(phone, site):
    """The sun was promised at setup, and the form said only "Tap ☾ ... moon": its box shows
    once a ☾ is tapped, and the line over the boxes says so where the sun is played."""
    sk = Scorekeeper(phone, site(HouseRules(players=8, shoot_the_sun=True))).open()
    sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"))
    assert sk.text("#moon-legend") == (
        "Tap ☾ beside the name of whoever shot the moon, or the sun (then tick Shot the sun below)."
    )
    mark_moon(phone, 4)
    assert phone.is_visible("#sun") and sk.text("#sun-label").startswith("Shot the sun")


def test_the_box_the_line_speaks_of_is_marked(phone, standard_url):
    """ "Pat's points must be from −20 to 52, not 80" was said beside Record while Pat's box
    looked like the seven others: the box is marked while the line speaks of it."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start()
    marked = """() => [...document.querySelectorAll('#point-fields input')]
        .map(i => getComputedStyle(i).borderTopColor)"""
    plain = phone.evaluate(marked)[0]
    for i, points in enumerate(("13", "5", "80")):
        phone.fill(f"#points-{i}", points)
    assert sk.text("#points-left") == "Cy's points must be from 0 to 26, not 80."
    assert [c != plain for c in phone.evaluate(marked)] == [False, False, True, False]
    phone.fill("#points-2", "8")
    assert phone.evaluate(marked) == [plain] * 4
    phone.fill("#points-1", "1a")  # not a number: that box
    assert sk.text("#points-left") == "Bob's points must be a whole number."
    assert [c != plain for c in phone.evaluate(marked)] == [False, True, False, False]


def test_a_moon_hand_opened_to_edit_shows_its_choice_above_the_bar(browser, site):
    """A scorer came back to a moon hand to change how it was scored: the choice sat half
    under the Record bar."""
    rules = HouseRules(moon="shooter-chooses", bonus_card="JD", shoot_the_sun=True)
    with opened(browser, site(rules), 390, 844) as (page, sk):
        sk.start(("Margaret", "Mark", "Ed", "Edwina"))
        sk.hand(13, 13, 0, -10)
        mark_moon(page, 1)
        page.locator("#takers select").first.select_option("1")
        page.check("input[name=choice][value=add-to-others]")
        page.click("#record")
        assert len(sk.saved()["hands"]) == 2
        page.click("button:has-text('Edit hand 2')")
        choice = page.locator("#choice").bounding_box()
        bar = page.locator(".record-bar").bounding_box()
        assert choice["y"] + choice["height"] <= bar["y"], (choice, bar)
        assert in_view(page, "#points-0")
