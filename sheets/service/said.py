"""A problem with the address as ``/make`` says it: one plain sentence in the form's words (the
control's label, the menu's words, no YAML), from the ``say-*`` words of the page's language
(:data:`sheets.language.SAID` lists them and their placeholders).

Each kind of problem the address can have is said this way, but one whose value came from a
preset (``hearts-sheets check`` says where it came from)."""

from __future__ import annotations

from typing import Any

from sheets.bundle import load_content
from sheets.content import value_key
from sheets.housefile import PRESETS
from sheets.houserules import DIRECTIONS, OPTIONS_BY_KEY, Problem
from sheets.language import LANGUAGES, Language
from sheets.service.controls import label, value_text

#: The problems of a pass direction that does not suit the table's size.
MISFIT = ("no-seat-across", "second-needs-five", "scatter-needs-five-or-fewer")
#: What a key given twice (by the address or the YAML it is read as) is called.
TWICE = "appears twice"


def _unquoted(found: Any) -> str:
    text = str(found)
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] == "'" else text


def menu(language: Language, key: str) -> list[str]:
    """The words a control's menu shows for its values, in order."""
    if key == "passing":
        return [language.directions[d]["name"] for d in DIRECTIONS]
    if key == "preset":
        return [language.presets.get(name, name) for name in PRESETS]
    if key == "paper":
        return [paper["name"] for paper in language.papers.values()]
    if key == "language":
        return [load_content(code).language.site["language-name"] for code in LANGUAGES]
    option = OPTIONS_BY_KEY[key]
    return [value_text(language, key, value_key(v)) for v in option.choices]


def _kind(problem: Problem) -> str:
    """The ``say-*`` words a problem is said with ("" for none)."""
    if problem.message == TWICE:
        return "twice"
    option = OPTIONS_BY_KEY.get(problem.key)
    if problem.id in ("value", "out-of-range") and option is not None:
        return {"int": "out-of-range", "bool": "yes-or-no"}.get(option.kind, "not-on-menu")
    if problem.id in ("unknown-direction", "unknown-preset", "unknown-preset-near", "language"):
        return "not-on-menu"
    if problem.key == "paper" and problem.expected:
        return "not-on-menu"
    if problem.id in MISFIT:
        return "direction-misfit"
    if problem.id.startswith("cancellation-"):
        return "cancellation"
    return problem.id


def plain(language: Language, problem: Problem, order: tuple[str, ...]) -> str:
    """A problem as one plain sentence in the form's words, or "" for one the page says in
    ``check``'s frame (``order``: the keys the page has a control for)."""
    words, values = language.make, problem.values()
    if problem.id == "not-text-key":
        return words["say-not-text-key"]
    if problem.id == "unknown-file-key":
        return words["say-unknown-key"].format(key=problem.key)
    if problem.id in ("unknown-rule", "unknown-option"):
        near = _unquoted(values.get("near", ""))
        near = label(language, near) if near in order else near
        return words["say-unknown-key-near"].format(key=problem.key, near=near)
    if problem.key not in order or problem.unknown or problem.origin:
        return ""
    kind = _kind(problem)
    if kind == "out-of-range" or kind == "yes-or-no" or kind == "not-on-menu":
        option = OPTIONS_BY_KEY.get(problem.key)
        values["found"] = _unquoted(values.get("found", problem.found))
        # each quoted, so that a name with a comma in it ("Hearts, short game") stays one
        quoted = [words["quoted"].format(text=name) for name in menu(language, problem.key)]
        values["choices"] = language.listed(quoted, "or")
        if option is not None:
            values |= {"minimum": option.minimum, "maximum": option.maximum}
    if kind in ("partner-needs-partnership", "direction-misfit"):
        values["direction"] = language.directions[values["direction"]]["name"]
        values["partnership"] = label(language, "partnership")
    if kind == "no-kitty-dealt":
        values |= {"deal": label(language, "deal"), "kitty": value_text(language, "deal", "kitty")}
    if kind == "cancellation":
        values["value"] = value_text(language, problem.key, problem.expected)
        values["game"] = language.presets["cancellation"]
    text = words.get(f"say-{kind}")
    if text is None:
        return ""
    return text.format(
        label=label(language, problem.key), yes=words["yes"], no=words["no"], **values
    )


__all__ = ["MISFIT", "TWICE", "menu", "plain"]
