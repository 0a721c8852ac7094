"""The engine's records and its error: what a hand gives back, each a small named value, and
the error for a deal, pass or play the rules do not allow.

As python-chess splits ``InvalidMoveError`` (text that is no move) from ``IllegalMoveError`` (a
move the rules forbid), text that is no card is :class:`~sheets.cards.InvalidCardError`, raised
wherever a card is read, and a card that is a card but may not be dealt, passed or played here
is :class:`IllegalPlayError`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from sheets.cards import Card


class IllegalPlayError(ValueError):
    """A deal, pass or play the rules do not allow; the message names the seat, the card and
    the rule, for example ``"South may not play QS: no points on the first trick"``."""


class Phase(StrEnum):
    """Where a hand stands: its cards are being passed, played, or all played. Each phase is
    equal to its lower-case name (``Phase.PLAY == "play"``) and prints as it."""

    PASS = "pass"
    PLAY = "play"
    OVER = "over"


class Play(NamedTuple):
    """One card played, and by whom."""

    seat: int
    card: Card


class Trick(NamedTuple):
    """A finished trick.

    ``cards`` are in the order played, from ``leader`` clockwise. ``winner`` is None when every
    card of the led suit was cancelled (Cancellation Hearts); ``taker`` is who took the cards
    (None while they lie on the table for the next trick); ``pile`` holds cards of earlier
    cancelled tricks that this trick's taker took with it.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    taker: int | None
    points: int
    cancelled: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()

    @property
    def plays(self) -> tuple[Play, ...]:
        """Who played which card, in order."""
        n = len(self.cards)  # one card from every seat
        return tuple(Play((self.leader + i) % n, c) for i, c in enumerate(self.cards))

    @property
    def led_suit(self) -> int:
        """The suit of the first card."""
        return self.cards[0].suit

    @property
    def winning_card(self) -> Card | None:
        """The card that won, or None."""
        if self.winner is None:
            return None
        return self.cards[(self.winner - self.leader) % len(self.cards)]


class Deal(NamedTuple):
    """The cards each seat is dealt, seat 0 first, and the kitty (sorted)."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


class Moon(NamedTuple):
    """Who shot the moon in a finished hand (None if nobody), and whether it was the sun."""

    side: int | None
    sun: bool


class Outcome(NamedTuple):
    """How a finished hand came out, as python-chess's ``Board.outcome()`` tells how a game
    ended: the points each side took, counted from the cards (the moon is scored by
    :mod:`sheets.scoring`), the side that shot the moon (None if nobody), and whether that was
    the sun. A side is a seat, or a team when the seats are grouped."""

    points: tuple[int, ...]
    shooter: int | None
    sun: bool


class Limit(NamedTuple):
    """A rung of the ladder of legal play that narrowed a seat's choice: the rule, and the
    cards it still allows (see :meth:`Hand.legal_plays <sheets.engine.Hand.legal_plays>`)."""

    reason: str
    allowed: tuple[Card, ...]
