"""The large-print rule sheet: the same text as the one-page sheet, in one column of 16 pt type
over at most :data:`MAX_PAGES` pages, laid out for printing on both sides.

Type: the body is :data:`BODY_SIZE` (16 pt); the smaller type of notes and reference lists is
0.9 of it (14.4 pt), and nothing is under :data:`FLOOR` (14 pt), the picture's names and
captions included: the picture of the trick is the standard one drawn :data:`PICTURE_SCALE`
times as large. No text is grey: what the standard sheet sets in grey is set in black.

Pages: the margins are mirrored for a double-sided print, the inner one (by the binding or
staple) wider than the outer (:data:`INNER`, :data:`OUTER`); each page's number ("Page 2 of 3")
sits at its outer foot. With a QR code (the scorekeeper set up with the sheet's rules), the
first page carries it in its top outer corner, its caption at 14 pt
(:data:`~sheets.layout.pages.LARGE_CAPTION`); the title and the summary run beside the corner
kept for it.

The text is cut into the standard sheet's units (:mod:`sheets.layout.ruleunits`), so a page
ends only between two units and a section heading is glued to its first lines: no heading ever
ends a page. A page that opens in the middle of a section repeats the section's heading, marked
as continued.

What gives way: the body never shrinks. When the text runs past :data:`MAX_PAGES` pages, the
reference matter gives way in the order of the standard sheet's ladder
(:data:`sheets.layout.rulesheet.LADDER`): other ways to play as names, other tables in the
smaller type, our house rules as names, other tables and the glossary as names, then other
ways to play and other tables left out, last the glossary. The rules in force, the worked
example and the group's notes are always printed in full.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    FrameBreak,
    HRFlowable,
    NextPageTemplate,
    PageTemplate,
    Paragraph,
    Spacer,
)

from sheets.blocks import RuleSheetText
from sheets.errors import DoesNotFitError
from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.diagram import TrickDiagram
from sheets.layout.pages import (
    LARGE_CAPTION,
    SheetCode,
    bare_frame,
    beside_corner,
    build_pages,
    draw_qr_corner,
    qr_room,
)
from sheets.layout.rulesheet import LADDER, Stage
from sheets.layout.ruleunits import FULL, LEFT_OUT, Column, Look, Unit, paragraph, section_units

BODY_SIZE = 16.0  # the body type, in points
FLOOR = 14.0  # no text is smaller
TITLE_SIZE = 28.0
MAX_PAGES = 4
INNER = 0.6 * inch  # the margin by the binding
OUTER = 0.4 * inch  # the margin at the outer edge
TOP = 0.35 * inch
BOTTOM = 0.6 * inch  # room for the page number below the text
FOLIO_SIZE = FLOOR  # the page number's size
PICTURE_SCALE = 2.0  # the standard picture's size, times this (its 7 pt names become 14 pt)
PICTURE_WIDTH = 7.2 * inch  # the picture's width at most, drawn (the text's on Letter)
ITEM_GAP_SHARE = 0.6  # the space between items, as a share of the standard sheet's
LEADING = 1.17  # line spacing, in font sizes: a little tighter than the standard sheet's
BAND_GAP = 12  # points between the title band and the text


PICTURE_ONLY = "picture only"  # the worked example's form with its sentences left out
FLOAT = "example"  # the section that moves later when it would leave a page half empty
WASTE = 0.35  # a page before the last may be left this empty (a share of its height)

#: What gives way, in order: the standard sheet's ladder (its body sizes aside: here the body
#: stays 16 pt) up to other ways to play and other tables left out; then the quick start, which
#: says again in short what the steps of "How to play" say in full; then the glossary too;
#: last the worked example's sentences, its picture kept.
LADDER_LARGE: tuple[Stage, ...] = (
    *LADDER[:-1],
    Stage(
        "other ways to play, other tables and the quick start left out",
        BODY_SIZE,
        {**LADDER[-2].forms, "quick-start": LEFT_OUT},
    ),
    Stage(
        "other ways to play, other tables, the quick start and the glossary left out",
        BODY_SIZE,
        {**LADDER[-1].forms, "quick-start": LEFT_OUT},
    ),
    # reached only by the heaviest files (four long notes, a long title, many house rules) at
    # big tables in the longer languages: the picture's captions tell the trick in short
    Stage(
        "the example told by its picture alone",
        BODY_SIZE,
        {**LADDER[-1].forms, "quick-start": LEFT_OUT, "example": PICTURE_ONLY},
    ),
)


@dataclass(frozen=True, slots=True)
class LargePrintWords:
    """The large print's own words: a section's heading continued on a new page, and a page's
    number."""

    continued: str  # "{heading} (continued)"
    page: str  # "Page {page} of {pages}"


@dataclass(frozen=True, slots=True)
class LargeRuleSheetPDF:
    """A rendered large-print rule sheet: its bytes, its body size, how many pages, and what
    gave way (a :data:`~sheets.layout.rulesheet.LADDER` step's words)."""

    pdf: bytes
    body_size: float
    pages: int
    gives_way: str


def _black(color) -> Color:
    """Grey text becomes black; red stays red."""
    return st.INK if color in (st.ASIDE, st.MUTED) else color


@functools.cache
def large_style(name: str, size: float) -> ParagraphStyle:
    """A rule-sheet style at a body size, with no grey and nothing under :data:`FLOOR`."""
    base = st.rule_style(name, size)
    font_size = max(FLOOR, base.fontSize)
    return ParagraphStyle(
        f"Large{name}{size:g}",
        parent=base,
        textColor=_black(base.textColor),
        fontSize=font_size,
        leading=round(font_size * base.leading / base.fontSize * LEADING / st.RULE_LEADING, 2),
        bulletFontSize=max(FLOOR, base.bulletFontSize),
    )


class _Enlarged:
    """A canvas that draws the standard picture :data:`PICTURE_SCALE` times as large with real
    sizes (every coordinate, line and font size multiplied, not the page scaled, so each
    character is set at its true size), and its grey text in black. It offers what
    :class:`~sheets.layout.diagram.TrickDiagram` draws with, and nothing else."""

    def __init__(self, canvas, scale: float):
        self._c, self._s = canvas, scale

    def saveState(self) -> None:  # noqa: N802 - ReportLab's names
        self._c.saveState()

    def restoreState(self) -> None:  # noqa: N802
        self._c.restoreState()

    def setFillColor(self, color) -> None:  # noqa: N802
        self._c.setFillColor(_black(color))

    def setStrokeColor(self, color) -> None:  # noqa: N802
        self._c.setStrokeColor(color)

    def setLineWidth(self, width: float) -> None:  # noqa: N802
        self._c.setLineWidth(width * self._s)

    def setFont(self, font: str, size: float) -> None:  # noqa: N802
        self._c.setFont(font, size * self._s)

    def translate(self, dx: float, dy: float) -> None:
        self._c.translate(dx * self._s, dy * self._s)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0) -> None:  # noqa: N802
        s = self._s
        self._c.roundRect(x * s, y * s, width * s, height * s, radius * s, stroke=stroke, fill=fill)

    def line(self, x1, y1, x2, y2) -> None:
        s = self._s
        self._c.line(x1 * s, y1 * s, x2 * s, y2 * s)

    def drawString(self, x, y, text) -> None:  # noqa: N802
        self._c.drawString(x * self._s, y * self._s, text)

    def drawCentredString(self, x, y, text) -> None:  # noqa: N802
        self._c.drawCentredString(x * self._s, y * self._s, text)


class LargePicture(Flowable):
    """The standard picture of the trick, laid out at a fraction of the width and drawn
    :data:`PICTURE_SCALE` times as large (see :class:`_Enlarged`)."""

    def __init__(self, example: WorkedExample, width: float):
        super().__init__()
        self.picture = TrickDiagram(example, min(width, PICTURE_WIDTH) / PICTURE_SCALE)
        self.width = width
        self.height = self.picture.height * PICTURE_SCALE

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.translate((self.width - self.picture.width * PICTURE_SCALE) / 2, 0)
        self.picture.canv = _Enlarged(canvas, PICTURE_SCALE)
        self.picture.draw()
        del self.picture.canv
        canvas.restoreState()


LARGE = Look("large-print", large_style, LargePicture)


@dataclass(frozen=True, slots=True)
class _Page:
    paper: str
    page_w: float
    page_h: float

    @property
    def width(self) -> float:
        return self.page_w - INNER - OUTER

    @property
    def height(self) -> float:
        return self.page_h - TOP - BOTTOM

    def left(self, number: int) -> float:
        """The text's left edge on page ``number`` (1 is a right-hand page: binding left)."""
        return INNER if number % 2 else OUTER


def _band(text: RuleSheetText, width: float, corner: tuple[float, float]) -> list[Flowable]:
    """The title, the summary and the group's notes, above the text of page 1; the first of
    them beside the corner kept for the QR code when there is one."""
    title = ParagraphStyle("LargeTitle", parent=st.title_style(TITLE_SIZE), textColor=st.INK)
    flows: list[Flowable] = [
        Paragraph(st.typed_markup(text.title), title),
        Spacer(1, 4),
        paragraph(st.markup(text.summary), "RuleBody", BODY_SIZE, look=LARGE),
    ]
    if text.notes:
        flows += [
            Spacer(1, 8),
            paragraph(st.typed_markup(text.labels.notes), "RuleNotesHead", BODY_SIZE, look=LARGE),
        ]
        flows += [
            paragraph(st.typed_markup(note), "RuleBullet", BODY_SIZE, "•", LARGE)
            for note in text.notes
        ]
    flows += [
        Spacer(1, 6),
        HRFlowable(width="100%", thickness=1.5, color=st.INK, spaceBefore=0, spaceAfter=0),
    ]
    return beside_corner(flows, width, corner)


def _continued(heading: str, words: LargePrintWords, width: float) -> Unit:
    flow = paragraph(
        st.markup(words.continued.format(heading=heading)), "RuleHeading", BODY_SIZE, look=LARGE
    )
    gap = Spacer(1, BODY_SIZE * 0.35)
    return Unit([flow, gap], [flow.wrap(width, 1e6)[1], gap.height], 0.0, heading, False)


def _pages(
    units: list[Unit], first_room: float, room: float, words: LargePrintWords, width: float
) -> list[list[Unit]]:
    """The units dealt into pages in order, each page as full as it can be; a page that opens
    inside a section starts with its heading, continued, and never with a section's last item
    alone where the item before it can come along (no widow under a "continued" heading)."""
    pages: list[list[Unit]] = [[]]
    heads: list[Unit] = []  # the "continued" headings, which a page may not keep alone
    used, limit = 0.0, first_room
    for n, unit in enumerate(units):
        grown = used + (unit.gap if pages[-1] else 0.0) + unit.height
        if grown > limit + 1e-6 and pages[-1]:
            page = pages[-1]
            last = n + 1 == len(units) or units[n + 1].opens
            kept = [u for u in page[:-1] if not any(u is h for h in heads)]
            carried = (
                [page.pop()] if last and not unit.opens and not page[-1].opens and kept else []
            )
            pages.append([])
            limit, used = room, 0.0
            moving = [*carried, unit]
            head = _continued(unit.section, words, width)
            if (
                not moving[0].opens
                and head.height + sum(u.gap + u.height for u in moving) <= limit + 1e-6
            ):
                pages[-1].append(head)
                heads.append(head)
                used = head.height
            for item in carried:
                used += (item.gap if pages[-1] else 0.0) + item.height
                pages[-1].append(item)
            grown = used + (unit.gap if pages[-1] else 0.0) + unit.height
        if unit.height > limit + 1e-6:
            raise DoesNotFitError(
                f'One item of "{unit.section}" is {unit.height / 72:.1f} in '
                f"tall: no large-print page holds it."
            )
        pages[-1].append(unit)
        used = grown
    return pages


def _sections(
    text: RuleSheetText, example: WorkedExample, page: _Page, stage: Stage
) -> list[tuple[str, list[Unit]]]:
    """Each section kept at ``stage``, with its units: (section id, units)."""
    found = []
    for section in text.sections:
        form = stage.form(section.id)
        if form == LEFT_OUT:
            continue
        units = section_units(
            section, FULL if form == PICTURE_ONLY else form, BODY_SIZE, page.width, example, LARGE
        )
        for unit in units:  # lines set closer than the standard sheet's want less air between
            if not unit.opens:
                unit.gap *= ITEM_GAP_SHARE
        found.append((section.id, units[:1] if form == PICTURE_ONLY else units))
    return found


def _orders(sections: list[tuple[str, list[Unit]]]) -> list[list[Unit]]:
    """The units in the sheet's order, then with the worked example (whose picture is the one
    tall item) moved one section later, two, ... to the end: a figure floated past the text
    that can fill the page it does not fit on."""
    ids = [id_ for id_, _ in sections]
    orders = [[u for _, units in sections for u in units]]
    if FLOAT not in ids:
        return orders
    at = ids.index(FLOAT)
    rest = sections[:at] + sections[at + 1 :]
    for later in range(at + 1, len(sections)):
        moved = rest[:later] + [sections[at]] + rest[later:]
        orders.append([u for _, units in moved for u in units])
    return orders


def _waste(pages: list[list[Unit]], first_room: float, room: float) -> float:
    """The largest share of a page left empty, the last page aside."""
    wasted = 0.0
    for n, units in enumerate(pages[:-1]):
        used = sum(u.height for u in units) + sum(u.gap for u in units[1:])
        limit = first_room if n == 0 else room
        wasted = max(wasted, (limit - used) / limit)
    return wasted


def _fit(
    text: RuleSheetText, example: WorkedExample, page: _Page, band_h: float, words: LargePrintWords
) -> tuple[Stage, list[list[Unit]]]:
    """The first step of the ladder at which the text takes at most :data:`MAX_PAGES`, in the
    sheet's order unless that leaves a page more than :data:`WASTE` empty before the worked
    example and moving the example later does not: then the nearest such move."""
    first_room, room = page.height - band_h - BAND_GAP, page.height
    for stage in LADDER_LARGE:
        laid = [
            _pages(units, first_room, room, words, page.width)
            for units in _orders(_sections(text, example, page, stage))
        ]
        fitting = [(n, pages) for n, pages in enumerate(laid) if len(pages) <= MAX_PAGES]
        if fitting:
            _, pages = min(
                fitting,
                key=lambda f: (len(f[1]), max(WASTE, _waste(f[1], first_room, room)), f[0]),
            )
            return stage, pages
    raise DoesNotFitError(
        f'The large-print rule sheet "{text.title}" runs to {len(laid[0])} '
        f"{page.paper} pages, more than {MAX_PAGES}, even with "
        f"{stage.gives_way} (shorten the notes)."
    )


def render_large_rule_sheet(
    text: RuleSheetText,
    example: WorkedExample,
    words: LargePrintWords,
    *,
    paper: str = "letter",
    code: SheetCode | None = None,
) -> LargeRuleSheetPDF:
    """The large-print rule sheet's PDF: at most :data:`MAX_PAGES` pages of 16 pt type, the
    same bytes on every run, with ``code`` (a QR code) in the first page's top outer corner
    when given. Pure (reads no files but the vendored fonts)."""
    page = _Page(paper, *st.page_size(paper))
    band = _band(text, page.width, qr_room(code, LARGE_CAPTION))
    band_h = sum(f.wrap(page.width, 1e6)[1] for f in band)
    stage, pages = _fit(text, example, page, band_h, words)
    total = len(pages)

    def folio(canvas, doc) -> None:
        number = doc.page
        canvas.saveState()
        canvas.setFont(st.FONT, FOLIO_SIZE)
        canvas.setFillColor(st.INK)
        label = words.page.format(page=number, pages=total)
        y = BOTTOM / 2 - FOLIO_SIZE / 3
        if number % 2:
            canvas.drawRightString(page.page_w - OUTER, y, label)
        else:
            canvas.drawString(OUTER, y, label)
        canvas.restoreState()
        if number == 1:  # a right-hand page: its outer corner is the right one
            draw_qr_corner(
                canvas, code, right=page.page_w - OUTER, top=page.page_h - TOP, look=LARGE_CAPTION
            )

    templates = []
    for parity in ("recto", "verso"):
        left = page.left(1 if parity == "recto" else 2)
        frame = bare_frame(left, BOTTOM, page.width, page.height, parity)
        templates.append(PageTemplate(id=parity, frames=[frame], onPage=folio))
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=(page.page_w, page.page_h),
        leftMargin=INNER,
        rightMargin=OUTER,
        topMargin=TOP,
        bottomMargin=BOTTOM,
        **st.pdf_metadata(text.labels),
    )
    doc.addPageTemplates(templates)
    story: list[Flowable] = [*band, Spacer(1, BAND_GAP)]
    for n, units in enumerate(pages):
        height = sum(u.height for u in units) + sum(u.gap for u in units[1:])
        follows = [NextPageTemplate("verso" if n % 2 else "recto"), FrameBreak()] if n else []
        story += follows + [Column(units, page.width, height, BODY_SIZE)]
    build_pages(doc, story, "The large-print rule sheet", paper, MAX_PAGES)
    return LargeRuleSheetPDF(buf.getvalue(), BODY_SIZE, total, stage.gives_way)


__all__ = [
    "BODY_SIZE",
    "FLOOR",
    "LARGE",
    "LargePrintWords",
    "LargeRuleSheetPDF",
    "MAX_PAGES",
    "render_large_rule_sheet",
]
