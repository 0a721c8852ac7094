"""Scoring a game of Hearts: hands recorded as a scorer would, totals, the moon rules, the end
and the winners (:class:`Game`).

The browser scorekeeper's ``sheets/site/static/scoring.js`` states these same rules in
JavaScript; ``tests/browser/test_scorekeeper_engine.py`` plays the same histories through both
and checks they agree, refusals included (by reason id). A change here is a change there.
What a scorer may enter for a hand, and the refusals, are :mod:`sheets.scoreentry`'s, whose
public names this module re-exports.

Play itself (dealing, passing, tricks, the points each seat took) is :mod:`sheets.engine`;
:meth:`Game.record_hand` scores a finished :class:`~sheets.engine.Hand`.

A revoke found too late to put right stops the hand (table law): :meth:`Game.record_revoke`
scores it. The offending side takes exactly the hand's points (:attr:`HouseRules.points_per_hand`:
26, or 52 with two decks) and every other side 0; there is no moon, and the bonus card counts for
nobody, the offender included, as the hand was never played out. The exactly-100 reset and the
end follow as after any hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheets.engine import Hand, side_names
from sheets.houserules import RESET_AT, HouseRules
from sheets.scoreentry import (
    MISUSES,
    REFUSALS,
    Entry,
    ScoreError,
    check_entry,
    from_cards,
    revoke_points,
)

__all__ = [
    "Entry",
    "Game",
    "HandRecord",
    "MISUSES",
    "REFUSALS",
    "ScoreError",
    "from_cards",
    "over",
    "tied_playing_on",
]


def over(rules: HouseRules, totals: Sequence[int]) -> bool:
    """Whether totals end the game: one reaches the target, and the lowest is alone (or ties
    are joint winners)."""
    if max(totals) < rules.target:
        return False
    low = min(totals)
    return rules.ties == "joint-winners" or list(totals).count(low) == 1


def tied_playing_on(rules: HouseRules, totals: Sequence[int]) -> bool:
    """Whether totals reach the target with a tie for the lowest that is played on."""
    return max(totals) >= rules.target and not over(rules, totals)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One scored hand of a game.

    ``points`` are what each side took, as counted from the cards (for a revoke, the hand's
    points against the offender); ``revoke`` the side whose revoke stopped the hand, or None;
    ``scores`` what was added to each total; ``totals`` the totals after the hand (after any
    exactly-100 reset); ``moon_rule`` the way a moon or sun was scored, if one was shot:
    "add-to-others" or "subtract-from-shooter" (under the safeguard, the way it came to).
    """

    points: tuple[int, ...]
    shooter: int | None
    sun: bool
    choice: str | None
    revoke: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    moon_rule: str | None


class Game:
    """A whole game: hands recorded as a scorer would, totals, the end and the winners.

    The sides are :attr:`HouseRules.side_seats`: each seat, or with a partnership the two
    teams (0 = North–South, 1 = East–West), whose points are entered per team.
    """

    def __init__(
        self, rules: HouseRules, players: Sequence[str] | None = None, dealer: int = 0
    ) -> None:
        self.rules = rules
        names = tuple(players) if players is not None else side_names(rules)
        if len(names) != rules.sides:
            raise ScoreError("names", sides=rules.sides, found=len(names))
        if not 0 <= dealer < rules.players:
            raise ScoreError("dealer", high=rules.players - 1, found=dealer)
        self.names = names
        self.first_dealer = dealer
        self._entries: list[Entry] = []
        self._history: list[HandRecord] = []

    # -- entering hands -----------------------------------------------------------------------

    def record_points(
        self,
        points: Sequence[int],
        *,
        shooter: int | None = None,
        sun: bool = False,
        choice: str | None = None,
        revoke: int | None = None,
    ) -> HandRecord:
        """Score a hand from the points each side took; mark a moon (or sun) with ``shooter``,
        or a hand stopped by a revoke with ``revoke`` (the offending side, whose points must
        then be the hand's whole points and everyone else's 0)."""
        if self.is_over:
            raise ScoreError("game-over", hand=len(self._history) + 1, ended=len(self._history))
        entry = check_entry(self.rules, points, shooter, sun, choice, revoke)
        record = self._score(self.totals, entry)
        self._entries.append(entry)
        self._history.append(record)
        return record

    def record_hand(self, hand: Hand, choice: str | None = None) -> HandRecord:
        """Score a finished :class:`~sheets.engine.Hand`, finding any moon or sun from the cards."""
        if hand.phase != "over":
            raise ScoreError("hand-not-over")
        sides = self.rules.side_seats
        seat_points = hand.points()
        points = [sum(seat_points[s] for s in seats) for seats in sides]
        shooter, sun = hand.moon(sides)
        if shooter is None or self.rules.moon != "shooter-chooses":
            choice = None
        elif choice is None:
            choice = "add-to-others"
        return self.record_points(points, shooter=shooter, sun=sun, choice=choice)

    def record_revoke(self, offender: int) -> HandRecord:
        """Score a hand stopped by a revoke found too late: the offending side (a team's
        offence goes to the team) takes the hand's whole points, nobody else scores, no moon."""
        return self.record_points(revoke_points(self.rules, offender), revoke=offender)

    def edit(
        self,
        index: int,
        points: Sequence[int] | None = None,
        *,
        shooter: int | None = None,
        sun: bool = False,
        choice: str | None = None,
        revoke: int | None = None,
    ) -> HandRecord:
        """Replace an earlier hand's entry and score the whole history again. The arguments
        are :meth:`record_points`'s; a revoke (``revoke=side``) needs no points.

        Refused when the change would end the game before a hand that was played after it.
        """
        if not 0 <= index < len(self._entries):
            raise ScoreError("no-hand", hand=index + 1)
        if points is None:
            if revoke is None:
                raise ScoreError("edit-needs-points")
            points = revoke_points(self.rules, revoke)
        entries = list(self._entries)
        entries[index] = check_entry(self.rules, points, shooter, sun, choice, revoke)
        history = self._replay(entries)
        self._entries = entries
        self._history = history
        return history[index]

    def undo(self) -> HandRecord:
        """Take back the last hand recorded."""
        if not self._entries:
            raise ScoreError("no-undo")
        self._entries.pop()
        return self._history.pop()

    # -- scoring -------------------------------------------------------------------------------

    def _score(self, before: tuple[int, ...], entry: Entry) -> HandRecord:
        rules = self.rules
        if entry.shooter is None:  # a plain hand, or a revoke: the points are the scores
            return self._apply(before, entry.points, entry, None)
        rule = entry.choice if rules.moon == "shooter-chooses" else rules.moon
        if rule == "add-unless-it-ends-game":  # recorded as the way it came to
            trial = self._apply(before, self._moon_scores(entry, True), entry, "add-to-others")
            if self._over(trial.totals) and self._lowest(trial.totals) != (entry.shooter,):
                scores = self._moon_scores(entry, False)
                return self._apply(before, scores, entry, "subtract-from-shooter")
            return trial
        return self._apply(before, self._moon_scores(entry, rule == "add-to-others"), entry, rule)

    def _moon_scores(self, entry: Entry, add: bool) -> tuple[int, ...]:
        """What each side scores for a moon (or sun): its worth added to every other side, or
        taken off the shooter; the bonus card's points apart from it."""
        rules = self.rules
        value = rules.sun_value if entry.sun else rules.moon_value
        scores = []
        for i, p in enumerate(entry.points):
            if i == entry.shooter:
                bonus = p - rules.points_per_hand
                scores.append(bonus - (0 if add else value))
            else:
                scores.append(p + (value if add else 0))
        return tuple(scores)

    def _apply(
        self, before: tuple[int, ...], scores: tuple[int, ...], entry: Entry, rule: str | None
    ) -> HandRecord:
        reset = self.rules.exactly_100
        totals = []
        for total, score in zip(before, scores):
            total += score
            if isinstance(reset, int) and total == RESET_AT:
                total = reset
            totals.append(total)
        return HandRecord(*entry, tuple(scores), tuple(totals), rule)

    def _replay(self, entries: Sequence[Entry]) -> list[HandRecord]:
        history: list[HandRecord] = []
        totals = (0,) * self.rules.sides
        for k, entry in enumerate(entries):
            if history and self._over(totals):
                raise ScoreError("game-over", hand=k + 1, ended=k)
            record = self._score(totals, entry)
            history.append(record)
            totals = record.totals
        return history

    def _over(self, totals: tuple[int, ...]) -> bool:
        return over(self.rules, totals)

    @staticmethod
    def _lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
        low = min(totals)
        return tuple(i for i, t in enumerate(totals) if t == low)

    # -- state ---------------------------------------------------------------------------------

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """Every hand scored so far."""
        return tuple(self._history)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total now."""
        return self._history[-1].totals if self._history else (0,) * self.rules.sides

    @property
    def is_over(self) -> bool:
        """True once a total has reached the target (and, when ties play on, one is lowest)."""
        return bool(self._history) and self._over(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides with the lowest total once the game is over; empty before."""
        return self._lowest(self.totals) if self.is_over else ()

    @property
    def hand_number(self) -> int:
        """The number of the next hand, counted from 0."""
        return len(self._history)

    @property
    def dealer(self) -> int:
        """The seat that deals the next hand."""
        return (self.first_dealer + self.hand_number) % self.rules.players

    @property
    def pass_direction(self) -> str:
        """The pass direction of the next hand."""
        return self.rules.pass_direction(self.hand_number)

    def new_hand(self, seed: int | None = None) -> Hand:
        """A random deal for the next hand, with its dealer and pass direction."""
        return Hand.random(self.rules, seed=seed, dealer=self.dealer, hand_number=self.hand_number)
