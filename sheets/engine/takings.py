"""What the seats of a hand have taken: points, point cards, tricks, the moon and the sun, and
the outcome (:class:`Takings`, the part of :class:`~sheets.engine.Hand` that reads them).

They are read back from the finished tricks and the kitty rather than kept in running counters,
so that they are always exact, after an undo too. Scoring them into a game is
:mod:`sheets.scoring`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from sheets.cards import Card
from sheets.engine.records import Moon, Outcome, Phase, Trick
from sheets.houserules import HouseRules


class _Lot(NamedTuple):
    """Cards taken together: a trick with any pile it took from the table, or the kitty."""

    seat: int
    cards: tuple[Card, ...]
    tricks: int  # how many tricks it counts as (the kitty: none)


class Takings:
    """What each seat of a hand has taken so far, and how the hand came out once it is over:
    the methods :class:`~sheets.engine.Hand` has for them, which read only its finished tricks,
    its kitty and who took it."""

    __slots__ = ()

    # what they read of the hand
    rules: HouseRules
    players: int
    phase: Phase
    tricks: list[Trick]
    kitty: tuple[Card, ...]
    kitty_taker: int | None
    _values: tuple[int, ...]

    def _takings(self) -> Iterator[_Lot]:
        """Each lot of cards taken so far: a trick with the cancelled tricks it took from the
        table, then the kitty."""
        on_table = 0
        for trick in self.tricks:
            on_table += 1
            if trick.taker is not None:
                yield _Lot(trick.taker, trick.cards + trick.pile, on_table)
                on_table = 0
        if self.kitty_taker is not None:
            yield _Lot(self.kitty_taker, self.kitty, 0)

    def points(self) -> tuple[int, ...]:
        """Points each seat took this hand, as counted from the cards: hearts 1, the queen of
        spades 13 (under Black Maria the king 10 and the ace 7 too), the bonus card -10. The
        moon is scored by :mod:`sheets.scoring`, not here."""
        values = self._values
        totals = [0] * self.players
        for lot in self._takings():
            totals[lot.seat] += sum(values[c] for c in lot.cards)
        return tuple(totals)

    def point_cards_taken(self) -> tuple[int, ...]:
        """How many point cards (the cards that cost points: hearts and penalty spades) each
        seat took."""
        values = self._values
        counts = [0] * self.players
        for lot in self._takings():
            counts[lot.seat] += sum(1 for c in lot.cards if values[c] > 0)
        return tuple(counts)

    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat took (a cancelled trick counts for whoever took its cards)."""
        counts = [0] * self.players
        for lot in self._takings():
            counts[lot.seat] += lot.tricks
        return tuple(counts)

    def moon(self, sides: Sequence[Sequence[int]] | None = None) -> Moon:
        """The side that shot the moon, once the hand is over, and whether it shot the sun.

        A side is a group of seats (each seat alone unless ``sides`` groups them, as the teams
        of a partnership); it shoots the moon by taking every point card (every heart and
        penalty spade), kitty included, and the sun (when that is played) by taking every trick
        as well.
        """
        if self.phase is not Phase.OVER:
            return Moon(None, False)
        cards = self.point_cards_taken()
        for side, seats in enumerate(self._sides(sides)):
            if sum(cards[s] for s in seats) == self.rules.point_cards:
                sun = self.rules.shoot_the_sun and all(
                    t.taker in seats for t in self.tricks if t.taker is not None
                )
                return Moon(side, sun)
        return Moon(None, False)

    def outcome(self, sides: Sequence[Sequence[int]] | None = None) -> Outcome | None:
        """How the hand came out, once it is over (None before): the points each side took
        and who shot the moon or the sun, each side a seat unless ``sides`` groups the seats
        (as :attr:`HouseRules.side_seats` groups a partnership's)."""
        if self.phase is not Phase.OVER:
            return None
        points = self.points()
        side, sun = self.moon(sides)
        return Outcome(
            tuple(sum(points[s] for s in seats) for seats in self._sides(sides)), side, sun
        )

    def _sides(self, sides: Sequence[Sequence[int]] | None) -> Sequence[Sequence[int]]:
        """The seats of each side: as given, or each seat alone."""
        return sides if sides is not None else [(s,) for s in range(self.players)]

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took every point card (kitty included), once over."""
        return self.moon().side

    @property
    def sun_shooter(self) -> int | None:
        """The seat that took every trick, once over (only when shooting the sun is played)."""
        shooter, sun = self.moon()
        return shooter if sun else None
