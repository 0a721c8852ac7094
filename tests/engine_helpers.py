"""Shared helpers for the engine tests: random legal play, state snapshots, deals written as
text and the specification's worked example."""

from __future__ import annotations

import random

from sheets.engine import Card, Hand, HouseRules, Phase


def play_out(hand: Hand, rng: random.Random, check=None) -> Hand:
    """Pass and play a hand to the end with random legal choices; ``check(hand)`` runs after
    every play."""
    if hand.phase is Phase.PASS:
        count = hand.rules.pass_count(hand.pass_direction)
        for seat in range(hand.players):
            hand.pass_cards(seat, rng.sample(hand.held(seat), count))
    while hand.phase is Phase.PLAY:
        hand.play(rng.choice(hand.legal_plays()))
        if check:
            check(hand)
    return hand


def random_hand(rules: HouseRules, seed: int) -> Hand:
    """A reproducible hand played to the end."""
    hand = Hand.random(rules, seed=seed, dealer=seed % rules.players, hand_number=seed)
    return play_out(hand, random.Random(seed))


def snapshot(hand: Hand) -> tuple:
    """Everything that describes a hand's state, for comparing before and after an undo."""
    return (
        hand.phase,
        tuple(hand.held(s) for s in range(hand.players)),
        tuple(hand.tricks),
        hand.current_trick,
        hand.table_pile,
        hand.hearts_broken,
        hand.kitty_taker,
        hand.points(),
        hand.point_cards_taken(),
        hand.tricks_taken(),
        hand.to_play,
        hand.leader,
        hand.legal_plays(),
    )


def seat_deal(*hands: str) -> list[list[str]]:
    """A deal written as one space-separated string per seat."""
    return [h.split() for h in hands]


def cards(text: str) -> set[Card]:
    """Cards written as one space-separated string, as a set."""
    return {Card.parse(t) for t in text.split()}


# North leads the 2♣, East wins with K♣, South (no clubs, no hearts) holds Q♠, West follows low.
EXAMPLE = seat_deal(
    "2C 3C 4C 2D 3D 4D 2S 3S 4S 2H 3H 4H 5H",
    "KC 6C 7C 5D 6D 7D 5S 6S 7S 6H 7H 8H 9H",
    "QS AD KD QD JD TD 9D 8D 8S KS JS TS 9S",
    "5C 8C 9C TC JC QC AC AS TH JH QH KH AH",
)


def example_hand(**rules) -> Hand:
    """The specification's worked example, West dealing, no pass, under some house rules."""
    return Hand(HouseRules(**rules), EXAMPLE, dealer=3, pass_direction="hold")
