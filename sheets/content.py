"""The content: ``content/*.yaml`` loaded into frozen records and checked. This module only
loads; what the words mean is :mod:`sheets.textlang` (TEXT) and :mod:`sheets.facts` (the
placeholders), and the sheets' text is assembled by :mod:`sheets.text`.

Files:

- ``language.yaml``: the language's own words (:mod:`sheets.language`): nouns and plurals, lists,
  seats, suits, pass directions, the pictures', sheets' and website's labels.
- ``rules.yaml``: ``summary`` and ``sections``, each with an ``id``, a ``heading`` and ``blocks``
  (``paragraph: TEXT``, ``steps: [TEXT or {text: TEXT, notes: [TEXT]}]``, ``bullets: [TEXT]``,
  ``definitions: {term: TEXT}`` or the word ``example`` for the worked example's place).
- ``variants.yaml``: for every house-rule key, one line per value (``"*"`` for any other value),
  and optionally ``other:``, the values listed under "other ways to play".
- ``example.yaml`` (written for :mod:`sheets.example`): the worked example's sentence patterns,
  every group and case of :data:`sheets.example.PATTERN_GROUPS`, read into
  :class:`~sheets.example.ExamplePatterns`.
- ``scoresheet.yaml``: the score sheet's words (labels, the header's rule summary, the footer),
  read into :class:`ScoreSheetContent`.

**TEXT** is what makes the text follow the house rules. It is either a string, ``null`` (leave
the item out), or a one-key mapping that selects by a house rule, nested as deep as needed::

    moon:                                   # a selector: see SELECTORS
      add-to-others: "... everyone else scores {moon_value}."
      subtract-from-shooter: "..."
      "*": "..."                            # any value not listed

A selector must cover every value it can take, or give ``"*"``. TEXT may also be a list of
TEXT, sentences joined with spaces (those left out skipped), or a line about other tables::

    at: {players: 3}                        # or a list of tables: "17, 12 or 10"
    text: "**Three players:** deal {hand_size} each."

Strings may use the ``{placeholders}`` of :data:`~sheets.facts.FACTS`; a number may name a noun
of ``language.yaml``, made plural by the number (``{kitty_size:card}``: "1 card", "4 cards";
``{kitty_size:~card}`` leaves out a 1: "card", "4 cards"). Cards are written as rank and suit
symbol ("Q♠", "10♥"), never "QS" or "queen of spades"; ``**bold**`` is allowed only for a
lead-in at the very start. :meth:`Content.say` turns TEXT into the string for some house rules.
:func:`parse_content` is pure: it takes the files' bytes, which the command line
(:mod:`sheets.cli`) reads. Every problem is reported with its file and line in an
:class:`~sheets.errors.InputError`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sheets.cardtext import CardsContent, read_cards
from sheets.blocks import Block, Bullets, Definitions, ExampleSlot, Paragraph, Step, Steps
from sheets.errors import InputError
from sheets.example import PATTERN_GROUPS, ExamplePatterns
from sheets.facts import COUNT_FACTS, FACTS, Facts
from sheets.houserules import (MAY_BE_DEAD, OPTIONS, OPTIONS_BY_KEY, HouseRules,
                               HouseRulesError)
from sheets.language import Language, read_language
from sheets.problems import Problem
from sheets.textlang import (ANY, SELECTORS, At, Choice, Joined, Text, option_values, resolve,
                             value_key)
from sheets.yamlread import YamlError, kind_of, line_of, plain as _plain, read_yaml, scalar, yaml

if TYPE_CHECKING:
    from sheets.words import ScorekeeperWords

#: The content files, each required; the language's own words first, as the others use them.
CONTENT_FILES = ("language.yaml", "rules.yaml", "variants.yaml", "example.yaml",
                 "scoresheet.yaml", "scorekeeper.yaml", "cards.yaml")
SECTION_IDS = ("quick-start", "setup", "how-to-play", "example", "scoring", "table-law",
               "house-rules", "other-ways", "other-counts", "glossary")
MAX_BYTES = 256 * 1024
MAX_EVENTS = 50_000

# -- the records ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SectionSpec:
    """A section of the rule sheet as the content gives it."""

    id: str
    heading: Text
    blocks: tuple[Block, ...]  # blocks whose text is TEXT


@dataclass(frozen=True, slots=True)
class Variant:
    """What ``variants.yaml`` says about one house-rule key."""

    key: str
    lines: Mapping[str, Text]  # value (as value_key writes it, or "*") -> one line
    other: tuple[str, ...]  # the values listed under "other ways to play"
    dead: Text = None  # the line printed when the rule is set but can never matter


SCORE_LABELS = ("date", "place", "hand", "pass", "check", "points", "total", "check_or",
                "carried", "carry_on", "carry_on_mid_cycle")


@dataclass(frozen=True, slots=True)
class ScoreSheetContent:
    """What ``scoresheet.yaml`` says: the score sheet's words as TEXT."""

    heading: Text
    labels: Mapping[str, Text]  # every one of SCORE_LABELS
    summary: tuple[Text, ...]
    footer: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the sheets' words come from, in one language."""

    language: Language  # language.yaml: the language's own words
    summary: Text
    sections: tuple[SectionSpec, ...]
    variants: Mapping[str, Variant]
    example: ExamplePatterns  # example.yaml: the worked example's sentence patterns
    scoresheet: ScoreSheetContent  # scoresheet.yaml: the score sheet's words
    scorekeeper: ScorekeeperWords  # scorekeeper.yaml: the scorekeeper's words (sheets.words)
    cards: CardsContent  # cards.yaml: the pocket rule cards' words (sheets.cardtext)
    facts: Facts = field(init=False, compare=False, repr=False)  # the placeholders' values

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", Facts(self.language))

    def __getstate__(self) -> dict[str, Any]:  # the facts are worked out again, not kept
        return {f: getattr(self, f) for f in self.__dataclass_fields__ if f != "facts"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.__post_init__()

    def section(self, section_id: str) -> SectionSpec:
        """The section with this id."""
        return next(s for s in self.sections if s.id == section_id)

    def say(self, text: Text, rules: HouseRules) -> str | None:
        """The string TEXT stands for under some house rules, in this content's language, its
        placeholders filled with the facts (None: left out)."""
        return resolve(text, rules, self.facts)


# -- reading and checking ------------------------------------------------------------------------

_PLACEHOLDERS = string.Formatter()
_CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\bT[♣♦♥♠]")
_CARD_WORDS = re.compile(r"\b(?:ace|king|queen|jack|two|three|[2-9]|10) of "
                         r"(?:clubs|diamonds|hearts|spades)\b", re.IGNORECASE)
_BOLD_LEAD = re.compile(r"\*\*[^*]+\*\*")
_NOUN = re.compile(r"~?[a-z]+")  # a noun after a number; "~": leave out a number that is 1


class _Reader:
    """Reads one content file's nodes into records, collecting problems with their lines.

    TEXT may use the placeholders of ``facts`` (the :data:`FACTS`, unless a file's words have
    more), a noun after those of ``counts``, one of ``nouns`` (the language's, once read)."""

    def __init__(self, source: str, nouns: tuple[str, ...] = ()):
        self.source = source
        self.problems: list[Problem] = []
        self.facts, self.counts = FACTS, COUNT_FACTS
        self.nouns = nouns

    def problem(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Problem(message=message, source=self.source, line=line_of(node)))

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

    def string(self, node: yaml.Node, what: str,
               placeholders: tuple[str, ...] | None = FACTS,
               counts: tuple[str, ...] | None = None) -> str | None:
        """A checked string: cards written with symbols, bold only for a lead-in, and (unless
        ``placeholders`` is None) only those placeholders, a noun only after a count (one of
        ``counts``: by default :data:`COUNT_FACTS` where the placeholders are the facts)."""
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
        if placeholders is not None:
            if counts is None:
                counts = self.counts if placeholders is self.facts else ()
            self.placeholders(node, what, text, placeholders, counts)
        return text

    def placeholders(self, node: yaml.Node, what: str, text: str, names: tuple[str, ...],
                     counts: tuple[str, ...]) -> None:
        try:
            fields = [(f, spec) for _, f, spec, _ in _PLACEHOLDERS.parse(text) if f is not None]
        except ValueError as err:
            self.problem(node, f"{what}: a stray brace ({err}); found {text[:40]!r}")
            return
        for name, spec in fields:
            if name not in names:
                self.problem(node, f"{what}: unknown placeholder {{{name}}}; expected one "
                                   f"of {', '.join(names)}")
            elif spec and (name not in counts or not _NOUN.fullmatch(spec)):
                self.problem(node, f"{what}: {{{name}:{spec}}}: a noun may follow only a "
                                   f"number ({', '.join(counts)}), as {{kitty_size:card}}")
            elif spec and self.nouns and spec.lstrip("~") not in self.nouns:
                self.problem(node, f"{what}: {{{name}:{spec}}}: no noun {spec.lstrip('~')!r} in "
                                   f"language.yaml; expected one of {', '.join(self.nouns)}")

    def text(self, node: yaml.Node, what: str) -> Text:
        """TEXT: a string, null, a one-key mapping selecting by a house rule, or ``at:``
        other tables with the ``text:`` to say about them."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return None
        if isinstance(node, yaml.SequenceNode):
            parts = tuple(self.text(item, what) for item in node.value)
            for item in node.value[1:]:
                if isinstance(item, yaml.ScalarNode) and "**" in item.value:
                    self.problem(item, f"{what}: **bold** is only for a lead-in at the start of "
                                       f"the first sentence; found {item.value[:40]!r}")
            return Joined(parts)
        if not isinstance(node, yaml.MappingNode):
            return self.string(node, what, self.facts)
        entries = self.mapping(node, what)
        if "at" in entries:
            return self.at(node, entries, what)
        if len(entries) != 1 or next(iter(entries)) not in SELECTORS:
            self.problem(node, f"{what}: expected text, at: and text:, or one selector (one of "
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

    def at(self, node: yaml.Node, entries: dict, what: str) -> Text:
        """``at:`` a table (house-rule keys and values) or a list of tables, and ``text:``."""
        self.keys(entries, node, what, ("at", "text"), ())
        at_node = entries["at"][1]
        items = at_node.value if isinstance(at_node, yaml.SequenceNode) else [at_node]
        tables = []
        for item in items:
            if not isinstance(item, yaml.MappingNode):
                self.problem(item, f"{what}: at: expected a mapping of house-rule keys to "
                                   f"values; found {kind_of(item)}")
                continue
            try:
                tables.append(HouseRules.from_mapping(
                    {scalar(k): _plain(v) for k, v in item.value}))
            except HouseRulesError as err:
                self.problem(item, f"{what}: at: not a table that can be played: {err}")
        text = self.text(entries["text"][1], what) if "text" in entries else None
        if len(tables) > 1 and not isinstance(text, str):
            self.problem(at_node, f"{what}: text about several tables must be one string, "
                                  "not a choice")
        return At(tuple(tables), text) if tables else None

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
            return Definitions(tuple((self.string(k, what, None) or "", self.text(v, term))
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
        low, high = option.bounds
        return value.isdigit() and low <= int(value) <= high
    if option.kind == "cycle":
        return bool(value.split()) and all(d in option.choices for d in value.split())
    return value in option_values(key)


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
        lines, other, dead = {}, None, None
        for case, (case_node, value) in cases.items():
            if case == "dead":
                dead = reader.text(value, f"{what}: dead")
            elif case == "other":
                other = tuple(value_key(scalar(n)) for n in reader.sequence(value, what))
                bad = [v for v in other if v not in cases or v == ANY]
                if bad:
                    reader.problem(value, f"{what}: other lists {', '.join(bad)}, which have "
                                          "no line")
            elif case == ANY or _variant_value_ok(key, case):
                lines[case] = reader.text(value, f"{what}: {case}") or ""
            else:
                reader.problem(case_node, f"{what}: not a value of {key}: {case!r}; expected "
                                          f"{OPTIONS_BY_KEY[key].expected()} or \"*\"")
        missing = [v for v in option_values(key) if v not in lines]
        if ANY not in lines and (missing or not option_values(key)):
            reader.problem(key_node, f"{what}: no line for {', '.join(missing) or 'other values'}; "
                                 "add them or \"*\"")
        if key in MAY_BE_DEAD and dead is None:
            reader.problem(key_node, f"{what}: no dead: line; expected one, as {key} can be set "
                                     "where it never matters")
        out[key] = Variant(key, MappingProxyType(lines),
                           other if other is not None else tuple(c for c in lines if c != ANY),
                           dead)
    return out


def _example(reader: _Reader, root: yaml.Node, language: Language) -> ExamplePatterns | None:
    """example.yaml read into :class:`ExamplePatterns`: every group of
    :data:`~sheets.example.PATTERN_GROUPS`, each case, only its placeholders; with the
    language's names of the seats and the suits."""
    entries = reader.mapping(root, "example")
    if not entries:
        return None
    groups = tuple(PATTERN_GROUPS)
    reader.keys(entries, root, "example", groups, ())
    values: dict[str, Any] = {}
    for group, (cases, names) in PATTERN_GROUPS.items():
        if group not in entries:
            continue
        key_node, node = entries[group]
        what = f"example {group}"
        if cases is None:
            values[group] = reader.string(node, what, names) or ""
            continue
        found = reader.mapping(node, what)
        if isinstance(node, yaml.MappingNode):
            reader.keys(found, node, what, cases, ())
        values[group] = MappingProxyType({
            case: reader.string(found[case][1], f"{what}: {case}", names) or ""
            for case in cases if case in found})
    if len(values) != len(groups) or any(
            len(values[g]) != len(c) for g, (c, _) in PATTERN_GROUPS.items() if c is not None):
        return None
    return ExamplePatterns(**values, language=language)


def _scoresheet(reader: _Reader, root: yaml.Node) -> ScoreSheetContent | None:
    """scoresheet.yaml read into :class:`ScoreSheetContent`."""
    top = reader.mapping(root, "scoresheet")
    if not top:
        return None
    reader.keys(top, root, "scoresheet", ("heading", "labels", "summary", "footer"), ())
    named = {}
    for key, names in (("labels", SCORE_LABELS),):
        if key not in top:
            return None
        node = top[key][1]
        entries = reader.mapping(node, key)
        if isinstance(node, yaml.MappingNode):
            reader.keys(entries, node, key, names, ())
        named[key] = MappingProxyType({name: reader.text(entries[name][1], f"{key}: {name}")
                                       for name in names if name in entries})
    lists = {key: tuple(reader.text(item, key) for item in reader.sequence(top[key][1], key))
             for key in ("summary", "footer") if key in top}
    if "heading" not in top or len(lists) != 2:
        return None
    return ScoreSheetContent(reader.text(top["heading"][1], "heading"), named["labels"],
                             lists["summary"], lists["footer"])



def _with_directions(words: Mapping[str, str], language: Language) -> Mapping[str, str]:
    """The scorekeeper's words with a hand's pass in each direction (``direction.left``...),
    taken from the language's one table of directions, placed before the refusals and rules."""
    later = ("refusal.", "rule.")
    plain = {k: v for k, v in words.items() if not k.startswith(later)}
    plain.update((f"direction.{d}", w["hand"]) for d, w in language.directions.items())
    plain.update((k, v) for k, v in words.items() if k.startswith(later))
    return MappingProxyType(plain)


def parse_content(files: Mapping[str, bytes]) -> Content:
    """Read the content files (name -> bytes); raise :class:`InputError` listing every problem."""
    readers: list[_Reader] = []
    roots: dict[str, yaml.Node | None] = {}
    for name in CONTENT_FILES:
        if name not in files:
            continue
        reader, roots[name] = _read(name, files[name])
        readers.append(reader)
    by_name = {r.source: r for r in readers}
    for name in CONTENT_FILES:
        reader = by_name.setdefault(name, _Reader(name))
        if reader not in readers:
            readers.append(reader)
        if roots.get(name) is None and not reader.problems:
            reader.problems.append(Problem(message="missing or empty content file", source=name))
    summary, sections, variants, example, scoresheet = None, (), {}, None, None
    language = None
    if roots.get("language.yaml") is not None:
        language = read_language(by_name["language.yaml"], roots["language.yaml"])
    if language is not None:
        for reader in readers:
            reader.nouns = tuple(language.nouns)
    if roots.get("rules.yaml") is not None:
        summary, sections = _sections(by_name["rules.yaml"], roots["rules.yaml"])
    if roots.get("variants.yaml") is not None:
        variants = _variants(by_name["variants.yaml"], roots["variants.yaml"])
    if roots.get("example.yaml") is not None and language is not None:
        example = _example(by_name["example.yaml"], roots["example.yaml"], language)
    if roots.get("scoresheet.yaml") is not None:
        scoresheet = _scoresheet(by_name["scoresheet.yaml"], roots["scoresheet.yaml"])
    scorekeeper = None
    if roots.get("scorekeeper.yaml") is not None:
        from sheets.words import ALL_PLACEHOLDERS, RUNTIME_COUNTS, read_scorekeeper_words

        reader = by_name["scorekeeper.yaml"]
        reader.facts, reader.counts = ALL_PLACEHOLDERS, COUNT_FACTS + RUNTIME_COUNTS
        scorekeeper = read_scorekeeper_words(reader, roots["scorekeeper.yaml"])
        if scorekeeper is not None and language is not None:  # a hand's pass, from the one table
            scorekeeper = replace(scorekeeper, words=_with_directions(scorekeeper.words, language))
    cards = None
    if roots.get("cards.yaml") is not None:
        cards = read_cards(by_name["cards.yaml"], roots["cards.yaml"], sections)
    problems = [p.at(r.source) for r in readers
                for p in sorted(r.problems, key=lambda p: p.line)]
    if problems:
        raise InputError(problems)
    return Content(language, summary, sections, MappingProxyType(variants), example, scoresheet,
                   scorekeeper, cards)


__all__ = ["CONTENT_FILES", "Content", "SCORE_LABELS", "SECTION_IDS", "ScoreSheetContent",
           "SectionSpec", "Variant", "parse_content"]
