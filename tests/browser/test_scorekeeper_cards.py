"""A hand entered by the cards each side took (who took Q♠, who took the bonus card, each side's
hearts), as many tables score: sheets.scoring.from_cards and HeartsScoring.fromCards work out
the same points and the same moon, refuse the same entries for the same reason, and the page
shows the points before it records them."""

from __future__ import annotations

import random

import pytest
from scorekeeper_page import Scorekeeper, mark_moon
from test_scorekeeper_engine import (
    engine_result,
    hand,
    js_rules,
    random_rules,
    scoring,  # noqa: F401 (the fixture)
)
from test_scorekeeper_table_talk import opened

from sheets.houserules import HouseRules
from sheets.scoring import REFUSALS, ScoreError, from_cards

FROM_CARDS = """(cases) => cases.map(([rules, hearts, queens, bonus]) => {
  const r = HeartsScoring.fromCards(rules, hearts, queens, bonus);
  return r.problem ? {error: r.problem.reason} : {points: r.points, shooter: r.shooter};
})"""


def python_cards(rules: HouseRules, hearts, queens, bonus) -> dict:
    try:
        points, shooter = from_cards(rules, hearts, queens, bonus)
    except ScoreError as err:
        return {"error": err.reason}
    return {"points": list(points), "shooter": shooter}


def random_cards(rules: HouseRules, rng: random.Random):
    """Cards a table could have taken, or mistyped: hearts spread (now and then one side takes
    them all, and the queens), a queen or a bonus card given to nobody at the table, a heart
    too many or too few, a count that is not a number."""
    n, decks = rules.sides, rules.decks
    hearts = [0] * n
    queens = [rng.randrange(n) for _ in range(decks)]
    if rng.random() < 0.15:
        hearts[queens[0]] = 13 * decks
        queens = [queens[0]] * decks
    else:
        for _ in range(13 * decks):
            hearts[rng.randrange(n)] += 1
    bonus = [rng.randrange(n) for _ in range(decks)] if rules.bonus else []
    kind = rng.randrange(10)
    if kind == 0:
        hearts[rng.randrange(n)] += rng.choice([-1, 1])
    elif kind == 1:
        queens[0] = rng.choice([-1, n])
    elif kind == 2:
        bonus = bonus[:-1] if bonus else [0]
    elif kind == 3:
        hearts[0] = -1
        hearts[1] += 1
    elif kind == 4:
        hearts = hearts[:-1]
    return hearts, queens, bonus


def test_cards_work_out_the_same_points_and_moon(scoring):
    """2,000 hands entered by cards at random tables and rules, a third of them mistyped: the
    same points and shooter, or the same refusal; and the points then score the same."""
    rng = random.Random(1313)
    cases, expected = [], []
    for _ in range(2000):
        rules = random_rules(rng)
        if len(rules.penalty_spades) > 1:  # the cards method is offered where Q♠ alone scores
            rules = rules.replace(black_maria=False)
        hearts, queens, bonus = random_cards(rules, rng)
        cases.append((rules, hearts, queens, bonus))
        expected.append(python_cards(rules, hearts, queens, bonus))
    page = scoring.page
    got = page.evaluate(FROM_CARDS, [[js_rules(r), h, q, b] for r, h, q, b in cases])
    assert got == expected
    reasons = {e["error"] for e in expected if "error" in e}
    assert reasons == {"count", "queen-takers", "bonus-takers", "hearts-range", "hearts-sum"}
    assert reasons <= set(REFUSALS)
    moons = [(r, e) for (r, *_), e in zip(cases, expected) if e.get("shooter") is not None]
    assert len(moons) > 100, "moons among them"
    # what the cards give is a hand both scorings take, and score, the same way
    played = []
    for (rules, *_), e in zip(cases, expected):
        if "points" in e:
            choice = (
                "add-to-others"
                if e["shooter"] is not None and rules.moon == "shooter-chooses"
                else None
            )
            played.append((rules, [hand(*e["points"], shooter=e["shooter"], choice=choice)]))
    results = [engine_result(rules, hands) for rules, hands in played]
    assert scoring.batch(played) == results
    assert not any("error" in r for r in results), "the cards never give a hand refused"


def test_a_hand_entered_by_the_cards_shows_its_points_before_recording(page, site):
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    assert page.is_hidden("#method-off"), "a bonus card keeps the cards method"
    assert page.inner_text("label[for=method-cards]").strip() == "Cards taken (Q♠, J♦, hearts)"
    page.check("#method-cards")
    assert page.is_visible("#card-fields") and page.is_hidden("#point-fields")
    assert sk.text("#points-left") == "Hand 1: Choose who took Q♠ and who took J♦."
    # the moon read from the cards, in the table's own Q♠ ("each Q♠" at one deck, round 28)
    assert sk.text("#shooter-by-cards").endswith("whoever took every heart and Q♠ shot it.")
    page.click("#record")  # nothing chosen: said at the first question
    assert sk.text("#queen-0-error").startswith("Choose who took Q♠")
    assert page.evaluate("document.activeElement.id") == "queen-0"
    page.select_option("#queen-0", "1")
    page.select_option("#bonus-0", "2")
    assert sk.text("#points-left") == "13 hearts left to place."
    page.fill("#hearts-0", "5")
    page.fill("#hearts-1", "3")
    page.fill("#hearts-2", "0")
    assert page.get_attribute("#hearts-3", "placeholder") == "5", "the rest suggested"
    assert sk.text("#points-left") == "All cards placed: check the points shown under the hearts."
    under = [sk.text(f"#card-points-{i}") for i in range(4)]
    assert under == ["5 points", "16 points", "−10 points", "5 points"]
    assert page.get_attribute("#hearts-1", "aria-describedby") == "card-points-1"
    page.click("#record")
    assert sk.totals() == [5, 16, -10, 5]
    assert saved_hand(sk, 0) == {
        "points": [5, 16, -10, 5],
        "shooter": None,
        "sun": False,
        "choice": None,
        "revoke": None,
        "cards": {"queens": [1], "bonus": [2], "hearts": [5, 3, 0, 5]},
    }
    assert page.is_checked("#method-cards"), "the way chosen stays for the next hand"
    # the next hand's first question names its hand, in plain type: under "Hand 1 recorded." a
    # bold "Choose who took Q♠ …" read as the recorded hand missing something
    assert sk.text("#points-left") == "Hand 2: Choose who took Q♠ and who took J♦."
    weight = "el => getComputedStyle(el).fontWeight"
    assert page.eval_on_selector("#points-left", weight) == "400"
    page.select_option("#queen-0", "0")
    assert sk.text("#points-left") == "Choose who took J♦.", "begun: the question alone"
    assert page.eval_on_selector("#points-left", weight) != "400"
    page.select_option("#bonus-0", "1")
    page.fill("#hearts-0", "13")
    for i in (1, 2):
        page.fill(f"#hearts-{i}", "0")
    assert page.input_value("#shooter") == "0", "every heart and Q♠: the moon is marked"
    assert sk.text("#points-left") == (
        "☾ Ann shot the moon. This hand's scores: Ann 0, Bob 16, Cy 26, Di 26."
    )
    page.click("#record")
    assert sk.totals() == [5, 32, 16, 31]
    page.fill("#hearts-0", "14")
    for i in (1, 2, 3):
        page.fill(f"#hearts-{i}", "0")
    page.select_option("#queen-0", "0")
    page.select_option("#bonus-0", "0")
    page.click("#record")
    assert sk.text("#hearts-0-error") == (
        "Not recorded: Ann's hearts must be from 0 to 13, not 14."
    )
    page.fill("#hearts-0", "13")
    page.click("#record")
    assert sk.hands_shown() == 3
    page.reload()
    assert page.is_checked("#method-cards"), "after a reload, the way the last hand was entered"
    page.check("#method-points")
    sk.hand(13, 13, 0, -10)
    page.reload()
    assert page.is_checked("#method-points")


def test_under_black_maria_a_hand_is_entered_by_its_points(page, site):
    """The cards method asks who took Q♠ alone: where K♠ and A♠ score too it is not offered,
    and both scorings refuse to be asked."""
    rules = HouseRules(black_maria=True)
    with pytest.raises(ScoreError) as refused:
        from_cards(rules, [13, 0, 0, 0], [0])
    assert refused.value.reason == "cards-method"
    sk = Scorekeeper(page, site(rules)).open()
    sk.start()
    assert page.is_hidden("#method") and page.is_checked("#method-points")
    # says why, where the choice was, without naming a way of entering not offered (a new
    # scorer looked for the cards way it spoke of)
    assert page.inner_text("#method-off") == (
        "With Black Maria spades, each hand is entered by its points (K♠ and A♠ cost points too)."
    )
    assert page.is_visible("#point-fields")
    thrown = page.evaluate(
        """(rules) => {
      try { HeartsScoring.fromCards(rules, [13, 0, 0, 0], [0], []); return null; }
      catch (e) { return e.message; } }""",
        js_rules(rules),
    )
    assert thrown and "Q♠" in thrown


def test_a_hand_entered_by_its_cards_is_corrected_by_its_cards(browser, site, shots):
    """No, Gus took the second Q♠: ✎ on a hand entered by its cards opens it as it was
    entered, both queens' takers and every side's hearts filled in, so one choice corrects it.
    A hand corrected by its points keeps only its points; Undo gives the cards back too."""
    names = ("Grandma Rose", "Uncle Bartholomew", "Evangeline", "Henrietta", "Cy", "Di", "Fred",
             "Gus")  # fmt: skip
    with opened(browser, site(HouseRules(players=8)), 320) as (page, sk):
        sk.start(names)
        sk.by_cards((3, 2), (0, 1, 4, 5, 1, 4, 2, 9))
        assert sk.totals() == [0, 1, 17, 18, 1, 4, 2, 9]
        page.click("#score-body button.edit")
        assert page.is_checked("#method-cards"), "opened the way it was entered"
        assert [page.input_value(f"#queen-{i}") for i in (0, 1)] == ["3", "2"]
        assert [page.input_value(f"#hearts-{i}") for i in range(8)] == [
            "0", "1", "4", "5", "1", "4", "2", "9"
        ]  # fmt: skip
        page.screenshot(path=shots / "cards-corrected-by-cards.png")
        page.select_option("#queen-1", "7")  # Gus took the second Q♠
        page.click("#record")
        assert sk.totals() == [0, 1, 4, 18, 1, 4, 2, 22]
        assert saved_hand(sk, 0)["cards"] == {
            "queens": [3, 7], "bonus": [], "hearts": [0, 1, 4, 5, 1, 4, 2, 9]
        }  # fmt: skip
        page.click("#bar-undo")  # the correction taken back: the cards as first entered
        assert sk.totals() == [0, 1, 17, 18, 1, 4, 2, 9]
        page.click("#bar-undo")  # the hand taken back into the form, by its cards
        assert page.is_checked("#method-cards")
        assert sk.text("#hand-status") == (  # its cards, not "its points are in the boxes"
            "Hand 1 taken back: its cards are in the form again. Correct them and record it, or"
            " Redo."
        )
        assert [page.input_value(f"#queen-{i}") for i in (0, 1)] == ["3", "2"]
        page.click("#record")
        page.click("#score-body button.edit")
        page.check("#method-points")
        page.fill("#points-7", "8")
        page.fill("#points-0", "1")
        page.click("#record")
        assert "cards" not in saved_hand(sk, 0), "points typed over the cards: points alone"
        page.click("#score-body button.edit")
        assert page.is_checked("#method-points")


def settled_top(page, selector: str) -> float:
    """Where an element's top is once the page has stopped moving it: the Record bar's line,
    shorter once the queens are chosen, lets the page scroll the box in use a moment later
    (measured at once, 1 run in 5 read the place before it)."""
    box = page.locator(selector)
    last, still = box.bounding_box()["y"], 0
    for _ in range(30):  # still for 300 ms (still for 100 ms, 1 run in 6 read it too soon)
        page.wait_for_timeout(100)
        now = box.bounding_box()["y"]
        still = still + 1 if now == last else 0
        if still == 3:
            return now
        last = now
    return last


def saved_hand(sk: Scorekeeper, k: int) -> dict:
    return sk.saved()["hands"][k]


def test_the_hearts_boxes_stay_put_as_the_points_under_them_come_and_go(page, site):
    """Eight players by cards: the points under each box show once every heart is placed and go
    when one too many is typed; the boxes stay where they were, not 60 pixels up under the
    finger about to tap."""
    page.set_viewport_size({"width": 320, "height": 640})
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(("Alexandra", "Ben", "Siobhan", "Di", "Maximilian", "Fay", "Timothy", "Mary Ann"))
    page.check("#method-cards")
    assert sk.text("#shooter-by-cards").endswith("whoever took every heart and both Q♠ shot it.")
    page.select_option("#queen-0", "1")
    page.select_option("#queen-1", "2")
    for i, hearts in enumerate((3, 4, 5, 6, 4, 2, 1)):
        page.fill(f"#hearts-{i}", str(hearts))
    # the page scrolls the box in use a moment after the queens' line shortens; the last box
    # typed within that moment (as no hand types) put it off to the next key, 1 run in 5
    settled_top(page, "#hearts-6")
    places = []
    for last in ("0", "1", "3"):  # short of 26, all 26, 28
        page.fill("#hearts-7", last)
        places.append(settled_top(page, "#hearts-7"))
        shown = page.locator("#card-points-0").inner_text()
        assert (shown == "3 points") == (last == "1"), (last, shown)
    assert max(places) - min(places) < 1, places


def test_by_cards_the_line_says_which_taker_is_left_and_enter_goes_there(page, site):
    """With Q♠ chosen and J♦ not, the line still asked for both; and Enter in the third box of
    hearts, the hearts all placed, did nothing: it goes on to who took J♦."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    page.check("#method-cards")
    assert sk.text("#points-left") == "Hand 1: Choose who took Q♠ and who took J♦."
    page.select_option("#queen-0", "1")
    assert sk.text("#points-left") == "Choose who took J♦."
    page.focus("#hearts-0")
    for count in (5, 3, 5):  # 13: the last box offered 0
        page.keyboard.type(str(count))
        page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "bonus-0"


def test_a_sun_gives_the_bonus_card_to_its_shooter(page, site):
    """A sun is every card: the scorer was asked who took J♦, every player offered."""
    rules = HouseRules(bonus_card="JD", shoot_the_sun=True, moon="shooter-chooses")
    sk = Scorekeeper(page, site(rules)).open()
    sk.start()
    mark_moon(page, 2)
    page.check("#sun")
    assert page.locator("#takers select").first.input_value() == "2"
    assert sk.points() == ["0", "0", "16", "0"]  # the hand's points, J♦'s minus with them
    page.check("input[name=choice][value=add-to-others]")
    page.click("#record")
    hand = sk.saved()["hands"][0]
    assert hand["sun"] and hand["shooter"] == 2 and hand["points"] == [0, 0, 16, 0]


@pytest.mark.parametrize("way", ["cards", "points"])
def test_a_sun_with_a_bonus_card_gone_elsewhere_is_refused(page, site, way):
    """A scorer gave the two J♦ to two others, by cards, ticked the sun, and it was recorded:
    a sun wins every trick, so its shooter took every J♦ too. Refused, by cards and by
    points (a taker changed after the sun was ticked), and recorded once put right."""
    rules = HouseRules(players=8, bonus_card="JD", shoot_the_sun=True)
    sk = Scorekeeper(page, site(rules)).open()
    sk.start(("Bea", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy"))
    refusal = "a sun takes every card of the hand, so the shooter took each J♦ too"
    if way == "cards":
        page.check("#method-cards")
        page.select_option("#queen-0", "0")
        page.select_option("#queen-1", "0")
        page.select_option("#bonus-0", "1")
        page.select_option("#bonus-1", "2")
        page.fill("#hearts-0", "26")
        for i in range(1, 8):
            page.fill(f"#hearts-{i}", "0")
        page.check("#sun")
    else:
        mark_moon(page, 0)
        page.check("#sun")
        page.locator("#takers select").nth(1).select_option("2")
    assert sk.text("#points-left") == f"This hand cannot be recorded: {refusal}."
    page.click("#record")
    assert sk.text("#hand-status") == f"Not recorded: {refusal}."
    assert sk.hands_shown() == 0
    if way == "cards":
        page.select_option("#bonus-0", "0")
        page.select_option("#bonus-1", "0")
    else:
        page.locator("#takers select").nth(1).select_option("0")
    page.click("#record")
    assert sk.totals() == [-20, 104, 104, 104, 104, 104, 104, 104]


def test_hearts_beyond_the_deck_are_named_at_their_box_and_enter_goes_there(page, site):
    """77 typed for 7 hearts read "70 hearts too many", no box marked, and Enter went on to an
    empty box: the box is named and framed as a points box is, and Enter goes back to it."""
    sk = Scorekeeper(page, site(HouseRules(players=8))).open()
    sk.start(("Kim", "Kimberly", "Kit", "Katie", "Kat", "Ken", "Kenny", "Kip"))
    page.check("#method-cards")
    page.select_option("#queen-0", "0")
    page.select_option("#queen-1", "1")
    page.fill("#hearts-4", "77")
    assert sk.text("#points-left") == "Kat's hearts must be from 0 to 26, not 77."
    framed = page.locator("#heart-fields input.typed-wrong").evaluate_all("i => i.map(x => x.id)")
    assert framed == ["hearts-4"]
    page.focus("#hearts-6")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "hearts-4"
    page.keyboard.type("7")  # over the 77, selected
    assert page.input_value("#hearts-4") == "7"
    assert page.locator("#heart-fields input.typed-wrong").count() == 0


def test_a_moon_by_cards_switched_to_points_stays_a_moon(browser, site):
    """A club opened a moon entered by its cards (one J♦ to another player) and switched to
    points: the ☾ went, "All 32 points placed" was green, and Save made the shooter's −62 a
    +42, another player the winner. The moon the cards showed stays marked, its J♦ with it."""
    rules = HouseRules(players=8, bonus_card="JD", moon="subtract-from-shooter")
    names = ("Lena", "Priya", "Sam", "Bo", "Ann", "Cy", "Di", "Ed")
    with opened(browser, site(rules), 390, 844) as (page, sk):
        sk.start(names)
        sk.by_cards((0, 0), (26, 0, 0, 0, 0, 0, 0, 0), bonus=(0, 1))
        moon = [-62, -10, 0, 0, 0, 0, 0, 0]
        assert sk.totals() == moon
        page.click("#score-body button.edit")
        assert page.is_checked("#method-cards")
        page.check("#method-points")
        pressed = page.locator("#point-fields .moon-button").evaluate_all(
            "bs => bs.map(b => b.getAttribute('aria-pressed'))"
        )
        assert pressed == ["true"] + ["false"] * 7
        assert [s.input_value() for s in page.locator("#takers select").all()] == ["0", "1"]
        assert sk.text("#points-left").startswith(
            "☾ Lena shot the moon. This hand's scores: Lena −62"
        )
        page.click("#record")
        assert sk.totals() == moon and sk.saved()["hands"][0]["shooter"] == 0
