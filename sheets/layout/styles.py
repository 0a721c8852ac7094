"""The one stylesheet for every PDF Hearts Sheets makes.

Fonts, colours, paper sizes, named paragraph and table styles, the text markup helper and the
document settings (metadata, language, byte-identical output) all live here; the sheet modules
only arrange flowables. Fonts are registered lazily, once, on the first call to
:func:`register_fonts` (every style getter calls it).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import TableStyle

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

# -- fonts ------------------------------------------------------------------------------------

FONT = "DejaVuSansCondensed"
FONT_BOLD = "DejaVuSansCondensed-Bold"
FONT_ITALIC = "DejaVuSansCondensed-Oblique"
FONT_FAMILY = "DejaVuSansCondensedFamily"
_FONT_FILES = {
    FONT: "DejaVuSansCondensed.ttf",
    FONT_BOLD: "DejaVuSansCondensed-Bold.ttf",
    FONT_ITALIC: "DejaVuSansCondensed-Oblique.ttf",
}


@functools.cache
def register_fonts() -> str:
    """Register the vendored DejaVu Sans Condensed faces once; return the family name."""
    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    # No bold-oblique face is vendored: bold stands in for it.
    pdfmetrics.registerFontFamily(FONT_FAMILY, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC,
                                  boldItalic=FONT_BOLD)
    # Paragraph markup (<b>, <i>) resolves through the family of the regular face's name.
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC,
                                  boldItalic=FONT_BOLD)
    return FONT_FAMILY


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width in points of one line of plain text in our font."""
    register_fonts()
    return pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size)


# -- colours ----------------------------------------------------------------------------------

INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#6b6b6b")
RULE = colors.HexColor("#9a9a9a")  # light lines: grids, write-in lines
SHADE = colors.HexColor("#f0f0f0")  # alternate fill for header cells and every other column
RED_HEX = "#c0001a"
RED = colors.HexColor(RED_HEX)  # hearts and diamonds

# -- paper ------------------------------------------------------------------------------------

PAGE_SIZES: dict[str, tuple[float, float]] = {"letter": portrait(LETTER), "a4": portrait(A4)}
ORIENTATIONS = ("portrait", "landscape")


def page_size(paper: str, orientation: str = "portrait") -> tuple[float, float]:
    """Width and height in points of a paper name (``letter`` or ``a4``) in an orientation."""
    try:
        size = PAGE_SIZES[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}: expected one of "
                         f"{', '.join(PAGE_SIZES)}") from None
    if orientation not in ORIENTATIONS:
        raise ValueError(f"unknown orientation {orientation!r}: expected portrait or landscape")
    return landscape(size) if orientation == "landscape" else size


MARGIN = 0.3 * inch  # every sheet's page margin: inside what ordinary printers can print

# -- text markup ------------------------------------------------------------------------------

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_RED_CARD = re.compile(r"(?:10|[2-9JQKA])?[♥♦]")


def markup(text: str) -> str:
    """Plain text to ReportLab paragraph markup.

    Escapes ``& < >``, turns ``**x**`` into bold and colours every red card (``Q♥``, ``10♦``,
    a lone ``♥``) red.
    """
    out = escape(text)
    out = _BOLD.sub(r"<b>\1</b>", out)
    return _RED_CARD.sub(lambda m: f'<font color="{RED_HEX}">{m.group(0)}</font>', out)


# -- paragraph styles -------------------------------------------------------------------------

COLUMN_HEAD_SIZE = 6.5  # table column headings; layout code measures with it
CHECK_SIZE = 7  # the check numbers printed in score rows


@functools.cache
def paragraph_styles() -> dict[str, ParagraphStyle]:
    """The named paragraph styles, by name."""
    register_fonts()
    base = ParagraphStyle("Body", fontName=FONT, fontSize=8.5, leading=10.5, textColor=INK,
                          alignment=TA_LEFT)
    styles = [
        base,
        ParagraphStyle("Title", parent=base, fontName=FONT_BOLD, fontSize=18, leading=21),
        ParagraphStyle("Subtitle", parent=base, fontSize=10, leading=12, textColor=MUTED),
        ParagraphStyle("Small", parent=base, fontSize=7.5, leading=9),
        ParagraphStyle("Note", parent=base, fontSize=7, leading=8.5, textColor=MUTED),
        ParagraphStyle("Label", parent=base, fontSize=6.5, leading=7.5, textColor=MUTED),
        ParagraphStyle("ColumnHead", parent=base, fontName=FONT_BOLD, fontSize=COLUMN_HEAD_SIZE,
                       leading=COLUMN_HEAD_SIZE + 1,
                       alignment=TA_CENTER),
        ParagraphStyle("Check", parent=base, fontSize=CHECK_SIZE, leading=CHECK_SIZE + 1,
                       textColor=MUTED, alignment=TA_CENTER),
        ParagraphStyle("MoonHead", parent=base, fontSize=11, leading=12, textColor=INK,
                       alignment=TA_CENTER),
    ]
    return {s.name: s for s in styles}


def style(name: str) -> ParagraphStyle:
    """One named paragraph style."""
    return paragraph_styles()[name]


# -- table styles -----------------------------------------------------------------------------

# Score grid: light inner grid, firm outer frame. Sheet code adds only data-dependent spans.
SCORE_GRID_STYLE = TableStyle([
    ("FONTNAME", (0, 0), (-1, -1), FONT),
    ("FONTSIZE", (0, 0), (-1, -1), 8),
    ("TEXTCOLOR", (0, 0), (-1, -1), INK),
    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
    ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ("INNERGRID", (0, 0), (-1, -1), 0.4, RULE),
    ("BOX", (0, 0), (-1, -1), 1.0, INK),
])

# Write-in fields such as "Date ____  Place ____": a label cell, then a cell with a line below.
FORM_LINE_STYLE = TableStyle([
    ("FONTNAME", (0, 0), (-1, -1), FONT),
    ("FONTSIZE", (0, 0), (-1, -1), 8.5),
    ("TEXTCOLOR", (0, 0), (-1, -1), MUTED),
    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
])

# -- documents --------------------------------------------------------------------------------

AUTHOR = "Hearts Sheets"
LANG = "en"


def pdf_metadata(*, title: str, subject: str, keywords: tuple[str, ...] = ()) -> dict:
    """Keyword arguments for ``BaseDocTemplate``: metadata, document language and
    ``invariant=1`` for byte-identical output."""
    return {
        "title": title,
        "author": AUTHOR,
        "creator": AUTHOR,
        "subject": subject,
        "keywords": list(("Hearts", "card game") + tuple(keywords)),
        "lang": LANG,
        "invariant": 1,
        "displayDocTitle": 1,
    }


def new_canvas(out, pagesize: tuple[float, float], *, title: str, subject: str,
               keywords: tuple[str, ...] = ()) -> Canvas:
    """A canvas with the same metadata, language and invariance, for sheets drawn directly."""
    meta = pdf_metadata(title=title, subject=subject, keywords=keywords)
    canvas = Canvas(out, pagesize=pagesize, invariant=meta["invariant"], lang=meta["lang"])
    canvas.setTitle(meta["title"])
    canvas.setAuthor(meta["author"])
    canvas.setCreator(meta["creator"])
    canvas.setSubject(meta["subject"])
    canvas.setKeywords(meta["keywords"])
    return canvas


__all__ = [
    "AUTHOR", "CHECK_SIZE", "COLUMN_HEAD_SIZE", "FONT", "FONT_BOLD", "FONT_FAMILY", "FONT_ITALIC",
    "FORM_LINE_STYLE", "INK", "LANG",
    "MARGIN", "MUTED", "ORIENTATIONS", "PAGE_SIZES", "RED", "RED_HEX", "RULE", "SCORE_GRID_STYLE",
    "SHADE",
    "markup", "new_canvas", "page_size", "paragraph_styles", "pdf_metadata", "register_fonts", "style",
    "text_width",
]
