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
seat (card with its glow, name, caption) is measured as a box from the font's own metrics;
:func:`seat_blocks` sets the seats' blocks in rows across the width given, the rows just far
enough apart that no two blocks come closer than :data:`GAP`, and the felt is a rounded table
:data:`FELT_PAD` round them all. The site's SVG (:mod:`sheets.site.diagram`) places its seats
with the same function. :meth:`TrickDiagram.label_boxes` and :meth:`TrickDiagram.table` return
what is drawn, so a test can check for every player count that nothing overlaps and everything
lies on the table.
No text in the picture is smaller than :data:`~sheets.layout.styles.TEXT_FLOOR`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from sheets.example import WorkedExample, seat_direction
from sheets.layout import styles as st

#: Card width and height, and the seat names' font size, by the most players they suit.
CARD_SIZES: tuple[tuple[int, tuple[float, float, float]], ...] = (
    (4, (29, 40, 7.5)),
    (6, (25, 34, 7.0)),
    (10, (21, 29, 7.0)),
)
CAPTION_SIZE = st.TEXT_FLOOR  # the captions, and "played clockwise" in the middle
GAP = 3  # least space between two seats' blocks
LABEL_GAP = 2  # between the card (its glow included) and the name, and the name and caption
GLOW = 2.5  # the winning card's glow, beyond its edge
TAG_PAD = 2  # padding inside the winner's caption tag
CORNER = 2.5  # card corner radius
FELT_PAD = 6  # from the felt's edge to the nearest block
FELT_CORNER = 14  # the felt's corner radius
MERGE_DY = 0.4  # seats this close in height (on the unit circle) may share a row
ROW_STEPS = (0.7, 0.85, 1.0)  # block heights between rows per unit of the oval, tried in turn
#: Each line of the middle label: font, size and ink.
MIDDLE_TYPE = ((st.FONT_BOLD, CAPTION_SIZE + 1, st.INK), (st.FONT, CAPTION_SIZE, st.ASIDE))
MIDDLE_DRIFT = 0.08  # the middle label's centre stays this share of the width from the centre
MIDDLE_STEP = 2  # heights tried for the middle label, this far apart


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle one thing is drawn in (diagram coordinates, y up): a card with its glow, a
    name, a caption, or a line of the label in the middle."""

    kind: str  # card, name, caption, middle
    seat: int  # the seat it belongs to (-1 for the middle)
    x0: float
    y0: float
    x1: float
    y1: float

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.kind, self.seat, self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        """Whether the two come closer than ``gap`` (to a thousandth of a point)."""
        return (self.x0 < other.x1 + gap - 1e-3 and other.x0 < self.x1 + gap - 1e-3
                and self.y0 < other.y1 + gap - 1e-3 and other.y0 < self.y1 + gap - 1e-3)


@dataclass(frozen=True, slots=True)
class Felt:
    """The table: a rectangle with rounded corners of radius ``r``."""

    x0: float
    y0: float
    x1: float
    y1: float
    r: float

    def moved(self, dy: float) -> Felt:
        return Felt(self.x0, self.y0 + dy, self.x1, self.y1 + dy, self.r)

    def holds(self, box: Box) -> bool:
        """Whether the box lies wholly on the table, its rounded corners included."""
        inner = (self.x0 + self.r, self.y0 + self.r, self.x1 - self.r, self.y1 - self.r)
        for x in (box.x0, box.x1):
            for y in (box.y0, box.y1):
                nx = min(max(x, inner[0]), inner[2])
                ny = min(max(y, inner[1]), inner[3])
                if math.hypot(x - nx, y - ny) > self.r + 1e-6:
                    return False
        return True


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


def block_of(seat: int, boxes: Sequence[Box]) -> Box:
    """The block some boxes of a seat make together."""
    return Box("block", seat, min(b.x0 for b in boxes), min(b.y0 for b in boxes),
               max(b.x1 for b in boxes), max(b.y1 for b in boxes))


def stack_under(card: Box, labels: Sequence[tuple[str, float, float, float]]) -> tuple[Box, ...]:
    """A seat's boxes round its card's centre: the card, then each label centred under the box
    above it, given as (kind, half width, height, gap above)."""
    boxes = [card]
    for kind, half, height, gap in labels:
        top = boxes[-1].y0 - gap
        boxes.append(Box(kind, card.seat, -half, top - height, half, top))
    return tuple(boxes)


def _sizes(players: int) -> tuple[float, float, float]:
    return next(size for most, size in CARD_SIZES if players <= most)


def _line(font: str, size: float) -> tuple[float, float]:
    """The font's ascent and (positive) descent at a size."""
    ascent, descent = pdfmetrics.getAscentDescent(font, size)
    return ascent, -descent


@dataclass(frozen=True, slots=True)
class Seating:
    """Where each seat's card centre sits (y up), the table round them all, and the heights
    the label in the middle may be tried at, nearest the middle first."""

    centres: dict[int, tuple[float, float]]
    blocks: dict[int, Box]  # each seat's block as placed
    felt: Felt
    middle_heights: tuple[float, ...]


def seat_blocks(blocks: Mapping[int, Box], players: int, width: float, *, gap: float = GAP,
                pad: float = FELT_PAD, corner: float = FELT_CORNER,
                row_step: float = ROW_STEPS[0]) -> Seating:
    """Place each seat's block (its boxes round the card's centre, y up) on a table ``width``
    wide: in rows down the picture (:func:`_rows`, :func:`_spread`, :func:`_stack`), ``pad``
    inside the table's edge, no two blocks closer than ``gap``. Pure geometry in the caller's
    units: both pictures of the trick (the PDF's and the site's SVG) place their seats with it.
    Raises ValueError when the blocks cannot fit the width."""
    half_w = {k: (b.x1 - b.x0) / 2 for k, b in blocks.items()}
    half_h = {k: (b.y1 - b.y0) / 2 for k, b in blocks.items()}
    direction = {k: seat_direction(k, players) for k in blocks}
    inner = width - 2 * pad
    rx = min([inner / 2] + [(inner / 2 - half_w[k]) / abs(dx)
                            for k, (dx, _) in direction.items() if abs(dx) > 1e-9])
    x = {k: width / 2 + rx * dx for k, (dx, _) in direction.items()}
    rows = _rows(direction, x, half_w, inner, gap)
    for row in rows:
        _spread(row, x, half_w, pad, width - pad, gap)
    y = _stack(rows, direction, x, half_w, half_h, gap, row_step)
    centres = {k: (x[k] - (b.x0 + b.x1) / 2, y[k] - (b.y0 + b.y1) / 2)
               for k, b in blocks.items()}
    placed = {k: b.moved(*centres[k]) for k, b in blocks.items()}
    boxes = list(placed.values())
    if any(a.overlaps(b, gap) for i, a in enumerate(boxes) for b in boxes[i + 1:]) or \
            any(b.x0 < pad - 1e-6 or b.x1 > width - pad + 1e-6 for b in boxes):
        raise ValueError(f"the seats of {players} players do not fit a picture "
                         f"{width:.0f} wide")
    felt = Felt(0.0, min(b.y0 for b in boxes) - pad, width, max(b.y1 for b in boxes) + pad,
                corner)
    top, bottom = y[rows[0][0]], y[rows[-1][0]]
    middle = (top + bottom) / 2
    heights = [top - k * MIDDLE_STEP for k in range(int((top - bottom) / MIDDLE_STEP) + 1)]
    return Seating(centres, placed, felt,
                   tuple(sorted(heights, key=lambda h: (abs(h - middle), h))))


def _rows(direction: dict[int, tuple[float, float]], x: dict[int, float],
          half_w: dict[int, float], width: float, gap: float) -> list[list[int]]:
    """The seats in rows, top down, each row left to right. Seats at the same height on the
    oval share a row; a seat less than :data:`MERGE_DY` below a row joins it when the row's
    blocks still fit side by side in ``width``, so a crowded table gets long sides instead of
    a tall oval."""
    rows: list[list[int]] = []
    for k in sorted(direction, key=lambda k: (-round(direction[k][1], 6), x[k])):
        row = rows[-1] if rows else []
        below = direction[row[0]][1] - direction[k][1] if row else math.inf
        side_by_side = sum(2 * half_w[j] for j in row + [k]) + gap * len(row) <= width
        if below < 1e-6 or (below < MERGE_DY and side_by_side):
            row.append(k)
        else:
            rows.append([k])
    return [sorted(row, key=lambda k: x[k]) for row in rows]


def _spread(row: list[int], x: dict[int, float], half_w: dict[int, float], left: float,
            right: float, gap: float) -> None:
    """Spread a row of three or more, or one whose blocks would touch, evenly from ``left``
    to ``right``; leave any other row where the oval put it."""
    touching = any(x[b] - x[a] < half_w[a] + half_w[b] + gap for a, b in zip(row, row[1:]))
    if len(row) < 3 and not touching:
        return
    free = (right - left - sum(2 * half_w[k] for k in row)) / max(len(row) - 1, 1)
    for k in row:
        x[k] = left + half_w[k]
        left += 2 * half_w[k] + free


def _stack(rows: list[list[int]], direction: dict[int, tuple[float, float]],
           x: dict[int, float], half_w: dict[int, float], half_h: dict[int, float],
           gap: float, row_step: float) -> dict[int, float]:
    """Each seat's height: every row as high as it may be, but ``row_step`` block heights per
    unit of the oval below the row above (which leaves the middle of the table free for its
    label) and ``gap`` below every block above that it would otherwise touch."""
    step = row_step * 2 * max(half_h.values())
    y: dict[int, float] = {}
    level = above_dy = 0.0
    for i, row in enumerate(rows):
        dy = sum(direction[k][1] for k in row) / len(row)
        if i:
            level -= step * (above_dy - dy)
        for k in row:
            for j, placed in y.items():
                if abs(x[k] - x[j]) < half_w[k] + half_w[j] + gap:
                    level = min(level, placed - half_h[k] - half_h[j] - gap)
        y.update((k, level) for k in row)
        above_dy = dy
    return y


def middle_label(seating: Seating, wordings: Sequence[Sequence[tuple[float, float, float]]],
                 width: float, gap: float = GAP) -> tuple[int, tuple[Box, ...]] | None:
    """Where the label in the middle of the table goes: the first wording (each line given as
    its half width, ascent and descent) that fits between the blocks within
    :data:`MIDDLE_DRIFT` of the centre, at the height nearest the middle; its index and one box
    a line, or None when none fits."""
    blocks = list(seating.blocks.values())
    centre = width / 2
    clear = 2 * gap  # the label keeps twice the seats' gap, so it never reads as a caption
    for index, lines in enumerate(wordings):
        height = sum(up + down for _, up, down in lines) + gap / 3 * (len(lines) - 1)
        half = max(h for h, _, _ in lines)
        for mid_y in seating.middle_heights:
            band = Box("middle", -1, 0, mid_y - height / 2, width, mid_y + height / 2)
            beside = [b for b in blocks if band.overlaps(b, clear)]
            left = max([b.x1 for b in beside if b.x1 <= centre], default=0.0)
            right = min([b.x0 for b in beside if b.x0 >= centre], default=width)
            x = min(max(centre, left + half + clear), right - half - clear)
            if abs(x - centre) > MIDDLE_DRIFT * width:
                continue
            boxes, top = [], band.y1
            for half_w, up, down in lines:
                boxes.append(Box("middle", -1, x - half_w, top - up - down, x + half_w, top))
                top -= up + down + gap / 3
            if not any(m.overlaps(b, clear) for m in boxes for b in blocks):
                return index, tuple(boxes)
    return None


def seat_with_label(blocks: Mapping[int, Box], players: int, width: float,
                    measure: Callable[[str, int], tuple[float, float, float]],
                    middle: tuple[tuple[str, ...], ...], *,
                    gap: float = GAP, pad: float = FELT_PAD, corner: float = FELT_CORNER
                    ) -> tuple[Seating, tuple[tuple[str, Box], ...]]:
    """The seats placed (:func:`seat_blocks`) with the rows as close as :data:`ROW_STEPS`
    allows while a wording of ``middle`` (the longer first) still fits in the middle
    (:func:`middle_label`), and that wording's lines, each with its box; the closest rows and
    no label when it fits at none. ``measure(text, line)`` gives a line's half width, ascent
    and descent."""
    wordings = [[measure(text, line) for line, text in enumerate(lines)] for lines in middle]
    first = None
    for row_step in ROW_STEPS:
        seating = seat_blocks(blocks, players, width, gap=gap, pad=pad, corner=corner,
                              row_step=row_step)
        found = middle_label(seating, wordings, width, gap)
        if found is not None:
            index, boxes = found
            return seating, tuple(zip(middle[index], boxes))
        first = first or seating
    if first is None:
        raise ValueError("no row steps to seat the players with")
    return first, ()


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
        return (st.text_width(name, self.name_size, bold=True)
                + (st.text_width(self.example.dealer_mark, self.name_size) if dealer else 0.0))

    def _boxes(self, seat: int, name: str, dealer: bool, caption: str, wins: bool) -> tuple:
        """The card (with its glow), the name and the caption, top down round the card's
        centre."""
        glow = GLOW if wins else 0.0
        w, h = self.card_w / 2 + glow, self.card_h / 2 + glow
        pad = TAG_PAD if wins else 0.0
        return stack_under(Box("card", seat, -w, -h, w, h), [
            ("name", self._name_width(name, dealer) / 2,
             sum(_line(st.FONT_BOLD, self.name_size)), LABEL_GAP),
            ("caption", st.text_width(caption, CAPTION_SIZE, bold=wins) / 2 + pad,
             sum(_line(st.FONT_BOLD if wins else st.FONT, CAPTION_SIZE)) + 2 * pad, LABEL_GAP)])

    def _seats(self) -> list[Seat]:
        seats = []
        for step in self.example.steps:
            card = step.card
            dealer = step.seat == self.example.dealer
            seats.append(Seat(seat=step.seat, name=step.name, dealer=dealer,
                              rank=self.example.index(card), suit=card.suit_symbol, red=card.is_red,
                              caption=step.caption, wins=step.wins, cancelled=step.cancelled,
                              boxes=self._boxes(step.seat, step.name, dealer, step.caption,
                                                step.wins)))
        return seats

    def _arrange(self, width: float) -> tuple[list[Seat], Felt, tuple[tuple[str, Box], ...]]:
        """Every seat placed on the table (see :func:`seat_with_label`), the table and the
        label in its middle, each line with its box (none when no wording fits)."""
        seats = self._seats()

        def measure(text: str, line: int) -> tuple[float, float, float]:
            font, size, _ = MIDDLE_TYPE[line]
            return (st.text_width(text, size, bold=font == st.FONT_BOLD) / 2, *_line(font, size))

        seating, middle = seat_with_label({s.seat: s.block for s in seats}, self.players, width,
                                          measure, self.example.middle)
        placed = [replace(s, x=seating.centres[s.seat][0], y=seating.centres[s.seat][1])
                  for s in seats]
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
        c.roundRect(f.x0 + 0.4, f.y0 + 0.4, f.x1 - f.x0 - 0.8, f.y1 - f.y0 - 0.8, f.r, stroke=1,
                    fill=1)
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
            c.roundRect(card.x0, card.y0, w + 2 * glow, h + 2 * glow, CORNER + glow, stroke=0,
                        fill=1)
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
            c.drawString(x + st.text_width(seat.name, self.name_size, bold=True), name.y0 + down,
                         self.example.dealer_mark)
        pad = TAG_PAD if seat.wins else 0.0
        _, down = _line(st.FONT_BOLD if seat.wins else st.FONT, CAPTION_SIZE)
        if seat.wins:
            c.setFillColor(st.INK)
            c.roundRect(caption.x0, caption.y0, caption.x1 - caption.x0,
                        caption.y1 - caption.y0, 1.5, stroke=0, fill=1)
            c.setFillColor(st.CARD_FACE)
            c.setFont(st.FONT_BOLD, CAPTION_SIZE)
        else:
            c.setFillColor(st.ASIDE)
            c.setFont(st.FONT, CAPTION_SIZE)
        c.drawCentredString(mid, caption.y0 + pad + down, seat.caption)


__all__ = ["Box", "CAPTION_SIZE", "CARD_SIZES", "Felt", "Seat", "Seating",
           "TrickDiagram", "block_of", "middle_label", "seat_blocks", "seat_with_label",
           "stack_under"]
