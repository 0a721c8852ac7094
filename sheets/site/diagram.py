"""The worked example as a picture: an SVG of the first trick, cards on a table.

:func:`trick_svg` is pure: it takes the :class:`~sheets.example.WorkedExample` and returns SVG
markup to put inline in the page. Seat 0 sits at the top and play goes clockwise, as at a real
table. Each seat shows the card it played (red for ♥ and ♦) with the seat's name (and
"(dealer)" at the dealer's seat) and the example's caption under it; the winning card is
outlined and its caption set in bold, a cancelled card is struck through. Seats are named, never
numbered by play order. Colours come from the page's stylesheet through class names, so the
picture follows the light and dark themes and prints in black and white; the card faces stay
white in every theme.

The seats are placed as on the rule sheet (:func:`sheets.layout.diagram.seat_with_label`), from
each label's measured width: the width of the text in the vendored DejaVu Sans Condensed,
widened by :data:`WIDEN` to DejaVu Sans, the widest face in the page's font list (its fallback
on Linux; Segoe UI, Roboto and San Francisco are narrower). :meth:`TrickLayout.boxes` returns
every box, so a test can check that no two labels overlap for every player count.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.diagram import Box, Felt, block_of, seat_with_label, stack_under

CARD_W, CARD_H = 42, 60
NAME_SIZE, CAPTION_SIZE = 15, 13.5  # as site.css sets .seat and .caption (px = SVG units)
MIDDLE_SIZE = 15  # "Trick 1" in the middle; the line under it is CAPTION_SIZE
MIDDLE_TYPE = (("middle", MIDDLE_SIZE), ("middle-sub", CAPTION_SIZE))  # class and size a line
WIDEN = 1.12  # DejaVu Sans is 1.11 times as wide as DejaVu Sans Condensed, measured in Chromium
ASCENT, DESCENT = 0.93, 0.24  # DejaVu Sans's, in font sizes: the tallest face in the list
WINNER_STROKE = 4  # the winning card's outline (site.css), half of it outside the card
LABEL_GAP = 4  # between a card and its name, and the name and its caption
GAP = 8  # least space between two seats' blocks
PAD = 12  # from the table's edge to the nearest block
CORNER = 28  # the table's corner radius
WIDTHS = (340, 380, 420, 460, 500, 560)  # the picture's widths tried, narrowest first


def _num(x: float) -> str:
    """A coordinate with at most one decimal, the same on every machine."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width a line of the picture's text takes in the widest face the page may use."""
    return st.text_width(text, size, bold=bold) * WIDEN


def _line(size: float) -> tuple[float, float]:
    return ASCENT * size, DESCENT * size


@dataclass(frozen=True)
class _Seat:
    seat: int
    name: str
    dealer: bool
    caption: str
    wins: bool
    boxes: tuple[Box, ...]  # card, name, caption round the card's centre (y up)


def _seat(example: WorkedExample, step) -> _Seat:
    edge = WINNER_STROKE / 2 if step.wins else 0.0
    card = Box(
        "card",
        step.seat,
        -CARD_W / 2 - edge,
        -CARD_H / 2 - edge,
        CARD_W / 2 + edge,
        CARD_H / 2 + edge,
    )
    dealer = step.seat == example.dealer
    name_w = text_width(step.name, NAME_SIZE, bold=True) + (
        text_width(example.dealer_mark, NAME_SIZE) if dealer else 0.0
    )
    boxes = stack_under(
        card,
        [
            ("name", name_w / 2, sum(_line(NAME_SIZE)), LABEL_GAP),
            (
                "caption",
                text_width(step.caption, CAPTION_SIZE, bold=step.wins) / 2,
                sum(_line(CAPTION_SIZE)),
                LABEL_GAP / 2,
            ),
        ],
    )
    return _Seat(step.seat, step.name, dealer, step.caption, step.wins, boxes)


@dataclass(frozen=True)
class TrickLayout:
    """The picture's geometry in SVG units, y up: the width, each seat's card centre, every
    box drawn and the table."""

    width: float
    seats: tuple[_Seat, ...]
    centres: dict[int, tuple[float, float]]
    middle: tuple[tuple[str, Box], ...]
    felt: Felt

    def boxes(self) -> list[Box]:
        return [b.moved(*self.centres[s.seat]) for s in self.seats for b in s.boxes] + [
            box for _, box in self.middle
        ]


def trick_layout(example: WorkedExample) -> TrickLayout:
    """Place every seat, at the narrowest of :data:`WIDTHS` that holds them and the label in
    the middle of the table (failing that, the narrowest that holds the seats)."""
    seats = tuple(_seat(example, step) for step in sorted(example.steps, key=lambda s: s.seat))
    blocks = {s.seat: block_of(s.seat, s.boxes) for s in seats}

    def measure(text: str, line: int) -> tuple[float, float, float]:
        size = MIDDLE_TYPE[line][1]
        return (text_width(text, size, bold=line == 0) / 2, *_line(size))

    fallback = None
    for width in WIDTHS:
        try:
            seating, middle = seat_with_label(
                blocks,
                example.rules.players,
                width,
                measure,
                example.middle,
                gap=GAP,
                pad=PAD,
                corner=CORNER,
            )
        except ValueError:
            continue
        layout = TrickLayout(width, seats, seating.centres, middle, seating.felt)
        if middle:
            return layout
        fallback = fallback or layout
    if fallback is None:
        raise ValueError(
            f"the seats of {example.rules.players} players do not fit a picture {WIDTHS[-1]} wide"
        )
    return fallback


def trick_description(example: WorkedExample) -> str:
    """One line saying what the picture shows, for screen readers."""
    mark = example.dealer_mark
    plays = example.picture["between"].join(
        f"{s.name}{mark if s.seat == example.dealer else ''} {example.symbol(s.card)}, {s.caption}"
        for s in example.steps
    )
    return example.picture["description"].format(plays=plays)


def trick_svg(example: WorkedExample, *, id_prefix: str = "trick") -> str:
    """The example trick as inline SVG markup (no styles inside: the page's stylesheet colours
    it)."""
    layout = trick_layout(example)
    felt = layout.felt
    height = felt.y1 - felt.y0

    def sy(y: float) -> float:  # SVG's y axis points down from the table's top
        return felt.y1 - y

    title_id = f"{id_prefix}-title"
    parts = [
        f'<svg class="trick" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {_num(layout.width)} {_num(height)}" role="img" '
        f'aria-labelledby="{title_id}">',
        f'<title id="{title_id}">{escape(trick_description(example))}</title>',
        f'<rect class="table" x="1" y="1" width="{_num(layout.width - 2)}" '
        f'height="{_num(height - 2)}" rx="{CORNER}"/>',
    ]
    seats = {s.seat: s for s in layout.seats}
    for step in example.steps:  # in the order of play, as the narration reads
        seat = seats[step.seat]
        x, y = layout.centres[seat.seat]
        parts += _card(
            x,
            sy(y),
            step.card,
            example.index(step.card),
            winner=step.wins,
            cancelled=step.cancelled,
        )
        _, name, caption = (b.moved(x, y) for b in seat.boxes)
        dealer = (
            f'<tspan class="dealer">{escape(example.dealer_mark)}</tspan>' if seat.dealer else ""
        )
        parts.append(
            f'<text class="seat" x="{_num(x)}" '
            f'y="{_num(sy(name.y1) + ASCENT * NAME_SIZE)}" text-anchor="middle">'
            f"{escape(seat.name)}{dealer}</text>"
        )
        caption_class = "caption winner-caption" if seat.wins else "caption"
        parts.append(
            f'<text class="{caption_class}" x="{_num(x)}" '
            f'y="{_num(sy(caption.y1) + ASCENT * CAPTION_SIZE)}" '
            f'text-anchor="middle">{escape(seat.caption)}</text>'
        )
    for (text, box), (css, size) in zip(layout.middle, MIDDLE_TYPE):
        parts.append(
            f'<text class="{css}" x="{_num((box.x0 + box.x1) / 2)}" '
            f'y="{_num(sy(box.y1) + ASCENT * size)}" text-anchor="middle">'
            f"{escape(text)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _card(x: float, y: float, card, index: str, *, winner: bool, cancelled: bool) -> list[str]:
    left, top = x - CARD_W / 2, y - CARD_H / 2
    classes = " ".join(
        c
        for c in (
            "card",
            "red" if card.is_red else "",
            "winner" if winner else "",
            "cancelled" if cancelled else "",
        )
        if c
    )
    parts = [
        f'<g class="{classes}">',
        f'<rect class="face" x="{_num(left)}" y="{_num(top)}" width="{CARD_W}" '
        f'height="{CARD_H}" rx="5"/>',
        f'<text class="rank" x="{_num(x)}" y="{_num(y - 4)}" text-anchor="middle">'
        f"{escape(index)}</text>",
        f'<text class="suit" x="{_num(x)}" y="{_num(y + 20)}" text-anchor="middle">'
        f"{card.suit_symbol}</text>",
    ]
    if cancelled:
        parts.append(
            f'<line class="strike" x1="{_num(left + 4)}" y1="{_num(top + CARD_H - 4)}" '
            f'x2="{_num(left + CARD_W - 4)}" y2="{_num(top + 4)}"/>'
        )
    parts.append("</g>")
    return parts


__all__ = ["TrickLayout", "text_width", "trick_description", "trick_layout", "trick_svg"]
