"""The rules text as content: ``content/*.yaml`` loaded into frozen records and checked.

Files:

- ``rules.yaml``: ``summary`` and ``sections``, each with an ``id``, a ``heading`` and ``blocks``
  (``paragraph: TEXT``, ``steps: [TEXT or {text: TEXT, notes: [TEXT]}]``, ``bullets: [TEXT]``,
  ``definitions: {term: TEXT}`` or the word ``example`` for the worked example's place).
- ``variants.yaml``: for every house-rule key, one line per value (``"*"`` for any other value),
  and optionally ``other:``, the values listed under "other ways to play".
- ``example.yaml`` (optional, written for :mod:`sheets.example`): loaded as it is, a mapping of
  names to strings or to nested mappings or lists of strings.

**TEXT** is what makes the text follow the house rules. It is either a string, ``null`` (leave
the item out), or a one-key mapping that selects by a house rule, nested as deep as needed::

    moon:                                   # a selector: see SELECTORS
      add-to-others: "... everyone else scores {moon_value}."
      subtract-from-shooter: "..."
      "*": "..."                            # any value not listed

A selector must cover every value it can take, or give ``"*"``. Strings may use the
``{placeholders}`` of :data:`FACTS`. Cards are written as rank and suit symbol ("Q♠", "10♥"),
never "QS" or "queen of spades"; ``**bold**`` is allowed only for a lead-in at the very start.
:func:`resolve` turns TEXT into the string for some house rules. :func:`parse_content` is pure: it
takes the files' bytes, which the command line (:mod:`sheets.cli`) reads. Every problem is
reported with its file and line in an :class:`~sheets.errors.InputError`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Union

import yaml

from sheets.blocks import Block, Bullets, Definitions, ExampleSlot, Paragraph, Step, Steps
from sheets.cards import Card
from sheets.errors import InputError
from sheets.houserules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, OPTIONS_BY_KEY, HouseRules
from sheets.yamlread import YamlError, YamlProblem, kind_of, line_of, read_yaml, scalar

SECTION_IDS = ("quick-start", "setup", "how-to-play", "example", "scoring", "house-rules",
               "other-ways", "other-counts", "glossary")
MAX_BYTES = 256 * 1024
MAX_EVENTS = 50_000
ANY = "*"

# -- the selection language -----------------------------------------------------------------------

_BOOL = ("true", "false")


def value_key(value: Any) -> str:
    """A house-rule value as content writes it: ``true``, ``50``, ``JD``, ``left right hold``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return " ".join(value)
    return str(value)


def _has_kitty(r: HouseRules) -> bool:
    return r.kitty_size > 0


def _passes(r: HouseRules) -> bool:
    return any(d != "hold" for d in r.passing)


def differs(rules: HouseRules, key: str) -> bool:
    """True when a key's value is not the standard one for this many players."""
    if key == "players":
        return rules.players != 4
    return getattr(rules, key) != getattr(HouseRules(players=rules.players), key)


#: Derived selectors: name -> (values, how to work out the value from the rules).
DERIVED: dict[str, tuple[tuple[str, ...], Callable[[HouseRules], Any]]] = {
    "game": (("standard", "cancellation"),
             lambda r: "cancellation" if r.cancellation else "standard"),
    "kitty": (_BOOL, _has_kitty),  # a kitty is dealt
    "passes": (_BOOL, _passes),  # some hands have a pass
    "hold": (_BOOL, lambda r: _passes(r) and "hold" in r.passing),
    "scatter": (_BOOL, lambda r: "scatter" in r.passing),
    "bonus": (_BOOL, lambda r: r.bonus is not None),
    "changed": (_BOOL, lambda r: any(differs(r, o.key) for o in OPTIONS)),
}


def _option_values(key: str) -> tuple[str, ...]:
    option = OPTIONS_BY_KEY[key]
    if option.kind == "bool":
        return _BOOL
    if option.kind == "choice":
        return tuple(value_key(c) for c in option.choices)
    if key == "players":
        return tuple(str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    return ()  # target and passing: no fixed list of values, so they cannot select


#: Every selector a TEXT mapping may use, with the values it can take.
SELECTORS: dict[str, tuple[str, ...]] = {
    **{o.key: _option_values(o.key) for o in OPTIONS if _option_values(o.key)},
    **{name: values for name, (values, _) in DERIVED.items()},
}


def selector_value(name: str, rules: HouseRules) -> str:
    """The value a selector takes under some house rules."""
    if name in DERIVED:
        return value_key(DERIVED[name][1](rules))
    return value_key(getattr(rules, name))


_DIRECTION_WORDS = {"second-left": "two seats left", "second-right": "two seats right",
                    "partner": "to your partner"}


def facts(rules: HouseRules) -> dict[str, str]:
    """The values of every ``{placeholder}`` under some house rules."""
    removed = rules.removed_cards
    return {
        "players": str(rules.players),
        "hand_size": str(rules.hand_size),
        "kitty_size": str(rules.kitty_size),
        "removed": " and ".join(c.symbol for c in removed) or "nothing",
        "lowest_club": "3♣" if Card.parse("2C") in removed else "2♣",
        "pass_cycle": ", ".join(_DIRECTION_WORDS.get(d, d) for d in rules.passing),
        "points": str(rules.points_per_hand),
        "check_sum": str(rules.check_sum),
        "moon_value": str(rules.moon_value),
        "sun_value": str(rules.sun_value),
        "moon_check_sum": str(rules.moon_check_sum),
        "target": str(rules.target),
        "bonus": rules.bonus.symbol if rules.bonus else "",
        "exactly_to": "" if rules.exactly_100 == "none" else str(rules.exactly_100),
        "point_cards": "every heart and Q♠" if rules.decks == 1 else "every heart and both Q♠",
    }


FACTS = tuple(facts(HouseRules()))


@dataclass(frozen=True)
class Choice:
    """TEXT that depends on a house rule: the selector's value picks a case (``"*"``: any)."""

    selector: str
    cases: tuple[tuple[str, Text], ...]
    where: str = ""  # file:line, for messages


Text = Union[str, Choice, None]


def resolve(text: Text, rules: HouseRules) -> str | None:
    """The string TEXT stands for under some house rules, placeholders filled; None: left out."""
    while isinstance(text, Choice):
        cases = dict(text.cases)
        value = selector_value(text.selector, rules)
        text = cases[value] if value in cases else cases[ANY]
    if text is None:
        return None
    return text.format_map(facts(rules))


# -- the records ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SectionSpec:
    """A section of the rule sheet as the content gives it."""

    id: str
    heading: Text
    blocks: tuple[Block, ...]  # blocks whose text is TEXT


@dataclass(frozen=True)
class Variant:
    """What ``variants.yaml`` says about one house-rule key."""

    key: str
    lines: Mapping[str, str]  # value (as value_key writes it, or "*") -> one line
    other: tuple[str, ...]  # the values listed under "other ways to play"


@dataclass(frozen=True)
class Content:
    """Everything the rule sheet's words come from."""

    summary: Text
    sections: tuple[SectionSpec, ...]
    variants: Mapping[str, Variant]
    example: Mapping[str, Any]  # example.yaml as it is (read-only), empty if absent

    def section(self, section_id: str) -> SectionSpec:
        """The section with this id."""
        return next(s for s in self.sections if s.id == section_id)


# -- reading and checking ------------------------------------------------------------------------

_PLACEHOLDERS = string.Formatter()
_CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\bT[♣♦♥♠]")
_CARD_WORDS = re.compile(r"\b(?:ace|king|queen|jack|two|three|[2-9]|10) of "
                         r"(?:clubs|diamonds|hearts|spades)\b", re.IGNORECASE)
_BOLD_LEAD = re.compile(r"\*\*[^*]+\*\*")


class _Reader:
    """Reads one content file's nodes into records, collecting problems with their lines."""

    def __init__(self, source: str):
        self.source = source
        self.problems: list[YamlProblem] = []

    def problem(self, node: yaml.Node, message: str) -> None:
        self.problems.append(YamlProblem(line_of(node), message))

    def mapping(self, node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """A mapping node's entries by key (key node, value node); {} after a problem."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, f"{what}: expected a mapping; found {kind_of(node)}")
            return {}
        return {value_key(scalar(k)) if isinstance(k, yaml.ScalarNode) else "": (k, v)
                for k, v in node.value}

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, f"{what}: expected a list; found {kind_of(node)}")
            return []
        return list(node.value)

    def keys(self, entries: dict[str, Any], node: yaml.Node, what: str,
             required: tuple[str, ...], allowed: tuple[str, ...]) -> None:
        for key in required:
            if key not in entries:
                self.problem(node, f"{what}: missing key {key!r}")
        for key, (key_node, _) in entries.items():
            if key not in required + allowed:
                self.problem(key_node, f"{what}: unknown key {key!r}; expected one of "
                                       f"{', '.join(required + allowed)}")

    def string(self, node: yaml.Node, what: str, placeholders: bool = True) -> str | None:
        """A checked string (placeholders known, cards written with symbols, bold lead-in only)."""
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            found = kind_of(node) if not isinstance(node, yaml.ScalarNode) else repr(node.value)
            self.problem(node, f"{what}: expected text; found {found}")
            return None
        text = node.value
        for pattern in (_CARD_CODE, _CARD_WORDS):
            match = pattern.search(text)
            if match:
                self.problem(node, f"{what}: write cards as rank and suit symbol (Q♠, 10♥); "
                                   f"found {match.group()!r}")
        if text.count("**") and (text.count("**") != 2 or not _BOLD_LEAD.match(text)):
            self.problem(node, f"{what}: **bold** is only for a lead-in at the start; found "
                               f"{text[:40]!r}")
        if placeholders:
            try:
                names = [f for _, f, _, _ in _PLACEHOLDERS.parse(text) if f is not None]
            except ValueError as err:
                self.problem(node, f"{what}: a stray brace ({err}); found {text[:40]!r}")
                return text
            for name in names:
                if name not in FACTS:
                    self.problem(node, f"{what}: unknown placeholder {{{name}}}; expected one "
                                       f"of {', '.join(FACTS)}")
        return text

    def text(self, node: yaml.Node, what: str) -> Text:
        """TEXT: a string, null, or a one-key mapping selecting by a house rule."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return None
        if not isinstance(node, yaml.MappingNode):
            return self.string(node, what)
        entries = self.mapping(node, what)
        if len(entries) != 1 or next(iter(entries)) not in SELECTORS:
            self.problem(node, f"{what}: expected text or one selector (one of "
                               f"{', '.join(SELECTORS)}); found keys {', '.join(entries)}")
            return None
        selector, (_, cases_node) = next(iter(entries.items()))
        values = SELECTORS[selector]
        cases = self.mapping(cases_node, f"{what}, {selector}")
        for case, (key_node, _) in cases.items():
            if case not in values and case != ANY:
                self.problem(key_node, f"{what}: {selector} has no value {case!r}; expected "
                                       f"one of {', '.join(values)} or \"*\"")
        missing = [v for v in values if v not in cases]
        if missing and ANY not in cases and isinstance(cases_node, yaml.MappingNode):
            self.problem(cases_node, f"{what}: {selector} does not cover {', '.join(missing)}; "
                                     "add them or \"*\"")
        return Choice(selector, tuple((case, self.text(v, f"{what}, {selector}: {case}"))
                                      for case, (_, v) in cases.items()),
                      f"{self.source}:{line_of(node)}")

    def block(self, node: yaml.Node, what: str) -> Block | None:
        if isinstance(node, yaml.ScalarNode) and node.value == "example":
            return ExampleSlot()
        entries = self.mapping(node, what)
        if len(entries) != 1:
            self.problem(node, f"{what}: expected one of paragraph, steps, bullets, definitions "
                               f"or the word example; found {', '.join(entries) or 'nothing'}")
            return None
        kind, (key_node, value) = next(iter(entries.items()))
        if kind == "paragraph":
            return Paragraph(self.text(value, what))
        if kind == "bullets":
            return Bullets(tuple(self.text(item, what) for item in self.sequence(value, what)))
        if kind == "steps":
            return Steps(tuple(self.step(item, what) for item in self.sequence(value, what)))
        if kind == "definitions":
            terms = self.mapping(value, what)
            return Definitions(tuple((self.string(k, what, False) or "", self.text(v, term))
                                     for term, (k, v) in terms.items()))
        self.problem(key_node, f"{what}: unknown block {kind!r}; expected paragraph, steps, "
                               "bullets, definitions or example")
        return None

    def step(self, node: yaml.Node, what: str) -> Step:
        entries = self.mapping(node, what) if isinstance(node, yaml.MappingNode) else {}
        if "text" not in entries:
            return Step(self.text(node, what))
        self.keys(entries, node, what, ("text",), ("notes",))
        notes = self.sequence(entries["notes"][1], what) if "notes" in entries else []
        return Step(self.text(entries["text"][1], what),
                        tuple(self.text(n, f"{what}, note") for n in notes))


def _read(name: str, data: bytes) -> tuple[_Reader, yaml.Node | None]:
    reader = _Reader(name)
    try:
        return reader, read_yaml(data, max_bytes=MAX_BYTES, max_events=MAX_EVENTS, fast=True)
    except YamlError as err:
        reader.problems += err.problems
        return reader, None


def _sections(reader: _Reader, root: yaml.Node) -> tuple[Text, tuple[SectionSpec, ...]]:
    top = reader.mapping(root, "rules")
    reader.keys(top, root, "rules", ("summary", "sections"), ())
    summary = reader.text(top["summary"][1], "summary") if "summary" in top else None
    sections = []
    items = reader.sequence(top["sections"][1], "sections") if "sections" in top else []
    for item in items:
        entries = reader.mapping(item, "section")
        reader.keys(entries, item, "section", ("id", "heading"), ("blocks",))
        if "id" not in entries:
            continue
        sid = entries["id"][1].value
        what = f"section {sid}"
        blocks = reader.sequence(entries["blocks"][1], what) if "blocks" in entries else []
        specs = tuple(b for b in (reader.block(n, what) for n in blocks) if b is not None)
        heading = reader.text(entries["heading"][1], what) if "heading" in entries else None
        sections.append(SectionSpec(sid, heading, specs))
    ids = tuple(s.id for s in sections)
    if items and ids != SECTION_IDS:
        reader.problem(root, f"sections: expected the ids {', '.join(SECTION_IDS)} in this order; "
                             f"found {', '.join(ids)}")
    return summary, tuple(sections)


def _variant_value_ok(key: str, value: str) -> bool:
    option = OPTIONS_BY_KEY[key]
    if option.kind == "int":
        return value.isdigit() and option.minimum <= int(value) <= option.maximum
    if option.kind == "cycle":
        return bool(value.split()) and all(d in option.choices for d in value.split())
    return value in _option_values(key)


def _variants(reader: _Reader, root: yaml.Node) -> dict[str, Variant]:
    out = {}
    entries = reader.mapping(root, "variants")
    for option in OPTIONS:
        if option.key not in entries:
            reader.problem(root, f"variants: missing key {option.key!r}")
    for key, (key_node, node) in entries.items():
        if key not in OPTIONS_BY_KEY:
            reader.problem(key_node, f"variants: unknown house-rule key {key!r}")
            continue
        what = f"variants {key}"
        cases = reader.mapping(node, what)
        lines, other = {}, None
        for case, (case_node, value) in cases.items():
            if case == "other":
                other = tuple(value_key(scalar(n)) for n in reader.sequence(value, what))
                bad = [v for v in other if v not in cases or v == ANY]
                if bad:
                    reader.problem(value, f"{what}: other lists {', '.join(bad)}, which have "
                                          "no line")
            elif case == ANY or _variant_value_ok(key, case):
                lines[case] = reader.string(value, f"{what}: {case}") or ""
            else:
                reader.problem(case_node, f"{what}: not a value of {key}: {case!r}; expected "
                                          f"{OPTIONS_BY_KEY[key].expected()} or \"*\"")
        missing = [v for v in _option_values(key) if v not in lines]
        if ANY not in lines and (missing or not _option_values(key)):
            reader.problem(key_node, f"{what}: no line for {', '.join(missing) or 'other values'}; "
                                 "add them or \"*\"")
        out[key] = Variant(key, MappingProxyType(lines),
                           other if other is not None else tuple(c for c in lines if c != ANY))
    return out


def _frozen(reader: _Reader, node: yaml.Node, what: str) -> Any:
    """example.yaml's data: strings, in mappings and lists, made read-only."""
    if isinstance(node, yaml.MappingNode):
        return MappingProxyType({k: _frozen(reader, v, f"{what}.{k}")
                                 for k, (_, v) in reader.mapping(node, what).items()})
    if isinstance(node, yaml.SequenceNode):
        return tuple(_frozen(reader, item, what) for item in node.value)
    return reader.string(node, what, placeholders=False)


def parse_content(files: Mapping[str, bytes]) -> Content:
    """Read the content files (name -> bytes); raise :class:`InputError` listing every problem."""
    readers: list[_Reader] = []
    roots: dict[str, yaml.Node | None] = {}
    for name in ("rules.yaml", "variants.yaml", "example.yaml"):
        if name not in files:
            continue
        reader, roots[name] = _read(name, files[name])
        readers.append(reader)
    by_name = {r.source: r for r in readers}
    for name in ("rules.yaml", "variants.yaml"):
        reader = by_name.setdefault(name, _Reader(name))
        if reader not in readers:
            readers.append(reader)
        if roots.get(name) is None and not reader.problems:
            reader.problems.append(YamlProblem(0, "missing or empty content file"))
    summary, sections, variants, example = None, (), {}, MappingProxyType({})
    if roots.get("rules.yaml") is not None:
        summary, sections = _sections(by_name["rules.yaml"], roots["rules.yaml"])
    if roots.get("variants.yaml") is not None:
        variants = _variants(by_name["variants.yaml"], roots["variants.yaml"])
    if roots.get("example.yaml") is not None:
        reader = by_name["example.yaml"]
        if isinstance(roots["example.yaml"], yaml.MappingNode):
            example = _frozen(reader, roots["example.yaml"], "example")
        else:
            reader.problem(roots["example.yaml"], "example: expected a mapping of names to text")
    problems = [p.located(r.source) for r in readers
                for p in sorted(r.problems, key=lambda p: p.line)]
    if problems:
        raise InputError(problems)
    return Content(summary, sections, MappingProxyType(variants), example)


__all__ = ["ANY", "Choice", "Content", "DERIVED", "FACTS", "SECTION_IDS", "SELECTORS",
           "SectionSpec", "Text", "Variant", "differs", "facts", "parse_content", "resolve",
           "selector_value", "value_key"]
