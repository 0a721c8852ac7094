"""The scorekeeper page in real chromium: setup, hands, moons, undo/edit, storage, export/import,
accessibility, and the same scores as the engine's Game."""

from __future__ import annotations

import json
import re

import pytest
from scorekeeper_page import PHONE, STORAGE_KEY, Scorekeeper, mark_moon

from sheets.bundle import load_content
from sheets.houserules import HouseRules
from sheets.site.scorekeeper import scorekeeper_files


def saved(sk: Scorekeeper) -> dict | None:
    return sk.saved()


def without_revision(game: dict) -> dict:
    """A saved game without its save count, which every save moves on."""
    return {k: v for k, v in game.items() if k != "revision"}


# -- the files ------------------------------------------------------------------------------------


def test_files_are_self_contained_and_carry_the_house_rules():
    rules = HouseRules(moon="subtract-from-shooter", target=50, bonus_card="JD")
    files = scorekeeper_files(rules, title="Tom & <Jerry>", content=load_content())
    assert set(files) == {
        "scorekeeper.html",
        "scorekeeper.css",
        "scoring.js",
        "scorekeeper.js",
        "scorekeeper-config.js",
        "manifest.json",
        "icon.svg",
        "favicon.ico",
        "icon-192.png",
        "icon-512.png",
        "icon-512-maskable.png",
    }
    page = files["scorekeeper.html"].decode()
    assert "Tom &amp; &lt;Jerry&gt;" in page and "<Jerry>" not in page
    assert "Content-Security-Policy" in page and "script-src 'self'" in page
    assert "<style" not in page and " style=" not in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page), "inline scripts are blocked by the CSP"
    for name, data in files.items():
        if name.endswith((".png", ".ico")):
            continue
        data = data.replace(b'xmlns="http://www.w3.org/2000/svg"', b"")  # a name, not a fetch
        assert not re.search(rb"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", data), name
        assert b'type="module"' not in data, name
        # the one request: the game posted to the service's score sheet (printsheet.js)
        assert data.count(b"fetch(") == (name == "scorekeeper.js"), name
    assert b"fetch(SHEET_ROUTE," in files["scorekeeper.js"]
    config = files["scorekeeper-config.js"].decode()
    settings = json.loads(config.split("=", 1)[1].rstrip().rstrip(";"))["defaults"]["rules"]
    assert settings["moon"] == "subtract-from-shooter"
    assert (settings["target"], settings["bonusCard"]) == (50, "JD")


def test_setup_defaults_come_from_the_house_rules(page, site):
    rules = HouseRules(
        players=3, moon="shooter-chooses", target=50, bonus_card="TD", exactly_100=0, ties="play-on"
    )
    sk = Scorekeeper(page, site(rules)).open()
    assert page.input_value("#table") == "3"
    assert page.locator("#name-fields input").count() == 3
    assert page.input_value("#moon") == "shooter-chooses"
    assert page.input_value("#target") == "50"
    assert page.input_value("#bonus-card") == "TD"
    assert page.input_value("#exactly-100") == "0"
    assert page.input_value("#ties") == "play-on"
    assert page.input_value("#passing") == "left right hold"
    sk.start(("A", "B", "C"))
    assert sk.text("#points-left") == "16 points left to place (of 16)."


# -- playing ------------------------------------------------------------------------------------


def test_a_whole_game_to_the_end(sk):
    sk.start()
    assert sk.text("#next") == "Hand 1 · dealer Ann · pass left"
    assert "26 points left" in sk.text("#points-left")
    for _ in range(3):
        sk.hand(13, 13, 0, 0)
        sk.hand(0, 13, 13, 0)
    assert sk.totals() == [39, 78, 39, 0]
    assert sk.text("#next") == "Hand 7 · dealer Cy · pass across"
    sk.hand(0, 25, 1, 0)
    assert sk.totals() == [39, 103, 40, 0]
    assert sk.text("#result") == "Game over: Di wins with 0 points."
    assert sk.page.is_hidden("#hand")
    assert sk.text("#next") == "Game over after 7 hands"
    assert sk.page.locator("#score-foot td:not(.foot-gap)").nth(3).get_attribute("class") == "win"
    assert sk.page.locator("#score-foot td.win").count() == 1
    assert sk.text("#status").startswith("Hand 7 recorded.")
    assert "Game over" not in sk.text("#status"), "said once, by the banner"
    assert sk.page.evaluate("document.activeElement.id") == "result", "focused: read out"


def test_joint_winners_and_play_on(page, site):
    sk = Scorekeeper(page, site(HouseRules(players=3, target=20))).open()
    sk.start(("A", "B", "C"))
    sk.hand(1, 1, 24)
    assert sk.text("#result") == "Game over: A and B share the win with 1 point each."
    page.evaluate("localStorage.clear()")  # every file:// page shares one storage
    sk = Scorekeeper(page, site(HouseRules(players=3, target=20, ties="play-on"))).open()
    sk.start(("A", "B", "C"))
    sk.hand(1, 1, 24)
    assert "A and B are tied for the lowest total (1): play on" in sk.text("#result")
    assert page.is_visible("#hand")
    # and in the line pinned over the totals: said only over Record, cut short on a small
    # phone, the game was taken for over (round 30)
    assert sk.text("#next").startswith("Hand 2 (tie-break) · dealer B")
    sk.hand(1, 0, 25)
    assert sk.totals() == [2, 1, 49]
    assert sk.text("#result") == "Game over: B wins with 1 point."


def test_a_hand_that_does_not_add_up_is_refused(sk):
    sk.start()
    sk.page.fill("#points-0", "13")
    sk.page.fill("#points-1", "12")
    assert sk.text("#points-left") == "1 point left to place (of 26)."
    sk.page.click("#record")
    assert sk.text("#hand-status") == (
        "Not recorded: the boxes of Cy and Di are empty; 25 of 26 points placed."
    )
    assert sk.hands_shown() == 0
    sk.page.fill("#points-2", "2")
    assert sk.text("#points-left") == "1 point too many (a hand adds up to 26)."
    sk.page.click("#record")
    assert sk.hands_shown() == 0
    sk.page.fill("#points-0", "1.5")
    sk.page.click("#record")
    assert "whole number" in sk.text("#hand-status")
    sk.page.fill("#points-0", "12")
    sk.page.fill("#points-3", "0")
    sk.page.click("#record")  # 12, 12, 2, 0: nobody can have taken Q♠
    assert sk.text("#hand-status") == (
        "Not recorded: whoever took Q♠ has at least 13 points, and nobody here has 13 or more."
    )
    assert sk.hands_shown() == 0
    sk.page.fill("#points-0", "13")
    sk.page.fill("#points-2", "1")
    sk.page.click("#record")
    assert sk.hands_shown() == 1 and sk.text("#hand-status").startswith("Hand 1 recorded.")
    # a moon's points typed over, the shooter's no longer every point card: the points are the
    # hand, and the moon's mark goes (a ☾ tapped by mistake stayed on, and the hand refused)
    mark_moon(sk.page, 1)
    assert sk.points() == ["0", "26", "0", "0"]
    sk.page.fill("#points-1", "25")
    assert sk.page.get_attribute(".moon-button >> nth=1", "aria-pressed") == "false"
    sk.page.fill("#points-2", "1")
    sk.page.click("#record")
    assert sk.hands_shown() == 2 and sk.saved()["hands"][1]["shooter"] is None


def test_every_heart_and_the_queen_without_a_moon_is_refused(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    before = saved(sk)
    sk.hand(0, 0, 26, 0)  # Cy took all 26, but nobody marked the moon
    assert sk.text("#hand-status") == (
        "Not recorded: Cy took every heart and Q♠, so mark the moon "
        "(or, if a revoke stopped the hand, choose who revoked)."
    )
    # focus on the ☾ beside Cy's box: the one thing to tap
    assert sk.page.evaluate("document.activeElement.textContent") == "☾Cy shot the moon"
    assert sk.hands_shown() == 1 and sk.totals() == [13, 13, 0, 0]
    assert saved(sk) == before
    assert sk.text("#next").startswith("Hand 2 ")
    sk.hand(0, 0, 26, 0, shooter=2)  # marked, the same points score as a moon
    assert sk.hands_shown() == 2 and sk.totals() == [39, 39, 0, 26]
    assert "Not recorded" not in sk.text("#hand-status")


@pytest.mark.parametrize(
    "moon, expected",
    [
        ("add-to-others", [26, 0, 26, 26]),
        ("subtract-from-shooter", [0, -26, 0, 0]),
    ],
)
def test_the_simple_moon_rules(sk, moon, expected):
    sk.start(moon=moon)
    sk.hand(0, 26, 0, 0, shooter=1)
    assert sk.totals() == expected
    # marked as the printed sheet marks it, and said in words to those who do not see it
    note = sk.page.locator("#score-body tr").first.locator(".note").first
    assert note.inner_text().split() == ["☾", "moon"]
    assert note.locator("[aria-hidden=true]").inner_text() == "☾"


def test_the_shooter_chooses(sk):
    sk.start(moon="shooter-chooses")
    assert sk.page.is_hidden("#choice")
    mark_moon(sk.page, 2)
    assert sk.page.is_visible("#choice")
    sk.page.click("#record")
    assert "the shooter must choose" in sk.text("#hand-status")
    assert sk.page.evaluate("document.activeElement.name") == "choice"
    sk.page.check("input[value=subtract-from-shooter]")
    sk.page.click("#record")
    assert sk.totals() == [0, 0, -26, 0]
    sk.hand(0, 0, 26, 0, shooter=2, choice="add-to-others")
    assert sk.totals() == [26, 26, -26, 26]


def test_add_unless_it_ends_the_game(page, site):
    sk = Scorekeeper(page, site(HouseRules(moon="add-unless-it-ends-game", target=50))).open()
    sk.start()
    sk.hand(0, 26, 0, 0, shooter=1)  # nobody reaches 50: added as usual
    assert sk.totals() == [26, 0, 26, 26]
    sk.hand(26, 0, 0, 0, shooter=0)  # adding would end it with Ann out of the lead: subtract
    assert sk.totals() == [0, 0, 26, 26]
    assert sk.hands_shown() == 2 and page.is_visible("#hand")
    sk.hand(0, 0, 0, 26, shooter=3)  # adding ends it, but Di is not the one winning: subtract
    assert sk.totals() == [0, 0, 26, 0]
    sk.hand(0, 0, 13, 13)
    sk.hand(0, 0, 0, 26, shooter=3)  # adding ends it with Di lowest alone: added
    assert sk.totals() == [26, 26, 65, 13]
    assert sk.text("#result") == "Game over: Di wins with 13 points."


def test_the_bonus_card_and_the_moon(page, site):
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    assert "J♦ −10" in sk.text("#hand-hint")
    sk.hand(25, 1, -10, 0)
    assert sk.totals() == [25, 1, -10, 0]
    # the moon entry asks who took the jack, and fills in the numbers that follow
    mark_moon(page, 1)
    assert sk.text("#points-left") == "Now choose who took J♦."
    assert page.inner_text("label[for=taker-0]") == "Who took J♦?"
    page.click("#record")
    assert sk.text("#hand-status") == "Choose who took J♦."
    assert page.evaluate("document.activeElement.id") == "taker-0"
    page.select_option("#taker-0", "1")  # the shooter took the jack as well
    assert sk.points() == ["0", "16", "0", "0"]
    assert (
        sk.text("#points-left") == "☾ Bob shot the moon and scores −10; the 3 others score 26 each."
    )
    page.select_option("#taker-0", "3")  # no: Di took it
    assert sk.points() == ["0", "26", "0", "-10"]
    # the boxes hold the points taken (the shooter's 26): what each scores is said by the names
    scores = page.locator("#point-fields .moon-score")
    assert scores.all_inner_texts() == ["→ scores 26", "→ scores 0", "→ scores 26", "→ scores 16"]
    mark_moon(page, None)
    assert scores.count() == 0, "no moon, no scores by the names"
    mark_moon(page, 1)
    page.select_option("#taker-0", "3")
    page.select_option("#taker-0", "1")
    page.click("#record")
    assert sk.totals() == [51, -9, 16, 26]
    # the same numbers unmarked could come from a deal (Q♠ and 3 hearts; 10 hearts and the
    # jack), so they are taken as they are, with a word about the moon, and a question at the
    # first Record (42 and −10 went in as an ordinary hand under the word alone: round 34)
    sk.hand(16, 0, 0, 0)
    assert sk.totals() == [51, -9, 16, 26] and sk.hands_shown() == 2, "not yet"
    assert sk.text("#hand-status") == (
        "Not recorded yet: did Ann take every heart and Q♠? Then tap ☾ beside the name to mark "
        "the moon. If not, tap again to record the points as typed."
    )
    assert page.evaluate("document.activeElement.textContent") == "☾Ann shot the moon"
    page.click("#record")  # not a moon: as typed
    assert sk.totals() == [67, -9, 16, 26]
    page.fill("#points-0", "0")
    page.fill("#points-1", "0")
    page.fill("#points-2", "16")
    page.fill("#points-3", "0")
    assert sk.text("#points-left") == (
        "All 16 points placed. If Cy took every heart and Q♠, tap ☾ beside the name to mark the moon."
    )
    # what no deal can give is refused, as the engine refuses it
    sk.hand(26, 0, -10, 0)
    assert "mark the moon" in sk.text("#hand-status")
    sk.hand(-11, 27, 0, 0)
    assert "points must be from −10 to 26, not −11" in sk.text("#hand-status")
    assert sk.hands_shown() == 3


def test_two_decks_two_jacks(page, site):
    """Cancellation Hearts under the bonus card: a moon asks who took each of the two jacks."""
    sk = Scorekeeper(page, site(HouseRules(players=6, bonus_card="JD"))).open()
    sk.start(("A", "B", "C", "D", "E", "F"))
    assert sk.text("#points-left") == "32 points left to place (of 32)."
    page.click("#point-fields .field:nth-child(3) .moon-button")
    assert page.input_value("#shooter") == "2"
    assert page.locator("#takers select").count() == 2
    assert page.inner_text("label[for=taker-1]") == "Who took the second J♦?"
    page.select_option("#taker-0", "2")
    page.select_option("#taker-1", "4")
    assert sk.points() == ["0", "0", "42", "0", "-10", "0"]
    page.click("#record")
    assert sk.totals() == [52, 52, -10, 52, 42, 52]


def test_undo_and_edit(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 0, 13, 13)
    sk.hand(25, 0, 1, 0)
    assert sk.totals() == [38, 13, 14, 13]
    sk.page.click("#undo")
    assert sk.totals() == [13, 13, 13, 13]
    assert sk.text("#hand-status") == (
        "Hand 3 taken back: its points are in the boxes again. Correct them and record it, or Redo."
    )
    assert sk.points() == ["25", "0", "1", "0"]
    assert sk.text("#next").startswith("Hand 3 ")
    sk.page.click("#redo:has-text('Redo hand 3')")
    assert sk.totals() == [38, 13, 14, 13]
    assert sk.text("#tools-status").startswith("Hand 3 put back.")
    sk.page.click("#undo")
    sk.page.click("button:has-text('Edit hand 1')")
    assert sk.text("#hand-legend") == "Editing hand 1"
    assert sk.page.input_value("#points-0") == "13"
    sk.hand(0, 0, 0, 26, shooter=3)
    assert sk.totals() == [26, 26, 39, 13]
    assert sk.text("#hand-legend") == "Hand 3"
    assert saved(sk)["hands"][0] == {
        "points": [0, 0, 0, 26],
        "shooter": 3,
        "sun": False,
        "choice": None,
        "revoke": None,
    }
    sk.page.click("button:has-text('Edit hand 2')")
    sk.page.click("#edit-cancel")
    assert sk.text("#hand-legend") == "Hand 3"
    sk.page.click("button:has-text('Edit hand 2')")
    sk.page.fill("#points-0", "26")
    sk.page.keyboard.press("Escape")  # Escape cancels an edit too
    assert sk.text("#hand-legend") == "Hand 3" and sk.text("#hand-status") == (
        "Edit cancelled. The numbers typed for hand 3 are back in the boxes."  # set aside, not lost
    )
    assert sk.totals() == [26, 26, 39, 13]
    # undo takes back the last action, an edit included, not the last hand (after a reload too)
    sk.page.reload()
    assert sk.text("#undo") == "Undo the change to hand 1"
    sk.page.click("#undo")
    assert sk.totals() == [13, 13, 13, 13] and sk.hands_shown() == 2
    assert sk.text("#tools-status") == (
        "The change to hand 1 taken back: it scores as before. Redo puts the change back. "
        "Totals moved: Ann 26 → 13, Bob 26 → 13 and Cy 39 → 13. "
        "Lowest now: Ann, Bob, Cy and Di (before: Di)."
    )
    assert sk.text("#redo") == "Redo the change to hand 1"
    sk.page.click("#redo")
    assert sk.totals() == [26, 26, 39, 13]
    assert sk.text("#tools-status").startswith("The change to hand 1 put back.")
    sk.page.click("#undo")
    sk.page.click("#undo")
    assert sk.totals() == [13, 13, 0, 0]
    sk.page.click("#undo")
    assert sk.totals() == [0, 0, 0, 0]
    assert sk.page.is_disabled("#undo")
    sk.page.click("#redo")
    sk.page.click("#redo")
    sk.page.click("#redo")  # the edit comes back after the hands it changed
    assert sk.totals() == [26, 26, 39, 13] and saved(sk)["hands"][0]["shooter"] == 3


def test_an_edit_that_would_end_the_game_early_is_refused(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=25))).open()
    sk.start()
    sk.hand(20, 6, 0, 0)
    sk.hand(0, 0, 6, 20)
    sk.page.click("button:has-text('Edit hand 1')")
    sk.hand(25, 1, 0, 0)  # Ann reaches the target of 25 in hand 1
    # the hand the game would end with named ("hand 6 comes after the game was over" left a
    # scorer who edited hand 1 asking which hand ended it)
    assert sk.text("#hand-status") == (
        "Not saved: with that change, the game ends with hand 1, before hand 2; undo the later"
        " hands first."
    )
    assert sk.totals() == [20, 6, 6, 20]
    sk.page.click("#undo")  # once the later hand is gone, the edit goes through
    sk.page.click("button:has-text('Edit hand 1')")
    sk.hand(25, 1, 0, 0)
    assert sk.totals() == [25, 1, 0, 0]
    assert sk.text("#result") == "Game over: Cy and Di share the win with 0 points each."
    sk.page.click("#undo")
    assert page.is_visible("#hand") and sk.text("#result") == ""


def test_dealer_and_pass_cycle_follow_the_table(page, site):
    sk = Scorekeeper(page, site(HouseRules(passing=("left", "right", "across")))).open()
    sk.start()
    assert sk.text("#next").endswith("pass left")
    sk.hand(25, 1, 0, 0)
    sk.hand(25, 0, 1, 0)
    sk.hand(0, 25, 0, 1)
    assert sk.totals() == [50, 26, 1, 1]
    assert sk.text("#next") == "Hand 4 · dealer Di · pass left"  # the build's cycle, no hold
    sk.open()
    assert page.is_visible("#game")
    page.click("#new-game")
    page.click("#confirm-yes")
    assert page.input_value("#passing") == "left right across"  # the last game's, kept
    sk.start(("A", "B", "C", "D", "E"), first_dealer=3)
    assert page.locator("#passing option").all_inner_texts() == [
        "Left, right, 2nd left, 2nd right, then none (usual)",
        "Left, right, then none",
        "No passing",
        "Left, every hand",
    ]  # under "Passing, hand by hand"
    passes = []
    for _ in range(5):
        passes.append(sk.text("#next"))
        sk.hand(13, 5, 5, 3, 0)
    assert passes == [
        "Hand 1 · dealer D · pass left",
        "Hand 2 · dealer E · pass right",
        "Hand 3 · dealer A · pass two seats left",
        "Hand 4 · dealer B · pass two seats right",
        "Hand 5 · dealer C · hold (no pass)",
    ]
    page.click("#new-game")
    page.click("#confirm-yes")
    sk.start(("Us", "Them"), first_dealer=0)  # setup remembers the last game's choices
    assert sk.text("#next") == "Hand 1 · dealer North (Us) · pass left"
    sk.hand(20, 6)
    assert sk.text("#next") == "Hand 2 · dealer East (Them) · pass right"
    sk.hand(0, 26, shooter=1)
    assert sk.totals() == [46, 6]


def test_seats_and_teams_have_the_engines_names(page, site):
    sk = Scorekeeper(page, site()).open()
    labels = page.locator("#name-fields label")
    assert labels.all_inner_texts() == list(
        load_content().language.seat_names(4)
    )  # North, East, South, West
    page.select_option("#table", "3")
    assert labels.all_inner_texts() == list(load_content().language.seat_names(3))
    page.select_option("#table", "teams")
    assert labels.all_inner_texts() == [
        f"Team {i + 1} ({name})"
        for i, name in enumerate(load_content().language.side_names(HouseRules(partnership=True)))
    ]
    page.select_option("#table", "4")
    sk.start(("", "", "", ""))  # blank names: the seats' own
    assert (
        sk.text("#next")
        == f"Hand 1 · dealer {load_content().language.seat_names(4)[0]} · pass left"
    )
    assert page.locator("#score-head th").all_inner_texts()[3:7] == list(
        load_content().language.seat_names(4)
    )


def test_a_new_game_needs_confirmation(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.page.click("#new-game")
    assert sk.page.is_visible("#confirm")
    assert sk.page.evaluate("document.activeElement.id") == "confirm-no"
    sk.page.click("#confirm-no")
    assert sk.page.is_hidden("#confirm") and sk.totals() == [13, 13, 0, 0]
    sk.page.click("#new-game")
    sk.page.click("#confirm-yes")
    assert sk.page.is_visible("#setup") and saved(sk) is None
    assert sk.page.input_value("#name-0") == "Ann"


# -- storage, export and import -----------------------------------------------------------------


def test_the_game_survives_a_reload(sk):
    sk.start(moon="subtract-from-shooter")
    sk.hand(13, 13, 0, 0)
    sk.page.reload()
    assert sk.text("#status") == "Game restored: 1 hand played."
    sk.hand(0, 0, 26, 0, shooter=2)
    sk.page.reload()
    assert sk.totals() == [13, 13, -26, 0]
    assert sk.text("#status") == "Game restored: 2 hands played."
    assert sk.text("#next") == "Hand 3 · dealer Cy · pass across"
    sk.hand(0, 0, 0, 26, shooter=3)
    assert sk.totals() == [13, 13, -26, -26]


def test_an_edit_begun_survives_a_reload_before_anything_is_typed(sk):
    """Tapping a hand's edit button is kept at once: after a reload the form is still that
    hand's, and what is typed next changes it instead of recording a new hand."""
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 0, 13, 13)
    sk.page.locator("#score-body tr").first.locator("button.edit").click()
    sk.page.reload()
    assert sk.text("#hand-status").startswith("Not saved yet: your change to hand 1 is back")
    assert sk.page.input_value("#points-0") == "13"  # hand 1's points, to correct
    sk.page.fill("#points-0", "0")
    sk.page.fill("#points-2", "13")
    sk.page.click("#record")
    assert len(sk.saved()["hands"]) == 2, "the correction changed hand 1, recorded nothing new"
    assert sk.saved()["hands"][0]["points"] == [0, 13, 13, 0]


def test_boxes_typed_and_cleared_are_not_said_to_be_back(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.page.fill("#points-0", "7")
    sk.page.fill("#points-0", "")
    sk.page.reload()
    assert sk.text("#hand-status") == ""
    assert sk.text("#status") == "Game restored: 1 hand played."


@pytest.mark.parametrize(
    "stored, message",
    [
        (
            "{not json",
            "A saved game could not be read (it is not a saved game: the text is not in "
            "the scorekeeper's format). It is kept aside on this device: download it to "
            "keep it.",
        ),
        (
            json.dumps({"format": "hearts-sheets.scorekeeper", "version": 1, "players": 4}),
            "A saved game could not be read (it does not say how many play).",
        ),
        (
            json.dumps({"format": "hearts-sheets.scorekeeper", "version": 0}),
            "A saved game could not be read (it was saved by another version of the scorekeeper).",
        ),
    ],
)
def test_a_saved_game_that_cannot_be_read_is_set_aside(sk, stored, message, tmp_path):
    sk.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, stored])
    sk.page.reload()
    assert sk.text("#unreadable-text").startswith(message)
    assert "Expected" not in sk.text("#unreadable-text")  # no parser's words
    assert sk.page.is_visible("#setup") and sk.page.is_hidden("#game")
    assert saved(sk) is None
    assert (
        sk.page.evaluate("localStorage.getItem('hearts-sheets.scorekeeper-unreadable')") == stored
    )
    sk.start()
    sk.hand(25, 1, 0, 0)
    assert sk.totals() == [25, 1, 0, 0]
    sk.page.reload()  # still offered, until it is downloaded and deleted
    assert sk.page.is_visible("#unreadable")
    with sk.page.expect_download() as info:
        sk.page.click("#unreadable-download")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.read_text() == stored
    assert re.fullmatch(r"hearts-game-unreadable-\d{4}-\d{2}-\d{2}\.json", path.name)
    sk.page.click("#unreadable-discard")
    assert sk.page.is_hidden("#unreadable")
    sk.page.reload()
    assert sk.page.is_hidden("#unreadable") and sk.totals() == [25, 1, 0, 0]


def test_a_second_unreadable_game_does_not_replace_the_first(sk):
    for stored in ("{first", "{second"):
        sk.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, stored])
        sk.page.reload()
    assert sk.text("#unreadable-text").startswith("2 saved games could not be read")
    kept = sk.page.evaluate("""Object.keys(localStorage).filter(k => k.includes('unreadable'))
                               .sort().map(k => localStorage.getItem(k))""")
    assert kept == ["{first", "{second"]


def test_a_game_saved_under_an_older_key_is_set_aside(sk):
    sk.page.evaluate("localStorage.setItem('hearts-sheets.scorekeeper.v0', '[1, 2]')")
    sk.page.reload()
    assert "saved by an older version" in sk.text("#unreadable-text")
    assert sk.page.is_visible("#setup")
    assert sk.page.evaluate("Object.keys(localStorage)") == ["hearts-sheets.scorekeeper-unreadable"]


def test_a_saved_hand_that_does_not_score_is_refused(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    game = saved(sk)
    game["hands"][0]["points"] = [13, 13, 0, 1]
    sk.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(game)])
    sk.page.reload()
    assert "hand 1: the points add up to 27; a hand adds up to 26" in sk.text("#unreadable-text")


def test_export_then_import(sk, tmp_path):
    sk.start(("Ann", "Bob", "Cy"), bonus_card="TD")
    sk.hand(13, 13, -10)
    sk.hand(0, 26, -10, shooter=1)
    with sk.page.expect_download() as info:
        sk.page.click("#export")
    download = info.value
    # the day the game began and its players: two exports of a day told apart in Downloads
    assert re.fullmatch(
        r"hearts-game-\d{4}-\d{2}-\d{2}-ann-bob-cy\.json", download.suggested_filename
    )
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["names"] == ["Ann", "Bob", "Cy"] and len(exported["hands"]) == 2
    sk.page.click("#new-game")
    sk.page.click("#confirm-yes")
    sk.start(("X", "Y", "Z", "W"))
    sk.page.set_input_files("#import", str(path))
    sk.page.locator("#score-body tr").nth(1).wait_for()  # not wait_for_function: the CSP bars eval
    assert sk.totals() == [39, 13, 6]
    assert sk.text("#tools-status") == (
        f"Imported {path.name}: 2 hands. The game that was in play (X, Y, Z and W) had no hand "
        "recorded, so it was not kept."
    )
    # the file says the day the game began (the device's date), which a printed sheet writes;
    # the game kept is the same, that day read again from its id
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", exported.pop("started"))
    assert without_revision(saved(sk)) == without_revision(exported)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    sk.page.set_input_files("#import", str(bad))
    sk.page.wait_for_selector("#tools-status.error")
    assert sk.text("#tools-status") == (
        "Not imported: bad.json is not a game this scorekeeper can "
        "read (it is not a Hearts Sheets game)."
    )
    assert sk.totals() == [39, 13, 6]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "hearts-sheets.scorekeeper", oops}')
    sk.page.set_input_files("#import", str(broken))
    sk.page.wait_for_selector("#tools-status:has-text('broken.json')")
    assert "position" not in sk.text("#tools-status") and "JSON" not in sk.text("#tools-status")
    assert "the text is not in the scorekeeper's format" in sk.text("#tools-status")


def test_an_export_file_is_named_by_whole_names(sk):
    """Eight long names were cut to fit the file's name mid-name ("...-priya-joann.json"): as
    many whole names as fit, in seat order; a club's eight most often all fit."""
    club = ("Christopher", "Christine", "Mary Ann", "Marianne", "Bo", "Maggie", "Chris B.", "Dev")
    sk.start(club)
    sk.hand(13, 13, 0, 0, 0, 0, 0, 26)
    with sk.page.expect_download() as info:
        sk.page.click("#export")
    assert info.value.suggested_filename.endswith(
        "-christopher-christine-mary-ann-marianne-bo-maggie-chris-b-dev.json"
    ), info.value.suggested_filename
    sk.page.click("#new-game")
    sk.page.click("#confirm-yes")
    sk.start(("Ann", "B" * 40, "C" * 40, "Diana"))  # the names in seat order, to one too long
    sk.hand(13, 13, 0, 0)
    with sk.page.expect_download() as info:
        sk.page.click("#export")
    assert info.value.suggested_filename.endswith(f"-ann-{'b' * 40}-{'c' * 40}.json")


# -- names, phone, keyboard, accessibility, looks ------------------------------------------------


def test_a_name_that_looks_like_html_is_shown_as_text(sk):
    evil = "<img src=x onerror=hacked=1><b>B</b>"
    sk.start((evil, "Bob", "Cy", "Di"))
    sk.hand(0, 0, 0, 26, shooter=3)
    sk.page.reload()
    assert sk.page.evaluate("window.hacked") is None
    assert sk.page.locator("img, b").count() == 0
    assert evil in sk.page.locator("#score-head th").all_text_contents()
    assert sk.page.inner_text("label[for=points-0]") == evil
    assert evil in sk.text("#status") or evil in sk.text("#score-head")


def test_a_phone_sized_screen_needs_no_sideways_scrolling(sk, shots):
    sk.start(("Alexandra", "Bartholomew", "Christopher", "Dorothea", "Evangeline"))
    for _ in range(3):
        sk.hand(13, 5, 5, 3, 0)
    sk.hand(26, 0, 0, 0, 0, shooter=0)
    sk.page.screenshot(path=shots / "scorekeeper-phone-five-players.png", full_page=True)
    width = sk.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    for selector in ("#record", "#undo", "#points-4", "button:has-text('Edit hand 1')"):
        box = sk.page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], selector
        assert box["height"] >= 36, selector


def test_keyboard_only(sk):
    page = sk.page
    page.focus("#table")
    page.keyboard.press("Tab")  # Player 1
    for name in ("Ann", "Bob", "Cy"):
        page.keyboard.type(name)
        page.keyboard.press("Tab")
    page.keyboard.type("Di")
    page.keyboard.press("Enter")  # on past the names to the first dealer: the rules are next
    assert page.evaluate("document.activeElement.id") == "first-dealer"
    for _ in range(40):  # on through the rules to Start
        if page.evaluate("document.activeElement.type") == "submit":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # starts
    page.wait_for_selector("#game:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "points-0"
    for value in ("13", "13", "0"):
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    assert sk.totals() == [13, 13, 0, 0]
    assert page.evaluate("document.activeElement.id") == "points-0"
    # mark a moon from the keyboard: Tab to the shooter select and pick with the arrow keys
    for _ in range(4):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "shooter"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")  # the revoke question, folded away behind its control
    assert page.evaluate("document.activeElement.closest('#revoke-more') !== null")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "record"
    page.keyboard.press("Enter")
    assert sk.totals() == [13, 39, 26, 26]
