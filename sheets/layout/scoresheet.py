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

How many rows and how wide each cell is are planned in :mod:`sheets.layout.scoreplan`; the
header and the footer are set in :mod:`sheets.layout.scorehead`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
from sheets.houserules import HouseRules
from sheets.layout import styles as st
from sheets.layout.pages import (
    SheetCode,
    bare_frame,
    build_pages,
    draw_qr_corner,
    page_corner,
    qr_room,
)
from sheets.layout.scorefill import (
    SheetPage,
    StruckGrid,
    fill_grid,
    game_end,
    sheet_pages,
    struck_rows,
)
from sheets.layout.scorehead import EMPTY, GAP, foot_flowables, head_flowables, style
from sheets.layout.scorenumbers import MOON, moon_check_text
from sheets.layout.scoreplan import (
    CELL_FONT_SIZE,
    COMFORT_CELL_W,
    HEAD_FONT_SIZE,
    MAX_CELL_W,
    MIN_CELL_W,
    POINTS_SHARE,
    TEXT_FLOOR,
    TOTAL_MIN_W,
    UNEVEN_BELOW_W,
    Plan,
    check_heading,
    plan_score_sheet,
)

if TYPE_CHECKING:
    from sheets.gamerecord import GameRecord

HEAD_ROWS = 2  # heading rows above the carried-over row


@dataclass(frozen=True, slots=True)
class ScoreSheetPDF:
    """A rendered score sheet: the PDF's bytes and the plan it was drawn to."""

    pdf: bytes
    plan: Plan


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
    head = style("ColumnHead", HEAD_FONT_SIZE)
    label = style("Label", HEAD_FONT_SIZE)
    moon_col = plan.moon_col  # after the hand's number, and its pass where hands pass
    first_cell = moon_col + 1  # column of the first points cell
    check_col = first_cell + 2 * plan.sides
    carried, first_hand = HEAD_ROWS, HEAD_ROWS + 1  # row numbers
    names = []
    for name in text.sides:  # the seats' names, with room below to write the players'
        names += [Paragraph(st.markup(name), label), EMPTY]
    lead = [Paragraph(st.markup(text.hand), head)]
    lead += [Paragraph(st.markup(text.pass_), head)] if plan.passes else []
    data = [
        lead
        + [Paragraph(MOON, st.style("MoonHead"))]
        + names
        + [
            Paragraph(
                "<br/>".join(st.markup(line) for line in check_heading(rules, text, plan.compact)),
                head,
            )
        ],
        [EMPTY] * first_cell + [text.points, text.total] * plan.sides + [EMPTY],
        [Paragraph(st.markup(text.carried), label)] + [EMPTY] * (2 * plan.sides + first_cell),
    ]
    moon = "" if plan.compact else moon_check_text(rules)
    check = Paragraph(
        f"<b>{st.markup(signed(rules.check_sum))}</b> {st.markup(moon)}".strip(), st.style("Check")
    )
    first = page.first if page else 0
    for n in range(first, first + plan.rows):
        passed = [text.pass_label(rules.pass_direction(n))] if plan.passes else []
        data.append([str(n + 1), *passed, "☐"] + [EMPTY] * (2 * plan.sides) + [check])
    cmds: list[tuple] = [
        *_grid_lines(plan),
        *[("SPAN", (col, 0), (col, 1)) for col in range(first_cell)],
        ("SPAN", (check_col, 0), (check_col, 1)),
        ("SPAN", (0, carried), (moon_col, carried)),
        ("BACKGROUND", (0, 0), (-1, 1), st.SHADE),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, st.INK),
        ("LINEBELOW", (0, carried), (-1, carried), 0.9, st.MUTED),
        ("FONTSIZE", (0, 1), (-1, 1), HEAD_FONT_SIZE),
        ("TEXTCOLOR", (0, 1), (-1, 1), st.ASIDE),
        ("FONTSIZE", (0, first_hand), (-1, -1), CELL_FONT_SIZE),
        ("FONTNAME", (0, first_hand), (0, -1), st.FONT_BOLD),
        *[("ALIGN", (1, first_hand), (1, -1), "LEFT")] * plan.passes,
        ("FONTSIZE", (moon_col, first_hand), (moon_col, -1), 10),
        ("TEXTCOLOR", (moon_col, first_hand), (moon_col, -1), st.ASIDE),
        ("LINEAFTER", (moon_col, 0), (moon_col, -1), 0.9, st.INK),
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
    grid = dict(colWidths=plan.col_widths, rowHeights=plan.row_heights, style=base, hAlign="LEFT")
    table = (
        StruckGrid(data, struck=struck_rows(page, plan.rows, carried), first_col=first_cell, **grid)
        if page
        else Table(data, **grid)
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
    ending = game_end(game, text) if game else ""  # who won, under the grid of the last page
    below = (Paragraph(ending, st.style("Body")),) if ending else ()
    plan = plan_score_sheet(rules, text, paper=paper, corner=corner, below=below)
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
    frame = bare_frame(st.MARGIN, st.MARGIN, width, height, "sheet")
    doc.addPageTemplates(
        [
            PageTemplate(
                id="score",
                frames=[frame],
                onPage=lambda canvas, doc: draw_qr_corner(canvas, code, *page_corner(doc.pagesize)),
            )
        ]
    )
    pages = sheet_pages(game, plan.rows) if game else [None]
    story: list = []
    for page in pages:
        last = page is pages[-1]
        content = (
            head_flowables(text, width, plan.title_size, corner)
            + [Spacer(width, GAP), _grid(rules, text, plan, page), Spacer(width, GAP)]
            + [*below, Spacer(width, GAP)] * bool(below and last)
            + foot_flowables(text, plan.whole_cycles)
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
