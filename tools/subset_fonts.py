"""Make the vendored fonts in sheets/fonts/ from DejaVu Sans Condensed, cut to sheets.charset.

Run once when the character set changes (needs fontTools: ``pip install fonttools``)::

    python tools/subset_fonts.py /usr/share/fonts/truetype/dejavu

The subsets keep every glyph the sheets may print and nothing else, so ReportLab parses them
in a fraction of the time the full fonts take.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheets.charset import PRINTABLE  # noqa: E402

FONTS = (
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansCondensed-Oblique.ttf",
)


def main(source_dir: str) -> None:
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    for name in FONTS:
        font = subset.load_font(str(Path(source_dir) / name), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(ord(c) for c in PRINTABLE))
        subsetter.subset(font)
        subset.save_font(font, str(ROOT / "sheets" / "fonts" / name), options)
        print(f"wrote sheets/fonts/{name}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu")
