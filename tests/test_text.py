"""The assembled rule-sheet text states the rule in force, and never its opposite."""

from __future__ import annotations

import re

import pytest

from sheets.blocks import Marked, Run, marked
from sheets.bundle import load_content, load_preset
from sheets.content import SECTION_IDS, value_key
from sheets.houserules import DIRECTIONS, OPTIONS, HouseRules, HouseRulesError
from sheets.housefile import PRESETS, STANDARD_FILE, HouseFile
from sheets.text import (TABLE_KEYS, Bullets, Definitions, ExampleSlot, Notes, Paragraph, Steps,
                         assemble, block_strings, rules_in_force_lines, split_lead, strip_bold,
                         variant_line)

CONTENT = load_content()
#: The main text: what a group reads as the rules of its game (not the lists of other ways, nor
#: the glossary, whose definitions hold for every variant).
MAIN = tuple(s for s in SECTION_IDS if s not in ("other-ways", "other-counts", "glossary"))


def sheet(**rules):
    return assemble(CONTENT, HouseFile(HouseRules.from_mapping(rules)))


def main_text(**rules) -> str:
    text = sheet(**rules)
    return text.summary + "\n" + text.plain(MAIN)


# (rules, phrases the main text states, phrases it must not state). Every value of every key of
# OPTIONS appears below; test_the_sweep_covers_every_value checks that.
SWEEP = [
    # players
    ({"players": 3}, ["Take out 2♦, then deal 17 cards each", "Whoever holds 2♣ leads it",
                      "left, right, hold"], ["13 cards", "across", "3♣"]),
    ({"players": 4}, ["Deal the whole deck: 13 cards each", "left, right, across, hold"],
     ["17 cards", "Take out", "3♣"]),
    ({"players": 5}, ["Take out 2♦ and 2♣, then deal 10 cards each", "Whoever holds 3♣ leads it",
                      "two seats left"], ["13 cards", "2♣ leads", "across"]),
    *[({"players": n}, ["Cancellation Hearts", f"{104 // n} cards each",
                        "two identical cards in one trick cancel", "No pass",
                        "dealer's left leads the first trick"],
       ["Whoever holds 2♣", "Deal the whole deck", "Choose three cards"]) for n in range(6, 11)],
    # passing
    ({"passing": ["left", "right", "across", "hold"]},
     ["left, right, across, hold, and the cycle repeats", "Hold hand: nobody passes"], ["Scatter"]),
    ({"passing": ["left", "right", "across"]}, ["left, right, across, and the cycle repeats"],
     ["Hold hand", "hold, and"]),
    ({"passing": ["left", "right", "across", "scatter"]},
     ["left, right, across, scatter", "Scatter: pass one card to each other player"],
     ["Hold hand"]),
    ({"passing": ["left", "right", "second-left", "second-right", "hold"], "players": 5},
     ["left, right, two seats left, two seats right, hold"], ["across"]),
    ({"passing": ["hold"]}, ["No passing: play the hand you are dealt"],
     ["Choose three cards", "the direction changes"]),
    ({"passing": ["partner"], "partnership": True}, ["the pass goes to your partner"],
     ["left, right", "round again", "direction changes"]),
    # first_lead
    ({"first_lead": "lowest-club"}, ["Whoever holds 2♣ leads it"], ["dealer's left lead"]),
    ({"first_lead": "dealer-left"},
     ["The player on the dealer's left leads any card except a heart or Q♠"], ["Whoever holds 2♣"]),
    ({"first_lead": "dealer-left", "points_on_first_trick": True},
     ["The player on the dealer's left leads any card except a heart (unless"], ["heart or Q♠ (unless"]),
    # points_on_first_trick
    ({"points_on_first_trick": False},
     ["On the first trick nobody may play a heart or Q♠ unless their hand holds nothing else"],
     ["as on any later trick"]),
    ({"points_on_first_trick": True},
     ["On the first trick a player who cannot follow may play a heart or Q♠"],
     ["nobody may play a heart or Q♠"]),
    # queen_breaks_hearts
    ({"queen_breaks_hearts": False}, ["Q♠ does not break hearts"], ["breaks hearts too"]),
    ({"queen_breaks_hearts": True}, ["Playing Q♠ breaks hearts too"], ["does not break hearts"]),
    # hearts_any_time
    ({"hearts_any_time": False}, ["You may not lead a heart until a heart has been played"],
     ["no breaking rule"]),
    ({"hearts_any_time": True}, ["There is no breaking rule", "you may lead a heart whenever"],
     ["You may not lead a heart", "Breaking hearts."]),
    # lead_heart_instead_of_queen
    ({"lead_heart_instead_of_queen": False}, ["you must lead Q♠"], ["lead Q♠ or a heart"]),
    ({"lead_heart_instead_of_queen": True}, ["lead Q♠ or a heart"], ["you must lead Q♠"]),
    # must_dump_queen
    ({"must_dump_queen": False}, ["Nobody has to play Q♠ early"], ["first safe chance"]),
    ({"must_dump_queen": True}, ["you must play her at the first safe chance",
                                 "K♠ or A♠ is already in the trick"], ["Nobody has to play Q♠"]),
    # moon
    ({"moon": "add-to-others"}, ["you score 0 for the hand; everyone else scores 26",
                                 "a hand adds up to 26, or 78 when a moon goes to the others"],
     ["off your own total", "you choose", "unless that would end"]),
    ({"moon": "subtract-from-shooter"},
     ["you take 26 off your own total; nobody else scores for the hand",
      "a normal hand adds up to 26."],
     ["everyone else scores 26", "you choose", "78"]),
    ({"moon": "shooter-chooses"}, ["you choose: score 0 while everyone else scores 26, or take 26 "
                                   "off your own total"], ["unless that would end"]),
    ({"moon": "add-unless-it-ends-game"},
     ["unless that would end the game with one of them winning: then you take 26 off"],
     ["you choose"]),
    ({"moon": "subtract-from-shooter", "partnership": True},
     ["If one team wins every point card, it takes 26 off its own total"],
     ["the other team scores 26"]),
    ({"moon": "add-to-others", "partnership": True},
     ["If one team wins every point card, it scores 0 for the hand and the other team scores 26"],
     ["off its own total"]),
    # shoot_the_sun
    ({"shoot_the_sun": False}, [], ["Shooting the sun", "52 in place"]),
    ({"shoot_the_sun": True}, ["Shooting the sun: win every trick and the same rule applies with "
                               "52 in place of 26"], ["No sun"]),
    # bonus_card
    ({"bonus_card": "none"}, ["Q♠ costs 13."], ["takes 10 points off", "16"]),
    ({"bonus_card": "JD"}, ["J♦ takes 10 points off the score of whoever wins it",
                            "adds up to 16, or 68"], ["10♦ takes"]),
    ({"bonus_card": "TD"}, ["10♦ takes 10 points off the score of whoever wins it"],
     ["J♦ takes"]),
    # exactly_100
    ({"exactly_100": "none"}, [], ["exactly 100", "drops to"]),
    ({"exactly_100": 50}, ["A total of exactly 100 after a hand drops to 50"], ["drops to 0"]),
    ({"exactly_100": 0}, ["A total of exactly 100 after a hand drops to 0"], ["drops to 50"]),
    # target
    ({"target": 100}, ["Play to 100", "anyone reaches 100 or more"], ["50"]),
    ({"target": 50}, ["Play to 50", "anyone reaches 50 or more"], ["Play to 100", "reaches 100"]),
    ({"target": 250}, ["Play to 250", "anyone reaches 250 or more"], ["reaches 100"]),
    # ties
    ({"ties": "joint-winners"}, ["A tie for the lowest total is a shared win"], ["play more hands"]),
    ({"ties": "play-on"}, ["play more hands until one total is lowest alone"], ["shared win"]),
    # deal
    ({"deal": "strip"}, ["Deal the whole deck: 13 cards each"], ["as the kitty", "12 cards"]),
    ({"deal": "kitty"}, ["Deal 12 cards each; the last 4 go face down as the kitty",
                         "a shooter must end up with every point card, kitty included"],
     ["13 cards"]),
    ({"deal": "kitty", "players": 3}, ["Deal 17 cards each; the last 1 go face down",
                                       "nothing is taken out"], ["Take out 2♦"]),
    ({"deal": "kitty", "players": 5}, ["Deal 10 cards each; the last 2 go face down",
                                       "If it is in the kitty, the lowest club dealt leads"],
     ["3♣"]),
    # kitty_goes_to
    ({"deal": "kitty", "kitty_goes_to": "first-points"},
     ["The first player to win a heart or Q♠ in a trick takes it"], ["winner of the first trick takes"]),
    ({"deal": "kitty", "kitty_goes_to": "first-trick"},
     ["The winner of the first trick takes it"], ["first player to win a heart"]),
    # partnership
    ({"partnership": False}, ["anyone reaches 100"], ["Partners sit opposite", "team"]),
    ({"partnership": True}, ["Partners sit opposite each other", "a team reaches 100",
                             "Partners add their points together", "two teams",
                             "each team's points"],
     ["anyone reaches"]),
]


@pytest.mark.parametrize("rules, says, never", SWEEP, ids=[str(r) for r, _, _ in SWEEP])
def test_the_text_states_the_rule_in_force_and_not_its_opposite(rules, says, never):
    text = main_text(**rules)
    for phrase in says:
        assert phrase in text, f"{rules}: missing {phrase!r}"
    for phrase in never:
        assert phrase not in text, f"{rules}: says {phrase!r}"


def test_the_sweep_covers_every_value():
    covered = {(key, value_key(value)) for rules, _, _ in SWEEP for key, value in rules.items()}
    for option in OPTIONS:
        if option.kind in ("bool", "choice"):
            values = [value_key(v) for v in (option.choices or (True, False))]
        elif option.kind == "int" and option.key == "players":
            values = [str(n) for n in range(option.minimum, option.maximum + 1)]
        elif option.kind == "int":
            values = [str(option.default)]
        else:
            covered_directions = {d for key, v in covered if key == option.key for d in v.split()}
            assert covered_directions == set(DIRECTIONS)
            continue
        for value in values:
            assert (option.key, value) in covered, f"{option.key}: {value} not in SWEEP"


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.kind in ("bool", "choice")
                                    and o.key not in TABLE_KEYS], ids=lambda o: o.key)
def test_values_not_chosen_are_listed_under_other_ways(option):
    base = {"deal": "kitty"} if option.key == "kitty_goes_to" else {}
    for chosen in option.choices or (True, False):
        try:
            rules = HouseRules.from_mapping({**base, option.key: chosen})
        except HouseRulesError:
            continue
        text = sheet(**{**base, option.key: chosen})
        others = text.section("other-ways").blocks[-1].items
        in_force = variant_line(CONTENT, rules, option.key)
        assert in_force not in others
        for value in CONTENT.variants[option.key].other:
            if value != value_key(chosen):
                assert variant_line(CONTENT, rules, option.key, value) in others


def test_house_rules_section_lists_what_differs_and_the_notes():
    house = HouseFile(HouseRules(moon="subtract-from-shooter", target=50), "Millers",
                      ("Loser deals.",))
    section = assemble(CONTENT, house).section("house-rules")
    assert section.blocks == (
        Paragraph("Where we differ from the standard game (the text above already says so):"),
        Bullets(("**Moon off the shooter:** the shooter takes 26 off their own total; nobody "
                 "else scores.", "**Short game:** play to 50.")),
        Notes(("Loser deals.",)))
    standard = assemble(CONTENT, STANDARD_FILE).section("house-rules")
    assert standard.blocks == (Paragraph("We play the standard game, as above."),)


def test_other_counts_leave_out_the_table_in_force():
    def counts(**rules):
        return sheet(**rules).section("other-counts").blocks[0].items
    assert not any(item.startswith("**Four players") for item in counts())
    assert any(item.startswith("**Three players") for item in counts())
    assert not any(item.startswith("**Three players") for item in counts(players=3))
    assert any(item.startswith("**Four players") for item in counts(players=3))
    assert not any(item.startswith("**Cancellation") for item in counts(players=7))
    assert not any(item.startswith("**A kitty") for item in counts(deal="kitty"))
    assert not any(item.startswith("**Partnership") for item in counts(partnership=True))


def test_the_standard_sheet_has_every_section_in_order_and_fits_the_budget():
    text = assemble(CONTENT, STANDARD_FILE)
    assert tuple(s.id for s in text.sections) == SECTION_IDS
    assert text.title == "Hearts"
    assert text.summary == ("A trick-taking game for 4 players: avoid hearts and Q♠; the lowest "
                            "score wins.")
    assert text.section("example").blocks == (ExampleSlot(),)
    (quick,) = text.section("quick-start").blocks
    assert isinstance(quick, Steps) and len(quick.items) == 6
    assert isinstance(text.section("glossary").blocks[0], Definitions)
    words = len(text.plain().split())
    assert 800 <= words <= 1400


ALL_TABLES = [{"players": n} for n in range(3, 11)] + [
    {"players": n, "deal": "kitty", "kitty_goes_to": k} for n in (3, 4, 5)
    for k in ("first-points", "first-trick")] + [{"partnership": True}]


@pytest.mark.parametrize("table", ALL_TABLES, ids=str)
def test_every_table_and_switch_assembles_cleanly(table):
    for option in OPTIONS:
        for value in option.choices if option.kind == "choice" else (True, False) \
                if option.kind == "bool" else ():
            try:
                rules = HouseRules.from_mapping({**table, option.key: value})
            except HouseRulesError:
                continue
            text = assemble(CONTENT, HouseFile(rules))
            for section in text.sections:
                assert section.heading
                for block in section.blocks:
                    for string in block_strings(block):
                        assert string and "{" not in string and "}" not in string
                        assert not re.search(r"\b(?:10|[2-9TJQKA])[CDHS]\b", string)


def test_every_preset_assembles():
    for name in PRESETS:
        house = load_preset(name)
        text = assemble(CONTENT, house)
        assert text.title == house.title


def test_rules_in_force_lines():
    house = HouseFile(HouseRules(moon="subtract-from-shooter"), "Ours", ("Loser deals.",),
                      preset="omnibus")
    lines = rules_in_force_lines(CONTENT, house)
    assert lines[:2] == ["title: Ours", "preset: omnibus"]
    assert lines[-1] == "notes: Loser deals."
    assert len(lines) == len(OPTIONS) + 3 - 1  # no kitty is dealt: no line for who takes it
    assert not any(line.startswith("kitty_goes_to") for line in lines)
    with_kitty = rules_in_force_lines(CONTENT, HouseFile(HouseRules(deal="kitty")))
    assert any(line.startswith("kitty_goes_to: first-points") for line in with_kitty)
    assert "passing: left, right, across, hold — Passing: left, right, across, then a hold hand." \
        in lines
    assert "moon: subtract-from-shooter — Moon off the shooter: the shooter takes 26 off their " \
           "own total; nobody else scores." in lines


def test_bold_lead_in_helpers():
    assert split_lead("**Pass.** Choose three.") == ("Pass.", "Choose three.")
    assert split_lead("No lead.") == ("", "No lead.")
    assert strip_bold("**Pass.** Choose three.") == "Pass. Choose three."


def test_marked_reads_the_lead_in_and_the_red_cards_once_for_every_renderer():
    found = marked("**Q♥ wins.** Then 10♦ & ♥, not Q♠ or **this**.")
    assert found.lead == (Run("Q♥", red=True), Run(" wins."))
    assert found.rest == (Run(" Then "), Run("10♦", red=True), Run(" & "), Run("♥", red=True),
                          Run(", not Q♠ or **this**."))
    assert marked("No lead, no red.") == Marked((), (Run("No lead, no red."),))


def definitions(**rules) -> dict[str, str]:
    return dict(sheet(**rules).section("glossary").blocks[0].items)


@pytest.mark.parametrize("rules, says", [
    ({}, "Pass three cards; hand by hand the pass goes left, right, across, hold, and repeats."),
    ({"passing": ["partner"], "partnership": True},
     "Pass three cards; hand by hand the pass goes to your partner, and repeats."),
    ({"players": 3, "passing": ["left", "right", "scatter"]},
     "Pass three cards (scatter: one to each other player); hand by hand the pass goes left, "
     "right, scatter, and repeats."),
    ({"players": 5, "passing": ["scatter"]},
     "Pass three cards (scatter: one to each other player); hand by hand the pass goes scatter"),
    ({"passing": ["hold"]}, "No passing: play the hand you are dealt."),
    ({"players": 3, "passing": ["hold", "hold"]}, "No passing: play the hand you are dealt."),
], ids=str)
def test_the_quick_start_pass_is_true_for_every_cycle(rules, says):
    (quick,) = sheet(**rules).section("quick-start").blocks
    steps = [step.text for step in quick.items]
    assert any(step.startswith(says) for step in steps), steps
    text = main_text(**rules)
    assert "the direction changes every hand" not in text
    assert "then round again" not in text
    if rules.get("passing") == ["partner"]:
        assert "Hand by hand the pass goes to your partner, and the cycle repeats." in text


@pytest.mark.parametrize("first_lead, points, first_included", [
    ("lowest-club", False, False), ("lowest-club", True, False),
    ("dealer-left", False, False), ("dealer-left", True, True)])
def test_queen_lead_on_the_first_trick_follows_the_first_lead(first_lead, points, first_included):
    text = main_text(first_lead=first_lead, points_on_first_trick=points)
    assert ("Q♠ may be led on any trick, the first included" in text) == first_included
    assert ("Q♠ may be led on any trick after the first" in text) != first_included
    cancellation = main_text(players=7, points_on_first_trick=points)
    assert ("the first included" in cancellation) == points


def test_the_dealer_left_line_bars_the_queen_while_points_are_barred():
    rules = HouseRules(first_lead="dealer-left")
    line = variant_line(CONTENT, rules, "first_lead")
    assert line.endswith("any card but a heart, nor Q♠ while points are barred on trick one.")
    other = sheet().section("other-ways").blocks[-1].items
    assert line in other
    assert not any(item.endswith("with any card but a heart.") for item in other)


@pytest.mark.parametrize("players", [6, 7, 10])
@pytest.mark.parametrize("card", ["J♦", "10♦"])
def test_cancellation_bonus_says_each_card(players, card):
    bonus_card = {"J♦": "JD", "10♦": "TD"}[card]
    text = sheet(players=players, bonus_card=bonus_card).plain()
    assert f"each {card} takes 10 off" in text
    assert f"Each {card} takes 10 points off the score of whoever wins it" in text
    assert f"**Omnibus ({card}):** whoever wins a {card} takes 10 points off" in variant_line(
        CONTENT, HouseRules(players=players, bonus_card=bonus_card), "bonus_card")
    assert not re.search(rf"(?<![Ee]ach )(?<!wins a ){card} takes 10", text)
    assert not re.search(rf"wins {card} takes", text)
    one_deck = main_text(bonus_card=bonus_card)
    assert f"{card} takes 10 points off the score of whoever wins it" in one_deck


def test_the_glossary_follows_the_game_and_the_breaking_rule():
    assert definitions()["Trick"] == ("One card from each player in turn; the highest of the "
                                      "suit led takes them all.")
    trick = definitions(players=7)["Trick"]
    assert "highest uncancelled card" in trick and "stay for the next winner" in trick
    assert "the highest of the suit led takes them all" not in trick
    assert definitions()["Breaking hearts"] == ("The first heart played, after which hearts may "
                                                "be led.")
    assert definitions(queen_breaks_hearts=True)["Breaking hearts"] == (
        "The first heart or Q♠ played, after which hearts may be led.")
    for rules in ({"hearts_any_time": True}, {"hearts_any_time": True, "queen_breaks_hearts": True}):
        breaking = definitions(**rules)["Breaking hearts"]
        assert "not played here" in breaking and "after which hearts may be led" not in breaking


def test_the_kitty_line_under_other_tables_gives_the_lead_and_the_moon():
    items = sheet().section("other-counts").blocks[0].items
    (kitty,) = [item for item in items if item.startswith("**A kitty instead")]
    assert "If 2♣ is in it, the lowest club dealt leads" in kitty
    assert "a shooter must take the kitty's point cards too" in kitty


PARTNERSHIP_RULES = [{"ties": "play-on"}, {"ties": "joint-winners"},
                     {"deal": "kitty", "shoot_the_sun": True},
                     *[{"moon": m} for m in ("add-to-others", "subtract-from-shooter",
                                             "shooter-chooses", "add-unless-it-ends-game")]]


@pytest.mark.parametrize("rules", PARTNERSHIP_RULES, ids=str)
def test_partnership_sheets_speak_of_teams(rules):
    text = sheet(partnership=True, **rules).plain()
    for slip in ("one player is lowest alone", "players tied", "everyone else",
                 "a shooter must end up", "win every trick and"):
        assert slip not in text, f"{rules}: says {slip!r}"
    assert "play more hands until one total is lowest alone" in text
    if rules.get("deal") == "kitty":
        assert "the shooting team must end up with every point card, kitty included" in text
        assert "if one team wins every trick, the same rule applies with 52 in place of 26" in text
    solo = sheet(**rules).plain()
    if rules.get("deal") == "kitty":
        assert "a shooter must end up with every point card, kitty included" in solo
        assert "win every trick and the same rule applies" in solo


def test_the_other_tables_lines_agree_with_the_rules_of_each_table():
    """The 'other tables' lines write out numbers the house rules work out; they must agree."""
    from sheets.content import facts

    lines = " ".join(sheet(players=8).section("other-counts").blocks[0].items)
    for players, name in ((3, "Three"), (4, "Four"), (5, "Five")):
        rules = HouseRules(players=players)
        fact = facts(rules)
        line = re.search(rf"\*\*{name} players:\*\*[^*]*", lines).group()
        assert f"{rules.hand_size} " in line and f"{fact['lowest_club']} leads" in line, line
        assert fact["pass_cycle"] in line, line
        if rules.removed_cards:
            assert f"take out {fact['removed']}" in line, line
    kitty = re.search(r"\*\*A kitty instead[^*]*\*\*[^*]*",
                      " ".join(sheet().section("other-counts").blocks[0].items)).group()
    sizes = [HouseRules(players=n, deal="kitty") for n in (3, 4, 5)]
    assert "deal " + ", ".join(str(r.hand_size) for r in sizes[:2]) + f" or {sizes[2].hand_size}" \
        in kitty
    assert "other " + ", ".join(str(r.kitty_size) for r in sizes[:2]) + \
        f" or {sizes[2].kitty_size} cards" in kitty
