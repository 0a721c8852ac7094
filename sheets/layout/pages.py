"""What every sheet's layout shares once its flowables are made: building the document on
purpose, so that a sheet can neither grow pages nor lose text unnoticed."""

from __future__ import annotations

from reportlab.platypus import BaseDocTemplate, Flowable
from reportlab.platypus.doctemplate import LayoutError

from sheets.errors import DoesNotFitError


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


__all__ = ["build_pages"]
