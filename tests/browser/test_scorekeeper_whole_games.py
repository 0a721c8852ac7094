"""A scorer's whole games on a phone: the game over listed among the past games as soon as it
ends (once, whatever starts next), a past game's ranking at the top of it at every width; names
and seats opened where the scorer looks, kept open after saving, and a swap only of two seats
chosen; the moon's one control and its message; the revoke question that looks tappable."""

from __future__ import annotations

import json

import pytest
from scorekeeper_page import Scorekeeper, four_in, mark_moon

from sheets.houserules import HouseRules

PAST_KEY = "hearts-sheets.scorekeeper-past"
SIZES = {
    "320": {"width": 320, "height": 640},
    "390": {"width": 390, "height": 844},
    "1280": {"width": 1280, "height": 800},
}


def past_ids(sk: Scorekeeper) -> list[str]:
    raw = sk.page.evaluate(f"localStorage.getItem('{PAST_KEY}')")
    return [] if raw is None else [k["game"]["id"] for k in json.loads(raw)]


def play_out(sk: Scorekeeper) -> str:
    """At a target of 20, Ann reaches 26 in two hands; returns the game's id."""
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)
    return sk.saved()["id"]


def test_a_game_over_is_listed_at_once_and_once_only(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    first = play_out(sk)
    assert past_ids(sk) == [first], "listed as soon as it ends"
    items = page.locator("#past-list li")
    assert items.count() == 1
    assert "Di won with 0 points, after 2 hands" in " ".join(items.first.inner_text().split())
    page.click("#undo")  # taken back a hand short of the end: the game in play only
    assert past_ids(sk) == [] and items.count() == 0
    page.click("#redo")
    assert past_ids(sk) == [first] and items.count() == 1
    page.click("#rematch")
    assert past_ids(sk) == [first] and items.count() == 1, "a rematch keeps it once"
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 0, 13, 0)
    second = sk.saved()["id"]
    assert past_ids(sk) == [second, first]
    page.click("#new-game")
    page.click("#confirm-yes")
    assert past_ids(sk) == [second, first] and items.count() == 2, "New game keeps it once"
    page.reload()
    assert items.count() == 2


@pytest.mark.parametrize("size", list(SIZES))
def test_a_past_game_shows_its_ranking_at_the_top(browser, site, size):
    context = browser.new_context(viewport=SIZES[size])
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(target=20))).open()
        play_out(sk)
        page.locator("#past-list button:has-text('Open')").first.click()
        ranking = page.locator("#past-ranking li")
        assert ranking.all_inner_texts() == ["Di: 0 ★", "Bob: 13", "Cy: 13", "Ann: 26"]
        assert [ranking.nth(i).get_attribute("value") for i in range(4)] == ["1", "2", "2", "4"]
        box = page.locator("#past-ranking").bounding_box()
        assert box is not None and box["y"] + box["height"] <= SIZES[size]["height"]
        assert page.locator("#past-ranking").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("size", ["320", "1280"])
def test_names_and_seats_open_in_view_stay_open_and_swap_only_two_chosen(browser, site, size):
    context = browser.new_context(viewport=SIZES[size])
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site()).open()
        sk.start()
        for _ in range(6):  # a history long enough to push the tools down the page
            sk.hand(13, 13, 0, 0)
        page.click("#players-open")
        heading = page.locator("#players h3").bounding_box()
        standing = page.locator("#standing").bounding_box()
        assert heading is not None and standing is not None
        assert standing["y"] + standing["height"] <= heading["y"] < SIZES[size]["height"], (
            "the panel's top in view, below the pinned standing"
        )
        assert page.input_value("#swap-b") == "", "the second seat still to choose"
        assert page.is_disabled("#swap")
        page.fill("#player-0", "Anna")
        page.click("#players button[type=submit]")
        assert sk.text("#players-saved") == "Names saved: Anna, Bob, Cy and Di."
        assert page.is_visible("#players"), "still open, for the swap"
        assert page.input_value("#swap-b") == "" and page.is_disabled("#swap")
        page.select_option("#swap-a", "2")
        page.select_option("#swap-b", "2")
        assert page.is_disabled("#swap"), "one seat twice is no swap"
        page.select_option("#swap-b", "3")
        assert page.is_enabled("#swap")
        page.click("#swap")
        assert sk.saved()["names"] == ["Anna", "Bob", "Di", "Cy"]
        assert page.is_visible("#players"), "open after a swap too, as after a rename"
        page.click("#players-done")
        assert page.is_hidden("#players")
    finally:
        context.close()


MOON_SAID = {
    "en": "Hand 1 recorded: Cy shot the moon. Totals: ",
    "de": "Runde 1 eingetragen: Durchmarsch von Cy. Stand: ",
    "fr": "Donne 1 enregistrée\u00a0: chelem réussi par Cy. Totaux\u00a0: ",
    "es": "Mano 1 anotada: Cy hizo la luna. Totales: ",
}


@pytest.mark.parametrize("language", list(MOON_SAID))
def test_a_moon_recorded_is_named_in_what_is_said(page, tmp_path, language):
    sk = four_in(page, tmp_path, language)
    page.locator("#point-fields .moon-button").nth(2).click()  # the ☾ beside Cy's box
    assert page.input_value("#shooter") == "2", "the moon marked"
    page.click("#record")
    assert sk.text("#hand-status").startswith(MOON_SAID[language])
    page.locator("#score-body tr").first.locator("button.edit").click()
    page.click("#record")  # unchanged: nothing said of a change
    page.locator("#score-body tr").first.locator("button.edit").click()
    mark_moon(page, 3)
    page.click("#record")
    changed = sk.text("#hand-status")
    assert "Di" in changed.split(".")[0] and "Cy" not in changed.split(".")[0]


def test_the_revoke_question_looks_like_a_control(sk):
    page = sk.page
    sk.start()
    summary = page.locator("#revoke-more summary")
    look = page.evaluate("""() => { const s = document.querySelector('#revoke-more summary');
        return [getComputedStyle(s, '::before').content, getComputedStyle(s).textDecorationLine,
                getComputedStyle(s).cursor]; }""")
    assert look[0].startswith('"▸"') and look[1] == "underline" and look[2] == "pointer"
    summary.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # reached by keyboard: its focus ring shows
    ring = page.evaluate("""() => { const s = document.querySelector('#revoke-more summary');
        return [document.activeElement === s, getComputedStyle(s).outlineStyle]; }""")
    assert ring == [True, "solid"]
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('revoke-more').open")
    assert page.evaluate(
        "getComputedStyle(document.querySelector('#revoke-more summary'), '::before').content"
    ).startswith('"▾"')


def test_the_browsers_own_print_prints_the_sheet_and_nothing_else(sk):
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.emulate_media(media="print")
    try:
        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # Ctrl+P
        assert page.locator("#print-view").is_visible()
        assert page.locator("#print-view tbody tr").count() == 1
        for hidden in ("#game", "#past", "header", "#print-sheet"):
            assert page.locator(hidden).is_hidden(), hidden
        page.evaluate("window.dispatchEvent(new Event('afterprint'))")
        assert page.locator("#print-view").is_hidden()
    finally:
        page.emulate_media(media="screen")
    page.click("#new-game")
    page.click("#confirm-yes")
    page.emulate_media(media="print")  # the setup, a past game listed: nothing of the list
    try:
        assert page.locator("#past-list li").count() == 1
        assert page.locator("#past").is_hidden()
    finally:
        page.emulate_media(media="screen")


def test_spanish_asks_how_the_hand_is_entered_as_a_spanish_scorer_would(page, tmp_path):
    four_in(page, tmp_path, "es")
    assert page.locator("#method legend").text_content() == "Cómo anotar la mano"
