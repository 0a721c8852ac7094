"""The score sheet: one page, made for the house rules in force.

The grid has a heading row with each column group headed by the name of its seat or team in the
content's language (:meth:`~sheets.language.Language.side_names`), so the sheet, the rule sheet's
example and the scorekeeper agree, with room below to write the players' names; a top row for the totals carried
over from a full sheet; then one row per hand: its number, its pass direction from the cycle in
force, a box to tick for a moon, a points space and a running-total space per player (or team),
and the check number the hand's points must add up to. The header carries the title, date and
place, and the scoring rules that differ from game to game; the footer says how to fill a row,
how to score a moon, who deals first and how to go on when the rows run out.

Every word comes in as a :class:`~sheets.blocks.ScoreSheetText` (assembled from
``content/scoresheet.yaml`` by :func:`sheets.text.score_sheet_text`); this module adds only
numbers and symbols, plans the page and draws it.

How many rows: a normal hand adds ``rules.check_sum`` points to the table, so after ``n`` hands the
highest total is at least ``n * check_sum / sides``; the game is therefore over after
``ceil(target * sides / check_sum)`` hands at the latest. Rules that take points off the table
(a moon scored by subtraction, the exactly-100 reset) add what they can take off, and playing on
after a tie adds a hand (:func:`score_sheet_rows`). When that many rows fit at
:data:`MIN_ROW_H`, the page fills with rows up to :data:`MAX_ROW_H` tall. When they do not (a
high target: 250 needs 39 hands with four players, 1000 needs 154), the sheet prints as many as
fit at :data:`MIN_ROW_H`, and the game goes on on a new sheet, its totals copied into the top row
("from the last sheet"). Hand rows come in whole pass cycles wherever that costs at most a quarter
of them, so a new sheet's printed passes go on where the full one stopped; where they cannot (a
cycle longer than a quarter of the rows), the footer tells the table to pass on from where the
cycle stopped (:attr:`Plan.whole_cycles`). Only a page with room
for fewer than :data:`MIN_ROWS` hand rows is refused (:class:`~sheets.errors.DoesNotFitError`);
no house-rules file that ``check`` accepts comes near that.

Cells: a pencilled "−26" or "104" is about 0.3 in wide; with air on both sides it needs
:data:`MIN_CELL_W`. Each player gets a white points cell and a shaded total cell side by side,
each the full height of its row: in portrait while both can be :data:`COMFORT_CELL_W` wide (3 to
6 players, the partnership), else in landscape while they can be :data:`UNEVEN_BELOW_W` (7 and 8
players). Past that (9 and 10) the cells are made uneven: the hand's points, written only to
check the row and to add, get a cell of :data:`MIN_CELL_W` (or :data:`POINTS_SHARE` of the
player's width, if more), and the running total, the number the table reads across, the rest (at
least :data:`TOTAL_MIN_W`). The check column prints the moon's sum in every row, or only in its
heading ("compact") where that leaves the score cells their width.

Type: nothing on the sheet is under :data:`TEXT_FLOOR` points. The title steps down from 18 pt
where it would take more than two lines, and the date and place sit beside a title that leaves
them room, else below it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
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
from sheets.layout.pages import SheetCode, build_pages, draw_qr_corner, qr_room
from sheets.layout.scorefill import SheetPage, fill_grid, sheet_pages
from sheets.layout.scorenumbers import (
    MIN_ROW_H,
    MIN_ROWS,
    MOON,
    _moon_sum_texts,
    check_text,
    hand_rows,
    moon_check_text,
    score_sheet_rows,
)

if TYPE_CHECKING:
    from sheets.gamerecord import GameRecord

MIN_CELL_W = 0.45 * inch  # narrowest points or total cell: room for "−26" or "104" in pencil
COMFORT_CELL_W = 0.5 * inch  # two cells a player in portrait while both can be this wide
UNEVEN_BELOW_W = 0.55 * inch  # in landscape, narrower even cells give way to uneven ones
MAX_CELL_W = 2 * inch  # wider cells only spread the numbers apart
POINTS_SHARE = 0.45  # uneven cells: the points cell's share of the player's width, at least
TOTAL_MIN_W = 0.35 * inch  # uneven cells: the least room for a total beside the points
NAME_ROW_H = 0.38 * inch  # the heading row where the names are written
SUB_ROW_H = 0.17 * inch  # the "pts / total" heading row
MOON_COL_W = 0.22 * inch
HEAD_ROWS = 2  # heading rows above the carried-over row
GAP = 5  # points between header, grid and footer
TEXT_FLOOR = st.TEXT_FLOOR  # no text on the sheet is smaller
CELL_FONT_SIZE = 7.5  # hand numbers and pass directions
HEAD_FONT_SIZE = st.COLUMN_HEAD_SIZE  # the column headings, the names and "pts / total"
CHECK_FONT_SIZE = st.CHECK_SIZE
TITLE_SIZES = (18, 17, 16, 15, 14, 13, 12)  # the title takes the first that keeps to two lines
FORM_BESIDE_W = 4.6 * inch  # the date and place beside a title that leaves them this much


#: The forms tried, in order: (orientation, uneven cells).
FORMS = (("portrait", False), ("landscape", False), ("landscape", True))


@dataclass(frozen=True, slots=True)
class Plan:
    """Where everything goes on the page: orientation, form, column widths, rows."""

    paper: str
    orientation: str
    page_size: tuple[float, float]
    sides: int  # score column groups: players, or 2 teams
    uneven: bool  # the points cell narrower than the total's
    compact: bool  # the moon's check sums in the check column's heading only
    title_size: float
    hand_w: float
    pass_w: float
    moon_w: float
    check_w: float
    points_w: float  # each points cell
    total_w: float  # each total cell
    row_h: float  # each hand row, and the carried-over row
    rows: int  # hand rows printed
    rows_wanted: int  # what :func:`score_sheet_rows` asks for
    cycle: int  # hands in the passing cycle

    @property
    def whole_cycles(self) -> bool:
        """True when the rows end with a whole pass cycle, so that a new sheet's printed passes
        go on where this one's stop."""
        return self.rows % self.cycle == 0

    @property
    def column_w(self) -> float:
        """One player's (or team's) columns together."""
        return self.points_w + self.total_w

    @property
    def cell_w(self) -> float:
        """The narrowest space a number is written in."""
        return min(self.points_w, self.total_w)

    @property
    def col_widths(self) -> list[float]:
        """Every grid column, left to right."""
        return (
            [self.hand_w, self.pass_w, self.moon_w]
            + [self.points_w, self.total_w] * self.sides
            + [self.check_w]
        )

    @property
    def row_heights(self) -> list[float]:
        """Every grid row, top to bottom: two heading rows, the carried-over row, the hands."""
        return [NAME_ROW_H, SUB_ROW_H] + [self.row_h] * (self.rows + 1)


@dataclass(frozen=True, slots=True)
class ScoreSheetPDF:
    """A rendered score sheet: the PDF's bytes and the plan it was drawn to."""

    pdf: bytes
    plan: Plan


@cache
def _style(name: str, size: float | None = None) -> ParagraphStyle:
    """A stylesheet style, raised to the sheet's sizes (``size``: the font size wanted)."""
    base = st.style(name)
    if size is None:
        return base
    return ParagraphStyle(
        f"Score{name}{size:g}",
        parent=base,
        fontSize=size,
        leading=size + base.leading - base.fontSize,
    )


def _title(text: ScoreSheetText, size: float) -> Paragraph:
    """The group's title as typed, in bold, then the sheet's name: "Hearts · score sheet"."""
    return Paragraph(
        f"<b>{st.typed_markup(text.title)}</b> · {st.markup(text.heading)}", _style("Title", size)
    )


def _title_size(text: ScoreSheetText, width: float) -> float:
    """The largest of :data:`TITLE_SIZES` at which the title keeps to two lines (the smallest
    when none does)."""
    return st.title_size(lambda size: _title(text, size), width, TITLE_SIZES) or TITLE_SIZES[-1]


# A cell with nothing in it, given to a table as no flowables: an empty string would be drawn
# as a text object that shows nothing, in every blank cell.
EMPTY: tuple = ()


def _form(text: ScoreSheetText, width: float) -> Table:
    """The date and place, each a label and a line to write on."""
    label = st.style("Subtitle")

    def label_w(words: str, least: float) -> float:
        """A label's column: as wide as the label's words need (German "Datum" is wider than
        "Date"), and never narrower than English's."""
        return max(least, stringWidth(words, label.fontName, label.fontSize) + 4)

    date_w, gap_w, place_w = (
        label_w(text.date, 0.4 * inch),
        0.25 * inch,
        label_w(text.place, 0.45 * inch),
    )
    date_line = min(1.9 * inch, (width - date_w - gap_w - place_w) / 2)
    form = Table(
        [
            [
                Paragraph(st.markup(text.date), label),
                EMPTY,
                EMPTY,
                Paragraph(st.markup(text.place), label),
                EMPTY,
            ]
        ],
        colWidths=[date_w, date_line, gap_w, place_w, width - date_w - date_line - gap_w - place_w],
        style=st.FORM_LINE_STYLE,
    )
    form.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (1, 0), (1, 0), 0.6, st.RULE),
                ("LINEBELOW", (4, 0), (4, 0), 0.6, st.RULE),
            ]
        )
    )
    return form


def _head_flowables(
    text: ScoreSheetText, width: float, title_size: float, corner: tuple[float, float] = (0.0, 0.0)
) -> list:
    """Title, date and place lines (beside a title that takes one line beside them, else
    below it), rule summary; beside the corner kept for the QR code when there is one."""
    corner_w, corner_h = corner
    if corner_w:
        head = _head_flowables(text, width - corner_w, title_size)
        return [
            Table(
                [[head, Spacer(corner_w, corner_h)]],
                colWidths=[width - corner_w, corner_w],
                style=st.CORNER_STYLE,
            )
        ]
    title = _title(text, title_size)
    summary = Paragraph(" · ".join(st.markup(item) for item in text.summary), st.style("Small"))
    title_w = width - FORM_BESIDE_W - GAP
    title.wrap(title_w, 10_000)
    if len(title.blPara.lines) == 1:
        band = Table(
            [[title, EMPTY, _form(text, FORM_BESIDE_W)]],
            colWidths=[title_w, GAP, FORM_BESIDE_W],
            style=st.FORM_LINE_STYLE,
        )
        return [band, Spacer(width, GAP), summary]
    return [title, Spacer(width, 3), _form(text, width), Spacer(width, GAP), summary]


def _foot_flowables(text: ScoreSheetText, whole_cycles: bool) -> list:
    """The footer's paragraphs, the last ending with how to go on when the rows run out: a new
    sheet's passes go on where this one's stop when its rows end with a whole pass cycle."""
    carry_on = text.carry_on if whole_cycles else text.carry_on_mid_cycle
    lines = [*text.footer[:-1], f"{text.footer[-1]} {carry_on}"] if text.footer else [carry_on]
    return [Paragraph(st.markup(line), st.style("Note")) for line in lines]


def _height(flowables: list, width: float) -> float:
    return sum(f.wrap(width, 10_000)[1] for f in flowables)


@lru_cache(maxsize=64)
def _head_and_foot(
    text: ScoreSheetText, width: float, whole_cycles: bool, corner: tuple[float, float]
) -> tuple[float, float]:
    """The title's size and the height of the header and footer across a page width (the
    same for every form of the grid, so measured once per width)."""
    size = _title_size(text, width - corner[0])
    return size, (
        _height(_head_flowables(text, width, size, corner), width)
        + _height(_foot_flowables(text, whole_cycles), width)
    )


def _check_heading(rules: HouseRules, text: ScoreSheetText, compact: bool) -> list[str]:
    """Lines of the check column's heading: the moon's sums join it on compact sheets."""
    moon = _moon_sum_texts(rules) if compact else []
    return [text.check] + moon[:1] + [f"{text.check_or} {r}" for r in moon[1:]]


def _fixed_widths(
    rules: HouseRules, text: ScoreSheetText, rows: int, compact: bool
) -> tuple[float, float, float, float]:
    """Widths of the hand, pass, moon and check columns, from the text they hold."""
    pad = 2 * 1.5 + 1  # the grid's cell padding, and a point to spare
    hand_w = (
        max(
            st.text_width(text.hand, HEAD_FONT_SIZE, bold=True),
            st.text_width(str(rows), CELL_FONT_SIZE, bold=True),
        )
        + pad
    )
    pass_w = (
        max(
            [st.text_width(text.pass_, HEAD_FONT_SIZE, bold=True)]
            + [st.text_width(label, CELL_FONT_SIZE) for _, label in text.pass_labels]
        )
        + pad
    )
    check_w = (
        max(
            [
                st.text_width(line, HEAD_FONT_SIZE, bold=True)
                for line in _check_heading(rules, text, compact)
            ]
            + [st.text_width(check_text(rules, compact=compact), CHECK_FONT_SIZE)]
        )
        + pad
    )
    # the carried-over row's label spans the first three columns on one line
    pass_w = max(pass_w, st.text_width(text.carried, HEAD_FONT_SIZE) + pad - hand_w - MOON_COL_W)
    return hand_w, pass_w, MOON_COL_W, check_w


def _plan(
    rules: HouseRules,
    text: ScoreSheetText,
    paper: str,
    orientation: str,
    uneven: bool,
    compact: bool,
    whole_cycles: bool,
    corner: tuple[float, float],
) -> Plan | str:
    """A plan for one form of the sheet under the footer for rows that end with whole pass
    cycles or not, or the reason it cannot be made."""
    page_w, page_h = st.page_size(paper, orientation)
    width, height = page_w - 2 * st.MARGIN, page_h - 2 * st.MARGIN
    wanted = score_sheet_rows(rules)
    hand_w, pass_w, moon_w, check_w = _fixed_widths(rules, text, min(wanted, 99), compact)
    column = min(2 * MAX_CELL_W, (width - hand_w - pass_w - moon_w - check_w) / rules.sides)
    where = f"{paper} {orientation}"
    if uneven:
        points_w = max(MIN_CELL_W, POINTS_SHARE * column)
        if column - points_w < TOTAL_MIN_W:
            return (
                f"{rules.sides} score columns of {(MIN_CELL_W + TOTAL_MIN_W) / inch:.2f} "
                f"in do not fit across {where} ({column / inch:.2f} in each)"
            )
    else:
        points_w = column / 2
        if points_w < MIN_CELL_W:
            return (
                f"{2 * rules.sides} score cells of {MIN_CELL_W / inch:.2f} in do not fit "
                f"across {where} ({points_w / inch:.2f} in each)"
            )
    title_size, head_and_foot = _head_and_foot(text, width, whole_cycles, corner)
    room = height - head_and_foot - 2 * GAP - NAME_ROW_H - SUB_ROW_H
    rows = hand_rows(wanted, room, len(rules.passing))
    if rows is None:
        return (
            f"fewer than {MIN_ROWS} hand rows of {MIN_ROW_H / inch:.2f} in fit on {where} "
            f"under the header and the footer"
        )
    return Plan(
        paper,
        orientation,
        (page_w, page_h),
        rules.sides,
        uneven,
        compact,
        title_size,
        hand_w,
        pass_w,
        moon_w,
        check_w,
        points_w,
        column - points_w,
        rows[1],
        rows[0],
        wanted,
        len(rules.passing),
    )


def _roomy(plan: Plan) -> bool:
    """True when a plan's cells are as wide as its form asks (see :func:`plan_score_sheet`)."""
    if plan.uneven:
        return plan.total_w >= MIN_CELL_W
    return plan.cell_w >= (COMFORT_CELL_W if plan.orientation == "portrait" else UNEVEN_BELOW_W)


def plan_score_sheet(
    rules: HouseRules,
    text: ScoreSheetText,
    *,
    paper: str = "letter",
    corner: tuple[float, float] = (0.0, 0.0),
) -> Plan:
    """Choose orientation, form, column widths and rows; raise :class:`DoesNotFitError` if
    none fits.

    The first of :data:`FORMS` whose cells are roomy is taken, with the full check text before
    the compact one: even cells while they are :data:`COMFORT_CELL_W` wide in portrait,
    :data:`UNEVEN_BELOW_W` in landscape; uneven cells while the total's is :data:`MIN_CELL_W`.
    Failing all, the widest cells that fit at all.

    The rows are planned under the footer for whole pass cycles first; when they do not end
    with one, again under the footer that says how to go on mid-cycle.
    """
    plan = _choose(rules, text, paper, True, corner)
    return plan if plan.whole_cycles else _choose(rules, text, paper, False, corner)


def _choose(
    rules: HouseRules,
    text: ScoreSheetText,
    paper: str,
    whole_cycles: bool,
    corner: tuple[float, float],
) -> Plan:
    """:func:`plan_score_sheet` under one of the two footers."""
    plans = []
    for orientation, uneven in FORMS:  # in order, until one is roomy
        for compact in (False, True):
            plan = _plan(rules, text, paper, orientation, uneven, compact, whole_cycles, corner)
            if isinstance(plan, Plan) and _roomy(plan):
                return plan
            plans.append(plan)
    good = [p for p in plans if isinstance(p, Plan)]
    if not good:
        raise DoesNotFitError(
            f"The score sheet for {rules.players} players does not fit one "
            f"{paper} page: "
            + "; ".join(dict.fromkeys(p for p in plans if isinstance(p, str)))
            + "."
        )
    return max(good, key=lambda p: min(p.points_w, p.total_w))


# -- drawing ----------------------------------------------------------------------------------


def _grid_lines(plan: Plan) -> list[tuple]:
    """The grid's light inner lines (the stylesheet's inner grid), below every row but the
    last and after every column but the last."""
    ((_, _, _, width, colour),) = [
        c for c in st.SCORE_GRID_STYLE.getCommands() if c[0] == "INNERGRID"
    ]
    last = len(plan.col_widths) - 1
    return [("LINEBELOW", (0, 0), (-1, -2), width, colour)] + [
        ("LINEAFTER", (col, 0), (col, -1), width, colour) for col in range(last)
    ]


def _grid(
    rules: HouseRules, text: ScoreSheetText, plan: Plan, page: SheetPage | None = None
) -> Table:
    """The score grid: two heading rows, the carried-over row, then one row per hand (with a
    page of a game, its hands written in: :mod:`sheets.layout.scorefill`)."""
    head = _style("ColumnHead", HEAD_FONT_SIZE)
    label = _style("Label", HEAD_FONT_SIZE)
    first_cell = 3  # column of the first points cell
    check_col = first_cell + 2 * plan.sides
    carried, first_hand = HEAD_ROWS, HEAD_ROWS + 1  # row numbers
    names = []
    for name in text.sides:  # the seats' names, with room below to write the players'
        names += [Paragraph(st.markup(name), label), EMPTY]
    data = [
        [
            Paragraph(st.markup(text.hand), head),
            Paragraph(st.markup(text.pass_), head),
            Paragraph(MOON, st.style("MoonHead")),
        ]
        + names
        + [
            Paragraph(
                "<br/>".join(st.markup(line) for line in _check_heading(rules, text, plan.compact)),
                head,
            )
        ],
        [EMPTY] * 3 + [text.points, text.total] * plan.sides + [EMPTY],
        [Paragraph(st.markup(text.carried), label)] + [EMPTY] * (2 * plan.sides + 3),
    ]
    moon = "" if plan.compact else moon_check_text(rules)
    check = Paragraph(
        f"<b>{st.markup(signed(rules.check_sum))}</b> {st.markup(moon)}".strip(), st.style("Check")
    )
    first = page.first if page else 0
    for n in range(first, first + plan.rows):
        data.append(
            [str(n + 1), text.pass_label(rules.pass_direction(n)), "☐"]
            + [EMPTY] * (2 * plan.sides)
            + [check]
        )
    cmds: list[tuple] = [
        *_grid_lines(plan),
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (1, 0), (1, 1)),
        ("SPAN", (2, 0), (2, 1)),
        ("SPAN", (check_col, 0), (check_col, 1)),
        ("SPAN", (0, carried), (2, carried)),
        ("BACKGROUND", (0, 0), (-1, 1), st.SHADE),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, st.INK),
        ("LINEBELOW", (0, carried), (-1, carried), 0.9, st.MUTED),
        ("FONTSIZE", (0, 1), (-1, 1), HEAD_FONT_SIZE),
        ("TEXTCOLOR", (0, 1), (-1, 1), st.ASIDE),
        ("FONTSIZE", (0, first_hand), (-1, -1), CELL_FONT_SIZE),
        ("FONTNAME", (0, first_hand), (0, -1), st.FONT_BOLD),
        ("ALIGN", (1, first_hand), (1, -1), "LEFT"),
        ("FONTSIZE", (2, first_hand), (2, -1), 10),
        ("TEXTCOLOR", (2, first_hand), (2, -1), st.ASIDE),
        ("LINEAFTER", (2, 0), (2, -1), 0.9, st.INK),
        ("LINEBEFORE", (check_col, 0), (check_col, -1), 0.9, st.INK),
    ]
    for side in range(plan.sides):
        col = first_cell + 2 * side
        cmds += [
            ("SPAN", (col, 0), (col + 1, 0)),
            ("VALIGN", (col, 0), (col, 0), "TOP"),
            ("TOPPADDING", (col, 0), (col, 0), 1.5),
            ("BACKGROUND", (col, 0), (col + 1, 0), None),
            ("LINEBEFORE", (col, 0), (col, -1), 0.9, st.INK),
        ]
        # the total cells shaded; nothing to write in the carried-over points cell
        cmds += [
            ("BACKGROUND", (col + 1, carried), (col + 1, -1), st.SHADE),
            ("BACKGROUND", (col, carried), (col, carried), st.SHADE),
        ]
    cmds.append(("BACKGROUND", (check_col, carried), (check_col, carried), st.SHADE))
    cycle = len(rules.passing)
    every = cycle if cycle >= 3 else 5
    for n in range(every - 1, plan.rows - 1, every):
        row = first_hand + n
        cmds.append(("LINEBELOW", (0, row), (-1, row), 0.9, st.MUTED))
    if page:
        fill_grid(
            data, cmds, page, text, plan.col_widths, first_cell=first_cell, carried_row=carried
        )
    base = TableStyle([c for c in st.SCORE_GRID_STYLE.getCommands() if c[0] != "INNERGRID"])
    table = Table(
        data, colWidths=plan.col_widths, rowHeights=plan.row_heights, style=base, hAlign="LEFT"
    )
    table.setStyle(TableStyle(cmds))
    return table


def render_score_sheet(
    rules: HouseRules,
    text: ScoreSheetText,
    *,
    paper: str = "letter",
    game: GameRecord | None = None,
    code: SheetCode | None = None,
) -> ScoreSheetPDF:
    """The score sheet PDF for these house rules in these words, with the plan it was drawn to:
    one page, identical bytes on every run, with ``code`` (a QR code) in the top right corner
    beside the header when given. With a ``game`` (played under these rules), the game written
    in, on as many pages as its hands need.

    Pure: reads no files but the vendored fonts. Raises :class:`DoesNotFitError` when the header
    and footer leave no room for :data:`MIN_ROWS` hand rows (words no house-rules file that
    ``check`` accepts can make).
    """
    corner = qr_room(code)
    plan = plan_score_sheet(rules, text, paper=paper, corner=corner)
    page_w, page_h = plan.page_size
    width, height = page_w - 2 * st.MARGIN, page_h - 2 * st.MARGIN
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=plan.page_size,
        leftMargin=st.MARGIN,
        rightMargin=st.MARGIN,
        topMargin=st.MARGIN,
        bottomMargin=st.MARGIN,
        **st.pdf_metadata(text.labels),
    )
    frame = Frame(
        st.MARGIN,
        st.MARGIN,
        width,
        height,
        id="sheet",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                id="score", frames=[frame], onPage=lambda canvas, _doc: draw_qr_corner(canvas, code)
            )
        ]
    )
    pages = sheet_pages(game, plan.rows) if game else [None]
    story: list = []
    for page in pages:
        content = (
            _head_flowables(text, width, plan.title_size, corner)
            + [Spacer(width, GAP), _grid(rules, text, plan, page), Spacer(width, GAP)]
            + _foot_flowables(text, plan.whole_cycles)
        )
        story += [PageBreak()] * bool(story) + [KeepInFrame(width, height, content, mode="error")]
    build_pages(doc, story, "The score sheet", paper, pages=len(pages))
    return ScoreSheetPDF(buf.getvalue(), plan)


__all__ = [
    "COMFORT_CELL_W",
    "MAX_CELL_W",
    "MIN_CELL_W",
    "MOON",
    "Plan",
    "POINTS_SHARE",
    "ScoreSheetPDF",
    "TEXT_FLOOR",
    "TOTAL_MIN_W",
    "UNEVEN_BELOW_W",
    "plan_score_sheet",
    "render_score_sheet",
]
