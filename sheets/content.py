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

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sheets.blocks import Block
from sheets.cardtext import CardsContent, read_cards
from sheets.contentreader import MAX_BYTES
from sheets.contentreader import Reader as _Reader
from sheets.contentreader import read_file as _read
from sheets.errors import InputError
from sheets.example import PATTERN_GROUPS, ExamplePatterns
from sheets.facts import COUNT_FACTS, FACTS, Facts
from sheets.houserules import MAY_BE_DEAD, OPTIONS, OPTIONS_BY_KEY, HouseRules
from sheets.language import RULE_NAME_KEYS, Language
from sheets.languageread import read_language
from sheets.problems import Problem
from sheets.textlang import (
    ANY,
    At,
    Choice,
    Joined,
    Text,
    option_values,
    resolve,
    value_key,
)
from sheets.yamlread import scalar, yaml

if TYPE_CHECKING:
    from sheets.words import ScorekeeperWords

#: The content files, each required; the language's own words first, as the others use them.
CONTENT_FILES = (
    "language.yaml",
    "rules.yaml",
    "variants.yaml",
    "example.yaml",
    "scoresheet.yaml",
    "scorekeeper.yaml",
    "cards.yaml",
)
SECTION_IDS = (
    "quick-start",
    "setup",
    "how-to-play",
    "example",
    "scoring",
    "table-law",
    "house-rules",
    "other-ways",
    "other-counts",
    "glossary",
)

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


SCORE_LABELS = (
    "date",
    "place",
    "hand",
    "pass",
    "check",
    "points",
    "total",
    "check_or",
    "carried",
    "carry_on",
    "carry_on_mid_cycle",
    "check_row",
    "check_row_pages",
    "revoke",
)


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
        reader.problem(
            root,
            f"sections: expected the ids {', '.join(SECTION_IDS)} in this order; "
            f"found {', '.join(ids)}",
        )
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
                    reader.problem(
                        value, f"{what}: other lists {', '.join(bad)}, which have no line"
                    )
            elif case == ANY or _variant_value_ok(key, case):
                lines[case] = reader.text(value, f"{what}: {case}") or ""
            else:
                reader.problem(
                    case_node,
                    f"{what}: not a value of {key}: {case!r}; expected "
                    f'{OPTIONS_BY_KEY[key].expected()} or "*"',
                )
        missing = [v for v in option_values(key) if v not in lines]
        if ANY not in lines and (missing or not option_values(key)):
            reader.problem(
                key_node,
                f'{what}: no line for {", ".join(missing) or "other values"}; add them or "*"',
            )
        if key in MAY_BE_DEAD and dead is None:
            reader.problem(
                key_node,
                f"{what}: no dead: line; expected one, as {key} can be set where it never matters",
            )
        out[key] = Variant(
            key,
            MappingProxyType(lines),
            other if other is not None else tuple(c for c in lines if c != ANY),
            dead,
        )
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
        values[group] = MappingProxyType(
            {
                case: reader.string(found[case][1], f"{what}: {case}", names) or ""
                for case in cases
                if case in found
            }
        )
    if len(values) != len(groups) or any(
        len(values[g]) != len(c) for g, (c, _) in PATTERN_GROUPS.items() if c is not None
    ):
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
        named[key] = MappingProxyType(
            {
                name: reader.text(entries[name][1], f"{key}: {name}")
                for name in names
                if name in entries
            }
        )
    lists = {
        key: tuple(reader.text(item, key) for item in reader.sequence(top[key][1], key))
        for key in ("summary", "footer")
        if key in top
    }
    if "heading" not in top or len(lists) != 2:
        return None
    return ScoreSheetContent(
        reader.text(top["heading"][1], "heading"),
        named["labels"],
        lists["summary"],
        lists["footer"],
    )


#: The score sheet's labels the scorekeeper's history heads its columns with, by word id.
SHEET_LABELS = {"pass-column": "pass", "points-column": "points", "running-column": "total"}


def _with_directions(
    words: Mapping[str, Text], language: Language, sheet: ScoreSheetContent
) -> Mapping[str, Text]:
    """The scorekeeper's words with a hand's pass in each direction (``direction.left``...),
    taken from the language's one table of directions, and the printed score sheet's own words
    for its history (each pass as its Pass column prints it, ``pass.left``, and its column
    labels), placed before the refusals and rules."""
    later = ("refusal.", "rule.")
    plain = {k: v for k, v in words.items() if not k.startswith(later)}
    plain.update((f"direction.{d}", w["hand"]) for d, w in language.directions.items())
    plain.update((f"pass.{d}", w["label"]) for d, w in language.directions.items())
    plain.update((k, sheet.labels[label]) for k, label in SHEET_LABELS.items())
    plain.update((k, v) for k, v in words.items() if k.startswith(later))
    return MappingProxyType(plain)


def _with_rule_names(words: Mapping[str, Text], language: Language) -> Mapping[str, Text]:
    """The scorekeeper's words with each value of a rule of the one table of rule names
    (``rule.moon.value.add-to-others``) named as the table names it."""
    named = dict(words)
    for key, names in language.rule_names.items():
        named.update((f"rule.{key}.value.{v}", t) for v, t in names.items() if v != "label")
    return MappingProxyType(named)


def _headings_named(reader: _Reader, root: yaml.Node, variants: Mapping[str, Variant]) -> None:
    """Each line of a rule of the one table of rule names opens with its name, ``**{rule}``,
    and no other line uses ``{rule}``: a rule's name is written once, in language.yaml."""
    for key, variant in variants.items():
        texts = [*variant.lines.values(), variant.dead]
        bold = [s for t in texts for s in _leaves(t) if "**" in s]
        named = key in RULE_NAME_KEYS
        wrong = [s for s in bold if s.startswith("**{rule}") != named]
        wrong += [s for t in texts for s in _leaves(t) if not named and "{rule}" in s]
        if wrong:
            expected = "open with **{rule}" if named else "not use {rule}"
            reader.problem(
                root, f"variants {key}: every line must {expected}; found {wrong[0][:50]!r}"
            )


def _leaves(text: Text) -> list[str]:
    """Every string a TEXT may say."""
    if isinstance(text, str):
        return [text]
    if isinstance(text, Joined):
        return [s for p in text.parts for s in _leaves(p)]
    if isinstance(text, At):
        return _leaves(text.text)
    if isinstance(text, Choice):
        return [s for _, t in text.cases for s in _leaves(t)]
    return []


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
    summary: Text = None
    sections: tuple[SectionSpec, ...] = ()
    variants: dict[str, Variant] = {}
    example = scoresheet = scorekeeper = cards = language = None
    if (root := roots.get("language.yaml")) is not None:
        language = read_language(by_name["language.yaml"], root)
    if language is not None:
        for reader in readers:
            reader.nouns = tuple(language.nouns)
    if (root := roots.get("rules.yaml")) is not None:
        summary, sections = _sections(by_name["rules.yaml"], root)
    if (root := roots.get("variants.yaml")) is not None:
        by_name["variants.yaml"].facts = (*FACTS, "rule")
        variants = _variants(by_name["variants.yaml"], root)
        _headings_named(by_name["variants.yaml"], root, variants)
    if (root := roots.get("example.yaml")) is not None and language is not None:
        example = _example(by_name["example.yaml"], root, language)
    if (root := roots.get("scoresheet.yaml")) is not None:
        scoresheet = _scoresheet(by_name["scoresheet.yaml"], root)
    if (root := roots.get("scorekeeper.yaml")) is not None:
        from sheets.words import ALL_PLACEHOLDERS, RUNTIME_COUNTS, read_scorekeeper_words

        reader = by_name["scorekeeper.yaml"]
        reader.facts, reader.counts = ALL_PLACEHOLDERS, COUNT_FACTS + RUNTIME_COUNTS
        scorekeeper = read_scorekeeper_words(reader, root)
        if scorekeeper is not None and language is not None and scoresheet is not None:
            # a hand's pass, from the one table; the history's labels, from the score sheet;
            # the rules' values' names, from the one table of rule names
            words = _with_directions(scorekeeper.words, language, scoresheet)
            scorekeeper = replace(scorekeeper, words=_with_rule_names(words, language))
    if (root := roots.get("cards.yaml")) is not None:
        cards = read_cards(by_name["cards.yaml"], root, sections)
    problems = [p.at(r.source) for r in readers for p in sorted(r.problems, key=lambda p: p.line)]
    if problems:
        raise InputError(problems)
    # every file was read, or a problem was raised above
    assert language and example and scoresheet and scorekeeper and cards
    return Content(
        language,
        summary,
        sections,
        MappingProxyType(variants),
        example,
        scoresheet,
        scorekeeper,
        cards,
    )


__all__ = [
    "CONTENT_FILES",
    "MAX_BYTES",
    "Content",
    "SCORE_LABELS",
    "SECTION_IDS",
    "ScoreSheetContent",
    "SectionSpec",
    "Variant",
    "parse_content",
]
