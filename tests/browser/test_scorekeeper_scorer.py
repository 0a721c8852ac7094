"""The scorekeeper as a new scorer meets it on a phone: the history table says it scrolls and keeps
its hand column and caption whole while it does; a hand taken back comes back into the form to be
corrected; the line at the top describes the hand being edited; the past games' hint says plainly
which games are kept. With pictures at 320, 390 and 1280 pixels, light and dark, scanned by axe."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from axe_playwright_python.sync_playwright import Axe
from PIL import Image
from scorekeeper_page import Scorekeeper

from sheets.deadrules import most_added_in_a_hand
from sheets.houserules import HouseRules

EIGHT = ("Ann", "Ben", "Cy", "Di", "Ed", "Fay", "Timothy", "Mary Ann")
SIZES = {
    "320": {"width": 320, "height": 640},
    "390": {"width": 390, "height": 844},
    "1280": {"width": 1280, "height": 900},
}
AXE = Axe()
CONTENT = Path(__file__).resolve().parents[2] / "content"


def right_edge_shade(page) -> float:
    """How dark the table box's last few pixels on the right are, on average (0 black, 255
    white): the shade that says more columns are there darkens them in light mode."""
    box = page.locator("#table-wrap").bounding_box()
    png = page.screenshot(
        clip={"x": box["x"] + box["width"] - 4, "y": box["y"], "width": 3, "height": box["height"]}
    )
    pixels = list(Image.open(io.BytesIO(png)).convert("L").get_flattened_data())
    return sum(pixels) / len(pixels)


def test_four_players_history_fits_a_phone_without_a_sideways_swipe(browser, site):
    """At 390 px the four players' points and totals sit beside the hand and its dealer (the
    pass under the dealer): the scorer sees every player without swiping."""
    context = browser.new_context(viewport=SIZES["390"], color_scheme="light")
    try:
        sk = Scorekeeper(context.new_page(), site(HouseRules())).open()
        sk.start(EIGHT[:4])
        sk.hand(13, 13, 0, 0)
        wrap = sk.page.locator("#table-wrap")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "four players fit"
    finally:
        context.close()


def test_the_history_scrolls_with_a_cue_a_whole_hand_column_and_a_caption_that_stays(browser, site):
    """Ten players at 320 pixels: drawn narrow, the table is still a little wider than the
    screen, and scrolls in its own box under the hand column."""
    context = browser.new_context(viewport=SIZES["320"], color_scheme="light")
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(players=10))).open()
        sk.start((*EIGHT, "Christopher", "Kim"))
        sk.hand(26, 26, 0, 0, 0, 0, 0, 0, 0, 0)
        sk.hand(0, 0, 26, 26, 0, 0, 0, 0, 0, 0)
        assert sk.hands_shown() == 2
        page.locator("#table-wrap").scroll_into_view_if_needed()
        wrap = page.locator("#table-wrap")
        assert wrap.evaluate("w => w.scrollWidth > w.clientWidth"), "the table should overflow"
        shaded = right_edge_shade(page)
        caption = page.locator("#scores-caption .caption-text").bounding_box()
        hand = page.locator("#score-body tr").first.locator("th")
        hand_box = hand.bounding_box()
        # swiped a little: the players' columns slide under the hand column, which stays on top
        for step in (20, 45, 70):
            wrap.evaluate(f"w => {{ w.scrollLeft = {step}; }}")
            x = hand_box["x"] + hand_box["width"] - 3
            y = hand_box["y"] + hand_box["height"] / 2
            on_top = page.evaluate(
                f"document.elementFromPoint({x}, {y}).closest('#score-body th') !== null"
            )
            assert on_top, f"at {step}px the hand column's edge shows what slides under it"
            assert page.locator("#scores-caption .caption-text").bounding_box()["x"] == caption["x"]
            colour = hand.evaluate("h => getComputedStyle(h).backgroundColor")
            assert colour not in ("rgba(0, 0, 0, 0)", "transparent")
            # the first total, clear of the pinned columns, is not covered by the foot's labels
            total = page.locator("#score-foot td:not(.foot-gap)").first.bounding_box()
            middle = total["x"] + total["width"] / 2
            pinned = page.locator("#score-head th").first.bounding_box()
            if middle > pinned["x"] + pinned["width"]:
                seen = page.evaluate(
                    f"document.elementFromPoint({middle}, "
                    f"{total['y'] + total['height'] / 2}).closest('#score-foot td:not(.foot-gap)') !== null"
                )
                assert seen, f"at {step}px the first total is covered"
        # scrolled to the end, the cue is gone
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        at_end = right_edge_shade(page)
        assert shaded < at_end - 8, f"no shade at the right edge ({shaded} vs {at_end} at the end)"
    finally:
        context.close()


def test_a_hand_taken_back_comes_back_into_the_form_to_be_corrected(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 6, 20, 0)
    page = sk.page
    page.click("#undo")
    assert sk.points() == ["0", "6", "20", "0"]
    status = page.locator("#hand-status")
    assert "Hand 2 taken back" in status.inner_text()
    assert "in the boxes again" in status.inner_text()
    # said beside the boxes, in sight
    box = status.bounding_box()
    assert box and 0 <= box["y"] < page.viewport_size["height"]
    assert page.evaluate("document.activeElement.id") == "points-0"
    # kept as a draft: a reload keeps it
    page.reload()
    page.wait_for_selector("#game:not([hidden])")
    assert sk.points() == ["0", "6", "20", "0"]
    # one number corrected, recorded again
    page.fill("#points-1", "0")
    page.fill("#points-3", "6")
    page.click("#record")
    assert sk.hands_shown() == 2
    assert sk.totals() == [13, 13, 20, 6]


def test_while_a_hand_is_edited_the_top_line_describes_that_hand(sk):
    sk.start(("Ann", "Ben", "Cy", "Di"))
    for _ in range(5):
        sk.hand(13, 13, 0, 0)
    page = sk.page
    assert page.inner_text("#next").startswith("Hand 6 · dealer Ben")
    page.locator("#score-body tr").nth(1).locator("button.edit").click()
    line = page.inner_text("#next")
    assert line.startswith("Editing hand 2 · dealer Ben"), line
    assert "right" in line and "Hand 6" not in line
    page.click("#edit-cancel")
    assert page.inner_text("#next").startswith("Hand 6 · dealer Ben")


def test_the_past_games_hint_says_which_games_are_kept():
    unclear = {"en": "left are", "de": "verlassenen", "fr": "quittées", "es": "partidas dejadas;"}
    for language, words in unclear.items():
        folder = CONTENT if language == "en" else CONTENT / language
        hint = yaml.safe_load((folder / "scorekeeper.yaml").read_text("utf-8"))["words"][
            "past-hint"
        ]
        assert "{count}" in hint and words not in hint, (language, hint)


def test_with_two_decks_the_cards_name_the_queen_not_chosen(page, site):
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    page.check("#method-cards")
    # how cancelled hearts count, said where they are counted (it was said only in a refusal)
    assert page.inner_text("#hearts-legend") == (
        "Hearts each player took, cancelled ones too (they go with their trick)"
    )
    # no ☾ to tap (the cards say who shot the moon), and the page says why
    assert page.locator("#point-fields .moon-button:visible").count() == 0
    assert page.is_visible("#shooter-by-cards")
    page.select_option("#queen-0", "1")
    page.click("#record")
    assert sk.text("#queen-1-error").startswith("Choose who took the second Q♠")
    page.select_option("#queen-0", "")
    page.select_option("#queen-1", "2")
    page.click("#record")
    assert sk.text("#queen-0-error").startswith("Choose who took the first Q♠")
    page.check("#method-points")
    assert page.is_hidden("#shooter-by-cards")
    assert page.locator("#point-fields .moon-button:visible").count() == 8


def test_the_setup_says_how_long_a_game_lasts_at_the_table_and_target(page, site):
    rules = HouseRules(players=8, target=100)
    sk = Scorekeeper(page, site(rules)).open()
    page.select_option("#table", "8")
    length = page.locator("#game-length")
    per_hand = rules.points_per_hand  # 52: two decks
    fewest, even = -(-100 // per_hand), -(-100 * 8 // per_hand)
    assert length.inner_text() == (
        f"Here a hand gives out {per_hand} points: a player can reach "
        f"100 in {fewest} hands; with the points shared evenly, it "
        f"takes about {even} hands."
    )
    page.fill("#target", "200")
    assert f"reach 200 in {-(-200 // per_hand)} hands" in length.inner_text()
    page.select_option("#table", "4")
    assert "gives out 26 points" in length.inner_text()
    # the sun's 52 to everyone else: "reach 75 in 3 hands" was said with the sun ticked
    page.fill("#target", "75")
    page.uncheck("#shoot-the-sun")
    assert "reach 75 in 3 hands" in length.inner_text()
    page.check("#shoot-the-sun")
    most = most_added_in_a_hand(HouseRules(target=75, shoot_the_sun=True))
    assert f"reach 75 in {-(-75 // most)} hands" in length.inner_text() and most == 52
    # and says how so soon, and how soon by the cards: by suns, "in 2 hands" was read as by the
    # cards (round 28), 26 × 2 looked short of 75 (round 33), and "that many" after the even
    # count was read as that count (round 34)
    by_cards = -(-75 // HouseRules(target=75).points_per_hand)
    assert length.inner_text().endswith(
        f" In {-(-75 // most)} hands only with someone else shooting the sun; by the cards alone, "
        f"at least {by_cards} hands."
    )
    page.fill("#target", "26")  # one hand either way: nothing more to say
    assert "reach 26 in 1 hand;" in length.inner_text()
    assert "sun" not in length.inner_text()
    page.fill("#target", "75")
    page.select_option("#moon", "subtract-from-shooter")  # a sun adds nothing to the others
    assert "reach 75 in 3 hands" in length.inner_text()
    assert "sun" not in length.inner_text()
    del sk


@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("moon", ["shooter-chooses", "add-unless-it-ends-game"])
def test_the_setup_says_what_the_moon_and_ties_chosen_mean_as_the_sheet_does(
    page, site, moon, players
):
    """ "Shooter chooses" told a new scorer nothing of what the shooter chooses between: under
    each rule's menu is what its value means, in the printed sheet's words for that table; a
    value the sheet leaves out (no reset at 100) says nothing."""
    from dataclasses import replace

    from sheets.bundle import load_content
    from sheets.housefile import STANDARD_FILE
    from sheets.text import score_sheet_text

    Scorekeeper(page, site(HouseRules())).open()
    page.select_option("#table", str(players))
    page.select_option("#moon", moon)
    page.select_option("#ties", "play-on")
    rules = HouseRules(players=players, moon=moon, ties="play-on")
    summary = score_sheet_text(load_content(), replace(STANDARD_FILE, rules=rules)).summary
    moon_said, ties_said = page.inner_text("#moon-means"), page.inner_text("#ties-means")
    assert moon_said in summary and ties_said in summary, (moon_said, ties_said, summary)
    assert f"−{rules.moon_value}" in moon_said and "play on" in ties_said
    assert page.locator("#exactly-100-means").is_hidden()
    described = page.get_attribute("#moon", "aria-describedby") or ""
    assert "moon-means" in described.split()
    # the players' names go in seating order, which passing and dealing follow
    assert page.inner_text("#names-order").startswith("In seating order, clockwise")
    page.select_option("#table", "teams")
    assert page.locator("#names-order").is_hidden()


def test_with_a_bonus_card_the_setup_counts_a_hand_as_the_hand_form_does(page, site):
    """J♦ and Black Maria: 43 points in the cards, 10 off for the jack: a hand adds up to 33,
    as the form's count of points left says, and an even share takes 100 × 4 / 33 hands."""
    rules = HouseRules(bonus_card="JD", black_maria=True)
    sk = Scorekeeper(page, site(rules)).open()
    # the card's worth said where it is chosen (it was said only once the game had begun)
    assert (
        page.inner_text("#bonus-card-label")
        == "Bonus card (−10 for whoever wins it, in a moon hand too)"
    )
    length = page.locator("#game-length")
    # said with the jack taken off: "32" beside the rules' "52 points a hand" stopped a scorer
    assert length.inner_text().startswith(
        f"Here a hand gives out {rules.check_sum} points (J♦'s minus taken off):"
    )
    assert f"in {-(-100 // rules.points_per_hand)} hands" in length.inner_text()
    assert f"about {-(-100 * 4 // rules.check_sum)} hands" in length.inner_text()
    # with two decks, two jacks: each one's minus taken off, as the form counts a hand
    page.select_option("#table", "8")
    eight = HouseRules(players=8, bonus_card="JD", black_maria=True)
    assert length.inner_text().startswith(
        f"Here a hand gives out {eight.check_sum} points (each J♦'s minus taken off):"
    )
    page.select_option("#table", "4")
    sk.start()
    assert f"(of {rules.check_sum})" in sk.text("#points-left")


def test_panels_close_when_done_with_or_on_escape(sk):
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.click("#players-open")
    # opened at its heading, no box: a phone's keyboard came up over the swap of seats
    assert page.evaluate("document.activeElement.id") == "players-heading"
    page.keyboard.press("Escape")
    assert page.is_hidden("#players")
    assert page.get_attribute("#players-open", "aria-expanded") == "false"
    assert page.evaluate("document.activeElement.id") == "players-open"
    sk.hand(0, 0, 13, 13)
    page.click("#new-game")
    page.click("#confirm-yes")
    sk.start()
    opener = page.locator("#past-list li").first.locator("button:has-text('Open')")
    opener.click()
    assert page.is_visible("#past-view")
    assert page.is_hidden("#players-open"), "the game in play is out of the way"
    page.keyboard.press("Escape")
    assert page.is_hidden("#past-view")
    assert page.evaluate("document.activeElement.id") == "game-heading", "back in the game"


def test_a_rematch_deals_first_from_the_next_seat_left(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.start(first_dealer="3")
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)
    page.click("#rematch")
    assert sk.text("#next").startswith("Hand 1 · dealer Ann")
    assert "Ann deals first, one seat to the left" in sk.text("#hand-status")
    assert sk.saved()["firstDealer"] == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_pictures_of_the_scorer_fixes(browser, site, shots, size, scheme):
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        sk = Scorekeeper(page, site(HouseRules(players=8))).open()
        sk.start(EIGHT)
        sk.hand(13, 6, 20, 4, 5, 4, 0, 0)
        sk.hand(0, 0, 0, 0, 0, 0, 26, 26)
        found = {}

        def look(state: str, selector: str) -> None:
            page.locator(selector).scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"scorer-{size}-{scheme}-{state}.png"))
            results = AXE.run(page)
            found[state] = results.generate_report() if results.violations_count else ""

        look("history", "#table-wrap")
        page.locator("#table-wrap").evaluate("w => { w.scrollLeft = 60; }")
        look("swiped", "#table-wrap")
        page.locator("#score-body tr").first.locator("button.edit").click()
        look("editing", "#standing")
        page.click("#edit-cancel")
        page.click("#undo")
        look("undone", "#hand")
        assert not errors
        assert not any(found.values()), "\n".join(r for r in found.values() if r)
    finally:
        context.close()
