"""House rules that can never matter under the others (:func:`warnings`), and the rules as
they are played, those left at their defaults (:func:`without_dead_rules`), which the sheets
print.

``hearts-sheets check`` prints the warnings, and ``sheets.houserules`` re-exports these names.
This module reads a :class:`~sheets.houserules.HouseRules` only through its methods, so it does
not import that module, which imports it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from sheets.options import RESET_AT
from sheets.problems import Problem

if TYPE_CHECKING:
    from sheets.houserules import HouseRules

__all__ = [
    "MAY_BE_DEAD",
    "exactly_100_reachable",
    "most_added_in_a_hand",
    "warnings",
    "without_dead_rules",
]


def most_added_in_a_hand(rules: HouseRules) -> int:
    """The most one hand can add to a total: every point card, which a revoke found late gives
    the offender (table law), or what a moon (a sun, where it is played) adds to the others'
    totals."""
    most = rules.points_per_hand
    if rules.moon_may_add:
        most = max(most, rules.sun_value if rules.shoot_the_sun else rules.moon_value)
    return most


def exactly_100_reachable(rules: HouseRules) -> bool:
    """True when a total can be exactly 100 after a hand: the game has not ended before it, so
    every total was below the target (unless ties play on, when totals may pass it)."""
    return rules.ties == "play-on" or rules.target - 1 + most_added_in_a_hand(rules) >= RESET_AT


#: The keys :func:`warnings` may find dead.
MAY_BE_DEAD = (
    "queen_breaks_hearts",
    "lead_heart_instead_of_queen",
    "exactly_100",
    "moon",
    "deal",
    "kitty_goes_to",
)


def warnings(rules: HouseRules) -> tuple[Problem, ...]:
    """House rules that are set but can never matter under the other rules: one
    :class:`Problem` each, naming the key, why it never applies (``message``) and what would
    make it matter (``expected``). Pure; ``hearts-sheets check`` prints these and the sheets
    leave the rules out."""
    found = []
    given = rules.to_mapping()
    if rules.hearts_any_time:
        for key, what in (
            ("queen_breaks_hearts", "Q♠ breaking hearts"),
            ("lead_heart_instead_of_queen", "leading a heart instead of Q♠"),
        ):
            if getattr(rules, key):
                found.append(
                    Problem(
                        key,
                        f"never applies: with hearts_any_time there is no "
                        f"breaking rule, so {what} changes nothing",
                        "hearts_any_time: false",
                        id=f"dead-{key}",
                    )
                )
    if rules.exactly_100 != "none" and not exactly_100_reachable(rules):
        most = most_added_in_a_hand(rules)
        needed = RESET_AT - most + 1
        ways = [f"target: {needed} or more"]
        if not rules.shoot_the_sun and exactly_100_reachable(rules.replace(shoot_the_sun=True)):
            ways.append("shoot_the_sun: true")
        ways.append("ties: play-on")
        found.append(
            Problem(
                "exactly_100",
                f"never applies: in a game to {rules.target} a "
                f"total is at most {rules.target - 1} before a hand "
                f"and one hand adds at most {most}, so no total "
                "can be exactly 100",
                ", ".join(ways[:-1]) + ", or " + ways[-1],
                id="dead-exactly_100",
                args=(
                    ("target", rules.target),
                    ("before", rules.target - 1),
                    ("most", most),
                    ("needed", needed),
                    ("sun", "shoot_the_sun: true" in ways),
                ),
            )
        )
    if rules.moon == "add-unless-it-ends-game" and rules.sides == 2:
        # the other team's points end the game only with it at or past the target, above the
        # shooters (who are below it, or the game would be over): never winning, never tied
        found.append(
            Problem(
                "moon",
                "never applies: with two teams a moon's points to the other team can never "
                "end the game with it winning or tied",
                "three or more players, not in teams",
                id="dead-safeguard",
            )
        )
    if rules.kitty_size == 0 and rules.cancellation:
        for key in ("deal", "kitty_goes_to"):
            if key in given:
                found.append(
                    Problem(
                        key,
                        f"never applies: with {rules.players} players the "
                        f"{rules.deck_size} cards go round evenly and no "
                        "kitty is dealt",
                        "a player count that leaves cards over",
                        id="dead-kitty",
                        args=(("players", rules.players), ("deck_size", rules.deck_size)),
                    )
                )
    return tuple(found)


@functools.lru_cache(maxsize=256)
def without_dead_rules(rules: HouseRules) -> HouseRules:
    """The rules with every key :func:`warnings` finds dead left at its default: the game as
    it is played, which the sheets print. Worked out once for each rules value, however many
    readers ask (the text, the example, the score sheet, the service's page)."""
    dead = {p.key for p in warnings(rules)}
    if not dead:
        return rules
    return rules.from_mapping({k: v for k, v in rules.to_mapping().items() if k not in dead})
