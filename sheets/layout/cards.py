"""The pocket rule cards: one page of four identical cards, each a quarter of the paper, with
light cut marks where the page is cut in four.

Each card is the group's title, then the groups of :class:`~sheets.cardtext.PocketCardText`
(a bold heading, its lines as bullets). Every card has the page margin on all four sides once
cut, so a card trimmed by hand along the marks keeps its text clear of the edge.

Fitting: the body size is the largest of :data:`CARD_SIZES` at which the card fits its quarter;
nothing is ever under :data:`~sheets.layout.styles.TEXT_FLOOR` (7 pt). A card that does not fit
at 7 pt raises :class:`~sheets.errors.DoesNotFitError` naming how much room it needs. The card is
drawn as measured, inside ``KeepInFrame(mode="error")``, and the page count is checked.

With a QR code, each card carries it in its top right corner: the card's first lines run beside
the corner kept for it (a table of them and a spacer), the rest below; the fitting measures so.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    FrameBreak,
    KeepInFrame,
    PageTemplate,
    Paragraph,
    Spacer,
)

from sheets.cardtext import PocketCardText
from sheets.errors import DoesNotFitError
from sheets.layout import styles as st
from sheets.layout.pages import (
    SheetCode,
    bare_frame,
    beside_corner,
    build_pages,
    draw_qr_corner,
    qr_room,
)

CARDS = 4  # to a page: two across, two down
CARD_SIZES = tuple(x / 4 for x in range(48, 27, -1))  # 12 pt down to 7 pt, in quarter points
TITLE_GROWTH = 1.25  # the title's size, in body sizes
GROUP_GAP = 0.45  # space above a group's heading, in body sizes
CUT_MARK = 9  # points: each cut mark's length
CUT_WIDTH = 0.4


@dataclass(frozen=True, slots=True)
class PocketCardsPDF:
    """Rendered pocket cards: the PDF's bytes and the body size chosen."""

    pdf: bytes
    body_size: float


@dataclass(frozen=True, slots=True)
class _Card:
    """One card's geometry on a paper."""

    page_w: float
    page_h: float

    @property
    def width(self) -> float:
        return self.page_w / 2 - 2 * st.MARGIN

    @property
    def height(self) -> float:
        return self.page_h / 2 - 2 * st.MARGIN

    def origin(self, index: int) -> tuple[float, float]:
        """The lower left corner of card ``index``'s text (left to right, top to bottom)."""
        column, row = index % 2, index // 2
        return (column * self.page_w / 2 + st.MARGIN, (1 - row) * self.page_h / 2 + st.MARGIN)


def _flowables(
    text: PocketCardText, size: float, width: float = 0.0, corner: tuple[float, float] = (0.0, 0.0)
) -> list[Flowable]:
    """The card's flowables at a body size, the first beside the corner kept for the QR code
    when there is one (``width``: the card's)."""
    if corner[0]:
        return beside_corner(_flowables(text, size), width, corner)
    title = st.title_style(round(size * TITLE_GROWTH, 2))
    heading = st.rule_style("RuleBody", size).clone(
        "CardHeading", fontName=st.FONT_BOLD, textColor=st.RED
    )
    bullet = st.rule_style("RuleBullet", size)
    flows: list[Flowable] = [
        Paragraph(f"<b>{st.typed_markup(text.title)}</b> · {st.markup(text.heading)}", title)
    ]
    for group in text.groups:
        flows += [Spacer(1, size * GROUP_GAP), Paragraph(st.markup(group.heading), heading)]
        flows += [Paragraph(st.markup(line), bullet, bulletText="•") for line in group.lines]
    return flows


def _height(flows: list[Flowable], width: float) -> float:
    return sum(f.wrap(width, 1e6)[1] for f in flows)


def _fit(text: PocketCardText, card: _Card, corner: tuple[float, float]) -> float:
    """The largest body size at which the card fits its quarter of the page."""
    for size in CARD_SIZES:
        if _height(_flowables(text, size, card.width, corner), card.width) <= card.height:
            return size
    need = _height(_flowables(text, CARD_SIZES[-1], card.width, corner), card.width)
    raise DoesNotFitError(
        f'The pocket card "{text.title}" does not fit a quarter page even '
        f"at {CARD_SIZES[-1]:g} pt: it needs {need / 72:.1f} in, "
        f"{card.height / 72:.1f} in is there (shorten the title)."
    )


def _cut_marks(canvas, page_w: float, page_h: float) -> None:
    """Light marks where the page is cut: at the middle of each edge and a cross at the
    centre, in the light grey of the sheets' rules."""
    canvas.saveState()
    canvas.setStrokeColor(st.RULE)
    canvas.setLineWidth(CUT_WIDTH)
    mid_x, mid_y = page_w / 2, page_h / 2
    canvas.line(mid_x, 0, mid_x, CUT_MARK)
    canvas.line(mid_x, page_h - CUT_MARK, mid_x, page_h)
    canvas.line(0, mid_y, CUT_MARK, mid_y)
    canvas.line(page_w - CUT_MARK, mid_y, page_w, mid_y)
    canvas.line(mid_x - CUT_MARK, mid_y, mid_x + CUT_MARK, mid_y)
    canvas.line(mid_x, mid_y - CUT_MARK, mid_x, mid_y + CUT_MARK)
    canvas.restoreState()


def _draw_page(canvas, card: _Card, code: SheetCode | None) -> None:
    """What the page callback draws: the cut marks, and each card's QR code."""
    _cut_marks(canvas, card.page_w, card.page_h)
    for i in range(CARDS) if code else ():
        x, y = card.origin(i)
        draw_qr_corner(canvas, code, right=x + card.width, top=y + card.height)


def render_pocket_cards(
    text: PocketCardText, *, paper: str = "letter", code: SheetCode | None = None
) -> PocketCardsPDF:
    """The pocket cards' PDF: one page of four cards at the largest body size that fits, the
    same bytes on every run, each card with ``code`` (a QR code) in its top right corner when
    given. Pure (reads no files but the vendored fonts)."""
    page_w, page_h = st.page_size(paper)
    card = _Card(page_w, page_h)
    corner = qr_room(code)
    size = _fit(text, card, corner)
    frames = [
        bare_frame(*card.origin(i), card.width, card.height, f"card{i}") for i in range(CARDS)
    ]
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=(page_w, page_h),
        leftMargin=0,
        rightMargin=0,
        topMargin=0,
        bottomMargin=0,
        **st.pdf_metadata(text.labels),
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                id="cards",
                frames=frames,
                onPage=lambda canvas, _doc: _draw_page(canvas, card, code),
            )
        ]
    )
    story: list[Flowable] = []
    for i in range(CARDS):
        story += ([FrameBreak()] if i else []) + [
            KeepInFrame(
                card.width, card.height, _flowables(text, size, card.width, corner), mode="error"
            )
        ]
    build_pages(doc, story, "The page of pocket cards", paper)
    return PocketCardsPDF(buf.getvalue(), size)


__all__ = ["CARDS", "CARD_SIZES", "PocketCardsPDF", "render_pocket_cards"]
