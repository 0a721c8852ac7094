"""The one stylesheet for every PDF Hearts Sheets makes.

Colours, paper sizes, named paragraph and table styles, the text markup helper and the document
settings (metadata, language, byte-identical output) all live here, with the fonts' names and
:func:`text_width` re-exported from :mod:`sheets.layout.fonts`; the sheet modules only arrange
flowables. Fonts are registered lazily, once, on the first call to :func:`register_fonts` (every
style getter calls it).
"""

from __future__ import annotations

import functools
from html import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, TableStyle

from sheets.blocks import PdfLabels, Run, marked, runs
from sheets.layout.fonts import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    register_fonts,
    text_width,
    two_line_width,
)
from sheets.papers import PAPERS

# -- colours ----------------------------------------------------------------------------------

INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#6b6b6b")  # lines and ornaments, never text
# Grey text on either sheet: dark enough to read from a home printer (7:1 on white).
ASIDE = colors.HexColor("#4d4d4d")
RULE = colors.HexColor("#9a9a9a")  # light lines: grids, write-in lines
SHADE = colors.HexColor("#f0f0f0")  # alternate fill for header cells and every other column
RED_HEX = "#c0001a"
RED = colors.HexColor(RED_HEX)  # hearts and diamonds
PEN = colors.HexColor("#173f8a")  # what a filled-in score sheet writes in its cells

# -- paper ------------------------------------------------------------------------------------

PAGE_SIZES: dict[str, tuple[float, float]] = {key: p.size for key, p in PAPERS.items()}
ORIENTATIONS = ("portrait", "landscape")


def page_size(paper: str, orientation: str = "portrait") -> tuple[float, float]:
    """Width and height in points of a paper name (``letter`` or ``a4``) in an orientation."""
    try:
        size = PAGE_SIZES[paper]
    except KeyError:
        raise ValueError(
            f"unknown paper {paper!r}: expected one of {', '.join(PAGE_SIZES)}"
        ) from None
    if orientation not in ORIENTATIONS:
        raise ValueError(f"unknown orientation {orientation!r}: expected portrait or landscape")
    return landscape(size) if orientation == "landscape" else size


MARGIN = 0.3 * inch  # every sheet's page margin: inside what ordinary printers can print

# -- text markup ------------------------------------------------------------------------------


def _runs(runs: tuple[Run, ...]) -> str:
    return "".join(
        f'<font color="{RED_HEX}">{escape(r.text, quote=False)}</font>'
        if r.red
        else escape(r.text, quote=False)
        for r in runs
    )


def markup(text: str) -> str:
    """Plain text to ReportLab paragraph markup (read by :func:`sheets.blocks.marked`).

    Escapes ``& < >``, sets a ``**bold**`` lead-in in bold and colours every red card (``Q♥``,
    ``10♦``, a lone ``♥``) red.
    """
    found = marked(text)
    rest = _runs(found.rest)
    return f"<b>{_runs(found.lead)}</b>{rest}" if found.lead else rest


def typed_markup(text: str) -> str:
    """Text a group typed (a title, a note) as ReportLab paragraph markup, printed as typed:
    escaped, red cards red, and ``**`` or ``<b>`` left as the characters they are."""
    return _runs(runs(text))


# -- paragraph styles -------------------------------------------------------------------------

COLUMN_HEAD_SIZE = 7  # table column headings; layout code measures with it
CHECK_SIZE = 7  # the check numbers printed in score rows
PEN_SIZE = 9  # a filled-in score sheet's numbers (never more than its cells hold)


@functools.cache
def paragraph_styles() -> dict[str, ParagraphStyle]:
    """The named paragraph styles, by name."""
    register_fonts()
    base = ParagraphStyle(
        "Body", fontName=FONT, fontSize=8.5, leading=10.5, textColor=INK, alignment=TA_LEFT
    )
    styles = [
        base,
        ParagraphStyle("Title", parent=base, fontName=FONT_BOLD, fontSize=18, leading=21),
        ParagraphStyle("Subtitle", parent=base, fontSize=10, leading=12, textColor=ASIDE),
        ParagraphStyle("Small", parent=base, fontSize=7.5, leading=9),
        ParagraphStyle("Note", parent=base, fontSize=7, leading=8.5, textColor=ASIDE),
        ParagraphStyle("Label", parent=base, fontSize=7, leading=8, textColor=ASIDE),
        ParagraphStyle(
            "ColumnHead",
            parent=base,
            fontName=FONT_BOLD,
            fontSize=COLUMN_HEAD_SIZE,
            leading=COLUMN_HEAD_SIZE + 1,
            alignment=TA_CENTER,
        ),
        ParagraphStyle(
            "Check",
            parent=base,
            fontSize=CHECK_SIZE,
            leading=CHECK_SIZE + 1,
            textColor=ASIDE,
            alignment=TA_CENTER,
        ),
        ParagraphStyle(
            "MoonHead", parent=base, fontSize=11, leading=12, textColor=INK, alignment=TA_CENTER
        ),
        # what a filled-in score sheet writes on a line of its header (the date)
        ParagraphStyle("Pen", parent=base, fontSize=PEN_SIZE + 1, leading=12, textColor=PEN),
    ]
    return {s.name: s for s in styles}


def style(name: str) -> ParagraphStyle:
    """One named paragraph style."""
    return paragraph_styles()[name]


# -- table styles -----------------------------------------------------------------------------

# Score grid: light inner grid, firm outer frame. Sheet code adds only data-dependent spans.
GRID_PADDING = 1.5  # the score grid's cells' left and right padding

SCORE_GRID_STYLE = TableStyle(
    [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), GRID_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), GRID_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("INNERGRID", (0, 0), (-1, -1), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 1.0, INK),
    ]
)

# Write-in fields such as "Date ____  Place ____": a label cell, then a cell with a line below.
FORM_LINE_STYLE = TableStyle(
    [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), 8.5),
        ("TEXTCOLOR", (0, 0), (-1, -1), ASIDE),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
)

# -- the rule sheet ---------------------------------------------------------------------------
#
# Every rule-sheet style is a function of the body size the fitting chose (RULE_SHEET_MAX_SIZE
# down to RULE_SHEET_MIN_SIZE); the title band and the picture keep fixed sizes.

RULE_SHEET_MAX_SIZE = 9.5  # the largest body size
RULE_SHEET_MIN_SIZE = 7.0  # below this the sheet is not readable at arm's length
TEXT_FLOOR = 7.0  # no text on either sheet is smaller: notes, captions and names included
RULE_LEADING = 1.24  # line spacing of the rule sheet's text, in font sizes
SMALL = 0.9  # the brief and aside text's size, in body sizes (never under TEXT_FLOOR)
RULE_SHEET_COLUMNS = 3
RULE_SHEET_GUTTER = 16  # points between columns (a hairline runs down the middle)
RULE_SHEET_BAND_GAP = 9  # points between the title band and the columns
SECTION_GAP = 1.0  # space above a section heading, in body sizes
ITEM_GAP = 0.3  # space between the items of a section, in body sizes
MAX_GAP_GROWTH = 1.0  # body sizes a section gap may grow by to level the column feet

FELT = colors.HexColor("#e6efe7")  # the table in the trick picture: a faint green baize
FELT_EDGE = colors.HexColor("#b9cdbb")
HIGHLIGHT = colors.HexColor("#f2c230")  # the glow round the card that wins the trick
CARD_FACE = colors.white

TITLE_SIZE = 24
SUMMARY_SIZE = 10.5


@functools.cache
def rule_sheet_styles(size: float) -> dict[str, ParagraphStyle]:
    """The rule sheet's paragraph styles for a body size in points, by name."""
    register_fonts()
    lead = round(size * RULE_LEADING, 2)
    small = max(TEXT_FLOOR, round(size * SMALL, 2))
    small_lead = round(small * 1.22, 2)
    indent = round(size * 1.25, 2)
    # the layout decides where a paragraph may split between columns (allowOrphans: a split
    # may leave one line of a paragraph above it)
    body = ParagraphStyle(
        "RuleBody",
        fontName=FONT,
        fontSize=size,
        leading=lead,
        textColor=INK,
        alignment=TA_LEFT,
        bulletFontName=FONT_BOLD,
        bulletFontSize=size,
        allowOrphans=1,
        allowWidows=1,
    )
    styles = [
        body,
        ParagraphStyle(
            "RuleSummary",
            parent=body,
            fontSize=SUMMARY_SIZE,
            leading=SUMMARY_SIZE * 1.25,
            textColor=ASIDE,
        ),
        ParagraphStyle(
            "RuleNotesHead",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=small,
            leading=small_lead,
            textColor=RED,
        ),
        ParagraphStyle(
            "RuleHeading",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=round(size * 1.3, 2),
            leading=round(size * 1.45, 2),
        ),
        ParagraphStyle("RuleStep", parent=body, leftIndent=indent, bulletIndent=0),
        ParagraphStyle(
            "RuleStepNote",
            parent=body,
            fontSize=small,
            leading=small_lead,
            leftIndent=indent,
            textColor=ASIDE,
        ),
        ParagraphStyle(
            "RuleBullet", parent=body, leftIndent=size * 0.9, bulletIndent=0, bulletFontName=FONT
        ),
        ParagraphStyle(
            "RuleBrief",
            parent=body,
            fontSize=small,
            leading=small_lead,
            leftIndent=small * 0.9,
            bulletIndent=0,
            bulletFontName=FONT,
            bulletFontSize=small,
        ),
        ParagraphStyle(
            "RuleTerm",
            parent=body,
            fontSize=small,
            leading=small_lead,
            leftIndent=indent,
            firstLineIndent=-indent,
        ),
        ParagraphStyle(
            "RuleIntro",
            parent=body,
            fontName=FONT_ITALIC,
            fontSize=small,
            leading=small_lead,
            textColor=ASIDE,
        ),
    ]
    return {s.name: s for s in styles}


@functools.cache
def title_style(size: float) -> ParagraphStyle:
    """The rule sheet's title at a size in points."""
    register_fonts()
    return ParagraphStyle(
        f"RuleTitle{size:g}",
        fontName=FONT_BOLD,
        fontSize=size,
        leading=size * 1.1,
        textColor=INK,
        alignment=TA_LEFT,
    )


TITLE_LINES = 2  # the most lines a sheet's title takes


def title_size(title_at, width: float, sizes) -> float | None:
    """The first of ``sizes`` (largest first) at which the title paragraph ``title_at(size)``
    keeps to :data:`TITLE_LINES` lines in ``width``; None when none does."""
    for size in sizes:
        title: Paragraph = title_at(size)
        title.wrap(width, 1e6)
        if len(title.blPara.lines) <= TITLE_LINES:
            return size
    return None


def rule_style(name: str, size: float) -> ParagraphStyle:
    """One rule-sheet paragraph style at a body size."""
    return rule_sheet_styles(size)[name]


def quick_start_style(size: float) -> TableStyle:
    """The shaded box the quick start sits in."""
    pad = round(size * 0.6, 2)
    return TableStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), FONT),
            ("BACKGROUND", (0, 0), (-1, -1), SHADE),
            ("LINEABOVE", (0, 0), (-1, 0), 1.5, RED),
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), round(size * 0.12, 2)),
            ("BOTTOMPADDING", (0, 0), (-1, -1), round(size * 0.12, 2)),
            ("TOPPADDING", (0, 0), (-1, 0), pad),
            ("BOTTOMPADDING", (0, -1), (-1, -1), pad),
        ]
    )


# The title band: the title and summary on the left, the group's notes (if any) on the right.
BAND_GAP = 8  # points between the band's text and the notes box beside it
BAND_STYLE = TableStyle(
    [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, -1), (0, -1), BAND_GAP),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
        ("LINEBELOW", (0, -1), (-1, -1), 1.5, INK),
    ]
)


# a block of text beside the corner a sheet keeps for its QR code: no padding, tops aligned
CORNER_STYLE = TableStyle(
    [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]
)


def stacked_band_style() -> TableStyle:
    """The title band when the title takes the whole width above the summary and notes."""
    return TableStyle(
        [
            *BAND_STYLE.getCommands(),
            ("SPAN", (0, 0), (-1, 0)),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 2),
        ]
    )


# The notes box inside the band.
NOTES_BOX_STYLE = TableStyle(
    [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("BACKGROUND", (0, 0), (-1, -1), SHADE),
        ("LINEBEFORE", (0, 0), (0, -1), 2, RED),
        ("LEFTPADDING", (0, 0), (-1, -1), 6),
        ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("TOPPADDING", (0, 0), (-1, 0), 4),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 4),
    ]
)

# -- documents --------------------------------------------------------------------------------

AUTHOR = "Hearts Sheets"


# Every PDF stream is stored compressed and binary, not also ASCII85-encoded as ReportLab does by
# default (for 7-bit mail, which no PDF travels through now): smaller files, made faster. A
# setting of ReportLab's for the whole process, read as each document is written.
rl_config.useA85 = 0


def pdf_metadata(labels: PdfLabels) -> dict:
    """Keyword arguments for ``BaseDocTemplate``: the metadata and document language a sheet's
    words give, ``invariant=1`` for byte-identical output, and our font as the page's initial
    font (so no unembedded Helvetica is referenced)."""
    register_fonts()
    return {
        "title": labels.title,
        "author": AUTHOR,
        "creator": AUTHOR,
        "subject": labels.subject,
        "keywords": list(labels.keywords),
        "lang": labels.lang,
        "invariant": 1,
        "displayDocTitle": 1,
        "initialFontName": FONT,
    }


__all__ = [
    "ASIDE",
    "AUTHOR",
    "BAND_GAP",
    "BAND_STYLE",
    "CARD_FACE",
    "CHECK_SIZE",
    "COLUMN_HEAD_SIZE",
    "CORNER_STYLE",
    "FELT",
    "FELT_EDGE",
    "FONT",
    "FONT_BOLD",
    "FONT_ITALIC",
    "FORM_LINE_STYLE",
    "GRID_PADDING",
    "HIGHLIGHT",
    "INK",
    "ITEM_GAP",
    "MARGIN",
    "MAX_GAP_GROWTH",
    "MUTED",
    "NOTES_BOX_STYLE",
    "ORIENTATIONS",
    "PAGE_SIZES",
    "PEN",
    "PEN_SIZE",
    "RED",
    "RED_HEX",
    "RULE",
    "RULE_LEADING",
    "RULE_SHEET_BAND_GAP",
    "RULE_SHEET_COLUMNS",
    "RULE_SHEET_GUTTER",
    "RULE_SHEET_MAX_SIZE",
    "RULE_SHEET_MIN_SIZE",
    "SCORE_GRID_STYLE",
    "SECTION_GAP",
    "SHADE",
    "SMALL",
    "SUMMARY_SIZE",
    "TEXT_FLOOR",
    "TITLE_LINES",
    "TITLE_SIZE",
    "markup",
    "page_size",
    "paragraph_styles",
    "pdf_metadata",
    "quick_start_style",
    "register_fonts",
    "rule_sheet_styles",
    "rule_style",
    "stacked_band_style",
    "style",
    "text_width",
    "title_style",
    "two_line_width",
    "typed_markup",
]
