"""What a fresh scorer and readers in other languages stumbled on: a last box worked out for a
hand no deal gives, a refusal that did not say which boxes were left empty, a past game
that did not say how to play on, teams' names carried into players' names, and a mark that
did not say to what total it counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scorekeeper_page import Scorekeeper, chips_said, four_in

from sheets.houserules import HouseRules

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_a_last_box_that_makes_no_deal_says_why_instead_of_a_suggestion(page, tmp_path):
    sk = four_in(page, tmp_path, "de")
    for i, points in enumerate((5, 8, 7)):
        page.fill(f"#points-{i}", str(points))
    live = sk.text("#points-left")
    assert sk.text("#worked-out") == ""
    assert page.get_attribute("#points-left", "class") == "points-left"
    prefix = "So lässt sich die Runde nicht eintragen: "
    assert live.startswith(prefix) and "bekommt" not in live, live
    page.click("#record")
    refused = sk.text("#hand-status")
    assert refused.startswith("Nicht eingetragen: ") and sk.hands_shown() == 0
    # the same reason, said live and on Record
    assert live[len(prefix) :] == refused[len("Nicht eingetragen: ") :]
    # a deal that can be: the suggestion is back
    page.fill("#points-1", "13")
    page.fill("#points-2", "2")
    assert sk.text("#worked-out").startswith("Di bekommt die restlichen 6")


def test_all_placed_is_never_green_for_a_hand_no_deal_gives(page, site):
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    for i, points in enumerate((7, 7, 7, 7, 7, 7, 7, 3)):
        page.fill(f"#points-{i}", str(points))
    live = sk.text("#points-left")
    assert live.startswith("This hand cannot be recorded: each Q♠ is worth 13, so two"), live
    assert page.get_attribute("#points-left", "class") == "points-left"
    page.click("#record")
    assert sk.text("#hand-status") == "Not recorded: " + live.split(": ", 1)[1]
    page.fill("#points-0", "13")
    page.fill("#points-1", "13")
    page.fill("#points-7", "0")
    for i, points in enumerate((5, 5, 5, 5, 6), start=2):
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == "All 52 points placed."
    assert page.get_attribute("#points-left", "class") == "points-left done"


WORDS = {
    "en": (
        "Not recorded: the boxes of Cy and Di are empty; 13 of 26 points placed.",
        "Not recorded: the points add up to 40; a hand adds up to 26. Di's box is empty: once"
        " the other boxes are right, it gets the points left.",
    ),
    "de": (
        "Nicht eingetragen: Die Felder von Cy und Di sind leer; 13 von 26 Punkten verteilt.",
        "Nicht eingetragen: die Punkte ergeben zusammen 40, es müssen 26 sein. "
        "Das Feld von Di ist leer: Sobald die anderen Felder stimmen, bekommt es die restlichen"
        " Punkte.",
    ),
    "fr": (
        "Donne non enregistrée\u00a0: cases vides pour Cy et Di\u00a0; 13 points placés sur 26.",
        "Donne non enregistrée\u00a0: le total fait 40 au lieu de 26. La case de Di est"
        " vide\u00a0: une fois les autres cases justes, elle reçoit les points restants.",
    ),
    "es": (
        "Mano no anotada: las casillas de Cy y Di están vacías; de momento van 13 de 26 puntos.",
        "Mano no anotada: los puntos suman 40 y tienen que sumar 26. "
        "La casilla de Di está vacía: en cuanto las demás estén bien, se lleva los puntos que"
        " queden.",
    ),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_refusal_names_the_boxes_left_empty_only_when_points_are_short(page, tmp_path, language):
    sk = four_in(page, tmp_path, language)
    two, one = WORDS[language]
    page.fill("#points-0", "13")
    page.fill("#points-1", "0")
    page.click("#record")
    assert sk.text("#hand-status") == two
    assert page.evaluate("document.activeElement.id") == "points-2"  # the first box empty
    page.fill("#points-0", "20")
    page.fill("#points-1", "20")
    page.fill("#points-2", "0")  # -14 left: no suggestion in Di's box
    page.click("#record")
    assert sk.text("#hand-status") == one
    assert sk.hands_shown() == 0


def test_a_past_game_says_how_to_play_on_only_when_it_can_be(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.game_over_and_a_rematch()
    page.click("#new-game")
    page.click("#confirm-yes")  # the rematch, one hand in, goes to the list unfinished
    games = page.locator("#past-list li")
    assert games.count() == 2
    unfinished, finished = games.nth(0), games.nth(1)
    assert unfinished.locator("button", has_text="Resume").count() == 1
    assert finished.locator("button", has_text="Resume").count() == 0
    finished.locator("button", has_text="Open").click()
    assert sk.text("#past-view-hint") == "Read only. To correct a hand, press “Reopen to correct”."
    page.click("#past-view-close")
    unfinished.locator("button", has_text="Open").click()
    assert sk.text("#past-view-hint") == "Read only. To play on, press “Resume”."


def test_an_opened_past_game_can_be_exported_and_resumed_from_where_it_is_read(page, site):
    """ "New game" says the game left can be opened, exported or resumed: once it is opened,
    its own Print, Export and (unfinished) Resume are there, after the way back, not only in
    the list the view hides."""
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.game_over_and_a_rematch()
    page.click("#new-game")
    page.click("#confirm-yes")
    games = page.locator("#past-list li")
    unfinished, finished = games.nth(0), games.nth(1)
    finished.locator("button", has_text="Open").click()
    actions = page.locator("#past-actions button")
    # finished: it prints and exports, and reopens to correct a hand
    assert actions.all_inner_texts()[1:] == ["Print score sheet", "Export", "Reopen to correct"]
    with page.expect_download() as download:
        actions.nth(2).click()
    assert json.loads(Path(download.value.path()).read_text())["hands"]
    # said with the file's name, to be found in the phone's downloads
    file = download.value.suggested_filename
    assert sk.text("#past-view-status") == f"Game exported: {file}, in this device's downloads."
    page.click("#past-view-close")
    unfinished.locator("button", has_text="Open").click()
    assert actions.all_inner_texts()[1:] == ["Print score sheet", "Export", "Resume"]
    assert sk.text("#past-view-status") == ""
    page.locator("#past-actions button", has_text="Resume").click()
    assert page.is_hidden("#past-view")
    assert sk.text("#hand-status").startswith("Resumed:"), sk.text("#hand-status")
    assert len(sk.saved()["hands"]) == 1  # the rematch, one hand in, is the game in play again


def names_in_setup(page) -> list[str]:
    return page.eval_on_selector_all("#name-fields input", "xs => xs.map(x => x.value)")


def test_teams_names_are_never_carried_into_players_names(page, site):
    sk = Scorekeeper(page, site()).open()
    sk.start(("", ""))  # the teams keep the names the game gives them
    sk.hand(13, 13)
    page.click("#new-game")
    page.click("#confirm-yes")
    assert page.input_value("#table") == "teams"
    assert names_in_setup(page) == ["", ""]  # the given names are placeholders, not text
    page.fill("#name-0", "Us")
    page.select_option("#table", "6")
    assert names_in_setup(page) == [""] * 6
    dealers = page.eval_on_selector_all("#first-dealer option", "os => os.map(o => o.text)")
    assert not any("Us" in d or "–" in d for d in dealers), dealers
    # players' names typed stay as the count changes, but never become teams' names
    for i, name in enumerate(("Ann", "Bob", "Cy", "Di", "Eve", "Fay")):
        page.fill(f"#name-{i}", name)
    page.select_option("#table", "4")
    assert names_in_setup(page) == ["Ann", "Bob", "Cy", "Di"]
    page.select_option("#table", "5")
    assert names_in_setup(page) == ["Ann", "Bob", "Cy", "Di", ""]
    page.select_option("#table", "teams")
    assert names_in_setup(page) == ["", ""]


def test_the_mark_nearest_the_end_names_the_total_that_ends_the_game(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=20, ties="play-on"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    chips = chips_said(page)
    assert chips[0] == "Ann 13 ▲ 7 to go"
    sk.hand(0, 0, 13, 13)
    sk.hand(13, 0, 0, 13)  # Ann and Di past 20, Bob and Cy tied lowest: play on
    chips = chips_said(page)
    assert "Ann 26 ▲ 20 reached" in chips and "Di 26 ▲ 20 reached" in chips, chips


def test_a_game_over_left_for_a_rematch_is_reopened_to_correct_a_hand(page, site):
    """A new scorer was told after a rematch that a hand of the game just over was wrong: the
    game over, read only, had no way back. Reopened, it is the game in play again (the rematch
    kept in the past games), its hand corrected, the result with it."""
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.game_over_and_a_rematch()
    finished = page.locator("#past-list li").first
    finished.locator("button", has_text="Open").click()
    page.locator("#past-actions button", has_text="Reopen to correct").click()
    # the rematch, one hand in, is asked about first, beside the button (it went without a word)
    question = page.locator("#past-view #confirm")
    assert question.is_visible()
    assert question.locator("#confirm-text").inner_text() == (
        "Set aside the game in play (Ann, Bob, Cy and Di, after 1 hand)? It waits in Past games, "
        "where Resume brings it back."
    )
    page.click("#confirm-no")  # no: nothing changes, back to the button
    assert page.is_visible("#past-view") and page.is_hidden("#confirm")
    assert page.evaluate("document.activeElement.textContent") == "Reopen to correct"
    assert len(sk.saved()["hands"]) == 1, "the rematch still in play"
    kept = page.evaluate(
        "() => JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past')).map(e => e.kept)"
    )
    page.locator("#past-actions button", has_text="Reopen to correct").click()
    page.click("#confirm-yes:has-text('Yes, reopen this one')")
    assert page.is_hidden("#past-view")
    assert sk.totals() == [26, 13, 13, 0] and page.is_visible("#final")
    # where the rematch went is said in sight, over the game's end (it was said beside the
    # hand's boxes, hidden at a game over)
    said = sk.text("#status")
    box = page.locator("#status").bounding_box()  # at the top of the page, over the standing
    assert said.startswith("The game that was in play"), said
    assert (
        box["y"] >= 0 and box["y"] + box["height"] <= page.locator("#standing").bounding_box()["y"]
    )
    listed = page.evaluate(
        "() => JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past')).map(e => e.kept)"
    )
    assert kept[-1] in listed, "the game reopened keeps the time it was listed at"
    page.locator("#score-body button.edit").nth(1).click()
    sk.hand(0, 13, 13, 0)  # hand 2 was Bob's 13, not Ann's
    assert sk.totals() == [13, 26, 13, 0]
    ranking = page.locator("#ranking li").all_inner_texts()
    assert ranking[0].startswith("Di: 0") and ranking[-1] == "Bob: 26", ranking
    listed = page.locator("#past-list li")
    assert listed.count() == 2, "the rematch set aside, the game corrected listed again"
    assert listed.nth(1).locator("button", has_text="Resume").count() == 1


def test_a_new_game_after_a_game_over_offers_no_resume(page, site):
    """A game over is kept as it is: the question before a new game said it could be resumed,
    and the past games (rightly) offered no Resume for it."""
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 0, 13, 0)
    sk.hand(13, 0, 13, 0)  # Ann and Cy at 26: over
    assert page.is_visible("#final")
    page.click("#new-game")
    asked = page.inner_text("#confirm-text")
    assert "opened and exported" in asked and "resume" not in asked, asked


def test_an_undo_that_ends_the_game_again_says_so_in_sight(page, site):
    """A finished game's hand 2 edited reopened it; Undo beside Record took the edit back and
    the game was over again: what was undone was said beside the boxes, hidden with them."""
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)
    assert page.is_visible("#final")
    page.locator("#score-body button.edit").nth(1).click()
    sk.hand(0, 0, 13, 13)  # all on 13: not over now
    assert page.is_hidden("#final")
    page.click("#bar-undo")
    assert page.is_visible("#final") and page.is_hidden("#hand")
    said = sk.text("#status")
    assert said.startswith("The change to hand 2 taken back: it scores as before."), said
    assert page.is_visible("#status")
    page.click("#redo")  # and put back, from the tools under the history: said there
    assert page.is_hidden("#final")
    assert sk.text("#tools-status").startswith("The change to hand 2 put back.")
