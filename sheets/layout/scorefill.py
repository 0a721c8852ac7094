"""A finished game written into the score sheet: the same grid, each hand filled in.

:mod:`sheets.layout.scoresheet` plans and draws the blank sheet; with a game, it draws one grid a
page (:func:`sheet_pages`) and hands each to :func:`fill_grid`, which writes into the cells the
blank sheet leaves for the table: the names under the seats' headings, each hand's points and the
running totals, a mark (•) before the points of whoever dealt the hand, the moon box ticked (☑,
or ☀ for a sun) and a hand stopped by a revoke marked in the same box, the check column ticked
with what the row adds up to (a moon hand's sum marked ☾ or ☀, as the blank rows print it),
the totals carried over at the top of every page after the first, the winners' last totals in
bold, and a finished game's blank rows struck through. The printed
words, numbers and lines stay as they are: a blank sheet is the same bytes as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table

from sheets.blocks import DEALT_MARK, ScoreSheetText, signed
from sheets.layout import styles as st
from sheets.layout.scorenumbers import MOON
from sheets.scoring import HandRecord, tied_playing_on

if TYPE_CHECKING:
    from sheets.gamerecord import GameRecord

MARK_MOON, MARK_SUN = "☑", "☀"
TICK = "✓"
CELL_LEADING = 12.0  # the leading of the cells the pen writes in, as their baselines are placed


@dataclass(frozen=True, slots=True)
class SheetPage:
    """One page of a filled-in sheet: its hands (the first counted from 0 in the game), the
    totals carried over from the page before (None on the first), the names and the winners
    (only on the last page: the game's end is written there)."""

    first: int
    hands: tuple[HandRecord, ...]
    carried: tuple[int, ...] | None
    names: tuple[str, ...]
    winners: tuple[int, ...]
    dealers: tuple[int, ...] = ()  # the side that dealt each of the page's hands


def sheet_pages(game: GameRecord, rows: int) -> list[SheetPage]:
    """The pages a game fills, ``rows`` hands to a page (at least one page, for a game with no
    hands yet)."""
    count = max(1, -(-len(game.hands) // rows))
    pages = []
    for k in range(count):
        first = k * rows
        carried = game.hands[first - 1].totals if first else None
        pages.append(
            SheetPage(
                first,
                game.hands[first : first + rows],
                carried,
                game.names,
                game.winners if k == count - 1 else (),
                game.dealers[first : first + rows],
            )
        )
    return pages


def _pen(size: float, bold: bool = False) -> ParagraphStyle:
    return ParagraphStyle(
        f"Pen{size:g}{'b' if bold else ''}",
        parent=st.style("Body"),
        fontName=st.FONT_BOLD if bold else st.FONT,
        fontSize=size,
        leading=size + 1.5,
        textColor=st.PEN,
        alignment=1,
    )


class _Dealt(Flowable):
    """The points of the side that dealt the hand: the number centred and set as in the other
    cells, with :data:`~sheets.blocks.DEALT_MARK` at the cell's left edge."""

    def __init__(self, number: str, size: float):
        super().__init__()
        self.number, self.size = number, size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, CELL_LEADING
        return self.width, self.height

    def draw(self) -> None:
        # the baseline a string cell of this leading and size has in the same row
        base = self.height - self.size
        self.canv.setFillColor(st.PEN)
        self.canv.setFont(st.FONT_BOLD, self.size)
        self.canv.drawString(0, base, DEALT_MARK)  # first, so the text reads "• 4"
        self.canv.setFont(st.FONT, self.size)
        self.canv.drawCentredString(self.width / 2, base, self.number)


class StruckGrid(Table):
    """The grid of a filled-in sheet's last page: when the game is over, its rows left blank
    are struck through with one line of the pen, corner to corner across the points cells and
    the check column, so nothing can be added under a finished game."""

    def __init__(self, *args, struck: tuple[int, int] | None = None, first_col: int = 0, **kw):
        super().__init__(*args, **kw)
        self.struck, self.first_col = struck, first_col

    def draw(self) -> None:
        super().draw()
        if not self.struck:
            return
        top, bottom = self.struck  # the first and the last row struck
        rows, cols = self._rowpositions, self._colpositions
        self.canv.saveState()
        self.canv.setStrokeColor(st.PEN)
        self.canv.setLineWidth(1.2)
        self.canv.line(cols[self.first_col], rows[top], cols[-1], rows[bottom + 1])
        self.canv.restoreState()


def struck_rows(page: SheetPage, rows: int, carried_row: int) -> tuple[int, int] | None:
    """The rows a page of a finished game leaves blank, to strike through (the first and the
    last, counted in the grid), or None: a page before the last, a game not over, a full page."""
    used = len(page.hands)
    if not page.winners or used >= rows:
        return None
    return carried_row + 1 + used, carried_row + rows


def _one_line(name: str, room: float) -> tuple[str, float]:
    """A name as a heading cell ``room`` points wide holds it on one line: at the pen's size,
    smaller where it is long (never under the sheets' floor), and where even that is too wide,
    cut short with "…"."""
    size = float(st.PEN_SIZE)
    wide = st.text_width(name, size, bold=True)
    if wide > room:
        size = max(st.TEXT_FLOOR, size * room / wide)
    while len(name) > 1 and st.text_width(name, size, bold=True) > room:
        name = name.removesuffix("…")[:-1].rstrip() + "…"
    return name, size


def _number_size(widths: Sequence[float], numbers: Sequence[str]) -> float:
    """The pen's size for numbers in cells of these widths: :data:`~st.PEN_SIZE`, smaller where
    the widest number would not fit the narrowest cell (never under the sheet's floor)."""
    room = min(widths) - 4
    wide = max((st.text_width(n, st.PEN_SIZE, bold=True) for n in numbers), default=0.0)
    return max(st.TEXT_FLOOR, st.PEN_SIZE * min(1.0, room / wide) if wide else st.PEN_SIZE)


def fill_grid(
    data: list[list],
    cmds: list[tuple],
    page: SheetPage,
    text: ScoreSheetText,
    widths: Sequence[float],
    *,
    first_cell: int,
    carried_row: int,
) -> None:
    """Write a page of a game into the blank grid's rows (``data``) and style (``cmds``):
    ``widths`` are the grid's columns, ``first_cell`` the column of the first points cell and
    ``carried_row`` the row of the totals carried over (the hands follow it)."""
    sides = len(page.names)
    check_col = first_cell + 2 * sides
    for side, name in enumerate(page.names):  # each name under its seat's heading
        col = first_cell + 2 * side
        written, name_size = _one_line(name, widths[col] + widths[col + 1] - 2 * st.GRID_PADDING)
        data[0][col] = [
            data[0][col],
            Paragraph(st.typed_markup(written), _pen(name_size, bold=True)),
        ]
    numbers = [signed(n) for h in page.hands for n in (*h.scores, *h.totals)]
    size = _number_size(widths[first_cell:check_col], numbers + ["−100"])
    cells: list[tuple[int, int]] = []
    if page.carried is not None:
        for side, total in enumerate(page.carried):
            data[carried_row][first_cell + 2 * side + 1] = signed(total)
            cells.append((first_cell + 2 * side + 1, carried_row))
    for n, hand in enumerate(page.hands):
        row = carried_row + 1 + n
        for side in range(sides):
            col = first_cell + 2 * side
            data[row][col], data[row][col + 1] = (
                signed(hand.scores[side]),
                signed(hand.totals[side]),
            )
            cells += [(col, row), (col + 1, row)]
        if n < len(page.dealers):  # the dealer's points, marked
            col = first_cell + 2 * page.dealers[n]
            data[row][col] = _Dealt(data[row][col], size)
        mark = (
            text.revoke
            if hand.revoke is not None
            else MARK_SUN
            if hand.sun
            else MARK_MOON
            if hand.shooter is not None
            else None
        )
        if mark:  # in the moon box, just before the first points cell
            data[row][first_cell - 1] = mark
            cmds += [
                ("TEXTCOLOR", (first_cell - 1, row), (first_cell - 1, row), st.PEN),
                ("FONTNAME", (first_cell - 1, row), (first_cell - 1, row), st.FONT_BOLD),
            ]
        data[row][check_col] = check_written(hand)
        cmds += [
            ("TEXTCOLOR", (check_col, row), (check_col, row), st.PEN),
            ("FONTSIZE", (check_col, row), (check_col, row), st.CHECK_SIZE + 1),
        ]
    for cell in cells:
        cmds += [
            ("FONTNAME", cell, cell, st.FONT),
            ("FONTSIZE", cell, cell, size),
            ("LEADING", cell, cell, CELL_LEADING),
            ("TEXTCOLOR", cell, cell, st.PEN),
        ]
    if page.winners and page.hands:
        last = carried_row + len(page.hands)
        for side in page.winners:
            cell = (first_cell + 2 * side + 1, last)
            cmds.append(("FONTNAME", cell, cell, st.FONT_BOLD))


def check_written(hand: HandRecord) -> str:
    """A hand's check, ticked: what its row adds up to, after the moon's mark (or the sun's) on
    a moon hand, as the blank rows print a moon hand's sum ("☾78"): "✓ 26", "✓ ☾78"."""
    mark = "" if hand.shooter is None else MARK_SUN if hand.sun else MOON
    return f"{TICK} {mark}{signed(sum(hand.scores))}"


def game_end(game: GameRecord, text: ScoreSheetText) -> str:
    """The line under a filled-in sheet's grid, as markup, the names in bold: who won and
    with what (joint winners named together), or that the game is unfinished after its last
    hand (a tie played on, or no total at the target yet); then every side's total, lowest
    first. Empty for a game with no hands."""
    if not game.hands:
        return ""
    rules, totals, hand = game.rules, game.totals, len(game.hands)
    names = [f"<b>{st.typed_markup(name)}</b>" for name in game.names]

    def word(name: str) -> str:
        return st.markup(text.game_word(name))

    def joined(said: Sequence[str]) -> str:
        """Words joined as the language joins a list, with "and" before the last."""
        return (
            text.game_word("comma").join(said[:-1])
            + text.game_word("and") * (len(said) > 1)
            + said[-1]
        )

    def listed(sides: Sequence[int]) -> str:
        """The sides' names, joined."""
        return joined([names[side] for side in sides])

    lowest = [side for side, total in enumerate(totals) if total == min(totals)]
    low = signed(min(totals)) if text.lowest is None else text.lowest  # {total:point}: counted
    if game.winners:
        said = (
            word("game-wins").format(hand=hand, name=names[game.winners[0]], total=low)
            if len(game.winners) == 1
            else word("game-share").format(hand=hand, names=listed(game.winners), total=low)
        )
    elif tied_playing_on(rules, totals):  # a tie for the lowest, played on
        tied = "game-tied-teams" if rules.partnership else "game-tied"
        said = word(tied).format(hand=hand, names=listed(lowest), total=low)
    else:
        said = word("game-unfinished").format(hand=hand, target=rules.target)
    # the hand a tie played on began after: the printed totals pass the target there, and the
    # game goes on with no word why; and the hands it took, where more than one (the second was
    # not told: round 34)
    ties = [k for k, h in enumerate(game.hands[:-1]) if tied_playing_on(rules, h.totals)]
    if len(ties) == 1:
        said += " " + word("game-played-off").format(hand=ties[0] + 1)
    elif ties:
        played = [str(k + 2) for k in ties]  # each hand played while tied
        said += " " + word("game-played-off-hands").format(hand=ties[0] + 1, hands=joined(played))
    ranked = sorted(range(len(totals)), key=lambda side: (totals[side], side))
    each = text.game_word("comma").join(
        word("game-total").format(name=names[side], total=signed(totals[side])) for side in ranked
    )
    ending = word("game-totals" if game.winners else "game-totals-so-far").format(totals=each)
    return f"{said} {ending}"


__all__ = ["SheetPage", "StruckGrid", "fill_grid", "game_end", "sheet_pages", "struck_rows"]
