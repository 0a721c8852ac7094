"""Slips a scorer makes at the table, and what the page says of them: a moon typed as the
scores it gives instead of marked with ☾, a box holding something that is not a number, a rule
chosen that can never apply, a name box emptied to type afresh; and the ways out of a past
game (the phone's Back, another game resumed) that must leave the scorer knowing where the
game in play is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from scorekeeper_page import Scorekeeper, four_in, mark_moon

from sheets.houserules import HouseRules

MOON_HINT = {
    "en": "Did Ann shoot the moon? Tap the ☾ beside Ann instead.",
    "de": "Durchmarsch von Ann? Dann tippt stattdessen auf das ☾ neben Ann.",
    "fr": "Un chelem pour Ann\u00a0? Touchez plutôt le ☾ à côté de son nom.",
    "es": "¿Ann hizo la luna? Entonces no escribas los puntos: toca el ☾ junto a Ann.",
}


@pytest.mark.parametrize("language", sorted(MOON_HINT))
def test_a_moon_typed_as_its_scores_points_to_the_moon_mark(page, tmp_path, language):
    """0 for Ann and 26 for everyone else is what Ann's moon scores, not the cards taken: the
    page says so live and on Record, and ☾ beside Ann then records the moon."""
    sk = four_in(page, tmp_path, language)
    for i, points in enumerate((0, 26, 26, 26)):
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left").endswith(" " + MOON_HINT[language])
    page.click("#record")
    assert sk.text("#hand-status").endswith(" " + MOON_HINT[language])
    assert sk.hands_shown() == 0
    page.locator(".moon-button").nth(0).click()
    assert MOON_HINT[language] not in sk.text("#points-left")
    page.click("#record")
    recorded = sk.saved()["hands"]
    assert len(recorded) == 1 and recorded[0]["shooter"] == 0, recorded
    assert recorded[0]["points"] == [26, 0, 0, 0]  # the cards Ann took, scored as a moon


@pytest.mark.parametrize(
    "players, scores",
    [
        (4, (0, 26, 26, 16)),  # Di took J♦ in Ann's moon
        (4, (-10, 26, 26, 26)),  # Ann took it herself
        (8, (0, 52, 52, 52, 42, 52, 52, 42)),  # one J♦ each to Ed and Hal
    ],
)
def test_a_moon_with_a_bonus_card_typed_as_its_scores_points_to_the_moon_mark(
    page, site, players, scores
):
    """Under J♦ a moon's scores hold the card's minus wherever it went: typed as they are (the
    sheet says such a hand adds up to 68), they are still told as Ann's moon."""
    sk = Scorekeeper(page, site(HouseRules(players=players, bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")[:players])
    for i, points in enumerate(scores):
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left").endswith(" " + MOON_HINT["en"])
    page.click("#record")
    assert sk.text("#hand-status").endswith(" " + MOON_HINT["en"])
    assert sk.hands_shown() == 0


def test_a_moon_typed_as_its_scores_without_its_bonus_cards_points_to_the_moon_mark(page, site):
    """0 for the shooter and 52 for each of seven others, the two J♦ left out, was refused as
    "the points add up to 364 … (cancelled cards still count …)", sending the scorer to count
    the cards again (round 35): it points to Ann's ☾ too."""
    rules = HouseRules(players=8, bonus_card="JD", moon="add-unless-it-ends-game", target=75)
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"))
    for i, points in enumerate((0, *[52] * 7)):
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left").endswith(" " + MOON_HINT["en"])
    page.click("#record")
    assert sk.text("#hand-status").endswith(" " + MOON_HINT["en"]) and sk.hands_shown() == 0
    # said as a moon's scores, not as a sum to count again (round 36)
    assert sk.text("#hand-status").startswith(
        "Not recorded: these look like a moon's scores, and the boxes take the points each "
        "player took."
    )
    assert "cancelled cards" not in sk.text("#hand-status")


def test_points_that_no_moon_gives_get_no_moon_hint(page, tmp_path):
    """Only a moon's own scores bring the hint: 26 for three players and 1 for Ann is a slip
    of another kind."""
    sk = four_in(page, tmp_path, "en")
    for i, points in enumerate((1, 26, 26, 26)):
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    assert "moon" not in sk.text("#hand-status"), sk.text("#hand-status")


def test_a_moon_hint_follows_the_totals_the_hand_comes_after(page, site):
    """Under the rule that a moon is added unless that ends the game without the shooter
    winning, Ann's moon near the end is scored off Ann instead: typed as those scores (−26 for
    Ann), it is still recognised as Ann's moon."""
    sk = Scorekeeper(page, site(HouseRules(moon="add-unless-it-ends-game", target=50))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 13, 0, 0)  # adding 26 would take Bob to 52 and tie Ann with Cy and Di
    for i, points in enumerate((-26, 0, 0, 0)):
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    assert sk.text("#hand-status").endswith(" " + MOON_HINT["en"])


def test_a_box_that_holds_no_number_is_said_at_once(page, tmp_path):
    """A box holding "1a4" (or "1.4") counts as nothing, not as 0: the line under the points
    says which box is wrong as soon as it is typed, as Record would."""
    sk = four_in(page, tmp_path, "en")
    page.fill("#points-0", "13")
    page.fill("#points-3", "1a4")
    assert sk.text("#points-left") == "Di's points must be a whole number."
    page.fill("#points-3", "4")
    assert sk.text("#points-left") != "Di's points must be a whole number."


def test_mark_the_moon_is_asked_at_the_moon_of_the_side_and_goes_once_it_is_tapped(page, tmp_path):
    """26 typed for Ann and nothing marked: the refusal is said under Ann's box, focus on the ☾
    beside her name (the one thing to tap); tapped, the error and its marks go."""
    sk = four_in(page, tmp_path, "en")
    for i, points in enumerate((26, 0, 0, 0)):
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    moon = page.locator(".moon-button").nth(0)
    assert moon.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.textContent") == "☾Ann shot the moon"
    said = sk.text("#point-fields .field-error")
    assert said.startswith("Not recorded: Ann took every heart and Q♠, so mark the moon"), said
    moon.click()
    assert moon.get_attribute("aria-invalid") is None
    assert page.locator("#point-fields .field-error").count() == 0
    assert sk.text("#hand-status") == ""


def test_the_setup_says_when_exactly_100_can_never_apply(page, standard_url):
    """In a game to 50 no total reaches exactly 100 (the sheets leave the rule out, and /make
    says so): the menu, with nothing else to choose, is not shown; chosen before the target
    changed, the rule stays, and the setup says why under it. In a game to 75 it says when the
    rule can still apply (a scorer wondered what 100 meant there)."""
    sk = Scorekeeper(page, standard_url).open()
    page.uncheck("#shoot-the-sun")
    offered = "s => [...s.options].map(o => !o.disabled)"
    page.fill("#target", "50")
    assert page.locator("#exactly-100").evaluate(offered) == [True, False, False]
    assert page.is_hidden("#exactly-100") and page.is_hidden("#exactly-100-label")
    page.fill("#target", "100")
    assert page.is_visible("#exactly-100")
    page.select_option("#exactly-100", index=1)
    page.fill("#target", "50")
    assert page.is_visible("#exactly-100")
    assert page.locator("#exactly-100").evaluate(offered) == [True, True, False]
    note = page.locator("#exactly-100-note")
    assert note.inner_text() == (
        "Never applies in a game to 50: before a hand a total is at most 49, and a hand adds "
        "at most 26, so no total can be exactly 100."
    )
    assert "exactly-100-note" in page.get_attribute("#exactly-100", "aria-describedby")
    page.fill("#target", "75")  # 74 + 26 = 100
    assert note.inner_text() == (
        "In a game to 75 too: a hand that takes a total to exactly 100 drops it to 50, so that"
        " total does not end the game."
    )
    page.select_option("#exactly-100", index=2)
    assert note.inner_text().endswith("drops it to 0, so that total does not end the game.")
    # off: that it could matter here, not as a rule in force ("If chosen: ... goes back to the
    # total chosen in this list" under "No reset" was: round 23); a scorer left it off not
    # knowing whether it mattered in a game to 75 (round 34)
    page.select_option("#exactly-100", index=0)
    assert note.inner_text() == (
        "Can matter in a game to 75 too: a hand can take a total to exactly 100, and a drop "
        "would keep that total from ending the game."
    )
    page.select_option("#exactly-100", index=1)
    assert page.locator("#exactly-100").evaluate(offered) == [True, True, True]
    page.fill("#target", "100")
    assert note.count() == 0, "at 100 the rule says it all"
    page.fill("#target", "60")
    page.check("#shoot-the-sun")  # a sun adds 52
    assert note.inner_text().startswith("In a game to 60 too:")
    page.uncheck("#shoot-the-sun")
    page.select_option("#exactly-100", index=0)  # the rule off: nothing to say
    assert note.count() == 0
    assert page.is_hidden("#exactly-100"), "at 60 no reset can apply: nothing left to choose"
    page.fill("#target", "5")  # out of range: what is allowed, not an estimate of a game to 5
    assert sk.text("#game-length") == "The game must end at a whole number from 10 to 1000."
    page.fill("#target", "100")
    assert sk.text("#game-length").startswith("Here a hand gives out 26 points")


def test_the_setup_says_the_moon_s_safeguard_never_applies_between_two_teams(page, standard_url):
    """Between two teams the other team's moon points never end the game with it winning or
    tied, so the safeguard never changes a moon (a new scorer chose it, expecting something:
    round 34): not offered at that table; chosen before, it says why under it."""
    Scorekeeper(page, standard_url).open()
    offered = "s => [...s.options].map(o => !o.disabled)"
    page.select_option("#moon", "add-unless-it-ends-game")
    assert page.locator("#moon-note").count() == 0, "it can apply among four players"
    page.select_option("#table", "teams")
    assert page.locator("#moon-note").inner_text() == (
        "Never applies with two teams: a moon's points to the other team can never end the game "
        "with it winning or tied, so every moon scores the usual way."
    )
    page.select_option("#moon", "add-to-others")
    assert page.locator("#moon").evaluate(offered) == [True, True, True, False]
    assert page.locator("#moon-note").count() == 0
    page.select_option("#table", "3")
    assert page.locator("#moon").evaluate(offered) == [True, True, True, True]


def test_an_emptied_name_box_keeps_the_name(page, site):
    """Emptied to type afresh, a box shows the name it had and keeps it: never "Player 7"."""
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    names = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    sk.start(names)
    page.click("#players-open")
    page.fill("#player-6", "")
    assert page.get_attribute("#player-6", "placeholder") == "Gus"
    page.click("#players button[type=submit]")
    assert sk.saved()["names"] == list(names)
    assert sk.text("#players-status") == "Nothing changed."
    assert page.input_value("#player-6") == "Gus", "the box shows the name it kept"


def _a_past_game_and_one_in_play(sk: Scorekeeper, page) -> None:
    """A game of four left after one hand (New game), a second game one hand in, and 5 typed
    for its next hand."""
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    page.click("#new-game")
    page.click("#confirm-yes")
    sk.start(("Eve", "Fay", "Gus", "Hal"))
    sk.hand(0, 0, 13, 13)
    page.fill("#points-0", "5")


def test_the_phones_back_button_closes_a_past_game(page, standard_url):
    """Back closes the past game opened, as its own button does, and leaves the game in play
    as it was; closed with its button, the next Back does not reopen it."""
    sk = Scorekeeper(page, standard_url).open()
    _a_past_game_and_one_in_play(sk, page)
    page.locator("#past-list button", has_text="Open").first.click()
    assert page.is_visible("#past-view")
    page.go_back()
    page.wait_for_selector("#past-view", state="hidden")
    assert page.is_visible("#game") and page.input_value("#points-0") == "5"
    page.locator("#past-list button", has_text="Open").first.click()
    page.click("#past-view-close")
    assert page.is_hidden("#past-view")
    page.go_back()
    page.wait_for_timeout(200)
    assert page.is_hidden("#past-view")


def test_resuming_another_game_says_where_the_game_in_play_went(page, standard_url):
    sk = Scorekeeper(page, standard_url).open()
    _a_past_game_and_one_in_play(sk, page)
    page.locator("#past-list button", has_text="Resume").first.click()
    page.click("#confirm-yes:has-text('Yes, resume this one')")
    said = sk.text("#hand-status")
    assert said.startswith(
        "The game that was in play (Eve, Fay, Gus and Hal, after 1 hand) waits in Past games; "
        "Resume brings it back."
    ), said
    page.locator("#past-list button", has_text="Resume").first.click()
    page.click("#confirm-yes")
    assert page.input_value("#points-0") == "5", "its typed hand came back with it"


def test_resuming_a_game_of_the_same_players_tells_the_two_apart(page, standard_url):
    """One family, a game to 100 set aside for a game to 50: swapping them back, each half of
    the message gives its game's totals, else both read the same."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.click("#new-game")
    page.click("#confirm-yes")
    sk.start(target=50)
    sk.hand(0, 3, 10, 13)
    page.locator("#past-list button", has_text="Resume").first.click()
    page.click("#confirm-yes")
    assert sk.text("#hand-status") == (
        "The game that was in play (Ann 0, Bob 3, Cy 10 and Di 13, after 1 hand) waits in Past "
        "games; Resume brings it back. Resumed: Ann 13, Bob 13, Cy 0 and Di 0, after 1 hand."
    )


def test_a_past_games_table_is_as_wide_as_the_game_in_plays(page, standard_url):
    """On a phone the past game's table reaches out to its panel's border, so that a table the
    game in play shows whole is not cut by the panel around it."""
    sk = Scorekeeper(page, standard_url).open()
    _a_past_game_and_one_in_play(sk, page)
    live = page.locator("#table-wrap").evaluate("w => w.clientWidth")
    page.locator("#past-list button", has_text="Open").first.click()
    past = page.locator("#past-view .table-wrap").evaluate("w => w.clientWidth")
    assert past >= live - 8, (past, live)


def test_a_refusal_while_a_past_hand_is_edited_says_it_was_not_saved(page, standard_url):
    """The hand being edited is recorded already: what failed is the change."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    page.locator("#score-body tr").first.locator("button.edit").click()
    page.fill("#points-2", "5")
    page.click("#record")
    assert sk.text("#hand-status") == (
        "Not saved: the points add up to 31; a hand adds up to 26."
    ), sk.text("#hand-status")
    assert sk.saved()["hands"][0]["points"] == [13, 13, 0, 0]


def test_shared_standings_give_places_and_totals_alone(context, page, site):
    """Ties playing on: Ann is past the end of a game to 20 while Cy and Di tie for the lowest.
    The shared text ranks the tied alike and gives each total with no distance to the end
    beside it ("(20 points from the end)" read as the leader furthest from winning)."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    sk = Scorekeeper(page, site(HouseRules(target=20, ties="play-on"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(21, 5, 0, 0)  # Ann 21 is past 20, Cy and Di tie at 0: play on
    page.click("#share")
    page.locator("#tools-status", has_text="The standings are copied").wait_for(timeout=5000)
    text = page.evaluate("navigator.clipboard.readText()")
    assert text.split("\n")[1:5] == [
        "1. Cy: 0",
        "1. Di: 0",
        "3. Bob: 5",
        "4. Ann: 21",
    ], text


def test_a_moon_the_safeguard_scores_off_the_shooter_says_why(page, site):
    """Under the moon with a safeguard, a moon scored off the shooter (26 to the others would
    end the game without the shooter winning) says so; one scored the usual way does not."""
    sk = Scorekeeper(page, site(HouseRules(moon="add-unless-it-ends-game", target=50))).open()
    sk.start()
    page.locator(".moon-button").nth(0).click()  # early on: the usual way
    usual = sk.text("#points-left")
    assert "safeguard" not in usual and "the 3 others score 26 each" in usual, usual
    page.locator(".moon-button").nth(0).click()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 13, 0, 0)  # 26 more would take Bob to 52 with Ann tied for the lowest
    page.locator(".moon-button").nth(0).click()
    why = " The safeguard applies: scored the usual way, it would end the game without Ann winning."
    said = sk.text("#points-left")
    assert said.endswith(why) and "scores −26" in said, said
    # recorded, it is said why again (a scorer found "Ann shot the moon" and −26 unexplained)
    page.click("#record")
    recorded = sk.text("#hand-status").split(" Totals:")[0]
    assert recorded == "Hand 3 recorded: Ann shot the moon." + why
    # and the history marks it, under the shooter's −26 (the row read as a moon scored wrong)
    assert sk.hand_points(2) == ["−26 ☾ moon safeguard", "0", "0", "0"]
    sk.hand(13, 13, 0, 0)  # a hand that is no moon says nothing of it
    assert "safeguard" not in sk.text("#hand-status")
    page.locator(".moon-button").nth(3).click()  # a moon scored the usual way: no mark
    page.click("#record")
    assert sk.hand_points(4)[3] == "0 ☾ moon"


def test_importing_an_older_export_of_the_game_in_play_loses_no_hand(page, standard_url, tmp_path):
    """Exported after hand 1, the game goes on to hand 3; the file is imported (by mistake, or
    to look back): the import is kept as a copy beside the game, and the 3 hands wait in the
    past games, to resume (a scorer lost hands 2 and 3 this way)."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    with page.expect_download() as info:
        page.click("#export")
    path = tmp_path / "after-one.json"
    info.value.save_as(path)
    sk.hand(0, 13, 13, 0)
    sk.hand(0, 0, 13, 13)
    page.set_input_files("#import", str(path))
    page.click("#confirm-yes")
    page.locator("#past-list li").first.wait_for()
    assert len(sk.saved()["hands"]) == 1
    said = sk.text("#tools-status") + " " + sk.text("#hand-status")
    assert "(Ann, Bob, Cy and Di, after 3 hands) waits in Past games" in said, said
    page.locator("#past-list button", has_text="Resume").first.click()
    page.click("#confirm-yes")
    assert len(sk.saved()["hands"]) == 3
    assert sk.totals() == [13, 26, 26, 13]
    # and the copy imported is kept in its turn, not lost either
    assert page.locator("#past-list li").count() == 1


def test_numbers_brought_back_by_a_reload_are_in_sight(browser, site):
    """8 players at 320 × 640, hand 3 half typed, the page reloaded: the boxes it brings back
    are on screen, below the standing and above the Record bar, not under the bars at the
    top of the page."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True)
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(players=8))).open()
        sk.start(("Grandma Rose", "Uncle Bartholomew", "Evangeline", "Henrietta", *"CDFG"))
        sk.hand(13, 13, 13, 13, 0, 0, 0, 0)
        sk.hand(0, 0, 0, 0, 13, 13, 13, 13)
        page.fill("#points-0", "4")
        page.reload()
        page.wait_for_selector("#game:not([hidden])")
        assert page.input_value("#points-0") == "4"
        box = page.locator("#points-0").bounding_box()
        top = page.locator("#standing").bounding_box()
        bar = page.locator(".record-bar").bounding_box()  # Record, and what it says
        assert box["y"] >= top["y"] + top["height"], (box, top)
        assert box["y"] + box["height"] <= bar["y"], (box, bar)
    finally:
        context.close()


def test_a_total_of_exactly_100_that_drops_says_so(page, site):
    """Exactly 100 drops to 50: the hand that does it says who dropped, not just "recorded"
    (a scorer saw the total fall with no word why), and before Record, what it will do."""
    sk = Scorekeeper(page, site(HouseRules(exactly_100=50, target=150))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    for _ in range(3):
        sk.hand(25, 1, 0, 0)
    assert "exactly" not in sk.text("#hand-status")
    for i, points in enumerate((25, 1, 0, 0)):  # said before Record too (round 30)
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == (
        "All 26 points placed. This takes Ann to exactly 100: back to 50."
    )
    sk.hand(25, 1, 0, 0)
    said = sk.text("#hand-status")
    assert said.startswith("Hand 4 recorded. Ann reached exactly 100: back to 50."), said
    assert sk.totals()[0] == 50


def test_an_edit_and_its_undo_and_redo_say_the_totals_moved_and_a_new_lowest(page, standard_url):
    """An edit said only "Hand 2 changed." while two totals moved by 10, and one that moved the
    lowest from one player to another showed it only by the ▼ (round 28): it says both."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 3, 5, 5)
    sk.hand(13, 13, 0, 0)
    page.locator("#score-body tr").first.locator("button.edit").click()
    sk.hand(13, 3, 4, 6)
    assert sk.text("#hand-status") == (
        "Hand 1 changed. Totals moved: Cy 5 → 4 and Di 5 → 6. Lowest now: Cy (before: Cy and Di)."
    )
    # Undo and Redo of the edit say what they moved too (they said "The change to hand 1 taken
    # back." alone while the totals moved back and forth)
    page.click("#bar-undo")
    back = "Totals moved: Cy 4 → 5 and Di 6 → 5. Lowest now: Cy and Di (before: Cy)."
    expect(page.locator("#hand-status")).to_contain_text(back)
    page.click("#bar-redo")
    again = "Totals moved: Cy 5 → 4 and Di 5 → 6. Lowest now: Cy (before: Cy and Di)."
    expect(page.locator("#hand-status")).to_contain_text(again)
    page.locator("#score-body tr").nth(1).locator("button.edit").click()
    sk.hand(13, 0, 13, 0)  # Bob and Cy swap 13: the lowest moves to Bob
    assert sk.text("#hand-status") == (
        "Hand 2 changed. Totals moved: Bob 16 → 3 and Cy 4 → 17. Lowest now: Bob (before: Cy)."
    )
    page.locator("#score-body tr").nth(1).locator("button.edit").click()
    sk.hand(13, 0, 13, 0)
    assert sk.text("#hand-status") == "No change to hand 2: it stays as it was."
    page.locator("#score-body tr").nth(1).locator("button.edit").click()
    sk.hand(26, 0, 0, 0, shooter=0)  # Ann's moon: every total moves, counted, not listed
    assert sk.text("#hand-status") == (
        "Hand 2 changed: Ann shot the moon. 4 totals moved. Lowest now: Ann (before: Bob)."
    )


def test_an_edit_that_changes_a_later_reset_says_so(page, site):
    """An edit of hand 1 took away a later total's drop from exactly 100: Ann's 50 became 99
    under a status that said only "Hand 1 changed." (round 25). Said both ways."""
    sk = Scorekeeper(page, site(HouseRules(exactly_100=50, target=150))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    for _ in range(4):
        sk.hand(25, 1, 0, 0)  # hand 4 takes Ann to exactly 100: back to 50
    assert sk.totals()[0] == 50
    for points, moved, said in (
        ((24, 2, 0, 0), "Ann 50 → 99 and Bob 4 → 5", "Hand 4 no longer takes Ann to exactly 100."),
        (
            (25, 1, 0, 0),
            "Ann 99 → 50 and Bob 5 → 4",
            "Hand 4 now takes Ann to exactly 100: back to 50.",
        ),
    ):
        page.locator("#score-body tr").first.locator("button.edit").click()
        sk.hand(*points)
        status = sk.text("#hand-status")
        assert status == f"Hand 1 changed. Totals moved: {moved}. {said}", status
        assert sk.totals()[0] == int(moved.split()[3])
    page.locator("#score-body tr").nth(1).locator("button.edit").click()
    sk.hand(25, 0, 1, 0)  # Ann's totals as they were: no later reset changes, none said
    assert "exactly" not in sk.text("#hand-status"), sk.text("#hand-status")


def test_a_sun_taken_back_is_named_a_sun(page, site):
    sk = Scorekeeper(page, site(HouseRules(shoot_the_sun=True))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    page.locator(".moon-button").nth(0).click()
    page.check("#sun")
    page.click("#record")
    assert sk.saved()["hands"][0]["sun"] is True
    page.click("#bar-undo")
    said = sk.text("#hand-status")
    assert said.startswith("Hand 1 taken back (Ann shot the sun):"), said


def test_the_box_being_typed_is_asked_about_its_minus_first(page, site):
    """3, 17 and 4 typed with J♦: the line guessed "If Edwina took J♦, Edwina's points are −8"
    while the scorer was about to tap ± beside Ed's 4, the box typed in."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start(("Margaret", "Mark", "Ed", "Edwina"))
    page.focus("#points-0")
    for points in ("3", "17", "4"):
        page.keyboard.type(points)
        if points != "4":
            page.keyboard.press("Enter")
    assert sk.text("#points-left") == (
        "8 points too many (a hand adds up to 16). Did Ed take J♦? Then Ed's points are −4: tap "
        "± beside the box."
    )
    page.click("#point-fields .sign-button >> nth=2")
    assert sk.points() == ["3", "17", "-4", ""]


def test_a_minus_left_for_the_last_box_is_asked_for_not_suggested(page, site):
    """With J♦, 13, 13 and 0 typed leave −10 for the last box: it is not offered (a typo
    elsewhere would pass as Di's J♦), the line says the points typed are 10 too many, never
    "−10 points left to place", and what Di's points are if Di took J♦, as it is typed (it
    was said only once Record was pressed); Record asks for them at Di's box."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    for i, points in enumerate((13, 13, 0)):
        page.fill(f"#points-{i}", str(points))
    assert page.get_attribute("#points-3", "placeholder") == ""
    assert sk.text("#points-left") == (
        "10 points too many (a hand adds up to 16). If Di took J♦, Di's points are −10: type "
        "them, with ± for the minus."
    )
    page.fill("#points-2", "11")  # 11 over: more than J♦ takes off, no hint
    assert sk.text("#points-left") == "21 points too many (a hand adds up to 16)."
    page.fill("#points-2", "0")
    page.click("#record")
    assert sk.saved()["hands"] == []
    error = sk.text("#hand-status")
    assert error.endswith("If Di took J♦, Di's points are −10: type them, with ± for the minus."), (
        error
    )
    assert page.evaluate("document.activeElement.id") == "points-3"
    page.click(".sign-button >> nth=3")
    page.keyboard.type("10")
    page.click("#record")
    assert sk.saved()["hands"][0]["points"] == [13, 13, 0, -10]


def test_a_forgotten_minus_is_pointed_at(page, site):
    """Bob took J♦ and two hearts (−8) but 8 was typed: too many by 16, twice Bob's 8; the
    refusal asks whether Bob took J♦ and focuses Bob's box. With two boxes that could explain
    it, it asks which of the two took J♦ (a new scorer's 10 and 10, one of them −10, got no
    hint)."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    for i, points in enumerate((13, 8, 11, 0)):
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    error = sk.text("#hand-status")
    assert "the points add up to 32; a hand adds up to 16" in error
    assert error.endswith("Did Bob take J♦? Then Bob's points are −8: tap ± beside the box.")
    assert page.evaluate("document.activeElement.id") == "points-1"
    # said across the row of boxes, not squeezed under one (nine lines in half a phone)
    said = page.locator("#points-1-error").bounding_box()["width"]
    assert said == pytest.approx(page.locator("#point-fields").bounding_box()["width"], abs=1)
    page.click(".sign-button >> nth=1")
    page.click("#record")
    assert sk.saved()["hands"][0]["points"] == [13, -8, 11, 0]
    for i, points in enumerate((10, 10, 16, 0)):  # 20 too many: Ann's 10 or Bob's 10
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    assert sk.text("#hand-status").endswith(
        "Did Ann or Bob take J♦? Then that player's points are −10: tap ± beside that box."
    )
    assert len(sk.saved()["hands"]) == 1
    # 10 too many, J♦'s own 10: its minus left out, not a guess at whose sign was forgotten (a
    # scorer was asked whether Ann, who had 5, took J♦, when Di had, her hearts typed alone)
    for i, points in enumerate((5, 13, 2, 6)):
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    assert sk.text("#hand-status").endswith(
        "Did someone take J♦? Its −10 is in no box: count it into the points of whoever took it "
        "and type the result there, with ± if it is below 0."
    )
    assert len(sk.saved()["hands"]) == 1


def test_a_minus_is_guessed_only_where_the_rules_would_take_the_hand(page, site):
    """10, 5, 3 and 8 with J♦ are 10 too many, twice Bob's 5: the line asked "Did Bob take J♦?
    Then Bob's points are −5", and a scorer who tapped ± was refused, for nobody then has the
    13 of Q♠ (a scorer of eight was sent the same way round twice). Only the count is said, on
    the line and at Record."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    for i, points in enumerate((10, 5, 3, 8)):
        page.fill(f"#points-{i}", str(points))
    page.focus("#points-1")
    page.fill("#points-1", "5")
    assert sk.text("#points-left") == "10 points too many (a hand adds up to 16)."
    page.click("#record")
    assert "Did Bob" not in sk.text("#hand-status") and sk.saved()["hands"] == []
    # where the minus does make a hand (Q♠ with Ann's 13), it is still asked about
    page.fill("#points-0", "13")
    page.fill("#points-3", "5")
    page.focus("#points-1")
    page.fill("#points-1", "5")
    assert sk.text("#points-left").endswith(
        "Did Bob take J♦? Then Bob's points are −5: tap ± beside the box."
    )


@pytest.mark.parametrize("again", ["redo", "record"])
def test_numbers_typed_survive_undoing_the_hand_before(page, standard_url, again):
    """Hand 3 half typed, then Undo takes hand 2 back into the form: the numbers for hand 3
    are set aside (and the undo says so), and come back once hand 2 is redone or recorded
    again (three readers lost them on Redo)."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 0, 13, 13)
    page.fill("#points-0", "9")
    page.fill("#points-1", "3")
    page.click("#bar-undo")
    said = sk.text("#hand-status")
    aside = "The numbers typed for hand 3 come back once hand 2 is"
    assert said.endswith(aside + " recorded again."), said
    assert sk.points() == ["0", "0", "13", "13"]  # hand 2, back in the form
    if again == "redo":
        page.click("#bar-redo")
    else:
        page.fill("#points-0", "1")
        page.fill("#points-2", "12")
        page.click("#record")
    assert sk.points()[:2] == ["9", "3"]
    assert sk.text("#hand-status").endswith("The numbers typed for hand 3 are back in the boxes.")


@pytest.mark.parametrize("end", ["#record", "#edit-cancel"])
def test_editing_a_past_hand_says_the_numbers_typed_are_kept(page, standard_url, end):
    """✎ with the next hand half typed: the boxes show the hand edited, and the page says the
    numbers typed wait (a scorer thought them lost); saved or cancelled, they come back."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    page.fill("#points-0", "8")
    page.fill("#points-1", "2")
    page.click("#score-body button.edit")
    assert sk.text("#hand-status") == (
        "Editing hand 1. The numbers typed for hand 2 are kept: they come back when you save "
        "or cancel this edit."
    )
    assert sk.points() == ["13", "13", "0", "0"]
    page.click(end)
    assert sk.points()[:2] == ["8", "2"]


def test_a_long_pass_under_its_dealer_is_never_cut(page, tmp_path):
    """On a phone each hand's pass sits under its dealer; a long one ("○ sans échange") goes
    on to a second line rather than being cut (a French reader saw "○ sans éch…")."""
    sk = four_in(page, tmp_path, "fr")
    for _ in range(4):
        sk.hand(13, 13, 0, 0)
    passes = page.locator("#score-body .pass-inline")
    assert passes.count() == 4
    cut = passes.evaluate_all("ps => ps.filter(p => p.scrollWidth > p.clientWidth + 1).length")
    assert cut == 0
    assert "échange" in passes.nth(3).inner_text()


def test_swapping_seats_saves_the_names_typed_first(page, standard_url):
    """A name typed, then Swap seats (not Save): the name is kept, as Done keeps it; a scorer
    lost "Robert" this way."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.click("#players-open")
    page.fill("#player-1", "Robert")
    page.select_option("#swap-a", "2")
    page.select_option("#swap-b", "3")
    page.click("#swap")
    assert sk.saved()["names"] == ["Ann", "Robert", "Di", "Cy"]
    assert sk.text("#players-status").startswith(
        "Names saved: Ann, Robert, Cy and Di. Cy and Di swapped seats"
    )


def test_a_moon_hint_needs_everyone_else_at_0_or_a_bonus_card_alone(page, site):
    """J♦ played: Bob's 16 is the whole hand only if nobody else took a point card; with Ann's
    −8 (J♦ and 2 hearts) no moon is hinted. With two decks, H's 42 beside G's −10 (a J♦ alone)
    may be H's moon: hinted (round 31: it passed without a word, to be recorded as +42 for a
    moon worth −62)."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    for i, points in enumerate((-8, 16, 5, 3)):
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == "All 16 points placed."
    green = page.locator("#points-left").evaluate("el => getComputedStyle(el).color")
    for i, points in enumerate((0, 16, 0, 0)):
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == (
        "All 16 points placed. If Bob took every heart and Q♠, tap ☾ beside the name to mark "
        "the moon."
    )
    # a question, not green as a hand done (read as nothing left to do: round 33)
    assert page.locator("#points-left").evaluate("el => getComputedStyle(el).color") != green
    page.evaluate("localStorage.clear()")
    rules = HouseRules(players=8, bonus_card="JD", moon="subtract-from-shooter")
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(tuple("ABCDEFGH"))
    for i, p in enumerate((0, 0, 0, 0, 0, 0, -10, 42)):
        page.fill(f"#points-{i}", str(p))
    assert sk.text("#points-left") == (
        "All 32 points placed. If H took every heart and both Q♠, tap ☾ beside the name to mark the moon."
    )


def test_a_game_over_marks_nobody_near_the_end(page, site):
    """Ann at −1 when the game ends: no "▲ 21 to 20" beside her (a total of −1 was taken for
    "nobody near the end")."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD", target=20))).open()
    sk.start()
    sk.hand(-1, 17, 0, 0)
    sk.hand(0, 25, -10, 1)
    assert sk.totals() == [-1, 42, -10, 1]
    assert page.locator("#standing-totals .chip.near").count() == 0
    assert "▲" not in page.inner_text("#standing-totals")


def test_a_message_under_one_box_leaves_its_row_in_line(page, standard_url):
    """A new scorer saw Ann's box pushed half a line below Bob's when Bob's typo was said under
    Bob's box: the boxes of a row stay in line, a name that wraps included, in either way of
    entering a hand."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Uncle Bartholomew"))
    sk.hand(4, 133, 2, 7)
    assert page.is_visible("#points-1-error")

    def tops(prefix):
        return [page.locator(f"#{prefix}-{i}").bounding_box()["y"] for i in range(4)]

    rows = tops("points")
    assert rows[0] == rows[1] and rows[2] == rows[3], rows
    page.fill("#points-1", "13")
    page.check("#method-cards")
    page.select_option("#queen-0", "0")
    page.fill("#hearts-0", "40")
    page.click("#record")
    assert page.is_visible("#hearts-0-error")
    rows = tops("hearts")
    assert rows[0] == rows[1] and rows[2] == rows[3], rows


def test_points_typed_over_a_moon_take_its_mark_off(page, standard_url):
    """A new scorer tapped ☾ by mistake, then typed the hand's points into every box: the ☾
    stayed on and the hand was refused as a moon the shooter had not made. Typing over what
    the moon filled in takes its mark off; the hand records as typed."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    page.click("#point-fields .field:nth-child(3) .moon-button")  # Cy's ☾, by mistake
    assert (
        page.get_attribute("#point-fields .field:nth-child(3) .moon-button", "aria-pressed")
        == "true"
    )
    for i, points in enumerate((5, 13, 8, 0)):
        page.fill(f"#points-{i}", str(points))
    pressed = page.locator("#point-fields .moon-button").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-pressed'))"
    )
    assert pressed == ["false"] * 4
    assert "moon" not in sk.text("#points-left")
    page.click("#record")
    assert sk.saved()["hands"][0]["points"] == [5, 13, 8, 0]
    assert sk.saved()["hands"][0]["shooter"] is None


def test_the_shooters_own_points_typed_over_the_moon_keep_it(page, site):
    """Eight players, J♦s: Hope's ☾ filled her box with 52; the scorer typed Chen's −10 and then
    Hope's 42 (her 52 less the J♦ she took, as the ☾ itself fills it once she is chosen as its
    taker). The 4 typed first dropped the moon, and the hand was recorded as Hope's +42, not her
    −62 (found after round 28). Typed key by key, the moon stays and its takers are read."""
    rules = HouseRules(players=8, bonus_card="JD", moon="subtract-from-shooter", target=75)
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(tuple("ABCDEFGH"))
    mark_moon(page, 7)
    page.fill("#points-2", "-10")
    page.click("#points-7", click_count=3)
    page.keyboard.type("42")
    assert page.input_value("#shooter") == "7"
    takers = page.locator("#takers select").evaluate_all("ss => ss.map(s => s.value)")
    assert sorted(takers) == ["2", "7"]
    assert sk.text("#points-left").endswith("C −10, D 0, E 0, F 0, G 0, H −62."), sk.text(
        "#points-left"
    )
    page.click("#record")
    assert sk.saved()["hands"][0]["shooter"] == 7
    assert sk.totals() == [0, 0, -10, 0, 0, 0, 0, -62]
    # a number no moon gives the shooter still takes the mark off, typed key by key too
    mark_moon(page, 0)
    page.click("#points-0", click_count=3)
    page.keyboard.type("13")
    assert page.input_value("#shooter") == ""


def test_boxes_left_empty_under_a_bonus_card_are_named_not_passed_as_all_placed(page, site):
    """With J♦ at −10, ten hearts in one empty box and J♦ in another cancel out: a new scorer
    stopped after two boxes at a green "All 16 points placed." Where a side can go below 0,
    the empty boxes are named (without a bonus card they hide nothing)."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    page.fill("#points-0", "13")
    page.fill("#points-1", "3")
    assert sk.text("#points-left") == (
        "All 16 points are placed; empty boxes count 0 (Cy and Di). Check before recording."
    )
    assert "done" not in page.get_attribute("#points-left", "class")
    page.fill("#points-2", "0")  # one box empty: the suggestion speaks for it, beside Record
    assert sk.text("#points-left") == ""
    assert "Di" in sk.text("#worked-out") and "Cy" not in sk.text("#worked-out")
    page.fill("#points-3", "0")
    assert sk.text("#points-left") == "All 16 points placed."
    assert "done" in page.get_attribute("#points-left", "class")


def test_a_box_out_of_range_is_named_as_it_is_typed(sk):
    """130 typed for 13 read "114 points too many": the line names the box and its range."""
    page = sk.page
    sk.start(("Margaret", "Bart", "Jo", "Christopher"))
    page.fill("#points-0", "130")
    assert sk.text("#points-left") == "Margaret's points must be from 0 to 26, not 130."
    page.fill("#points-0", "13")
    page.fill("#points-1", "14")
    assert sk.text("#points-left") == "1 point too many (a hand adds up to 26)."


def test_a_moon_marked_after_its_points_keeps_who_took_the_bonus_card(page, site):
    """Ann's 26 and Di's −10 typed, refused as an unmarked moon: the ☾ tapped then wiped Di's
    −10 and asked again who took J♦. The one minus typed says who did."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    for i, points in enumerate((26, 0, 0, -10)):
        page.fill(f"#points-{i}", str(points))
    page.click("#record")
    assert "mark the moon" in sk.text("#hand-status")
    mark_moon(page, 0)
    assert page.input_value("#taker-0") == "3"
    assert sk.points() == ["26", "0", "0", "-10"]
    page.click("#record")
    assert sk.totals() == [0, 26, 26, 16]


@pytest.mark.parametrize(
    "typed, takers",
    [
        ((42, 0, -10, 0, 0, 0, 0, 0), ["0", "2"]),  # one J♦ the shooter's, one Cy's
        ((32, 0, 0, 0, 0, 0, 0, 0), ["0", "0"]),  # both the shooter's
        ((52, -10, -10, 0, 0, 0, 0, 0), ["1", "2"]),
    ],
)
def test_with_two_decks_a_moon_marked_after_its_points_keeps_who_took_each_jack(
    page, site, typed, takers
):
    """Eight players: Ann's 42 and Cy's −10 typed, then ☾ beside Ann rewrote every box (42 to
    52, −10 to 0) and asked who took each J♦, as if what was typed were lost. The minus typed,
    the shooter's among them, says who took each."""
    sk = Scorekeeper(page, site(HouseRules(players=8, bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"))
    for i, points in enumerate(typed):
        page.fill(f"#points-{i}", str(points))
    mark_moon(page, 0)
    assert [page.input_value(f"#taker-{c}") for c in range(2)] == takers
    assert sk.points() == [str(p) for p in typed]
    page.click("#record")
    assert sk.hands_shown() == 1


def test_a_hand_that_ends_the_game_says_so_before_record(page, site):
    """At the table a scorer wants to say "that ends it" before tapping Record: the line over
    Record said only "All 26 points placed." and the game over came after (round 30). A hand
    that ends the game says who wins, a moon's too; one that does not says nothing more."""
    sk = Scorekeeper(page, site(HouseRules(target=30))).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    sk.hand(13, 13, 0, 0)
    for i, points in enumerate((0, 17, 9, 0)):  # Bob to 30
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == "All 26 points placed. This ends the game: Di wins."
    page.fill("#points-3", "")  # Di's 0 left to the page: said with what it gives her
    page.locator("#points-2").focus()
    assert sk.text("#worked-out").endswith(" before recording. This ends the game: Di wins.")
    mark_moon(page, 0)  # Ann's moon instead: 26 to everyone else, Ann lowest alone
    assert sk.text("#points-left").endswith(" This ends the game: Ann wins.")
    mark_moon(page, None)
    for i, points in enumerate((13, 0, 13, 0)):  # Ann 26, Bob 13: nobody reaches 30
        page.fill(f"#points-{i}", str(points))
    assert sk.text("#points-left") == "All 26 points placed."


def test_a_hand_that_resets_a_total_and_ends_the_game_says_both_before_record(page, site):
    """Black Maria, a game to 75, exactly 100 back to 0: a moon took Di from 57 to 100 and ended
    the game, and "This ends the game: Di wins." was a riddle until the reset was said with it
    (round 31)."""
    rules = HouseRules(black_maria=True, target=75, exactly_100=0)
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(("Ann", "Bob", "Cy", "Di"))
    for points in ((0, 30, 0, 13), (0, 30, 0, 13), (0, 0, 12, 31)):
        sk.hand(*points)
    assert sk.totals() == [0, 60, 12, 57]
    mark_moon(page, 2)  # Cy's moon: 43 to each of the others
    assert sk.text("#points-left").endswith(
        " This takes Di to exactly 100: back to 0. This ends the game: Di wins."
    )


def test_record_looks_ready_only_for_a_hand_it_would_take(page, site):
    """Record looked the same for a hand it refuses as for one it takes (rounds 32, 34): it is
    filled only for a hand it would record, outlined otherwise, and a tap still says why."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    fill = "el => getComputedStyle(el).backgroundColor"
    page.fill("#points-0", "13")
    outlined = page.locator("#record").evaluate(fill)
    for i, points in enumerate((13, 3, 0, 0)):  # a hand of 16
        page.fill(f"#points-{i}", str(points))
    filled = page.locator("#record").evaluate(fill)
    assert filled != outlined and "unready" not in page.get_attribute("#record", "class")
    for i, points in enumerate((26, 0, -10, 0)):  # every point card, no ☾: refused
        page.fill(f"#points-{i}", str(points))
    assert page.locator("#record").evaluate(fill) == outlined
    page.click("#record")
    assert "mark the moon" in sk.text("#hand-status") and sk.hands_shown() == 0


def test_the_setup_says_what_the_chosen_passing_cycle_means(page, standard_url):
    """ "Left, right, across, then a scatter" and "Partner pass" were chosen unexplained (round
    34): under the menu, the rest of the rule sheet's line for the cycle chosen."""
    Scorekeeper(page, standard_url).open()
    means = page.locator("#passing-means")
    assert page.get_attribute("#passing", "aria-describedby") == "passing-means"
    assert means.inner_text() == "The fourth hand is a hold hand."  # the usual cycle
    page.select_option("#passing", "left right across scatter")
    assert means.inner_text() == "The fourth hand, 1 card to each other player (3 in all)."
    page.select_option("#table", "teams")
    page.select_option("#passing", "partner")
    assert means.inner_text() == "Pass 3 cards to your partner every hand."
    page.select_option("#table", "8")
    assert means.inner_text() == "Every hand is a hold hand."


def test_a_name_ending_in_a_full_stop_ends_a_sentence_with_one(page, standard_url):
    """ "Names saved: Ana, Bruno, Carmen and Diego R.." (round 35): a name's own full stop ends
    the sentence; the page adds none after it."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start(("Ana", "Bruno", "Carmen", "Diego"))
    page.click("#players-open")
    page.locator("#player-3").fill("Diego R.")
    page.locator("#player-3").press("Enter")
    assert sk.text("#players-saved") == "Names saved: Ana, Bruno, Carmen and Diego R."


def test_a_moon_marked_over_points_typed_says_they_are_set_aside(page, standard_url):
    """The numbers typed for a hand were replaced by the moon's without a word (round 35): the
    legend says they are set aside and how they come back, as a revoke's line does."""
    sk = Scorekeeper(page, standard_url).open()
    sk.start()
    mark_moon(page, 2)  # nothing typed: nothing to say
    assert "set aside" not in sk.text("#moon-legend")
    mark_moon(page, None)
    page.fill("#points-0", "12")
    page.fill("#points-1", "3")
    mark_moon(page, 2)
    assert sk.text("#moon-legend").endswith(
        " The points typed before are set aside: tap the ☾ again to bring them back."
    )
    mark_moon(page, None)
    assert sk.points() == ["12", "3", "", ""]
