"""Checks of a PDF as it prints: every character's size, ink and place, read back from the page
with PDFium's text API (pypdfium2), so a test checks what was drawn and not the layout's own
numbers.

- :func:`glyphs` lists the characters of a page with their font size, fill colour and box.
- :func:`readability_problems` says, in words, where a page breaks the rule sheet's floor: text
  under a size, or ink too light to read from a home printer. :func:`assert_readable` fails a
  test with those words. Any test (the rule sheet's, the sweeps') can call them on any PDF.
- :func:`pdf_text` is every page's text as pypdf extracts it, whitespace squashed
  (:func:`squash`), for tests that look for phrases whatever the line breaks.
"""

from __future__ import annotations

import ctypes
import io
import re
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pypdf import PdfReader

MIN_SIZE = 7.0  # no text on the rule sheet is smaller (points)
MIN_CONTRAST = 7.0  # black and grey text under LARGE, against white paper (WCAG's AAA)
MIN_CONTRAST_LARGE = 4.5  # text of LARGE points or more, and coloured text (the red cards)
LARGE = 14.0


def squash(text: str) -> str:
    """Text with every run of whitespace made one space (line breaks do not matter)."""
    return re.sub(r"\s+", " ", text).strip()


def pdf_text(pdf: bytes) -> str:
    """Every page's text, whitespace squashed."""
    return squash(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages))


@dataclass(frozen=True)
class Glyph:
    """One character as drawn: its size in points, fill colour (0-255 each), box and origin
    (on its baseline) in page points from the page's bottom left."""

    char: str
    size: float
    rgb: tuple[int, int, int]
    box: tuple[float, float, float, float]  # left, bottom, right, top
    origin: tuple[float, float]


def glyphs(pdf: bytes, page_index: int = 0) -> list[Glyph]:
    """Every character drawn on a page but spaces, in the order of the page's text."""
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[page_index]
        text = page.get_textpage()
        out = []
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        left, right, bottom, top, x, y = (ctypes.c_double() for _ in range(6))
        for i in range(pdfium_c.FPDFText_CountChars(text.raw)):
            char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
            if char.isspace() or not char.isprintable():
                continue
            pdfium_c.FPDFText_GetFillColor(text.raw, i, r, g, b, a)
            pdfium_c.FPDFText_GetCharBox(text.raw, i, left, right, bottom, top)
            pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)
            out.append(
                Glyph(
                    char,
                    round(pdfium_c.FPDFText_GetFontSize(text.raw, i), 3),
                    (r.value, g.value, b.value),
                    (left.value, bottom.value, right.value, top.value),
                    (x.value, y.value),
                )
            )
        return out
    finally:
        document.close()


def page_count(pdf: bytes) -> int:
    document = pdfium.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


def _luminance(rgb: tuple[int, int, int]) -> float:
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_on_white(rgb: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of a colour against white paper (1 to 21)."""
    return 1.05 / (_luminance(rgb) + 0.05)


def _is_grey(rgb: tuple[int, int, int]) -> bool:
    return max(rgb) - min(rgb) <= 8


def readability_problems(
    pdf: bytes, *, min_size: float = MIN_SIZE, check_ink: bool = True
) -> list[str]:
    """What on the PDF's pages cannot be read from a home printer, one line per kind of
    problem (empty when all is well): text under ``min_size`` points, and (with ``check_ink``)
    text lighter than :data:`MIN_CONTRAST` against white (:data:`MIN_CONTRAST_LARGE` for large
    or coloured text). White text is taken as printed on a dark fill (the picture's winner tag)
    and not checked for ink."""
    problems: dict[str, list[str]] = {}
    for index in range(page_count(pdf)):
        for glyph in glyphs(pdf, index):
            if glyph.size < min_size - 1e-3:
                problems.setdefault(f"text under {min_size:g} pt", []).append(
                    f"{glyph.char!r} at {glyph.size:g} pt"
                )
            if not check_ink or glyph.rgb == (255, 255, 255):
                continue
            need = (
                MIN_CONTRAST if _is_grey(glyph.rgb) and glyph.size < LARGE else MIN_CONTRAST_LARGE
            )
            if contrast_on_white(glyph.rgb) < need:
                problems.setdefault(f"ink lighter than {need:g}:1", []).append(
                    f"{glyph.char!r} in #{bytes(glyph.rgb).hex()} at {glyph.size:g} pt"
                )
    return [
        f"{kind}: {len(found)} characters, e.g. {', '.join(sorted(set(found))[:6])}"
        for kind, found in problems.items()
    ]


def smallest_size(pdf: bytes) -> float:
    """The smallest font size of any character on the PDF's pages."""
    return min(g.size for index in range(page_count(pdf)) for g in glyphs(pdf, index))


def assert_readable(
    pdf: bytes,
    *,
    min_size: float = MIN_SIZE,
    check_ink: bool = True,
    pages: int | None = 1,
    what: str = "the sheet",
) -> None:
    """Fail with a message when the PDF has another page count than ``pages`` (None: any),
    text under ``min_size`` or ink too light (see :func:`readability_problems`)."""
    count = page_count(pdf)
    assert pages is None or count == pages, f"{what}: {count} pages, expected {pages}"
    problems = readability_problems(pdf, min_size=min_size, check_ink=check_ink)
    assert not problems, f"{what}: " + "; ".join(problems)
