"""The characters the sheets can print: exactly those the vendored fonts carry.

The fonts in ``sheets/fonts/`` are subsets of DejaVu Sans Condensed made by
``tools/subset_fonts.py`` from this set, so every glyph a sheet asks for exists (no
missing-glyph boxes) and the fonts load fast. The house-rules loader refuses a title or notes
with a character outside it, and a test checks that the content uses none.
"""

from __future__ import annotations

_RANGES = (
    (0x20, 0x7E),  # ASCII
    (0xA0, 0xFF),  # Latin-1: accented letters, £, ©, ½, ×, ·
    (0x100, 0x17F),  # Latin Extended-A: ł, ő, š, ž, ...
    (0x2010, 0x2027),  # dashes, quotes, daggers, bullet, ellipsis
    (0x2190, 0x2199),  # arrows
    (0x2660, 0x2667),  # card suits
)
_SINGLES = "‰′″‹›⁄€™−↻⇆⇇⇉☾☀○☐☑✓"

PRINTABLE: frozenset[str] = frozenset(
    {chr(c) for lo, hi in _RANGES for c in range(lo, hi + 1)} | set(_SINGLES)
)


def unprintable(text: str) -> list[str]:
    """The characters of ``text`` the sheets cannot print, each once, in order of appearance."""
    seen: list[str] = []
    for ch in text:
        if ch not in PRINTABLE and ch not in seen and ch not in "\n":
            seen.append(ch)
    return seen


def describe(ch: str) -> str:
    """A character for a message: ``'漢' (U+6F22)``."""
    return f"{ch!r} (U+{ord(ch):04X})"
