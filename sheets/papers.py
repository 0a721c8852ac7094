"""The papers the sheets are made for: the one table the stylesheet, the command line and the site
take their names and sizes from. No ReportLab here, so the site's page can use it too."""

from __future__ import annotations

from dataclasses import dataclass

_INCH = 72.0  # points
_MM = _INCH / 2.54 * 0.1  # as ReportLab computes it, so the sizes match its own to the bit


@dataclass(frozen=True, slots=True)
class Paper:
    """One paper: its name, its portrait size in points and that size in the words on the box."""

    key: str  # as --paper takes it
    label: str  # "Letter"
    size: tuple[float, float]  # width, height in points, portrait
    words: str  # "8.5 × 11 in"


PAPERS: dict[str, Paper] = {
    "letter": Paper("letter", "Letter", (8.5 * _INCH, 11 * _INCH), "8.5 × 11 in"),
    "a4": Paper("a4", "A4", (210 * _MM, 297 * _MM), "210 × 297 mm"),
}

__all__ = ["PAPERS", "Paper"]
