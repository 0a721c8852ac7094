"""Shared helpers for the engine tests: random legal play and state snapshots."""

from __future__ import annotations

import random

from sheets.engine import Hand, HouseRules


def play_out(hand: Hand, rng: random.Random, check=None) -> Hand:
    """Pass and play a hand to the end with random legal choices; ``check(hand)`` runs after
    every play."""
    if hand.phase == "pass":
        count = hand.rules.pass_count(hand.pass_direction)
        for seat in range(hand.players):
            hand.pass_cards(seat, rng.sample(hand.held(seat), count))
    while hand.phase == "play":
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
