"""The rules of legal play: one ladder, a rung a rule, in the order the rule sheet states them.

1. follow suit;
2. the first lead: the lowest club, or (from the dealer's left) any card but a heart;
3. the first-trick limit: no heart or queen of spades on the first trick;
4. hearts not yet broken: no heart leads, and with only hearts and the queen the queen leads
   (the strict rule) unless a heart may lead instead of her;
5. get rid of the queen of spades at the first safe chance;
6. anything else.

Each rung is a small function of the hand and the cards allowed so far (a mask) that gives the
cards its rule allows among them. A rung that would leave nothing, or bars nothing, does not
apply: a player always has a card to play. A :class:`Rung` gives the function the reason it
states for a card it bars, the positions it speaks to (a lead or a follower, the first trick or
a later one) and the house rules that put it in force; :func:`ladder_in_force` keeps, for each
kind of position, the rungs in force under some rules, worked out once for a table.
:meth:`Hand.legal_plays <sheets.engine.Hand.legal_plays>` climbs them, and
:meth:`Hand.why_illegal <sheets.engine.Hand.why_illegal>` reads the reasons of the same rungs.

A new house rule of play is a new rung in :data:`LADDER`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from sheets.cards import (
    CARDS,
    HEARTS_MASK,
    POINTS_MASK,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
)
from sheets.houserules import HouseRules

if TYPE_CHECKING:
    from sheets.engine.hand import Hand

_CLUBS = SUIT_MASKS[0]

# A rung's rule: the cards it allows among the mask of those allowed so far.
Allows = Callable[["Hand", int], int]
# The reason a rung states, given the cards it left.
Reason = Callable[["Hand", int], str]
# The rungs in force at one kind of position, as (allows, reason) pairs in the ladder's order.
Steps = tuple[tuple[Allows, Reason], ...]

_NOT_HEARTS = ~HEARTS_MASK
_NO_POINTS = ~POINTS_MASK


# -- the rungs, in the rule sheet's order ------------------------------------------------------


def follow_suit(hand: Hand, allowed: int) -> int:
    """1. A player holding the led suit must play it."""
    return allowed & hand._led_mask


def lead_the_lowest_club(hand: Hand, allowed: int) -> int:
    """2. The first trick is led with the lowest club dealt, by whoever holds it."""
    clubs = allowed & _CLUBS
    return clubs & -clubs


def no_heart_leads_the_first_trick(hand: Hand, allowed: int) -> int:
    """2, from the dealer's left: any card but a heart leads the first trick."""
    return allowed & _NOT_HEARTS


def no_points_on_the_first_trick(hand: Hand, allowed: int) -> int:
    """3. No heart or queen of spades on the first trick: not led, not discarded, and not
    played to follow a spade lead while another spade is held."""
    return allowed & _NO_POINTS


def no_heart_leads_until_broken(hand: Hand, allowed: int) -> int:
    """4. While hearts are not broken no heart leads; with only hearts and the queen of spades,
    the queen leads (the strict rule)."""
    return allowed & _NOT_HEARTS


def no_heart_leads_until_broken_but_instead_of_the_queen(hand: Hand, allowed: int) -> int:
    """4, relaxed: while hearts are not broken no heart leads, but with only hearts and the
    queen of spades a heart may lead instead of her."""
    rest = allowed & _NOT_HEARTS
    return 0 if rest == QS_BIT else rest


def get_rid_of_the_queen(hand: Hand, allowed: int) -> int:
    """5. A player who may play the queen of spades and cannot win the trick with her must:
    void in the suit led, or spades led and a higher spade down that can still win."""
    if allowed & QS_BIT and (not allowed & hand._led_mask or queen_is_beaten(hand)):
        return QS_BIT
    return 0


# 6. Anything else may be played: the cards no rung has barred.


def queen_is_beaten(hand: Hand) -> bool:
    """True when a spade above the queen is in the trick so far and can still win it: with
    two decks, a king or ace that an identical card has cancelled cannot."""
    if hand._one_deck:
        return hand._best > QUEEN_OF_SPADES
    cards = hand._cards
    return any(
        c > QUEEN_OF_SPADES and c.suit == cards[0].suit and cards.count(c) == 1 for c in cards
    )


# -- the reasons -------------------------------------------------------------------------------


def _must_follow(hand: Hand, allowed: int) -> str:
    return f"must follow suit ({SUIT_NAMES[(hand._led_mask.bit_length() - 1) // 13]})"


def _lead_with(hand: Hand, allowed: int) -> str:
    return f"the first trick must be led with {CARDS[allowed.bit_length() - 1]}"


def _hearts_not_broken(hand: Hand, allowed: int) -> str:
    if allowed == QS_BIT:
        return "hearts are not broken: with only hearts and the queen, lead the queen"
    return "hearts are not broken"


def _said(reason: str) -> Reason:
    """A reason that is always the same words."""
    return lambda hand, allowed: reason


# -- the ladder --------------------------------------------------------------------------------


class Rung(NamedTuple):
    """One rule of legal play: the cards it allows, the reason it states for the others, the
    positions it speaks to (``leading``, ``first_trick`` and, for a lead, ``hearts_broken``:
    True or False, None for either), and whether some house rules put it in force."""

    allows: Allows
    reason: Reason
    leading: bool | None = None
    first_trick: bool | None = None
    hearts_broken: bool | None = None
    in_force: Callable[[HouseRules], bool] = lambda rules: True


LADDER: tuple[Rung, ...] = (
    Rung(follow_suit, _must_follow, leading=False),
    Rung(
        lead_the_lowest_club,
        _lead_with,
        leading=True,
        first_trick=True,
        in_force=lambda rules: rules.first_lead == "lowest-club",
    ),
    Rung(
        no_heart_leads_the_first_trick,
        _said("no heart may lead the first trick"),
        leading=True,
        first_trick=True,
        in_force=lambda rules: rules.first_lead == "dealer-left",
    ),
    Rung(
        no_points_on_the_first_trick,
        _said("no points on the first trick"),
        first_trick=True,
        in_force=lambda rules: not rules.points_on_first_trick,
    ),
    Rung(
        no_heart_leads_until_broken,
        _hearts_not_broken,
        leading=True,
        first_trick=False,
        hearts_broken=False,
        in_force=lambda rules: not rules.hearts_any_time and not rules.lead_heart_instead_of_queen,
    ),
    Rung(
        no_heart_leads_until_broken_but_instead_of_the_queen,
        _hearts_not_broken,
        leading=True,
        first_trick=False,
        hearts_broken=False,
        in_force=lambda rules: not rules.hearts_any_time and rules.lead_heart_instead_of_queen,
    ),
    Rung(
        get_rid_of_the_queen,
        _said("the queen of spades must be played at the first safe chance"),
        leading=False,
        in_force=lambda rules: rules.must_dump_queen,
    ),
)

# The steps of a follower when following suit is the only rule that can narrow the choice
# (after the first trick, the queen free to wait): the commonest position, which
# Hand.legal_plays recognizes by identity and takes a shorter way.
FOLLOW_SUIT_ONLY: Steps = ((follow_suit, _must_follow),)


class Ladder(NamedTuple):
    """The rungs in force under some house rules at each kind of position, in the ladder's
    order: what a hand climbs, kept by its table."""

    first_lead: Steps  # leading the first trick
    first_follow: Steps  # following (or discarding) on the first trick
    lead: Steps  # leading a later trick, hearts not broken
    lead_broken: Steps  # leading a later trick, hearts broken
    follow: Steps  # following (or discarding) on a later trick


def ladder_in_force(rules: HouseRules) -> Ladder:
    """The rungs in force under ``rules`` at each kind of position."""

    def steps(leading: bool, first_trick: bool, hearts_broken: bool | None) -> Steps:
        found = tuple(
            (rung.allows, rung.reason)
            for rung in LADDER
            if rung.leading in (None, leading)
            and rung.first_trick in (None, first_trick)
            and rung.hearts_broken in (None, hearts_broken)
            and rung.in_force(rules)
        )
        return FOLLOW_SUIT_ONLY if found == FOLLOW_SUIT_ONLY else found

    # a follower's rungs do not ask whether hearts are broken (None: only those that do not)
    return Ladder(
        first_lead=steps(True, True, False),
        first_follow=steps(False, True, None),
        lead=steps(True, False, False),
        lead_broken=steps(True, False, True),
        follow=steps(False, False, None),
    )
