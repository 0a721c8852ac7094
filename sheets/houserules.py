"""House rules: the validated, frozen value of the rules in force (:class:`HouseRules`), which the
engine, the sheets and the site all read.

Keys that cannot go together are found by :mod:`sheets.conflicts`, and the rules that can never
matter under the others (:func:`warnings`, :func:`without_dead_rules`) by :mod:`sheets.deadrules`;
this module re-exports their public names, so that the rules' readers import from one place.

Every switch is declared once, in :data:`sheets.options.OPTIONS` (its key, kind, values, default
at every table, role and meaning); this module re-exports those names. :class:`HouseRules` knows
nothing of files; the house-rules file loader (:mod:`sheets.housefile`) maps its problems back
to lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from sheets import options
from sheets.cards import (
    ACE_OF_SPADES,
    ACE_POINTS,
    BONUS_POINTS,
    DECK_SIZE,
    HEART_POINTS,
    KING_OF_SPADES,
    KING_POINTS,
    QUEEN_OF_SPADES,
    QUEEN_POINTS,
    Card,
)
from sheets.conflicts import contradictions, direction_misfit, misfit_of
from sheets.deadrules import (
    MAY_BE_DEAD,
    exactly_100_reachable,
    most_added_in_a_hand,
    warnings,
    without_dead_rules,
)
from sheets.options import (
    CANCELLATION_PLAYERS,
    DIRECTIONS,
    MAX_PLAYERS,
    MAX_TARGET,
    MIN_PLAYERS,
    MIN_TARGET,
    MOON_RULES,
    OPTIONS,
    OPTIONS_BY_KEY,
    PARTNER_OFFSET,
    RESET_AT,
    ROLES,
    SHOOTER_CHOICES,
    TEAMS,
    ByTable,
    Option,
    check_value,
    default_cycle,
    nearest,
    value_text,
)
from sheets.problems import Problem


class HouseRulesError(ValueError):
    """House rules that cannot be played; ``problems`` lists every one found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(p.text() for p in self.problems))


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
            norm, problem = check_value(option, value)
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
        explicit = (
            set(self._explicit)
            | {
                k
                for k, v in values.items()
                if given[k] is not None and v != OPTIONS_BY_KEY[k].default_at(players)
            }
        ) - invalid
        problems += [p for p in contradictions(values, explicit) if p.key not in invalid]
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
                problems.append(
                    Problem(
                        str(key),
                        expected="one of " + ", ".join(OPTIONS_BY_KEY),
                        hint=f"did you mean {near!r}?" if near else "",
                        unknown=True,
                        id="unknown-option",
                        args=(("near", repr(near)), ("keys", ", ".join(OPTIONS_BY_KEY))),
                    )
                )
            elif value is None:
                problems.append(
                    Problem(
                        key,
                        "no value given",
                        OPTIONS_BY_KEY[key].expected(),
                        "nothing",
                        id="no-value",
                    )
                )
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

    def keeps(self, preset: HouseRules) -> bool:
        """True when these rules keep what a preset is named for: each key the preset sets has
        the preset's value, a Cancellation table counting as the same table whatever its size
        (so "Omnibus Hearts" without its bonus card is no longer Omnibus)."""
        return all(
            getattr(self, key) == getattr(preset, key)
            or (key == "players" and self.cancellation and preset.cancellation)
            for key in preset._explicit
        )

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
        return self.players >= options.CANCELLATION_PLAYERS

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
        return len(options.TEAMS) if self.partnership else self.players

    @property
    def side_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side that keeps a score: each seat alone, or the :data:`TEAMS`."""
        return options.TEAMS if self.partnership else tuple((s,) for s in range(self.players))

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
    def passes(self) -> bool:
        """True when some hand of the cycle has a pass (False: every hand is a hold hand, and
        the score sheet has no pass column)."""
        return any(d != "hold" for d in self.passing)

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
        return options.OFFSETS.get(direction, 0)


STANDARD = HouseRules()


__all__ = [
    "CANCELLATION_PLAYERS",
    "DIRECTIONS",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "MIN_TARGET",
    "MOON_RULES",
    "OPTIONS",
    "OPTIONS_BY_KEY",
    "PARTNER_OFFSET",
    "RESET_AT",
    "ROLES",
    "SHOOTER_CHOICES",
    "TEAMS",
    "ByTable",
    "Option",
    "default_cycle",
    "nearest",
    "value_text",
    "HouseRules",
    "HouseRulesError",
    "MAY_BE_DEAD",
    "Problem",
    "STANDARD",
    "direction_misfit",
    "misfit_of",
    "exactly_100_reachable",
    "most_added_in_a_hand",
    "warnings",
    "without_dead_rules",
]
