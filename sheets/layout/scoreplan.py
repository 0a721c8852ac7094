"""The score sheet's plan: the orientation, the form of its cells, the columns' widths and how
many rows, for the house rules in force.

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

from dataclasses import dataclass

from reportlab.lib.units import inch

from sheets.blocks import ScoreSheetText
from sheets.errors import DoesNotFitError
from sheets.houserules import HouseRules
from sheets.layout import styles as st
from sheets.layout.scorehead import GAP, head_and_foot
from sheets.layout.scorenumbers import (
    MIN_ROW_H,
    MIN_ROWS,
    PORTRAIT_SIDES,
    check_text,
    hand_rows,
    moon_sum_texts,
    score_sheet_rows,
)

MIN_CELL_W = 0.45 * inch  # narrowest points or total cell: room for "−26" or "104" in pencil
COMFORT_CELL_W = 0.5 * inch  # two cells a player in portrait while both can be this wide
UNEVEN_BELOW_W = 0.55 * inch  # in landscape, narrower even cells give way to uneven ones
MAX_CELL_W = 2 * inch  # wider cells only spread the numbers apart
POINTS_SHARE = 0.45  # uneven cells: the points cell's share of the player's width, at least
TOTAL_MIN_W = 0.35 * inch  # uneven cells: the least room for a total beside the points
NAME_ROW_H = 0.38 * inch  # the heading row where the names are written
SUB_ROW_H = 0.17 * inch  # the "pts / total" heading row
MOON_COL_W = 0.22 * inch
TEXT_FLOOR = st.TEXT_FLOOR  # no text on the sheet is smaller
CELL_FONT_SIZE = 7.5  # hand numbers and pass directions
HEAD_FONT_SIZE = st.COLUMN_HEAD_SIZE  # the column headings, the names and "pts / total"
CHECK_FONT_SIZE = st.CHECK_SIZE
CELL_PAD = 2 * 1.5 + 1  # the grid's cell padding, and a point to spare


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
    passes: bool = True  # a pass column: False where no hand passes (the summary says so)

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
    def moon_col(self) -> int:
        """The moon box's column: after the hand's number and its pass, where there is one."""
        return 2 if self.passes else 1

    @property
    def col_widths(self) -> list[float]:
        """Every grid column, left to right."""
        return (
            [self.hand_w]
            + [self.pass_w] * self.passes
            + [self.moon_w]
            + [self.points_w, self.total_w] * self.sides
            + [self.check_w]
        )

    @property
    def row_heights(self) -> list[float]:
        """Every grid row, top to bottom: two heading rows, the carried-over row, the hands."""
        return [NAME_ROW_H, SUB_ROW_H] + [self.row_h] * (self.rows + 1)


def check_heading(rules: HouseRules, text: ScoreSheetText, compact: bool) -> list[str]:
    """Lines of the check column's heading: the moon's sums join it on compact sheets."""
    moon = moon_sum_texts(rules) if compact else []
    return [text.check] + moon[:1] + [f"{text.check_or} {r}" for r in moon[1:]]


def _fixed_widths(
    rules: HouseRules, text: ScoreSheetText, rows: int, compact: bool
) -> tuple[float, float, float, float]:
    """Widths of the hand, pass, moon and check columns, from the text they hold; no pass
    column (0) where no hand passes."""
    pad = CELL_PAD
    hand_w = (
        max(
            st.text_width(text.hand, HEAD_FONT_SIZE, bold=True),
            st.text_width(str(rows), CELL_FONT_SIZE, bold=True),
        )
        + pad
    )
    if not rules.passes:
        # the carried-over row's label spans the hand and moon columns, on two lines at most
        carried_w = st.two_line_width(text.carried, HEAD_FONT_SIZE) + pad
        return max(hand_w, carried_w - MOON_COL_W), 0.0, MOON_COL_W, _check_w(rules, text, compact)
    pass_w = (
        max(
            [st.text_width(text.pass_, HEAD_FONT_SIZE, bold=True)]
            + [st.text_width(label, CELL_FONT_SIZE) for _, label in text.pass_labels]
        )
        + pad
    )
    # the carried-over row's label spans the first three columns on one line
    pass_w = max(pass_w, st.text_width(text.carried, HEAD_FONT_SIZE) + pad - hand_w - MOON_COL_W)
    return hand_w, pass_w, MOON_COL_W, _check_w(rules, text, compact)


def _check_w(rules: HouseRules, text: ScoreSheetText, compact: bool) -> float:
    """The check column's width, from its heading and the check printed in every row."""
    return (
        max(
            [
                st.text_width(line, HEAD_FONT_SIZE, bold=True)
                for line in check_heading(rules, text, compact)
            ]
            + [st.text_width(check_text(rules, compact=compact), CHECK_FONT_SIZE)]
        )
        + CELL_PAD
    )


def _plan(
    rules: HouseRules,
    text: ScoreSheetText,
    paper: str,
    orientation: str,
    uneven: bool,
    compact: bool,
    whole_cycles: bool,
    corner: tuple[float, float],
    below: tuple = (),
) -> Plan | str:
    """A plan for one form of the sheet under the footer for rows that end with whole pass
    cycles or not (with ``below``, flowables between the grid and the footer), or the reason it
    cannot be made."""
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
    title_size, header_footer = head_and_foot(text, width, whole_cycles, corner)
    room = height - header_footer - 2 * GAP - NAME_ROW_H - SUB_ROW_H
    room -= sum(f.wrap(width, 10_000)[1] + GAP for f in below)
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
        rules.passes,
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
    below: tuple = (),
) -> Plan:
    """Choose orientation, form, column widths and rows (leaving room for ``below``, the
    flowables a filled-in sheet prints under its grid); raise :class:`DoesNotFitError` if
    none fits.

    The first of :data:`FORMS` whose cells are roomy is taken, with the full check text before
    the compact one: even cells while they are :data:`COMFORT_CELL_W` wide in portrait,
    :data:`UNEVEN_BELOW_W` in landscape; uneven cells while the total's is :data:`MIN_CELL_W`.
    Failing all, the widest cells that fit at all.

    The rows are planned under the footer for whole pass cycles first; when they do not end
    with one, again under the footer that says how to go on mid-cycle.
    """
    plan = _choose(rules, text, paper, True, corner, below)
    return plan if plan.whole_cycles else _choose(rules, text, paper, False, corner, below)


def _choose(
    rules: HouseRules,
    text: ScoreSheetText,
    paper: str,
    whole_cycles: bool,
    corner: tuple[float, float],
    below: tuple,
) -> Plan:
    """:func:`plan_score_sheet` under one of the two footers."""
    plans = []
    # more sides than PORTRAIT_SIDES go across a landscape page (as the browser prints them),
    # even where a table with no pass column would fit across a portrait one
    forms = [f for f in FORMS if rules.sides <= PORTRAIT_SIDES or f[0] == "landscape"]
    for orientation, uneven in forms:  # in order, until one is roomy
        for compact in (False, True):
            plan = _plan(
                rules, text, paper, orientation, uneven, compact, whole_cycles, corner, below
            )
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
