"""Scorekeeper game records for the tests: whole games played at random by the cards each side
took (:func:`sheets.scoring.from_cards`), as the scorekeeper would export them."""

from __future__ import annotations

import json
import random
from typing import Any

from sheets.gamerecord import FORMAT, VERSION, record_name
from sheets.houserules import HouseRules
from sheets.scoring import Game, from_cards
from sheets.words import scoring_options

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo")


def _random_hand(
    rules: HouseRules, rng: random.Random, moon: bool, sun: bool = False
) -> dict[str, Any]:
    sides = range(rules.sides)
    every = rules.point_cards - rules.decks
    copies = rules.decks if rules.bonus else 0
    if moon:
        who = rng.choice(sides)
        hearts = [every if s == who else 0 for s in sides]
        queens = [who] * rules.decks
    else:
        cuts = sorted(rng.randint(0, every) for _ in range(rules.sides - 1))
        hearts = [b - a for a, b in zip([0, *cuts], [*cuts, every])]
        queens = [rng.choice(sides) for _ in range(rules.decks)]
    bonus = [rng.choice(sides) for _ in range(copies)]
    if sun:  # every trick: the bonus cards too
        bonus = [who] * copies
    points, shooter = from_cards(rules, hearts, queens, bonus)
    choice = None
    if shooter is not None and rules.moon == "shooter-chooses":  # a sun taken off, a moon added
        choice = "subtract-from-shooter" if sun else "add-to-others"
    return {
        "points": list(points),
        "shooter": shooter,
        "sun": sun,
        "choice": choice,
        "revoke": None,
    }


def game_record(
    rules: HouseRules,
    *,
    seed: int = 0,
    hands: int | None = None,
    moons: tuple[int, ...] = (),
    suns: tuple[int, ...] = (),
    revokes: dict[int, int] | None = None,
    first_dealer: int = 0,
) -> dict[str, Any]:
    """A record of a game under ``rules``: random hands until it is over (or ``hands`` of
    them), a moon at each index of ``moons``, a sun at each of ``suns`` and a revoke by a side at each index of
    ``revokes``."""
    rng = random.Random(seed)
    names = list(NAMES[: rules.sides]) if not rules.partnership else ["Kings", "Queens"]
    game = Game(rules, names, first_dealer)
    played: list[dict[str, Any]] = []
    while not game.is_over and (hands is None or len(played) < hands):
        k = len(played)
        if revokes and k in revokes:
            side = revokes[k]
            hand = {
                "points": [rules.points_per_hand if s == side else 0 for s in range(rules.sides)],
                "shooter": None,
                "sun": False,
                "choice": None,
                "revoke": side,
            }
        else:
            hand = _random_hand(rules, rng, k in moons + suns, k in suns)
        game.record_points(
            hand["points"],
            shooter=hand["shooter"],
            sun=hand["sun"],
            choice=hand["choice"],
            revoke=hand["revoke"],
        )
        played.append(hand)
    kept = {record_name(o): getattr(rules, o.key) for o in scoring_options()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": f"test-{seed}",
        "revision": len(played),
        "players": rules.players,
        "partnership": rules.partnership,
        "names": names,
        "firstDealer": first_dealer,
        "passing": list(rules.passing),
        "rules": kept,
        "hands": played,
        "log": [{"act": "record"} for _ in played],
        "redo": [],
    }


def game_bytes(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


def with_seat_changes(
    record: dict[str, Any], changes: list[tuple[int, list[int]]]
) -> dict[str, Any]:
    """The record with sides changing seats as the scorekeeper changes them: after ``hands``
    hands, side i takes the seat of side ``order[i]`` (each change in turn), the hands already
    played move with their players, and the log says who sat where."""
    record = json.loads(json.dumps(record))
    log: list[dict[str, Any]] = []
    done = 0
    for hands, order in changes:
        log += [{"act": "record"}] * (hands - done)
        done = hands
        before = record["names"]
        record["names"] = [before[old] for old in order]
        for hand in record["hands"][:hands]:
            hand["points"] = [hand["points"][old] for old in order]
            for role in ("shooter", "revoke"):
                if hand[role] is not None:
                    hand[role] = order.index(hand[role])
        log.append({"act": "players", "before": before, "after": record["names"], "order": order})
    record["log"] = log + [{"act": "record"}] * (len(record["hands"]) - done)
    return record


#: The games the filled-in sheet is looked at and tested with, by name.
GAMES = {
    "four": lambda: game_record(HouseRules(), seed=1, moons=(3,), revokes={5: 2}),
    "three": lambda: game_record(HouseRules(players=3), seed=2, moons=(2,), first_dealer=2),
    "cancellation": lambda: game_record(HouseRules(players=10), seed=3, moons=(4,)),
    "teams": lambda: game_record(
        HouseRules(partnership=True), seed=4, moons=(1,), revokes={3: 1}, first_dealer=1
    ),
    "suns": lambda: game_record(
        HouseRules(players=10, moon="shooter-chooses", shoot_the_sun=True, bonus_card="JD"),
        seed=6,
        moons=(1,),
        suns=(3,),
    ),
    "long": lambda: game_record(
        HouseRules(target=250, bonus_card="JD"), seed=5, moons=(7,), revokes={24: 0}
    ),
}
