"""The service's WSGI application: the built site, the ``/make`` page and the sheets to order.

Routes (GET and HEAD only):

- ``/sheets/rule-sheet.pdf``, ``/sheets/score-sheet.pdf``, ``/sheets/rule-sheet.png`` (the
  preview) and ``/sheets/house-rules.yaml``, each for the house-rules keys given as query
  parameters (see :mod:`sheets.service.choices`) plus ``paper``;
- ``/make``, the page with the form, and its ``make.js`` and ``make.css``;
- ``/healthz`` for a load balancer;
- every file of the static site, built in memory (``/`` is its ``index.html``).

A response is a function of the address and of the code that made it, so each carries a strong
ETag (a digest of the code's fingerprint and the canonical choices, or of the bytes), a matching
``If-None-Match`` gets 304 before anything is rendered, and ``Cache-Control`` lets browsers and
shared caches keep it for a day. Nothing a request says reaches the file system: the site is a
dictionary of bytes looked up by exact path. A mistake in the address is a 4xx whose text names
the key, with the message ``hearts-sheets check`` gives; a busy worker answers 429 with
Retry-After. Each request is logged as one line: method, path (never the query's free text),
status, time and whether a sheet was rendered.
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources

from sheets.content import Content
from sheets.errors import DoesNotFitError
from sheets.houserules import OPTIONS_BY_KEY, Problem, warnings
from sheets.service import makepage
from sheets.service.choices import (DOWNLOAD_NAME, PAPER, Choices, QueryTooLong,
                                    canonical_yaml, read_choices, split_query)
from sheets.service.renders import PREVIEW, Busy, Renderer

LOG = logging.getLogger("sheets.service.access")
MAX_AGE = 86400  # seconds browsers and shared caches may keep a response
RETRY_AFTER = 5
SHEETS = {  # route -> (product, media type, download name's ending; "" shows it inline)
    "/sheets/rule-sheet.pdf": ("rule-sheet", "application/pdf", "rule-sheet-{paper}.pdf"),
    "/sheets/score-sheet.pdf": ("score-sheet", "application/pdf", "score-sheet-{paper}.pdf"),
    "/sheets/rule-sheet.png": (PREVIEW, "image/png", ""),
    "/sheets/house-rules.yaml": ("yaml", "application/yaml; charset=utf-8", DOWNLOAD_NAME),
}
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".pdf": "application/pdf",
         ".png": "image/png", ".svg": "image/svg+xml", ".json": "application/json",
         ".webmanifest": "application/manifest+json", ".txt": "text/plain; charset=utf-8",
         ".ico": "image/x-icon"}
_META_CSP = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
FRAMES = "frame-ancestors 'none'"
SECURITY = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "no-referrer")]
_SAFE_VALUE = re.compile(r"[A-Za-z0-9-]{1,24}")
_SAFE_KEY = re.compile(r"[a-z_0-9]{1,32}")


def code_fingerprint() -> str:
    """A digest of every file of the package (code, content, fonts, static files): part of each
    ETag, so a new release never answers 304 for bytes an older one made."""
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
class Response:
    status: int
    body: bytes = b""
    media: str = "text/plain; charset=utf-8"
    headers: list[tuple[str, str]] = field(default_factory=list)
    csp: str = FRAMES
    note: str = ""  # for the log: hit, render, 304 ...


REASONS = {200: "OK", 304: "Not Modified", 400: "Bad Request", 404: "Not Found",
           405: "Method Not Allowed", 413: "Content Too Large", 414: "URI Too Long",
           422: "Unprocessable Content", 429: "Too Many Requests",
           500: "Internal Server Error"}


def text(status: int, message: str, **extra) -> Response:
    """A plain-text answer that no cache keeps."""
    return Response(status, (message.rstrip("\n") + "\n").encode("utf-8"),
                    headers=[("Cache-Control", "no-store"), *extra.get("headers", [])],
                    note=extra.get("note", ""))


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


def file_name(title: str) -> str:
    """A download's name from the sheet's title: lower-case letters and digits only."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40].strip("-")
    return slug or "hearts"


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
        plain = ((key in OPTIONS_BY_KEY or key in (PAPER, "preset"))
                 and _SAFE_VALUE.fullmatch(value))
        parts.append(f"{name}={value if plain else '…'}")
    return f"{shown}?{'&'.join(parts)}"


class SheetsApp:
    """The WSGI application (one per process; its :class:`Renderer` per worker after fork)."""

    def __init__(self, content: Content, site: Mapping[str, bytes], *,
                 renderer: Renderer | None = None, fingerprint: str | None = None,
                 on_stuck: Callable[[], None] | None = None):
        self.content = content
        self.renderer = renderer or Renderer(content)
        self.fingerprint = fingerprint or code_fingerprint()
        self.on_stuck = on_stuck  # called when a render has run past its timeout
        assets = {name: (resources.files("sheets.service") / "static" / name).read_bytes()
                  for name in (makepage.SCRIPT, makepage.STYLES)}
        clash = set(assets) & set(site)
        if clash:
            raise ValueError(f"the site already has {', '.join(sorted(clash))}")
        self.files = {**site, **assets}
        self.file_tags = {name: etag_of(data) for name, data in self.files.items()}
        self.file_csp = {name: self._policy(data) for name, data in self.files.items()
                         if name.endswith(".html")}

    @staticmethod
    def _policy(page: bytes) -> str:
        found = _META_CSP.search(page)
        policy = found.group(1).decode() if found else "default-src 'self'; object-src 'none'"
        return f"{policy}; {FRAMES}"

    # -- WSGI ---------------------------------------------------------------------------------

    def __call__(self, environ: dict, start_response) -> Iterable[bytes]:
        start = time.perf_counter()
        method = environ.get("REQUEST_METHOD", "GET")
        path = environ.get("PATH_INFO", "") or "/"
        query = environ.get("QUERY_STRING", "")
        try:
            response = self.respond(method, path, query, environ)
        except Exception:  # a bug: logged with its traceback, answered without one
            LOG.exception("error answering %s %s", method, loggable(path, query))
            response = text(500, "Internal error: the server could not answer this request.")
        headers = [("Content-Type", response.media), *response.headers, *SECURITY,
                   ("Content-Security-Policy", response.csp)]
        if response.status != 304:
            headers.append(("Content-Length", str(len(response.body))))
        start_response(f"{response.status} {REASONS.get(response.status, '')}", headers)
        elapsed = (time.perf_counter() - start) * 1000
        LOG.info("%s %s %d %.1fms%s", method, loggable(path, query), response.status, elapsed,
                 f" {response.note}" if response.note else "")
        return [] if method == "HEAD" or response.status == 304 else [response.body]

    def respond(self, method: str, path: str, query: str, environ: Mapping) -> Response:
        if method not in ("GET", "HEAD"):
            return text(405, f"{method} is not allowed here: this site only answers GET and "
                             "HEAD.", headers=[("Allow", "GET, HEAD")])
        if environ.get("CONTENT_LENGTH", "0") not in ("", "0") or \
                environ.get("HTTP_TRANSFER_ENCODING"):
            return text(413, "A request body is not accepted: every choice goes in the "
                             "address.")
        if_none_match = environ.get("HTTP_IF_NONE_MATCH", "")
        if path in SHEETS:
            return self.sheet(path, query, if_none_match)
        if path == "/make":
            return self.make(query, if_none_match)
        if path == "/healthz":
            return text(200, "ok")
        name = "index.html" if path == "/" else path[1:]
        if name not in self.files or name.endswith("/"):
            return text(404, f"No such page: {path[:200]}")
        return self.static(name, if_none_match)

    # -- the routes -----------------------------------------------------------------------------

    def _cached(self, response: Response, etag: str, if_none_match: str) -> Response:
        """A response with its validator and caching headers, or 304 when the client has it."""
        headers = [("ETag", etag), ("Cache-Control", f"public, max-age={MAX_AGE}")]
        if if_none_match and matches(if_none_match, etag):
            return Response(304, b"", response.media, headers, response.csp, "304")
        response.headers = [*headers, *response.headers]
        return response

    def static(self, name: str, if_none_match: str) -> Response:
        suffix = name[name.rfind("."):] if "." in name else ""
        media = TYPES.get(suffix, "application/octet-stream")
        csp = self.file_csp.get(name, FRAMES)
        return self._cached(Response(200, self.files[name], media, csp=csp),
                            self.file_tags[name], if_none_match)

    def _read(self, query: str) -> Choices | Response:
        try:
            return read_choices(query)
        except QueryTooLong as err:
            return text(414, f"{str(err)[:1].upper()}{str(err)[1:]}.")

    def sheet(self, path: str, query: str, if_none_match: str) -> Response:
        choices = self._read(query)
        if isinstance(choices, Response):
            return choices
        if not choices.ok:
            return text(400, "\n".join(p.message for p in choices.problems))
        product, media, download = SHEETS[path]
        paper = "" if product == "yaml" else choices.paper
        etag = etag_of(self.fingerprint, path, choices.yaml, paper)
        if if_none_match and matches(if_none_match, etag):
            return self._cached(Response(200, media=media), etag, if_none_match)
        house = choices.house
        note = ""
        if product == "yaml":
            body = canonical_yaml(house, warnings(house.rules))
        else:
            # made for this request (or for one asked a moment before), or found made: another
            # thread's render between two looks at a counter would be taken for this one's
            made = self.renderer.cache.get((choices.yaml, product, choices.paper)) is None
            try:
                body = self.renderer.get(choices.yaml, house, product, choices.paper)
            except DoesNotFitError as err:
                return text(422, err.message)
            except Busy as err:
                return self._busy(err)
            note = "render" if made else "hit"
        headers = []
        if download:
            name = f"{file_name(house.title)}-{download.format(paper=paper)}"
            headers.append(("Content-Disposition", f'attachment; filename="{name}"'))
        return self._cached(Response(200, body, media, headers, note=note), etag, if_none_match)

    def _busy(self, err: Busy) -> Response:
        if self.renderer.stuck and self.on_stuck is not None:
            self.on_stuck()
        message = str(err)
        return text(429, message[:1].upper() + message[1:] + ".",
                    headers=[("Retry-After", str(RETRY_AFTER))], note="busy")

    def make(self, query: str, if_none_match: str) -> Response:
        etag = etag_of(self.fingerprint, "/make", query)
        if if_none_match and matches(if_none_match, etag):
            return self._cached(Response(200, media=TYPES[".html"]), etag, if_none_match)
        choices = self._read(query)
        if isinstance(choices, Response):
            return choices
        busy = None
        fit: dict[str, str] = {}
        dead: tuple[Problem, ...] = ()
        if choices.ok:
            dead = warnings(choices.house.rules)
            try:
                fit = self.renderer.fit_problems(choices.yaml, choices.house, choices.paper)
            except Busy as err:
                busy = str(err)
        page = makepage.make_page(self.content, choices, fit=fit, busy=busy, warnings=dead)
        response = Response(200 if choices.ok else 400, page.encode("utf-8"), TYPES[".html"],
                            csp=f"{makepage.CSP}; {FRAMES}")
        if not choices.ok or busy:
            response.headers.append(("Cache-Control", "no-store"))
            return response
        return self._cached(response, etag, if_none_match)


__all__ = ["MAX_AGE", "Response", "SHEETS", "SheetsApp", "code_fingerprint", "etag_of",
           "file_name", "loggable", "matches"]
