"""What a fresh scorer read beside the hand, said as it now stands: a refusal goes as soon as the
scorer changes what it was about (the moon marked, the shooter's choice made) and stays while it
is still true; a moon says what it will score before Record; impossible points name the rule they
break; points over the hand's total are said before any empty box. Each new line is photographed
at 390 px."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper

from sheets.houserules import HouseRules

PHONE_390 = {"width": 390, "height": 844}
FAMILY = (
    "Grandma Rose",
    "Uncle Bartholomew",
    "Aunt Marguerite",
    "Cousin Maximilian",
    "Ann",
    "Bob",
    "Cy",
    "Di",
)


@pytest.fixture
def phone(page):
    """The page on a phone 390 px wide (its script errors collected, as for every page)."""
    page.set_viewport_size(PHONE_390)
    return page


def refusal_shown(page) -> bool:
    """Whether a refusal is on screen: beside Record, or under a field."""
    return "error" in (page.get_attribute("#hand-status", "class") or "") or bool(
        page.locator("#hand .field-error").count()
    )


def test_a_refusal_goes_as_soon_as_the_moon_it_asked_for_is_marked(phone, site, shots):
    sk = Scorekeeper(phone, site()).open()
    sk.start()
    for i, points in enumerate((0, 0, 0, 26)):
        phone.fill(f"#points-{i}", str(points))
    phone.click("#record")
    assert sk.text("#hand-status").startswith(
        "Not recorded: Di took every heart and Q♠, so mark the moon"
    )
    assert refusal_shown(phone)
    phone.locator("#point-fields .moon-button").nth(3).click()  # ☾ beside Di
    assert not refusal_shown(phone)
    assert sk.text("#hand-status") == ""
    assert phone.is_visible("#points-left")
    assert sk.text("#points-left") == "☾ Di shot the moon and scores 0; the 3 others score 26 each."
    phone.screenshot(path=shots / "messages-390-moon-marked.png")
    phone.click("#record")
    assert sk.totals() == [26, 26, 26, 0]


def test_a_refusal_the_change_did_not_touch_stays(phone, site):
    sk = Scorekeeper(phone, site()).open()
    sk.start()
    phone.fill("#points-0", "13")
    phone.fill("#points-1", "1w5")
    phone.fill("#points-2", "12")
    phone.click("#record")
    said = "Bob's points must be a whole number."
    assert sk.text("#hand-status") == said
    phone.fill("#points-3", "0")  # another box: Bob's is still no number
    assert sk.text("#hand-status") == said and refusal_shown(phone)
    phone.fill("#points-1", "1")  # Bob's put right: the refusal goes
    assert not refusal_shown(phone) and sk.text("#hand-status") == ""
    assert sk.text("#points-left") == "All 26 points placed."


def test_the_shooters_choice_made_takes_away_the_line_that_asked_for_it(phone, site, shots):
    sk = Scorekeeper(phone, site(HouseRules(moon="shooter-chooses"))).open()
    sk.start()
    phone.locator("#point-fields .moon-button").nth(3).click()  # ☾ beside Di
    asked = "the shooter must choose how the moon is scored"
    # asked for, not refused, before the scorer has done anything wrong
    assert sk.text("#points-left") == "☾ Di shot the moon: choose above how it is scored."
    phone.click("#record")
    assert sk.text("#hand-status") == f"Not recorded: {asked}."
    phone.check("input[name=choice][value=subtract-from-shooter]")
    assert not refusal_shown(phone)
    assert phone.is_visible("#points-left")
    assert sk.text("#points-left") == (
        "☾ Di shot the moon and scores −26; the 3 others score 0 each."
    )
    phone.screenshot(path=shots / "messages-390-shooter-chose.png")
    phone.check("input[name=choice][value=add-to-others]")  # and the other way, at once
    assert sk.text("#points-left") == "☾ Di shot the moon and scores 0; the 3 others score 26 each."
    phone.click("#record")
    assert sk.totals() == [26, 26, 26, 0]


def test_each_way_of_scoring_a_moon_says_whether_it_ends_the_game(phone, site, shots):
    """A shooter chose "add to everyone else" without seeing that it ended the game."""
    sk = Scorekeeper(phone, site(HouseRules(moon="shooter-chooses"))).open()
    sk.start(target=50)
    sk.hand(0, 13, 13, 0)
    sk.hand(0, 13, 13, 0)

    def ends() -> list[str]:
        return phone.locator("#choice .choice-end").all_inner_texts()

    assert ends() == ["", ""]
    phone.locator("#point-fields .moon-button").nth(1).click()  # ☾ beside Bob: the hand whole
    # adding 26 puts Cy at 52 and ends it, Ann, Bob and Di on 26; taking 26 off goes on
    assert ends() == ["This ends the game: Ann, Bob and Di share the win.", ""]
    phone.locator("#point-fields .moon-button").nth(0).click()  # no, Ann shot it
    assert ends() == ["This ends the game: Ann wins.", ""]
    phone.locator("#choice").screenshot(path=shots / "messages-390-moon-choice-ends.png")
    phone.check("input[name=choice][value=subtract-from-shooter]")
    assert ends() == ["This ends the game: Ann wins.", ""], "both ways stay in sight"
    phone.click("#record")
    assert sk.totals() == [-26, 26, 26, 0] and phone.is_visible("#hand")
    phone.click("button:has-text('Edit hand 3')")  # later hands would decide: nothing said
    assert phone.is_visible("#choice") and ends() == ["", ""]


def test_a_sun_moved_to_another_shooter_takes_the_bonus_card_with_it(phone, site):
    """A scorer ticked the sun for Ana, then moved the ☾ to Ben, the real shooter: J♦ stayed
    with Ana and the hand was refused ("a sun wins every trick, so the shooter took J♦ too")."""
    rules = HouseRules(bonus_card="JD", shoot_the_sun=True)
    sk = Scorekeeper(phone, site(rules)).open()
    sk.start()
    phone.locator("#point-fields .moon-button").nth(0).click()
    phone.check("#sun")
    assert phone.input_value("#taker-0") == "0"
    phone.locator("#point-fields .moon-button").nth(1).click()  # no: Bob shot it
    assert phone.input_value("#taker-0") == "1" and phone.is_checked("#sun")
    assert sk.text("#points-left").startswith("☾☀ Bob shot the sun and scores −10")
    phone.click("#record")
    assert sk.totals() == [52, -10, 52, 52]


def test_a_sun_ticked_is_asked_about_as_a_sun(phone, site):
    """With "Shot the sun" ticked, the line still said "Ann shot the moon: choose above…"."""
    sk = Scorekeeper(phone, site(HouseRules(moon="shooter-chooses", shoot_the_sun=True))).open()
    sk.start()
    phone.locator("#point-fields .moon-button").nth(0).click()
    assert sk.text("#points-left") == "☾ Ann shot the moon: choose above how it is scored."
    phone.check("#sun")
    assert sk.text("#points-left") == "☾☀ Ann shot the sun: choose above how it is scored."
    phone.check("input[name=choice][value=subtract-from-shooter]")
    assert sk.text("#points-left").startswith("☾☀ Ann shot the sun and scores −52")


def test_a_moon_entered_by_cards_says_what_goes_on_the_sheet(phone, site, shots):
    sk = Scorekeeper(phone, site(HouseRules(players=8))).open()
    sk.start(FAMILY)
    phone.check("#method-cards")
    phone.select_option("#queen-0", "0")
    phone.select_option("#queen-1", "0")
    phone.fill("#hearts-0", "26")
    for i in range(1, 8):
        phone.fill(f"#hearts-{i}", "0")
    assert sk.text("#points-left") == (
        "☾ Grandma Rose shot the moon and scores 0; the 7 others score 52 each."
    )
    phone.locator("#points-left").scroll_into_view_if_needed()
    phone.screenshot(path=shots / "messages-390-cards-moon-8.png")
    phone.click("#record")
    assert sk.totals() == [0] + [52] * 7


def test_a_moon_taken_off_the_shooter_says_so_by_cards_too(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(moon="subtract-from-shooter"))).open()
    sk.start()
    phone.check("#method-cards")
    phone.select_option("#queen-0", "2")
    phone.fill("#hearts-2", "13")
    for i in (0, 1, 3):
        phone.fill(f"#hearts-{i}", "0")
    assert (
        sk.text("#points-left") == "☾ Cy shot the moon and scores −26; the 3 others score 0 each."
    )


@pytest.mark.parametrize(
    ("rules", "names", "points", "rule"),
    [
        (
            HouseRules(),
            ("Ann", "Bob", "Cy", "Di"),
            (7, 7, 6, 6),
            "whoever took Q♠ has at least 13 points, and nobody here has 13 or more",
        ),
        (
            HouseRules(players=8),
            FAMILY,
            (20, 10, 10, 6, 6, 0, 0, 0),
            "each Q♠ is worth 13, so two players have 13 or more, or one has 26 or more; neither is "
            "true here",
        ),
        (
            HouseRules(bonus_card="JD"),
            ("Ann", "Bob", "Cy", "Di"),
            (-10, 12, 12, 2),
            "whoever took Q♠ has at least 13 points (10 fewer if they took J♦ too), and nobody "
            "here can have taken Q♠",
        ),
    ],
    ids=["four", "eight", "bonus-card"],
)
def test_impossible_points_are_refused_by_the_rule_they_break(
    phone, site, shots, rules, names, points, rule
):
    sk = Scorekeeper(phone, site(rules)).open()
    sk.start(names)
    for i, p in enumerate(points):
        phone.fill(f"#points-{i}", str(p))
    assert sk.text("#points-left") == f"This hand cannot be recorded: {rule}."
    phone.click("#record")
    assert sk.text("#hand-status") == f"Not recorded: {rule}."
    assert sk.hands_shown() == 0
    phone.screenshot(path=shots / f"messages-390-impossible-{len(names)}-{rules.bonus_card}.png")


def test_points_over_the_hand_are_said_before_the_empty_boxes(phone, site, shots):
    sk = Scorekeeper(phone, site(HouseRules(players=8))).open()
    sk.start(FAMILY)
    phone.fill("#points-4", "510")  # a typo for 51
    phone.fill("#points-7", "1")
    phone.click("#record")
    said = sk.text("#hand-status")
    assert said == (
        "Not recorded: Ann's points must be from 0 to 52, not 510. An empty box counts as 0."
    )
    assert "empty;" not in said and "Grandma Rose" not in said
    phone.screenshot(path=shots / "messages-390-over-with-empty-boxes.png")
    phone.fill("#points-4", "51")  # put right: recorded, the empty boxes as 0
    assert not refusal_shown(phone)
    phone.click("#record")
    assert sk.totals() == [0, 0, 0, 0, 51, 0, 0, 1]


def test_one_box_left_empty_beside_a_typo_is_said_to_get_what_is_left(phone, site):
    """Too many points with one box empty: that box is not counted as 0 for good; once the
    typo is put right it is offered what is left, and the refusal says so (it said "An empty
    box counts as 0", and the box was then given a point)."""
    sk = Scorekeeper(phone, site(HouseRules())).open()
    sk.start()
    phone.fill("#points-0", "2")
    phone.fill("#points-2", "61")  # a typo for 16
    phone.fill("#points-3", "7")
    phone.click("#record")
    assert sk.text("#hand-status") == (
        "Not recorded: Cy's points must be from 0 to 26, not 61. Bob's box is empty: once the"
        " other boxes are right, it gets the points left."
    )
    phone.fill("#points-2", "16")
    assert phone.get_attribute("#points-1", "placeholder") == "1"
    assert "Bob gets the 1 point left" in sk.text("#worked-out")


def test_more_left_than_the_hand_after_a_minus_says_why(phone, site):
    """Two −10 typed at eight players with J♦ read "52 points left to place (of 32)", taken
    for a fault of the page: with more left than a hand, the line says what the boxes add up
    to so far."""
    sk = Scorekeeper(phone, site(HouseRules(players=8, bonus_card="JD"))).open()
    sk.start(("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"))
    phone.fill("#points-0", "-10")
    phone.fill("#points-1", "-10")
    assert sk.text("#points-left") == (
        "52 points left to place: the boxes so far add up to −20, a hand to 32."
    )
    phone.fill("#points-2", "26")
    assert sk.text("#points-left") == "26 points left to place (of 32)."


def test_a_sun_ticked_says_what_it_will_score_at_once(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(shoot_the_sun=True))).open()
    sk.start()
    phone.locator("#point-fields .moon-button").nth(1).click()  # ☾ beside Bob
    assert (
        sk.text("#points-left") == "☾ Bob shot the moon and scores 0; the 3 others score 26 each."
    )
    phone.check("#sun")
    said = sk.text("#points-left")
    assert said.startswith("☾☀ Bob shot the sun and scores 0; the 3 others score "), said
    phone.click("#record")
    others = sk.totals()[0]
    assert said.endswith(f" {others} each.") and others > 26
    assert sk.totals() == [others, 0, others, others]
    # recorded as what it was: a sun, not a moon
    assert sk.text("#hand-status").startswith("Hand 1 recorded: Bob shot the sun."), sk.text(
        "#hand-status"
    )


def test_a_total_below_zero_is_written_with_a_minus_sign(phone, site):
    """In the history, the standings, what is said and the result: "−10", as the sheets print
    it, never a hyphen."""
    sk = Scorekeeper(phone, site(HouseRules(bonus_card="JD", target=20))).open()
    sk.start()
    sk.hand(3, 13, -10, 10)
    said = sk.text("#hand-status")
    assert said.endswith("Totals: Ann 3, Bob 13, Cy −10, Di 10."), said
    assert sk.hand_points(0)[2] == "−10", sk.hand_points(0)
    assert "−10" in phone.inner_text("#standing-totals")
    assert "-" not in phone.inner_text("#scores").replace("–", "")
    sk.hand(13, 13, 0, -10)
    assert sk.text("#result") == "Game over: Cy wins with −10 points."
