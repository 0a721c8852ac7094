"""A game the scorekeeper exported, read back and checked: what a filled-in score sheet prints.

The record is the scorekeeper's own (``sheets/site/static/scorekeeper/record.js`` documents it:
format ``hearts-sheets.scorekeeper``, version 1, the table, the names, the first dealer, the
passing cycle, the scoring rules by their record names, the hands, and the actions done and
taken back). :func:`read_game` checks it from top to bottom as the scorekeeper's ``readGame``
does, then scores every hand again with :mod:`sheets.scoring`, so a record no deal gives is
refused as the scorekeeper refuses it. Who dealt each hand is read from the first dealer and the
actions, as the scorekeeper's history reads it: players who changed seats take the hands they
dealt with them. Each problem is a :class:`~sheets.problems.Problem`
worded from the content's ``scorekeeper.yaml`` in the language chosen, under the game's table
and rules where they are known. Reads no files: the command line and the service pass the bytes.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sheets.errors import InputError
from sheets.houserules import HouseRules, HouseRulesError, Option
from sheets.problems import Problem
from sheets.scoring import Game, HandRecord, ScoreError
from sheets.words import NAME_LENGTH, fill, scoring_options

if TYPE_CHECKING:
    from sheets.content import Content

FORMAT = "hearts-sheets.scorekeeper"
VERSION = 1
MAX_BYTES = 512 * 1024  # far more than the longest game's record (a game to 1000: under 100 KB)
PROBLEM_ID = "game-record"  # every problem of a game record: its words come with it


def record_name(option: Option) -> str:
    """A house rule's name in the scorekeeper's game record: ``bonus_card`` -> ``bonusCard``."""
    first, *rest = option.key.split("_")
    return first + "".join(part[:1].upper() + part[1:] for part in rest)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game read from the scorekeeper's record and scored again: its rules (the table, the
    passing cycle and every scoring rule), the names of its sides, the seat that dealt first,
    and each hand as :mod:`sheets.scoring` scores it."""

    rules: HouseRules
    names: tuple[str, ...]
    first_dealer: int
    hands: tuple[HandRecord, ...]
    winners: tuple[int, ...]  # the sides with the lowest total once the game is over
    canonical: bytes  # the record as read, in one spelling: the same game, the same bytes
    dealers: tuple[int, ...] = ()  # the side that dealt each hand, by the sides as they are now
    started: datetime.date | None = None  # the day the game began, where the record says it
    #: each change of seats after the first hand: how many hands were played before it, and
    #: the sides that moved (by the sides as they are now)
    moves: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def digest(self) -> str:
        """A digest of :attr:`canonical`, to know the same game again."""
        return hashlib.sha256(self.canonical).hexdigest()

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total after the last hand."""
        return self.hands[-1].totals if self.hands else (0,) * self.rules.sides


class _Refused(Exception):
    """A problem with the record: the id of its words and their values, and the rules under
    which they are said (None: before the table is known)."""

    def __init__(self, word: str, rules: HouseRules | None = None, **values: Any):
        super().__init__(word)
        self.word, self.rules, self.values = word, rules, values


def _plain(value: Any) -> bool:
    return isinstance(value, dict)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(text: str) -> int | float:
    """A JSON number as the scorekeeper reads it: 3.0 is the whole number 3."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def _table(data: Mapping[str, Any]) -> HouseRules:
    if not isinstance(data.get("partnership"), bool) or not _whole(data.get("players")):
        raise _Refused("no-table")
    try:
        return HouseRules(players=data["players"], partnership=data["partnership"])
    except HouseRulesError:
        raise _Refused("players-kept", found=data["players"]) from None


def _names_fit(names: Any, sides: int) -> bool:
    """One name for each side, each 1 to :data:`NAME_LENGTH` characters, no two the same."""
    if not isinstance(names, list) or len(names) != sides:
        return False
    seen = set()
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LENGTH:
            return False
        seen.add(name.strip().lower())
    return len(seen) == sides


def _rules(data: Mapping[str, Any], table: HouseRules, content: Content) -> HouseRules:
    """The game's rules: its table and passing cycle, and each scoring rule the record names (a
    switch is on only when it says true; a rule it does not name takes its usual value)."""
    given = data["rules"]
    values: dict[str, Any] = {}
    for option in (o for o in scoring_options() if o.key in content.scorekeeper.rules):
        name = record_name(option)
        value = given[name] if name in given else option.default_at(4)
        values[option.key] = value is True if option.kind == "bool" else value
    try:
        return HouseRules(
            players=table.players,
            partnership=table.partnership,
            passing=tuple(data["passing"]),
            **values,
        )
    except HouseRulesError as err:
        keys = [p.key for p in err.problems]
        rule = next((k for k in keys if k in values), None)
        if rule:
            raise _Refused(f"rule.{rule}.unknown", table) from None
        raise _Refused("no-cycle" if "passing" in keys else "table-unknown", table) from None


def _hand(hand: Any, game: Game) -> HandRecord:
    """One hand scored as the scorekeeper records it, or the reason it cannot be."""
    points, shooter, revoke = hand.get("points"), hand.get("shooter"), hand.get("revoke")
    try:
        if game.is_over:
            raise ScoreError("game-over", hand=game.hand_number + 1, ended=game.hand_number)
        if not isinstance(points, list):
            raise ScoreError("count", sides=game.rules.sides)
        for side in (shooter, revoke):
            if side is not None and (not _whole(side) or not 0 <= side < game.rules.sides):
                raise _Refused("refusal.no-side", game.rules, side=side)
        return game.record_points(
            points,
            shooter=shooter,
            sun=hand.get("sun") is True,
            choice=hand.get("choice") or None,
            revoke=revoke,
        )
    except ScoreError as err:
        values = dict(err.values)  # the numbers the words name, as scoring.py found them
        side = values.get("side")
        if isinstance(side, int) and 0 <= side < len(game.names):
            values["name"] = game.names[side]
        raise _Refused("refusal." + err.reason, game.rules, **values) from None


def _order(order: Any, sides: int) -> bool:
    """True for an order of the sides: each of 0 .. sides-1 once."""
    return (
        isinstance(order, list)
        and len(order) == sides
        and all(_whole(x) for x in order)
        and sorted(order) == list(range(sides))
    )


def _action(action: Any, sides: int) -> dict[str, Any] | None:
    """An action of the log as the scorekeeper's ``readAction`` takes it, kept as far as the
    dealers need it (a change of players with its names and order; a hand recorded), or None
    when the scorekeeper would not take it."""
    if not _plain(action):
        return None
    act = action.get("act")
    if act == "record":
        return {"act": "record"}
    if act == "players":
        order, before, after = action.get("order"), action.get("before"), action.get("after")
        if (
            _order(order, sides)
            and isinstance(before, list)
            and isinstance(after, list)
            and len(before) == len(after) == sides
        ):
            return {
                "act": "players",
                "order": order,
                "before": [str(n) for n in before],
                "after": [str(n) for n in after],
            }
        return None
    if act == "edit":
        index = action.get("index")
        if _whole(index) and index >= 0 and _plain(action.get("before")):
            return {"act": "edit"} if _plain(action.get("after")) else None
    return None


def _log(data: Mapping[str, Any], sides: int, hands: int) -> list[dict[str, Any]]:
    """The actions that gave the hands, as the scorekeeper reads them: a log that does not
    account for every hand (or holds an action it would not take) is read as the hands
    recorded one after the other."""
    given = data.get("log")
    log = [_action(a, sides) for a in given] if isinstance(given, list) else []
    kept = [a for a in log if a is not None]
    if len(kept) != len(log) or sum(a["act"] == "record" for a in kept) != hands:
        return [{"act": "record"}] * hands
    return [a for a in kept if a["act"] != "edit"]


def dealing_sides(
    rules: HouseRules, first_dealer: int, log: Sequence[Mapping[str, Any]]
) -> list[int]:
    """The side that dealt each hand, by the sides as they are after the log: the deal passes
    left seat by seat from ``first_dealer``; a side moved to another seat takes the hands it
    dealt with it (side i after a change of players sat at ``order[i]`` before)."""
    seat_side = {seat: side for side, seats in enumerate(rules.side_seats) for seat in seats}
    sides: list[int] = []
    for action in log:
        if action["act"] == "record":
            sides.append(seat_side[(first_dealer + len(sides)) % rules.players])
        else:
            sides = [action["order"].index(side) for side in sides]
    return sides


def seat_changes(log: Sequence[Mapping[str, Any]], sides: int) -> list[tuple[int, tuple[int, ...]]]:
    """Each change of seats in the log once a hand has been played: the hands before it, and
    the sides that moved, by the sides as they are after the whole log (a rename moves nobody;
    a change before the first hand only seats the table)."""
    seated = list(range(sides))  # who sits as each side now, by who sat there at the start
    moved: list[tuple[int, list[int]]] = []
    hands = 0
    for action in log:
        if action["act"] == "record":
            hands += 1
            continue
        order = action["order"]
        if hands and order != list(range(sides)):
            moved.append((hands, [seated[order[i]] for i in range(sides) if order[i] != i]))
        seated = [seated[order[i]] for i in range(sides)]
    now = {player: side for side, player in enumerate(seated)}
    return [(hands, tuple(sorted(now[player] for player in players))) for hands, players in moved]


def _started(data: Mapping[str, Any]) -> datetime.date | None:
    """The day the game began, as the scorekeeper writes it (``"2026-12-03"``), or None."""
    text = data.get("started")
    if not isinstance(text, str) or len(text) != len("2026-12-03"):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def read_game(data: Any, content: Content, source: str = "") -> GameRecord:
    """A game record (parsed JSON), checked from top to bottom and every hand scored again.
    Raises :class:`~sheets.errors.InputError` with the one problem found, in the content's
    language."""
    try:
        return _read(data, content)
    except _Refused as err:
        raise _refused(err, content, source) from None


def _refused(err: _Refused, content: Content, source: str) -> InputError:
    """The error for a problem with a record, worded in the content's language."""
    text = fill(content, err.word, err.rules or HouseRules(), **err.values)
    if "hand" in err.values and err.word != "refusal.game-over":
        text = fill(content, "in-hand", HouseRules(), hand=err.values["hand"], problem=text)
    problem = Problem(
        message=text,
        source=source,
        id=PROBLEM_ID,
        args=(("word", err.word), *sorted(err.values.items())),
    )
    return InputError([problem], language=content.language.code)


def _read(data: Any, content: Content) -> GameRecord:
    if not _plain(data) or data.get("format") != FORMAT:
        raise _Refused("not-a-game")
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise _Refused("other-version")
    table = _table(data)
    names = data.get("names")
    if not _names_fit(names, table.sides):
        raise _Refused("names-needed", table)
    dealer = data.get("firstDealer")
    if not _whole(dealer) or not 0 <= dealer < table.players:
        raise _Refused("no-dealer", table)
    passing = data.get("passing")
    if not isinstance(passing, list) or not passing or not all(isinstance(d, str) for d in passing):
        raise _Refused("no-cycle", table)
    if not _plain(data.get("rules")):
        raise _Refused("no-rules", table)
    rules = _rules(data, table, content)
    if not isinstance(data.get("hands"), list):
        raise _Refused("no-hands", rules)
    if not all(_plain(hand) for hand in data["hands"]):  # each hand read before any is scored
        raise _Refused("not-a-hand", rules)
    game = Game(rules, names, dealer)
    for number, hand in enumerate(data["hands"], 1):
        try:
            _hand(hand, game)
        except _Refused as err:
            if err.word != "refusal.game-over":
                err.values["hand"] = number
            raise
    log = _log(data, rules.sides, len(data["hands"]))
    started = _started(data)
    kept = {
        record_name(o): getattr(rules, o.key)
        for o in scoring_options()
        if o.key in content.scorekeeper.rules
    }
    canonical = {
        "format": FORMAT,
        "version": VERSION,
        "players": rules.players,
        "partnership": rules.partnership,
        "names": list(names),
        "firstDealer": dealer,
        "passing": list(rules.passing),
        "rules": kept,
        "hands": [_hand_record(h) for h in data["hands"]],
    }
    if any(a["act"] == "players" for a in log):  # the changes of seats the dealers follow
        canonical["log"] = log
    if started:
        canonical["started"] = started.isoformat()
    return GameRecord(
        rules,
        tuple(names),
        dealer,
        game.history,
        game.winners,
        json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode(
            "utf-8"
        ),
        tuple(dealing_sides(rules, dealer, log)),
        started,
        tuple(seat_changes(log, rules.sides)),
    )


def _hand_record(hand: Mapping[str, Any]) -> dict[str, Any]:
    """A hand as the record keeps it, in one spelling."""
    return {
        "points": hand["points"],
        "shooter": hand.get("shooter"),
        "sun": hand.get("sun") is True,
        "choice": hand.get("choice") or None,
        "revoke": hand.get("revoke"),
    }


def parse_game(data: bytes, content: Content, source: str = "") -> GameRecord:
    """A game record from the bytes of its JSON (as the scorekeeper exports it); more than
    :data:`MAX_BYTES` is refused unread."""
    try:
        if len(data) > MAX_BYTES:
            raise _Refused("too-big")
        try:
            parsed = json.loads(
                data.decode("utf-8"), parse_float=_number, parse_constant=_no_constant
            )
        except (ValueError, RecursionError):
            raise _Refused("not-json") from None
    except _Refused as err:
        raise _refused(err, content, source) from None
    return read_game(parsed, content, source)


__all__ = [
    "FORMAT",
    "GameRecord",
    "VERSION",
    "dealing_sides",
    "seat_changes",
    "parse_game",
    "read_game",
    "record_name",
]
