"""The score sheet: one page, made for the house rules in force.

Each hand row shows its number, the pass direction from the cycle in force, a box to tick for a
moon, a points cell and a running-total cell per player (or team), and the check number the hand's
points must add up to. The header carries the title, date and place, and the scoring rules that
differ from game to game; the footer says how to fill a row and how to score a moon. Each score
column group is headed with the engine's name for its seat or team
(:func:`~sheets.engine.side_names`), so the sheet, the rule sheet's example and the scorekeeper
agree; the players write their own names below it.

Every word comes in as a :class:`~sheets.blocks.ScoreSheetText` (assembled from
``content/scoresheet.yaml`` by :func:`sheets.text.score_sheet_text`); this module adds only
numbers and symbols, plans the page and draws it.

How many rows: a normal hand adds ``rules.check_sum`` points to the table, so after ``n`` hands the
highest total is at least ``n * check_sum / sides``; the game is therefore over after
``ceil(target * sides / check_sum)`` hands at the latest. Rules that take points off the table
(a moon scored by subtraction, the exactly-100 reset) add what they can take off, and playing on
after a tie adds a hand. When that many rows do not fit at the minimum row height, the sheet shows
as many as fit, provided they still cover the plain game (bonus card and resets aside); otherwise
:class:`~sheets.errors.DoesNotFitError` is raised.

Orientation: portrait while every writing cell can be at least :data:`COMFORT_CELL_W` wide,
otherwise landscape (7 or more players on both papers).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.units import inch
from reportlab.platypus import (BaseDocTemplate, Frame, KeepInFrame, PageTemplate, Paragraph,
                                Spacer, Table, TableStyle)
from reportlab.platypus.doctemplate import LayoutError

from sheets.blocks import ScoreSheetText, strip_bold
from sheets.engine import side_names
from sheets.errors import DoesNotFitError
from sheets.houserules import HouseRules
from sheets.layout import styles as st

MIN_CELL_W = 0.45 * inch  # narrowest points or total cell: room for "-26" or "104" in pencil
COMFORT_CELL_W = 0.5 * inch  # below this in portrait, the sheet turns to landscape
MAX_CELL_W = 2 * inch  # wider cells only spread the numbers apart
MIN_ROW_H = 0.28 * inch  # lowest hand row a pencil can write in
MAX_ROW_H = 0.42 * inch
NAME_ROW_H = 0.38 * inch  # the heading row where the names are written
SUB_ROW_H = 0.17 * inch  # the "pts / total" heading row
MOON_COL_W = 0.22 * inch
MIN_ROWS = 8
HEAD_ROWS = 2  # heading rows above the first hand row
GAP = 5  # points between header, grid and footer
CELL_FONT_SIZE = 7.5
HEAD_FONT_SIZE = st.COLUMN_HEAD_SIZE  # the Hand, Pass and Check headings
CHECK_FONT_SIZE = st.CHECK_SIZE

MOON = "☾"
SUN = "☀"
MINUS = "−"  # a true minus sign, as printed


# -- numbers ----------------------------------------------------------------------------------


def _signed(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else str(n)


def moon_check_sums(rules: HouseRules, value: int | None = None) -> tuple[int, ...]:
    """What a moon hand's points add up to under the moon rule in force, one per way to score it.

    Adding to the others: ``value * (sides - 1)``; subtracting from the shooter: ``-value`` (the
    others write 0); the bonus card's -10s come on top either way. ``value`` defaults to the moon's
    worth; pass ``rules.sun_value`` for the sun.
    """
    add, subtract = rules.moon_sums(value)
    return ((add,) if rules.moon_may_add else ()) + ((subtract,) if rules.moon_may_subtract else ())


def _moon_sum_texts(rules: HouseRules) -> list[str]:
    """The moon hand's sums as printed, the first marked ☾: ``["☾78", "−26"]``; none when a
    moon hand adds up like any other (a team moon scored by adding: 26)."""
    sums = moon_check_sums(rules)
    if sums == (rules.check_sum,):
        return []
    texts = [_signed(n) for n in sums]
    return [MOON + texts[0], *texts[1:]]


def moon_check_text(rules: HouseRules) -> str:
    """The moon hand's check: ``☾78``, ``☾−26``, or ``☾78/−26`` when the rule allows either.

    Empty when a moon hand adds up like any other (a team moon scored by adding: 26).
    """
    return "/".join(_moon_sum_texts(rules))


def check_text(rules: HouseRules, *, compact: bool = False) -> str:
    """The check printed in every hand row: the normal sum, then the moon's, e.g. ``26 ☾78``.

    Compact sheets (too many columns for the full text) print only the normal sum in the rows and
    the moon's in the column heading.
    """
    normal = _signed(rules.check_sum)
    moon = moon_check_text(rules)
    return normal if compact or not moon else f"{normal} {moon}"


def score_sheet_rows(rules: HouseRules) -> int:
    """Hand rows a whole game needs at most (see the module docstring); at least :data:`MIN_ROWS`.
    """
    lost = 0  # points that rules may take off the table during a game
    if rules.exactly_100 != "none":
        lost += 100 - rules.exactly_100
    if rules.moon_may_subtract:
        lost += 2 * rules.moon_value  # one moon: -value instead of +check_sum, roughly
    hands = math.ceil((rules.target * rules.sides + lost) / rules.check_sum)
    return max(MIN_ROWS, hands + (1 if rules.ties == "play-on" else 0))


def _plain_game_rows(rules: HouseRules) -> int:
    """Rows the plain game (no bonus card, no resets) needs at most: the fewest a sheet may show."""
    return max(MIN_ROWS, math.ceil(rules.target * rules.sides / rules.points_per_hand))


# -- layout -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """Where everything goes on the page: orientation, column widths, row height, rows."""

    paper: str
    orientation: str
    page_size: tuple[float, float]
    sides: int  # score column groups: players, or 2 teams
    compact: bool  # check and pass columns in their narrow form
    hand_w: float
    pass_w: float
    moon_w: float
    check_w: float
    cell_w: float  # each points cell and each total cell
    row_h: float  # each hand row
    rows: int  # hand rows printed
    rows_wanted: int  # what :func:`score_sheet_rows` asks for

    @property
    def col_widths(self) -> list[float]:
        """Every grid column, left to right."""
        return ([self.hand_w, self.pass_w, self.moon_w] + [self.cell_w] * (2 * self.sides)
                + [self.check_w])

    @property
    def row_heights(self) -> list[float]:
        """Every grid row, top to bottom: the two heading rows, then the hands."""
        return [NAME_ROW_H, SUB_ROW_H] + [self.row_h] * self.rows


@dataclass(frozen=True)
class ScoreSheetPDF:
    """A rendered score sheet: the PDF's bytes and the plan it was drawn to."""

    pdf: bytes
    plan: Plan


def _head_flowables(text: ScoreSheetText, width: float) -> list:
    """Title, date and place lines, rule summary."""
    title_p = Paragraph(st.markup(text.heading), st.style("Title"))
    label = st.style("Subtitle")
    form = Table([[Paragraph(st.markup(text.date), label), "", "",
                   Paragraph(st.markup(text.place), label), ""]],
                 colWidths=[0.4 * inch, 1.9 * inch, 0.25 * inch, 0.45 * inch, None],
                 style=st.FORM_LINE_STYLE)
    form.setStyle(TableStyle([("LINEBELOW", (1, 0), (1, 0), 0.6, st.RULE),
                              ("LINEBELOW", (4, 0), (4, 0), 0.6, st.RULE)]))
    summary = Paragraph(" · ".join(st.markup(item) for item in text.summary),
                        st.style("Small"))
    return [title_p, Spacer(width, 3), form, Spacer(width, GAP), summary]


def _foot_flowables(text: ScoreSheetText) -> list:
    return [Paragraph(st.markup(line), st.style("Note")) for line in text.footer]


def _height(flowables: list, width: float) -> float:
    return sum(f.wrap(width, 10_000)[1] for f in flowables)


@lru_cache(maxsize=64)
def _head_and_foot_height(text: ScoreSheetText, width: float) -> float:
    """The height of the header and the footer across a page width (the same for either
    form of the check column, so measured once per width)."""
    return _height(_head_flowables(text, width), width) + _height(_foot_flowables(text), width)


def _check_heading(rules: HouseRules, text: ScoreSheetText, compact: bool) -> list[str]:
    """Lines of the check column's heading: the moon's sums join it on compact sheets."""
    moon = _moon_sum_texts(rules) if compact else []
    return [text.check] + moon[:1] + [f"{text.check_or} {r}" for r in moon[1:]]


def _pass_font_size(compact: bool) -> float:
    return CELL_FONT_SIZE - 1 if compact else CELL_FONT_SIZE


def _fixed_widths(rules: HouseRules, text: ScoreSheetText, rows: int,
                  compact: bool) -> tuple[float, float, float, float]:
    """Widths of the hand, pass, moon and check columns, from the text they hold."""
    pad = 2 * 1.5 + 1  # the grid's cell padding, and a point to spare
    hand_w = max(st.text_width(text.hand, HEAD_FONT_SIZE, bold=True),
                 st.text_width(str(rows), CELL_FONT_SIZE, bold=True))
    pass_w = max([st.text_width(text.pass_, HEAD_FONT_SIZE, bold=True)]
                 + [st.text_width(label, _pass_font_size(compact))
                    for _, label in text.pass_labels])
    check_w = max([st.text_width(line, HEAD_FONT_SIZE, bold=True)
                   for line in _check_heading(rules, text, compact)]
                  + [st.text_width(check_text(rules, compact=compact), CHECK_FONT_SIZE)])
    return hand_w + pad, pass_w + pad, MOON_COL_W, check_w + pad


def _plan(rules: HouseRules, text: ScoreSheetText, paper: str, orientation: str,
          compact: bool) -> Plan | str:
    """A plan for one orientation, or the reason it cannot be made."""
    page_w, page_h = st.page_size(paper, orientation)
    width, height = page_w - 2 * st.MARGIN, page_h - 2 * st.MARGIN
    wanted = score_sheet_rows(rules)
    hand_w, pass_w, moon_w, check_w = _fixed_widths(rules, text, wanted, compact)
    cells = 2 * rules.sides
    cell_w = min(MAX_CELL_W, (width - hand_w - pass_w - moon_w - check_w) / cells)
    if cell_w < MIN_CELL_W:
        return (f"{cells} score cells of {MIN_CELL_W / inch:.2f} in do not fit across "
                f"{paper} {orientation} ({cell_w / inch:.2f} in each)")
    rows_h = (height - _head_and_foot_height(text, width) - 2 * GAP - NAME_ROW_H
              - SUB_ROW_H)
    rows = wanted
    if rows_h < rows * MIN_ROW_H:
        rows = int(rows_h // MIN_ROW_H)
        if rows < _plain_game_rows(rules):
            return (f"{wanted} hand rows are needed (at least {_plain_game_rows(rules)}) but "
                    f"only {max(rows, 0)} of {MIN_ROW_H / inch:.2f} in fit on {paper} "
                    f"{orientation}")
    else:  # every row wanted fits: fill the page with rows no taller than MAX_ROW_H
        rows = max(rows, int(rows_h // MAX_ROW_H))
    row_h = min(MAX_ROW_H, rows_h / rows)
    return Plan(paper, orientation, (page_w, page_h), rules.sides, compact, hand_w, pass_w,
                moon_w,
                check_w, cell_w, row_h, rows, wanted)


def plan_score_sheet(rules: HouseRules, text: ScoreSheetText, *, paper: str = "letter") -> Plan:
    """Choose orientation, column widths and rows; raise :class:`DoesNotFitError` if none fits.

    Rows fill the page once all those wanted fit. Preference: all rows wanted over fewer; then portrait if its cells are at least
    :data:`COMFORT_CELL_W` wide; then the full check text over the compact one; then the wider
    cells.
    """
    plans = [_plan(rules, text, paper, o, c) for o in st.ORIENTATIONS for c in (False, True)]
    good = [p for p in plans if isinstance(p, Plan)]
    if not good:
        raise DoesNotFitError(f"The score sheet for {rules.players} players does not fit one "
                              f"{paper} page: " + "; ".join(dict.fromkeys(plans)) + ".")

    def rank(p: Plan) -> tuple:
        return (p.rows >= p.rows_wanted,
                p.orientation == "portrait" and p.cell_w >= COMFORT_CELL_W,
                not p.compact,
                p.cell_w)

    return max(good, key=rank)


# -- drawing ----------------------------------------------------------------------------------


def _grid(rules: HouseRules, text: ScoreSheetText, plan: Plan) -> Table:
    """The score grid: two heading rows, then one row per hand."""
    head = st.style("ColumnHead")
    label = st.style("Label")
    first_cell = 3  # column of the first points cell
    check_col = first_cell + 2 * plan.sides
    names = []
    for name in side_names(rules):  # the engine's names, with room below to write the players'
        names += [Paragraph(st.markup(name), label), ""]
    data = [
        [Paragraph(st.markup(text.hand), head), Paragraph(st.markup(text.pass_), head),
         Paragraph(MOON, st.style("MoonHead"))]
        + names
        + [Paragraph("<br/>".join(st.markup(line)
                                  for line in _check_heading(rules, text, plan.compact)), head)],
        ["", "", ""] + [text.points, text.total] * plan.sides + [""],
    ]
    moon = "" if plan.compact else moon_check_text(rules)
    check = Paragraph(f"<b>{st.markup(_signed(rules.check_sum))}</b> {st.markup(moon)}".strip(),
                      st.style("Check"))
    for n in range(plan.rows):
        data.append([str(n + 1), text.pass_label(rules.pass_direction(n)), "☐"]
                    + [""] * (2 * plan.sides) + [check])
    cmds: list[tuple] = [
        ("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (1, 1)), ("SPAN", (2, 0), (2, 1)),
        ("SPAN", (check_col, 0), (check_col, 1)),
        ("BACKGROUND", (0, 0), (-1, 1), st.SHADE),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, st.INK),
        ("FONTSIZE", (0, 1), (-1, 1), 6.5), ("TEXTCOLOR", (0, 1), (-1, 1), st.MUTED),
        ("FONTSIZE", (0, 2), (-1, -1), CELL_FONT_SIZE),
        ("FONTNAME", (0, 2), (0, -1), st.FONT_BOLD),
        ("ALIGN", (1, 2), (1, -1), "LEFT"),
        ("FONTSIZE", (1, 2), (1, -1), _pass_font_size(plan.compact)),
        ("FONTSIZE", (2, 2), (2, -1), 10), ("TEXTCOLOR", (2, 2), (2, -1), st.RULE),
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
            ("BACKGROUND", (col + 1, 2), (col + 1, -1), st.SHADE),
            ("LINEBEFORE", (col, 0), (col, -1), 0.9, st.INK),
        ]
    cycle = len(rules.passing)
    every = cycle if cycle >= 3 else 5
    for n in range(every - 1, plan.rows - 1, every):
        cmds.append(("LINEBELOW", (0, HEAD_ROWS + n), (-1, HEAD_ROWS + n), 0.9, st.MUTED))
    table = Table(data, colWidths=plan.col_widths, rowHeights=plan.row_heights,
                  style=st.SCORE_GRID_STYLE, hAlign="LEFT")
    table.setStyle(TableStyle(cmds))
    return table


def render_score_sheet(rules: HouseRules, text: ScoreSheetText, *,
                       paper: str = "letter") -> ScoreSheetPDF:
    """The score sheet PDF for these house rules in these words, with the plan it was drawn to:
    one page, identical bytes on every run.

    Pure: reads no files but the vendored fonts. Raises :class:`DoesNotFitError` when the sheet
    cannot fit one page with cells of the minimum size.
    """
    plan = plan_score_sheet(rules, text, paper=paper)
    page_w, page_h = plan.page_size
    width, height = page_w - 2 * st.MARGIN, page_h - 2 * st.MARGIN
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf, pagesize=plan.page_size, leftMargin=st.MARGIN, rightMargin=st.MARGIN,
        topMargin=st.MARGIN, bottomMargin=st.MARGIN,
        **st.pdf_metadata(title=strip_bold(text.heading),
                          subject=f"Score sheet for Hearts, {rules.players} players",
                          keywords=("score sheet",)))
    frame = Frame(st.MARGIN, st.MARGIN, width, height, id="sheet", leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate(id="score", frames=[frame])])
    content = (_head_flowables(text, width) + [Spacer(width, GAP), _grid(rules, text, plan),
               Spacer(width, GAP)] + _foot_flowables(text))
    try:
        doc.build([KeepInFrame(width, height, content, mode="error")])
    except LayoutError as err:
        raise DoesNotFitError(f"The score sheet does not fit one {paper} page: {err}") from err
    if doc.page != 1:
        raise DoesNotFitError(f"The score sheet ran to {doc.page} pages on {paper} paper.")
    return ScoreSheetPDF(buf.getvalue(), plan)


__all__ = ["COMFORT_CELL_W", "MAX_CELL_W", "MIN_CELL_W", "MIN_ROW_H", "MIN_ROWS", "MOON",
           "Plan", "SUN", "ScoreSheetPDF", "check_text", "moon_check_sums", "plan_score_sheet",
           "render_score_sheet", "score_sheet_rows"]
