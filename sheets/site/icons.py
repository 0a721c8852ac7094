"""The scorekeeper's icon: a heart on the accent colour, drawn from one set of shapes.

:func:`icon_svg` writes the shapes as SVG (the favicon a browser scales itself);
:func:`icon_png` draws the same shapes with Pillow for the web app manifest, four times larger
and then scaled down so the edges are smooth; :func:`favicon_ico` wraps a small PNG in an ICO
for browsers that ask for ``favicon.ico``. Pure functions of their arguments: the same size
gives the same bytes.
"""

from __future__ import annotations

import io
import math
import struct
from functools import cache

ICON_SVG = "icon.svg"  # the site's favicon, by its path in the site
ACCENT = "#a4161a"  # the scorekeeper's accent colour (scorekeeper.css --accent), its theme colour
PAPER = "#fbfaf7"  # the page's background (scorekeeper.css --bg), the heart's colour
SUPERSAMPLE = 4
# Sizes the manifest lists; "maskable" icons keep the heart inside the middle 80% circle that
# any launcher mask leaves visible, and fill the whole square with the accent colour.
MANIFEST_ICONS = ((192, "any"), (512, "any"), (512, "maskable"))
FAVICON_SIZE = 32


def _heart(
    scale: float,
) -> tuple[tuple[float, float, float], tuple[float, float, float], tuple[tuple[float, float], ...]]:
    """Two circles and a square turned 45°, in a unit box: ((cx, cy, r), (cx, cy, r), corners).

    The square's two upper sides carry the circles; ``scale`` is the heart's width in the box.
    """
    half = 0.5 * scale / (0.5 + 1 / math.sqrt(2))  # the square's half diagonal
    r = half / math.sqrt(2)
    cy = (
        2 * 0.52 - half / 2 + r
    ) / 2  # the heart's middle a little below the box's, to look centred
    left = (0.5 - half / 2, cy - half / 2, r)
    right = (0.5 + half / 2, cy - half / 2, r)
    square = ((0.5, cy - half), (0.5 + half, cy), (0.5, cy + half), (0.5 - half, cy))
    return left, right, square


def _shapes(maskable: bool):
    """(corner radius of the background, heart shapes), both in the unit box."""
    return (0.0 if maskable else 0.18), _heart(0.56 if maskable else 0.7)


def _num(x: float) -> str:
    return f"{x * 100:.2f}".rstrip("0").rstrip(".")


def icon_svg() -> bytes:
    """The icon as SVG, in a 100-unit box."""
    corner, (left, right, square) = _shapes(False)
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in square)
    circles = "".join(
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}"/>' for cx, cy, r in (left, right)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="{_num(corner)}" fill="{ACCENT}"/>'
        f'<g fill="{PAPER}"><polygon points="{points}"/>{circles}</g></svg>\n'
    ).encode()


@cache
def icon_png(size: int, purpose: str = "any") -> bytes:
    """The icon as a square PNG of ``size`` pixels; ``purpose`` "any" or "maskable"."""
    from PIL import Image, ImageDraw

    big = size * SUPERSAMPLE
    corner, (left, right, square) = _shapes(purpose == "maskable")
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=round(corner * big), fill=ACCENT)
    draw.polygon([(x * big, y * big) for x, y in square], fill=PAPER)
    for cx, cy, r in (left, right):
        draw.ellipse(((cx - r) * big, (cy - r) * big, (cx + r) * big, (cy + r) * big), fill=PAPER)
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()


def favicon_ico() -> bytes:
    """``favicon.ico``: one 32-pixel PNG in an ICO wrapper."""
    png = icon_png(FAVICON_SIZE)
    header = struct.pack("<HHH", 0, 1, 1)  # reserved, type 1 (icon), one image
    entry = struct.pack("<BBBBHHII", FAVICON_SIZE, FAVICON_SIZE, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


__all__ = [
    "ACCENT",
    "FAVICON_SIZE",
    "ICON_SVG",
    "MANIFEST_ICONS",
    "PAPER",
    "favicon_ico",
    "icon_png",
    "icon_svg",
]
