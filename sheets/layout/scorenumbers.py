"""The score sheet's numbers, worked out from the house rules: what a moon hand adds up to, the
check column's text, and how many hand rows a game needs and a page holds."""

from __future__ import annotations

import math

from reportlab.lib.units import inch

from sheets.blocks import signed
from sheets.houserules import RESET_AT, HouseRules

MIN_ROW_H = 0.28 * inch  # lowest hand row a pencil can write in
MAX_ROW_H = 0.42 * inch
MIN_ROWS = 8  # fewer hand rows than this on a page is no score sheet
#: The most sides a score sheet holds across a portrait page with comfortable cells (3 to 6
#: players, the partnership); more go across a landscape page, and the browser prints alike.
PORTRAIT_SIDES = 6
MOON = "☾"


def moon_check_sums(rules: HouseRules) -> tuple[int, ...]:
    """What a moon hand's points add up to under the moon rule in force, one per way to score it.

    Adding to the others: the moon's worth times the other sides; subtracting from the shooter:
    minus its worth (the others write 0); the bonus cards' values come on top either way.
    """
    add, subtract = rules.moon_sums()
    return ((add,) if rules.moon_may_add else ()) + ((subtract,) if rules.moon_may_subtract else ())


def moon_sum_texts(rules: HouseRules) -> list[str]:
    """The moon hand's sums as printed, the first marked ☾: ``["☾78", "−26"]``; none when a
    moon hand adds up like any other (a team moon scored by adding: 26)."""
    sums = moon_check_sums(rules)
    if sums == (rules.check_sum,):
        return []
    texts = [signed(n) for n in sums]
    return [MOON + texts[0], *texts[1:]]


def moon_check_text(rules: HouseRules) -> str:
    """The moon hand's check: ``☾78``, ``☾−26``, or ``☾78/−26`` when the rule allows either.

    Empty when a moon hand adds up like any other (a team moon scored by adding: 26).
    """
    return "/".join(moon_sum_texts(rules))


def check_text(rules: HouseRules, *, compact: bool = False) -> str:
    """The check printed in every hand row: the normal sum, then the moon's, e.g. ``26 ☾78``.

    Compact sheets (too many columns for the full text) print only the normal sum in the rows and
    the moon's in the column heading.
    """
    normal = signed(rules.check_sum)
    moon = moon_check_text(rules)
    return normal if compact or not moon else f"{normal} {moon}"


def score_sheet_rows(rules: HouseRules) -> int:
    """Hand rows a whole game needs at most (see the module docstring); at least :data:`MIN_ROWS`."""
    lost = 0  # points that rules may take off the table during a game
    if isinstance(rules.exactly_100, int):  # a total of exactly 100 drops to this
        lost += RESET_AT - rules.exactly_100
    if rules.moon_may_subtract:
        lost += 2 * rules.moon_value  # one moon: -value instead of +check_sum, roughly
    hands = math.ceil((rules.target * rules.sides + lost) / rules.check_sum)
    return max(MIN_ROWS, hands + (1 if rules.ties == "play-on" else 0))


def hand_rows(
    wanted: int,
    room: float,
    cycle: int,
    *,
    low: float = MIN_ROW_H,
    high: float = MAX_ROW_H,
    least: int = MIN_ROWS,
) -> tuple[int, float] | None:
    """Hand rows and their height in ``room`` points of grid (the carried-over row takes one
    row's height more), each from ``low`` to ``high`` points tall; None when fewer than
    ``least`` fit. See the module docstring. (Large print passes its own heights and floor.)"""
    fit = int(room // low) - 1  # hand rows at the lowest height
    if fit < least:
        return None
    rows = max(wanted, int(room // high) - 1) if fit >= wanted else fit
    whole = -(-rows // cycle) * cycle  # up to the end of a cycle where that still fits ...
    if whole > fit:
        whole -= cycle  # ... else down, at a cost of at most a quarter of the rows
    if whole >= wanted or (4 * whole >= 3 * rows and whole >= least):
        rows = whole
    return rows, min(high, room / (rows + 1))


# -- layout -----------------------------------------------------------------------------------
