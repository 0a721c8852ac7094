"""Scoring a game of Hearts: hands recorded as a scorer would, totals, the moon rules, the end
and the winners (:class:`Game`).

The browser scorekeeper's ``sheets/site/static/scoring.js`` states these same rules in
JavaScript; ``tests/browser/test_scorekeeper_engine.py`` plays the same histories through both
and checks they agree, refusals included. A change here is a change there.

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
from itertools import combinations_with_replacement
from math import ceil
from typing import NamedTuple

from sheets.cards import HEART_POINTS
from sheets.engine import BONUS_POINTS, QUEEN_POINTS, Hand, side_names
from sheets.houserules import RESET_AT, SHOOTER_CHOICES, HouseRules

__all__ = ["Entry", "Game", "HandRecord", "MISUSES", "REFUSALS", "ScoreError", "from_cards"]


#: Why an entry is refused, by id. The scorekeeper's scoring.js refuses for the same reasons
#: under the same ids (scorekeeper-config.js lists them, with the scorekeeper's words for each
#: from content/scorekeeper.yaml), and the tests compare the ids the two give.
REFUSALS = ("count", "range", "sum", "sun-needs-shooter", "choice-needs-shooter",
            "unmarked-moon", "bonus-shares", "queens", "no-side", "sun-not-played",
            "shooter-missed", "choose-moon", "no-choice-here", "revoke-moon", "revoke-points",
            "game-over", "queen-takers", "bonus-takers", "hearts-range", "hearts-sum")
#: Why a call the scorekeeper never makes is refused: names or a dealer that do not fit the
#: table, a hand that is not over or not there, nothing to take back.
MISUSES = ("names", "dealer", "hand-not-over", "no-hand", "edit-needs-points", "no-undo",
           "cards-method")


class ScoreError(ValueError):
    """Points entered for a hand that cannot be scored: ``reason`` is one of :data:`REFUSALS`
    (or :data:`MISUSES`), and the message says it in words."""

    def __init__(self, reason: str, message: str):
        if reason not in REFUSALS + MISUSES:
            raise ValueError(f"{reason!r} is not a reason of REFUSALS or MISUSES")
        self.reason = reason
        super().__init__(message)


class Entry(NamedTuple):
    """One hand as the scorer enters it, checked: the points each side took, the side that
    shot the moon (or None), whether it was the sun, the shooter's choice of moon rule, and the
    side whose revoke stopped the hand (or None)."""

    points: tuple[int, ...]
    shooter: int | None
    sun: bool
    choice: str | None
    revoke: int | None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One scored hand of a game.

    ``points`` are what each side took, as counted from the cards (for a revoke, the hand's
    points against the offender); ``revoke`` the side whose revoke stopped the hand, or None;
    ``scores`` what was added to each total; ``totals`` the totals after the hand (after any
    exactly-100 reset); ``moon_rule`` the moon rule that was applied, if a moon or sun was shot.
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

    def __init__(self, rules: HouseRules, players: Sequence[str] | None = None,
                 dealer: int = 0) -> None:
        self.rules = rules
        names = tuple(players) if players is not None else side_names(rules)
        if len(names) != rules.sides:
            raise ScoreError("names", f"this game needs {rules.sides} names, got {len(names)}")
        if not 0 <= dealer < rules.players:
            raise ScoreError("dealer", f"dealer must be a seat from 0 to {rules.players - 1}")
        self.names = names
        self.first_dealer = dealer
        self._entries: list[Entry] = []
        self._history: list[HandRecord] = []

    # -- entering hands -----------------------------------------------------------------------

    def record_points(self, points: Sequence[int], *, shooter: int | None = None,
                      sun: bool = False, choice: str | None = None,
                      revoke: int | None = None) -> HandRecord:
        """Score a hand from the points each side took; mark a moon (or sun) with ``shooter``,
        or a hand stopped by a revoke with ``revoke`` (the offending side, whose points must
        then be the hand's whole points and everyone else's 0)."""
        if self.is_over:
            raise ScoreError("game-over", "the game is over")
        entry = self._check(points, shooter, sun, choice, revoke)
        record = self._score(self.totals, entry)
        self._entries.append(entry)
        self._history.append(record)
        return record

    def record_hand(self, hand: Hand, choice: str | None = None) -> HandRecord:
        """Score a finished :class:`~sheets.engine.Hand`, finding any moon or sun from the cards."""
        if hand.phase != "over":
            raise ScoreError("hand-not-over", "the hand is not over")
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
        return self.record_points(self._revoke_points(offender), revoke=offender)

    def edit(self, index: int, points: Sequence[int] | None = None, *,
             shooter: int | None = None, sun: bool = False, choice: str | None = None,
             revoke: int | None = None) -> HandRecord:
        """Replace an earlier hand's entry and score the whole history again. The arguments
        are :meth:`record_points`'s; a revoke (``revoke=side``) needs no points.

        Refused when the change would end the game before a hand that was played after it.
        """
        if not 0 <= index < len(self._entries):
            raise ScoreError("no-hand", f"there is no hand {index + 1}")
        if points is None:
            if revoke is None:
                raise ScoreError("edit-needs-points",
                                 "enter the points, or the side whose revoke stopped the hand")
            points = self._revoke_points(revoke)
        entries = list(self._entries)
        entries[index] = self._check(points, shooter, sun, choice, revoke)
        history = self._replay(entries)
        self._entries = entries
        self._history = history
        return history[index]

    def undo(self) -> HandRecord:
        """Take back the last hand recorded."""
        if not self._entries:
            raise ScoreError("no-undo", "there is no hand to take back")
        self._entries.pop()
        return self._history.pop()

    def _revoke_points(self, offender: int) -> tuple[int, ...]:
        """A revoke hand's points: the hand's whole points for the offender, 0 for the rest
        (an offender that is no side is left for :meth:`_check` to refuse)."""
        return tuple(self.rules.points_per_hand if i == offender else 0
                     for i in range(self.rules.sides))

    def _check(self, points: Sequence[int], shooter: int | None, sun: bool,
               choice: str | None, revoke: int | None = None) -> Entry:
        """The entry, once it is one a deal (or a revoke) could give under these rules."""
        rules = self.rules
        pts = tuple(points)
        if len(pts) != rules.sides or not all(_whole(p) for p in pts):
            raise ScoreError("count", f"enter {rules.sides} whole numbers, one for each "
                             f"{'team' if rules.partnership else 'player'}")
        if revoke is not None:
            return self._check_revoke(pts, shooter, sun, choice, revoke)
        low, high = -rules.bonus_total, rules.points_per_hand
        for p in pts:
            if not low <= p <= high:
                raise ScoreError("range", f"points must be from {low} to {high}, not {p}")
        if sum(pts) != rules.check_sum:
            raise ScoreError("sum", f"the points add up to {sum(pts)}; a hand adds up to "
                             f"{rules.check_sum}")
        if shooter is None:
            if sun:
                raise ScoreError("sun-needs-shooter", "a sun needs a shooter")
            if choice is not None:
                raise ScoreError("choice-needs-shooter", "a moon choice needs a shooter")
            if high in pts:  # all the hearts and queens: only a moon scores that
                cards = ("heart and queen of spades" if len(rules.penalty_spades) == 1
                         else "point card")
                raise ScoreError("unmarked-moon", f"{self.names[pts.index(high)]} took every "
                                 f"{cards}: mark the moon")
            self._check_bonus_shares(pts)
            self._check_queens(pts)
            return Entry(pts, None, False, None, None)
        if not 0 <= shooter < rules.sides:
            raise ScoreError("no-side", f"there is no side {shooter}")
        if sun and not rules.shoot_the_sun:
            raise ScoreError("sun-not-played",
                             "shooting the sun is not played under these rules")
        bonus_steps = ({BONUS_POINTS * k for k in range(rules.decks + 1)} if rules.bonus
                       else {0})
        parts = [p - (rules.points_per_hand if i == shooter else 0) for i, p in enumerate(pts)]
        if any(b not in bonus_steps for b in parts):
            raise ScoreError("shooter-missed",
                             f"{self.names[shooter]} did not take every point card")
        if rules.moon == "shooter-chooses":
            if choice not in SHOOTER_CHOICES:
                raise ScoreError("choose-moon", "the shooter must choose add-to-others or "
                                 "subtract-from-shooter")
        elif choice is not None:
            raise ScoreError("no-choice-here", "only the shooter-chooses rule takes a choice")
        return Entry(pts, shooter, sun, choice, None)

    def _check_revoke(self, pts: tuple[int, ...], shooter: int | None, sun: bool,
                      choice: str | None, revoke: int) -> Entry:
        """A revoke hand's entry: the offender has the hand's whole points, the rest 0, and
        there is no moon (the check sum does not apply: nobody else scores, bonus card
        included)."""
        if not _whole(revoke) or not 0 <= revoke < self.rules.sides:
            raise ScoreError("no-side", f"there is no side {revoke}")
        if shooter is not None or sun:
            raise ScoreError("revoke-moon",
                             "no moon is possible in a hand stopped by a revoke")
        if choice is not None:
            raise ScoreError("choice-needs-shooter", "a moon choice needs a shooter")
        if pts != self._revoke_points(revoke):
            raise ScoreError("revoke-points", f"a revoke scores {self.rules.points_per_hand} for "
                             f"{self.names[revoke]} and 0 for everyone else")
        return Entry(pts, None, False, None, revoke)

    def _check_bonus_shares(self, pts: tuple[int, ...]) -> None:
        """Refuse points no share of the bonus cards could give (an unmarked hand whose points
        are in range and add up).

        Each side's points are its hearts and queens less 10 for each bonus card it took. A
        side below 0 took at least enough bonus cards to bring it to 0 or more; when that is
        more than the deck holds, no deal gives these points. When it is not, one always does:
        the cards left over can go to any side without taking anyone past the hand's points
        (the hearts and queens add up to them), and without giving one side all of them unless
        its own points were the whole hand (refused above as an unmarked moon): a side that
        would get them all can pass one of its bonus cards to another.
        """
        rules = self.rules
        if not rules.bonus:
            return
        step = -BONUS_POINTS
        below = [i for i, p in enumerate(pts) if p < 0]
        need = sum(ceil(-pts[i] / step) for i in below)
        if need > rules.decks:
            who = [f"{self.names[i]} {pts[i]}" for i in below]
            raise ScoreError("bonus-shares", f"{_joined(who)} need {need} {rules.bonus.symbol} "
                             f"between them; there {'is' if rules.decks == 1 else 'are'} only "
                             f"{rules.decks}")

    def _check_queens(self, pts: tuple[int, ...]) -> None:
        """Refuse unmarked points no deal could give because the penalty spades cannot be
        shared out: Q♠ alone counts 13 (each of the two, with two decks), so whoever took her
        has 13 or more, once 10 is counted back for each bonus card that side took.

        Each share of the bonus cards is tried (there are at most two); under a share, the
        points are a deal's when every side's point cards come to 0 or more and less than the
        whole hand (a side with the whole hand is an unmarked moon, refused above) and the
        penalty spades can be shared out among the sides without taking any past its points:
        the hearts, 1 each, fill the rest.
        """
        rules = self.rules
        copies = rules.decks if rules.bonus else 0
        spades = sorted((p for _, p in rules.penalty_spades * rules.decks), reverse=True)
        for share in combinations_with_replacement(range(rules.sides), copies):
            raw = list(pts)
            for side in share:
                raw[side] -= BONUS_POINTS
            if all(0 <= r < rules.points_per_hand for r in raw) and _spades_fit(raw, spades):
                return
        word = "team" if rules.partnership else "player"
        back = (f", counting {-BONUS_POINTS} back for a {rules.bonus.symbol} taken" if rules.bonus
                else "")
        if len(rules.penalty_spades) > 1:
            worth = _joined([f"{card.symbol} {points}" for card, points in rules.penalty_spades])
            each = " each of two" if rules.decks > 1 else ""
            need = f"the spades count {worth}{each}, and no share of them fits these points"
        elif rules.decks == 1:
            need = f"Q♠ counts {QUEEN_POINTS}, so whoever took her has {QUEEN_POINTS} or more"
        else:
            need = (f"each Q♠ counts {QUEEN_POINTS}, so two {word}s have {QUEEN_POINTS} or "
                    f"more, or one has {2 * QUEEN_POINTS}")
        raise ScoreError("queens", f"no deal gives these points: {need}{back}")

    # -- scoring -------------------------------------------------------------------------------

    def _score(self, before: tuple[int, ...], entry: Entry) -> HandRecord:
        rules = self.rules
        if entry.shooter is None:  # a plain hand, or a revoke: the points are the scores
            return self._apply(before, entry.points, entry, None)
        rule = entry.choice if rules.moon == "shooter-chooses" else rules.moon
        if rule == "add-unless-it-ends-game":
            trial = self._apply(before, self._moon_scores(entry, True), entry, rule)
            if self._over(trial.totals) and self._lowest(trial.totals) != (entry.shooter,):
                return self._apply(before, self._moon_scores(entry, False), entry, rule)
            return trial
        return self._apply(before, self._moon_scores(entry, rule == "add-to-others"), entry,
                           rule)

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

    def _apply(self, before: tuple[int, ...], scores: tuple[int, ...], entry: Entry,
               rule: str | None) -> HandRecord:
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
                raise ScoreError("game-over", f"with that change the game ends after hand {k}, "
                                 f"before hand {k + 1}")
            record = self._score(totals, entry)
            history.append(record)
            totals = record.totals
        return history

    def _over(self, totals: tuple[int, ...]) -> bool:
        if max(totals) < self.rules.target:
            return False
        return self.rules.ties == "joint-winners" or len(self._lowest(totals)) == 1

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
        return Hand.random(self.rules, seed=seed, dealer=self.dealer,
                           hand_number=self.hand_number)


def from_cards(rules: HouseRules, hearts: Sequence[int], queens: Sequence[int],
               bonus: Sequence[int] = ()) -> tuple[tuple[int, ...], int | None]:
    """A hand entered by the cards each side took rather than by its points: who took each Q♠
    (one side a deck), who took each bonus card (none without one), and each side's hearts.
    Returns the points as :meth:`Game.record_points` takes them (hearts, 13 a queen, less 10 a
    bonus card) and the side that shot the moon (every heart and queen), or None. The
    scorekeeper's ``HeartsScoring.fromCards`` works it out the same way.

    Only where Q♠ is the one spade that scores: under Black Maria the scorekeeper offers the
    points alone, and this refuses."""
    if len(rules.penalty_spades) > 1:
        raise ScoreError("cards-method", "the cards method counts Q♠ alone: enter the points")
    sides = range(rules.sides)
    copies = rules.decks if rules.bonus else 0
    if len(hearts) != rules.sides or not all(_whole(h) for h in hearts):
        raise ScoreError("count", f"enter {rules.sides} whole numbers of hearts")
    if len(queens) != rules.decks or not all(_whole(q) and q in sides for q in queens):
        raise ScoreError("queen-takers", f"name who took each of the {rules.decks} Q♠")
    if len(bonus) != copies or not all(_whole(b) and b in sides for b in bonus):
        raise ScoreError("bonus-takers", f"name who took each of the {copies} bonus cards")
    every = rules.point_cards - rules.decks  # the hearts of the deck (or decks)
    for h in hearts:
        if not 0 <= h <= every:
            raise ScoreError("hearts-range", f"hearts must be from 0 to {every}, not {h}")
    if sum(hearts) != every:
        raise ScoreError("hearts-sum", f"the hearts add up to {sum(hearts)}; a hand has {every}")
    points = tuple(HEART_POINTS * hearts[i] + QUEEN_POINTS * queens.count(i)
                   + BONUS_POINTS * bonus.count(i) for i in sides)
    shooter = next((i for i in sides if hearts[i] == every and queens.count(i) == rules.decks),
                   None)
    return points, shooter


def _whole(value: object) -> bool:
    """True for a whole number (an int that is not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _spades_fit(points: list[int], spades: Sequence[int]) -> bool:
    """True when the penalty spades (their points, highest first) can be shared out among sides
    whose point cards come to ``points``, none taking more than its points (hearts, 1 each, fill
    the rest). Sides with the same points left are one choice, so the search stays small."""
    if not spades:
        return True
    value, rest = spades[0], spades[1:]
    tried = set()
    for side, left in enumerate(points):
        if left >= value and left not in tried:
            tried.add(left)
            points[side] -= value
            fits = _spades_fit(points, rest)
            points[side] += value
            if fits:
                return True
    return False


def _joined(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
