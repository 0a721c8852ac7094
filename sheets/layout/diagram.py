"""The picture of the worked example: the cards of one real trick, round a table.

:class:`TrickDiagram` is a platypus flowable that draws vectors straight on the canvas: at each
seat a small card (rank and suit as text, so they stay sharp and can be copied), under it the
seat's name (with "(dealer)" at the dealer's seat) and the step's short caption, all on a felt
table with "Trick 1, played clockwise" in the middle where there is room. The card that wins
the trick glows and its caption is a dark tag; a cancelled card is greyed and struck through.
Seats are named, never numbered by play order: a number in the picture is only ever part of a
seat's name.

Seats go clockwise from the top, as :func:`~sheets.example.seat_direction` puts them round an
oval: with 4 players North is at the top, East right, South bottom, West left. Every piece of a
seat (card with its glow, name, caption) is measured here as a box from the font's own metrics,
and placed by :mod:`sheets.layout.seating` (whose names this module re-exports), as the site's
SVG (:mod:`sheets.site.diagram`) places its seats. :meth:`TrickDiagram.label_boxes` and
:meth:`TrickDiagram.table` return what is drawn, so a test can check for every player count that
nothing overlaps and everything lies on the table.
No text in the picture is smaller than :data:`~sheets.layout.styles.TEXT_FLOOR`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.seating import (
    Box,
    Felt,
    Seating,
    block_of,
    middle_label,
    seat_blocks,
    seat_with_label,
    stack_under,
)

#: Card width and height, and the seat names' font size, by the most players they suit.
CARD_SIZES: tuple[tuple[int, tuple[float, float, float]], ...] = (
    (4, (29, 40, 7.5)),
    (6, (25, 34, 7.0)),
    (10, (21, 29, 7.0)),
)
CAPTION_SIZE = st.TEXT_FLOOR  # the captions, and "played clockwise" in the middle
LABEL_GAP = 2  # between the card (its glow included) and the name, and the name and caption
GLOW = 2.5  # the winning card's glow, beyond its edge
TAG_PAD = 2  # padding inside the winner's caption tag
CORNER = 2.5  # card corner radius
#: Each line of the middle label: font, size and ink.
MIDDLE_TYPE = ((st.FONT_BOLD, CAPTION_SIZE + 1, st.INK), (st.FONT, CAPTION_SIZE, st.ASIDE))


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: what it shows, its boxes round its card's centre ``(0, 0)``, and where that
    centre sits in the picture."""

    seat: int
    name: str
    dealer: bool
    rank: str
    suit: str
    red: bool
    caption: str
    wins: bool
    cancelled: bool
    boxes: tuple[Box, ...]  # card, name, caption; round the card's centre
    x: float = 0.0
    y: float = 0.0

    @property
    def block(self) -> Box:
        """The block the seat's boxes make together, round the card's centre."""
        return block_of(self.seat, self.boxes)

    def placed(self) -> list[Box]:
        return [b.moved(self.x, self.y) for b in self.boxes]


def _sizes(players: int) -> tuple[float, float, float]:
    return next(size for most, size in CARD_SIZES if players <= most)


def _line(font: str, size: float) -> tuple[float, float]:
    """The font's ascent and (positive) descent at a size."""
    ascent, descent = pdfmetrics.getAscentDescent(font, size)
    return ascent, -descent


class TrickDiagram(Flowable):
    """The example trick round a table, as wide as it is given and as tall as it needs."""

    def __init__(self, example: WorkedExample, width: float):
        super().__init__()
        st.register_fonts()
        self.example = example
        self.players = example.rules.players
        self.card_w, self.card_h, self.name_size = _sizes(self.players)
        self.width = width
        self.seats, self.felt, self.middle = self._arrange(width)
        self.height = self.felt.y1 - self.felt.y0
        self._shift = -self.felt.y0

    # -- measuring -------------------------------------------------------------------------------

    def _name_width(self, name: str, dealer: bool) -> float:
        return st.text_width(name, self.name_size, bold=True) + (
            st.text_width(self.example.dealer_mark, self.name_size) if dealer else 0.0
        )

    def _boxes(self, seat: int, name: str, dealer: bool, caption: str, wins: bool) -> tuple:
        """The card (with its glow), the name and the caption, top down round the card's
        centre."""
        glow = GLOW if wins else 0.0
        w, h = self.card_w / 2 + glow, self.card_h / 2 + glow
        pad = TAG_PAD if wins else 0.0
        return stack_under(
            Box("card", seat, -w, -h, w, h),
            [
                (
                    "name",
                    self._name_width(name, dealer) / 2,
                    sum(_line(st.FONT_BOLD, self.name_size)),
                    LABEL_GAP,
                ),
                (
                    "caption",
                    st.text_width(caption, CAPTION_SIZE, bold=wins) / 2 + pad,
                    sum(_line(st.FONT_BOLD if wins else st.FONT, CAPTION_SIZE)) + 2 * pad,
                    LABEL_GAP,
                ),
            ],
        )

    def _seats(self) -> list[Seat]:
        seats = []
        for step in self.example.steps:
            card = step.card
            dealer = step.seat == self.example.dealer
            seats.append(
                Seat(
                    seat=step.seat,
                    name=step.name,
                    dealer=dealer,
                    rank=self.example.index(card),
                    suit=card.suit_symbol,
                    red=card.is_red,
                    caption=step.caption,
                    wins=step.wins,
                    cancelled=step.cancelled,
                    boxes=self._boxes(step.seat, step.name, dealer, step.caption, step.wins),
                )
            )
        return seats

    def _arrange(self, width: float) -> tuple[list[Seat], Felt, tuple[tuple[str, Box], ...]]:
        """Every seat placed on the table (see :func:`seat_with_label`), the table and the
        label in its middle, each line with its box (none when no wording fits)."""
        seats = self._seats()

        def measure(text: str, line: int) -> tuple[float, float, float]:
            font, size, _ = MIDDLE_TYPE[line]
            return (st.text_width(text, size, bold=font == st.FONT_BOLD) / 2, *_line(font, size))

        seating, middle = seat_with_label(
            {s.seat: s.block for s in seats}, self.players, width, measure, self.example.middle
        )
        placed = [
            replace(s, x=seating.centres[s.seat][0], y=seating.centres[s.seat][1]) for s in seats
        ]
        return placed, seating.felt, middle

    def label_boxes(self) -> list[Box]:
        """Every box drawn on the table, in the flowable's coordinates (origin at its bottom
        left)."""
        boxes = [b for s in self.seats for b in s.placed()] + [b for _, b in self.middle]
        return [b.moved(0, self._shift) for b in boxes]

    def table(self) -> Felt:
        """The felt as drawn, in the flowable's coordinates."""
        return self.felt.moved(self._shift)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self) -> None:
        c: Canvas = self.canv
        c.saveState()
        c.translate(0, self._shift)
        self._draw_table(c)
        for seat in self.seats:
            self._draw_seat(c, seat)
        c.restoreState()

    def _draw_table(self, c: Canvas) -> None:
        f = self.felt
        c.setFillColor(st.FELT)
        c.setStrokeColor(st.FELT_EDGE)
        c.setLineWidth(0.8)
        c.roundRect(
            f.x0 + 0.4, f.y0 + 0.4, f.x1 - f.x0 - 0.8, f.y1 - f.y0 - 0.8, f.r, stroke=1, fill=1
        )
        if not self.middle:
            return
        for (text, box), (font, size, ink) in zip(self.middle, MIDDLE_TYPE):
            c.setFillColor(ink)
            c.setFont(font, size)
            c.drawCentredString((box.x0 + box.x1) / 2, box.y0 + _line(font, size)[1], text)

    def _draw_seat(self, c: Canvas, seat: Seat) -> None:
        card, name, caption = seat.placed()
        w, h = self.card_w, self.card_h
        glow = GLOW if seat.wins else 0.0
        left, bottom = card.x0 + glow, card.y0 + glow
        mid = (card.x0 + card.x1) / 2
        if seat.wins:
            c.setFillColor(st.HIGHLIGHT)
            c.roundRect(
                card.x0, card.y0, w + 2 * glow, h + 2 * glow, CORNER + glow, stroke=0, fill=1
            )
        c.setFillColor(st.SHADE if seat.cancelled else st.CARD_FACE)
        c.setStrokeColor(st.INK if seat.wins else st.RULE)
        c.setLineWidth(1.0 if seat.wins else 0.6)
        c.roundRect(left, bottom, w, h, CORNER, stroke=1, fill=1)
        if seat.cancelled:  # a light stroke through a card that cannot win
            c.setStrokeColor(st.RULE)
            c.setLineWidth(0.6)
            c.line(left + 2, bottom + 2, left + w - 2, bottom + h - 2)
        # rank over suit, centred
        c.setFillColor(st.RED if seat.red else st.INK)
        c.setFont(st.FONT_BOLD, h * 0.36)
        c.drawCentredString(mid, bottom + h * 0.53, seat.rank)
        c.setFont(st.FONT, h * 0.38)
        c.drawCentredString(mid, bottom + h * 0.13, seat.suit)
        # the name (and "(dealer)"), then the caption
        _, down = _line(st.FONT_BOLD, self.name_size)
        x = mid - self._name_width(seat.name, seat.dealer) / 2
        c.setFillColor(st.INK)
        c.setFont(st.FONT_BOLD, self.name_size)
        c.drawString(x, name.y0 + down, seat.name)
        if seat.dealer:
            c.setFont(st.FONT, self.name_size)
            c.drawString(
                x + st.text_width(seat.name, self.name_size, bold=True),
                name.y0 + down,
                self.example.dealer_mark,
            )
        pad = TAG_PAD if seat.wins else 0.0
        _, down = _line(st.FONT_BOLD if seat.wins else st.FONT, CAPTION_SIZE)
        if seat.wins:
            c.setFillColor(st.INK)
            c.roundRect(
                caption.x0,
                caption.y0,
                caption.x1 - caption.x0,
                caption.y1 - caption.y0,
                1.5,
                stroke=0,
                fill=1,
            )
            c.setFillColor(st.CARD_FACE)
            c.setFont(st.FONT_BOLD, CAPTION_SIZE)
        else:
            c.setFillColor(st.ASIDE)
            c.setFont(st.FONT, CAPTION_SIZE)
        c.drawCentredString(mid, caption.y0 + pad + down, seat.caption)


__all__ = [
    "Box",
    "CAPTION_SIZE",
    "CARD_SIZES",
    "Felt",
    "Seat",
    "Seating",
    "TrickDiagram",
    "block_of",
    "middle_label",
    "seat_blocks",
    "seat_with_label",
    "stack_under",
]
