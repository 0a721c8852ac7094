"""What every sheet's layout shares once its flowables are made: building the document on
purpose, so that a sheet can neither grow pages nor lose text unnoticed; and the QR code a sheet
carries in its top right corner when the site's address is known.

The code is drawn by :func:`draw_qr_corner` from a sheet's page callback, in the corner its
layout reserved with :func:`qr_room` (nothing when there is no code: the layout is as without
one). A code is a :class:`SheetCode`: the address it holds (the scorekeeper set up with the
sheet's rules) and the short address printed under it (the site's, without ``https://``).
How the address is printed is a :class:`CaptionLook`: on one line at 7 pt on the standard
sheets; the large print sets it at 14 pt, cut after a ``/`` or a ``.`` into lines no wider than
its corner allows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, Spacer, Table
from reportlab.platypus.doctemplate import LayoutError

from sheets.errors import DoesNotFitError
from sheets.layout import styles as st

QR_SIZE = 0.8 * 72  # points: the code's side, its quiet zone included
QR_QUIET = 2  # modules of white around the code (inside QR_SIZE); the page margin adds more
QR_LEVEL = "L"  # error correction: the lowest, so the modules stay large on a small code
QR_GAP = 6  # points between the code and the text beside it
CAPTION_SIZE = st.TEXT_FLOOR  # the short address under the code
CAPTION_GAP = 2  # points between the code and its caption


@dataclass(frozen=True, slots=True)
class SheetCode:
    """What a sheet's QR code holds and the short address printed under it."""

    address: str
    caption: str


@dataclass(frozen=True, slots=True)
class CaptionLook:
    """How the short address under the code is set: its size, and the widest line (0: one
    line, however wide)."""

    size: float = CAPTION_SIZE
    width: float = 0.0

    @property
    def leading(self) -> float:
        return self.size * 1.2

    def lines(self, caption: str) -> list[str]:
        """The caption's lines: cut after a ``/`` or a ``.`` where the whole is wider than
        :attr:`width` (a part wider still cut where it must)."""
        if not self.width or st.text_width(caption, self.size) <= self.width:
            return [caption]
        lines = [""]
        for part in re.findall(r"[^./]*[./]|[^./]+$", caption):
            for char in part if st.text_width(part, self.size) > self.width else [part]:
                if lines[-1] and st.text_width(lines[-1] + char, self.size) > self.width:
                    lines.append("")
                lines[-1] += char
        return lines


STANDARD_CAPTION = CaptionLook()
LARGE_CAPTION = CaptionLook(14.0, 2.4 * 72)  # the large print's, where nothing is under 14 pt


def qr_room(code: SheetCode | None, look: CaptionLook = STANDARD_CAPTION) -> tuple[float, float]:
    """The width and height a layout keeps free in its top right corner for ``code``: the code
    and its caption (set in ``look``), and the gap beside them; (0, 0) for no code."""
    if code is None:
        return 0.0, 0.0
    lines = look.lines(code.caption)
    width = max([QR_SIZE] + [st.text_width(line, look.size) for line in lines])
    return width + QR_GAP, QR_SIZE + CAPTION_GAP + look.leading * len(lines)


def beside_corner(
    flows: list[Flowable], width: float, corner: tuple[float, float]
) -> list[Flowable]:
    """The first of ``flows`` set beside the corner kept for the QR code (until they are as
    tall as it), the rest below at the whole ``width``; ``flows`` as they are for no corner."""
    corner_w, corner_h = corner
    if not corner_w:
        return flows
    beside, height = 0, 0.0
    while beside < len(flows) and height < corner_h:
        height += flows[beside].wrap(width - corner_w, 1e6)[1]
        beside += 1
    return [
        Table(
            [[flows[:beside], Spacer(corner_w, corner_h)]],
            colWidths=[width - corner_w, corner_w],
            style=st.CORNER_STYLE,
        ),
        *flows[beside:],
    ]


def page_corner(page_size: tuple[float, float]) -> tuple[float, float]:
    """The top right corner inside the margin of a page of ``page_size``: (right, top)."""
    page_w, page_h = page_size
    return page_w - st.MARGIN, page_h - st.MARGIN


def draw_qr_corner(
    canvas,
    code: SheetCode | None,
    right: float,
    top: float,
    look: CaptionLook = STANDARD_CAPTION,
) -> None:
    """Draw ``code`` with its caption (set in ``look``) under it, right-aligned at ``right``
    with its top at ``top`` (:func:`page_corner` for a page's own corner). No code, nothing
    drawn. Call it from a page callback, in the corner :func:`qr_room` reserved for the same
    look."""
    if code is None:
        return
    # ReportLab's graphics are a sixth of a build's imports: loaded only for a sheet with a code
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    drawing = Drawing(QR_SIZE, QR_SIZE)
    drawing.add(
        QrCodeWidget(
            code.address, barLevel=QR_LEVEL, barBorder=QR_QUIET, barWidth=QR_SIZE, barHeight=QR_SIZE
        )
    )
    renderPDF.draw(drawing, canvas, right - QR_SIZE, top - QR_SIZE)
    canvas.saveState()
    canvas.setFont(st.FONT, look.size)
    canvas.setFillColor(st.INK)
    for n, line in enumerate(look.lines(code.caption)):
        canvas.drawRightString(
            right, top - QR_SIZE - CAPTION_GAP - look.size - n * look.leading, line
        )
    canvas.restoreState()


def bare_frame(x: float, y: float, width: float, height: float, ident: str) -> Frame:
    """A frame whose flowables run to its very edges: the sheets keep their margins themselves."""
    return Frame(
        x, y, width, height, id=ident, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0
    )


def build_pages(
    doc: BaseDocTemplate, story: list[Flowable], what: str, paper: str, pages: int = 1
) -> None:
    """Build ``story`` into ``doc``; raise :class:`DoesNotFitError` naming ``what`` ("The rule
    sheet") when a flowable does not fit its frame or the document runs past ``pages`` pages."""
    room = "one" if pages == 1 else f"{pages}"
    try:
        doc.build(story)
    except LayoutError as err:
        raise DoesNotFitError(
            f"{what} does not fit {room} {paper} page{'s' if pages > 1 else ''}: {err}"
        ) from err
    if doc.page > pages:
        raise DoesNotFitError(f"{what} ran to {doc.page} pages on {paper} paper.")


__all__ = [
    "bare_frame",
    "CAPTION_SIZE",
    "LARGE_CAPTION",
    "QR_SIZE",
    "STANDARD_CAPTION",
    "CaptionLook",
    "SheetCode",
    "beside_corner",
    "build_pages",
    "draw_qr_corner",
    "qr_room",
]
