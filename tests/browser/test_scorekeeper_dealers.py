"""Who dealt each hand stays who dealt it: players who swap seats mid-game take the hands they
dealt with them (and their points), a renamed player is shown by the new name, undo and redo
and a reload give the same history, and the deal goes on left from the seat that dealt last,
as the swap says. An exported game with a swap is read by the Python reader as by the page."""

from __future__ import annotations

import json

from scorekeeper_page import STORAGE_KEY, Scorekeeper

from sheets.bundle import load_content
from sheets.gamerecord import parse_game
from sheets.houserules import HouseRules


def dealers(sk: Scorekeeper) -> list[str]:
    return sk.dealers()


def swap(sk: Scorekeeper, a: int, b: int) -> None:
    page = sk.page
    if page.is_hidden("#players"):
        page.click("#players-open")
    page.select_option("#swap-a", str(a))
    page.select_option("#swap-b", str(b))
    page.click("#swap")


def test_a_swap_keeps_who_dealt_each_hand(sk):
    page = sk.page
    sk.start()
    for _ in range(4):
        sk.hand(13, 13, 0, 0)
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di"]
    assert sk.text("#next").startswith("Hand 5 · dealer Ann")
    swap(sk, 0, 2)  # Ann and Cy change seats before hand 5
    assert page.locator("#score-head th").all_inner_texts()[3:] == ["Cy", "Bob", "Ann", "Di"]
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di"], "the past hands keep their dealers"
    assert sk.text("#players-status") == (
        "Ann and Cy swapped seats; their points went with them. Cy now deals hand 5, not Ann: "
        "the deal goes by seat, and Cy sits where Ann sat."
    )
    assert sk.text("#next").startswith("Hand 5 · dealer Cy")  # Cy sits where the deal goes
    sk.hand(13, 13, 0, 0)
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di", "Cy"]
    # a rename shows the same person by the new name (the panel still open: Done closes it)
    page.fill("#player-2", "Anna")
    page.click("#players button[type=submit]")
    assert dealers(sk) == ["Anna", "Bob", "Cy", "Di", "Cy"]
    page.reload()
    assert dealers(sk) == ["Anna", "Bob", "Cy", "Di", "Cy"], "the same after a reload"
    page.click("#undo")  # the rename
    page.click("#undo")  # hand 5
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di"]
    page.click("#undo")  # the swap
    assert sk.saved()["names"] == ["Ann", "Bob", "Cy", "Di"]
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di"]
    assert sk.text("#next").startswith("Hand 5 · dealer Ann")
    page.click("#redo")
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di"]
    assert sk.text("#next").startswith("Hand 5 · dealer Cy")
    page.reload()
    assert dealers(sk) == ["Ann", "Bob", "Cy", "Di"]
    page.click("#redo")
    page.click("#redo")
    assert dealers(sk) == ["Anna", "Bob", "Cy", "Di", "Cy"]
    # the record exported with its swap reads the same in Python: the names and the totals
    record = sk.saved()
    game = parse_game(json.dumps(record).encode("utf-8"), load_content())
    assert list(game.names) == record["names"] == ["Cy", "Bob", "Anna", "Di"]
    assert list(game.totals) == sk.totals()
    # and the same dealers, which the filled-in sheet marks
    assert [game.names[side] for side in game.dealers] == dealers(sk)


def test_a_rematch_deals_left_of_where_the_last_first_dealer_now_sits(page, site):
    """Ann dealt the first hand from North, then moved to South: the rematch's first deal goes
    one seat to her left, to Di (West), not to the seat left of North."""
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    swap(sk, 0, 2)  # Cy, Bob, Ann, Di
    sk.hand(0, 13, 0, 13)  # Bob reaches 26: over
    page.click("#rematch")
    assert sk.saved()["firstDealer"] == 3
    assert "Di deals first" in sk.text("#hand-status")
    assert sk.text("#next").startswith("Hand 1 · dealer Di")


def test_swaps_one_after_another_follow_each_dealer(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(13, 13, 0, 0)
    swap(sk, 0, 1)  # Bob, Ann, Cy, Di
    sk.hand(13, 13, 0, 0)  # the third seat deals: Cy
    swap(sk, 1, 3)  # Bob, Di, Cy, Ann
    assert dealers(sk) == ["Ann", "Bob", "Cy"]
    assert sk.text("#players-status").endswith(
        "Ann now deals hand 4, not Di: the deal goes by seat, and Ann sits where Di sat."
    )
    sk.page.click("#undo")
    assert dealers(sk) == ["Ann", "Bob", "Cy"]
    assert sk.text("#next").startswith("Hand 4 · dealer Di")


def test_teams_that_swap_keep_the_hands_they_dealt(page, site):
    sk = Scorekeeper(page, site(HouseRules(partnership=True))).open()
    sk.start(("Us", "Them"))
    sk.hand(20, 6)
    sk.hand(20, 6)
    before = dealers(sk)
    assert [d.split(" (")[1] for d in before] == ["Us)", "Them)"]
    swap(sk, 0, 1)
    assert sk.saved()["names"] == ["Them", "Us"]
    assert dealers(sk) == before, "each hand's seat and the team that dealt it"


def test_a_game_saved_without_its_actions_reads_as_before(sk, tmp_path):
    """An earlier version's record (no log) has no swap to follow: each seat's player dealt."""
    record = {
        "format": "hearts-sheets.scorekeeper",
        "version": 1,
        "players": 4,
        "partnership": False,
        "names": ["Cy", "Bob", "Ann", "Di"],
        "firstDealer": 1,
        "passing": ["left", "right", "across", "hold"],
        "rules": {},
        "hands": [{"points": [13, 13, 0, 0]}, {"points": [0, 0, 13, 13]}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    sk.page.set_input_files("#import-setup", str(path))
    sk.page.wait_for_selector("#game:not([hidden])")
    assert dealers(sk) == ["Bob", "Ann"]
    assert sk.text("#next").startswith("Hand 3 · dealer Di")


def test_the_hand_being_typed_stays_through_a_rename_and_moves_with_a_swap(sk):
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    for i, points in enumerate(("4", "22", "0")):  # Ann 4, Bob 22, Cy 0; Di's box left
        page.fill(f"#points-{i}", points)
    page.click("#players-open")
    page.fill("#player-1", "Robert")
    page.click("#players button[type=submit]")
    assert sk.points()[:3] == ["4", "22", "0"], "a rename keeps what is typed"
    swap(sk, 0, 1)  # Robert, Ann, Cy, Di
    assert sk.points()[:3] == ["22", "4", "0"], "each player's points went with the player"
    page.reload()
    assert sk.points()[:3] == ["22", "4", "0"], "and are kept as the draft"


def test_a_new_table_starts_its_first_dealer_at_the_first_seat(page, site):
    """The setup keeps the last game's first dealer for the same table; a table of another
    size starts from the first seat, not from the seat number chosen at the old table."""
    sk = Scorekeeper(page, site()).open()
    sk.start(first_dealer=2)
    sk.hand(13, 13, 0, 0)
    page.click("#new-game")
    page.click("#confirm-yes")
    assert page.input_value("#first-dealer") == "2"  # the same table: kept
    page.select_option("#table", "8")
    assert page.input_value("#first-dealer") == "0"


def test_a_hand_entered_by_its_cards_reopens_with_its_players_after_a_swap(sk):
    """A new scorer swapped two seats, then opened with ✎ a hand entered by its cards: the hearts
    and the Q♠ showed under the wrong players, the heading named the wrong dealer, and saving
    it untouched moved points between them. The cards move with their players, as the points
    do; a game kept before they did is opened by its points."""
    page = sk.page
    sk.start()
    sk.hand(0, 0, 13, 13)
    sk.by_cards(queens=[1], hearts=[3, 0, 10, 0])  # hand 2, dealt by Bob: Bob 13, Cy 10, Ann 3
    swap(sk, 0, 1)  # Ann and Bob change seats
    before = sk.totals()
    assert page.locator("#score-head th").all_inner_texts()[3:5] == ["Bob", "Ann"]
    page.locator("#score-body button.edit").nth(1).click()
    assert sk.text("#next").startswith("Editing hand 2 · dealer Bob")
    assert page.is_checked("#method-cards")
    hearts = [page.input_value(f"#hearts-{i}") for i in range(4)]
    assert hearts == ["0", "3", "10", "0"], "Bob (now first) took no hearts, Ann 3"
    assert page.input_value("#queen-0") == "0", "Bob, now in the first seat, took Q♠"
    page.click("#record")
    assert sk.totals() == before, "saved untouched, the hand scores as it did"
    # a game kept before the cards moved with their players: opened by its points instead
    saved = sk.saved()
    saved["hands"][1]["cards"]["hearts"] = [3, 0, 10, 0]
    saved["hands"][1]["cards"]["queens"] = [1]
    page.evaluate(
        "([key, g]) => localStorage.setItem(key, JSON.stringify(g))", [STORAGE_KEY, saved]
    )
    page.reload()
    page.locator("#score-body button.edit").nth(1).click()
    assert page.is_checked("#method-points")
    assert [page.input_value(f"#points-{i}") for i in range(4)] == ["13", "3", "10", "0"]


def test_before_the_first_hand_the_chosen_dealer_keeps_the_deal(sk):
    """Chosen to deal first, Ann swapped seats with Cy before hand 1: the page gave hand 1 to Cy,
    who now sat in Ann's seat, though Ann had the cards in her hands (round 28). Before any
    hand is played the deal stays with its player; undo and redo follow; once hands are played
    the deal goes by seat again."""
    page = sk.page
    sk.start()
    assert sk.text("#next").startswith("Hand 1 · dealer Ann")
    swap(sk, 0, 2)
    assert sk.text("#next").startswith("Hand 1 · dealer Ann"), "the deal went with Ann"
    assert sk.text("#players-status") == (
        "Ann and Cy swapped seats. Ann still deals hand 1, as "
        "chosen: before the first hand the deal goes with the player, not the seat."
    )
    swap(sk, 1, 3)  # Bob and Di: the dealer stays put, nothing said of the deal
    # no points yet to go with them: "their points went with them" was said (round 33)
    assert sk.text("#players-status") == "Bob and Di swapped seats."
    page.click("#undo")
    page.click("#undo")
    assert sk.saved()["names"] == ["Ann", "Bob", "Cy", "Di"]
    assert sk.text("#next").startswith("Hand 1 · dealer Ann")
    page.click("#redo")
    assert sk.saved()["firstDealer"] == 2, "Ann's seat now"
    sk.hand(13, 13, 0, 0)
    assert dealers(sk) == ["Ann"]
    assert sk.text("#next").startswith("Hand 2 · dealer Di")  # left of Ann's new seat
    record = sk.saved()
    game = parse_game(json.dumps(record).encode("utf-8"), load_content())
    assert [game.names[side] for side in game.dealers] == ["Ann"], "the filled sheet agrees"
