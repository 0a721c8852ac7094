"""The score sheet's header and footer: the title (fitted to two lines), the date and place,
the rule summary, and the footer's notes; measured once per page width for the plan."""

from __future__ import annotations

from functools import cache, lru_cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from sheets.blocks import ScoreSheetText
from sheets.layout import styles as st

GAP = 5  # points between header, grid and footer
TITLE_SIZES = (18, 17, 16, 15, 14, 13, 12)  # the title takes the first that keeps to two lines
FORM_BESIDE_W = 4.6 * inch  # the date and place beside a title that leaves them this much

# A cell with nothing in it, given to a table as no flowables: an empty string would be drawn
# as a text object that shows nothing, in every blank cell.
EMPTY: tuple = ()


@cache
def style(name: str, size: float | None = None) -> ParagraphStyle:
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
        f"<b>{st.typed_markup(text.title)}</b> · {st.markup(text.heading)}", style("Title", size)
    )


def _title_size(text: ScoreSheetText, width: float) -> float:
    """The largest of :data:`TITLE_SIZES` at which the title keeps to two lines (the smallest
    when none does)."""
    return st.title_size(lambda size: _title(text, size), width, TITLE_SIZES) or TITLE_SIZES[-1]


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
    written = (  # a filled-in sheet's date, in the pen's ink on the line
        Paragraph(st.markup(text.date_written), st.style("Pen")) if text.date_written else EMPTY
    )
    form = Table(
        [
            [
                Paragraph(st.markup(text.date), label),
                written,
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


def head_flowables(
    text: ScoreSheetText, width: float, title_size: float, corner: tuple[float, float] = (0.0, 0.0)
) -> list:
    """Title, date and place lines (beside a title that takes one line beside them, else
    below it), rule summary; beside the corner kept for the QR code when there is one."""
    corner_w, corner_h = corner
    if corner_w:
        head = head_flowables(text, width - corner_w, title_size)
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


def foot_lines(text: ScoreSheetText, whole_cycles: bool, pages: int = 1) -> list[str]:
    """The footer's paragraphs: the first (how to fill a row) ending with the check against the
    printed number, said to be on the second page when a row runs over two; the last ending
    with how to go on when the rows run out (a new sheet's passes go on where this one's stop
    when its rows end with a whole pass cycle)."""
    check = text.check_row if pages == 1 else text.check_row_pages
    carry_on = text.carry_on if whole_cycles else text.carry_on_mid_cycle
    lines = [f"{text.footer[0]} {check}", *text.footer[1:]] if text.footer else [check]
    lines[-1] = f"{lines[-1]} {carry_on}"
    return lines


def foot_flowables(text: ScoreSheetText, whole_cycles: bool) -> list:
    """The one-page sheet's footer, one paragraph each (see :func:`foot_lines`)."""
    return [Paragraph(st.markup(line), st.style("Note")) for line in foot_lines(text, whole_cycles)]


def _height(flowables: list, width: float) -> float:
    return sum(f.wrap(width, 10_000)[1] for f in flowables)


@lru_cache(maxsize=64)
def head_and_foot(
    text: ScoreSheetText, width: float, whole_cycles: bool, corner: tuple[float, float]
) -> tuple[float, float]:
    """The title's size and the height of the header and footer across a page width (the
    same for every form of the grid, so measured once per width)."""
    size = _title_size(text, width - corner[0])
    return size, (
        _height(head_flowables(text, width, size, corner), width)
        + _height(foot_flowables(text, whole_cycles), width)
    )
