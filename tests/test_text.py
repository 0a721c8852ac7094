"""The assembled rule-sheet text states the rule in force, and never its opposite."""

from __future__ import annotations

import re

import pytest

from sheets.blocks import Marked, Run, marked
from sheets.bundle import load_content, load_preset
from sheets.content import SECTION_IDS
from sheets.housefile import PRESETS, STANDARD_FILE, HouseFile
from sheets.houserules import DIRECTIONS, OPTIONS, OPTIONS_BY_KEY, HouseRules, HouseRulesError
from sheets.scoreentry import revoke_points
from sheets.text import (
    TABLE_KEYS,
    Bullets,
    Definitions,
    ExampleSlot,
    Notes,
    Paragraph,
    Steps,
    assemble,
    block_strings,
    printed_line,
    rules_in_force_lines,
    split_lead,
    strip_bold,
    variant_line,
)
from sheets.textlang import value_key

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
    (
        {"players": 3},
        [
            "Take out 2♦, then deal 17 cards each",
            "Whoever holds 2♣ leads it",
            "3 to the left, 3 to the right, none (a hold hand)",
        ],
        ["13 cards", "across", "3♣"],
    ),
    (
        {"players": 4},
        [
            "Deal the whole deck: 13 cards each",
            "3 to the left, 3 to the right, 3 across, none (a hold hand)",
        ],
        ["17 cards", "Take out", "3♣"],
    ),
    (
        {"players": 5},
        [
            "Take out 2♦ and 2♣, then deal 10 cards each",
            "Whoever holds 3♣ leads it",
            "3 to the 2nd player on your left",
        ],
        ["13 cards", "2♣ leads", "across"],
    ),
    *[
        (
            {"players": n},
            [
                "Cancellation Hearts",
                f"{104 // n} cards each",
                "Two identical cards in one trick cancel",
                "No pass",
                "on the dealer's left leads any card",
            ],
            ["Whoever holds 2♣", "Deal the whole deck", "Choose three cards"],
        )
        for n in range(6, 11)
    ],
    # passing
    (
        {"passing": ["left", "right", "across", "hold"]},
        [
            "a new way each hand: 3 to the left, 3 to the right, 3 across, none (a hold hand); then "
            "round again"
        ],
        ["scatter"],
    ),
    (
        {"passing": ["left", "right", "across"]},
        ["3 to the left, 3 to the right, 3 across; then round again"],
        ["none", "hold hand)"],
    ),
    (
        {"passing": ["left", "right", "across", "scatter"]},
        [
            "3 to the left, 3 to the right, 3 across, 1 to each other player (3 in all); then round "
            "again"
        ],
        ["none", "Pass 3 cards"],
    ),
    (
        {"passing": ["left", "right", "second-left", "second-right", "hold"], "players": 5},
        [
            "3 to the left, 3 to the right, 3 to the 2nd player on your left, 3 to the 2nd player "
            "on your right, none"
        ],
        ["across"],
    ),
    (
        {"passing": ["hold"]},
        ["No passing: play the hand you are dealt"],
        ["pass 3 cards", "round again"],
    ),
    (
        {"passing": ["partner"], "partnership": True},
        ["pass 3 cards face down to your partner"],
        ["left, right", "round again", "cycle"],
    ),
    # first_lead
    ({"first_lead": "lowest-club"}, ["Whoever holds 2♣ leads it"], ["dealer's left lead"]),
    (
        {"first_lead": "dealer-left"},
        [
            "The player on the dealer's left leads any card but a heart or Q♠. Holding only hearts "
            "and Q♠, lead Q♠; holding only hearts, lead a heart."
        ],
        ["Whoever holds 2♣"],
    ),
    (
        {"first_lead": "dealer-left", "points_on_first_trick": True},
        ["The player on the dealer's left leads any card except a heart (unless"],
        ["any card but a heart or Q♠", "lead Q♠"],
    ),
    # points_on_first_trick
    (
        {"points_on_first_trick": False},
        [
            "The first trick. Nobody may play a heart or Q♠ on it unless their hand holds nothing "
            "else; then any of those may be played, Q♠ included"
        ],
        ["as on any later trick"],
    ),
    (
        {"points_on_first_trick": True},
        ["The first trick. A player who cannot follow may play a heart or Q♠ on it"],
        ["Nobody may play a heart or Q♠"],
    ),
    # queen_breaks_hearts
    ({"queen_breaks_hearts": False}, ["Q♠ does not break hearts"], ["breaks hearts too"]),
    (
        {"queen_breaks_hearts": True},
        ["until a heart or Q♠ has been played"],
        ["does not break hearts"],
    ),
    # hearts_any_time
    (
        {"hearts_any_time": False},
        ["You may not lead a heart until a heart has been played"],
        ["no breaking rule"],
    ),
    (
        {"hearts_any_time": True},
        ["There is no breaking rule", "you may lead a heart whenever"],
        ["You may not lead a heart", "Breaking hearts."],
    ),
    # lead_heart_instead_of_queen
    (
        {"lead_heart_instead_of_queen": False},
        ["only hearts and Q♠ in hand, you must lead her"],
        ["lead her or a heart"],
    ),
    (
        {"lead_heart_instead_of_queen": True},
        ["only hearts and Q♠ in hand, lead her or a heart"],
        ["you must lead her"],
    ),
    # must_dump_queen
    ({"must_dump_queen": False}, ["Nobody has to discard Q♠"], ["as soon as she cannot win"]),
    (
        {"must_dump_queen": True},
        [
            "a player holding Q♠ must play her as soon as she cannot win: "
            "whenever you cannot follow (on the first trick, only if you "
            "hold nothing but hearts and Q♠)",
            "K♠ or A♠ is already in the trick",
            "Holding Q♠, play her as soon as she cannot win.",
        ],
        ["Nobody has to discard Q♠"],
    ),
    (
        {"must_dump_queen": True, "points_on_first_trick": True},
        ["whenever you cannot follow, the first trick included"],
        ["only if you hold nothing"],
    ),
    # moon
    (
        {"moon": "add-to-others"},
        [
            "you score 0 for the hand; everyone else scores 26",
            "a hand adds up to 26, or 78 when a moon goes to the others",
        ],
        ["off your own total", "you choose", "unless that would end"],
    ),
    (
        {"moon": "subtract-from-shooter"},
        [
            "you take 26 off your own total; nobody else scores for the moon",
            "a hand adds up to 26, or −26 when the shooter takes a moon off their own total.",
        ],
        ["everyone else scores 26", "you choose", "78"],
    ),
    (
        {"moon": "shooter-chooses"},
        ["you choose: score 0 while everyone else scores 26, or take 26 off your own total"],
        ["unless that would end"],
    ),
    (
        {"moon": "add-unless-it-ends-game"},
        [
            "unless that would end the game with someone else winning or sharing the win: then you "
            "take 26 off your own total instead",
            "if that would end the game with someone else "
            "winning or sharing the win, take 26 off your own total instead",
        ],
        ["you choose", "one of them winning"],
    ),
    (  # between two teams the safeguard never applies: the moon as usual (round 34)
        {"moon": "add-unless-it-ends-game", "partnership": True},
        [
            "If one team wins every point card, it scores 0 for the hand and the other team scores 26"
        ],
        ["someone else", "your own total", "winning or tied", "off its own total instead"],
    ),
    (
        {"moon": "subtract-from-shooter", "partnership": True},
        ["If one team wins every point card, it takes 26 off its own total"],
        ["the other team scores 26"],
    ),
    (
        {"moon": "add-to-others", "partnership": True},
        [
            "If one team wins every point card, it scores 0 for the hand and the other team scores 26"
        ],
        ["off its own total"],
    ),
    # black_maria
    ({"black_maria": False}, ["avoid hearts and Q♠;", "26 points in all"], ["K♠ 10", "43"]),
    (
        {"black_maria": True},
        [
            "avoid hearts, Q♠, K♠ and A♠;",
            "Each heart you win costs 1 point, Q♠ 13, K♠ 10, A♠ 7.",
            "Q♠ 13, K♠ 10 and A♠ 7, whoever played them: 43 points in all",
            "Win every heart, Q♠, K♠ and A♠ and you score 0 for the hand; everyone else scores 43.",
            "a hand adds up to 43, or 129 when a moon goes to the others",
            "the offender takes all 43 points",
            "Black Maria spades: K♠ counts 10 and A♠ 7 besides Q♠'s 13, and a moon needs them too;"
            " a hand then holds 43 points, and a moon or a revoke is worth 43.",
        ],
        ["26", "every heart and Q♠", "whoever played her"],
    ),
    (
        {"black_maria": True, "players": 3},
        [
            "Take out 2♦, then deal 17 cards each.",
            "43 points in all",
            "a hand adds up to 43, or 86 when a moon goes to the others",
        ],
        ["26", "every heart and Q♠"],
    ),
    (
        {"black_maria": True, "players": 8},
        [
            "each Q♠ 13, each K♠ 10 and each A♠ 7, whoever played them: 86 points in all",
            "Win every heart and both Q♠, both K♠ and both A♠ and you score 0 for the hand; everyone "
            "else scores 86.",
            "a hand adds up to 86, or 602 when a moon goes to the others",
            "the offender takes all 86 points",
        ],
        ["52 points", "scores 52", "to 52", "both Q♠ and"],
    ),
    (
        {"black_maria": True, "bonus_card": "JD", "shoot_the_sun": True, "moon": "shooter-chooses"},
        [
            "J♦ takes 10 off.",
            "a hand adds up to 33; a moon hand to 119 (to the others) or −53",
            "A sun adds up to 248 (to the others) or −96 (off the shooter).",
            "the same rule applies with 86 in place of 43",
            "the moon needs every heart, Q♠, K♠ and A♠, never J♦",
        ],
        ["26", "52 in place", "to 16", "with 52"],
    ),
    # shoot_the_sun
    ({"shoot_the_sun": False}, [], ["Shooting the sun", "52 in place"]),
    (
        {"shoot_the_sun": True},
        [
            "Win every trick (the sun) and the same rule applies with 52 in place of 26",
            "A sun adds up to 156.",
        ],
        ["No sun"],
    ),
    (
        {"shoot_the_sun": True, "moon": "shooter-chooses"},
        [
            "a moon hand to 78 (to the others) or −26 (off the shooter)",
            "A sun adds up to 156 (to the others) or −52 (off the shooter).",
        ],
        ["No sun"],
    ),
    (
        {"shoot_the_sun": True, "players": 7},
        [
            "If one player takes every card of the hand, every pile left waiting included (the sun), the same "
            "rule applies with 104 in place of 52",
            "A sun adds up to 624.",
        ],
        ["Win every trick"],
    ),
    # bonus_card
    ({"bonus_card": "none"}, ["costs 1 point, Q♠ 13."], ["takes 10 points off", "16"]),
    (
        {"bonus_card": "JD"},
        ["J♦ takes 10 points off the score of whoever wins it", "adds up to 16, or 68"],
        ["10♦ takes"],
    ),
    ({"bonus_card": "TD"}, ["10♦ takes 10 points off the score of whoever wins it"], ["J♦ takes"]),
    # exactly_100
    ({"exactly_100": "none"}, [], ["exactly 100", "drops to"]),
    ({"exactly_100": 50}, ["A total of exactly 100 after a hand drops to 50"], ["drops to 0"]),
    ({"exactly_100": 0}, ["A total of exactly 100 after a hand drops to 0"], ["drops to 50"]),
    # target
    ({"target": 100}, ["Play until someone reaches 100", "anyone reaches 100 or more"], ["50"]),
    (
        {"target": 50},
        ["Play until someone reaches 50", "anyone reaches 50 or more"],
        ["reaches 100"],
    ),
    (
        {"target": 250},
        ["Play until someone reaches 250", "anyone reaches 250 or more"],
        ["reaches 100"],
    ),
    # ties
    (
        {"ties": "joint-winners"},
        ["A tie for the lowest total is a shared win"],
        ["play more hands"],
    ),
    ({"ties": "play-on"}, ["play more hands until one total is lowest alone"], ["shared win"]),
    # deal
    ({"deal": "strip"}, ["Deal the whole deck: 13 cards each"], ["as the kitty", "12 cards"]),
    (
        {"deal": "kitty"},
        [
            "Deal 12 cards each and the last 4 cards face down as the kitty",
            "The kitty's point cards count too",
        ],
        ["13 cards"],
    ),
    (
        {"deal": "kitty", "players": 3},
        [
            "Deal 17 cards each and the last card face down",
            "The kitty is the last card dealt, face down.",
            "nothing is taken out",
        ],
        ["Take out 2♦", "1 cards", "1 go"],
    ),
    (
        {"deal": "kitty", "players": 5},
        [
            "Deal 10 cards each and the last 2 cards face down",
            "If it is in the kitty, the lowest club dealt leads",
        ],
        ["3♣"],
    ),
    # kitty_goes_to
    (
        {"deal": "kitty", "kitty_goes_to": "first-points"},
        ["The first player to win a heart or Q♠ in a trick takes it"],
        ["winner of the first trick takes"],
    ),
    (
        {"deal": "kitty", "kitty_goes_to": "first-trick"},
        ["The winner of the first trick takes it"],
        ["first player to win a heart"],
    ),
    # Black Maria: the first trick's limit leaves the two scoring spades free, and a discard
    # is the chance to shed them too
    (
        {"black_maria": True},
        ["K♠ and A♠ may go on it like any other card", "get rid of hearts, Q♠, K♠ and A♠"],
        ["get rid of hearts and Q♠"],
    ),
    (
        {"black_maria": False},
        ["get rid of hearts and Q♠"],
        ["K♠ and A♠ may go on it"],
    ),
    # partnership
    ({"partnership": False}, ["anyone reaches 100"], ["Partners sit opposite", "team"]),
    (
        {"partnership": True},
        [
            "Partners sit opposite each other",
            "a team reaches 100",
            "Partners add their points together",
            "two teams",
            "each team's points",
        ],
        ["anyone reaches"],
    ),
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


@pytest.mark.parametrize(
    "option",
    [o for o in OPTIONS if o.kind in ("bool", "choice") and o.key not in TABLE_KEYS],
    ids=lambda o: o.key,
)
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
    house = HouseFile(
        HouseRules(moon="subtract-from-shooter", target=50), "Millers", ("Loser deals.",)
    )
    section = assemble(CONTENT, house).section("house-rules")
    assert section.blocks == (
        Paragraph("Where we differ from the standard game (the text above already says so):"),
        Bullets(
            (
                "**Moon off the shooter:** 26 off the shooter's total; nobody else scores for the moon.",
                "**Game to 50:** a short game.",
            )
        ),
        Notes(("Loser deals.",)),
    )
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
    assert text.summary == (
        "A trick-taking game for 4 players: avoid hearts and Q♠; the lowest score wins."
    )
    assert text.section("example").blocks == (ExampleSlot(),)
    (quick,) = text.section("quick-start").blocks
    assert isinstance(quick, Steps) and len(quick.items) == 6
    assert isinstance(text.section("glossary").blocks[0], Definitions)
    words = len(text.plain().split())
    assert 800 <= words <= 1400


ALL_TABLES = (
    [{"players": n} for n in range(3, 11)]
    + [
        {"players": n, "deal": "kitty", "kitty_goes_to": k}
        for n in (3, 4, 5)
        for k in ("first-points", "first-trick")
    ]
    + [{"partnership": True}]
)


@pytest.mark.parametrize("table", ALL_TABLES, ids=str)
def test_every_table_and_switch_assembles_cleanly(table):
    for option in OPTIONS:
        for value in (
            option.choices
            if option.kind == "choice"
            else (True, False)
            if option.kind == "bool"
            else ()
        ):
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
    house = HouseFile(
        HouseRules(moon="subtract-from-shooter"), "Ours", ("Loser deals.",), preset="omnibus"
    )
    lines = rules_in_force_lines(CONTENT, house)
    assert lines[:2] == ["title: Ours", "preset: omnibus"]
    assert lines[-1] == "notes: Loser deals."
    assert len(lines) == len(OPTIONS) + 3 - 1  # no kitty is dealt: no line for who takes it
    assert not any(line.startswith("kitty_goes_to") for line in lines)
    with_kitty = rules_in_force_lines(CONTENT, HouseFile(HouseRules(deal="kitty")))
    assert any(line.startswith("kitty_goes_to: first-points") for line in with_kitty)
    assert (
        "passing: left, right, across, hold — Passes: left, right, across, then none. The "
        "fourth hand is a hold hand." in lines
    )
    assert (
        "moon: subtract-from-shooter — Moon off the shooter: 26 off the shooter's total; "
        "nobody else scores for the moon." in lines
    )


def test_bold_lead_in_helpers():
    assert split_lead("**Pass.** Choose three.") == ("Pass.", "Choose three.")
    assert split_lead("No lead.") == ("", "No lead.")
    assert strip_bold("**Pass.** Choose three.") == "Pass. Choose three."


def test_marked_reads_the_lead_in_and_the_red_cards_once_for_every_renderer():
    found = marked("**Q♥ wins.** Then 10♦ & ♥, not Q♠ or **this**.")
    assert found.lead == (Run("Q♥", red=True), Run(" wins."))
    assert found.rest == (
        Run(" Then "),
        Run("10♦", red=True),
        Run(" & "),
        Run("♥", red=True),
        Run(", not Q♠ or **this**."),
    )
    assert marked("No lead, no red.") == Marked((), (Run("No lead, no red."),))


def definitions(**rules) -> dict[str, str]:
    return dict(sheet(**rules).section("glossary").blocks[0].items)


@pytest.mark.parametrize(
    "rules, says",
    [
        (
            {},
            "Before play, pass cards face down, a new way each hand: 3 to the left, 3 to the right, "
            "3 across, none (a hold hand); then round again.",
        ),
        (
            {"passing": ["partner"], "partnership": True},
            "Before every hand, pass 3 cards face down to your partner.",
        ),
        ({"passing": ["left"]}, "Before every hand, pass 3 cards face down to the left."),
        (
            {"players": 3, "passing": ["left", "right", "scatter"]},
            "Before play, pass cards face down, a new way each hand: 3 to the left, 3 to the right, 1 "
            "to each other player (2 in all); then round again.",
        ),
        (
            {"players": 5, "passing": ["scatter"]},
            "Before every hand, pass 1 card face down to each other player, 4 cards in all.",
        ),
        (
            {"players": 5, "passing": ["scatter", "hold"]},
            "Before play, pass cards face down, a new way each hand: 1 to each other player (4 in "
            "all), none (a hold hand); then round again.",
        ),
        ({"passing": ["hold"]}, "No passing: play the hand you are dealt."),
        ({"players": 3, "passing": ["hold", "hold"]}, "No passing: play the hand you are dealt."),
    ],
    ids=str,
)
def test_the_quick_start_pass_is_true_for_every_cycle(rules, says):
    (quick,) = sheet(**rules).section("quick-start").blocks
    steps = [step.text for step in quick.items]
    assert says in steps, steps
    text = main_text(**rules)
    assert "three cards" not in text and "and the cycle repeats" not in text
    # no pass step counts cards a scatter does not pass, nor says "each hand" beside "no pass"
    assert not re.search(r"[Pp]ass \d+ cards face down before each hand", text)
    assert "A scatter is" not in text and "before each hand: " not in text.lower()
    if rules.get("passing") == ["partner"]:
        assert "round again" not in text


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_across_at_a_big_table_says_which_seat(language, players):
    """At 6, 8 or 10 seats "across" is no single obvious seat: the pass says how many seats to
    the left it goes (half the table); at 4 it is the seat opposite and needs no count."""
    content = load_content(language)
    rules = HouseRules.from_mapping({"players": players, "passing": ["left", "right", "across"]})
    (quick,) = assemble(content, HouseFile(rules)).section("quick-start").blocks
    step = next(step.text for step in quick.items if step.text.count("3") >= 3)
    far = content.language.facts["across-far"].format(count=3, seats=players // 2)
    plain = content.language.directions["across"]["plan"].format(count=3)
    assert (far in step) == (players > 4) and (plain in step), step


@pytest.mark.parametrize("players", [3, 4, 5])
def test_scatter_counts_come_from_the_rules(players):
    """A scatter is players - 1 cards, never "three" typed in."""
    passing = (
        ["left", "right", "across", "scatter"] if players == 4 else ["left", "right", "scatter"]
    )
    rules = HouseRules(players=players, passing=passing)
    text = main_text(players=players, passing=passing)
    count = rules.pass_count("scatter")
    assert count == players - 1
    assert f"1 to each other player ({count} in all)" in text
    assert text.count("1 to each other player") == 2  # the quick start and the pass step, once
    assert "one to each other player" not in text


@pytest.mark.parametrize(
    "first_lead, points, first_included",
    [
        ("lowest-club", False, False),
        ("lowest-club", True, False),
        ("dealer-left", False, False),
        ("dealer-left", True, True),
    ],
)
def test_queen_lead_on_the_first_trick_follows_the_first_lead(first_lead, points, first_included):
    text = main_text(first_lead=first_lead, points_on_first_trick=points)
    assert ("Leading Q♠. She may be led on any trick, the first included" in text) == first_included
    assert ("Leading Q♠. She may be led on any trick after the first" in text) != first_included
    cancellation = main_text(players=7, points_on_first_trick=points)
    assert ("the first included" in cancellation) == points


def test_the_dealer_left_line_bars_the_queen_while_points_are_barred():
    rules = HouseRules(first_lead="dealer-left")
    line = variant_line(CONTENT, rules, "first_lead")
    assert line.endswith("the first trick, with any card but a heart or Q♠.")
    other = sheet().section("other-ways").blocks[-1].items
    assert line in other
    assert not any(item.endswith("any card but a heart.") for item in other)
    allowed = variant_line(
        CONTENT, HouseRules(first_lead="dealer-left", points_on_first_trick=True), "first_lead"
    )
    assert allowed.endswith("the first trick, with any card but a heart.")


@pytest.mark.parametrize("players", [6, 7, 10])
@pytest.mark.parametrize("card", ["J♦", "10♦"])
def test_cancellation_bonus_says_each_card(players, card):
    bonus_card = {"J♦": "JD", "10♦": "TD"}[card]
    text = sheet(players=players, bonus_card=bonus_card).plain()
    assert f"Each {card} takes 10 off" in text
    assert f"Each {card} takes 10 points off the score of whoever wins it" in text
    assert f"**Omnibus ({card}):** each {card} takes 10 off its winner's score" in variant_line(
        CONTENT, HouseRules(players=players, bonus_card=bonus_card), "bonus_card"
    )
    assert not re.search(rf"(?<![Ee]ach )(?<!\*\* )(?<!\): ){card} takes 10", text)
    assert not re.search(rf"wins {card} takes", text)
    one_deck = main_text(bonus_card=bonus_card)
    assert f"{card} takes 10 points off the score of whoever wins it" in one_deck


def test_the_glossary_follows_the_game_and_the_breaking_rule():
    assert definitions()["Trick"] == (
        "One card from each player in turn; the highest of the suit led takes them all."
    )
    trick = definitions(players=7)["Trick"]
    assert "highest uncancelled card" in trick and "stay for the next winner" in trick
    assert "the highest of the suit led takes them all" not in trick
    assert definitions()["Breaking hearts"] == (
        "The first heart played, after which hearts may be led."
    )
    assert definitions(queen_breaks_hearts=True)["Breaking hearts"] == (
        "The first heart or Q♠ played, after which hearts may be led."
    )
    for rules in (
        {"hearts_any_time": True},
        {"hearts_any_time": True, "queen_breaks_hearts": True},
    ):
        breaking = definitions(**rules)["Breaking hearts"]
        assert "not played here" in breaking and "after which hearts may be led" not in breaking


PARTNERSHIP_RULES = [
    {"ties": "play-on"},
    {"ties": "joint-winners"},
    {"deal": "kitty", "shoot_the_sun": True},
    *[
        {"moon": m}
        for m in (
            "add-to-others",
            "subtract-from-shooter",
            "shooter-chooses",
            "add-unless-it-ends-game",
        )
    ],
]


@pytest.mark.parametrize("rules", PARTNERSHIP_RULES, ids=str)
def test_partnership_sheets_speak_of_teams(rules):
    text = sheet(partnership=True, **rules).plain()
    for slip in (
        "one player is lowest alone",
        "players tied",
        "everyone else",
        "a shooter must end up",
        "Win every trick",
        "the offender takes",
    ):
        assert slip not in text, f"{rules}: says {slip!r}"
    assert "until one total is lowest alone" in text
    assert "the offender's team takes all 26 points" in text
    if rules.get("deal") == "kitty":
        assert "The kitty's point cards count too" in text
        assert (
            "If one team wins every trick (the sun), the same rule applies with 52 in place "
            "of 26" in text
        )
    solo = sheet(**rules).plain()
    if rules.get("deal") == "kitty":
        assert "The kitty's point cards count too" in solo
        assert "Win every trick (the sun) and the same rule applies" in solo


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_a_partnership_tie_is_between_the_two_teams(language):
    """Two teams tie on equal totals; "a tie for the lowest total" reads as if there were more."""
    content = load_content(language)

    def scoring(**rules):
        house = HouseFile(HouseRules.from_mapping({"partnership": True, **rules}))
        return assemble(content, house).plain(("scoring",)).split("\n")

    shared, played_off = scoring(ties="joint-winners"), scoring(ties="play-on")
    tie_lines = {*shared, *played_off} - ({*shared} & {*played_off})
    assert len(tie_lines) == 2
    for line in tie_lines:
        assert any(word in line for word in ("team", "Team", "équipe", "equipo")), line


def test_the_other_tables_lines_agree_with_the_rules_of_each_table():
    """The 'other tables' lines are worked out from the rules of each table."""
    facts = CONTENT.facts

    lines = " ".join(sheet(players=8).section("other-counts").blocks[0].items)
    for players, name in ((3, "Three"), (4, "Four"), (5, "Five")):
        rules = HouseRules(players=players)
        fact = facts(rules)
        line = re.search(rf"\*\*{name} players:\*\*[^*]*", lines).group()
        assert f"{rules.hand_size} " in line and f"{fact['lowest_club']} leads" in line, line
        assert f"the passes: {fact['pass_cycle']}" in line, line
        if rules.removed_cards:
            assert f"take out {fact['removed']}" in line, line
    kitty = re.search(
        r"\*\*A kitty instead[^*]*\*\*[^*]*",
        " ".join(sheet().section("other-counts").blocks[0].items),
    ).group()
    sizes = [HouseRules(players=n, deal="kitty") for n in (3, 4, 5)]
    assert "(3, 4 or 5 players)" in kitty
    assert (
        "deal " + ", ".join(str(r.hand_size) for r in sizes[:2]) + f" or {sizes[2].hand_size}"
        in kitty
    )
    assert (
        ", ".join(str(r.kitty_size) for r in sizes[:2])
        + f" or {sizes[2].kitty_size} cards face down"
        in kitty
    )
    cancellation = re.search(
        r"\*\*Cancellation Hearts[^*]*\*\*[^*]*",
        " ".join(sheet().section("other-counts").blocks[0].items),
    ).group()
    assert f"{HouseRules(players=6).points_per_hand} points a hand" in cancellation
    assert "(6 to 10 players)" in cancellation


# -- every sentence true under every house rule ----------------------------------------------------


def test_the_moon_unless_line_subtracts_only_when_someone_else_would_win():
    line = variant_line(CONTENT, HouseRules(moon="add-unless-it-ends-game"), "moon")
    assert "unless that would end the game with someone else winning" in line
    assert "unless it ends the game:" not in line
    assert line in sheet().section("other-ways").blocks[-1].items


def test_the_q_spade_lines_do_not_read_as_a_contradiction():
    text = main_text()
    assert "Nobody has to play Q♠ early" not in text
    assert "Nobody has to discard Q♠." in text
    assert "With hearts unbroken and only hearts and Q♠ in hand, you must lead her." in text


@pytest.mark.parametrize(
    "moon, check",
    [
        ("add-to-others", "Check: every hand adds up to 26, a moon too."),
        (
            "subtract-from-shooter",
            "Check: a hand adds up to 26, or −26 when a team takes a moon off its total.",
        ),
        (
            "shooter-chooses",
            "Check: a hand adds up to 26 (a moon to the other team too), or −26 when "
            "a team takes a moon off its total.",
        ),
    ],
)
def test_the_partnership_check_is_true_with_a_team_moon(moon, check):
    text = main_text(partnership=True, moon=moon)
    assert check in text
    assert "a normal hand adds up to" not in text


def test_the_glossary_point_cards_leave_the_bonus_card_out():
    assert definitions()["Point cards"].endswith("the cards that score.")
    bonus = definitions(bonus_card="JD")["Point cards"]
    assert "the cards that score" not in bonus and "J♦ takes points off and is not one" in bonus


def test_the_quick_start_carries_the_six_things_a_new_player_needs():
    """Deal, pass, lead and follow, the first-trick limit, breaking hearts, scoring with the
    moon and the end, under the rules in force."""
    for rules, says in [
        (
            {},
            [
                "13 cards each",
                "pass cards face down, a new way each hand: 3 to the left",
                "Whoever holds 2♣ leads it. Follow suit",
                "No heart or Q♠ on the first trick",
                "Lead a heart only once hearts are broken",
                "everyone else scores 26",
                "reaches 100",
            ],
        ),
        (
            {
                "points_on_first_trick": True,
                "hearts_any_time": True,
                "moon": "subtract-from-shooter",
            },
            [
                "Hearts and Q♠ may go on the first trick",
                "lead hearts any time",
                # not "take 26 off your total instead": beside "J♦ takes 10 off" it read as if
                # the moon did away with the bonus card too
                "instead of scoring them, take 26 off your total",
            ],
        ),
        (
            {"players": 7},
            [
                "deal 14 cards each and 6 cards face down as the kitty",
                "No passing",
                "The dealer's left leads",
                "Identical cards in a trick cancel and cannot win",
                "scores 52",
            ],
        ),
        (
            {"partnership": True},
            [
                "partners add their points",
                "A team that wins every heart and Q♠ gives the other team 26",
                "Play until a team reaches 100",
            ],
        ),
        (
            {"players": 3, "deal": "kitty", "target": 50},
            [
                "17 cards each and the last card face down",
                "The lowest club dealt leads",
                "reaches 50",
            ],
        ),
    ]:
        (quick,) = sheet(**rules).section("quick-start").blocks
        assert len(quick.items) == 6 and not any(step.notes for step in quick.items)
        text = " ".join(step.text for step in quick.items)
        for phrase in says:
            assert phrase in text, (rules, phrase)


def test_a_rule_a_player_needs_is_step_text_not_a_note():
    def notes(**rules) -> str:
        steps = sheet(**rules).section("how-to-play").blocks[0].items
        return " ".join(note for step in steps for note in step.notes)

    for rules in (
        {},
        {"players": 7, "bonus_card": "JD"},
        {"bonus_card": "JD", "deal": "kitty", "shoot_the_sun": True},
        {"queen_breaks_hearts": True, "must_dump_queen": True},
    ):
        aside = notes(**rules)
        for rule in ("first trick", "cancel", "J♦", "kitty", "sun", "Q♠", "hold", "scatter"):
            assert rule not in aside, (rules, rule, aside)
    assert "Two identical cards in one trick cancel" in main_text(players=7)
    assert "J♦ takes 10 points off the score of whoever wins it" in main_text(bonus_card="JD")


def table_law(**rules) -> list[str]:
    return [strip_bold(item) for item in sheet(**rules).section("table-law").blocks[0].items]


def test_the_table_law_follows_the_rules():
    assert SECTION_IDS.index("table-law") == SECTION_IDS.index("scoring") + 1
    law = " ".join(table_law())
    for phrase in (
        "First dealer: anyone",
        "the lowest card deals",
        "Misdeal:",
        "the same dealer shuffles and deals again, with no penalty",
        "cards put down to pass stay passed",
        "put them back and choose your pass without looking at them again",
        "Revoke",
        "the offender takes all 26 points",
        "no moon",
        "Looking back: only at the trick just taken",
    ):
        assert phrase in law, phrase
    assert "Moon and" not in law and "cancelled" not in law
    assert "stay passed" not in " ".join(table_law(players=7))
    assert "the offender takes all 52 points" in " ".join(table_law(players=7))
    assert "the offender's team takes all 26 points" in " ".join(table_law(partnership=True))
    omnibus = " ".join(table_law(bonus_card="JD"))
    assert "Moon and J♦: the moon needs every heart and Q♠, never J♦" in omnibus
    assert "a shooter too" in omnibus
    cancelled = " ".join(table_law(players=7))
    assert "First trick all cancelled:" in cancelled
    assert (
        "the first-trick limits are over. Whoever takes the waiting cards takes the kitty "
        "with them."
    ) in cancelled
    assert "kitty" not in " ".join(table_law(players=8))  # 13 each: no kitty
    assert "each J♦'s −10 counts for whoever took it" in " ".join(
        table_law(players=7, bonus_card="JD")
    )
    # a revoke's row under a bonus card is the hand's whole points, not the printed check: the
    # bonus card counts for nobody, as the engine scores it
    for chosen, card, offender in (
        ({"bonus_card": "JD"}, "J♦", "the offender scores"),
        ({"bonus_card": "JD", "players": 7}, "J♦", "the offender scores"),
        ({"bonus_card": "TD", "partnership": True}, "10♦", "the offender's team scores"),
    ):
        rules = HouseRules.from_mapping(chosen)
        row = revoke_points(rules, 0)
        assert sum(row) == max(row) != rules.check_sum
        law = " ".join(table_law(**chosen))
        said = f"{offender} {sum(row)} points and the other"
        assert said in law and f"0; {card} counts for nobody; no moon" in law, law
    assert "counts for nobody" not in " ".join(table_law())


def test_the_omnibus_line_says_the_moon_needs_no_bonus_card():
    (line,) = [
        item
        for item in sheet().section("other-ways").blocks[-1].items
        if item.startswith("**Omnibus (J♦)")
    ]
    assert "a shooter's too; a moon needs no J♦" in line


# -- rules that can never matter --------------------------------------------------------------------


def test_a_dead_rule_is_left_out_and_said_why():
    text = sheet(target=50, exactly_100=0)
    main = text.summary + "\n" + text.plain(MAIN)
    assert "A total of exactly 100 after a hand drops to" not in main
    house = text.plain(("house-rules",))
    assert "Exactly 100" not in house and "not in play" not in house  # never printed
    assert "Game to 50: a short game." in house
    live = main_text(target=75, exactly_100=0)
    assert "A total of exactly 100 after a hand drops to 0" in live
    any_time = sheet(
        hearts_any_time=True, queen_breaks_hearts=True, lead_heart_instead_of_queen=True
    )
    main = any_time.plain(MAIN)
    assert "Q♠ breaks hearts" not in main and "not in play here" not in main
    assert "Hearts any time" in any_time.plain(("house-rules",))
    assert "until a heart or Q♠ has been played" not in main and "lead her or a heart" not in main
    others = " ".join(any_time.section("other-ways").blocks[-1].items)
    assert "Q♠ breaks hearts" not in others and "Heart or Q♠" not in others


def test_our_house_rules_never_lists_a_rule_that_can_never_apply():
    # 8 players deal 13 each: the kitty keys are set but no kitty is dealt
    house = sheet(players=8, deal="kitty", kitty_goes_to="first-trick").plain(("house-rules",))
    assert (
        "kitty" not in house.lower() and "8 players: Cancellation Hearts, with two decks" in house
    )
    # only dead rules set: the standard game, as the lead-in says
    assert (
        sheet(hearts_any_time=False, target=100, exactly_100="none")
        .plain(("house-rules",))
        .endswith("We play the standard game, as above.")
    )
    only_dead = sheet(target=50, exactly_100=50).plain(("house-rules",)).splitlines()
    assert only_dead[1:] == [
        "Where we differ from the standard game (the text above already says so):",
        "Game to 50: a short game.",
    ]


def test_check_lines_name_the_dead_rule_and_what_would_make_it_matter():
    from sheets.text import warning_lines

    assert warning_lines(HouseRules()) == []
    (line,) = warning_lines(HouseRules(target=50, exactly_100=50))
    assert line.startswith("warning: exactly_100: never applies: in a game to 50")
    assert line.endswith(
        "it would matter with target: 75 or more, shoot_the_sun: true, or ties: play-on"
    )


@pytest.mark.parametrize("moon", OPTIONS_BY_KEY["moon"].choices)
def test_a_partnership_moon_is_worded_for_teams(moon):
    line = variant_line(CONTENT, HouseRules(partnership=True, moon=moon), "moon")
    assert "team" in line
    for solo in ("every other total", "the shooter's", "the shooter scores", "someone else"):
        assert solo not in line, line
    solo_line = variant_line(CONTENT, HouseRules(moon=moon), "moon")
    assert "team" not in solo_line


def test_the_sun_line_says_what_the_hand_scores_not_what_a_trick_does():
    line = variant_line(CONTENT, HouseRules(shoot_the_sun=True), "shoot_the_sun")
    assert "scored as a moon worth 52 instead of 26" in line
    assert "every trick scores" not in line


def test_cancellation_states_the_decisions_on_waiting_piles_and_the_sun():
    text = main_text(players=8, shoot_the_sun=True)
    assert (
        "the next trick that has a winner takes every pile waiting (if the last trick "
        "cancels, its leader takes them)"
    ) in text
    assert (
        "If one player takes every card of the hand, every pile left waiting included (the "
        "sun)" in text
    )
    assert (
        "and when spades are led and a K♠ or A♠ that no identical card has cancelled is already "
        "in the trick" in main_text(players=8, must_dump_queen=True)
    )
    assert "that no identical card has cancelled" not in main_text(must_dump_queen=True)


def test_the_first_trick_limit_reads_right_on_any_lead():
    """With the dealer's left leading, a spade or a heart may be led to trick 1: the sheet says
    the limit narrows the cards that follow suit too, and a Q♠ that is the only card of the
    suit led must go (table law); with the lowest club leading, followers play clubs."""
    left = main_text(first_lead="dealer-left")
    assert (
        "Nobody may play a heart or Q♠ on it while holding another card they could play, of "
        "the suit led or, if void, of any suit; with nothing else, any of them may be played, "
        "Q♠ included."
    ) in left
    club = main_text()
    assert "of the suit led or, if void" not in club
    assert "unless their hand holds nothing else; then any of those may be played" in club
    # a discard on trick 1 is within the limit, said where discards are
    assert "discard any card (on the first trick, within its limit)" in club
    assert "within its limit" not in main_text(points_on_first_trick=True)


def test_the_quick_start_names_every_rule_that_changes_play_or_the_score():
    quick = " ".join(
        step.text
        for step in sheet(must_dump_queen=True, shoot_the_sun=True, exactly_100=50)
        .section("quick-start")
        .blocks[0]
        .items
    )
    assert "you score 0 while everyone else scores 26" in quick
    assert "Holding Q♠, play her as soon as she cannot win." in quick
    assert "A total of exactly 100 drops to 50." in quick
    plain = " ".join(step.text for step in sheet().section("quick-start").blocks[0].items)
    assert "as soon as she cannot win" not in plain and "exactly 100" not in plain


def test_a_cycle_is_named_so_that_its_name_alone_says_it():
    line = variant_line(CONTENT, HouseRules(players=5, passing=["scatter", "hold"]), "passing")
    assert line.startswith("**Passes: scatter, then no pass.**")
    assert variant_line(CONTENT, HouseRules(passing=["left", "right"]), "passing").startswith(
        "**Passes: left, then right.**"
    )
    others = " ".join(sheet(players=7).section("other-ways").blocks[-1].items)
    assert "**Passes: left, every hand.**" in others  # a direction for a no-pass table
    assert "**No passing:**" in " ".join(
        sheet(passing=["left"]).section("other-ways").blocks[-1].items
    )


def test_a_partnership_sheet_offers_the_four_player_game_without_teams():
    lines = " ".join(sheet(partnership=True).section("other-counts").blocks[0].items)
    assert "**Four players each for themselves:** the standard game" in lines
    assert "Four players each" not in " ".join(sheet().section("other-counts").blocks[0].items)


@pytest.mark.parametrize("black_maria", [False, True])
def test_the_first_trick_limit_never_claims_no_points_while_spades_score(black_maria):
    """K♠ and A♠ score under Black Maria but are never barred from the first trick, so the
    limit's line (printed by check and variants) names what it bars, not "no points"."""
    rules = HouseRules(black_maria=black_maria)
    said = variant_line(load_content(), rules, "points_on_first_trick")
    assert ("No points on the first trick" in said) is not black_maria, said
    assert ("K♠ and A♠ may go on it" in said) is black_maria, said


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_lines_for_a_table_say_why_and_never_call_another_game_standard(code):
    """Who takes the kitty, where none is dealt, says why: cards taken out at 3 and 5 players,
    an even deal at 4 and at a Cancellation table that uses every card; a cycle of hold hands
    only reads as no passing; a partnership's table is never "the standard game"."""
    content = load_content(code)
    dead = {n: printed_line(content, HouseRules(players=n), "kitty_goes_to") for n in (3, 4, 5, 8)}
    assert dead[3] == dead[5].replace("5", "3") and dead[4] == dead[8].replace("8", "4"), dead
    assert dead[3].replace("3", "4") != dead[4], f"{code}: 3 and 4 players say the same: {dead}"
    if code == "en":
        assert "cards are taken out" in dead[3] and "go round evenly" in dead[4]
    holds = HouseRules(passing=("hold", "hold"))
    assert variant_line(content, holds, "passing") == variant_line(
        content, HouseRules(passing=("hold",)), "passing"
    )
    standard = variant_line(content, HouseRules(), "players")
    teams = variant_line(content, HouseRules(partnership=True), "players")
    assert standard == teams  # the same count as the standard game, said so for both
    if code == "en":
        assert teams == "**Four players:** as in the standard game."
