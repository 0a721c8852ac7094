"""Reading one content file: its YAML nodes read into records, every problem collected with its
line (:class:`Reader`). :mod:`sheets.content` reads each file with one and puts the records
together."""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING, Any

from sheets.blocks import Block, Bullets, Definitions, ExampleSlot, Paragraph, Step, Steps
from sheets.facts import COUNT_FACTS, FACTS
from sheets.houserules import HouseRules, HouseRulesError
from sheets.language import SEAT_FORMS, SEAT_PLACEHOLDERS
from sheets.problems import Problem
from sheets.textlang import (
    ANY,
    SELECTORS,
    At,
    Choice,
    Joined,
    Text,
    value_key,
)
from sheets.yamlread import YamlError, kind_of, line_of, read_yaml, scalar, yaml
from sheets.yamlread import plain as _plain

if TYPE_CHECKING:
    pass

MAX_BYTES = 256 * 1024  # the most a content file may hold
MAX_EVENTS = 50_000  # and the most YAML items

# -- reading and checking ------------------------------------------------------------------------

_PLACEHOLDERS = string.Formatter()
_CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\bT[♣♦♥♠]")
_CARD_WORDS = re.compile(
    r"\b(?:ace|king|queen|jack|two|three|[2-9]|10) of "
    r"(?:clubs|diamonds|hearts|spades)\b",
    re.IGNORECASE,
)
_BOLD_LEAD = re.compile(r"\*\*[^*]+\*\*")
_NOUN = re.compile(r"~?[a-z]+")  # a noun after a number; "~": leave out a number that is 1

#: Placeholders that are cards, which ``{card:the}`` names with their articles.
CARD_PLACEHOLDERS = ("card", "queen", "removed")


class Reader:
    """Reads one content file's nodes into records, collecting problems with their lines.

    TEXT may use the placeholders of ``facts`` (the :data:`FACTS`, unless a file's words have
    more), a noun after those of ``counts``, one of ``nouns`` (the language's, once read)."""

    def __init__(self, source: str, nouns: tuple[str, ...] = ()):
        self.source = source
        self.problems: list[Problem] = []
        self.facts: tuple[str, ...] = FACTS
        self.counts: tuple[str, ...] = COUNT_FACTS
        self.nouns = nouns

    def problem(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Problem(message=message, source=self.source, line=line_of(node)))

    def mapping(self, node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """A mapping node's entries by key (key node, value node); {} after a problem."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, f"{what}: expected a mapping; found {kind_of(node)}")
            return {}
        return {
            value_key(scalar(k)) if isinstance(k, yaml.ScalarNode) else "": (k, v)
            for k, v in node.value
        }

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, f"{what}: expected a list; found {kind_of(node)}")
            return []
        return list(node.value)

    def keys(
        self,
        entries: dict[str, Any],
        node: yaml.Node,
        what: str,
        required: tuple[str, ...],
        allowed: tuple[str, ...],
    ) -> None:
        for key in required:
            if key not in entries:
                self.problem(node, f"{what}: missing key {key!r}")
        for key, (key_node, _) in entries.items():
            if key not in required + allowed:
                self.problem(
                    key_node,
                    f"{what}: unknown key {key!r}; expected one of {', '.join(required + allowed)}",
                )

    def string(
        self,
        node: yaml.Node,
        what: str,
        placeholders: tuple[str, ...] | None = FACTS,
        counts: tuple[str, ...] | None = None,
    ) -> str | None:
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
                self.problem(
                    node,
                    f"{what}: write cards as rank and suit symbol (Q♠, 10♥); "
                    f"found {match.group()!r}",
                )
        if text.count("**") and (text.count("**") != 2 or not _BOLD_LEAD.match(text)):
            self.problem(
                node, f"{what}: **bold** is only for a lead-in at the start; found {text[:40]!r}"
            )
        if placeholders is not None:
            if counts is None:
                counts = self.counts if placeholders is self.facts else ()
            self.placeholders(node, what, text, placeholders, counts)
        return text

    def placeholders(
        self, node: yaml.Node, what: str, text: str, names: tuple[str, ...], counts: tuple[str, ...]
    ) -> None:
        try:
            fields = [(f, spec) for _, f, spec, _ in _PLACEHOLDERS.parse(text) if f is not None]
        except ValueError as err:
            self.problem(node, f"{what}: a stray brace ({err}); found {text[:40]!r}")
            return
        for name, spec in fields:
            if name not in names:
                self.problem(
                    node,
                    f"{what}: unknown placeholder {{{name}}}; expected one of {', '.join(names)}",
                )
            elif spec == "the" and name in CARD_PLACEHOLDERS:
                continue  # the card with its article (language.yaml's articles)
            elif spec in SEAT_FORMS and name in SEAT_PLACEHOLDERS:
                continue  # the seat as a sentence names it (language.yaml's seats.sentence)
            elif spec and (name not in counts or not _NOUN.fullmatch(spec)):
                self.problem(
                    node,
                    f"{what}: {{{name}:{spec}}}: a noun may follow only a "
                    f"number ({', '.join(counts)}), as {{kitty_size:card}}",
                )
            elif spec and self.nouns and spec.lstrip("~") not in self.nouns:
                self.problem(
                    node,
                    f"{what}: {{{name}:{spec}}}: no noun {spec.lstrip('~')!r} in "
                    f"language.yaml; expected one of {', '.join(self.nouns)}",
                )

    def text(self, node: yaml.Node, what: str) -> Text:
        """TEXT: a string, null, a one-key mapping selecting by a house rule, or ``at:``
        other tables with the ``text:`` to say about them."""
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return None
        if isinstance(node, yaml.SequenceNode):
            parts = tuple(self.text(item, what) for item in node.value)
            for item in node.value[1:]:
                if isinstance(item, yaml.ScalarNode) and "**" in item.value:
                    self.problem(
                        item,
                        f"{what}: **bold** is only for a lead-in at the start of "
                        f"the first sentence; found {item.value[:40]!r}",
                    )
            return Joined(parts)
        if not isinstance(node, yaml.MappingNode):
            return self.string(node, what, self.facts)
        entries = self.mapping(node, what)
        if "at" in entries:
            return self.at(node, entries, what)
        if len(entries) != 1 or next(iter(entries)) not in SELECTORS:
            self.problem(
                node,
                f"{what}: expected text, at: and text:, or one selector (one of "
                f"{', '.join(SELECTORS)}); found keys {', '.join(entries)}",
            )
            return None
        selector, (_, cases_node) = next(iter(entries.items()))
        values = SELECTORS[selector]
        cases = self.mapping(cases_node, f"{what}, {selector}")
        for case, (key_node, _) in cases.items():
            if case not in values and case != ANY:
                self.problem(
                    key_node,
                    f"{what}: {selector} has no value {case!r}; expected "
                    f'one of {", ".join(values)} or "*"',
                )
        missing = [v for v in values if v not in cases]
        if missing and ANY not in cases and isinstance(cases_node, yaml.MappingNode):
            self.problem(
                cases_node,
                f'{what}: {selector} does not cover {", ".join(missing)}; add them or "*"',
            )
        return Choice(
            selector,
            tuple(
                (case, self.text(v, f"{what}, {selector}: {case}"))
                for case, (_, v) in cases.items()
            ),
            f"{self.source}:{line_of(node)}",
        )

    def at(self, node: yaml.Node, entries: dict, what: str) -> Text:
        """``at:`` a table (house-rule keys and values) or a list of tables, and ``text:``."""
        self.keys(entries, node, what, ("at", "text"), ())
        at_node = entries["at"][1]
        items = at_node.value if isinstance(at_node, yaml.SequenceNode) else [at_node]
        tables = []
        for item in items:
            if not isinstance(item, yaml.MappingNode):
                self.problem(
                    item,
                    f"{what}: at: expected a mapping of house-rule keys to "
                    f"values; found {kind_of(item)}",
                )
                continue
            try:
                tables.append(
                    HouseRules.from_mapping({scalar(k): _plain(v) for k, v in item.value})
                )
            except HouseRulesError as err:
                self.problem(item, f"{what}: at: not a table that can be played: {err}")
        text = self.text(entries["text"][1], what) if "text" in entries else None
        if len(tables) > 1 and not isinstance(text, str):
            self.problem(
                at_node, f"{what}: text about several tables must be one string, not a choice"
            )
        return At(tuple(tables), text) if tables else None

    def block(self, node: yaml.Node, what: str) -> Block | None:
        if isinstance(node, yaml.ScalarNode) and node.value == "example":
            return ExampleSlot()
        entries = self.mapping(node, what)
        if len(entries) != 1:
            self.problem(
                node,
                f"{what}: expected one of paragraph, steps, bullets, definitions "
                f"or the word example; found {', '.join(entries) or 'nothing'}",
            )
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
            return Definitions(
                tuple(
                    (self.string(k, what, None) or "", self.text(v, term))
                    for term, (k, v) in terms.items()
                )
            )
        self.problem(
            key_node,
            f"{what}: unknown block {kind!r}; expected paragraph, steps, "
            "bullets, definitions or example",
        )
        return None

    def step(self, node: yaml.Node, what: str) -> Step:
        entries = self.mapping(node, what) if isinstance(node, yaml.MappingNode) else {}
        if "text" not in entries:
            return Step(self.text(node, what))
        self.keys(entries, node, what, ("text",), ("notes",))
        notes = self.sequence(entries["notes"][1], what) if "notes" in entries else []
        return Step(
            self.text(entries["text"][1], what), tuple(self.text(n, f"{what}, note") for n in notes)
        )


def read_file(name: str, data: bytes) -> tuple[Reader, yaml.Node | None]:
    reader = Reader(name)
    try:
        return reader, read_yaml(data, max_bytes=MAX_BYTES, max_events=MAX_EVENTS, fast=True)
    except YamlError as err:
        reader.problems += err.problems
        return reader, None
