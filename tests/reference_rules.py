"""The rules of legal play written a second time, straight from the rule specification and as
plainly as possible: sets of cards, no masks, no caching, no rung order borrowed from the engine.

:func:`legal_by_the_book` reads a :class:`~sheets.engine.Hand` only through its public state (the
cards held, the finished tricks, the trick in progress) and says which cards the seat to play may
play. The engine's ladder must give the same set in every position; the tests and the sweep
compare them card by card.
"""

from __future__ import annotations

from sheets.cards import HEARTS, SPADES, Card
from sheets.engine import Hand

QS = Card.parse("QS")
HIGHER_SPADES = (Card.parse("KS"), Card.parse("AS"))


def _is_point(card: Card) -> bool:
    return card.suit == HEARTS or card == QS


def _unless_nothing_else(cards: set[Card], barred) -> set[Card]:
    """The cards not barred, or all of them when every one is barred."""
    rest = {c for c in cards if not barred(c)}
    return rest or cards


def legal_by_the_book(hand: Hand) -> set[Card]:
    """The cards the seat to play may play, by the specification's sections 1, 2, 4 and 8."""
    rules = hand.rules
    seat = hand.to_play
    held = set(hand.held(seat))
    trick = [p.card for p in hand.current_trick]
    first_trick = not hand.tricks
    points_barred = first_trick and not rules.points_on_first_trick
    if not trick:  # leading
        if first_trick:
            clubs = sorted(c for c in held if c.suit == 0)
            if rules.first_lead == "lowest-club" and clubs:
                return {clubs[0]}  # the leader holds the lowest club dealt: lead it
            # the dealer's left: no heart unless the hand is all hearts ...
            allowed = _unless_nothing_else(held, lambda c: c.suit == HEARTS)
            # ... and no Q♠ while points are barred, unless nothing else
            if points_barred:
                allowed = _unless_nothing_else(allowed, _is_point)
            return allowed
        played = [c for t in hand.tricks for c in t.cards]
        broken = any(c.suit == HEARTS for c in played) or (
            rules.queen_breaks_hearts and QS in played
        )
        if broken or rules.hearts_any_time:
            return held
        non_hearts = {c for c in held if c.suit != HEARTS}
        if not non_hearts:
            return held  # only hearts: one may lead
        if non_hearts == {QS} and rules.lead_heart_instead_of_queen:
            return held  # only hearts and the queen: either
        return non_hearts  # the queen alone when she is the only card that is no heart
    led = trick[0].suit
    follow = {c for c in held if c.suit == led}
    allowed = follow or held
    if points_barred:  # the first-trick limit narrows following as it narrows discards
        allowed = _unless_nothing_else(allowed, _is_point)
    if rules.must_dump_queen and QS in allowed and allowed != {QS}:
        # she cannot win: the player is void in the suit led, or spades are led and a higher
        # spade is down that no identical card has cancelled
        beaten = led == SPADES and any(c in HIGHER_SPADES and trick.count(c) == 1 for c in trick)
        if not follow or beaten:
            return {QS}
    return allowed
