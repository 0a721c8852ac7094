"""Page layout: the one stylesheet (:mod:`sheets.layout.styles`) and the sheets built with it.

Every function here is pure: it takes house rules (and content) and returns PDF bytes; the CLI
writes them.
"""

from sheets.layout.scoresheet import Plan, plan_score_sheet, render_score_sheet, score_sheet_rows
from sheets.layout.styles import (PAGE_SIZES, markup, new_canvas, page_size, pdf_metadata,
                                  register_fonts)

__all__ = ["PAGE_SIZES", "Plan", "markup", "new_canvas", "page_size", "pdf_metadata",
           "plan_score_sheet", "register_fonts", "render_score_sheet", "score_sheet_rows"]
