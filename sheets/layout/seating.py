"""Where the seats of the trick picture go: pure geometry, in the caller's units, y up, shared by
both pictures of the trick (the PDF's :class:`~sheets.layout.diagram.TrickDiagram` and the site's
SVG, :mod:`sheets.site.diagram`).

Every piece of a seat (card with its glow, name, caption) is a :class:`Box`;
:func:`seat_blocks` sets the seats' blocks in rows across the width given, the rows just far
enough apart that no two blocks come closer than :data:`GAP`, and the felt is a rounded table
:data:`FELT_PAD` round them all; :func:`seat_with_label` brings the rows as close as the label in
the middle of the table allows. :mod:`sheets.layout.diagram` re-exports these names.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from sheets.example import seat_direction

GAP = 3  # least space between two seats' blocks
FELT_PAD = 6  # from the felt's edge to the nearest block
FELT_CORNER = 14  # the felt's corner radius
MERGE_DY = 0.4  # seats this close in height (on the unit circle) may share a row
ROW_STEPS = (0.7, 0.85, 1.0)  # block heights between rows per unit of the oval, tried in turn
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
        return (
            self.x0 < other.x1 + gap - 1e-3
            and other.x0 < self.x1 + gap - 1e-3
            and self.y0 < other.y1 + gap - 1e-3
            and other.y0 < self.y1 + gap - 1e-3
        )


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


def block_of(seat: int, boxes: Sequence[Box]) -> Box:
    """The block some boxes of a seat make together."""
    return Box(
        "block",
        seat,
        min(b.x0 for b in boxes),
        min(b.y0 for b in boxes),
        max(b.x1 for b in boxes),
        max(b.y1 for b in boxes),
    )


def stack_under(card: Box, labels: Sequence[tuple[str, float, float, float]]) -> tuple[Box, ...]:
    """A seat's boxes round its card's centre: the card, then each label centred under the box
    above it, given as (kind, half width, height, gap above)."""
    boxes = [card]
    for kind, half, height, gap in labels:
        top = boxes[-1].y0 - gap
        boxes.append(Box(kind, card.seat, -half, top - height, half, top))
    return tuple(boxes)


@dataclass(frozen=True, slots=True)
class Seating:
    """Where each seat's card centre sits (y up), the table round them all, and the heights
    the label in the middle may be tried at, nearest the middle first."""

    centres: dict[int, tuple[float, float]]
    blocks: dict[int, Box]  # each seat's block as placed
    felt: Felt
    middle_heights: tuple[float, ...]


def seat_blocks(
    blocks: Mapping[int, Box],
    players: int,
    width: float,
    *,
    gap: float = GAP,
    pad: float = FELT_PAD,
    corner: float = FELT_CORNER,
    row_step: float = ROW_STEPS[0],
) -> Seating:
    """Place each seat's block (its boxes round the card's centre, y up) on a table ``width``
    wide: in rows down the picture (:func:`_rows`, :func:`_spread`, :func:`_stack`), ``pad``
    inside the table's edge, no two blocks closer than ``gap``. Pure geometry in the caller's
    units: both pictures of the trick (the PDF's and the site's SVG) place their seats with it.
    Raises ValueError when the blocks cannot fit the width."""
    half_w = {k: (b.x1 - b.x0) / 2 for k, b in blocks.items()}
    half_h = {k: (b.y1 - b.y0) / 2 for k, b in blocks.items()}
    direction = {k: seat_direction(k, players) for k in blocks}
    inner = width - 2 * pad
    rx = min(
        [inner / 2]
        + [(inner / 2 - half_w[k]) / abs(dx) for k, (dx, _) in direction.items() if abs(dx) > 1e-9]
    )
    x = {k: width / 2 + rx * dx for k, (dx, _) in direction.items()}
    rows = _rows(direction, x, half_w, inner, gap)
    for row in rows:
        _spread(row, x, half_w, pad, width - pad, gap)
    y = _stack(rows, direction, x, half_w, half_h, gap, row_step)
    centres = {k: (x[k] - (b.x0 + b.x1) / 2, y[k] - (b.y0 + b.y1) / 2) for k, b in blocks.items()}
    placed = {k: b.moved(*centres[k]) for k, b in blocks.items()}
    boxes = list(placed.values())
    if any(a.overlaps(b, gap) for i, a in enumerate(boxes) for b in boxes[i + 1 :]) or any(
        b.x0 < pad - 1e-6 or b.x1 > width - pad + 1e-6 for b in boxes
    ):
        raise ValueError(f"the seats of {players} players do not fit a picture {width:.0f} wide")
    felt = Felt(0.0, min(b.y0 for b in boxes) - pad, width, max(b.y1 for b in boxes) + pad, corner)
    top, bottom = y[rows[0][0]], y[rows[-1][0]]
    middle = (top + bottom) / 2
    heights = [top - k * MIDDLE_STEP for k in range(int((top - bottom) / MIDDLE_STEP) + 1)]
    return Seating(
        centres, placed, felt, tuple(sorted(heights, key=lambda h: (abs(h - middle), h)))
    )


def _rows(
    direction: dict[int, tuple[float, float]],
    x: dict[int, float],
    half_w: dict[int, float],
    width: float,
    gap: float,
) -> list[list[int]]:
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


def _spread(
    row: list[int],
    x: dict[int, float],
    half_w: dict[int, float],
    left: float,
    right: float,
    gap: float,
) -> None:
    """Spread a row of three or more, or one whose blocks would touch, evenly from ``left``
    to ``right``; leave any other row where the oval put it."""
    touching = any(x[b] - x[a] < half_w[a] + half_w[b] + gap for a, b in zip(row, row[1:]))
    if len(row) < 3 and not touching:
        return
    free = (right - left - sum(2 * half_w[k] for k in row)) / max(len(row) - 1, 1)
    for k in row:
        x[k] = left + half_w[k]
        left += 2 * half_w[k] + free


def _stack(
    rows: list[list[int]],
    direction: dict[int, tuple[float, float]],
    x: dict[int, float],
    half_w: dict[int, float],
    half_h: dict[int, float],
    gap: float,
    row_step: float,
) -> dict[int, float]:
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


def middle_label(
    seating: Seating,
    wordings: Sequence[Sequence[tuple[float, float, float]]],
    width: float,
    gap: float = GAP,
) -> tuple[int, tuple[Box, ...]] | None:
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


def seat_with_label(
    blocks: Mapping[int, Box],
    players: int,
    width: float,
    measure: Callable[[str, int], tuple[float, float, float]],
    middle: tuple[tuple[str, ...], ...],
    *,
    gap: float = GAP,
    pad: float = FELT_PAD,
    corner: float = FELT_CORNER,
) -> tuple[Seating, tuple[tuple[str, Box], ...]]:
    """The seats placed (:func:`seat_blocks`) with the rows as close as :data:`ROW_STEPS`
    allows while a wording of ``middle`` (the longer first) still fits in the middle
    (:func:`middle_label`), and that wording's lines, each with its box; the closest rows and
    no label when it fits at none. ``measure(text, line)`` gives a line's half width, ascent
    and descent."""
    wordings = [[measure(text, line) for line, text in enumerate(lines)] for lines in middle]
    first = None
    for row_step in ROW_STEPS:
        seating = seat_blocks(
            blocks, players, width, gap=gap, pad=pad, corner=corner, row_step=row_step
        )
        found = middle_label(seating, wordings, width, gap)
        if found is not None:
            index, boxes = found
            return seating, tuple(zip(middle[index], boxes))
        first = first or seating
    if first is None:
        raise ValueError("no row steps to seat the players with")
    return first, ()


__all__ = [
    "FELT_CORNER",
    "FELT_PAD",
    "GAP",
    "MERGE_DY",
    "MIDDLE_DRIFT",
    "MIDDLE_STEP",
    "ROW_STEPS",
    "Box",
    "Felt",
    "Seating",
    "block_of",
    "middle_label",
    "seat_blocks",
    "seat_with_label",
    "stack_under",
]
