"""The rule sheet's page: its geometry on a paper, and the title band above the columns (the
title fitted to its lines, the summary, the group's notes or the suits)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from sheets.blocks import RuleSheetText
from sheets.layout import styles as st
from sheets.layout.ruleunits import paragraph

TITLE_MIN = 14  # the smallest title size
BAND_NOTES_SHARE = 0.5  # the notes box's share of the band's width
BAND_SUITS_SHARE = 0.25  # the suits' share of the band's width, without notes
SUITS = "♠ ♥ ♦ ♣"


@dataclass(frozen=True, slots=True)
class Page:
    """The page's geometry for a paper."""

    paper: str
    page_w: float
    page_h: float
    corner: tuple[float, float] = (0.0, 0.0)  # kept free at the top right for the QR code

    @property
    def width(self) -> float:
        return self.page_w - 2 * st.MARGIN

    @property
    def height(self) -> float:
        return self.page_h - 2 * st.MARGIN

    @property
    def column_w(self) -> float:
        n = st.RULE_SHEET_COLUMNS
        return (self.width - (n - 1) * st.RULE_SHEET_GUTTER) / n

    def column_x(self, index: int) -> float:
        return st.MARGIN + index * (self.column_w + st.RULE_SHEET_GUTTER)


@functools.lru_cache(maxsize=64)
def _title_size(title: str, width: float) -> float | None:
    """The largest title size that keeps the title to :data:`~sheets.layout.styles.TITLE_LINES`
    lines in ``width`` (None if even :data:`TITLE_MIN` needs more)."""
    return st.title_size(
        lambda size: Paragraph(st.typed_markup(title), st.title_style(size)),
        width,
        range(st.TITLE_SIZE, TITLE_MIN - 1, -1),
    )


def _title(title: str, width: float) -> Paragraph | None:
    size = _title_size(title, width)
    return None if size is None else Paragraph(st.typed_markup(title), st.title_style(size))


def _band_text(text: RuleSheetText, size: float, width: float, whole: float) -> Flowable:
    """The title band: title and summary left; the group's notes (or the suits) right. A title
    too long for two lines beside them takes the band's whole width above them."""
    if text.notes:
        rows = [
            [Paragraph(st.typed_markup(text.labels.notes), st.rule_style("RuleNotesHead", size))]
        ]
        rows += [[paragraph(st.typed_markup(note), "RuleBullet", size, "•")] for note in text.notes]
        right_w = whole * BAND_NOTES_SHARE  # the page's share: a QR code narrows the title
        right: Flowable = Table(rows, colWidths=[right_w], style=st.NOTES_BOX_STYLE, hAlign="RIGHT")
    else:
        right_w = whole * BAND_SUITS_SHARE
        right = Paragraph(
            st.markup(SUITS),
            st.title_style(st.TITLE_SIZE).clone("RuleSuits", alignment=2, textColor=st.MUTED),
        )
    summary = Paragraph(st.markup(text.summary), st.rule_style("RuleSummary", size))
    left_w = width - right_w
    title = _title(text.title, left_w - st.BAND_GAP)
    if title is not None:
        return Table(
            [[[title, Spacer(1, 2), summary], right]],
            colWidths=[left_w, right_w],
            style=st.BAND_STYLE,
        )
    title = _title(text.title, width) or Paragraph(
        st.typed_markup(text.title), st.title_style(TITLE_MIN)
    )
    return Table(
        [[title, ""], [summary, right]], colWidths=[left_w, right_w], style=st.stacked_band_style()
    )


def band(text: RuleSheetText, size: float, page: Page) -> Flowable:
    """The title band, beside the corner kept for the QR code when the sheet carries one."""
    corner_w, corner_h = page.corner
    if not corner_w:
        return _band_text(text, size, page.width, page.width)
    return Table(
        [[_band_text(text, size, page.width - corner_w, page.width), Spacer(corner_w, corner_h)]],
        colWidths=[page.width - corner_w, corner_w],
        style=st.CORNER_STYLE,
    )
