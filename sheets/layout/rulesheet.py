"""The one-page rule sheet: the whole game for the house rules in force, fitted on purpose.

The page is a title band (title, summary and the group's notes) above three columns that hold the
sections in order. The text is cut into *units* that never split: a numbered step with its notes,
a bullet, a definition, the worked example's picture with its heading. A section heading is glued
to its first unit, so no heading is left alone at the foot of a column.

Fitting: at a body size every unit is measured once (``wrap``), then the units are dealt into the
columns so that the tallest column is as short as it can be (an exact partition over the measured
heights, so balancing costs no layout). The body size is the largest from
:data:`~sheets.layout.styles.RULE_SHEET_MAX_SIZE` down to
:data:`~sheets.layout.styles.RULE_SHEET_MIN_SIZE` at which that column fits below the band: the size
most sheets come out at (:data:`~sheets.layout.styles.RULE_SHEET_START_SIZE`) is measured first,
and the size that would just fit is predicted from it (pictures keep their height, text grows
about as ``size ** 1.8``); a fitting first size is kept when the gain would be small, otherwise the
prediction is measured and corrected once from the two measurements; the smallest size is
measured only when the corrections miss. One or two layouts as a rule, never more than four. When even the smallest size does not fit,
:class:`~sheets.errors.DoesNotFitError` names what takes the room.

The chosen layout is drawn as measured: each column is one flowable that raises
:class:`LayoutError` if it is taller than its frame (as ``KeepInFrame(mode="error")`` would), and
the page count is checked, so the sheet can neither become two pages nor lose text.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, FrameBreak, HRFlowable,
                                PageTemplate, Paragraph, Spacer, Table)
from reportlab.platypus.doctemplate import LayoutError

from sheets import blocks
from sheets.blocks import RuleSheetText, Section
from sheets.errors import DoesNotFitError
from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.diagram import TrickDiagram

SIZE_STEP = 0.05  # body sizes are chosen in steps of this many points
GLUED_ITEMS = 2  # a heading stays with this many items of its section (if it has more)
MIN_GAIN = 0.1  # a size that fits is tried again larger only for at least this many points
BRIEF_SECTIONS = ("other-ways", "glossary")  # set smaller and tighter
NOTES_LABEL = "Our notes"
BAND_NOTES_SHARE = 0.5  # the notes box's share of the band's width
SUITS = "♠ ♥ ♦ ♣"


@dataclass(frozen=True)
class RuleSheetPDF:
    """A rendered rule sheet: the PDF's bytes and the body size the fitting chose."""

    pdf: bytes
    body_size: float


@dataclass(frozen=True)
class _Page:
    """The page's geometry for a paper."""

    paper: str
    page_w: float
    page_h: float

    @property
    def width(self) -> float:
        return self.page_w - 2 * st.MARGIN

    @property
    def height(self) -> float:
        return self.page_h - 2 * st.MARGIN

    @property
    def column_w(self) -> float:
        n = st.RULE_SHEET_COLUMNS
        return (self.width - (n - 1) * st.RULE_SHEET_GUTTER) / n

    def column_x(self, index: int) -> float:
        return st.MARGIN + index * (self.column_w + st.RULE_SHEET_GUTTER)


@dataclass
class _Unit:
    """Flowables that stay together in one column, measured at the layout's column width."""

    flowables: list[Flowable]
    heights: list[float]  # of each flowable, wrapped at the column width
    gap: float  # space above it, unless it opens a column
    section: str  # the heading of its section, for messages
    opens: bool  # the first unit of its section (its gap is a section gap)


    @property
    def height(self) -> float:
        return sum(self.heights)


@dataclass
class _Layout:
    """Everything measured at one body size, and the units dealt into columns."""

    size: float
    band: Flowable
    band_h: float
    units: list[_Unit]
    starts: list[int]  # index of each column's first unit; one more entry: len(units)
    column_h: float  # the tallest column
    body_h: float  # the room below the band

    @property
    def fits(self) -> bool:
        return self.column_h <= self.body_h

    @property
    def need(self) -> float:
        """Page height this size needs (band, gap and the tallest column)."""
        return self.band_h + st.RULE_SHEET_BAND_GAP + self.column_h

    def columns(self) -> list[list[_Unit]]:
        return [self.units[a:b] for a, b in zip(self.starts, self.starts[1:])]


# -- flowables --------------------------------------------------------------------------------


def _para(text: str, style: str, size: float, bullet: str | None = None) -> Paragraph:
    return Paragraph(st.markup(text), st.rule_style(style, size), bulletText=bullet)


def _heading(text: str, size: float) -> list[Flowable]:
    return [Paragraph(st.markup(text), st.rule_style("RuleHeading", size)),
            HRFlowable(width="100%", thickness=0.6, color=st.RULE, spaceBefore=0, spaceAfter=0),
            Spacer(1, size * 0.35)]


def _quick_start(section: Section, size: float, width: float) -> list[Flowable]:
    """The quick start in its shaded box: heading and numbered steps."""
    rows = [[Paragraph(st.markup(section.heading), st.rule_style("RuleHeading", size))]]
    for block in section.blocks:
        if isinstance(block, blocks.Steps):
            rows += [[_para(step.text, "RuleStep", size, f"{n}")]
                     for n, step in enumerate(block.items, start=1)]
        else:
            rows += [[flow] for flow in _block_items(block, section.id, size, width)[0]]
    return [Table(rows, colWidths=[width], style=st.quick_start_style(size))]


def _block_items(block, section_id: str, size: float, width: float,
                 example: WorkedExample | None = None) -> tuple[list, bool]:
    """The units of one block as lists of flowables (or single flowables), and whether they
    are brief items (closer together)."""
    brief = section_id in BRIEF_SECTIONS
    if isinstance(block, blocks.Paragraph):
        return [[_para(block.text, "RuleBody", size)]], False
    if isinstance(block, blocks.Steps):
        return [[_para(step.text, "RuleStep", size, f"{n}")]
                + [_para(note, "RuleStepNote", size) for note in step.notes]
                for n, step in enumerate(block.items, start=1)], False
    if isinstance(block, blocks.Bullets):
        style, mark = ("RuleBrief", "–") if brief else ("RuleBullet", "•")
        return [[_para(item, style, size, mark)] for item in block.items], brief
    if isinstance(block, blocks.Definitions):
        return [[Paragraph(f"<b>{escape(term, quote=False)}</b>  {st.markup(text)}",
                           st.rule_style("RuleTerm", size))]
                for term, text in block.items], True
    if isinstance(block, blocks.ExampleSlot) and example is not None:
        return _example_items(example, size, width), False
    return [], False


def _example_items(example: WorkedExample, size: float, width: float) -> list[list[Flowable]]:
    """The example: intro and picture, then one unit a sentence. The sentences are not
    numbered: in the picture and beside it, a number is only ever part of a seat's name."""
    picture = [_para(example.intro, "RuleIntro", size), Spacer(1, size * 0.4),
               TrickDiagram(example, width), Spacer(1, size * 0.2)]
    return [picture] + [[_para(sentence, "RuleBody", size)] for sentence in example.sentences]


def _band(text: RuleSheetText, size: float, page: _Page) -> Flowable:
    """The title band: title and summary left; the group's notes (or the suits) right."""
    left = [Paragraph(st.markup(text.title), st.rule_style("RuleTitle", size)),
            Spacer(1, 2),
            Paragraph(st.markup(text.summary), st.rule_style("RuleSummary", size))]
    if text.notes:
        rows = [[Paragraph(NOTES_LABEL, st.rule_style("RuleNotesHead", size))]]
        rows += [[_para(note, "RuleBullet", size, "•")] for note in text.notes]
        right_w = page.width * BAND_NOTES_SHARE
        right: Flowable = Table(rows, colWidths=[right_w], style=st.NOTES_BOX_STYLE,
                                hAlign="RIGHT")
    else:
        right_w = page.width * 0.25
        right = Paragraph(st.markup(SUITS), st.rule_style("RuleTitle", size).clone(
            "RuleSuits", alignment=2, textColor=st.MUTED))
    return Table([[left, right]], colWidths=[page.width - right_w, right_w],
                 style=st.BAND_STYLE)


# -- units and columns ------------------------------------------------------------------------


def _units(text: RuleSheetText, example: WorkedExample, size: float, width: float) -> list[_Unit]:
    """Every section cut into units and measured; each heading glued to its first unit."""
    units: list[_Unit] = []
    for section in text.sections:
        if section.id == "quick-start":
            items, brief = [_quick_start(section, size, width)], False
            head: list[Flowable] = []
        else:
            items, brief = [], False
            for block in section.blocks:
                if isinstance(block, blocks.Notes):
                    continue  # the notes are printed in the title band
                found, brief_block = _block_items(block, section.id, size, width, example)
                items += found
                brief = brief or brief_block
            head = _heading(section.heading, size)
        if not items:
            items = [[]]
        gap = size * (0.12 if brief else st.ITEM_GAP)
        if len(items) >= GLUED_ITEMS + 1:  # a heading takes more than one short item with it
            items = [[f for n, item in enumerate(items[:GLUED_ITEMS])
                      for f in ([Spacer(1, gap)] if n else []) + item]] + items[GLUED_ITEMS:]
        for n, flows in enumerate(items):
            flows = (head + flows) if n == 0 else flows
            heights = [f.wrap(width, 1e6)[1] for f in flows]
            units.append(_Unit(flows, heights, size * st.SECTION_GAP if n == 0 else gap,
                               section.heading, n == 0))
    return units


def _balance(units: list[_Unit], columns: int) -> tuple[list[int], float]:
    """Deal the units into columns, in order, so that the tallest column is as short as
    possible; among equal deals the earlier columns take more. Returns each column's first
    unit index (and len(units)) and the tallest column's height."""
    n = len(units)
    heights = [0.0]
    gaps = [0.0]
    for u in units:
        heights.append(heights[-1] + u.height)
        gaps.append(gaps[-1] + u.gap)

    def col(i: int, j: int) -> float:  # units i..j-1 in one column
        return 0.0 if i >= j else heights[j] - heights[i] + gaps[j] - gaps[i + 1]

    # best[c][i]: (tallest column, split) for units i.. in c columns
    best = [[(col(i, n), n) for i in range(n + 1)]]
    for c in range(2, columns + 1):
        row = []
        for i in range(n + 1):
            choice = (math.inf, i)
            for j in range(n, i - 1, -1):  # longest first column first: it wins ties
                tallest = max(col(i, j), best[-1][j][0])
                if tallest < choice[0] - 1e-9:
                    choice = (tallest, j)
            row.append(choice)
        best.append(row)
    starts, i = [0], 0
    for c in range(columns, 1, -1):
        i = best[c - 1][i][1]
        starts.append(i)
    starts.append(n)
    return starts, best[-1][0][0]


def _layout(text: RuleSheetText, example: WorkedExample, size: float, page: _Page) -> _Layout:
    """Measure everything at one body size and deal it into the columns."""
    band = _band(text, size, page)
    band_h = band.wrap(page.width, page.height)[1]
    units = _units(text, example, size, page.column_w)
    starts, tallest = _balance(units, st.RULE_SHEET_COLUMNS)
    body_h = page.height - band_h - st.RULE_SHEET_BAND_GAP
    return _Layout(size, band, band_h, units, starts, tallest, body_h)


# -- fitting ----------------------------------------------------------------------------------


TEXT_POWER = 1.8  # text height grows about as size ** 1.8 (short lines grow only as size)


def _round_down(size: float) -> float:
    return round(math.floor(size / SIZE_STEP + 1e-6) * SIZE_STEP, 2)


def _predict_one(layout: _Layout, room: float) -> float:
    """The body size at which the page would just fit, from one measured size: the pictures
    keep their height, the text grows as ``size ** TEXT_POWER``."""
    fixed = layout.band_h + st.RULE_SHEET_BAND_GAP + sum(
        f.height for u in layout.units for f in u.flowables if isinstance(f, TrickDiagram))
    text = max(layout.need - fixed, 1.0)
    ratio = max(room - fixed, 0.0) / text
    return _round_down(layout.size * ratio ** (1 / TEXT_POWER))


def _predict_two(a: _Layout, b: _Layout, room: float) -> float:
    """The body size at which the page would just fit, interpolating two measured sizes with
    the needed height modelled as ``p * size ** TEXT_POWER + q``."""
    ka, kb = a.size ** TEXT_POWER, b.size ** TEXT_POWER
    if abs(kb - ka) < 1e-9 or b.need <= a.need:
        return a.size
    slope = (b.need - a.need) / (kb - ka)
    return _round_down(max((room - a.need) / slope + ka, 0.0) ** (1 / TEXT_POWER))


def _fit(text: RuleSheetText, example: WorkedExample, page: _Page,
         measure: Callable[..., _Layout] = _layout) -> tuple[_Layout, int]:
    """The layout at the largest body size that fits, and how many sizes were measured (at
    most four; one or two as a rule).

    The size most sheets come out at is measured first, and from what it needs the size at
    which the page would just fit is predicted. A fitting first size is kept when the gain
    would be small; otherwise the prediction is measured, and if it missed, one size
    predicted between the two. When the first size does not fit, the prediction is measured,
    then a size predicted with a line's margin, and last the smallest.
    """
    low, high = st.RULE_SHEET_MIN_SIZE, st.RULE_SHEET_MAX_SIZE
    room = page.height

    def clamp(size: float) -> float:
        return min(max(size, low), high)

    start = measure(text, example, st.RULE_SHEET_START_SIZE, page)
    guess = clamp(_predict_one(start, room))
    if start.fits:
        if guess < start.size + MIN_GAIN:
            return start, 1
        better = measure(text, example, guess, page)
        if better.fits:
            return better, 2
        size = _predict_two(start, better, room)
        if start.size + MIN_GAIN <= size < better.size:
            middle = measure(text, example, size, page)
            if middle.fits:
                return middle, 3
        return start, 3 if start.size + MIN_GAIN <= size < better.size else 2
    first = measure(text, example, clamp(min(guess, start.size - SIZE_STEP)), page)
    if first.fits:
        size = min(_predict_two(first, start, room), start.size - SIZE_STEP)
        if size >= first.size + MIN_GAIN:
            better = measure(text, example, size, page)
            if better.fits:
                return better, 3
        return first, 2
    count = 2
    if first.size > low:
        line = first.size * 1.24
        size = clamp(min(_predict_two(first, start, room - max(first.need - room, line)),
                         first.size - SIZE_STEP))
        second = measure(text, example, size, page)
        count += 1
        if second.fits:
            return second, count
    if first.size > low and second.size > low:
        last = measure(text, example, low, page)
        count += 1
    else:
        last = second if first.size > low else first
    if not last.fits:
        raise DoesNotFitError(_too_long(text, last, page))
    return last, count


def _inches(points: float) -> str:
    return f"{points / 72:.1f} in"


def _too_long(text: RuleSheetText, layout: _Layout, page: _Page) -> str:
    """Why the sheet does not fit at the smallest size: what takes the room."""
    by_section: dict[str, float] = {}
    for unit in layout.units:
        by_section[unit.section] = by_section.get(unit.section, 0) + unit.height + unit.gap
    largest = sorted(by_section.items(), key=lambda kv: -kv[1])[:3]
    parts = ", ".join(f"{name} {_inches(h)}" for name, h in largest)
    message = (f"The rule sheet \"{text.title}\" does not fit one {page.paper} page even at "
               f"{layout.size:g} pt: its columns need {_inches(layout.column_h)} but "
               f"{_inches(layout.body_h)} is left below the title band")
    if text.notes:
        message += (f", of which the group's notes take {_inches(layout.band_h)}"
                    f" (shorten the notes)")
    tallest = max(layout.units, key=lambda u: u.height)
    if tallest.height > layout.body_h:
        message += f"; one item of \"{tallest.section}\" alone is {_inches(tallest.height)} tall"
    return f"{message}. Largest sections: {parts}."


# -- rendering --------------------------------------------------------------------------------


class _Column(Flowable):
    """One column of measured units, drawn top down as measured (nothing is wrapped again).

    Like ``KeepInFrame(mode="error")`` it refuses, with :class:`LayoutError`, to be taller than
    the room it is given. Between units the gaps grow so that the column ends level with the
    tallest one where it can: the space left over goes first to the gaps above section headings
    (each up to :data:`~sheets.layout.styles.MAX_GAP_GROWTH` body sizes more), then to the gaps
    between items (each up to doubled); what is still left stays at the foot.
    """

    def __init__(self, units: list[_Unit], width: float, target: float, size: float):
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
            raise LayoutError(f"a column of {self.height:.1f} pt does not fit the "
                              f"{avail_height:.1f} pt left for it")
        return self.width, self.height

    def draw(self) -> None:
        for flowable, bottom in self.placed:
            flowable.drawOn(self.canv, 0, self.height - bottom)


def _render(text: RuleSheetText, example: WorkedExample, layout: _Layout, page: _Page) -> bytes:
    top = page.page_h - st.MARGIN
    body_top = top - layout.band_h - st.RULE_SHEET_BAND_GAP
    frames = [Frame(st.MARGIN, body_top + st.RULE_SHEET_BAND_GAP, page.width, layout.band_h + 1,
                    id="band", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)]
    frames += [Frame(page.column_x(i), st.MARGIN, page.column_w, layout.body_h, id=f"col{i}",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
               for i in range(st.RULE_SHEET_COLUMNS)]

    def column_rules(canvas, doc) -> None:
        canvas.saveState()
        canvas.setStrokeColor(st.RULE)
        canvas.setLineWidth(0.4)
        for i in range(1, st.RULE_SHEET_COLUMNS):
            x = page.column_x(i) - st.RULE_SHEET_GUTTER / 2
            canvas.line(x, body_top, x, body_top - layout.column_h)
        canvas.restoreState()

    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf, pagesize=(page.page_w, page.page_h), leftMargin=st.MARGIN, rightMargin=st.MARGIN,
        topMargin=st.MARGIN, bottomMargin=st.MARGIN,
        **st.pdf_metadata(title=f"{text.title} · rule sheet", subject=text.summary,
                          keywords=("rules", "rule sheet", f"{example.rules.players} players")))
    doc.addPageTemplates([PageTemplate(id="rules", frames=frames, onPage=column_rules)])
    story: list[Flowable] = [layout.band]
    for column in layout.columns():
        story += [FrameBreak(), _Column(column, page.column_w, layout.column_h, layout.size)]
    try:
        doc.build(story)
    except LayoutError as err:
        raise DoesNotFitError(f"The rule sheet does not fit one {page.paper} page: {err}") from err
    if doc.page != 1:
        raise DoesNotFitError(f"The rule sheet ran to {doc.page} pages on {page.paper} paper.")
    return buf.getvalue()


def render_rule_sheet(text: RuleSheetText, example: WorkedExample, *,
                      paper: str = "letter") -> RuleSheetPDF:
    """The rule sheet PDF: one page at the largest body size that fits, identical bytes on every
    run. Pure (reads no files but the vendored fonts). Raises :class:`DoesNotFitError` when the
    text does not fit at the smallest size."""
    page = _Page(paper, *st.page_size(paper))
    layout, _ = _fit(text, example, page)
    return RuleSheetPDF(_render(text, example, layout, page), layout.size)


__all__ = ["RuleSheetPDF", "SIZE_STEP", "render_rule_sheet"]
