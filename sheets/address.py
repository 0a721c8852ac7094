"""The address a sheet's QR code holds: the site's scorekeeper set up with the sheet's rules.

The rules are written in the address as the service's ``/make`` reads them
(:func:`sheets.service.choices.canonical_query`: the keys that differ from the standard game,
``passing`` repeated), so ``/make`` with the same query reopens the same choices. The title and
the notes are left out: they are long and the scorekeeper does not keep them. ``players`` always
comes first, so an address that carries rules is known by it (the standard game included).

The site's address is given by whoever builds (``--site-url``) or serves (``--public-url``) the
site: never taken from a request, whose Host header a client writes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from sheets.housefile import HouseFile
from sheets.houserules import HouseRules
from sheets.layout.pages import SheetCode

SCOREKEEPER_PAGE = "scorekeeper.html"
MAX_CAPTION = 40  # characters of the site's address printed under the code


def site_caption(site_url: str) -> str:
    """The site's short address as printed: without ``https://`` and the last ``/``."""
    parts = urlsplit(site_url)
    return (parts.netloc + parts.path).rstrip("/")


def site_url_problem(site_url: str) -> tuple[str, dict[str, object]] | None:
    """Why ``site_url`` is not a site's address, as the ``cli`` words that say what was expected
    and found (their name and values), or None when it is."""
    parts = urlsplit(site_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "site-url-scheme", {"value": repr(site_url)}
    if parts.query or parts.fragment or any(c.isspace() for c in site_url):
        return "site-url-extra", {"value": repr(site_url)}
    if len(site_caption(site_url)) > MAX_CAPTION:
        return "site-url-long", {
            "most": MAX_CAPTION,
            "scheme": parts.scheme,
            "count": len(site_caption(site_url)),
        }
    return None


def scorekeeper_query(rules: HouseRules) -> str:
    """The rules as an address's query, as ``/make`` reads them, ``players`` first."""
    from sheets.service.choices import DEFAULT_PAPER, canonical_query

    query = canonical_query(HouseFile(rules=rules), DEFAULT_PAPER)
    if query.startswith("players="):
        return query
    return f"players={rules.players}" + (f"&{query}" if query else "")


def sheet_code(site_url: str, rules: HouseRules) -> SheetCode | None:
    """The QR code a sheet for ``rules`` carries on the site at ``site_url`` ("": none)."""
    if not site_url:
        return None
    base = site_url.rstrip("/")
    return SheetCode(
        f"{base}/{SCOREKEEPER_PAGE}?{scorekeeper_query(rules)}", site_caption(site_url)
    )


__all__ = [
    "MAX_CAPTION",
    "SCOREKEEPER_PAGE",
    "scorekeeper_query",
    "sheet_code",
    "site_caption",
    "site_url_problem",
]
