"""The Hearts rules engine: one hand (:class:`Hand`), from the deal through the pass to the last
trick. Scoring hands into a game (totals, the moon rules, the end) is :mod:`sheets.scoring`.

It covers every table of the rule specification: 3 to 5 players with one deck (stripped or with
a kitty), 4 players in partnership, and Cancellation Hearts for 6 to 10 players with two decks,
under every house rule of :class:`~sheets.houserules.HouseRules`. Cards a player holds are bit
masks (see :mod:`sheets.cards`); with two decks a second mask holds the second copies, always a
subset of the first. The engine imports no YAML, ReportLab or click.

Its modules, each with one job, each importing only those above it:

- :mod:`~sheets.engine.records`: the values a hand gives back (:class:`Phase`, :class:`Play`,
  :class:`Trick`, :class:`Limit`, :class:`Outcome`, ...) and :class:`IllegalPlayError`;
- :mod:`~sheets.engine.ladder`: the rules of legal play, one rung a rule, in the order the
  rule sheet states them;
- :mod:`~sheets.engine.table`: the seats, what a hand needs from its house rules (the rungs in
  force among it), the deal;
- :mod:`~sheets.engine.takings`: what each seat took, read back from the tricks and the kitty,
  and the hand's :class:`Outcome`;
- :mod:`~sheets.engine.passing`: the pass, each seat's cards put down and then exchanged;
- :mod:`~sheets.engine.hand`: :class:`Hand`, which deals, passes, plays and takes back.

Text that is no card is :class:`InvalidCardError` (from :mod:`sheets.cards`); a deal, pass or
play the rules do not allow is :class:`IllegalPlayError`. Each message names the card and the
reason.

    >>> hand = Hand.random(HouseRules(), seed=7)
    >>> hand.phase
    <Phase.PASS: 'pass'>
"""

from sheets.cards import BONUS_POINTS, HEART_POINTS, QUEEN_POINTS, Card, InvalidCardError
from sheets.engine.hand import Hand
from sheets.engine.records import (
    Deal,
    IllegalPlayError,
    Limit,
    Moon,
    Outcome,
    Phase,
    Play,
    Trick,
)
from sheets.engine.table import (
    first_leader,
    random_deal,
    random_holdings,
    seat_names,
    side_names,
)
from sheets.houserules import HouseRules, HouseRulesError

__all__ = [
    "BONUS_POINTS",
    "HEART_POINTS",
    "QUEEN_POINTS",
    "Card",
    "Deal",
    "Hand",
    "HouseRules",
    "HouseRulesError",
    "IllegalPlayError",
    "InvalidCardError",
    "Limit",
    "Moon",
    "Outcome",
    "Phase",
    "Play",
    "Trick",
    "first_leader",
    "random_deal",
    "random_holdings",
    "seat_names",
    "side_names",
]
