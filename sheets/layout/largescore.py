"""The large-print score sheet: the standard score sheet's grid and words, for large handwriting
and eyes that read small type badly.

Type: every word and number is :data:`LABEL_SIZE` (14 pt) or more, none of it grey; the title
is :data:`TITLE_SIZE`. Cells: every hand row is :data:`ROW_MIN` (12 mm) tall or more (up to
half as much again, where the page has room), every points and total cell :data:`CELL_MIN`
wide or more.

Pages: at most :data:`SIDES_PER_PAGE` players (or teams) a page. A larger table (7 to 10
players), or a smaller one whose many house rules leave too few rows on one page, is split
over two pages that line up: both have the same header, the same rows at the same heights, and
each hand's number and pass, so that the two halves can be laid side by side or taped
together; the moon box is on the first, the check number on the second, and the scoring rules
in force and how to fill a row are shared out under the two grids. Portrait is used
where the cells keep their width and enough rows fit, else landscape.

Rows: as on the standard sheet (:func:`~sheets.layout.scorenumbers.hand_rows`), as many as a
game needs where they fit, in whole pass cycles where that costs at most a quarter of them;
a game longer than the page goes on on a new sheet, its totals copied into the top row.

With a QR code (the scorekeeper set up with the sheet's rules), the first page carries it in its
top right corner, its caption at 14 pt (:data:`~sheets.layout.pages.LARGE_CAPTION`), the
header beside it; a second page keeps the same corner empty, so that its header is as tall and
its rows line up.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch, mm
from reportlab.platypus import (
    BaseDocTemplate,
    KeepInFrame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from sheets.blocks import ScoreSheetText, signed
from sheets.errors import DoesNotFitError
from sheets.houserules import HouseRules
from sheets.layout import styles as st
from sheets.layout.pages import (
    LARGE_CAPTION,
    SheetCode,
    bare_frame,
    build_pages,
    draw_qr_corner,
    page_corner,
    qr_room,
)
from sheets.layout.scorehead import foot_lines
from sheets.layout.scorenumbers import (
    MOON,
    check_text,
    hand_rows,
    moon_check_text,
    score_sheet_rows,
)

LABEL_SIZE = 14.0  # every word and number on the sheet, at least
TITLE_SIZE = 22.0
ROW_MIN = 12 * mm  # the lowest hand row: room for large handwriting
ROW_MAX = 16 * mm
MIN_ROWS = 5  # fewer hand rows than this on a page is no score sheet
CELL_MIN = 0.55 * inch  # the narrowest points or total cell (14 mm)
CELL_MAX = 1.6 * inch
SIDES_PER_PAGE = 6
NAME_ROW_H = 0.6 * inch  # the heading row where the names are written
SUB_ROW_H = 0.3 * inch  # the "pts / total" heading row
MOON_W = 0.4 * inch
PAD = 4  # points of padding in a cell, each side
GAP = 8  # points between header, grid and footer
MOON_PARAGRAPH = 2  # the footer's paragraphs to the moon's: how to fill a row, the moon
MARGIN = st.MARGIN


@dataclass(frozen=True, slots=True)
class LargePlan:
    """The pages of a large-print score sheet."""

    paper: str
    orientation: str
    page_size: tuple[float, float]
    pages: tuple[tuple[int, ...], ...]  # the sides on each page
    hand_w: float
    pass_w: float
    check_w: float
    cell_w: float  # each points and each total cell
    row_h: float
    rows: int
    cycle: int

    @property
    def whole_cycles(self) -> bool:
        return self.rows % self.cycle == 0

    @property
    def row_heights(self) -> list[float]:
        return [NAME_ROW_H, SUB_ROW_H] + [self.row_h] * (self.rows + 1)


@dataclass(frozen=True, slots=True)
class LargeScoreSheetPDF:
    pdf: bytes
    plan: LargePlan


@cache
def _style(name: str, size: float = LABEL_SIZE, bold: bool = False) -> ParagraphStyle:
    base = st.style(name)
    return ParagraphStyle(
        f"LargeScore{name}{size:g}{bold}",
        parent=base,
        fontSize=size,
        leading=round(size * 1.2, 2),
        textColor=st.INK,
        fontName=st.FONT_BOLD if bold else base.fontName,
    )


def split_sides(sides: int, pages: int) -> tuple[tuple[int, ...], ...]:
    """The sides on each of one or two pages: on two, the first half (the larger) on the first
    page and the rest on the next."""
    if pages == 1:
        return (tuple(range(sides)),)
    first = math.ceil(sides / 2)
    return tuple(range(first)), tuple(range(first, sides))


def _width(text: str, bold: bool = False) -> float:
    return st.text_width(text, LABEL_SIZE, bold=bold) + 2 * PAD + 1


def _page_label(text: ScoreSheetText, page: int, count: int) -> str:
    """A page's number ("Page 1 of 2") where the sheet has two, else ""."""
    return text.page_number.format(page=page, pages=count) if count > 1 else ""


def _head(
    text: ScoreSheetText, width: float, corner: tuple[float, float] = (0.0, 0.0), page: str = ""
) -> list:
    """The title, and the date and place lines (with the page's number, ``page``, at their
    end on a sheet of two pages); beside the corner kept for the QR code when there is one."""
    corner_w, corner_h = corner
    if corner_w:
        return [
            Table(
                [[_head(text, width - corner_w, page=page), Spacer(corner_w, corner_h)]],
                colWidths=[width - corner_w, corner_w],
                style=st.CORNER_STYLE,
            )
        ]
    title = Paragraph(
        f"<b>{st.typed_markup(text.title)}</b> · {st.markup(text.heading)}",
        _style("Title", TITLE_SIZE),
    )
    label = _style("Body")
    date_w, place_w = _width(text.date), _width(text.place)
    page_w = _width(page) + 0.3 * inch if page else 0.0
    line_w = (width - date_w - place_w - page_w - 0.3 * inch) / 2
    cells = [
        Paragraph(st.markup(text.date), label),
        (),
        (),
        Paragraph(st.markup(text.place), label),
        (),
    ]
    widths = [date_w, line_w, 0.3 * inch, place_w, line_w]
    if page:
        cells.append(Paragraph(st.markup(page), ParagraphStyle("Page", label, alignment=2)))
        widths.append(page_w)
    form = Table([cells], colWidths=widths, style=st.FORM_LINE_STYLE)
    form.setStyle(
        TableStyle(
            [("LINEBELOW", (1, 0), (1, 0), 0.8, st.INK), ("LINEBELOW", (4, 0), (4, 0), 0.8, st.INK)]
        )
    )
    return [title, Spacer(1, GAP), form]


def _summary(text: ScoreSheetText) -> list:
    """The scoring rules in force, in one paragraph."""
    return [Paragraph(" · ".join(st.markup(item) for item in text.summary), _style("Body"))]


def _foot(text: ScoreSheetText, whole_cycles: bool, pages: int) -> list:
    lines = foot_lines(text, whole_cycles, pages)
    return [Paragraph(st.markup(line), _style("Body")) for line in lines]


def _below(text: ScoreSheetText, whole_cycles: bool, width: float, count: int) -> list[list]:
    """What each page prints under its grid: on one page the footer; on two, the footer's
    paragraphs in order, cut where the taller of the two parts is least, with the moon's (the
    footer's second, which tells to tick the ☾ box) on the first page, where the boxes are, and
    the summary at the head of whichever part it leaves the shorter."""
    foot = _foot(text, whole_cycles, count)
    if count == 1:
        return [foot]
    summary = _summary(text)
    heights = [_height([p], width) for p in foot]
    top = _height(summary, width)
    splits = []
    for k in range(min(MOON_PARAGRAPH, len(foot) - 1), len(foot)):
        first, second = sum(heights[:k]), sum(heights[k:])
        splits += [
            (max(first + top, second), [*summary, *foot[:k]], foot[k:]),
            (max(first, second + top), foot[:k], [*summary, *foot[k:]]),
        ]
    _, first_page, second_page = min(splits, key=lambda split: split[0])
    return [first_page, second_page]


def _height(flowables: list, width: float) -> float:
    return sum(f.wrap(width, 10_000)[1] for f in flowables)


def _plan(
    rules: HouseRules,
    text: ScoreSheetText,
    paper: str,
    orientation: str,
    whole_cycles: bool,
    count: int,
    corner: tuple[float, float],
) -> LargePlan | None:
    page_w, page_h = st.page_size(paper, orientation)
    width, height = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    pages = split_sides(rules.sides, count)
    hand_w = max(_width(text.hand, True), _width("99", True))
    if rules.passes:
        pass_w = max(
            [_width(text.pass_, True)]
            + [_width(label) for _, label in text.pass_labels]
            + [_width(text.carried) - hand_w]
        )  # the carried row's label, with no moon box
    else:  # no pass column: the carried row's label on two lines beside the moon box, or
        # under the hand's number alone on a second page
        pass_w = 0.0
        carried_w = st.two_line_width(text.carried, LABEL_SIZE) + 2 * PAD + 1
        hand_w = max(hand_w, carried_w - (MOON_W if count == 1 else 0.0))
    # the check's normal and moon sums may take a line each: a row holds two
    check_w = max(
        [_width(text.check, True)] + [_width(part, True) for part in check_text(rules).split()]
    )
    widest = max(len(p) for p in pages)
    fixed = hand_w + pass_w + (MOON_W + check_w if len(pages) == 1 else max(MOON_W, check_w))
    cell_w = min(CELL_MAX, (width - fixed) / widest / 2)
    if cell_w < CELL_MIN:
        return None
    # one page: the summary above the grid, the footer below; two: the summary and the
    # footer shared out under the two grids
    below = max(_height(words, width) for words in _below(text, whole_cycles, width, count))
    below += _height(_summary(text), width) + GAP if count == 1 else 0.0
    room = (
        height
        - _height(_head(text, width, corner, _page_label(text, count, count)), width)
        - below
        - 2 * GAP
        - NAME_ROW_H
        - SUB_ROW_H
    )
    found = hand_rows(
        score_sheet_rows(rules), room, len(rules.passing), low=ROW_MIN, high=ROW_MAX, least=MIN_ROWS
    )
    if found is None:
        return None
    rows, row_h = found
    return LargePlan(
        paper,
        orientation,
        (page_w, page_h),
        pages,
        hand_w,
        pass_w,
        check_w,
        cell_w,
        row_h,
        rows,
        len(rules.passing),
    )


def plan_large_score_sheet(
    rules: HouseRules,
    text: ScoreSheetText,
    *,
    paper: str = "letter",
    corner: tuple[float, float] = (0.0, 0.0),
) -> LargePlan:
    """One page where up to :data:`SIDES_PER_PAGE` sides fit on it, else two; portrait where
    the cells keep :data:`CELL_MIN` and :data:`MIN_ROWS` rows fit, else landscape; the rows
    planned under the footer for whole pass cycles first, else under the one for rows that end
    mid-cycle; each page's header beside ``corner`` (kept for the QR code) when it is given."""
    for count in (1, 2) if rules.sides <= SIDES_PER_PAGE else (2,):
        for orientation in ("portrait", "landscape"):
            plan = _plan(rules, text, paper, orientation, True, count, corner)
            if plan is not None and not plan.whole_cycles:
                plan = _plan(rules, text, paper, orientation, False, count, corner)
            if plan is not None:
                return plan
    raise DoesNotFitError(
        f"The large-print score sheet for {rules.players} players does not fit {paper} paper."
    )


def _grid(rules: HouseRules, text: ScoreSheetText, plan: LargePlan, page: int) -> Table:
    sides = plan.pages[page]
    moon_col = page == 0
    check_col = page == len(plan.pages) - 1
    head, label = _style("Body", bold=True), _style("Body")
    centred = ParagraphStyle("LargeScoreCentred", parent=head, alignment=1)
    centred_label = ParagraphStyle("LargeScoreCentredLabel", parent=label, alignment=1)
    passes = plan.pass_w > 0  # no pass column where no hand passes
    widths = [plan.hand_w] + [plan.pass_w] * passes + [MOON_W] * moon_col
    first = len(widths)  # the first points cell
    widths += [plan.cell_w] * (2 * len(sides)) + ([plan.check_w] if check_col else [])
    lead = [Paragraph(st.markup(text.hand), centred)]
    lead += [Paragraph(st.markup(text.pass_), centred)] if passes else []
    lead += [Paragraph(MOON, centred)] if moon_col else []
    row0 = lead + [
        cell for side in sides for cell in (Paragraph(st.markup(text.sides[side]), label), ())
    ]
    row0 += [Paragraph(st.markup(text.check), centred)] if check_col else []
    row1 = [()] * first + [text.points, text.total] * len(sides) + ([()] if check_col else [])
    row2 = [Paragraph(st.markup(text.carried), label)] + [()] * (len(widths) - 1)
    moon = moon_check_text(rules)
    data = [row0, row1, row2]
    for n in range(plan.rows):
        row: list = [str(n + 1)]
        row += [text.pass_label(rules.pass_direction(n))] if passes else []
        row += ["☐"] if moon_col else []
        row += [()] * (2 * len(sides))
        if check_col:
            row.append(
                Paragraph(
                    f"<b>{st.markup(signed(rules.check_sum))}</b> {st.markup(moon)}".strip(),
                    centred_label,
                )
            )
        data.append(row)
    last = len(widths) - 1
    cmds: list[tuple] = [
        ("FONTNAME", (0, 0), (-1, -1), st.FONT),
        ("FONTSIZE", (0, 0), (-1, -1), LABEL_SIZE),
        ("TEXTCOLOR", (0, 0), (-1, -1), st.INK),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("BOX", (0, 0), (-1, -1), 1.2, st.INK),
        ("LINEBELOW", (0, 0), (-1, -2), 0.6, st.RULE),
        *[("LINEAFTER", (c, 0), (c, -1), 0.6, st.RULE) for c in range(last)],
        *[("SPAN", (col, 0), (col, 1)) for col in range(1 + passes)],
        ("SPAN", (0, 2), (first - 1, 2)),
        ("BACKGROUND", (0, 0), (-1, 1), st.SHADE),
        ("LINEBELOW", (0, 1), (-1, 1), 1.2, st.INK),
        ("LINEBELOW", (0, 2), (-1, 2), 1.0, st.INK),
        ("FONTNAME", (0, 3), (0, -1), st.FONT_BOLD),
        *[("ALIGN", (1, 3), (1, -1), "LEFT")] * passes,
        ("LINEAFTER", (first - 1, 0), (first - 1, -1), 1.0, st.INK),
    ]
    if moon_col:
        box = first - 1
        cmds += [("SPAN", (box, 0), (box, 1)), ("FONTSIZE", (box, 3), (box, -1), 16)]
    if check_col:
        cmds += [
            ("SPAN", (last, 0), (last, 1)),
            ("LINEBEFORE", (last, 0), (last, -1), 1.0, st.INK),
            ("BACKGROUND", (last, 2), (last, 2), st.SHADE),
        ]
    for i in range(len(sides)):
        col = first + 2 * i
        cmds += [
            ("SPAN", (col, 0), (col + 1, 0)),
            ("VALIGN", (col, 0), (col, 0), "TOP"),
            ("TOPPADDING", (col, 0), (col, 0), 3),
            ("BACKGROUND", (col, 0), (col + 1, 0), None),
            ("LINEBEFORE", (col, 0), (col, -1), 1.0, st.INK),
            ("BACKGROUND", (col + 1, 2), (col + 1, -1), st.SHADE),
            ("BACKGROUND", (col, 2), (col, 2), st.SHADE),
        ]
    every = plan.cycle if plan.cycle >= 3 else 5
    cmds += [
        ("LINEBELOW", (0, 2 + n), (-1, 2 + n), 1.0, st.INK) for n in range(every, plan.rows, every)
    ]
    return Table(
        data, colWidths=widths, rowHeights=plan.row_heights, style=TableStyle(cmds), hAlign="LEFT"
    )


def render_large_score_sheet(
    rules: HouseRules, text: ScoreSheetText, *, paper: str = "letter", code: SheetCode | None = None
) -> LargeScoreSheetPDF:
    """The large-print score sheet's PDF: one page, or two that line up for 7 players or more;
    the same bytes on every run, with ``code`` (a QR code) in the first page's top right corner
    when given. Pure (reads no files but the vendored fonts)."""
    corner = qr_room(code, LARGE_CAPTION)
    plan = plan_large_score_sheet(rules, text, paper=paper, corner=corner)
    page_w, page_h = plan.page_size
    width, height = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=plan.page_size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        **st.pdf_metadata(text.labels),
    )

    def first_page_code(canvas, doc) -> None:
        draw_qr_corner(
            canvas, code if doc.page == 1 else None, *page_corner(doc.pagesize), LARGE_CAPTION
        )

    doc.addPageTemplates(
        [
            PageTemplate(
                id="score",
                frames=[bare_frame(MARGIN, MARGIN, width, height, "sheet")],
                onPage=first_page_code,
            )
        ]
    )
    story: list = []
    count = len(plan.pages)
    shared = _below(text, plan.whole_cycles, width, count)
    for page in range(count):
        above = _summary(text) + [Spacer(1, GAP)] if count == 1 else []
        below = shared[page]
        content = (
            _head(text, width, corner, _page_label(text, page + 1, count))
            + [Spacer(1, GAP), *above, _grid(rules, text, plan, page), Spacer(1, GAP)]
            + below
        )
        story += ([PageBreak()] if page else []) + [
            KeepInFrame(width, height, content, mode="error")
        ]
    build_pages(doc, story, "The large-print score sheet", paper, len(plan.pages))
    return LargeScoreSheetPDF(buf.getvalue(), plan)


__all__ = [
    "CELL_MIN",
    "LABEL_SIZE",
    "LargePlan",
    "LargeScoreSheetPDF",
    "ROW_MIN",
    "SIDES_PER_PAGE",
    "plan_large_score_sheet",
    "render_large_score_sheet",
    "split_sides",
]
