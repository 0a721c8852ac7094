"""What every sheet's layout shares once its flowables are made: building the document on
purpose, so that a sheet can neither grow pages nor lose text unnoticed; and the QR code a sheet
carries in its top right corner when the site's address is known.

The code is drawn by :func:`draw_qr_corner` from a sheet's page callback, in the corner its
layout reserved with :func:`qr_room` (nothing when there is no code: the layout is as without
one). A code is a :class:`SheetCode`: the address it holds (the scorekeeper set up with the
sheet's rules) and the short address printed under it (the site's, without ``https://``).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import BaseDocTemplate, Flowable
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


def qr_room(code: SheetCode | None) -> tuple[float, float]:
    """The width and height a layout keeps free in its top right corner for ``code``: the code
    and its caption, and the gap beside them; (0, 0) for no code."""
    if code is None:
        return 0.0, 0.0
    width = max(QR_SIZE, st.text_width(code.caption, CAPTION_SIZE))
    return width + QR_GAP, QR_SIZE + CAPTION_GAP + CAPTION_SIZE * 1.2


def draw_qr_corner(canvas, code: SheetCode | None, *, right: float | None = None,
                   top: float | None = None) -> None:
    """Draw ``code`` with its caption under it, right-aligned at ``right`` with its top at
    ``top`` (by default the page's top right corner inside the margin). No code, nothing drawn.
    Call it from a page callback, in the corner :func:`qr_room` reserved."""
    if code is None:
        return
    page_w, page_h = canvas._pagesize
    right = page_w - st.MARGIN if right is None else right
    top = page_h - st.MARGIN if top is None else top
    drawing = Drawing(QR_SIZE, QR_SIZE)
    drawing.add(QrCodeWidget(code.address, barLevel=QR_LEVEL, barBorder=QR_QUIET,
                             barWidth=QR_SIZE, barHeight=QR_SIZE))
    renderPDF.draw(drawing, canvas, right - QR_SIZE, top - QR_SIZE)
    canvas.saveState()
    canvas.setFont(st.FONT, CAPTION_SIZE)
    canvas.setFillColor(st.INK)
    canvas.drawRightString(right, top - QR_SIZE - CAPTION_GAP - CAPTION_SIZE, code.caption)
    canvas.restoreState()


def build_pages(doc: BaseDocTemplate, story: list[Flowable], what: str, paper: str,
                pages: int = 1) -> None:
    """Build ``story`` into ``doc``; raise :class:`DoesNotFitError` naming ``what`` ("The rule
    sheet") when a flowable does not fit its frame or the document runs past ``pages`` pages."""
    room = "one" if pages == 1 else f"{pages}"
    try:
        doc.build(story)
    except LayoutError as err:
        raise DoesNotFitError(f"{what} does not fit {room} {paper} "
                              f"page{'s' if pages > 1 else ''}: {err}") from err
    if doc.page > pages:
        raise DoesNotFitError(f"{what} ran to {doc.page} pages on {paper} paper.")


__all__ = ["QR_SIZE", "SheetCode", "build_pages", "draw_qr_corner", "qr_room"]
