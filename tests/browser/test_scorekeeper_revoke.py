"""A hand stopped by a revoke, on the scorekeeper page: "Revoke found late: who?" fills in the
points as the engine's Game scores them (the offender's side takes the hand's whole points,
nobody else scores, no moon), the history marks the hand, and it is edited, undone, kept as a
draft, exported and looked at like any hand; at 320 pixels, light and dark, scanned by axe."""

from __future__ import annotations

import json

from axe_playwright_python.sync_playwright import Axe
from scorekeeper_page import Scorekeeper, choose_revoke, mark_moon

from sheets.houserules import HouseRules
from sheets.scoring import Game

NARROW = {"width": 320, "height": 640}


def engine_totals(rules: HouseRules, *hands) -> list[int]:
    """The totals Game gives for hands, each a list of points or ("revoke", side)."""
    game = Game(rules)
    for h in hands:
        if h[0] == "revoke":
            game.record_revoke(h[1])
        else:
            game.record_points(h)
    return list(game.totals)


def read_only(page) -> list[bool]:
    return page.evaluate(
        "[...document.querySelectorAll('#point-fields input')].map(i => i.readOnly)"
    )


def test_a_revoke_is_recorded_as_the_engine_scores_it(page, site):
    """Under the bonus card the row is 26 for the offender and 0 for the rest: no -10, and no
    check sum of 16 to meet."""
    rules = HouseRules(bonus_card="JD")
    sk = Scorekeeper(page, site(rules)).open()
    sk.start()
    sk.hand(25, 1, -10, 0)
    # folded away behind a plain control, so it does not read as a warning about every hand
    assert page.is_hidden("#revoke") and sk.text("#revoke-more summary") == (
        "A revoke was found late…"
    )
    page.click("#revoke-more summary")
    assert page.text_content("label[for=revoke]") == "Revoke found late: who?"
    assert page.locator("#revoke option").all_inner_texts() == ["Nobody", "Ann", "Bob", "Cy", "Di"]
    assert page.get_attribute("#revoke", "aria-describedby") == "revoke-hint"
    assert page.text_content("#revoke-hint") == (
        "The hand stops: the offender takes all 26 points, nobody else scores, no moon."
    )
    page.fill("#points-0", "5")
    choose_revoke(page, "1")
    assert sk.points() == ["0", "26", "0", "0"]
    assert read_only(page) == [True] * 4, "the revoke's points stand as filled in"
    assert page.locator("#point-fields .moon-button:disabled").count() == 4, "no moon either"
    # the 5 typed before went without a word (round 31): where it is, and how to get it back
    assert sk.text("#points-left") == (
        "Revoke: Bob takes all 26 points, nobody else scores. The points typed are set aside: "
        "choose Nobody under the revoke to bring them back."
    )
    assert "done" in page.get_attribute("#points-left", "class")
    choose_revoke(page, "")
    assert sk.points() == ["5", "", "", ""]
    page.fill("#points-0", "")
    choose_revoke(page, "1")  # nothing typed: nothing set aside to speak of
    assert sk.text("#points-left") == "Revoke: Bob takes all 26 points, nobody else scores."
    page.click("#record")
    assert sk.totals() == engine_totals(rules, [25, 1, -10, 0], ("revoke", 1)) == [25, 27, -10, 0]
    assert sk.text("#hand-status") == (
        "Hand 2 recorded: a revoke by Bob. Totals: Ann 25, Bob 27, Cy −10, Di 0."
    )
    assert sk.hand_points(1) == ["0", "26 revoke", "0", "0"]
    assert page.locator("#score-body .note.revoke").count() == 1
    assert sk.saved()["hands"][1] == {
        "points": [0, 26, 0, 0],
        "shooter": None,
        "sun": False,
        "choice": None,
        "revoke": 1,
    }
    # the next hand starts plain
    assert page.input_value("#revoke") == "" and read_only(page) == [False] * 4
    assert page.locator("#point-fields .moon-button:disabled").count() == 0
    assert sk.points() == ["", "", "", ""]


def test_a_revoke_chosen_drops_a_moon_and_nobody_gives_back_the_points(sk):
    page = sk.page
    sk.start()
    page.fill("#points-0", "4")
    page.fill("#points-1", "7")
    mark_moon(page, 2)
    assert sk.points() == ["0", "0", "26", "0"]
    choose_revoke(page, "3")
    assert page.input_value("#shooter") == "" and sk.points() == ["0", "0", "0", "26"]
    choose_revoke(page, "0")
    assert sk.points() == ["26", "0", "0", "0"]
    choose_revoke(page, "")
    assert sk.points() == ["4", "7", "", ""], "what was typed before comes back"
    assert read_only(page) == [False] * 4
    assert page.locator("#point-fields .moon-button:disabled").count() == 0
    assert sk.text("#points-left") == "15 points left to place (of 26)."


def test_teams_and_two_decks(page, site):
    rules = HouseRules(partnership=True)
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(("Us", "Them"))
    assert page.text_content("label[for=revoke]") == "Revoke found late: which team?"
    assert page.text_content("#revoke-hint").startswith(
        "The hand stops: that team takes all 26 points"
    )
    sk.hand(20, 6)
    sk.revoke(1)  # a team's offence goes to the team
    assert sk.totals() == engine_totals(rules, [20, 6], ("revoke", 1)) == [20, 32]
    page.evaluate("localStorage.clear()")
    rules = HouseRules(players=7, bonus_card="TD")
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(("A", "B", "C", "D", "E", "F", "G"))
    choose_revoke(page, "6")
    assert sk.points() == ["0"] * 6 + ["52"]
    assert page.text_content("#revoke-hint") == (
        "The hand stops: the offender takes all 52 points, nobody else scores, no moon."
    )
    page.click("#record")
    assert sk.totals() == engine_totals(rules, ("revoke", 6)) == [0] * 6 + [52]


def test_a_revoke_is_edited_undone_and_put_back_like_any_hand(sk):
    page = sk.page
    rules = HouseRules()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.revoke(2)
    sk.hand(0, 0, 25, 1)
    page.click("button:has-text('Edit hand 2')")
    assert page.input_value("#revoke") == "2" and sk.points() == ["0", "0", "26", "0"]
    assert read_only(page) == [True] * 4
    choose_revoke(page, "0")  # it was Ann
    page.click("#record")
    assert sk.text("#hand-status") == (
        "Hand 2 changed: a revoke by Ann. Totals moved: Ann 13 → 39 and Cy 51 → 25."
    )
    assert sk.totals() == engine_totals(rules, [13, 13, 0, 0], ("revoke", 0), [0, 0, 25, 1])
    page.click("button:has-text('Edit hand 2')")
    choose_revoke(page, "")  # no revoke after all
    sk.hand(0, 13, 13, 0)
    assert sk.totals() == [13, 26, 38, 1]
    assert page.locator("#score-body .note.revoke").count() == 0
    page.click("button:has-text('Edit hand 1')")  # a plain hand becomes a revoke
    sk.revoke(3)
    assert sk.totals() == [0, 13, 38, 27]
    assert [h["revoke"] for h in sk.saved()["hands"]] == [3, None, None]
    sk.revoke(1)
    page.click("#undo")
    assert sk.text("#hand-status") == (
        "Hand 4 taken back (a revoke by Bob): it is in the form again. Correct it and record it, "
        "or Redo."
    )
    page.click("#redo")
    assert sk.totals() == [0, 39, 38, 27]
    assert page.locator("#score-body tr").nth(3).locator(".note.revoke").count() == 1


def test_a_chosen_revoke_survives_a_reload_and_the_game_keeps_it(sk):
    page = sk.page
    sk.start()
    choose_revoke(page, "1")
    page.reload()
    assert page.input_value("#revoke") == "1" and sk.points() == ["0", "26", "0", "0"]
    assert read_only(page) == [True] * 4
    assert page.locator("#point-fields .moon-button:disabled").count() == 4
    page.click("#record")
    page.reload()
    assert sk.totals() == [0, 26, 0, 0] and page.locator(".note.revoke").count() == 1


def test_a_revoke_ends_the_game_like_any_hand(page, site):
    rules = HouseRules(target=50)
    sk = Scorekeeper(page, site(rules)).open()
    sk.start()
    sk.hand(25, 1, 0, 0)
    sk.revoke(0)
    assert sk.totals() == engine_totals(rules, [25, 1, 0, 0], ("revoke", 0)) == [51, 1, 0, 0]
    assert sk.text("#result") == "Game over: Cy and Di share the win with 0 points each."


def test_26_unmarked_says_how_to_record_a_revoke(sk):
    sk.start()
    sk.hand(0, 26, 0, 0)
    assert sk.text("#hand-status").endswith(
        "mark the moon (or, if a revoke stopped the hand, choose who revoked)."
    )
    assert sk.hands_shown() == 0


def test_an_imported_revoke_with_the_wrong_points_is_refused(sk, tmp_path):
    sk.start()
    sk.revoke(2)
    game = sk.saved()
    game["hands"][0]["points"] = [0, 0, 16, 10]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    sk.page.set_input_files("#import", str(path))
    sk.page.wait_for_selector("#tools-status.error")
    assert sk.text("#tools-status").endswith(
        "(hand 1: a revoke scores 26 for the offender and 0 for everyone else)."
    )
    assert sk.totals() == [0, 0, 26, 0]


def test_the_revoke_at_320_pixels_light_and_dark(browser, site, shots):
    """Photographed for a person to look at, scanned by axe, nothing wider than the screen."""
    url = site(HouseRules(players=5, bonus_card="JD", moon="shooter-chooses"))
    found = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=NARROW, color_scheme=scheme)
        try:
            page = context.new_page()
            sk = Scorekeeper(page, url).open()
            sk.start(("Alexandra", "Bartholomew", "Christopher", "Di", "Ed"))
            sk.hand(13, 3, -10, 10, 0)
            choose_revoke(page, "1")
            page.locator("#revoke-hint").scroll_into_view_if_needed()
            page.screenshot(path=shots / f"320-{scheme}-revoke.png")
            found[f"{scheme} chosen"] = Axe().run(page)
            box = page.locator("#revoke").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
            assert box["height"] >= 36
            page.click("#record")
            page.locator("#score-body").scroll_into_view_if_needed()
            page.screenshot(path=shots / f"320-{scheme}-revoke-history.png")
            page.screenshot(path=shots / f"320-{scheme}-revoke-page.png", full_page=True)
            found[f"{scheme} recorded"] = Axe().run(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
        finally:
            context.close()
    reports = {state: r.generate_report() for state, r in found.items() if r.violations_count}
    assert reports == {}, "\n".join(reports.values())
