"""The rule sheet's model: the blocks a section is made of, the sections, the whole text, and
the one reading of its markup.

The blocks are generic over their text. The content (:mod:`sheets.content`) holds them with TEXT
that may still depend on the house rules (``Paragraph[Text]``); the assembled sheet
(:class:`RuleSheetText`, made by :func:`sheets.text.assemble`) holds them with plain strings
(``Paragraph[str]``), which is what the PDF layout and the site render. This module loads nothing
but the standard library, so the layouts can use the model without the YAML readers.

Text is plain strings with the suit symbols ♣♦♥♠; cards are always rank + symbol ("Q♠", "10♥"),
so a renderer can colour ♥ and ♦ by pattern. A string may start with a ``**bold**`` lead-in
(``"**Pass.** Choose three..."``); nothing else is marked up. :func:`marked` reads a string into
its lead-in and the rest, each as runs of plain text and red cards; each renderer turns that into
its own markup (ReportLab paragraph XML, HTML).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Paragraph(Generic[T]):
    """A paragraph of text."""

    text: T


@dataclass(frozen=True, slots=True)
class Step(Generic[T]):
    """One numbered step, with short notes printed under it."""

    text: T
    notes: tuple[T, ...] = ()


@dataclass(frozen=True, slots=True)
class Steps(Generic[T]):
    """A numbered list."""

    items: tuple[Step[T], ...]


@dataclass(frozen=True, slots=True)
class Bullets(Generic[T]):
    """A list of short lines."""

    items: tuple[T, ...]


@dataclass(frozen=True, slots=True)
class Definitions(Generic[T]):
    """Terms and their meanings (the glossary)."""

    items: tuple[tuple[str, T], ...]


@dataclass(frozen=True, slots=True)
class Notes(Generic[T]):
    """The group's own notes (from the house-rules file), as short lines."""

    items: tuple[T, ...]


@dataclass(frozen=True, slots=True)
class ExampleSlot:
    """Where the worked example (picture and captions) goes."""


Block = Paragraph | Steps | Bullets | Definitions | Notes | ExampleSlot


def block_strings(block: Block) -> list:
    """Every text of a block, in reading order (a definition as ``"term: text"`` when a string)."""
    if isinstance(block, Paragraph):
        return [block.text]
    if isinstance(block, Steps):
        return [t for step in block.items for t in (step.text, *step.notes)]
    if isinstance(block, (Bullets, Notes)):
        return list(block.items)
    if isinstance(block, Definitions):
        return [f"{term}: {text}" for term, text in block.items]
    return []


# -- the whole text ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Section:
    """One section: its id (see :data:`sheets.content.SECTION_IDS`), heading and blocks."""

    id: str
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class PdfLabels:
    """What a sheet's PDF says of itself, in the content's language, and the label of the rule
    sheet's box of the group's notes."""

    lang: str  # the language's code
    title: str  # "Hearts · rule sheet"
    subject: str
    keywords: tuple[str, ...]
    notes: str = ""  # "Our notes"


@dataclass(frozen=True, slots=True)
class RuleSheetText:
    """Everything the rule sheet says, for one set of house rules.

    The group's notes are a :class:`Notes` block in the ``house-rules`` section; :attr:`notes`
    repeats them for a renderer that prints them elsewhere (the PDF, in its title band), which
    then skips that block.
    """

    title: str
    summary: str
    notes: tuple[str, ...]
    sections: tuple[Section, ...]
    labels: PdfLabels  # the notes box's label, and what the PDF says of itself

    def section(self, section_id: str) -> Section:
        """The section with this id."""
        return next(s for s in self.sections if s.id == section_id)

    def plain(self, section_ids: tuple[str, ...] | None = None) -> str:
        """The text as plain lines (bold marks removed), of some sections or all of them."""
        lines = [self.title, self.summary] if section_ids is None else []
        for section in self.sections:
            if section_ids is None or section.id in section_ids:
                lines.append(section.heading)
                lines += [strip_bold(t) for block in section.blocks for t in block_strings(block)]
        return "\n".join(lines)


#: A filled-in score sheet's mark before the points of the side that dealt the hand.
DEALT_MARK = "•"


@dataclass(frozen=True, slots=True)
class ScoreSheetText:
    """Every word the score sheet prints, for one set of house rules (made by
    :func:`sheets.text.score_sheet_text` from ``content/scoresheet.yaml``): the layout plans and
    draws with these and adds only numbers and symbols."""

    title: str  # the group's title, printed as typed
    heading: str  # the sheet's name after the title: "score sheet"
    date: str
    place: str
    hand: str  # the column headings
    pass_: str
    check: str
    points: str
    total: str
    check_or: str  # before a second moon sum in the check heading: "or"
    carried: str  # the top row, where a game goes on from a full sheet
    carry_on: str  # how to go on when the rows run out, where they end with a whole pass cycle
    carry_on_mid_cycle: str  # ... and where they do not
    check_row: str  # the end of how to fill a row: check it against the printed number
    check_row_pages: str  # ... where two pages share a row, the check column on the second
    pass_labels: tuple[tuple[str, str], ...]  # (direction, label) for each direction played
    sides: tuple[str, ...]  # each column group's heading: the seats, or the teams
    summary: tuple[str, ...]  # the scoring rules in force, as the header prints them
    footer: tuple[str, ...]  # how to fill a row, score a moon, seat the players
    labels: PdfLabels  # what the PDF says of itself
    revoke: str = ""  # a filled-in sheet's mark for a hand stopped by a revoke
    page_number: str = ""  # "Page {page} of {pages}": a sheet on two pages numbers them
    #: a filled-in sheet's line under the grid: (name, words) for each of GAME_END_WORDS, and
    #: the language's list joiners ("comma", "and")
    game_end: tuple[tuple[str, str], ...] = ()
    #: a filled-in sheet's date, written on the date line ("December 3, 2026"); "" leaves the
    #: line to write on
    date_written: str = ""
    #: a filled-in sheet's lowest total, as its end line counts it ({total:point}: "7 points")
    lowest: int | None = None

    def pass_label(self, direction: str) -> str:
        """The label of a hand's pass direction, as the Pass column prints it."""
        return dict(self.pass_labels)[direction]

    def game_word(self, name: str) -> str:
        """One of the words of a filled-in sheet's line on how the game ended."""
        return dict(self.game_end)[name]


# -- markup -----------------------------------------------------------------------------------

_LEAD = re.compile(r"\*\*(.+?)\*\*")
RED_CARD = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of plain text, or one red card (``Q♥``, ``10♦``, a lone ``♥``)."""

    text: str
    red: bool = False


@dataclass(frozen=True, slots=True)
class Marked:
    """A string read for rendering: its bold lead-in (no runs: none) and the rest."""

    lead: tuple[Run, ...]
    rest: tuple[Run, ...]


def runs(text: str) -> tuple[Run, ...]:
    """Plain text cut into runs: the red cards apart, the text between them as it is."""
    out, start = [], 0
    for match in RED_CARD.finditer(text):
        if match.start() > start:
            out.append(Run(text[start : match.start()]))
        out.append(Run(match.group(), red=True))
        start = match.end()
    if start < len(text):
        out.append(Run(text[start:]))
    return tuple(out)


def marked(text: str) -> Marked:
    """A string's ``**bold**`` lead-in and the rest (spaces kept), each cut into :func:`runs`."""
    match = _LEAD.match(text)
    if match is None:
        return Marked((), runs(text))
    return Marked(runs(match.group(1)), runs(text[match.end() :]))


def split_lead(text: str) -> tuple[str, str]:
    """``("Pass.", "Choose three...")`` from ``"**Pass.** Choose three..."``; ("", text) if none."""
    match = _LEAD.match(text)
    return (match.group(1), text[match.end() :].lstrip()) if match else ("", text)


MINUS = "−"  # a true minus sign, as printed


def signed(n: int) -> str:
    """A number as printed, with a true minus sign: ``"−26"``."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def name_of(line: str) -> str:
    """A line's short name: its bold lead-in without the closing colon or stop (the whole line
    when it has no lead-in)."""
    lead, _ = split_lead(line)
    return lead.rstrip(":;,. \u00a0") if lead else line


def strip_bold(text: str) -> str:
    """The text with its bold marks removed."""
    lead, rest = split_lead(text)
    return f"{lead} {rest}".strip() if lead else text


__all__ = [
    "Block",
    "Bullets",
    "DEALT_MARK",
    "Definitions",
    "ExampleSlot",
    "Marked",
    "Notes",
    "Paragraph",
    "PdfLabels",
    "RED_CARD",
    "RuleSheetText",
    "Run",
    "ScoreSheetText",
    "Section",
    "Step",
    "Steps",
    "block_strings",
    "MINUS",
    "marked",
    "name_of",
    "runs",
    "signed",
    "split_lead",
    "strip_bold",
]
