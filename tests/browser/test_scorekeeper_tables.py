"""Every table the engine plays, in the page: 3 to 10 players, teams, Cancellation Hearts with
two decks and no pass by default, shooting the sun, and the passing cycle from the house rules
or chosen at setup."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper, mark_moon

from sheets.bundle import load_content
from sheets.houserules import OPTIONS_BY_KEY, HouseRules

PLAYERS = range(OPTIONS_BY_KEY["players"].minimum, OPTIONS_BY_KEY["players"].maximum + 1)


def test_setup_offers_every_table(sk):
    page = sk.page
    values = [
        page.locator("#table option").nth(i).get_attribute("value")
        for i in range(page.locator("#table option").count())
    ]
    assert sorted(values, key=lambda v: (v == "teams", v.zfill(2))) == [str(n) for n in PLAYERS] + [
        "teams"
    ]
    assert page.inner_text("#table option[value='7']") == "7 players: Cancellation Hearts (2 decks)"
    for n in PLAYERS:
        page.select_option("#table", str(n))
        assert page.locator("#name-fields input").count() == n
        assert page.locator("#name-fields label").all_inner_texts() == list(
            load_content().language.seat_names(n)
        )
        assert page.locator("#first-dealer option").count() == n


@pytest.mark.parametrize("players", [6, 10])
def test_cancellation_hearts(sk, players):
    page = sk.page
    names = tuple(f"P{i + 1}" for i in range(players))
    page.select_option("#table", str(players))
    assert page.input_value("#passing") == "hold", "Cancellation Hearts passes nothing"
    # the moon rule goes by the rule sheet's name; its 52 shows when a moon is marked (below)
    assert page.inner_text("#moon option[value='add-to-others']") == "Moon to the others"
    sk.start(names)
    assert sk.text("#next") == "Hand 1 · dealer P1"
    assert sk.text("#points-left") == "52 points left to place (of 52)."
    assert "(each of the 2 decks)" in sk.text("#hand-hint")
    sk.hand(*([0] * (players - 2) + [26, 26]))
    assert sk.totals()[-2:] == [26, 26]
    page.click(f"#point-fields .field:nth-child({players}) .moon-button")
    assert sk.points() == ["0"] * (players - 1) + ["52"]
    page.click("#record")
    assert sk.totals() == [52] * (players - 2) + [78, 26]
    assert sk.text("#next") == "Hand 3 · dealer P3"
    sk.hand(*([0] * (players - 1) + [52]))  # a whole hand's points, unmarked
    assert "mark the moon" in sk.text("#hand-status")


def test_teams(sk):
    sk.start(("Us", "Them"), passing="partner")
    assert sk.page.locator("#point-fields input").count() == 2
    assert sk.text("#next") == "Hand 1 · dealer North (Us) · pass to your partner"
    sk.hand(20, 6)
    sk.page.click("#point-fields .field:nth-child(2) .moon-button")
    sk.page.click("#record")
    assert sk.totals() == [46, 6]


def test_shooting_the_sun_is_chosen_at_setup(page, site):
    """In Cancellation the sun is every card of the hand (a trick may be cancelled), as the
    printed sheet says it: setup and the form said "every trick"."""
    sk = Scorekeeper(page, site()).open()
    assert (
        page.inner_text("#shoot-the-sun-label")
        == "Shooting the sun: winning every trick is a moon worth 52"
    )
    page.select_option("#table", "8")
    assert (
        page.inner_text("#shoot-the-sun-label")
        == "Shooting the sun: taking every card of the hand is a moon worth 104"
    )
    sk.start(tuple("ABCDEFGH"), shoot_the_sun=True, moon="subtract-from-shooter")
    mark_moon(page, 0)
    assert page.inner_text("#sun-label") == "Shot the sun (took every card of the hand: 104)"
    page.check("#sun")
    page.click("#record")
    assert sk.totals() == [-104] + [0] * 7
    assert sk.hand_points(0)[0] == "−104 ☾☀ sun"
    assert sk.saved()["rules"]["shootTheSun"] is True


def test_the_sun_is_off_unless_chosen(sk):
    assert not sk.page.is_checked("#shoot-the-sun")
    sk.start()
    mark_moon(sk.page, 0)
    assert sk.page.is_hidden("#sun-field")


def test_the_house_rules_sun_and_cycle_are_the_defaults(page, site):
    rules = HouseRules(players=5, shoot_the_sun=True, passing=("left", "right", "hold"))
    sk = Scorekeeper(page, site(rules)).open()
    assert page.is_checked("#shoot-the-sun")
    assert page.input_value("#passing") == "left right hold"
    page.select_option("#table", "4")  # another table: its own usual cycle
    assert page.input_value("#passing") == "left right across hold"
    page.select_option("#table", "5")
    assert page.input_value("#passing") == "left right hold"
    sk.start(tuple("ABCDE"))
    assert sk.saved()["passing"] == ["left", "right", "hold"]


@pytest.mark.parametrize(
    "cycle, seen",
    [
        ("left right across", ["pass left", "pass right", "pass across", "pass left"]),
        (
            "left right across scatter",
            ["pass left", "pass right", "pass across", "scatter (one card to each other player)"],
        ),
        ("left right hold", ["pass left", "pass right", "hold (no pass)", "pass left"]),
    ],
)
def test_the_passing_cycle_chosen_at_setup(sk, cycle, seen):
    sk.start(passing=cycle)
    passes = []
    for _ in range(4):
        passes.append(sk.text("#next").split(" · ")[-1])
        sk.hand(13, 13, 0, 0)
    assert passes == seen
    assert sk.saved()["passing"] == cycle.split()


def test_the_five_player_cycle_at_eight(sk):
    sk.start(tuple("ABCDEFGH"), passing="left right second-left second-right hold", target=500)
    passes = []
    for _ in range(5):
        passes.append(sk.text("#next").split(" · ")[-1])
        sk.hand(*([0] * 6 + [26, 26]))
    assert passes == [
        "pass left",
        "pass right",
        "pass two seats left",
        "pass two seats right",
        "hold (no pass)",
    ]
