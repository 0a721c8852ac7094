"""What a scorer may enter for a hand: the checks that an entry is one a deal (or a revoke)
could give under the house rules (:func:`check_entry`), the cards method (:func:`from_cards`), and
the refusals (:class:`ScoreError`), by the same reason ids as the browser scorekeeper's.

A refusal is a record, as in ``scoring.js``: its reason id and the numbers its words need
(``values``); the words are the content's (``refusals`` in ``content/scorekeeper.yaml``), put
together at the edge by :func:`sheets.words.refusal_text`, as the scorekeeper's page does. This
module, like :mod:`sheets.scoring`, which re-exports its public names, reads no content.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from math import ceil
from typing import Any, NamedTuple

from sheets.cards import BONUS_POINTS, HEART_POINTS, QUEEN_POINTS
from sheets.houserules import SHOOTER_CHOICES, HouseRules

__all__ = [
    "MISUSES",
    "REFUSALS",
    "Entry",
    "ScoreError",
    "check_entry",
    "from_cards",
    "revoke_points",
]

#: Why an entry is refused, by id. The scorekeeper's scoring.js refuses for the same reasons
#: under the same ids (scorekeeper-config.js lists them, with the scorekeeper's words for each
#: from content/scorekeeper.yaml), and the tests compare the ids the two give.
REFUSALS = (
    "count",
    "range",
    "sum",
    "sun-needs-shooter",
    "choice-needs-shooter",
    "unmarked-moon",
    "bonus-shares",
    "queens",
    "no-side",
    "sun-not-played",
    "shooter-missed",
    "sun-missed",
    "choose-moon",
    "no-choice-here",
    "revoke-moon",
    "revoke-points",
    "game-over",
    "queen-takers",
    "bonus-takers",
    "hearts-range",
    "hearts-sum",
)
#: Why a call the scorekeeper never makes is refused: names or a dealer that do not fit the
#: table, a hand that is not over or not there, nothing to take back. (No words: no user sees
#: them.)
MISUSES = (
    "names",
    "dealer",
    "hand-not-over",
    "no-hand",
    "edit-needs-points",
    "no-undo",
    "cards-method",
)


class ScoreError(ValueError):
    """Points entered for a hand that cannot be scored: ``reason`` is one of :data:`REFUSALS`
    (or :data:`MISUSES`) and ``values`` the numbers its words need (``side`` a side's index,
    ``found``, ``expected``...), as scoring.js's refusal record has them. The message is the
    reason id and the values; :func:`sheets.words.refusal_text` says it in the content's
    words."""

    def __init__(self, reason: str, **values: Any):
        if reason not in REFUSALS + MISUSES:
            raise ValueError(f"{reason!r} is not a reason of REFUSALS or MISUSES")
        self.reason = reason
        self.values = values
        given = ", ".join(f"{k}={v!r}" for k, v in values.items())
        super().__init__(f"{reason} ({given})" if given else reason)


class Entry(NamedTuple):
    """One hand as the scorer enters it, checked: the points each side took, the side that
    shot the moon (or None), whether it was the sun, the shooter's choice of moon rule, and the
    side whose revoke stopped the hand (or None)."""

    points: tuple[int, ...]
    shooter: int | None
    sun: bool
    choice: str | None
    revoke: int | None


def revoke_points(rules: HouseRules, offender: int) -> tuple[int, ...]:
    """A revoke hand's points: the hand's whole points for the offender, 0 for the rest
    (an offender that is no side is left for :func:`check_entry` to refuse)."""
    return tuple(rules.points_per_hand if i == offender else 0 for i in range(rules.sides))


def check_entry(
    rules: HouseRules,
    points: Sequence[int],
    shooter: int | None,
    sun: bool,
    choice: str | None,
    revoke: int | None = None,
) -> Entry:
    """The entry, once it is one a deal (or a revoke) could give under these rules; raise
    :class:`ScoreError` otherwise."""
    pts = tuple(points)
    if len(pts) != rules.sides or not all(_whole(p) for p in pts):
        raise ScoreError("count", sides=rules.sides)
    if revoke is not None:
        return _check_revoke(rules, pts, shooter, sun, choice, revoke)
    low, high = -rules.bonus_total, rules.points_per_hand
    for side, p in enumerate(pts):
        if not low <= p <= high:
            raise ScoreError("range", side=side, low=low, high=high, found=p)
    if sum(pts) != rules.check_sum:
        raise ScoreError("sum", found=sum(pts), expected=rules.check_sum)
    if shooter is None:
        if sun:
            raise ScoreError("sun-needs-shooter")
        if choice is not None:
            raise ScoreError("choice-needs-shooter")
        if high in pts:  # all the hearts and queens: only a moon scores that
            raise ScoreError("unmarked-moon", side=pts.index(high))
        _check_bonus_shares(rules, pts)
        _check_queens(rules, pts)
        return Entry(pts, None, False, None, None)
    if not 0 <= shooter < rules.sides:
        raise ScoreError("no-side", side=shooter)
    if sun and not rules.shoot_the_sun:
        raise ScoreError("sun-not-played")
    bonus_steps = {BONUS_POINTS * k for k in range(rules.decks + 1)} if rules.bonus else {0}
    parts = [p - (rules.points_per_hand if i == shooter else 0) for i, p in enumerate(pts)]
    if any(b not in bonus_steps for b in parts):
        raise ScoreError("shooter-missed", side=shooter)
    if sun and any(part for i, part in enumerate(parts) if i != shooter):
        raise ScoreError("sun-missed", side=shooter)  # every trick: the bonus cards too
    if rules.moon == "shooter-chooses":
        if choice not in SHOOTER_CHOICES:
            raise ScoreError("choose-moon")
    elif choice is not None:
        raise ScoreError("no-choice-here")
    return Entry(pts, shooter, sun, choice, None)


def _check_revoke(
    rules: HouseRules,
    pts: tuple[int, ...],
    shooter: int | None,
    sun: bool,
    choice: str | None,
    revoke: int,
) -> Entry:
    """A revoke hand's entry: the offender has the hand's whole points, the rest 0, and
    there is no moon (the check sum does not apply: nobody else scores, bonus card
    included)."""
    if not _whole(revoke) or not 0 <= revoke < rules.sides:
        raise ScoreError("no-side", side=revoke)
    if shooter is not None or sun:
        raise ScoreError("revoke-moon")
    if choice is not None:
        raise ScoreError("choice-needs-shooter")
    if pts != revoke_points(rules, revoke):
        raise ScoreError("revoke-points", side=revoke)
    return Entry(pts, None, False, None, revoke)


def _check_bonus_shares(rules: HouseRules, pts: tuple[int, ...]) -> None:
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
    if not rules.bonus:
        return
    step = -BONUS_POINTS
    need = sum(ceil(-p / step) for p in pts if p < 0)
    if need > rules.decks:
        raise ScoreError("bonus-shares", need=need, copies=rules.decks)


def _check_queens(rules: HouseRules, pts: tuple[int, ...]) -> None:
    """Refuse unmarked points no deal could give because the penalty spades cannot be
    shared out: Q♠ alone counts 13 (each of the two, with two decks), so whoever took her
    has 13 or more, once 10 is counted back for each bonus card that side took.

    Each share of the bonus cards is tried (there are at most two); under a share, the
    points are a deal's when every side's point cards come to 0 or more and less than the
    whole hand (a side with the whole hand is an unmarked moon, refused above) and the
    penalty spades can be shared out among the sides without taking any past its points:
    the hearts, 1 each, fill the rest.
    """
    copies = rules.decks if rules.bonus else 0
    spades = sorted((p for _, p in rules.penalty_spades * rules.decks), reverse=True)
    for share in combinations_with_replacement(range(rules.sides), copies):
        raw = list(pts)
        for side in share:
            raw[side] -= BONUS_POINTS
        if all(0 <= r < rules.points_per_hand for r in raw) and _spades_fit(raw, spades):
            return
    raise ScoreError("queens")


def from_cards(
    rules: HouseRules, hearts: Sequence[int], queens: Sequence[int], bonus: Sequence[int] = ()
) -> tuple[tuple[int, ...], int | None]:
    """A hand entered by the cards each side took rather than by its points: who took each Q♠
    (one side a deck), who took each bonus card (none without one), and each side's hearts.
    Returns the points as :meth:`Game.record_points` takes them (hearts, 13 a queen, less 10 a
    bonus card) and the side that shot the moon (every heart and queen), or None. The
    scorekeeper's ``HeartsScoring.fromCards`` works it out the same way.

    Only where Q♠ is the one spade that scores: under Black Maria the scorekeeper offers the
    points alone, and this refuses."""
    if len(rules.penalty_spades) > 1:
        raise ScoreError("cards-method")
    sides = range(rules.sides)
    copies = rules.decks if rules.bonus else 0
    if len(hearts) != rules.sides or not all(_whole(h) for h in hearts):
        raise ScoreError("count", sides=rules.sides)
    if len(queens) != rules.decks or not all(_whole(q) and q in sides for q in queens):
        raise ScoreError("queen-takers", copies=rules.decks)
    if len(bonus) != copies or not all(_whole(b) and b in sides for b in bonus):
        raise ScoreError("bonus-takers", copies=copies)
    every = rules.point_cards - rules.decks  # the hearts of the deck (or decks)
    for side, h in enumerate(hearts):
        if not 0 <= h <= every:
            raise ScoreError("hearts-range", side=side, high=every, found=h)
    if sum(hearts) != every:
        raise ScoreError("hearts-sum", found=sum(hearts), expected=every)
    points = tuple(
        HEART_POINTS * hearts[i] + QUEEN_POINTS * queens.count(i) + BONUS_POINTS * bonus.count(i)
        for i in sides
    )
    shooter = next(
        (i for i in sides if hearts[i] == every and queens.count(i) == rules.decks), None
    )
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
