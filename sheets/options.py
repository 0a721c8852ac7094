"""The house rules as declared: every switch of the game, with its key, kind, values, default (at
every table: :class:`ByTable`), role and meaning (:data:`OPTIONS`), and the constants they are
stated with. Every reader takes them from here: :class:`~sheets.houserules.HouseRules`,
``hearts-sheets check`` and ``variants``, the ``/make`` page, the scorekeeper's generated config,
the README's key table and the tests' lists of rules. A constant is read as ``options.NAME``
where it may be patched, so that it is stated, and read, in one place."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sheets.problems import Problem

MOON_RULES = (
    "add-to-others",
    "subtract-from-shooter",
    "shooter-chooses",
    "add-unless-it-ends-game",
)
#: The two ways a shooter may choose under "shooter-chooses".
SHOOTER_CHOICES = MOON_RULES[:2]
DIRECTIONS = (
    "left",
    "right",
    "across",
    "hold",
    "scatter",
    "second-left",
    "second-right",
    "partner",
)
HOLD = DIRECTIONS[3]  # the direction of a hand that passes no cards
MIN_PLAYERS, MAX_PLAYERS = 3, 10
MIN_TARGET, MAX_TARGET = 10, 1000
CANCELLATION_PLAYERS = 6  # from this many players on, Cancellation Hearts with two decks
# A partnership's two teams, by seat: North and South against East and West, partners opposite.
TEAMS = ((0, 2), (1, 3))
PARTNER_OFFSET = TEAMS[0][1] - TEAMS[0][0]  # seats clockwise from a player to their partner
PARTNERSHIP_PLAYERS = sum(len(team) for team in TEAMS)  # the only table teams play at
# Seats clockwise from passer to receiver, for the directions whose offset is fixed ("across"
# depends on the table; "hold" and "scatter" have none).
OFFSETS = {"left": 1, "right": -1, "second-left": 2, "second-right": -2, "partner": PARTNER_OFFSET}


#: What a house rule is about, which says who reads it: "table" (who plays: the count, the
#: teams), "deal" (the cards dealt and the kitty), "pass", "play" (what may be played) and
#: "scoring" (what the points come to and when the game ends: the scorekeeper keeps these).
ROLES = ("table", "deal", "pass", "play", "scoring")
#: The total the exactly-100 rule is about.
RESET_AT = 100


@dataclass(frozen=True, slots=True)
class ByTable:
    """A default that depends on the table: ``standard`` for one deck (3 to 5 players),
    ``cancellation`` for Cancellation Hearts (6 to 10), and ``players``, the counts with a
    default of their own."""

    standard: Any
    cancellation: Any
    players: tuple[tuple[int, Any], ...] = ()

    def at(self, players: int) -> Any:
        """The default at a table of this many players."""
        for count, value in self.players:
            if count == players:
                return value
        return self.cancellation if players >= CANCELLATION_PLAYERS else self.standard


def value_text(value: Any) -> str:
    """A value as a house-rules file writes it: ``true``, ``50``, ``left, right, hold``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(value)
    return str(value)


@dataclass(frozen=True, slots=True)
class Option:
    """One house-rule switch, declared once: its key, kind, allowed values, default (one
    value, or :class:`ByTable`) and role (one of :data:`ROLES`). Everything that reads,
    checks, offers, scores or documents a house rule takes it from here; its meaning, a word the
    product shows, is the content's (``keys`` in each language's ``language.yaml``, read by
    :func:`sheets.messages.key_meaning`)."""

    key: str
    kind: str  # "bool", "choice", "int" or "cycle"
    role: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"{self.key}: role {self.role!r} is not one of {', '.join(ROLES)}")

    @property
    def by_table(self) -> bool:
        """True when the default depends on the table (:class:`ByTable`)."""
        return isinstance(self.default, ByTable)

    @property
    def plain_default(self) -> Any:
        """The default a :class:`HouseRules` field starts from: None for one that depends on
        the table (worked out when the table is known)."""
        return None if self.by_table else self.default

    def default_at(self, players: int) -> Any:
        """The default at a table of this many players."""
        return self.default.at(players) if self.by_table else self.default

    def other_defaults(self) -> list[tuple[str, Any]]:
        """The tables whose default is not the 4-player table's, each with its default:
        ``[("6 to 10 players", "dealer-left")]``."""
        return [
            (
                (f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0]))
                + " players",
                value,
            )
            for value, counts in self.other_tables()
        ]

    def other_tables(self) -> list[tuple[Any, list[int]]]:
        """The defaults that differ from the 4-player table's, each with its player counts:
        ``[("dealer-left", [6, 7, 8, 9, 10])]``."""
        standard = self.default_at(4)
        others: dict[Any, list[int]] = {}
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            value = self.default_at(players)
            if value != standard:
                others.setdefault(value, []).append(players)
        return list(others.items())

    def default_text(self) -> str:
        """The default in words: the 4-player table's, then any other table's that differs
        ("lowest-club (6 to 10 players: dealer-left)")."""
        parts = [f"{tables}: {value_text(value)}" for tables, value in self.other_defaults()]
        return value_text(self.default_at(4)) + (f" ({'; '.join(parts)})" if parts else "")

    @property
    def bounds(self) -> tuple[int, int]:
        """The smallest and largest value of a number (``int``) option."""
        if self.minimum is None or self.maximum is None:
            raise TypeError(f"{self.key} is not a number with bounds")
        return self.minimum, self.maximum

    @property
    def values(self) -> tuple[Any, ...]:
        """Every value a choice or a switch can take (a number or a cycle has no short list)."""
        if self.kind == "bool":
            return (False, True)
        return self.choices if self.kind == "choice" else ()

    def expected(self) -> str:
        """What a valid value looks like, in words."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind == "cycle":
            return "a list of pass directions: " + ", ".join(self.choices)
        return "one of " + ", ".join(str(c) for c in self.choices)


OPTIONS: tuple[Option, ...] = (
    Option("players", "int", "table", 4, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
    Option(
        "passing",
        "cycle",
        "pass",
        ByTable(
            ("left", "right", "across", "hold"),
            ("hold",),
            players=(
                (3, ("left", "right", "hold")),
                (5, ("left", "right", "second-left", "second-right", "hold")),
            ),
        ),
        choices=DIRECTIONS,
    ),
    Option(
        "first_lead",
        "choice",
        "play",
        ByTable("lowest-club", "dealer-left"),
        choices=("lowest-club", "dealer-left"),
    ),
    Option("points_on_first_trick", "bool", "play", False),
    Option("queen_breaks_hearts", "bool", "play", False),
    Option("hearts_any_time", "bool", "play", False),
    Option("lead_heart_instead_of_queen", "bool", "play", False),
    Option("must_dump_queen", "bool", "play", False),
    Option("moon", "choice", "scoring", "add-to-others", choices=MOON_RULES),
    Option("shoot_the_sun", "bool", "scoring", False),
    Option("bonus_card", "choice", "scoring", "none", choices=("none", "JD", "TD")),
    Option("black_maria", "bool", "scoring", False),
    Option("exactly_100", "choice", "scoring", "none", choices=("none", 50, 0)),
    Option("target", "int", "scoring", 100, minimum=MIN_TARGET, maximum=MAX_TARGET),
    Option("ties", "choice", "scoring", "joint-winners", choices=("joint-winners", "play-on")),
    Option("deal", "choice", "deal", ByTable("strip", "kitty"), choices=("strip", "kitty")),
    Option(
        "kitty_goes_to",
        "choice",
        "deal",
        ByTable("first-points", "first-trick"),
        choices=("first-points", "first-trick"),
    ),
    Option("partnership", "bool", "table", False),
)

OPTIONS_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "a list" if value else "an empty list"
    if isinstance(value, Mapping):
        return "a mapping"
    if value is None:
        return "nothing"
    return repr(value)


def check_value(option: Option, value: Any) -> tuple[Any, Problem | None]:
    """Check one value given for ``option``: ``(value, None)`` with the value normalised (a
    list of directions as a tuple, ``"true"`` as True, ``"50"`` as 50), or ``(None, problem)``
    with the :class:`Problem` naming the key, what was expected and what was found.
    :class:`~sheets.houserules.HouseRules` checks every key it is given with it."""

    def bad(problem: str = "", found: Any = value, kind: str = "value") -> tuple[None, Problem]:
        # made only for a value that is wrong: HouseRules checks every key whenever it is made
        return None, Problem(
            option.key,
            problem,
            option.expected(),
            _describe(found),
            id=kind,
            args=(("found", _describe(found)),),
        )

    if option.kind == "bool":
        if isinstance(value, bool):
            return value, None
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true", None
        return bad()
    if option.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return bad()
        low, high = option.bounds
        if not low <= value <= high:
            return bad("out of range", kind="out-of-range")
        return value, None
    if option.kind == "cycle":
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or not items:
            return bad()
        for item in items:
            if not isinstance(item, str) or item not in DIRECTIONS:
                return bad("unknown pass direction", item, kind="unknown-direction")
        return tuple(items), None
    # choice
    for choice in option.choices:
        if value == choice and type(value) is type(choice):
            return choice, None
        if isinstance(choice, int) and isinstance(value, str) and value == str(choice):
            return choice, None
    if isinstance(value, bool):
        return bad()
    if isinstance(value, str) and value.upper() in option.choices:
        return value.upper(), None
    return bad()


def default_cycle(players: int) -> tuple[str, ...]:
    """The passing cycle the specification gives for a player count (``passing``'s default)."""
    return OPTIONS_BY_KEY["passing"].default_at(players)


def nearest(word: str, words: Iterable[str] = OPTIONS_BY_KEY) -> str | None:
    """The word of ``words`` (by default the house-rule keys) closest to a misspelt one, if
    any is close."""
    import difflib  # only a misspelt key needs it: not loaded on every build

    found = difflib.get_close_matches(word, list(words), n=1, cutoff=0.6)
    return found[0] if found else None


__all__ = [
    "CANCELLATION_PLAYERS",
    "DIRECTIONS",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "MIN_TARGET",
    "MOON_RULES",
    "OFFSETS",
    "OPTIONS",
    "OPTIONS_BY_KEY",
    "PARTNER_OFFSET",
    "PARTNERSHIP_PLAYERS",
    "RESET_AT",
    "ROLES",
    "SHOOTER_CHOICES",
    "TEAMS",
    "ByTable",
    "Option",
    "check_value",
    "default_cycle",
    "nearest",
    "value_text",
]
