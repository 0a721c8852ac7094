"""The pass (:class:`Passing`, the part of :class:`~sheets.engine.Hand` that passes): each seat
puts down its cards, and once every seat has, they change hands and the play starts.

Passing happens once a hand, so it is kept apart from the hot paths of play in
:mod:`sheets.engine.hand`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from sheets.cards import CARD_BITS, Card, read_cards
from sheets.engine.records import IllegalPlayError, Phase
from sheets.engine.table import Table

_BIT = CARD_BITS
# Builds a NamedTuple record from a tuple of its fields without NamedTuple's __new__.
_record = tuple.__new__


class _Pass(NamedTuple):
    """The cards a seat has put down to pass, and the masks of what it keeps."""

    cards: tuple[Card, ...]
    kept: int  # the first copies kept
    kept_second: int  # the second copies kept (two decks)
    given: int  # the mask of the cards passed (one deck: each card once)


class Passing:
    """The methods :class:`~sheets.engine.Hand` has for the pass, which read and change only
    the cards each seat holds and the passes put down so far."""

    __slots__ = ()

    # what they read and change of the hand
    players: int
    phase: Phase
    pass_direction: str
    _table: Table
    _one_deck: bool
    _pass_count: int
    _h1: list[int]
    _h2: list[int]
    _passes: dict[int, _Pass]

    def seat_name(self, seat: int) -> str:
        """The name of a seat, for messages."""
        return self._table.names[seat]

    def _start_play(self) -> None:  # Hand's: the first trick's leader leads
        raise NotImplementedError

    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Put down a seat's cards to pass; they change hands once every seat has passed.

        For a scatter, ``cards[i]`` goes to the (i+1)-th seat clockwise.
        """
        if self.phase is not Phase.PASS:
            raise IllegalPlayError(
                f"{self._seat_label(seat)} may not pass: the hand is in its {self.phase} phase"
            )
        if not 0 <= seat < self.players:
            raise IllegalPlayError(f"there is no seat {seat}")
        if seat in self._passes:
            raise IllegalPlayError(f"{self.seat_name(seat)} may not pass twice")
        chosen = read_cards(cards)
        held = h1 = self._h1[seat]
        h2 = self._h2[seat]
        missing = None
        for c in chosen:  # take each card out of the hand: a card passed twice is held twice
            bit = _BIT[c]
            if h2 & bit:
                h2 ^= bit
            elif h1 & bit:
                h1 ^= bit
            elif missing is None:
                missing = c
        if len(chosen) != self._pass_count:
            raise IllegalPlayError(
                f"{self.seat_name(seat)} must pass {self._pass_count} cards, not {len(chosen)}"
            )
        if missing is not None:
            raise IllegalPlayError(f"{self.seat_name(seat)} may not pass {missing}: not held")
        self._passes[seat] = _record(_Pass, (chosen, h1, h2, held ^ h1))
        if len(self._passes) == self.players:
            self._exchange()

    def _exchange(self) -> None:
        """Once every seat has passed, move the passed cards and start the play."""
        n = self.players
        h1, h2 = self._h1, self._h2
        passes = self._passes
        for seat, p in passes.items():  # every seat puts down its cards first
            h1[seat], h2[seat] = p.kept, p.kept_second
        if self.pass_direction == "scatter":
            for seat, p in passes.items():
                for i, c in enumerate(p.cards):
                    self._put_in((seat + i + 1) % n, c)
        elif self._one_deck:
            offset = self._table.pass_offsets[self.pass_direction]
            for seat, p in passes.items():
                h1[(seat + offset) % n] |= p.given
        else:
            offset = self._table.pass_offsets[self.pass_direction]
            for seat, p in passes.items():
                for c in p.cards:
                    self._put_in((seat + offset) % n, c)
        self._start_play()

    def _put_in(self, seat: int, card: Card) -> None:
        """Add a card to a hand; a card already held becomes a second copy."""
        bit = _BIT[card]
        if self._h1[seat] & bit:
            self._h2[seat] |= bit
        else:
            self._h1[seat] |= bit

    def _seat_label(self, seat: int) -> str:
        return self.seat_name(seat) if 0 <= seat < self.players else f"seat {seat}"
