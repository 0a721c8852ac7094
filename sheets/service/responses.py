"""The service's requests and responses: what the front asks the application and what it
answers, the media types, the plain-text answers, the ETags and their matching, the code's
fingerprint they rest on, and a request's path as the log shows it."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from importlib import resources

from sheets.houserules import OPTIONS_BY_KEY
from sheets.language import LANGUAGES, Language
from sheets.language import file_stem as file_name
from sheets.service.choices import PAPER, QueryTooLong, split_query
from sheets.service.pool import Busy
from sheets.site.page import CSP, STYLESHEET, head_lines

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".pdf": "application/pdf",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
    ".ico": "image/x-icon",
}
FRAMES = "frame-ancestors 'none'"
_SAFE_VALUE = re.compile(r"[A-Za-z0-9-]{1,24}")
_SAFE_KEY = re.compile(r"[a-z_0-9]{1,32}")


def code_fingerprint() -> str:
    """A digest of every file of the package (code, content, fonts, static files): part of each
    ETag and cache key, so a new release never answers with bytes an older one made."""
    digest = hashlib.sha256()

    def walk(folder, prefix: str) -> None:
        for item in sorted(folder.iterdir(), key=lambda i: i.name):
            if item.name == "__pycache__":
                continue
            if item.is_dir():
                walk(item, f"{prefix}{item.name}/")
            else:
                digest.update(f"{prefix}{item.name}\0".encode())
                digest.update(item.read_bytes())

    walk(resources.files("sheets"), "")
    return digest.hexdigest()[:16]


@dataclass
class Request:
    """What the application is asked: the front has read and checked the request's head."""

    method: str
    path: str  # percent-decoded
    query: str = ""  # as sent
    if_none_match: str = ""
    client: str = ""  # who asked, for the limits on each client
    has_body: bool = False
    length: int | None = None  # the body's Content-Length, when it gives one
    media: str = ""  # the body's Content-Type
    body: bytes = (
        b""  # read by the front only where :meth:`~sheets.service.app.SheetsApp.takes_body` says so
    )


@dataclass
class Response:
    status: int
    body: bytes = b""
    media: str = "text/plain; charset=utf-8"
    headers: list[tuple[str, str]] = field(default_factory=list)
    csp: str = FRAMES
    note: str = ""  # for the log: hit, render, 304, busy ...


def text(status: int, message: str, **extra) -> Response:
    """A plain-text answer that no cache keeps."""
    return Response(
        status,
        (message.rstrip("\n") + "\n").encode("utf-8"),
        headers=[("Cache-Control", "no-store"), *extra.get("headers", [])],
        note=extra.get("note", ""),
    )


def busy(err: Busy, words: Mapping[str, str]) -> Response:
    """429 with Retry-After, for a refusal of the render workers or the lane, in the words of
    the request's language (its ``make`` section: ``busy-{kind}``)."""
    return text(
        429,
        words[f"busy-{err.kind}"].format(**err.values),
        headers=[("Retry-After", str(err.retry_after))],
        note="busy",
    )


def refused(
    status: int,
    words: Mapping[str, str],
    kind: str,
    values: Mapping[str, object] | None = None,
    headers: list[tuple[str, str]] | None = None,
) -> Response:
    """A refusal (404, 405, 413, 414, 500...) in the words of the request's language (its ``make``
    section: ``refused-{kind}``, :data:`sheets.language.REFUSED`)."""
    return text(status, words[f"refused-{kind}"].format(**(values or {})), headers=headers or [])


def no_page(language: Language, path: str) -> Response:
    """404 as a small page in the request's language: what was asked for, and a link to that
    language's front page (relative, as every link of the service, so that it works behind a
    proxy under any path)."""
    words = language.make
    root = "../" * (path.count("/") - 1)
    front = root + ("" if language.code == LANGUAGES[0] else f"{language.code}/") or "./"
    heading = escape(words["no-page-heading"])
    lines = [
        *head_lines(
            CSP,
            words["no-page-heading"],
            lang=language.code,
            stylesheets=(root + STYLESHEET,),
            root=root,
        ),
        "<body>",
        '<header class="site-header">',
        f"<h1>{heading}</h1>",
        "</header>",
        '<main id="main">',
        f"<p>{escape(words['refused-no-page'].format(path=path[:200]))}</p>",
        f'<p><a href="{escape(front)}">{escape(words["rules-link"])}</a></p>',
        "</main>",
        "</body>",
        "</html>",
    ]
    return Response(
        404,
        ("\n".join(lines) + "\n").encode("utf-8"),
        TYPES[".html"],
        [("Cache-Control", "no-store")],
        f"{CSP}; {FRAMES}",
    )


def etag_of(*parts: str | bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else part.encode("utf-8"))
        digest.update(b"\0")
    return f'"{digest.hexdigest()[:32]}"'


def matches(if_none_match: str, etag: str) -> bool:
    """Does an If-None-Match header name this ETag (weak comparison, as RFC 9110 asks)?"""
    if if_none_match.strip() == "*":
        return True
    tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return etag in tags


def loggable(path: str, query: str) -> str:
    """The request's path for the log: the keys asked for, the values of house-rules keys and
    paper when they are plain words, never the title, notes or anything else typed."""
    shown = path.encode("unicode_escape").decode("ascii")[:120]
    if not query:
        return shown
    try:
        params, _ = split_query(query)
    except QueryTooLong:
        return f"{shown}?…"
    parts = []
    for key, value in params:
        name = key if _SAFE_KEY.fullmatch(key) else "…"
        if value is None:
            parts.append(name)
            continue
        plain = (key in OPTIONS_BY_KEY or key in (PAPER, "preset")) and _SAFE_VALUE.fullmatch(value)
        parts.append(f"{name}={value if plain else '…'}")
    return f"{shown}?{'&'.join(parts)}"


__all__ = [
    "FRAMES",
    "Request",
    "Response",
    "TYPES",
    "busy",
    "code_fingerprint",
    "etag_of",
    "file_name",
    "loggable",
    "matches",
    "no_page",
    "refused",
    "text",
]
