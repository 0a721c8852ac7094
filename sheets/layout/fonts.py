"""The fonts every PDF is set in: the vendored DejaVu Sans Condensed faces, registered once
(:func:`register_fonts`), each remembering the widths it has measured (:class:`MeasuredFont`),
and :func:`text_width` for layout code that measures a line. :mod:`sheets.layout.styles`, the
one stylesheet, re-exports these names.
"""

from __future__ import annotations

import functools
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

FONT = "DejaVuSansCondensed"
FONT_BOLD = "DejaVuSansCondensed-Bold"
FONT_ITALIC = "DejaVuSansCondensed-Oblique"
FONT_FAMILY = "DejaVuSansCondensedFamily"
_FONT_FILES = {
    FONT: "DejaVuSansCondensed.ttf",
    FONT_BOLD: "DejaVuSansCondensed-Bold.ttf",
    FONT_ITALIC: "DejaVuSansCondensed-Oblique.ttf",
}


WIDTHS_KEPT = 50_000  # string widths a font remembers before it starts afresh


class MeasuredFont(TTFont):
    """A TrueType face that remembers the width of each string it has measured.

    Wrapping a paragraph measures every word, and the rule sheet's fitting wraps the same
    words at several sizes and in several sheets. ReportLab's width is ``0.001 * size * units``,
    where ``units`` is the sum of the characters' widths in thousandths of the size; the units of
    each string are worked out once (as ReportLab's width at size 1000, which is exactly them)
    and each width is then the same product ReportLab computes, to the last bit. At most
    :data:`WIDTHS_KEPT` strings are kept (a long-running service sees many groups' notes).
    """

    def __init__(self, name: str, filename: str):
        super().__init__(name, filename)
        self._units: dict[str, float] = {}

    def stringWidth(self, text, size, encoding="utf8"):  # noqa: N802 - ReportLab's name
        units = self._units.get(text)
        if units is None:
            if type(text) is not str:  # bytes depend on the encoding: never kept
                return super().stringWidth(text, size, encoding)
            units = super().stringWidth(text, 1000)
            if len(self._units) >= WIDTHS_KEPT:
                self._units.clear()
            self._units[text] = units
        return 0.001 * size * units


@functools.cache
def register_fonts() -> str:
    """Register the vendored DejaVu Sans Condensed faces once; return the family name."""
    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(MeasuredFont(name, str(FONT_DIR / filename)))
    # No bold-oblique face is vendored: bold stands in for it.
    pdfmetrics.registerFontFamily(
        FONT_FAMILY, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD
    )
    # Paragraph markup (<b>, <i>) resolves through the family of the regular face's name.
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD
    )
    return FONT_FAMILY


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width in points of one line of plain text in our font."""
    register_fonts()
    return pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size)


def two_line_width(text: str, size: float, *, bold: bool = False) -> float:
    """The narrowest width in points that holds the text on two lines, cut between two words
    (one line's width when it is one word)."""
    words = text.split()
    return min(
        (
            max(
                text_width(" ".join(words[:k]), size, bold=bold),
                text_width(" ".join(words[k:]), size, bold=bold),
            )
            for k in range(1, len(words))
        ),
        default=text_width(text, size, bold=bold),
    )


__all__ = [
    "FONT",
    "FONT_BOLD",
    "FONT_DIR",
    "FONT_FAMILY",
    "FONT_ITALIC",
    "WIDTHS_KEPT",
    "MeasuredFont",
    "register_fonts",
    "text_width",
    "two_line_width",
]
