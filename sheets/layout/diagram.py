"""The picture of the worked example: the cards of one real trick, drawn round a table.

:class:`TrickDiagram` is a platypus flowable that draws vectors straight on the canvas: a felt
table, and at each seat a small card (rank and suit as text, so they stay sharp and can be
copied), the player's name, the step's short caption and a badge with the play order. The card
that wins the trick glows and its caption is a dark "wins" tag; cancelled cards are greyed.

Seats go clockwise from the top: with 4 players North is at the top, East right, South bottom,
West left; other counts sit round an oval, seat 0 at the top. Each seat's block (card, name,
caption) is measured, the blocks are spread across the width given, and the oval is made just
tall enough that no two blocks touch, so 10 players fit a column with smaller cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from sheets.example import WorkedExample, seat_direction
from sheets.layout import styles as st

#: Card width and height, name and caption font sizes, by the most players they suit.
CARD_SIZES: tuple[tuple[int, tuple[float, float, float, float]], ...] = (
    (4, (29, 40, 7.5, 7)),
    (6, (24, 33, 7, 6.5)),
    (8, (19, 26, 6.5, 6)),
    (10, (17, 23.5, 6.5, 5.8)),
)
GAP = 3  # least space between two seats' blocks
LABEL_GAP = 1.5  # between the card and its name
TAG_PAD = 2  # padding inside the "wins" tag
CORNER = 2.5  # card corner radius


@dataclass(frozen=True)
class Seat:
    """One seat's block: what it shows and where its centre sits (diagram coordinates)."""

    order: int  # 1 for the lead, 2 for the next card...
    name: str
    rank: str
    suit: str
    red: bool
    caption: str
    wins: bool
    cancelled: bool
    width: float
    height: float
    x: float = 0.0
    y: float = 0.0


def _sizes(players: int) -> tuple[float, float, float, float]:
    return next(size for most, size in CARD_SIZES if players <= most)


def _overlap(a: Seat, b: Seat) -> bool:
    """Whether two blocks come closer than :data:`GAP` (to a thousandth of a point)."""
    return (abs(a.x - b.x) < (a.width + b.width) / 2 + GAP - 1e-3
            and abs(a.y - b.y) < (a.height + b.height) / 2 + GAP - 1e-3)


class TrickDiagram(Flowable):
    """The example trick round a table, as wide as it is given and as tall as it needs."""

    def __init__(self, example: WorkedExample, width: float):
        super().__init__()
        self.example = example
        self.players = example.rules.players
        self.card_w, self.card_h, self.name_size, self.caption_size = _sizes(self.players)
        self.seats = self._arrange(width)
        self.width = width
        top = max(s.y + s.height / 2 for s in self.seats)
        bottom = min(s.y - s.height / 2 for s in self.seats)
        self.height = top - bottom
        self._shift = -bottom

    # -- measuring -------------------------------------------------------------------------------

    def _block_width(self, name: str, caption: str, wins: bool) -> float:
        tag = 2 * TAG_PAD if wins else 0
        return max(self.card_w + 4,
                   st.text_width(name, self.name_size, bold=True),
                   st.text_width(caption, self.caption_size, bold=wins) + tag)

    def _block_height(self) -> float:
        return (self.card_h + LABEL_GAP + self.name_size * 1.15 + self.caption_size * 1.2
                + TAG_PAD)

    def _seats(self) -> list[Seat]:
        seats = []
        for order, step in enumerate(self.example.steps, start=1):
            card = step.card
            seats.append(Seat(order=order, name=step.name, rank=card.rank_text,
                              suit=card.suit_symbol, red=card.is_red, caption=step.caption,
                              wins=step.wins, cancelled=step.cancelled,
                              width=self._block_width(step.name, step.caption, step.wins),
                              height=self._block_height()))
        return seats

    def _arrange(self, width: float) -> list[Seat]:
        """Put each seat's block on an oval as wide as ``width`` allows and no taller than
        needed to keep the blocks apart (and to leave the middle of the table free)."""
        seats = self._seats()
        n = self.players
        by_seat = {step.seat: seat for step, seat in zip(self.example.steps, seats)}
        directions = {s: seat_direction(s, n) for s in by_seat}
        rx = min((width / 2 - by_seat[s].width / 2) / abs(dx)
                 for s, (dx, _) in directions.items() if abs(dx) > 1e-9)
        rx = min(rx, width / 2)
        block_h = max(s.height for s in seats)
        ry = block_h  # room in the middle of the table for the trick's label
        placed = {s: (width / 2 + rx * dx, dy) for s, (dx, dy) in directions.items()}
        keys = sorted(placed)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                sa, sb = by_seat[a], by_seat[b]
                (xa, ya), (xb, yb) = placed[a], placed[b]
                if abs(xa - xb) >= (sa.width + sb.width) / 2 + GAP:
                    continue
                if abs(ya - yb) > 1e-9:
                    ry = max(ry, ((sa.height + sb.height) / 2 + GAP) / abs(ya - yb))
        out = []
        for s in keys:
            x, sin = placed[s]
            seat = by_seat[s]
            out.append(Seat(**{**seat.__dict__, "x": x, "y": ry * sin}))
        assert not any(_overlap(a, b) for i, a in enumerate(out) for b in out[i + 1:])
        self.rx, self.ry = rx, ry
        return sorted(out, key=lambda s: s.order)

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
        cx = self.width / 2
        card_mid = (self._block_height() - self.card_h) / 2  # card centre above block centre
        rx, ry = self.rx * 0.86, self.ry * 0.86
        c.setFillColor(st.FELT)
        c.setStrokeColor(st.FELT_EDGE)
        c.setLineWidth(0.8)
        c.ellipse(cx - rx, card_mid - ry, cx + rx, card_mid + ry, stroke=1, fill=1)
        label, sub = "Trick 1", "played clockwise ↻"
        size = self.caption_size
        free_w = 2 * rx * 0.75
        if st.text_width(sub, size) < free_w and self._middle_is_free(size * 3):
            c.setFillColor(st.INK)
            c.setFont(st.FONT_BOLD, size + 1)
            c.drawCentredString(cx, card_mid + 1, label)
            c.setFillColor(st.MUTED)
            c.setFont(st.FONT, size)
            c.drawCentredString(cx, card_mid - size - 1, sub)

    def _middle_is_free(self, height: float) -> bool:
        """Whether the label fits in the middle of the table, clear of every block."""
        width = st.text_width("played clockwise ↻", self.caption_size) + 4
        middle = Seat(0, "", "", "", False, "", False, False, width, height, self.width / 2,
                      (self._block_height() - self.card_h) / 2)
        return not any(_overlap(middle, s) for s in self.seats)

    def _draw_seat(self, c: Canvas, seat: Seat) -> None:
        w, h = self.card_w, self.card_h
        top = seat.y + seat.height / 2
        left = seat.x - w / 2
        bottom = top - h
        if seat.wins:
            c.setFillColor(st.HIGHLIGHT)
            c.roundRect(left - 2.5, bottom - 2.5, w + 5, h + 5, CORNER + 2, stroke=0, fill=1)
        c.setFillColor(st.SHADE if seat.cancelled else st.CARD_FACE)
        c.setStrokeColor(st.INK if seat.wins else st.RULE)
        c.setLineWidth(1.0 if seat.wins else 0.6)
        c.roundRect(left, bottom, w, h, CORNER, stroke=1, fill=1)
        if seat.cancelled:  # a light stroke through a card that cannot win
            c.setStrokeColor(st.RULE)
            c.setLineWidth(0.6)
            c.line(left + 2, bottom + 2, left + w - 2, bottom + h - 2)
        # rank over suit, centred
        ink = st.RED if seat.red else st.INK
        rank_size = h * 0.36
        suit_size = h * 0.38
        c.setFillColor(ink)
        c.setFont(st.FONT_BOLD, rank_size)
        c.drawCentredString(seat.x, bottom + h * 0.53, seat.rank)
        c.setFont(st.FONT, suit_size)
        c.drawCentredString(seat.x, bottom + h * 0.13, seat.suit)
        self._draw_badge(c, seat.order, left, bottom + h)
        # name and caption under the card
        y = bottom - LABEL_GAP - self.name_size
        c.setFillColor(st.INK)
        c.setFont(st.FONT_BOLD, self.name_size)
        c.drawCentredString(seat.x, y, seat.name)
        y -= self.caption_size * 1.2
        if seat.wins:
            tag_w = st.text_width(seat.caption, self.caption_size, bold=True) + 2 * TAG_PAD
            c.setFillColor(st.INK)
            c.roundRect(seat.x - tag_w / 2, y - TAG_PAD * 0.8, tag_w,
                        self.caption_size + TAG_PAD * 1.2, 1.5, stroke=0, fill=1)
            c.setFillColor(st.CARD_FACE)
            c.setFont(st.FONT_BOLD, self.caption_size)
        else:
            c.setFillColor(st.MUTED)
            c.setFont(st.FONT, self.caption_size)
        c.drawCentredString(seat.x, y, seat.caption)

    def _draw_badge(self, c: Canvas, order: int, x: float, y: float) -> None:
        """The play order: a small dark disc on the card's top-left corner."""
        r = max(4.0, self.card_w * 0.22)
        c.setFillColor(st.INK)
        c.circle(x + 1, y - 1, r, stroke=0, fill=1)
        c.setFillColor(st.CARD_FACE)
        size = r * 1.25
        c.setFont(st.FONT_BOLD, size)
        c.drawCentredString(x + 1, y - 1 - size * 0.36, str(order))


__all__ = ["CARD_SIZES", "Seat", "TrickDiagram"]
