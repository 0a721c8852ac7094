"""The facts: every ``{placeholder}`` the content's TEXT may use, worked out for some house rules
by :class:`HouseRules` and the engine, and said in the content's language.

A number is a :class:`Count`, which may name its noun, made plural by the number as the
language's plural rule says (``{kitty_size:card}``: "1 card", "4 cards"; ``{kitty_size:~card}``
leaves out a 1: "card", "4 cards"). A line about several tables lists each placeholder's values
in table order (:class:`Several`: "17, 12 or 10"). :class:`Facts` keeps each rules value's facts
once: a sheet fills some hundred placeholders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sheets.blocks import signed
from sheets.cards import (
    ACE_POINTS,
    BONUS_POINTS,
    CARDS,
    CLUBS,
    HEART_POINTS,
    KING_POINTS,
    QUEEN_POINTS,
    Card,
)
from sheets.example import DEALER
from sheets.houserules import CANCELLATION_PLAYERS, MAX_PLAYERS, HouseRules
from sheets.textlang import resolve

if TYPE_CHECKING:
    from sheets.language import Language

#: Every placeholder, and those that are numbers (which may name a noun: ``{kitty_size:card}``).
COUNT_FACTS = (
    "players",
    "hand_size",
    "kitty_size",
    "deck_size",
    "pass_count",
    "scatter_count",
    "points",
    "moon_value",
    "others",
    "sun_value",
    "target",
    "bonus_value",
    "heart_value",
    "queen_value",
    "king_value",
    "ace_value",
    "maria_points",
    "cancellation_from",
    "max_players",
)
FACTS = (
    *COUNT_FACTS,
    "removed",
    "lowest_club",
    "pass_cycle",
    "pass_to",
    "pass_plan",
    "check_sum",
    "moon_check_sum",
    "moon_off_sum",
    "sun_check_sum",
    "sun_off_sum",
    "bonus",
    "exactly_to",
    "point_cards",
    "first_seat",
)


class Count(int):
    """A number a placeholder prints; with a noun after it (``{kitty_size:card}``) the noun is
    made plural by the number, as the language says: ``"1 card"``, ``"4 cards"``;
    ``{kitty_size:~card}`` leaves out a number that is 1, for "the last card" beside "the last 4
    cards"."""

    language: Language

    def __new__(cls, value: int, language: Language) -> Count:
        count = super().__new__(cls, value)
        count.language = language
        return count

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.number()
        if spec.startswith("~"):
            return self.language.noun(spec[1:], 1) if self == 1 else format(self, spec[1:])
        return f"{self.number()} {self.language.noun(spec, int(self))}"

    def number(self) -> str:
        """The number as the text prints it."""
        return str(int(self))


class SignedCount(Count):
    """A :class:`Count` that may be below 0, printed with a real minus sign as a score sheet
    prints a total: ``"−3 points"``."""

    def number(self) -> str:
        return signed(int(self))


class Cards(str):
    """Cards a placeholder names, listed ("2♦ and 2♣"; "nothing" for none); ``{removed:the}``
    gives each its article, for a language that names a card so ("el 2♦ y el 2♣")."""

    the: str

    @classmethod
    def of(cls, cards: Iterable[Card], language: Language) -> Cards:
        cards = list(cards)
        nothing = language.facts["nothing"]
        listed = cls(language.listed([language.symbol(c) for c in cards], "and") or nothing)
        listed.the = language.listed([language.with_article(c) for c in cards], "and") or nothing
        return listed

    def __format__(self, spec: str) -> str:
        return self.the if spec == "the" else str.__format__(self, spec)


class Several:
    """One placeholder's values at several tables, printed in table order as ``"17, 12 or 10"``
    (once when they agree); a noun follows the last, plural."""

    def __init__(self, values: list[Any], language: Language):
        self.values = list(dict.fromkeys(values))
        self.language = language

    def __format__(self, spec: str) -> str:
        if len(self.values) == 1:
            return format(self.values[0], spec)
        if spec == "the":  # cards, each with its article
            return self.language.listed([format(v, spec) for v in self.values], "or")
        joined = self.language.listed([format(v, "") for v in self.values], "or")
        return f"{joined} {self.language.noun(spec, 2)}" if spec else joined


class _NoPlaceholders:
    """The placeholders of a fact's own words (``point-cards``): none."""

    def __call__(self, rules: HouseRules) -> Mapping[str, Any]:
        return {}

    def several(self, tables: tuple[HouseRules, ...]) -> Mapping[str, Any]:
        return {}


_NO_PLACEHOLDERS = _NoPlaceholders()


def _pass_counts(rules: HouseRules) -> tuple[int, int]:
    """Cards passed in a pass to one player, and in a scatter (one to each other player)."""
    plain = [d for d in rules.passing if d not in ("hold", "scatter")]
    return rules.pass_count(plain[0] if plain else "left"), rules.pass_count("scatter")


def _plan(words: Language, rules: HouseRules, direction: str) -> str:
    """One hand's pass as the cycle's plan says it: across at a table of more than four also
    says which seat that is, counted to the left."""
    count = rules.pass_count(direction)
    if direction == "across" and rules.players != 4:
        return words.facts["across-far"].format(count=count, seats=rules.pass_offset(direction))
    return words.directions[direction]["plan"].format(count=count)


def _lowest_club(rules: HouseRules) -> Card:
    """The lowest club in the deck (the stripped cards taken out)."""
    return min(c for c in CARDS if c.suit == CLUBS and c not in rules.removed_cards)


class Facts:
    """The facts in one language: called with some rules, every placeholder's value
    (:data:`FACTS`), worked out once for each rules value."""

    def __init__(self, language: Language):
        self.language = language
        self._known: dict[HouseRules, Mapping[str, Any]] = {}

    def __call__(self, rules: HouseRules) -> Mapping[str, Any]:
        known = self._known.get(rules)
        if known is None:
            if len(self._known) >= 256:
                self._known.clear()
            known = self._known[rules] = self._work_out(rules)
        return known

    def several(self, tables: tuple[HouseRules, ...]) -> dict[str, Any]:
        """The facts for a line about several tables: each lists its values."""
        each = [self(t) for t in tables]
        return {name: Several([f[name] for f in each], self.language) for name in each[0]}

    def _work_out(self, rules: HouseRules) -> Mapping[str, Any]:
        words = self.language

        def count(n: int) -> Count:
            return Count(n, words)

        directions = words.directions
        pass_count, scatter_count = _pass_counts(rules)
        moon_add, moon_off = rules.moon_sums()
        sun_add, sun_off = rules.moon_sums(rules.sun_value)
        plain = next((d for d in rules.passing if d not in ("hold", "scatter")), "left")
        return MappingProxyType(
            {
                "players": count(rules.players),
                "hand_size": count(rules.hand_size),
                "kitty_size": count(rules.kitty_size),
                "deck_size": count(rules.deck_size),
                "removed": Cards.of(rules.removed_cards, words),
                "lowest_club": words.symbol(_lowest_club(rules)),
                "pass_cycle": words.listed([directions[d]["name"] for d in rules.passing], "then"),
                "pass_to": directions[plain]["to"],
                "pass_plan": words.lists["comma"].join(
                    _plan(words, rules, d) for d in rules.passing
                ),
                "pass_count": count(pass_count),
                "scatter_count": count(scatter_count),
                "points": count(rules.points_per_hand),
                "check_sum": signed(rules.check_sum),
                "moon_value": count(rules.moon_value),
                "others": count(
                    rules.sides - 1
                ),  # the sides besides one, as a moon row counts them
                "sun_value": count(rules.sun_value),
                "moon_check_sum": signed(moon_add),
                "moon_off_sum": signed(moon_off),
                "sun_check_sum": signed(sun_add),
                "sun_off_sum": signed(sun_off),
                "target": count(rules.target),
                "bonus": words.symbol(rules.bonus) if rules.bonus else "",
                # what one bonus card takes off, whether or not one is played (the lines of other
                # ways to play speak of it too)
                "bonus_value": count(-BONUS_POINTS),
                "heart_value": count(HEART_POINTS),
                "queen_value": count(QUEEN_POINTS),
                "exactly_to": "" if rules.exactly_100 == "none" else str(rules.exactly_100),
                # what K♠ and A♠ count where they score, whether or not they do here (as the bonus
                # card's value, for the lines of other ways to play)
                "king_value": count(KING_POINTS),
                "ace_value": count(ACE_POINTS),
                # a hand's points where K♠ and A♠ score (Black Maria), played here or not
                "maria_points": count(replace(rules, black_maria=True).points_per_hand),
                "point_cards": resolve(words.facts["point-cards"], rules, _NO_PLACEHOLDERS),
                "first_seat": words.seat_names(rules.players)[DEALER],
                "cancellation_from": count(CANCELLATION_PLAYERS),
                "max_players": count(MAX_PLAYERS),
            }
        )


__all__ = ["COUNT_FACTS", "Count", "FACTS", "Facts", "Several"]
