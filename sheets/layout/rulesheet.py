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
:data:`~sheets.layout.styles.TITLE_SIZE` down to :data:`~sheets.layout.rulepage.TITLE_MIN` at
which it takes at most :data:`~sheets.layout.styles.TITLE_LINES` lines beside the notes (or the
suits); a title too long for that takes the band's whole width.

Fitting
-------
:func:`_fit` walks the ladder (the measuring and the search are in :mod:`sheets.layout.rulefit`).
Each step is tried first at the size where the step before missed
(:class:`~sheets.layout.rulefit.Measurer` wraps each section once per size and form, so only the
sections the step sets differently are measured anew), then at its own smallest size. At the
first step that fits, :func:`~sheets.layout.rulefit.grow` searches up for the largest size that
fits: each try is predicted from the nearest size that fits and the nearest that does not
(pictures keep their height, text grows about as ``size ** TEXT_POWER``), until the next gain
would be under :data:`~sheets.layout.rulefit.MIN_GAIN` or
:data:`~sheets.layout.rulefit.MAX_TRIES` sizes were tried. If even the last step's smallest size
does not fit, :class:`~sheets.errors.DoesNotFitError` names what takes the room.

Columns are balanced before the type shrinks: at a size, the units are dealt into the columns so
that the tallest is as short as it can be (``rulefit._balance``); the fit is judged on that balanced
height.

The chosen layout is drawn as measured: each column is one flowable that raises
:class:`LayoutError` if it is taller than its frame (as ``KeepInFrame(mode="error")`` would), and
the page count is checked, so the sheet can neither become two pages nor lose text.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, FrameBreak, PageTemplate

from sheets.blocks import RuleSheetText, name_of
from sheets.errors import DoesNotFitError
from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.pages import (
    SheetCode,
    bare_frame,
    build_pages,
    draw_qr_corner,
    page_corner,
    qr_room,
)
from sheets.layout.rulefit import SIZE_STEP, Layout, Measurer, Stage, first_fit, grow
from sheets.layout.rulepage import Page
from sheets.layout.ruleunits import BRIEF, FULL, GLUE_LINES, LEFT_OUT, NAME_SEPARATOR, NAMES, Column

COMFORTABLE = 8.5  # the body size kept before the reference lists give way
PRESET_FLOOR = 8.0  # the body size kept before "other tables" gives way to names

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


def _fit(text: RuleSheetText, example: WorkedExample, page: Page) -> tuple[Layout, int]:
    """The layout at the first step of :data:`LADDER` that fits, at the largest body size that
    fits there, and how many body sizes were measured."""
    measure = Measurer(text, example, page)
    missed = None
    for stage in LADDER:
        fits, misses = first_fit(measure, stage, missed)
        if fits is not None:
            return grow(measure, fits, misses), len(measure.sizes)
        assert misses is not None, "a stage that fits nothing leaves the layout that missed"
        last, missed = misses, misses.size
    raise DoesNotFitError(_too_long(text, last, page))


def _inches(points: float) -> str:
    return f"{points / 72:.1f} in"


def _too_long(text: RuleSheetText, layout: Layout, page: Page) -> str:
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
    layout: Layout,
    page: Page,
    code: SheetCode | None,
) -> bytes:
    top = page.page_h - st.MARGIN
    body_top = top - layout.band_h - st.RULE_SHEET_BAND_GAP
    frames = [
        bare_frame(
            st.MARGIN, body_top + st.RULE_SHEET_BAND_GAP, page.width, layout.band_h + 1, "band"
        )
    ]
    frames += [
        bare_frame(page.column_x(i), st.MARGIN, page.column_w, layout.body_h, f"col{i}")
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
        draw_qr_corner(canvas, code, *page_corner(doc.pagesize))

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
    page = Page(paper, *st.page_size(paper), qr_room(code))
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
