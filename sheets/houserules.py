"""House rules: every switch of the game, with its default and a one-line meaning.

:data:`OPTIONS` is the one place the switches are declared: each :class:`Option` gives its key,
kind, values, default (for every table: :class:`ByTable`), role and meaning, and every reader takes
them from there (:class:`HouseRules`, ``hearts-sheets check`` and ``variants``, the ``/make`` page,
the scorekeeper's generated config, the README's key table and the tests' lists of rules).
:class:`HouseRules` is the validated, frozen value the engine, the sheets and the site all read.
It knows nothing of files; the house-rules file loader (:mod:`sheets.housefile`) maps its
problems back to lines.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from sheets.cards import (ACE_OF_SPADES, ACE_POINTS, BONUS_POINTS, DECK_SIZE, HEART_POINTS,
                          KING_OF_SPADES, KING_POINTS, QUEEN_OF_SPADES, QUEEN_POINTS,
                          Card)
from sheets.problems import Problem

MOON_RULES = ("add-to-others", "subtract-from-shooter", "shooter-chooses", "add-unless-it-ends-game")
#: The two ways a shooter may choose under "shooter-chooses".
SHOOTER_CHOICES = MOON_RULES[:2]
DIRECTIONS = ("left", "right", "across", "hold", "scatter", "second-left", "second-right", "partner")
MIN_PLAYERS, MAX_PLAYERS = 3, 10
MIN_TARGET, MAX_TARGET = 10, 1000
CANCELLATION_PLAYERS = 6  # from this many players on, Cancellation Hearts with two decks
# A partnership's two teams, by seat: North and South against East and West, partners opposite.
TEAMS = ((0, 2), (1, 3))
PARTNER_OFFSET = TEAMS[0][1] - TEAMS[0][0]  # seats clockwise from a player to their partner
# Seats clockwise from passer to receiver, for the directions whose offset is fixed ("across"
# depends on the table; "hold" and "scatter" have none).
_OFFSETS = {"left": 1, "right": -1, "second-left": 2, "second-right": -2, "partner": PARTNER_OFFSET}


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
    value, or :class:`ByTable`), role (one of :data:`ROLES`) and meaning. Everything that
    reads, checks, offers, scores or documents a house rule takes it from here."""

    key: str
    kind: str  # "bool", "choice", "int" or "cycle"
    role: str
    default: Any
    doc: str
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
        return [((f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0]))
                 + " players", value) for value, counts in self.other_tables()]

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
    Option("players", "int", "table", 4,
           "number of players; 6 to 10 play Cancellation Hearts with two decks",
           minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
    Option("passing", "cycle", "pass",
           ByTable(("left", "right", "across", "hold"), ("hold",),
                   players=((3, ("left", "right", "hold")),
                            (5, ("left", "right", "second-left", "second-right", "hold")))),
           "the cycle of pass directions, one per hand, repeating", choices=DIRECTIONS),
    Option("first_lead", "choice", "play", ByTable("lowest-club", "dealer-left"),
           "who leads the first trick: the holder of the lowest club, or the player on the "
           "dealer's left with any card but a heart (or the queen of spades while points are "
           "barred)", choices=("lowest-club", "dealer-left")),
    Option("points_on_first_trick", "bool", "play", False,
           "a player who cannot follow may play hearts or the queen of spades on the first trick"),
    Option("queen_breaks_hearts", "bool", "play", False,
           "playing the queen of spades also breaks hearts"),
    Option("hearts_any_time", "bool", "play", False,
           "no breaking rule: hearts may be led from the second trick on"),
    Option("lead_heart_instead_of_queen", "bool", "play", False,
           "with hearts unbroken and only hearts and the queen, a heart may be led instead of "
           "the queen"),
    Option("must_dump_queen", "bool", "play", False,
           "the queen of spades must be played at the first safe chance"),
    Option("moon", "choice", "scoring", "add-to-others", "how shooting the moon is scored",
           choices=MOON_RULES),
    Option("shoot_the_sun", "bool", "scoring", False,
           "winning every trick scores double the moon"),
    Option("bonus_card", "choice", "scoring", "none",
           "a card that takes 10 points off its winner's score (Omnibus)",
           choices=("none", "JD", "TD")),
    Option("black_maria", "bool", "scoring", False,
           f"Black Maria spades: the king of spades counts {KING_POINTS} and the ace "
           f"{ACE_POINTS}, besides the queen's {QUEEN_POINTS}; a moon needs them too"),
    Option("exactly_100", "choice", "scoring", "none",
           f"a total of exactly {RESET_AT} after a hand drops to 50 or to 0",
           choices=("none", 50, 0)),
    Option("target", "int", "scoring", 100,
           "the game ends after the hand in which a total reaches this",
           minimum=MIN_TARGET, maximum=MAX_TARGET),
    Option("ties", "choice", "scoring", "joint-winners", "a tie for the lowest total at the end",
           choices=("joint-winners", "play-on")),
    Option("deal", "choice", "deal", ByTable("strip", "kitty"),
           "with 3, 4 or 5 players: strip cards so the deal comes out even, or deal a kitty",
           choices=("strip", "kitty")),
    Option("kitty_goes_to", "choice", "deal", ByTable("first-points", "first-trick"),
           "who takes the kitty: the first player to win a heart or the queen of spades, or "
           "the winner of the first trick", choices=("first-points", "first-trick")),
    Option("partnership", "bool", "table", False,
           "4 players in two teams, partners sitting opposite"),
)

OPTIONS_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}


class HouseRulesError(ValueError):
    """House rules that cannot be played; ``problems`` lists every one found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(p.text() for p in self.problems))


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


def _check_value(option: Option, value: Any) -> tuple[Any, Problem | None]:
    """Normalise one value, or say what is wrong with it."""

    def bad(problem: str = "", found: Any = value, kind: str = "value") -> tuple[None, Problem]:
        # made only for a value that is wrong: HouseRules checks every key whenever it is made
        return None, Problem(option.key, problem, option.expected(), _describe(found), id=kind,
                             args=(("found", _describe(found)),))

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


def _default(key: str) -> Any:
    """A house rule's field default, as :data:`OPTIONS` declares it (the one place it is
    stated): None for one that depends on the table."""
    return OPTIONS_BY_KEY[key].plain_default


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The rules in force. ``HouseRules()`` is the standard 4-player game.

    One field for each of :data:`OPTIONS`, in the same order, with its default from there.
    Keys whose default depends on the table (:class:`ByTable`: ``passing``, ``first_lead``,
    ``deal``, ``kitty_goes_to``) may be left as ``None``; they are resolved on construction.

    Two values are equal when they give the same game *and* were given the same keys: what a
    house-rules file sets is reported (:meth:`to_mapping`, :func:`warnings`), so
    ``HouseRules.from_mapping({"moon": "add-to-others"})`` is not ``HouseRules()``, though both
    play the standard game; :meth:`same_game` compares the game alone.
    """

    players: int = _default("players")
    # (a field whose default depends on the table starts as None: _default() says so)
    passing: tuple[str, ...] = _default("passing")
    first_lead: str = _default("first_lead")
    points_on_first_trick: bool = _default("points_on_first_trick")
    queen_breaks_hearts: bool = _default("queen_breaks_hearts")
    hearts_any_time: bool = _default("hearts_any_time")
    lead_heart_instead_of_queen: bool = _default("lead_heart_instead_of_queen")
    must_dump_queen: bool = _default("must_dump_queen")
    moon: str = _default("moon")
    shoot_the_sun: bool = _default("shoot_the_sun")
    bonus_card: str = _default("bonus_card")
    black_maria: bool = _default("black_maria")
    exactly_100: int | str = _default("exactly_100")
    target: int = _default("target")
    ties: str = _default("ties")
    deal: str = _default("deal")
    kitty_goes_to: str = _default("kitty_goes_to")
    partnership: bool = _default("partnership")
    # The keys given (a house-rules file's keys, or values not the default): what to_mapping()
    # writes and warnings() weighs. It is part of the value, so rules that report differently
    # are never equal; kept in the order of OPTIONS, so the repr rebuilds the value.
    _explicit: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problems: list[Problem] = []
        given = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "_explicit"}
        values: dict[str, Any] = {}
        for key, value in given.items():
            option = OPTIONS_BY_KEY[key]
            if value is None and option.by_table:
                values[key] = None
                continue
            norm, problem = _check_value(option, value)
            if problem:
                problems.append(problem)
                norm = option.plain_default  # so the other keys can still be checked together
            values[key] = norm
        invalid = {p.key for p in problems}
        if "players" in invalid:  # every contradiction depends on the table
            raise HouseRulesError(problems)
        players = values["players"]
        for key, value in values.items():
            if value is None:  # a default that depends on the table
                values[key] = OPTIONS_BY_KEY[key].default_at(players)
        explicit = (set(self._explicit) | {
            k for k, v in values.items()
            if given[k] is not None and v != OPTIONS_BY_KEY[k].default_at(players)}) - invalid
        problems += [p for p in _contradictions(values, explicit) if p.key not in invalid]
        if problems:
            raise HouseRulesError(problems)
        for key, value in values.items():
            object.__setattr__(self, key, value)
        object.__setattr__(self, "_explicit", tuple(k for k in OPTIONS_BY_KEY if k in explicit))

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> HouseRules:
        """Build from a mapping with the house-rules file's keys; every problem is reported."""
        problems = []
        known = {}
        for key, value in mapping.items():
            if key not in OPTIONS_BY_KEY:
                near = nearest(str(key))
                problems.append(Problem(str(key), expected="one of " + ", ".join(OPTIONS_BY_KEY),
                                        hint=f"did you mean {near!r}?" if near else "",
                                        unknown=True, id="unknown-option",
                                        args=(("near", repr(near)),
                                              ("keys", ", ".join(OPTIONS_BY_KEY)))))
            elif value is None:
                problems.append(Problem(key, "no value given", OPTIONS_BY_KEY[key].expected(),
                                        "nothing", id="no-value"))
            else:
                known[key] = value
        try:
            rules = cls(**known, _explicit=tuple(known))
        except HouseRulesError as err:
            problems += err.problems
        if problems:
            raise HouseRulesError(problems)
        return rules

    def to_mapping(self) -> dict[str, Any]:
        """The keys a house-rules file needs to give these rules (those set, not left to their
        defaults), in the order of :data:`OPTIONS`; ``from_mapping`` reads it back."""
        out = {}
        for option in OPTIONS:
            if option.key in self._explicit:
                value = getattr(self, option.key)
                out[option.key] = list(value) if isinstance(value, tuple) else value
        return out

    def same_game(self, other: HouseRules) -> bool:
        """True when both give the same game, whichever keys were written to give it."""
        return all(getattr(self, o.key) == getattr(other, o.key) for o in OPTIONS)

    def replace(self, **changes: Any) -> HouseRules:
        """A copy with some keys changed (count-dependent defaults are worked out again)."""
        base = {k: getattr(self, k) for k in self._explicit}
        base.update(changes)
        return HouseRules.from_mapping(base)

    # -- derived facts --------------------------------------------------------------------------

    @property
    def decks(self) -> int:
        """1, or 2 for Cancellation Hearts (6 to 10 players)."""
        return 2 if self.cancellation else 1

    @property
    def cancellation(self) -> bool:
        """True when this is Cancellation Hearts."""
        return self.players >= CANCELLATION_PLAYERS

    @property
    def removed_cards(self) -> tuple[Card, ...]:
        """Cards taken out before shuffling so the deal comes out even."""
        if self.deal != "strip":
            return ()
        if self.players == 3:
            return (Card.parse("2D"),)
        if self.players == 5:
            return (Card.parse("2D"), Card.parse("2C"))
        return ()

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        if self.cancellation:
            return self.deck_size // self.players
        return {3: 17, 4: 12 if self.deal == "kitty" else 13, 5: 10}[self.players]

    @property
    def deck_size(self) -> int:
        """Cards in play before any are stripped: 52, or 104 with two decks."""
        return DECK_SIZE * self.decks

    @property
    def kitty_size(self) -> int:
        """Cards dealt face down to the kitty (0 without one)."""
        return self.deck_size - len(self.removed_cards) - self.hand_size * self.players

    @property
    def sides(self) -> int:
        """How many scores are kept: players, or 2 teams in a partnership."""
        return len(TEAMS) if self.partnership else self.players

    @property
    def side_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side that keeps a score: each seat alone, or the :data:`TEAMS`."""
        return TEAMS if self.partnership else tuple((s,) for s in range(self.players))

    @property
    def bonus(self) -> Card | None:
        """The bonus card, or None."""
        return None if self.bonus_card == "none" else Card.parse(self.bonus_card)

    @property
    def penalty_spades(self) -> tuple[tuple[Card, int], ...]:
        """The spades that score, each with its points (one deck's; two decks hold two of
        each): the queen of spades, 13, and under Black Maria the king, 10, and the ace, 7."""
        queen = ((QUEEN_OF_SPADES, QUEEN_POINTS),)
        if not self.black_maria:
            return queen
        return queen + ((KING_OF_SPADES, KING_POINTS), (ACE_OF_SPADES, ACE_POINTS))

    @property
    def points_per_hand(self) -> int:
        """Points in the point cards of a hand (every heart and penalty spade): 26, or 52 with
        two decks (43 and 86 under Black Maria)."""
        return (13 * HEART_POINTS + sum(p for _, p in self.penalty_spades)) * self.decks

    @property
    def point_cards(self) -> int:
        """How many cards score: every heart and penalty spade, 14 a deck (16 under Black
        Maria)."""
        return (13 + len(self.penalty_spades)) * self.decks

    @property
    def bonus_total(self) -> int:
        """What the bonus cards take off every hand: 10 for each one in the deck, or 0."""
        return -BONUS_POINTS * self.decks if self.bonus else 0

    @property
    def check_sum(self) -> int:
        """What a normal hand's points add up to (the bonus card's -10s included)."""
        return self.points_per_hand - self.bonus_total

    @property
    def moon_value(self) -> int:
        """What a moon is worth: the hand's points, 26, or 52 with two decks (43 and 86 under
        Black Maria)."""
        return self.points_per_hand

    @property
    def sun_value(self) -> int:
        """What shooting the sun is worth: double the moon."""
        return 2 * self.moon_value

    @property
    def moon_check_sum(self) -> int:
        """What a moon hand scored by adding to the others adds up to."""
        return self.moon_sums()[0]

    @property
    def moon_may_add(self) -> bool:
        """True when a moon may be scored by adding its worth to everyone else."""
        return self.moon != "subtract-from-shooter"

    @property
    def moon_may_subtract(self) -> bool:
        """True when a moon may be scored by taking its worth off the shooter."""
        return self.moon != "add-to-others"

    @property
    def moon_chooser(self) -> str | None:
        """Who decides whether a moon is added or taken off: None (the rule says which),
        "shooter" (shooter-chooses) or "end" (added, unless that ends the game with someone
        else winning)."""
        return {"shooter-chooses": "shooter", "add-unless-it-ends-game": "end"}.get(self.moon)

    @property
    def ties_play_on(self) -> bool:
        """True when a tie for the lowest total at the end is played on."""
        return self.ties == "play-on"

    def moon_sums(self, value: int | None = None) -> tuple[int, int]:
        """What a moon hand's scores add up to when the moon is added to everyone else, and
        when it is taken off the shooter; ``value`` is the moon's worth (the sun's for a sun)."""
        value = self.moon_value if value is None else value
        return value * (self.sides - 1) - self.bonus_total, -value - self.bonus_total

    def pass_direction(self, hand_number: int) -> str:
        """The pass direction of a hand, counted from 0."""
        return self.passing[hand_number % len(self.passing)]

    def pass_count(self, direction: str) -> int:
        """How many cards each player passes in a direction."""
        if direction == "hold":
            return 0
        if direction == "scatter":
            return self.players - 1
        return 3

    def pass_offset(self, direction: str) -> int:
        """Seats clockwise from passer to receiver (scatter and hold have none)."""
        if direction == "across":
            return self.players // 2
        return _OFFSETS.get(direction, 0)


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


def _contradictions(v: dict[str, Any], explicit: set[str]) -> list[Problem]:
    """Keys that cannot go together."""
    problems = []
    players = v["players"]
    if v["partnership"] and players != 4:
        problems.append(Problem("partnership", "partnership needs exactly 4 players",
                                "players: 4", f"players: {players}", id="partnership-players",
                                args=(("players", players),)))
    for direction in v["passing"]:
        misfit = misfit_of(direction, players, v["partnership"])
        if misfit:
            problems.append(Problem("passing", misfit[1], "a direction that fits the table",
                                    repr(direction), id=misfit[0],
                                    args=(("direction", direction), ("quoted", repr(direction)),
                                          ("players", players))))
            break
    if players >= CANCELLATION_PLAYERS:
        if v["first_lead"] == "lowest-club":
            problems.append(Problem("first_lead", "Cancellation Hearts (6 to 10 players) opens "
                                    "from the dealer's left", "dealer-left", "'lowest-club'",
                                    id="cancellation-lead"))
        if v["deal"] == "strip":
            problems.append(Problem("deal", "Cancellation Hearts deals the leftover cards to a "
                                    "kitty", "kitty", "'strip'", id="cancellation-deal"))
        if v["kitty_goes_to"] == "first-points":
            problems.append(Problem("kitty_goes_to", "in Cancellation Hearts the first trick's "
                                    "winner takes the kitty", "first-trick", "'first-points'",
                                    id="cancellation-kitty"))
    if "kitty_goes_to" in explicit and v["deal"] != "kitty" and players < CANCELLATION_PLAYERS:
        problems.append(Problem("kitty_goes_to", "there is no kitty unless deal is kitty",
                                "deal: kitty", f"deal: {v['deal']}", id="no-kitty-dealt",
                                args=(("deal", v["deal"]),)))
    return problems


STANDARD = HouseRules()


# -- rules that can never matter ------------------------------------------------------------------


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
    return (rules.ties == "play-on"
            or rules.target - 1 + most_added_in_a_hand(rules) >= RESET_AT)


#: The keys :func:`warnings` may find dead.
MAY_BE_DEAD = ("queen_breaks_hearts", "lead_heart_instead_of_queen", "exactly_100", "deal",
               "kitty_goes_to")


def warnings(rules: HouseRules) -> tuple[Problem, ...]:
    """House rules that are set but can never matter under the other rules: one
    :class:`Problem` each, naming the key, why it never applies (``message``) and what would
    make it matter (``expected``). Pure; ``hearts-sheets check`` prints these and the sheets
    leave the rules out."""
    found = []
    given = rules.to_mapping()
    if rules.hearts_any_time:
        for key, what in (("queen_breaks_hearts", "Q♠ breaking hearts"),
                          ("lead_heart_instead_of_queen", "leading a heart instead of Q♠")):
            if getattr(rules, key):
                found.append(Problem(key, f"never applies: with hearts_any_time there is no "
                                          f"breaking rule, so {what} changes nothing",
                                     "hearts_any_time: false", id=f"dead-{key}"))
    if rules.exactly_100 != "none" and not exactly_100_reachable(rules):
        most = most_added_in_a_hand(rules)
        needed = RESET_AT - most + 1
        ways = [f"target: {needed} or more"]
        if not rules.shoot_the_sun and exactly_100_reachable(rules.replace(shoot_the_sun=True)):
            ways.append("shoot_the_sun: true")
        ways.append("ties: play-on")
        found.append(Problem("exactly_100", f"never applies: in a game to {rules.target} a "
                                            f"total is at most {rules.target - 1} before a hand "
                                            f"and one hand adds at most {most}, so no total "
                                            "can be exactly 100",
                             ", ".join(ways[:-1]) + ", or " + ways[-1], id="dead-exactly_100",
                             args=(("target", rules.target), ("before", rules.target - 1),
                                   ("most", most), ("needed", needed),
                                   ("sun", "shoot_the_sun: true" in ways))))
    if rules.kitty_size == 0 and rules.cancellation:
        for key in ("deal", "kitty_goes_to"):
            if key in given:
                found.append(Problem(key, f"never applies: with {rules.players} players the "
                                          f"{rules.deck_size} cards go round evenly and no "
                                          "kitty is dealt",
                                     "a player count that leaves cards over", id="dead-kitty",
                                     args=(("players", rules.players),
                                           ("deck_size", rules.deck_size))))
    return tuple(found)


@functools.lru_cache(maxsize=256)
def without_dead_rules(rules: HouseRules) -> HouseRules:
    """The rules with every key :func:`warnings` finds dead left at its default: the game as
    it is played, which the sheets print. Worked out once for each rules value, however many
    readers ask (the text, the example, the score sheet, the service's page)."""
    dead = {p.key for p in warnings(rules)}
    if not dead:
        return rules
    return HouseRules.from_mapping({k: v for k, v in rules.to_mapping().items()
                                    if k not in dead})


__all__ = ["ByTable", "HouseRules", "HouseRulesError", "MAY_BE_DEAD", "OPTIONS", "Option",
           "Problem", "RESET_AT", "ROLES", "SHOOTER_CHOICES", "STANDARD", "TEAMS",
           "default_cycle", "direction_misfit", "misfit_of", "exactly_100_reachable", "value_text",
           "most_added_in_a_hand", "nearest", "warnings", "without_dead_rules"]
