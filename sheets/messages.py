"""The command line's words and the words of problems with input, in a language: problems are
records (:class:`~sheets.problems.Problem`, each with its ``id`` and values), worded here, where
they are shown, from the ``cli``, ``keys``, ``problems`` and ``messages`` groups of the
language's ``language.yaml``.

English keeps the words the records were made with (its content says the same, and a test holds
the two together); any other language rewords each problem of a known kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sheets.cards import ACE_POINTS, BONUS_POINTS, KING_POINTS, QUEEN_POINTS
from sheets.houserules import OPTIONS, OPTIONS_BY_KEY, RESET_AT, Option, value_text
from sheets.problems import Problem

if TYPE_CHECKING:
    from sheets.housefile import HouseFile
    from sheets.language import Language


def expected_text(option: Option, language: Language, cards: bool = False) -> str:
    """What a valid value of a house rule looks like, in a language (:meth:`Option.expected`);
    ``cards``: a card's code with its card beside it, as ``variants`` lists the values."""
    words = language.problems
    if option.kind == "bool":
        return words["true-or-false"]
    if option.kind == "int":
        return words["whole-number"].format(minimum=option.minimum, maximum=option.maximum)
    choices = ", ".join(
        language.shown(option.key, str(c)) if cards else str(c) for c in option.choices
    )
    return words["directions" if option.kind == "cycle" else "one-of"].format(choices=choices)


def default_text(option: Option, language: Language) -> str:
    """A house rule's default in words, in a language (:meth:`Option.default_text`)."""
    words = language.problems
    parts = []
    for value, counts in option.other_tables():
        tables = (
            words["tables"].format(first=counts[0], last=counts[-1])
            if len(counts) > 1
            else words["table"].format(count=counts[0])
        )
        parts.append(words["at-table"].format(tables=tables, value=value_text(value)))
    return language.shown(option.key, value_text(option.default_at(4))) + (
        f" ({words['table-joiner'].join(parts)})" if parts else ""
    )


def _values(problem: Problem, language: Language) -> dict[str, object]:
    values = problem.values()
    option = OPTIONS_BY_KEY.get(problem.key)
    if option is not None:
        values["option"] = expected_text(option, language)
    if "needed" in values:  # the ways a dead exactly_100 would matter
        ways = [language.problems["at-least"].format(key="target", count=values["needed"])]
        ways += ["shoot_the_sun: true"] if values["sun"] else []
        values["ways"] = ", ".join(ways) + language.problems["ways-or"] + "ties: play-on"
    return values


def reworded(problem: Problem, language: Language) -> Problem:
    """A problem in a language's words (English keeps the words it was made with)."""
    return problem if language.code == "en" else worded(problem, language)


def worded(problem: Problem, language: Language) -> Problem:
    """A problem worded from a language's content: each field it has, from its kind's words (a
    problem of no known kind keeps its own)."""
    words = language.messages.get(problem.id)
    values = _values(problem, language)
    changes: dict[str, Any] = {}
    if words:
        changes = {
            name: text.format(**values) for name, text in words.items() if getattr(problem, name)
        }
    if "preset" in values and problem.origin:
        changes["origin"] = language.problems["origin"].format(preset=values["preset"])
    return replace(problem, **changes) if changes else problem


def frame(language: Language) -> dict[str, str] | None:
    """The words around a problem's fields in a language (None: English's own)."""
    return None if language.code == "en" else dict(language.problems)


def located(problem: Problem, language: Language) -> str:
    """A problem with its file and line, in a language."""
    return reworded(problem, language).located(frame(language))


def warning_line(problem: Problem, language: Language) -> str:
    """A rule set where it can never matter, as ``hearts-sheets check`` tells it."""
    problem = reworded(problem, language)
    return language.cli["warning"].format(
        key=problem.key, message=problem.message, expected=problem.expected
    )


def check_heading(source: str, warnings: int, language: Language) -> str:
    """The first line of ``hearts-sheets check``: the file is good, and how many warnings."""
    if not warnings:
        return language.cli["ok"].format(file=source)
    from sheets.facts import Count

    return language.cli["ok-warnings"].format(file=source, count=Count(warnings, language))


def key_meaning(language: Language, key: str) -> str:
    """A house-rules key's meaning in a language, its numbers filled in from cards.py and
    HouseRules' constants (:data:`sheets.language.KEY_FACTS`)."""
    return language.keys[key].format(
        queen_value=QUEEN_POINTS,
        king_value=KING_POINTS,
        ace_value=ACE_POINTS,
        bonus_value=-BONUS_POINTS,
        reset_at=RESET_AT,
    )


def variants_lines(language: Language) -> list[str]:
    """What ``hearts-sheets variants`` prints in a language: every key, its values, default and
    meaning."""
    from sheets.housefile import MAX_NOTE_LINES, MAX_NOTES_CHARS, MAX_TITLE, PRESETS
    from sheets.language import LANGUAGES

    cli = language.cli
    lines = []

    def line(key: str, expected: str, default: str) -> None:
        lines.extend(
            [
                cli["variant"].format(key=key, expected=expected, default=default),
                f"    {key_meaning(language, key)}",
            ]
        )

    for option in OPTIONS:
        line(
            option.key, expected_text(option, language, cards=True), default_text(option, language)
        )
    line("title", cli["title"].format(most=MAX_TITLE), language.game)
    line(
        "notes", cli["notes"].format(lines=MAX_NOTE_LINES, characters=MAX_NOTES_CHARS), cli["none"]
    )
    line("preset", cli["preset"].format(presets=", ".join(PRESETS)), cli["none"])
    line("language", cli["language"].format(languages=", ".join(LANGUAGES)), language.code)
    return lines


def check_lines(content, house: HouseFile, warnings: list[Problem]) -> list[str]:
    """What ``hearts-sheets check`` prints in the content's language, after its first line."""
    from sheets.text import rules_in_force_lines

    lines = rules_in_force_lines(content, house)
    if house.language:
        lines.insert(1 + bool(house.preset), f"language: {house.language}")
    return lines + [warning_line(p, content.language) for p in warnings]


__all__ = [
    "check_heading",
    "check_lines",
    "default_text",
    "expected_text",
    "frame",
    "located",
    "key_meaning",
    "reworded",
    "variants_lines",
    "warning_line",
    "worded",
]
