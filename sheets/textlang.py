"""TEXT: the little language the content is written in, so that the words follow the house rules.

TEXT is a string, ``None`` (leave the item out), a :class:`Choice` that selects by a house rule
(or by a fact derived from the rules, :data:`DERIVED`), a :class:`Joined` list of sentences, or
an :class:`At`: words about other tables than the one in force. :func:`resolve` turns TEXT into
the string it stands for under some house rules, its ``{placeholders}`` filled from a
:class:`Placeholders` (the facts of :mod:`sheets.facts`, in the content's language). The content
files write TEXT as YAML (see :mod:`sheets.content`); this module holds no words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from sheets.houserules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, OPTIONS_BY_KEY, HouseRules

ANY = "*"  # a case for every value a selector's cases do not list
BOOL = ("true", "false")


def value_key(value: Any) -> str:
    """A house-rule value as content writes it: ``true``, ``50``, ``JD``, ``left right hold``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return " ".join(value)
    return str(value)


def differs(rules: HouseRules, key: str) -> bool:
    """True when a key's value is not the standard one for this many players."""
    if key == "players":
        return rules.players != 4
    return getattr(rules, key) != getattr(HouseRules(players=rules.players), key)


#: Derived selectors: name -> (values, how to work out the value from the rules).
DERIVED: dict[str, tuple[tuple[str, ...], Callable[[HouseRules], Any]]] = {
    "game": (
        ("standard", "cancellation"),
        lambda r: "cancellation" if r.cancellation else "standard",
    ),
    "kitty": (BOOL, lambda r: r.kitty_size > 0),  # a kitty is dealt
    "passes": (BOOL, lambda r: r.passes),  # some hands have a pass
    "scatter": (BOOL, lambda r: "scatter" in r.passing),
    # a pass to one player (left, right, across, two seats, partner) in the cycle
    "plain_pass": (BOOL, lambda r: any(d not in ("hold", "scatter") for d in r.passing)),
    "repeats": (BOOL, lambda r: len(set(r.passing)) > 1),  # hands of more than one kind
    "bonus": (BOOL, lambda r: r.bonus is not None),
    "changed": (BOOL, lambda r: any(differs(r, o.key) for o in OPTIONS)),
}


def option_values(key: str) -> tuple[str, ...]:
    """The values a house-rule key may select by, as content writes them (none for the keys
    whose values are not a fixed list: the target and the passing cycle)."""
    option = OPTIONS_BY_KEY[key]
    if option.kind == "bool":
        return BOOL
    if option.kind == "choice":
        return tuple(value_key(c) for c in option.choices)
    if key == "players":
        return tuple(str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    return ()


#: Every selector a TEXT mapping may use, with the values it can take.
SELECTORS: dict[str, tuple[str, ...]] = {
    **{o.key: option_values(o.key) for o in OPTIONS if option_values(o.key)},
    **{name: values for name, (values, _) in DERIVED.items()},
}


def selector_value(name: str, rules: HouseRules) -> str:
    """The value a selector takes under some house rules."""
    if name in DERIVED:
        return value_key(DERIVED[name][1](rules))
    return value_key(getattr(rules, name))


@dataclass(frozen=True, slots=True)
class Choice:
    """TEXT that depends on a house rule: the selector's value picks a case (``"*"``: any)."""

    selector: str
    cases: tuple[tuple[str, Text], ...]
    where: str = ""  # file:line, for messages


@dataclass(frozen=True, slots=True)
class At:
    """TEXT about other tables than the one in force: resolved under ``tables`` (the standard
    game with a few keys set, from ``at:`` in the content). With several tables each
    placeholder lists its values in table order (``17, 12 or 10``); selectors read the first."""

    tables: tuple[HouseRules, ...]
    text: Text


@dataclass(frozen=True, slots=True)
class Joined:
    """TEXT made of sentences, each TEXT, joined with spaces; those left out (None) are
    skipped, and when all are, so is the whole."""

    parts: tuple[Text, ...]


Text = str | Choice | At | Joined | None


class Placeholders(Protocol):
    """Where :func:`resolve` finds the values of a string's ``{placeholders}``."""

    def __call__(self, rules: HouseRules) -> Mapping[str, Any]:
        """Every placeholder's value under some rules."""

    def several(self, tables: tuple[HouseRules, ...]) -> Mapping[str, Any]:
        """Every placeholder's values at several tables at once (``17, 12 or 10``)."""


def resolve(text: Text, rules: HouseRules, placeholders: Placeholders) -> str | None:
    """The string TEXT stands for under some house rules, its placeholders filled from
    ``placeholders``; None: left out."""
    if isinstance(text, Joined):
        parts = [
            t for t in (resolve(part, rules, placeholders) for part in text.parts) if t is not None
        ]
        return " ".join(parts) if parts else None
    values = None
    while isinstance(text, (Choice, At)):
        if isinstance(text, At):
            values = placeholders.several(text.tables) if len(text.tables) > 1 else None
            rules, text = text.tables[0], text.text
            continue
        cases = dict(text.cases)
        value = selector_value(text.selector, rules)
        text = cases[value] if value in cases else cases[ANY]
    if isinstance(text, Joined):
        return resolve(text, rules, placeholders)
    if text is None:
        return None
    return text.format_map(placeholders(rules) if values is None else values)


__all__ = [
    "ANY",
    "At",
    "BOOL",
    "Choice",
    "DERIVED",
    "Joined",
    "Placeholders",
    "SELECTORS",
    "Text",
    "differs",
    "option_values",
    "resolve",
    "selector_value",
    "value_key",
]
