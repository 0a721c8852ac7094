"""The rules text as content: ``content/*.yaml`` loaded into frozen records and checked.

Files:

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

Strings may use the ``{placeholders}`` of :data:`FACTS`; a number may name its noun, made plural
by the number (``{kitty_size:card}``: "1 card", "4 cards"; ``{kitty_size:~card}`` leaves out a
1: "card", "4 cards"). Cards are written as rank and suit
symbol ("Q♠", "10♥"), never "QS" or "queen of spades"; ``**bold**`` is allowed only for a lead-in at the very start.
:func:`resolve` turns TEXT into the string for some house rules. :func:`parse_content` is pure: it
takes the files' bytes, which the command line (:mod:`sheets.cli`) reads. Every problem is
reported with its file and line in an :class:`~sheets.errors.InputError`.
"""

from __future__ import annotations

from dataclasses import dataclass
import functools
import re
import string
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Union

from sheets.blocks import Block, Bullets, Definitions, ExampleSlot, Paragraph, Step, Steps, signed
from sheets.cards import BONUS_POINTS, CARDS, CLUBS, HEART_POINTS, QUEEN_POINTS, Card
from sheets.engine import seat_names
from sheets.errors import InputError
from sheets.example import DEALER, PATTERN_GROUPS, ExamplePatterns
from sheets.houserules import (CANCELLATION_PLAYERS, DIRECTIONS, MAX_PLAYERS, MAY_BE_DEAD, MIN_PLAYERS,
                               OPTIONS, OPTIONS_BY_KEY, HouseRules, HouseRulesError)
from sheets.problems import Problem
from sheets.yamlread import (YamlError, kind_of, line_of, plain as _plain,
                             read_yaml, scalar, yaml)

if TYPE_CHECKING:
    from sheets.words import ScorekeeperWords

#: The content files, each required.
CONTENT_FILES = ("rules.yaml", "variants.yaml", "example.yaml", "scoresheet.yaml",
                 "scorekeeper.yaml")
SECTION_IDS = ("quick-start", "setup", "how-to-play", "example", "scoring", "table-law",
               "house-rules", "other-ways", "other-counts", "glossary")
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
    "scatter": (_BOOL, lambda r: "scatter" in r.passing),
    # a pass to one player (left, right, across, two seats, partner) in the cycle
    "plain_pass": (_BOOL, lambda r: any(d not in ("hold", "scatter") for d in r.passing)),
    "repeats": (_BOOL, lambda r: len(set(r.passing)) > 1),  # hands of more than one kind
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


_DIRECTION_WORDS = {"second-left": "2nd left", "second-right": "2nd right",
                    "partner": "to your partner", "hold": "no pass"}
#: Where a pass to one player goes, as a sentence says it: "pass 3 cards face down to the left".
_DIRECTION_TO = {"left": "to the left", "right": "to the right", "across": "across",
                 "second-left": "to the 2nd player on your left",
                 "second-right": "to the 2nd player on your right",
                 "partner": "to your partner"}


def _then_last(words: list[str]) -> str:
    """"left", "left, then right", "left, right, then no pass"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + ", then " + words[-1]


def _pass_plan(rules: HouseRules) -> str:
    """Each hand's pass in the cycle, in order: "3 to the left, 3 to the right, 3 across,
    none (a hold hand)"."""
    def one(direction: str) -> str:
        if direction == "hold":
            return "none (a hold hand)"
        if direction == "scatter":
            return f"1 to each other player ({rules.pass_count(direction)} in all)"
        return f"{rules.pass_count(direction)} {_DIRECTION_TO[direction]}"
    return ", ".join(one(d) for d in rules.passing)


class Count(int):
    """A number a placeholder prints; ``{kitty_size:card}`` prints it with its noun, made plural
    by the number: ``"1 card"``, ``"4 cards"``; ``{kitty_size:~card}`` leaves out a number that
    is 1, for "the last card" beside "the last 4 cards"."""

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(int(self))
        if spec.startswith("~"):
            return spec[1:] if self == 1 else format(self, spec[1:])
        return f"{int(self)} {spec}{'' if self == 1 else 's'}"


class Several:
    """One placeholder's values at several tables, printed in table order as ``"17, 12 or 10"``
    (once when they agree); a noun follows the last, plural."""

    def __init__(self, values: list[Any]):
        self.values = list(dict.fromkeys(values))

    def __format__(self, spec: str) -> str:
        if len(self.values) == 1:
            return format(self.values[0], spec)
        texts = [format(v, "") for v in self.values]
        joined = ", ".join(texts[:-1]) + " or " + texts[-1]
        return f"{joined} {spec}s" if spec else joined


def _pass_counts(rules: HouseRules) -> tuple[int, int]:
    """Cards passed in a pass to one player, and in a scatter (one to each other player)."""
    plain = [d for d in rules.passing if d not in ("hold", "scatter")]
    return rules.pass_count(plain[0] if plain else "left"), rules.pass_count("scatter")


def _lowest_club(rules: HouseRules) -> Card:
    """The lowest club in the deck (the stripped cards taken out)."""
    return min(c for c in CARDS if c.suit == CLUBS and c not in rules.removed_cards)


@functools.lru_cache(maxsize=256)
def facts(rules: HouseRules) -> Mapping[str, Any]:
    """The values of every ``{placeholder}`` under some house rules (numbers as :class:`Count`),
    worked out once for each rules value (a sheet fills some hundred placeholders)."""
    removed = rules.removed_cards
    pass_count, scatter_count = _pass_counts(rules)
    moon_add, moon_off = rules.moon_sums()
    sun_add, sun_off = rules.moon_sums(rules.sun_value)
    return MappingProxyType({
        "players": Count(rules.players),
        "hand_size": Count(rules.hand_size),
        "kitty_size": Count(rules.kitty_size),
        "deck_size": Count(rules.deck_size),
        "removed": " and ".join(c.symbol for c in removed) or "nothing",
        "lowest_club": _lowest_club(rules).symbol,
        "pass_cycle": _then_last([_DIRECTION_WORDS.get(d, d) for d in rules.passing]),
        "pass_to": _DIRECTION_TO.get(next((d for d in rules.passing if d in _DIRECTION_TO),
                                          "left")),
        "pass_plan": _pass_plan(rules),
        "pass_count": Count(pass_count),
        "scatter_count": Count(scatter_count),
        "points": Count(rules.points_per_hand),
        "check_sum": signed(rules.check_sum),
        "moon_value": Count(rules.moon_value),
        "others": Count(rules.sides - 1),  # the sides besides one, as a moon row counts them
        "sun_value": Count(rules.sun_value),
        "moon_check_sum": signed(moon_add),
        "moon_off_sum": signed(moon_off),
        "sun_check_sum": signed(sun_add),
        "sun_off_sum": signed(sun_off),
        "target": Count(rules.target),
        "bonus": rules.bonus.symbol if rules.bonus else "",
        # what one bonus card takes off, whether or not one is played (the lines of other ways
        # to play speak of it too)
        "bonus_value": Count(-BONUS_POINTS),
        "heart_value": Count(HEART_POINTS),
        "queen_value": Count(QUEEN_POINTS),
        "exactly_to": "" if rules.exactly_100 == "none" else str(rules.exactly_100),
        "point_cards": "every heart and Q♠" if rules.decks == 1 else "every heart and both Q♠",
        "first_seat": seat_names(rules.players)[DEALER],
        "cancellation_from": Count(CANCELLATION_PLAYERS),
        "max_players": Count(MAX_PLAYERS),
    })


def several_facts(tables: tuple[HouseRules, ...]) -> dict[str, Any]:
    """The placeholders' values for a line about several tables: each lists its values."""
    each = [facts(t) for t in tables]
    return {name: Several([f[name] for f in each]) for name in each[0]}


FACTS = tuple(facts(HouseRules()))
#: The placeholders that are numbers, which may name a noun: ``{kitty_size:card}``.
COUNT_FACTS = tuple(k for k, v in facts(HouseRules()).items() if isinstance(v, Count))


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


Text = Union[str, Choice, At, Joined, None]


def resolve(text: Text, rules: HouseRules,
            placeholders: Callable[[HouseRules], Mapping[str, Any]] = facts) -> str | None:
    """The string TEXT stands for under some house rules, placeholders filled (with the values
    ``placeholders`` gives for the rules: the facts, unless another file's words have more);
    None: left out."""
    if isinstance(text, Joined):
        parts = [t for t in (resolve(part, rules, placeholders) for part in text.parts)
                 if t is not None]
        return " ".join(parts) if parts else None
    values = None
    while isinstance(text, (Choice, At)):
        if isinstance(text, At):
            values = several_facts(text.tables) if len(text.tables) > 1 else None
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
    pass_labels: Mapping[str, Text]  # every pass direction
    summary: tuple[Text, ...]
    footer: tuple[Text, ...]


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the sheets' words come from."""

    summary: Text
    sections: tuple[SectionSpec, ...]
    variants: Mapping[str, Variant]
    example: ExamplePatterns  # example.yaml: the worked example's sentence patterns
    scoresheet: ScoreSheetContent  # scoresheet.yaml: the score sheet's words
    scorekeeper: ScorekeeperWords  # scorekeeper.yaml: the scorekeeper's words (sheets.words)

    def section(self, section_id: str) -> SectionSpec:
        """The section with this id."""
        return next(s for s in self.sections if s.id == section_id)


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
    more), a noun after those of ``counts``."""

    def __init__(self, source: str):
        self.source = source
        self.problems: list[Problem] = []
        self.facts, self.counts = FACTS, COUNT_FACTS

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
               placeholders: tuple[str, ...] | None = FACTS) -> str | None:
        """A checked string: cards written with symbols, bold only for a lead-in, and (unless
        ``placeholders`` is None) only those placeholders, a noun only after a count (one of
        :data:`COUNT_FACTS`, where the placeholders are the facts)."""
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
            self.placeholders(node, what, text, placeholders,
                              self.counts if placeholders is self.facts else ())
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
        missing = [v for v in _option_values(key) if v not in lines]
        if ANY not in lines and (missing or not _option_values(key)):
            reader.problem(key_node, f"{what}: no line for {', '.join(missing) or 'other values'}; "
                                 "add them or \"*\"")
        if key in MAY_BE_DEAD and dead is None:
            reader.problem(key_node, f"{what}: no dead: line; expected one, as {key} can be set "
                                     "where it never matters")
        out[key] = Variant(key, MappingProxyType(lines),
                           other if other is not None else tuple(c for c in lines if c != ANY),
                           dead)
    return out


def _example(reader: _Reader, root: yaml.Node) -> ExamplePatterns | None:
    """example.yaml read into :class:`ExamplePatterns`: every group of
    :data:`~sheets.example.PATTERN_GROUPS`, each case, only its placeholders."""
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
    return ExamplePatterns(**values)


def _scoresheet(reader: _Reader, root: yaml.Node) -> ScoreSheetContent | None:
    """scoresheet.yaml read into :class:`ScoreSheetContent`."""
    top = reader.mapping(root, "scoresheet")
    if not top:
        return None
    reader.keys(top, root, "scoresheet", ("heading", "labels", "pass_labels", "summary",
                                          "footer"), ())
    named = {}
    for key, names in (("labels", SCORE_LABELS), ("pass_labels", DIRECTIONS)):
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
                             named["pass_labels"], lists["summary"], lists["footer"])


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
    if roots.get("rules.yaml") is not None:
        summary, sections = _sections(by_name["rules.yaml"], roots["rules.yaml"])
    if roots.get("variants.yaml") is not None:
        variants = _variants(by_name["variants.yaml"], roots["variants.yaml"])
    if roots.get("example.yaml") is not None:
        example = _example(by_name["example.yaml"], roots["example.yaml"])
    if roots.get("scoresheet.yaml") is not None:
        scoresheet = _scoresheet(by_name["scoresheet.yaml"], roots["scoresheet.yaml"])
    scorekeeper = None
    if roots.get("scorekeeper.yaml") is not None:
        from sheets.words import ALL_PLACEHOLDERS, RUNTIME_COUNTS, read_scorekeeper_words

        reader = by_name["scorekeeper.yaml"]
        reader.facts, reader.counts = ALL_PLACEHOLDERS, COUNT_FACTS + RUNTIME_COUNTS
        scorekeeper = read_scorekeeper_words(reader, roots["scorekeeper.yaml"])
    problems = [p.at(r.source) for r in readers
                for p in sorted(r.problems, key=lambda p: p.line)]
    if problems:
        raise InputError(problems)
    return Content(summary, sections, MappingProxyType(variants), example, scoresheet,
                   scorekeeper)


__all__ = ["ANY", "At", "CONTENT_FILES", "COUNT_FACTS", "Choice", "Content", "Count", "Joined",
           "SCORE_LABELS", "ScoreSheetContent", "Several", "several_facts", "DERIVED", "FACTS", "SECTION_IDS", "SELECTORS",
           "SectionSpec", "Text", "Variant", "differs", "facts", "parse_content", "resolve",
           "selector_value", "value_key"]
