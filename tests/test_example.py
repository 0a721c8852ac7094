"""The worked example: found by the engine, and every narrated fact is what the engine says."""

from __future__ import annotations

import itertools

import pytest

from sheets.bundle import load_content
from sheets.cards import HEARTS, QUEEN_OF_SPADES, Card
from sheets.engine import Hand, HouseRules
from sheets.example import find_example

CONTENT = load_content()
PATTERNS = CONTENT.example

RULE_SETS = [
    {},
    {"points_on_first_trick": True},
    {"first_lead": "dealer-left"},
    {"must_dump_queen": True},
    {"must_dump_queen": True, "points_on_first_trick": True},
    {"hearts_any_time": True},
    {"points_on_first_trick": True, "queen_breaks_hearts": True},
    {"bonus_card": "JD", "points_on_first_trick": True},
    {"deal": "kitty"},
    {"players": 3},
    {"players": 5},
    {"players": 5, "deal": "kitty"},
    {"partnership": True},
    {"players": 6},
    {"players": 8},
    {"players": 10},
]


def replay(example):
    """Play the example's cards again through a fresh engine and yield each position."""
    hand = Hand.random(
        example.rules, seed=example.seed, dealer=example.dealer, pass_direction="hold"
    )
    for step in example.steps:
        yield hand, step
        hand.play(step.card)
    yield hand, None


@pytest.mark.parametrize(
    "mapping", RULE_SETS, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items()) or "standard"
)
@pytest.mark.parametrize("seed", [0, 1000])
def test_narrated_facts_are_what_the_engine_reports(mapping, seed):
    rules = HouseRules.from_mapping(mapping)
    example = find_example(rules, PATTERNS, seed=seed)
    assert example.seed >= seed
    led = example.steps[0].card.suit
    for hand, step in replay(example):
        if step is None:
            break
        assert hand.to_play == step.seat
        assert hand.seat_name(step.seat) == step.name
        assert step.legal == hand.legal_plays()
        assert step.card in hand.legal_plays()
        assert step.held_of_suit == tuple(c for c in hand.held(step.seat) if c.suit == led)
        for card in step.refused:  # what the text calls illegal, the engine refuses
            assert card in hand.held(step.seat) and card not in hand.legal_plays()
        assert step.name in step.sentence and step.card.symbol in step.sentence
    trick = hand.tricks[0]
    assert trick == example.trick
    assert hand.to_play == example.next_leader
    assert example.next_legal == hand.legal_plays()
    for card in example.next_refused:
        assert card not in hand.legal_plays() and card.suit == HEARTS
    winner = hand.seat_name(trick.winner)
    assert example.result_sentence.startswith(winner)
    assert trick.winning_card.symbol in example.result_sentence
    taken = hand.points()[trick.taker]  # the trick's points and the kitty's, if it went too
    assert example.points_taken == taken and example.kitty == hand.kitty
    assert example.kitty_taker == hand.kitty_taker
    if taken == 0:
        assert "no points" in example.result_sentence
    else:
        assert f"{abs(taken)} point" in example.result_sentence
        assert ("points off" in example.result_sentence) is (taken < 0)
    if hand.kitty and hand.kitty_taker is not None:
        assert hand.kitty_taker == trick.taker
        kitty = " ".join(c.symbol for c in sorted(hand.kitty, reverse=True))
        assert f"takes the kitty ({kitty}) with the trick: " in example.result_sentence
    elif hand.kitty:
        assert "The kitty stays face down" in example.result_sentence
    else:
        assert "kitty" not in example.result_sentence
    if "not a heart" in example.next_sentence:
        assert not rules.hearts_any_time and not hand.hearts_broken
        assert any(c.suit == HEARTS for c in hand.held(example.next_leader))
        assert not any(c.suit == HEARTS for c in hand.legal_plays())


def test_the_standard_scene_is_the_specifications():
    example = find_example(HouseRules(), PATTERNS)
    lead, win, void, low = example.steps
    assert lead.card == Card.parse("2C") and lead.role == "lead"
    assert win.role == "winning" and win.card.suit == 0 and win.card.rank >= 9
    assert example.trick.winner == win.seat
    assert void.role == "barred" and void.held_of_suit == ()
    assert void.refused == (QUEEN_OF_SPADES,) and void.card.suit == 1
    assert low.role == "low" and low.card < win.card
    assert example.next_leader == win.seat and example.next_refused
    assert "not a heart" in example.next_sentence


def test_rules_change_the_scene():
    standard = find_example(HouseRules(), PATTERNS)
    dump = find_example(HouseRules(points_on_first_trick=True), PATTERNS)
    assert dump.steps[2].card == QUEEN_OF_SPADES and dump.steps[2].role == "dump"
    assert dump.trick.points == 13 and "13 points" in dump.result_sentence
    assert standard.trick.points == 0 and "no points" in standard.result_sentence
    broken = find_example(
        HouseRules(points_on_first_trick=True, queen_breaks_hearts=True), PATTERNS
    )
    assert "hearts are broken" in broken.next_sentence
    any_time = find_example(HouseRules(hearts_any_time=True), PATTERNS)
    assert "hearts included" in any_time.next_sentence
    left = find_example(HouseRules(first_lead="dealer-left"), PATTERNS)
    assert "sits on North's left" in left.steps[0].sentence
    five = find_example(HouseRules(players=5), PATTERNS)
    assert five.steps[0].card == Card.parse("3C") and len(five.steps) == 5


@pytest.mark.parametrize(
    "mapping",
    [
        {"players": 6},
        {"players": 7},
        {"players": 10},
        {"players": 6, "bonus_card": "JD"},
        {"players": 3, "deal": "kitty", "kitty_goes_to": "first-trick"},
    ],
    ids=str,
)
def test_a_first_trick_kitty_is_taken_and_counted_in_the_example(mapping):
    """The first trick's winner takes the kitty, points and all: the example says so."""
    rules = HouseRules.from_mapping(mapping)
    example = find_example(rules, PATTERNS)
    hand = Hand.random(rules, seed=example.seed, dealer=example.dealer, pass_direction="hold")
    for step in example.steps:
        hand.play(step.card)
    assert hand.kitty and hand.kitty_taker == example.trick.winner
    winner = example.steps[[s.seat for s in example.steps].index(example.trick.winner)].name
    assert example.result_sentence.startswith(f"{winner} wins with ")
    assert "takes the kitty (" in example.result_sentence
    assert "takes no points" not in example.result_sentence
    assert example.points_taken == hand.points()[example.trick.winner]


def test_a_first_points_kitty_goes_with_a_trick_that_carries_points():
    dump = find_example(HouseRules(deal="kitty", points_on_first_trick=True), PATTERNS)
    assert dump.trick.points >= 13 and dump.kitty_taker == dump.trick.winner
    assert dump.points_taken == dump.trick.points + sum(
        (13 if c == QUEEN_OF_SPADES else 1)
        for c in dump.kitty
        if c.suit == HEARTS or c == QUEEN_OF_SPADES
    )
    assert "in all" in dump.result_sentence
    waits = find_example(HouseRules(deal="kitty"), PATTERNS)
    assert waits.trick.points == 0 and waits.kitty_taker is None
    assert waits.result_sentence.endswith(
        "The kitty stays face down until someone wins a heart or Q♠."
    )


def test_north_deals_the_example_as_on_the_score_sheet():
    for mapping in ({}, {"first_lead": "dealer-left"}, {"players": 7}):
        example = find_example(HouseRules.from_mapping(mapping), PATTERNS)
        assert example.dealer == 0
        first = "North" if example.rules.players == 4 else "Player 1"
        assert f"{first} deals" in example.intro
    left = find_example(HouseRules(first_lead="dealer-left"), PATTERNS)
    assert left.steps[0].name == "East"
    assert left.steps[0].sentence.startswith("East sits on North's left")
    for sentence in left.sentences:  # printed unnumbered: each sentence names its seat
        assert any(name in sentence for name in ("North", "East", "South", "West"))


def test_the_example_says_where_it_starts_in_the_hand():
    """The first hand has a pass under most cycles, which the example does not play: it says it
    starts from the first lead, after the pass; where the first hand has none, it says so; at a
    table that never passes, it says that, not that the first hand alone keeps its cards."""
    passed = find_example(HouseRules(), PATTERNS)
    assert "from the first lead, after the pass" in passed.intro
    held = find_example(HouseRules(passing=["hold", "left"]), PATTERNS)
    assert "after the pass" not in held.intro
    assert held.intro.endswith("deals, and the first hand has no pass.")
    for rules in (HouseRules(players=7), HouseRules(partnership=True, passing=["hold"])):
        never = find_example(rules, PATTERNS)
        assert "first hand" not in never.intro and "after the pass" not in never.intro
        assert never.intro.endswith("deals; at this table nobody ever passes cards.")


def test_the_dealers_left_lead_names_every_card_barred_from_opening():
    barred = find_example(HouseRules(first_lead="dealer-left"), PATTERNS)
    assert barred.steps[0].sentence.endswith("Neither a heart nor Q♠ may open the hand.")
    allowed = find_example(
        HouseRules(first_lead="dealer-left", points_on_first_trick=True), PATTERNS
    )
    assert allowed.steps[0].sentence.endswith("A heart may not open the hand.")
    assert "Q♠" not in allowed.steps[0].sentence
    cancellation = find_example(HouseRules(players=8), PATTERNS)
    assert cancellation.steps[0].sentence.endswith("Neither a heart nor Q♠ may open the hand.")


def test_a_broken_heart_may_be_led_not_lead():
    broken = find_example(
        HouseRules(points_on_first_trick=True, queen_breaks_hearts=True), PATTERNS
    )
    assert broken.next_sentence.endswith("hearts are broken, so a heart may be led.")


def test_the_same_seed_gives_the_same_example():
    for mapping in RULE_SETS[:4]:
        rules = HouseRules.from_mapping(mapping)
        assert find_example(rules, PATTERNS) == find_example(rules, PATTERNS)


def test_every_combination_of_first_trick_switches_gives_a_true_example():
    keys = (
        "points_on_first_trick",
        "queen_breaks_hearts",
        "hearts_any_time",
        "must_dump_queen",
        "lead_heart_instead_of_queen",
    )
    for values in itertools.product((False, True), repeat=len(keys)):
        for first_lead in ("lowest-club", "dealer-left"):
            rules = HouseRules(first_lead=first_lead, **dict(zip(keys, values)))
            example = find_example(rules, PATTERNS)
            for hand, step in replay(example):
                if step is not None:
                    assert step.card in hand.legal_plays()
            assert example.trick.winner is not None


def test_players_who_follow_low_in_a_row_are_said_in_one_sentence():
    example = find_example(HouseRules(players=10), PATTERNS)
    narration = example.narration
    assert len(narration) < len(example.steps)  # a run of brief follows became one sentence
    text = " ".join(narration)
    for step in example.steps:  # every seat and card is still said
        assert step.name in text and step.card.symbol in text
    (many,) = [s for s in narration if " follow in turn with " in s]
    seats, cards = many.removesuffix(".").split(" follow in turn with ")
    assert seats.count(" and ") == 1 and cards.count(" and ") == 1
    assert example.sentences[: len(narration)] == narration
    four = find_example(HouseRules(), PATTERNS)
    assert four.narration == tuple(s.sentence for s in four.steps)  # nothing to run together


def test_a_leader_whose_card_is_cancelled_is_still_marked_as_the_leader():
    example = find_example(HouseRules(players=10), PATTERNS)
    lead = example.steps[0]
    if lead.cancelled:
        assert lead.caption == "leads, cancelled"
    else:
        assert lead.caption == "leads"
    assert any(
        find_example(HouseRules(players=n), PATTERNS).steps[0].caption == "leads, cancelled"
        for n in (7, 8, 9, 10)
    )


def test_a_follower_is_said_to_follow_suit_not_to_be_made_to_play_a_card():
    low = [s for s in find_example(HouseRules(), PATTERNS).steps if s.role == "low"]
    assert low and low[0].sentence.endswith(f", must follow suit, and plays {low[0].card.symbol}.")
