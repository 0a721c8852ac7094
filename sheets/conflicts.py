"""House rules that cannot go together: a pass direction that does not fit the table
(:func:`misfit_of`), and the keys that contradict each other (:func:`contradictions`), which
:class:`~sheets.houserules.HouseRules` refuses on construction.

They work on the keys' checked values, before there is a :class:`~sheets.houserules.HouseRules`
to ask; ``sheets.houserules`` re-exports :func:`misfit_of` and :func:`direction_misfit`.
"""

from __future__ import annotations

from typing import Any

from sheets import options
from sheets.options import DIRECTIONS
from sheets.problems import Problem

__all__ = ["contradictions", "direction_misfit", "misfit_of"]


def direction_misfit(direction: str, players: int, partnership: bool) -> str | None:
    """Why a pass direction makes no sense at a table, or None when it fits."""
    misfit = misfit_of(direction, players, partnership)
    return misfit[1] if misfit else None


def misfit_of(direction: str, players: int, partnership: bool) -> tuple[str, str] | None:
    """Why a pass direction makes no sense at a table, as the reason's id and its English
    words, or None when it fits."""
    if direction not in DIRECTIONS:
        return "not-a-direction", f"{direction!r} is not a pass direction"
    if direction == "across" and players % 2:
        return "no-seat-across", f"there is no seat across with {players} players"
    if direction in ("second-left", "second-right") and players < 5:
        return "second-needs-five", f"{direction} needs 5 or more players"
    if direction == "partner" and not partnership:
        return "partner-needs-partnership", "partner passing needs partnership: true"
    if direction == "scatter" and players > 5:
        return "scatter-needs-five-or-fewer", "scatter needs 3 to 5 players"
    return None


def contradictions(v: dict[str, Any], explicit: set[str]) -> list[Problem]:
    """Keys that cannot go together, given each key's checked value (``v``) and the keys given
    (``explicit``): one :class:`Problem` each."""
    problems = []
    players = v["players"]
    needed = options.PARTNERSHIP_PLAYERS
    if v["partnership"] and players != needed:
        problems.append(
            Problem(
                "partnership",
                f"partnership needs exactly {needed} players",
                f"players: {needed}",
                f"players: {players}",
                id="partnership-players",
                args=(("players", players), ("team_players", needed)),
            )
        )
    for direction in v["passing"]:
        misfit = misfit_of(direction, players, v["partnership"])
        if misfit:
            problems.append(
                Problem(
                    "passing",
                    misfit[1],
                    "a direction that fits the table",
                    repr(direction),
                    id=misfit[0],
                    args=(
                        ("direction", direction),
                        ("quoted", repr(direction)),
                        ("players", players),
                    ),
                )
            )
            break
    # read from options at each call: one constant, as a test that moves it relies on
    if players >= options.CANCELLATION_PLAYERS:
        if v["first_lead"] == "lowest-club":
            problems.append(
                Problem(
                    "first_lead",
                    "Cancellation Hearts (6 to 10 players) opens from the dealer's left",
                    "dealer-left",
                    "'lowest-club'",
                    id="cancellation-lead",
                )
            )
        if v["deal"] == "strip":
            problems.append(
                Problem(
                    "deal",
                    "Cancellation Hearts deals the leftover cards to a kitty",
                    "kitty",
                    "'strip'",
                    id="cancellation-deal",
                )
            )
        if v["kitty_goes_to"] == "first-points":
            problems.append(
                Problem(
                    "kitty_goes_to",
                    "in Cancellation Hearts the first trick's winner takes the kitty",
                    "first-trick",
                    "'first-points'",
                    id="cancellation-kitty",
                )
            )
    if (
        "kitty_goes_to" in explicit
        and v["deal"] != "kitty"
        and players < options.CANCELLATION_PLAYERS
    ):
        problems.append(
            Problem(
                "kitty_goes_to",
                "there is no kitty unless deal is kitty",
                "deal: kitty",
                f"deal: {v['deal']}",
                id="no-kitty-dealt",
                args=(("deal", v["deal"]),),
            )
        )
    return problems
