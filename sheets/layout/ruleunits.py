"""The rule sheet's text as flowables, cut into *units* and measured: shared by the standard
rule sheet (:mod:`sheets.layout.rulesheet`, three columns on one page) and the large-print one
(:mod:`sheets.layout.largeprint`, one column over up to four pages).

A unit is a numbered step with its notes, a bullet, a definition, the worked example's picture,
one sentence of the example; a column or page ends only between two units. A section heading is
glued to its first units (at least :data:`GLUE_LINES` lines of them), so no heading is left
alone at the foot of a column or a page. How the text looks (its styles and the picture) is a
:class:`Look`: :data:`STANDARD` for the one-page sheet.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, HRFlowable, Paragraph, Spacer, Table
from reportlab.platypus.doctemplate import LayoutError

from sheets import blocks
from sheets.blocks import Section, name_of
from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.diagram import TrickDiagram

GLUE_LINES = 3  # a heading keeps at least this many body lines of its section with it
BRIEF_SECTIONS = ("other-ways", "glossary")  # set smaller and tighter
NAME_SEPARATOR = " · "  # between the names of a list shrunk to names

FULL, BRIEF, NAMES, LEFT_OUT = "full", "brief", "names", "left out"  # how a section is set


@dataclass(frozen=True, slots=True)
class Look:
    """How the rule sheet's text is set: its paragraph styles by name at a body size, and the
    picture of the worked example at a width."""

    name: str
    style: Callable[[str, float], ParagraphStyle]
    picture: Callable[[WorkedExample, float], Flowable]


STANDARD = Look("standard", st.rule_style, TrickDiagram)


@dataclass(slots=True)
class Unit:
    """Flowables that stay together in one column, measured at the layout's column width."""

    flowables: list[Flowable]
    heights: list[float]  # of each flowable, wrapped at the column width
    gap: float  # space above it, unless it opens a column
    section: str  # the heading of its section, for messages
    opens: bool  # the first unit of its section (its gap is a section gap)

    @property
    def height(self) -> float:
        return sum(self.heights)


@functools.lru_cache(maxsize=4096)
def _fragments(markup: str, style: str, look: Look) -> tuple:
    """Paragraph markup parsed once for a style, at whatever size it is first asked for."""
    return tuple(Paragraph(markup, look.style(style, st.RULE_SHEET_MAX_SIZE)).frags)


def paragraph(
    markup: str, style: str, size: float, bullet: str | None = None, look: Look = STANDARD
) -> Paragraph:
    """A paragraph of ReportLab markup in a rule-sheet style at a body size. Parsing the markup
    is a sixth of the cost of measuring a size, so it is parsed once (:func:`_fragments`) and
    its fragments copied with the size's font size."""
    styled = look.style(style, size)
    frags = [f.clone(fontSize=styled.fontSize) for f in _fragments(markup, style, look)]
    return Paragraph(None, styled, bulletText=bullet, frags=frags)


def para(
    text: str, style: str, size: float, bullet: str | None = None, look: Look = STANDARD
) -> Paragraph:
    return paragraph(st.markup(text), style, size, bullet, look)


def _heading(text: str, size: float, look: Look) -> list[Flowable]:
    return [
        para(text, "RuleHeading", size, look=look),
        HRFlowable(width="100%", thickness=0.6, color=st.RULE, spaceBefore=0, spaceAfter=0),
        Spacer(1, size * 0.35),
    ]


def _quick_start(section: Section, size: float, width: float, look: Look) -> list[Flowable]:
    """The quick start in its shaded box: heading and numbered steps."""
    rows = [[para(section.heading, "RuleHeading", size, look=look)]]
    for block in section.blocks:
        if isinstance(block, blocks.Steps):
            rows += [
                [para(step.text, "RuleStep", size, f"{n}", look)]
                for n, step in enumerate(block.items, start=1)
            ]
        else:
            rows += [
                [flow] for flow in _block_items(block, section.id, FULL, size, width, look=look)
            ]
    return [Table(rows, colWidths=[width], style=st.quick_start_style(size))]


def _names(lines, size: float, look: Look) -> list[list[Flowable]]:
    """Lines shrunk to their names, run on in one paragraph."""
    if not lines:
        return []
    return [
        [para(NAME_SEPARATOR.join(name_of(line) for line in lines), "RuleBrief", size, look=look)]
    ]


def _block_items(
    block,
    section_id: str,
    form: str,
    size: float,
    width: float,
    example: WorkedExample | None = None,
    look: Look = STANDARD,
) -> list[list[Flowable]]:
    """The units of one block, each a list of flowables."""
    brief = section_id in BRIEF_SECTIONS or form == BRIEF
    if isinstance(block, blocks.Paragraph):
        return [[para(block.text, "RuleBody", size, look=look)]]
    if isinstance(block, blocks.Steps):
        return [
            [para(step.text, "RuleStep", size, f"{n}", look)]
            + [para(note, "RuleStepNote", size, look=look) for note in step.notes]
            for n, step in enumerate(block.items, start=1)
        ]
    if isinstance(block, blocks.Bullets):
        if form == NAMES:
            return _names(block.items, size, look)
        style = "RuleBrief" if brief else "RuleBullet"
        return [[para(item, style, size, "•", look)] for item in block.items]
    if isinstance(block, blocks.Definitions):
        if form == NAMES and block.items:
            text = NAME_SEPARATOR.join(
                f"<b>{escape(term, quote=False)}</b> {st.markup(meaning)}"
                for term, meaning in block.items
            )
            return [[paragraph(text, "RuleBrief", size, look=look)]]
        return [
            [
                paragraph(
                    f"<b>{escape(term, quote=False)}</b>  {st.markup(text)}",
                    "RuleTerm",
                    size,
                    look=look,
                )
            ]
            for term, text in block.items
        ]
    if isinstance(block, blocks.ExampleSlot) and example is not None:
        return _example_items(example, size, width, look)
    return []


def _example_items(
    example: WorkedExample, size: float, width: float, look: Look
) -> list[list[Flowable]]:
    """The example: intro and picture, then one unit a sentence. The sentences are not
    numbered: in the picture and beside it, a number is only ever part of a seat's name."""
    picture = [
        para(example.intro, "RuleIntro", size, look=look),
        Spacer(1, size * 0.4),
        look.picture(example, width),
        Spacer(1, size * 0.2),
    ]
    return [picture] + [
        [para(sentence, "RuleBody", size, look=look)] for sentence in example.sentences
    ]


def section_units(
    section: Section,
    form: str,
    size: float,
    width: float,
    example: WorkedExample,
    look: Look = STANDARD,
) -> list[Unit]:
    """One section cut into units and measured, its heading glued to its first units."""
    if section.id == "quick-start":
        items, head = [_quick_start(section, size, width, look)], []
    else:
        items = [
            item
            for block in section.blocks
            if not isinstance(block, blocks.Notes)
            for item in _block_items(block, section.id, form, size, width, example, look)
        ]
        head = _heading(section.heading, size, look)  # the group's notes are printed in the band
    items = items or [[]]
    brief = section.id in BRIEF_SECTIONS or form != FULL
    gap = size * (0.12 if brief else st.ITEM_GAP)
    measured = [[(f, f.wrap(width, 1e6)[1]) for f in item] for item in items]
    glue_h = GLUE_LINES * size * st.RULE_LEADING
    glued = [(f, f.wrap(width, 1e6)[1]) for f in head]
    taken, height = 0, 0.0  # items glued under the heading, and their height
    for item in measured:
        if taken and height >= glue_h:
            break
        if taken:
            glued.append((Spacer(1, gap), gap))
        glued += item
        height += sum(h for _, h in item)
        taken += 1
    rest = measured[taken:]
    units = [
        Unit(
            [f for f, _ in glued],
            [h for _, h in glued],
            size * st.SECTION_GAP,
            section.heading,
            True,
        )
    ]
    units += [
        Unit([f for f, _ in item], [h for _, h in item], gap, section.heading, False)
        for item in rest
    ]
    return units


class Column(Flowable):
    """One column of measured units, drawn top down as measured (nothing is wrapped again).

    Like ``KeepInFrame(mode="error")`` it refuses, with :class:`LayoutError`, to be taller than
    the room it is given. Between units the gaps grow so that the column ends level with the
    tallest one where it can: the space left over goes first to the gaps above section headings
    (each up to :data:`~sheets.layout.styles.MAX_GAP_GROWTH` body sizes more), then to the gaps
    between items (each up to doubled); what is still left stays at the foot.
    """

    def __init__(self, units: list[Unit], width: float, target: float, size: float):
        super().__init__()
        left = target - sum(u.height for u in units) - sum(u.gap for u in units[1:])
        inner = units[1:]
        sections = [u for u in inner if u.opens]
        per_section = min(left / len(sections), st.MAX_GAP_GROWTH * size) if sections else 0.0
        left -= per_section * len(sections)
        item_gaps = sum(u.gap for u in inner if not u.opens)
        grow = min(left / item_gaps, 1.0) if item_gaps > 0 else 0.0
        self.placed: list[tuple[Flowable, float]] = []  # each flowable and its top, from the top
        y = 0.0
        for n, unit in enumerate(units):
            if n:
                y += unit.gap + max(per_section if unit.opens else unit.gap * grow, 0.0)
            for flowable, height in zip(unit.flowables, unit.heights):
                self.placed.append((flowable, y + height))
                y += height
        self.width, self.height = width, y

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if self.height > avail_height + 1e-6:
            raise LayoutError(
                f"a column of {self.height:.1f} pt does not fit the "
                f"{avail_height:.1f} pt left for it"
            )
        return self.width, self.height

    def draw(self) -> None:
        for flowable, bottom in self.placed:
            flowable.drawOn(self.canv, 0, self.height - bottom)


__all__ = [
    "BRIEF",
    "BRIEF_SECTIONS",
    "Column",
    "FULL",
    "GLUE_LINES",
    "Look",
    "NAMES",
    "NAME_SEPARATOR",
    "STANDARD",
    "Unit",
    "para",
    "paragraph",
    "section_units",
]
