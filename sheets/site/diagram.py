"""The worked example as a picture: an SVG of the first trick, cards around a table.

:func:`trick_svg` is pure: it takes the :class:`~sheets.example.WorkedExample` and returns SVG
markup to put inline in the page. Seat 0 sits at the top and play goes clockwise, as at a real
table. Each seat shows the card it played (red for ♥ and ♦) with its play number, and the seat's
name and the example's caption above the card (upper half) or below it;
the winning card is outlined and its caption set in bold, a cancelled card is struck through.
Colours come from the page's stylesheet through class names, so the picture follows the light
and dark themes and prints in black and white; the card faces stay white in every theme.
"""

from __future__ import annotations

from html import escape

from sheets.cards import Card
from sheets.example import WorkedExample, seat_direction

CARD_W, CARD_H = 42, 60
CARD_RX, CARD_RY = 105, 80  # the ellipse the card centres sit on, up to 6 players
TABLE_MARGIN_X, TABLE_MARGIN_Y = 35, 32  # from that ellipse to the table's edge
LINE = 16  # from a name's baseline to its caption's
HALF_CAPTION = 62  # half the width of the longest caption ("may not drop Q♠")
ABOVE = CARD_H / 2 + 8 + LINE + 14  # from a card's centre to the top of the name above it
BELOW = CARD_H / 2 + 2 + 2 * LINE + 6  # from a card's centre to the bottom of the caption
BESIDE = 8  # from a card's edge to the name beside it
MAX_STACKED = 6  # up to this many players every name sits above or below its card


def _geometry(players: int) -> tuple[float, float, float, float]:
    """Card ellipse radii and picture size: the table grows beyond 6 players so that
    neighbours' names do not overlap."""
    grow = max(1.0, players / 6)
    rx, ry = CARD_RX * grow, CARD_RY * grow
    side = 2 * HALF_CAPTION + BESIDE if players > MAX_STACKED else HALF_CAPTION
    return rx, ry, 2 * (rx + CARD_W / 2 + side), 2 * ry + ABOVE + BELOW


def _num(x: float) -> str:
    """A coordinate with at most one decimal, the same on every machine."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _card(x: float, y: float, card: Card, *, winner: bool, cancelled: bool,
          order: int) -> list[str]:
    left, top = x - CARD_W / 2, y - CARD_H / 2
    classes = " ".join(c for c in ("card", "red" if card.is_red else "",
                                   "winner" if winner else "",
                                   "cancelled" if cancelled else "") if c)
    rank, suit = card.rank_text, card.suit_symbol
    parts = [f'<g class="{classes}">',
             f'<rect class="face" x="{_num(left)}" y="{_num(top)}" width="{CARD_W}" '
             f'height="{CARD_H}" rx="5"/>',
             f'<text class="rank" x="{_num(x)}" y="{_num(y - 4)}" text-anchor="middle">'
             f'{escape(rank)}</text>',
             f'<text class="suit" x="{_num(x)}" y="{_num(y + 20)}" text-anchor="middle">'
             f'{suit}</text>',
             f'<circle class="order" cx="{_num(left + 2)}" cy="{_num(top + 2)}" r="8"/>',
             f'<text class="order-number" x="{_num(left + 2)}" y="{_num(top + 6)}" '
             f'text-anchor="middle">{order}</text>']
    if cancelled:
        parts.append(f'<line class="strike" x1="{_num(left + 4)}" y1="{_num(top + CARD_H - 4)}" '
                     f'x2="{_num(left + CARD_W - 4)}" y2="{_num(top + 4)}"/>')
    parts.append("</g>")
    return parts


def _label(x: float, y: float, cos: float, sin: float, beside: bool, name: str, caption: str,
           winner: bool) -> list[str]:
    """The seat's name and caption: centred above a card in the table's upper half and below it
    in the lower half; at a crowded table, the seats at the sides have them beside the card,
    away from the table (neighbours sit too close above and below)."""
    anchor = "middle"
    if beside and abs(sin) < 0.45:
        anchor = "start" if cos > 0 else "end"
        x += (CARD_W / 2 + BESIDE) * (1 if cos > 0 else -1)
        top = y - 2
    elif sin < -0.01:
        top = y - CARD_H / 2 - 8 - LINE
    else:
        top = y + CARD_H / 2 + LINE + 2
    caption_class = "caption winner-caption" if winner else "caption"
    return [f'<text class="seat" x="{_num(x)}" y="{_num(top)}" text-anchor="{anchor}">'
            f'{escape(name)}</text>',
            f'<text class="{caption_class}" x="{_num(x)}" y="{_num(top + LINE)}" '
            f'text-anchor="{anchor}">{escape(caption)}</text>']


def trick_description(example: WorkedExample) -> str:
    """One line saying what the picture shows, for screen readers."""
    plays = "; ".join(f"{s.name} {s.card.symbol}, {s.caption}" for s in example.steps)
    return f"The first trick around the table, in order of play: {plays}."


def trick_svg(example: WorkedExample, *, id_prefix: str = "trick") -> str:
    """The example trick as inline SVG markup (no styles inside: the page's stylesheet colours
    it)."""
    players = example.rules.players
    rx, ry, width, height = _geometry(players)
    cx, cy = width / 2, ABOVE + ry
    title_id = f"{id_prefix}-title"
    parts = [f'<svg class="trick" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
             f'aria-labelledby="{title_id}">',
             f'<title id="{title_id}">{escape(trick_description(example))}</title>',
             f'<ellipse class="table" cx="{_num(cx)}" cy="{_num(cy)}" '
             f'rx="{_num(rx + TABLE_MARGIN_X)}" ry="{_num(ry + TABLE_MARGIN_Y)}"/>']
    for order, step in enumerate(example.steps, start=1):
        dx, dy = seat_direction(step.seat, players)
        dy = -dy  # SVG's y axis points down
        x, y = cx + rx * dx, cy + ry * dy
        parts += _card(x, y, step.card, winner=step.wins, cancelled=step.cancelled, order=order)
        parts += _label(x, y, dx, dy, players > MAX_STACKED, step.name, step.caption,
                        step.wins)
    parts.append("</svg>")
    return "\n".join(parts)


__all__ = ["trick_description", "trick_svg"]
