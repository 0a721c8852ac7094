"""The one-page rule sheet: the whole game for the house rules in force, fitted on purpose.

The page is a title band (title, summary and the group's notes) above three columns that hold the
sections in order. The text is cut into *units*: a numbered step with its notes, a bullet, a
definition, the worked example's picture, one sentence of the example. A column ends only
between two units, so no step, bullet or definition is read in two places. A section heading is
glued to its first units (at least :data:`GLUE_LINES` lines of them), so no heading is left
alone at the foot of a column.

What gives way when space is short
----------------------------------
The rules in force are never cut: every step, note, example sentence and the group's notes are
printed in full. What gives way is the reference matter (other games, words) and what the sheet
says twice, then the type size, in this order (:data:`LADDER`):

1. The body size steps down from :data:`~sheets.layout.styles.RULE_SHEET_MAX_SIZE` (9.5 pt) to
   :data:`COMFORTABLE` (8.5 pt), everything in full.
2. "Other ways to play" shrinks to the names of the variants not in force (each line's bold
   lead-in, run on in one paragraph); the body size is again the largest from 9.5 pt down to
   8.5 pt that fits.
3. "Other tables" is set in the smaller type of the reference lists, and the body size may
   step down to :data:`PRESET_FLOOR` (8.0 pt).
4. "Our house rules" shrinks to the names of the rules in force (the steps above state each in
   full, as the section's first line says), still at 8.0 pt or more.
5. "Other tables" shrinks to names too and the glossary runs on as one paragraph; the body size
   may step down to :data:`~sheets.layout.styles.RULE_SHEET_MIN_SIZE` (7.0 pt).
6. "Other ways to play" and "Other tables" are left out: the games not played here give way
   whole, still at 7.0 pt or more; last, the glossary too (the steps use its words in
   context). Only the longest files in the longer languages get here (German runs about a
   third longer than English).

Each step searches its whole range again, so a step that frees room may come out larger than
the step before would have. No text is ever smaller than
:data:`~sheets.layout.styles.TEXT_FLOOR` (7 pt): the smaller type of notes and reference lists
is 0.9 of the body size down to that floor, and the picture's names and captions are set at it.
The title is fitted apart from the columns: the largest size from
:data:`~sheets.layout.styles.TITLE_SIZE` down to :data:`TITLE_MIN` at which it takes at most
:data:`~sheets.layout.styles.TITLE_LINES` lines beside the notes (or the suits); a title too
long for that takes the band's whole width.

Fitting
-------
:func:`_fit` walks the ladder. Each step is tried first at the size where the step before
missed (:class:`_Measurer` wraps each section once per size and form, so only the sections the
step sets differently are measured anew), then at its own smallest size. At the first step
that fits, :func:`_grow` searches up for the largest size that fits: each try is predicted from
the nearest size that fits and the nearest that does not (pictures keep their height, text
grows about as ``size ** TEXT_POWER``), until the next gain would be under :data:`MIN_GAIN` or
:data:`MAX_TRIES` sizes were tried. If even the last step's smallest size does not fit,
:class:`~sheets.errors.DoesNotFitError` names what takes the room.

Columns are balanced before the type shrinks: at a size, the units are dealt into the columns so
that the tallest is as short as it can be (:func:`_balance`); the fit is judged on that balanced
height.

The chosen layout is drawn as measured: each column is one flowable that raises
:class:`LayoutError` if it is taller than its frame (as ``KeepInFrame(mode="error")`` would), and
the page count is checked, so the sheet can neither become two pages nor lose text.
"""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
)

from sheets.blocks import RuleSheetText, Section, name_of
from sheets.errors import DoesNotFitError
from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.diagram import TrickDiagram
from sheets.layout.pages import SheetCode, build_pages, draw_qr_corner, qr_room
from sheets.layout.ruleunits import (
    BRIEF,
    FULL,
    GLUE_LINES,
    LEFT_OUT,
    NAME_SEPARATOR,
    NAMES,
    Column,
    Unit,
    paragraph,
    section_units,
)

SIZE_STEP = 0.05  # body sizes are chosen in steps of this many points
COMFORTABLE = 8.5  # the body size kept before the reference lists give way
PRESET_FLOOR = 8.0  # the body size kept before "other tables" gives way to names
MIN_GAIN = 0.1  # a size that fits is tried again larger only for at least this many points
MAX_TRIES = 3  # larger sizes tried at the step of the ladder that fits
AIM_LINES = 0.5  # a predicted size aims for the columns to end this many lines short
TEXT_POWER = 2.3  # measured: text height grows about as size ** 2.3 (more lines, each taller)
BALANCE_TOLERANCE = 0.05  # points: how close the tallest column is to the least possible
TITLE_MIN = 14  # the smallest title size
BAND_NOTES_SHARE = 0.5  # the notes box's share of the band's width
BAND_SUITS_SHARE = 0.25  # the suits' share of the band's width, without notes
SUITS = "♠ ♥ ♦ ♣"


@dataclass(frozen=True, slots=True)
class Stage:
    """One step of what gives way: how some sections are set, and the smallest body size
    allowed before the next step."""

    gives_way: str  # in words, for messages
    smallest: float
    forms: Mapping[str, str] = field(default_factory=dict)  # section id -> BRIEF or NAMES

    def form(self, section_id: str) -> str:
        return self.forms.get(section_id, FULL)


LADDER: tuple[Stage, ...] = (
    Stage("nothing", COMFORTABLE),
    Stage("other ways to play as names", COMFORTABLE, {"other-ways": NAMES}),
    Stage("other tables in small type", PRESET_FLOOR, {"other-ways": NAMES, "other-counts": BRIEF}),
    Stage(
        "our house rules as names",
        PRESET_FLOOR,
        {"other-ways": NAMES, "other-counts": BRIEF, "house-rules": NAMES},
    ),
    Stage(
        "other tables as names, the glossary run on",
        st.RULE_SHEET_MIN_SIZE,
        {"other-ways": NAMES, "other-counts": NAMES, "house-rules": NAMES, "glossary": NAMES},
    ),
    # reached by the longest files in the longer languages (German runs a third longer)
    Stage(
        "other ways to play and other tables left out",
        st.RULE_SHEET_MIN_SIZE,
        {"other-ways": LEFT_OUT, "other-counts": LEFT_OUT, "house-rules": NAMES, "glossary": NAMES},
    ),
    Stage(
        "other ways to play, other tables and the glossary left out",
        st.RULE_SHEET_MIN_SIZE,
        {
            "other-ways": LEFT_OUT,
            "other-counts": LEFT_OUT,
            "house-rules": NAMES,
            "glossary": LEFT_OUT,
        },
    ),
)


@dataclass(frozen=True, slots=True)
class RuleSheetPDF:
    """A rendered rule sheet: the PDF's bytes, the body size the fitting chose and what gave
    way to reach it (a :data:`LADDER` step's words)."""

    pdf: bytes
    body_size: float
    gives_way: str = LADDER[0].gives_way


@dataclass(frozen=True, slots=True)
class _Page:
    """The page's geometry for a paper."""

    paper: str
    page_w: float
    page_h: float
    corner: tuple[float, float] = (0.0, 0.0)  # kept free at the top right for the QR code

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


@dataclass(slots=True)
class _Layout:
    """Everything measured at one body size and step of the ladder, dealt into columns."""

    size: float
    stage: Stage
    band: Flowable
    band_h: float
    units: list[Unit]
    starts: list[int]  # the first unit of each column
    column_h: float  # the tallest column
    body_h: float  # the room below the band

    @property
    def fits(self) -> bool:
        return self.column_h <= self.body_h

    @property
    def need(self) -> float:
        """Page height this size needs (band, gap and the tallest column)."""
        return self.band_h + st.RULE_SHEET_BAND_GAP + self.column_h

    @property
    def room(self) -> float:
        """The page's height inside the margins."""
        return self.band_h + st.RULE_SHEET_BAND_GAP + self.body_h

    @property
    def fixed(self) -> float:
        """The height that does not grow with the body size: the band and the pictures."""
        return (
            self.band_h
            + st.RULE_SHEET_BAND_GAP
            + sum(f.height for u in self.units for f in u.flowables if isinstance(f, TrickDiagram))
        )

    def columns(self) -> list[list[Unit]]:
        """The units of each column."""
        ends = self.starts[1:] + [len(self.units)]
        return [self.units[a:b] for a, b in zip(self.starts, ends)]


@functools.lru_cache(maxsize=64)
def _title_size(title: str, width: float) -> float | None:
    """The largest title size that keeps the title to :data:`~sheets.layout.styles.TITLE_LINES`
    lines in ``width`` (None if even :data:`TITLE_MIN` needs more)."""
    return st.title_size(
        lambda size: Paragraph(st.typed_markup(title), st.title_style(size)),
        width,
        range(st.TITLE_SIZE, TITLE_MIN - 1, -1),
    )


def _title(title: str, width: float) -> Paragraph | None:
    size = _title_size(title, width)
    return None if size is None else Paragraph(st.typed_markup(title), st.title_style(size))


def _band_text(text: RuleSheetText, size: float, width: float, whole: float) -> Flowable:
    """The title band: title and summary left; the group's notes (or the suits) right. A title
    too long for two lines beside them takes the band's whole width above them."""
    if text.notes:
        rows = [
            [Paragraph(st.typed_markup(text.labels.notes), st.rule_style("RuleNotesHead", size))]
        ]
        rows += [[paragraph(st.typed_markup(note), "RuleBullet", size, "•")] for note in text.notes]
        right_w = whole * BAND_NOTES_SHARE  # the page's share: a QR code narrows the title
        right: Flowable = Table(rows, colWidths=[right_w], style=st.NOTES_BOX_STYLE, hAlign="RIGHT")
    else:
        right_w = whole * BAND_SUITS_SHARE
        right = Paragraph(
            st.markup(SUITS),
            st.title_style(st.TITLE_SIZE).clone("RuleSuits", alignment=2, textColor=st.MUTED),
        )
    summary = Paragraph(st.markup(text.summary), st.rule_style("RuleSummary", size))
    left_w = width - right_w
    title = _title(text.title, left_w - st.BAND_GAP)
    if title is not None:
        return Table(
            [[[title, Spacer(1, 2), summary], right]],
            colWidths=[left_w, right_w],
            style=st.BAND_STYLE,
        )
    title = _title(text.title, width) or Paragraph(
        st.typed_markup(text.title), st.title_style(TITLE_MIN)
    )
    return Table(
        [[title, ""], [summary, right]], colWidths=[left_w, right_w], style=st.stacked_band_style()
    )


def _band(text: RuleSheetText, size: float, page: _Page) -> Flowable:
    """The title band, beside the corner kept for the QR code when the sheet carries one."""
    corner_w, corner_h = page.corner
    if not corner_w:
        return _band_text(text, size, page.width, page.width)
    return Table(
        [[_band_text(text, size, page.width - corner_w, page.width), Spacer(corner_w, corner_h)]],
        colWidths=[page.width - corner_w, corner_w],
        style=st.CORNER_STYLE,
    )


# -- units and columns ------------------------------------------------------------------------


def _fill(units: list[Unit], height: float) -> list[int]:
    """Each column's first unit when every column takes all it can up to ``height``."""
    starts, column = [0], 0.0
    for i, unit in enumerate(units):
        grown = column + unit.gap + unit.height if i > starts[-1] else unit.height
        if grown > height + 1e-6 and i > starts[-1]:
            starts.append(i)
            grown = unit.height
        column = grown
    return starts


def _balance(units: list[Unit], columns: int) -> tuple[list[int], float]:
    """Deal the units into columns, in order, so that the tallest column is as short as it can
    be: the least height at which filling each column in turn leaves nothing over, found by
    halving (to :data:`BALANCE_TOLERANCE`). Returns each column's first unit and the tallest
    column."""
    low = max(u.height for u in units)
    high = sum(u.height + u.gap for u in units)
    if len(_fill(units, low)) <= columns:
        high = low
    while high - low > BALANCE_TOLERANCE:
        middle = (low + high) / 2
        if len(_fill(units, middle)) <= columns:
            high = middle
        else:
            low = middle
    starts = _fill(units, high)
    tallest = 0.0
    for a, b in zip(starts, starts[1:] + [len(units)]):
        tallest = max(tallest, sum(u.height + u.gap for u in units[a:b]) - units[a].gap)
    starts += [len(units)] * (columns - len(starts))
    return starts, tallest


class _Measurer:
    """Measures layouts of one sheet on one page, wrapping each section once per body size and
    form, and the band once per body size. :attr:`sizes` lists the body sizes measured."""

    def __init__(self, text: RuleSheetText, example: WorkedExample, page: _Page):
        self.text, self.example, self.page = text, example, page
        self.sizes: list[float] = []
        self._bands: dict[float, tuple[Flowable, float]] = {}
        self._sections: dict[tuple[str, str, float], list[Unit]] = {}

    def _band(self, size: float) -> tuple[Flowable, float]:
        if size not in self._bands:
            self.sizes.append(size)
            band = _band(self.text, size, self.page)
            self._bands[size] = band, band.wrap(self.page.width, self.page.height)[1]
        return self._bands[size]

    def _units(self, section: Section, form: str, size: float) -> list[Unit]:
        if form == LEFT_OUT:
            return []
        key = (section.id, form, size)
        if key not in self._sections:
            self._sections[key] = section_units(
                section, form, size, self.page.column_w, self.example
            )
        return self._sections[key]

    def layout(self, size: float, stage: Stage) -> _Layout:
        """Everything measured at a body size and step of the ladder, dealt into columns."""
        band, band_h = self._band(size)
        units = [
            u
            for section in self.text.sections
            for u in self._units(section, stage.form(section.id), size)
        ]
        starts, tallest = _balance(units, st.RULE_SHEET_COLUMNS)
        body_h = self.page.height - band_h - st.RULE_SHEET_BAND_GAP
        return _Layout(size, stage, band, band_h, units, starts, tallest, body_h)


# -- fitting ----------------------------------------------------------------------------------


def _round_down(size: float) -> float:
    return round(math.floor(size / SIZE_STEP + 1e-6) * SIZE_STEP, 2)


def _predict(fits: _Layout, misses: _Layout | None) -> float:
    """The body size at which the columns would end :data:`AIM_LINES` short of the page (so
    that a prediction lands on the side that fits). The height needed is modelled as
    ``fixed + p * size ** TEXT_POWER``: from one measured size, ``fixed`` is the band and the
    pictures; from two, both terms are solved from the measurements."""
    k_fit = fits.size**TEXT_POWER
    if misses is not None and misses.need > fits.need:
        k_miss = misses.size**TEXT_POWER
        p = (misses.need - fits.need) / (k_miss - k_fit)
        fixed = fits.need - p * k_fit
    else:
        fixed = fits.fixed
        p = max(fits.need - fixed, 1.0) / k_fit
    room = fits.room - AIM_LINES * fits.size * st.RULE_LEADING
    return _round_down((max(room - fixed, 0.0) / p) ** (1 / TEXT_POWER))


def _first_fit(
    measure: _Measurer, stage: Stage, missed: float | None
) -> tuple[_Layout | None, _Layout | None]:
    """A layout that fits at this step of the ladder, or None: tried first at the size where
    the step before missed (only the sections this step sets differently are measured anew),
    then at the step's smallest size. Also the layout at this step known not to fit, if any."""
    misses = None
    sizes = [stage.smallest] if missed is None else [max(missed, stage.smallest), stage.smallest]
    for size in dict.fromkeys(sizes):
        trial = measure.layout(size, stage)
        if trial.fits:
            return trial, misses
        misses = trial
    return None, misses


def _grow(measure: _Measurer, fits: _Layout, misses: _Layout | None) -> _Layout:
    """The layout at the largest size that fits at the step of ``fits``: sizes predicted from
    the nearest size that fits and the nearest that does not, until the gain would be under
    :data:`MIN_GAIN` or :data:`MAX_TRIES` sizes were tried."""
    for _ in range(MAX_TRIES):
        ceiling = round(misses.size - SIZE_STEP, 2) if misses else st.RULE_SHEET_MAX_SIZE
        size = min(_predict(fits, misses), ceiling)
        if size < fits.size + MIN_GAIN:
            break
        trial = measure.layout(size, fits.stage)
        if trial.fits:
            fits = trial
        else:
            misses = trial
    return fits


def _fit(text: RuleSheetText, example: WorkedExample, page: _Page) -> tuple[_Layout, int]:
    """The layout at the first step of :data:`LADDER` that fits, at the largest body size that
    fits there, and how many body sizes were measured."""
    measure = _Measurer(text, example, page)
    missed = None
    for stage in LADDER:
        fits, misses = _first_fit(measure, stage, missed)
        if fits is not None:
            return _grow(measure, fits, misses), len(measure.sizes)
        assert misses is not None, "a stage that fits nothing leaves the layout that missed"
        last, missed = misses, misses.size
    raise DoesNotFitError(_too_long(text, last, page))


def _inches(points: float) -> str:
    return f"{points / 72:.1f} in"


def _too_long(text: RuleSheetText, layout: _Layout, page: _Page) -> str:
    """Why the sheet does not fit at the smallest size: what takes the room."""
    by_section: dict[str, float] = {}
    for unit in layout.units:
        by_section[unit.section] = by_section.get(unit.section, 0) + unit.height + unit.gap
    largest = sorted(by_section.items(), key=lambda kv: -kv[1])[:3]
    parts = ", ".join(f"{name} {_inches(h)}" for name, h in largest)
    message = (
        f'The rule sheet "{text.title}" does not fit one {page.paper} page even at '
        f"{layout.size:g} pt: its columns need {_inches(layout.column_h)} but "
        f"{_inches(layout.body_h)} is left below the title band"
    )
    if text.notes:
        message += f", of which the group's notes take {_inches(layout.band_h)} (shorten the notes)"
    tallest = max(layout.units, key=lambda u: u.height)
    if tallest.height > layout.body_h:
        message += f'; one item of "{tallest.section}" alone is {_inches(tallest.height)} tall'
    return f"{message}. Largest sections: {parts}."


# -- rendering --------------------------------------------------------------------------------


def _render(
    text: RuleSheetText,
    example: WorkedExample,
    layout: _Layout,
    page: _Page,
    code: SheetCode | None,
) -> bytes:
    top = page.page_h - st.MARGIN
    body_top = top - layout.band_h - st.RULE_SHEET_BAND_GAP
    frames = [
        Frame(
            st.MARGIN,
            body_top + st.RULE_SHEET_BAND_GAP,
            page.width,
            layout.band_h + 1,
            id="band",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
    ]
    frames += [
        Frame(
            page.column_x(i),
            st.MARGIN,
            page.column_w,
            layout.body_h,
            id=f"col{i}",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        for i in range(st.RULE_SHEET_COLUMNS)
    ]

    def column_rules(canvas, doc) -> None:
        canvas.saveState()
        canvas.setStrokeColor(st.RULE)
        canvas.setLineWidth(0.4)
        for i in range(1, st.RULE_SHEET_COLUMNS):
            x = page.column_x(i) - st.RULE_SHEET_GUTTER / 2
            canvas.line(x, body_top, x, body_top - layout.column_h)
        canvas.restoreState()
        draw_qr_corner(canvas, code)

    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=(page.page_w, page.page_h),
        leftMargin=st.MARGIN,
        rightMargin=st.MARGIN,
        topMargin=st.MARGIN,
        bottomMargin=st.MARGIN,
        **st.pdf_metadata(text.labels),
    )
    doc.addPageTemplates([PageTemplate(id="rules", frames=frames, onPage=column_rules)])
    story: list[Flowable] = [layout.band]
    for column in layout.columns():
        story += [FrameBreak(), Column(column, page.column_w, layout.column_h, layout.size)]
    build_pages(doc, story, "The rule sheet", page.paper)
    return buf.getvalue()


def render_rule_sheet(
    text: RuleSheetText,
    example: WorkedExample,
    *,
    paper: str = "letter",
    code: SheetCode | None = None,
) -> RuleSheetPDF:
    """The rule sheet PDF: one page at the largest body size that fits, identical bytes on every
    run, with ``code`` (a QR code) in the top right corner of the title band when given. Pure
    (reads no files but the vendored fonts). Raises :class:`DoesNotFitError` when the text does
    not fit at the smallest size."""
    page = _Page(paper, *st.page_size(paper), qr_room(code))
    layout, _ = _fit(text, example, page)
    return RuleSheetPDF(
        _render(text, example, layout, page, code), layout.size, layout.stage.gives_way
    )


__all__ = [
    "BRIEF",
    "FULL",
    "GLUE_LINES",
    "LADDER",
    "NAMES",
    "NAME_SEPARATOR",
    "RuleSheetPDF",
    "SIZE_STEP",
    "Stage",
    "name_of",
    "render_rule_sheet",
]
