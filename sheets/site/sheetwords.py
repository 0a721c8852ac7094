"""The score sheet's own words for the scorekeeper's printed sheet (printsheet.js): the rules line
under the title, the label of the row of totals carried over and the dealer's mark, from the
content as the PDF says them, never typed again.

The rules line is the sheet's summary, one item after another. An item may change with a scoring
rule the scorer chooses (the moon's, the sun, a tie, exactly 100): it is said under each value of
those rules, as a word of its own (``sheet-rules.<item>.<value>...``), and the page picks the one
of the game's rules; the target stays a placeholder ({target}) the page fills. What changes with
the table and its numbers is said for each of them, as every other word of the page is.
"""

from __future__ import annotations

import itertools
from typing import Any

from sheets.blocks import DEALT_MARK
from sheets.content import Content
from sheets.gamerecord import record_name
from sheets.houserules import HouseRules, Option
from sheets.text import dealt_line, moved_words
from sheets.textlang import value_key
from sheets.words import fill_sheet

CARRIED = "sheet-carried"
DEALT, DEALT_LINE = "sheet-dealt-mark", "sheet-dealt"  # the dealer's mark, and what it means
#: who changed seats after which hand; after which hands, for many; how the columns read
MOVED = ("sheet-moved", "sheet-moved-hands", "sheet-moved-columns")
#: after which hand a tie for the lowest was played off ({hand}), under a finished game; after
#: which hands, for more than one ({hands})
PLAYED_OFF = ("sheet-played-off", "sheet-played-off-hands")
RUNTIME = ("target",)  # the game's own number, filled in by the page
#: Whether the game's passing cycle passes at all: the scorer chooses the cycle at setup, not
#: among the scoring rules, and the sheet's "No pass" line goes with it (it was said for the
#: table's usual cycle, under a Pass column of left, right and across).
PASSES = "passes"


def _passing(rules: HouseRules, passes: bool) -> HouseRules:
    """The rules with a cycle that passes (the rules' own, where it does) or never does."""
    if not passes:
        return rules.replace(passing=("hold",))
    return rules if rules.passes else rules.replace(passing=("left",))


def _item_rules(content: Content, item: Any, chosen: tuple[Option, ...], tables) -> list[str]:
    """The record names of the chosen rules an item of the summary changes with, at some table,
    and :data:`PASSES` where it changes with whether the cycle passes."""

    def said(rules: HouseRules) -> str | None:
        return fill_sheet(content, item, rules, RUNTIME)

    names = [
        record_name(o)
        for o in chosen
        if any(said(t.replace(**{o.key: v})) != said(t) for t in tables for v in o.values)
    ]
    if any(said(_passing(t, True)) != said(_passing(t, False)) for t in tables):
        names.append(PASSES)
    return names


def sheet_rules(content: Content, chosen: tuple[Option, ...], tables) -> list[list[str]]:
    """For each item of the summary, the record names of the chosen rules it changes with (the
    page makes the item's word id from their values in the game; :data:`PASSES` from its
    passing cycle)."""
    return [_item_rules(content, item, chosen, tables) for item in content.scoresheet.summary]


class _Passes:
    """:data:`PASSES` among the rules an item changes with: its values, as the page keys them."""

    values = (False, True)


def sheet_words(
    content: Content, rules: HouseRules, chosen: tuple[Option, ...], deps: list[list[str]]
) -> dict[str, str]:
    """The score sheet's words at a table under some rules: each summary item under each value
    of the rules it changes with ("" where the item is left out), the carried row's label, and
    the mark before the dealer's points with the line that says what it means, and how a change
    of seats is told ({names}, {hand} and {hands} filled in by the page)."""
    by_name: dict[str, Any] = {record_name(o): o for o in chosen}
    by_name[PASSES] = _Passes
    words = {
        CARRIED: content.say(content.scoresheet.labels["carried"], rules) or "",
        DEALT: DEALT_MARK,
        DEALT_LINE: dealt_line(content, rules),
        **dict(zip(MOVED, moved_words(content, rules), strict=True)),
        PLAYED_OFF[0]: content.language.sheets["game-played-off"],
        PLAYED_OFF[1]: content.language.sheets["game-played-off-hands"],
    }
    for i, (item, names) in enumerate(zip(content.scoresheet.summary, deps, strict=True)):
        options = [by_name[n] for n in names]
        for values in itertools.product(*(o.values for o in options)):
            under = rules
            for o, v in zip(options, values, strict=True):
                under = _passing(under, v) if o is _Passes else under.replace(**{o.key: v})
            key = ".".join(["sheet-rules", str(i), *(value_key(v) for v in values)])
            words[key] = fill_sheet(content, item, under, RUNTIME) or ""
    return words


__all__ = [
    "CARRIED",
    "DEALT",
    "DEALT_LINE",
    "MOVED",
    "PASSES",
    "PLAYED_OFF",
    "sheet_rules",
    "sheet_words",
]
