"""A hand's life: the pass, its phases, the two errors it raises (text that is no card, and a
deal, pass or play the rules do not allow), its outcome, and properties of thousands of random
hands (every card played once, the points adding up, undo exact)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import EXAMPLE, cards, example_hand, play_out, random_hand, seat_deal, snapshot

from sheets.cards import CARDS, mask_of
from sheets.engine import (
    Card,
    Deal,
    Hand,
    HouseRules,
    IllegalPlayError,
    InvalidCardError,
    Moon,
    Outcome,
    Phase,
    Play,
    random_deal,
    random_holdings,
)
from sheets.scoring import Game

# -- passing ---------------------------------------------------------------------------------------


def test_passing_left_moves_cards_one_seat_clockwise():
    hand = Hand(HouseRules(), EXAMPLE, dealer=3, hand_number=0)
    assert hand.phase is Phase.PASS and hand.pass_direction == "left"
    given = {0: "2H 3H 4H", 1: "7H 8H 9H", 2: "QS KS JS", 3: "AH KH QH"}
    for seat, text in given.items():
        hand.pass_cards(seat, text.split())
        if seat < 3:
            assert hand.phase is Phase.PASS
            assert cards(text) <= set(hand.held(seat))  # nothing moves before everyone passed
    assert hand.phase is Phase.PLAY
    for seat, text in given.items():
        assert cards(text) <= set(hand.held((seat + 1) % 4))


def test_scatter_passes_one_card_to_each_other_player():
    hand = Hand(HouseRules(passing=["scatter"]), EXAMPLE, dealer=3)
    assert hand.pass_direction == "scatter"
    hand.pass_cards(0, ["2H", "3H", "4H"])
    for seat in (1, 2, 3):
        hand.pass_cards(seat, hand.held(seat)[:3])
    held = [set(hand.held(s)) for s in range(4)]
    assert Card.parse("2H") in held[1] and Card.parse("3H") in held[2]
    assert Card.parse("4H") in held[3]


# -- phases ----------------------------------------------------------------------------------------


def test_a_hand_moves_from_the_pass_through_the_play_to_its_end():
    hand = Hand(HouseRules(), EXAMPLE, dealer=3)
    assert hand.phase is Phase.PASS
    assert hand.phase == "pass" and f"{hand.phase}" == "pass"  # the phase reads as its name
    assert repr(hand) == "<Hand 4 players, hand 0, pass, 0 tricks>"
    assert hand.legal_plays() == () and not hand.is_legal("2C")
    assert hand.why_illegal("2C") == "the hand is in its pass phase"
    assert hand.outcome() is None
    for seat in range(4):
        hand.pass_cards(seat, hand.held(seat)[:3])
    assert hand.phase is Phase.PLAY and hand.legal_plays() == (Card.parse("2C"),)
    play_out(hand, random.Random(3))
    assert hand.phase is Phase.OVER and hand.legal_plays() == ()
    assert repr(hand) == "<Hand 4 players, hand 0, over, 13 tricks>"
    last = hand.undo()  # the last card is back in its hand, and may be played again
    assert hand.phase is Phase.PLAY and hand.legal_plays() == (last,)
    assert hand.outcome() is None
    hand.play(last)
    assert hand.phase is Phase.OVER


# -- errors: text that is no card, and what the rules do not allow ---------------------------------

NOT_A_CARD = "{!r} is not a card: expected a rank of 23456789TJQKA (or 10) and a suit of CDHS"


def test_text_that_is_no_card_is_an_invalid_card_wherever_a_card_is_given():
    dealt = [list(h) for h in EXAMPLE]
    dealt[2][0] = "Q♠"
    with pytest.raises(InvalidCardError) as refused:
        Hand(HouseRules(), dealt)
    assert str(refused.value) == NOT_A_CARD.format("Q♠")
    hand = Hand(HouseRules(), EXAMPLE, dealer=3)
    with pytest.raises(InvalidCardError) as refused:
        hand.pass_cards(0, ["2H", "3H", "4X"])
    assert str(refused.value) == NOT_A_CARD.format("4X")
    hand.pass_cards(0, ["2H", "3H", "4H"])  # nothing was put down: North passes once, now
    hand = example_hand()
    for ask in (hand.play, hand.is_legal, hand.why_illegal):
        with pytest.raises(InvalidCardError) as refused:
            ask("1C")
        assert str(refused.value) == NOT_A_CARD.format("1C")
        assert not isinstance(refused.value, IllegalPlayError)
    assert hand.move_stack == () and hand.to_play == 0  # nothing was played


def _in_play(*plays: str) -> Hand:
    """The worked example after some plays."""
    hand = example_hand()
    for card in plays:
        hand.play(card)
    return hand


def _passing(*passed: str) -> Hand:
    """The example's deal passing left, North having passed some cards."""
    hand = Hand(HouseRules(), EXAMPLE, dealer=3)
    if passed:
        hand.pass_cards(0, passed)
    return hand


REFUSED = {
    # deals
    "a hand short": (
        lambda: Hand(HouseRules(), EXAMPLE[:3]),
        "a deal for 4 players needs 4 hands, got 3",
    ),
    "a card short": (
        lambda: Hand(HouseRules(), [EXAMPLE[0][:12], *EXAMPLE[1:]]),
        "North must be dealt 13 cards, got 12",
    ),
    "a card twice": (
        lambda: Hand(HouseRules(), [EXAMPLE[0], ["2C", *EXAMPLE[1][1:]], *EXAMPLE[2:]]),
        "2C is dealt 2 times; this deck has 1",
    ),
    "no such dealer": (
        lambda: Hand(HouseRules(), EXAMPLE, dealer=4),
        "dealer must be a seat from 0 to 3, got 4",
    ),
    "no such pass": (
        lambda: Hand(HouseRules(), EXAMPLE, pass_direction="second-left"),
        "cannot pass second-left: second-left needs 5 or more players",
    ),
    # passes
    "too few passed": (
        lambda: _passing().pass_cards(0, ["2H", "3H"]),
        "North must pass 3 cards, not 2",
    ),
    "passing a card not held": (
        lambda: _passing().pass_cards(0, ["2H", "3H", "AH"]),
        "North may not pass AH: not held",
    ),
    "passing twice": (
        lambda: _passing("2H", "3H", "4H").pass_cards(0, ["2C", "3C", "4C"]),
        "North may not pass twice",
    ),
    "no such seat": (lambda: _passing().pass_cards(4, ["2H", "3H", "4H"]), "there is no seat 4"),
    "passing in play": (
        lambda: _in_play().pass_cards(0, ["2H", "3H", "4H"]),
        "North may not pass: the hand is in its play phase",
    ),
    # plays
    "playing a card not held": (lambda: _in_play().play("KC"), "North may not play KC: not held"),
    "the lowest club leads": (
        lambda: _in_play().play("3C"),
        "North may not play 3C: the first trick must be led with 2C",
    ),
    "follow suit": (
        lambda: _in_play("2C").play("5D"),
        "East may not play 5D: must follow suit (clubs)",
    ),
    "no points on trick one": (
        lambda: _in_play("2C", "KC").play("QS"),
        "South may not play QS: no points on the first trick",
    ),
    "hearts not broken": (
        lambda: _in_play("2C", "KC", "AD", "5C").play("6H"),
        "East may not play 6H: hearts are not broken",
    ),
    "playing in the pass": (
        lambda: _passing().play("2C"),
        "2C may not be played: the hand is in its pass phase",
    ),
    "playing when over": (
        lambda: play_out(example_hand(), random.Random(0)).play("2C"),
        "2C may not be played: the hand is in its over phase",
    ),
    "taking back nothing": (lambda: _in_play().undo(), "there is no play to take back"),
}


@pytest.mark.parametrize("attempt, message", REFUSED.values(), ids=REFUSED)
def test_what_the_rules_do_not_allow_is_an_illegal_play_naming_the_card_and_the_rule(
    attempt, message
):
    with pytest.raises(IllegalPlayError) as refused:
        attempt()
    assert str(refused.value) == message
    assert not isinstance(refused.value, InvalidCardError)


# -- how a hand comes out --------------------------------------------------------------------------


def test_the_outcome_is_the_points_each_side_took_and_who_shot_the_moon():
    hand = play_out(example_hand(), random.Random(0))
    assert hand.points() == (0, 0, 1, 25)
    assert hand.outcome() == Outcome(points=(0, 0, 1, 25), shooter=None, sun=False)
    teams = HouseRules(partnership=True).side_seats  # North–South, East–West
    assert hand.outcome(teams) == Outcome(points=(1, 25), shooter=None, sun=False)


def test_bonus_card_counts_minus_ten():
    rules = HouseRules(bonus_card="JD")
    for seed in range(50):
        hand = random_hand(rules, seed)
        assert sum(hand.points()) == 16
    assert rules.check_sum == 16


def _moon_deal() -> list[list[str]]:
    # North holds every heart and leads first (dealer West, dealer's left leads): North takes all.
    return seat_deal(
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    )


def test_a_moon_and_a_sun_are_found_in_a_played_hand():
    for sun in (False, True):
        rules = HouseRules(first_lead="dealer-left", shoot_the_sun=sun)
        hand = play_out(
            Hand(rules, _moon_deal(), dealer=3, pass_direction="hold"), random.Random(1)
        )
        assert hand.points() == (26, 0, 0, 0)
        assert hand.moon_shooter == 0
        assert hand.sun_shooter == (0 if sun else None)
        assert hand.outcome() == Outcome(points=(26, 0, 0, 0), shooter=0, sun=sun)
        game = Game(rules)
        record = game.record_hand(hand)
        assert record.scores == ((0, 52, 52, 52) if sun else (0, 26, 26, 26))


# -- deals -----------------------------------------------------------------------------------------


def test_a_generator_deals_as_random_shuffle_with_it_would():
    rules = HouseRules()
    rng = random.Random(7)
    first = Hand.random(rules, rng=rng, dealer=3)
    assert first.deal == Hand.random(rules, seed=7, dealer=3).deal
    second = Hand.random(rules, rng=rng, dealer=3)  # the generator has moved on
    again = random.Random(7)
    again.shuffle(list(CARDS))
    deck = list(CARDS)
    again.shuffle(deck)
    assert second.deal == tuple(tuple(sorted(deck[seat::4])) for seat in range(4))
    with pytest.raises(ValueError, match="not both"):
        Hand.random(rules, seed=7, rng=rng)


def test_random_holdings_are_the_masks_of_the_same_deal():
    for rules in (
        HouseRules(),
        HouseRules(players=3),
        HouseRules(deal="kitty"),
        HouseRules(players=6),
        HouseRules(players=10),
    ):
        for seed in range(20):
            dealer = seed % rules.players
            deal = random_deal(rules, seed, dealer=dealer)
            assert random_holdings(rules, seed, dealer=dealer) == [mask_of(h) for h in deal.hands]


# -- properties over many random hands -------------------------------------------------------------

RULE_MIX = [
    HouseRules(),
    HouseRules(points_on_first_trick=True, queen_breaks_hearts=True),
    HouseRules(hearts_any_time=True, must_dump_queen=True),
    HouseRules(first_lead="dealer-left", lead_heart_instead_of_queen=True),
    HouseRules(bonus_card="JD", shoot_the_sun=True, passing=["left", "right", "across", "scatter"]),
]


def test_ten_thousand_random_hands_obey_the_invariants():
    for i in range(10_000):
        rules = RULE_MIX[i % len(RULE_MIX)]
        hand = random_hand(rules, i)
        assert hand.phase is Phase.OVER
        played = [c for t in hand.tricks for c in t.cards]
        assert sorted(played) == sorted(c for cards_ in hand.deal for c in cards_)
        assert len(played) == 52 and len(hand.tricks) == 13
        for before, after in zip(hand.tricks, hand.tricks[1:]):
            assert after.leader == before.winner
        assert sum(hand.points()) == rules.check_sum
        game = Game(rules)
        record = game.record_hand(hand)
        if record.shooter is None:
            assert sum(record.scores) == rules.check_sum
        else:
            value = rules.sun_value if record.sun else rules.moon_value
            added = value * 3 if record.moon_rule == "add-to-others" else -value
            assert sum(record.scores) == added + (rules.check_sum - rules.points_per_hand)


def test_undo_restores_the_exact_state():
    for i in range(300):
        rules = RULE_MIX[i % len(RULE_MIX)]
        hand = Hand.random(rules, seed=i, hand_number=i)
        rng = random.Random(i)
        if hand.phase is Phase.PASS:
            count = rules.pass_count(hand.pass_direction)
            for seat in range(4):
                hand.pass_cards(seat, rng.sample(hand.held(seat), count))
        while hand.phase is Phase.PLAY:
            before = snapshot(hand)
            card = rng.choice(hand.legal_plays())
            hand.play(card)
            after = snapshot(hand)
            assert hand.undo() == card
            assert snapshot(hand) == before
            hand.play(card)
            assert snapshot(hand) == after


def test_house_rules_round_trip_through_their_mapping():
    for rules in RULE_MIX + [
        HouseRules(players=8, bonus_card="TD"),
        HouseRules(partnership=True, passing=["partner"]),
    ]:
        assert HouseRules.from_mapping(rules.to_mapping()) == rules


# -- named records ---------------------------------------------------------------------------------


def test_plays_tricks_deals_and_moons_are_named_records():
    hand = example_hand()
    for c in "2C KC AD".split():
        hand.play(c)
    assert hand.current_trick[1] == Play(seat=1, card=Card.parse("KC"))
    hand.play("5C")
    trick = hand.tricks[0]
    assert trick.plays == (
        Play(0, Card.parse("2C")),
        Play(1, Card.parse("KC")),
        Play(2, Card.parse("AD")),
        Play(3, Card.parse("5C")),
    )
    assert hand.move_stack == trick.plays
    assert trick.cards == tuple(p.card for p in trick.plays)
    deal = random_deal(HouseRules(deal="kitty"), seed=3)
    assert isinstance(deal, Deal) and len(deal.hands) == 4 and len(deal.kitty) == 4
    assert hand.moon() == Moon(side=None, sun=False)
