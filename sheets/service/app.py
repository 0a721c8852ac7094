"""The service's application: the built site, the ``/make`` page and the sheets to order.

Routes (GET and HEAD, and one POST):

- ``/sheets/rule-sheet.pdf``, ``/sheets/score-sheet.pdf``, ``/sheets/rule-sheet.png`` (the
  preview) and ``/sheets/house-rules.yaml``, each for the house-rules keys given as query
  parameters (see :mod:`sheets.service.choices`) plus ``paper``;
- ``POST /sheets/score-sheet.pdf``: the score sheet with a game written in, for the game the
  scorekeeper exported, sent as the body (JSON, or a form's ``game`` field); the query gives
  the paper and the title as for the blank sheet, the game its rules. A record the scorekeeper
  would not read is a 400 saying why, in the site's language; the sheet is kept under a digest
  of the canonical record;
- ``/make``, the page with the form, and its ``make.js`` and ``make.css``;
- ``/healthz`` for a load balancer;
- every file of the static site, built in memory in every language (``/`` is its
  ``index.html``, ``/de/`` the German one's; ``/de`` is sent on to ``/de/``).

:meth:`SheetsApp.respond` runs in the front's event loop, so everything it does itself is quick:
files, 304s and sheets already made (from its memory or the shared
:class:`~sheets.service.store.DiskCache`) are answered at once; a sheet or page not yet made is a
job for the render workers (:class:`~sheets.service.pool.RenderPool`), which may refuse it (429
with Retry-After). Reading a new address's choices takes a few milliseconds, so new addresses
are read in turn by a :class:`Lane`, one per turn of the loop, and a client with its share of
renders under way gets 429 for a new address without it being read.

A response is a function of the address and of the code that made it, so each carries a strong
ETag (a digest of the code's fingerprint and the canonical choices, or of the bytes), a matching
``If-None-Match`` gets 304 before anything is made (but only for an address whose choices are
good), and ``Cache-Control`` lets browsers and shared caches keep it for a day. Nothing a request
says reaches the file system: the site is a dictionary of bytes looked up by exact path, and the
cache's file names are digests. A mistake in the address is a 4xx whose text names the key, with
the message ``hearts-sheets check`` gives.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import resources
from typing import Any, Protocol
from urllib.parse import parse_qs

from sheets.bundle import load_content
from sheets.content import Content
from sheets.errors import InputError
from sheets.gamerecord import MAX_BYTES, parse_game
from sheets.houserules import warnings
from sheets.language import LANGUAGES, Language
from sheets.service import makepage
from sheets.service.choices import (
    Choices,
    QueryTooLong,
    canonical_yaml,
    read_choices,
)
from sheets.service.pool import Busy, RenderFailed
from sheets.service.renders import GAME_SHEET, PAGE, PREVIEW, LRUBytes, Made, cache_key
from sheets.service.responses import (
    FRAMES,
    TYPES,
    Request,
    Response,
    busy,
    code_fingerprint,
    etag_of,
    matches,
    no_page,
    refused,
    text,
)
from sheets.service.store import DiskCache, NotFit

_META_CSP = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
MAX_AGE = 86400  # seconds browsers and shared caches may keep a response
SHEETS = {  # route -> (product, media type, the downloaded file's kind; "" shows it inline)
    "/sheets/rule-sheet.pdf": ("rule-sheet", "application/pdf", "rule-sheet"),
    "/sheets/score-sheet.pdf": ("score-sheet", "application/pdf", "score-sheet"),
    "/sheets/pocket-cards.pdf": ("pocket-cards", "application/pdf", "pocket-cards"),
    "/sheets/large-rule-sheet.pdf": ("large-rule-sheet", "application/pdf", "large-rule-sheet"),
    "/sheets/large-score-sheet.pdf": ("large-score-sheet", "application/pdf", "large-score-sheet"),
    "/sheets/rule-sheet.png": (PREVIEW, "image/png", ""),
    "/sheets/house-rules.yaml": ("yaml", "application/yaml; charset=utf-8", "house-rules"),
}


class Lane:
    """Work the front does itself that takes milliseconds (reading a new address's choices,
    writing a page with mistakes), done in turn, one piece per turn of the event loop, so that
    everything quick still goes between. At most ``waiting`` pieces wait, ``per_client`` of them
    for one client; past either, :class:`Busy`."""

    def __init__(self, waiting: int = 16, per_client: int = 4):
        self.waiting = waiting
        self.per_client = per_client
        self._queue: deque[tuple[asyncio.Future, Callable[..., Any], tuple]] = deque()
        self._by_client: Counter[str] = Counter()
        self._running = False

    async def run(self, client: str, work: Callable[..., Any], *args: Any) -> Any:
        if len(self._queue) >= self.waiting or self._by_client[client] >= self.per_client:
            raise Busy("reading")
        future = asyncio.get_running_loop().create_future()
        self._queue.append((future, work, args))
        self._by_client[client] += 1
        if not self._running:
            self._running = True
            asyncio.get_running_loop().create_task(self._drain())
        try:
            return await future
        finally:
            self._by_client[client] -= 1
            if self._by_client[client] <= 0:
                del self._by_client[client]

    async def _drain(self) -> None:
        try:
            while self._queue:
                future, work, args = self._queue.popleft()
                if not future.done():
                    try:
                        future.set_result(work(*args))
                    except Exception as err:
                        future.set_exception(err)
                await asyncio.sleep(0)
        finally:
            self._running = False


class Renders(Protocol):
    """What the application needs of the render workers (:class:`~sheets.service.pool.RenderPool`
    has it): a product made for a canonical query, and whether a client may ask for more."""

    async def make(self, key: str, args: tuple, client: str) -> Made: ...

    def client_full(self, client: str) -> bool: ...


GAME_ROUTE = "/sheets/score-sheet.pdf"  # where a game may be posted
SERVICE_MARK = "hearts-sheets"  # the Server-Timing name of the pages served (printsheet.js)
GAME_FIELD = "game"  # a form's field holding the game
FORM = "application/x-www-form-urlencoded"
#: The most a posted game's body may hold: a record at its largest, percent-encoded in a form.
BODY_LIMIT = 3 * MAX_BYTES


def game_body(request: Request) -> bytes:
    """The game's JSON in a posted body: the body itself, or a form's ``game`` field."""
    if request.media.split(";")[0].strip().lower() != FORM:
        return request.body
    fields = parse_qs(
        request.body.decode("latin-1"), max_num_fields=8, encoding="utf-8", errors="replace"
    )
    return (fields.get(GAME_FIELD) or [""])[0].encode("utf-8")


_LANGUAGE_PARAM = re.compile(r"(?:^|&)language=([a-z]{2})(?=&|$)")


def language_folder(path: str) -> str:
    """The language whose folder a path is in (``/de/...``: "de"), or "" for the root's."""
    code = path[1:3] if path[3:4] == "/" else ""
    return code if code in LANGUAGES and code != LANGUAGES[0] else ""


def request_language(request: Request) -> str:
    """The language a request is answered in: its page's folder (``/de/``), else the last
    ``language`` its address names (``/make?language=fr``), else English. Read without the
    address's other choices, for the answers given before those are read."""
    named = [code for code in _LANGUAGE_PARAM.findall(request.query) if code in LANGUAGES]
    return language_folder(request.path) or (named[-1] if named else LANGUAGES[0])


def _read(query: str) -> Choices | QueryTooLong:
    try:
        return read_choices(query)
    except QueryTooLong as err:
        return err


class SheetsApp:
    """The application, in the front's process (see the module)."""

    def __init__(
        self,
        content: Content,
        site: Mapping[str, bytes],
        renders: Renders,
        *,
        disk: DiskCache | None = None,
        fingerprint: str | None = None,
        memory_bytes: int = 32 * 1024 * 1024,
        lane: Lane | None = None,
        kept_queries: int = 2048,
    ):
        self.content = content
        self.renders = renders
        self.disk = disk
        self.memory = LRUBytes(memory_bytes)
        self.fingerprint = fingerprint or code_fingerprint()
        self.lane = lane or Lane()
        self.kept_queries = kept_queries
        self._queries: OrderedDict[str, Choices | QueryTooLong] = OrderedDict()
        assets = {
            name: (resources.files("sheets.service") / "static" / name).read_bytes()
            for name in (makepage.SCRIPT, makepage.STYLES)
        }
        clash = set(assets) & set(site)
        if clash:
            raise ValueError(f"the site already has {', '.join(sorted(clash))}")
        self.files = {**site, **assets}
        self.file_tags = {name: etag_of(data) for name, data in self.files.items()}
        self.file_csp = {
            name: self._policy(data) for name, data in self.files.items() if name.endswith(".html")
        }

    @staticmethod
    def _policy(page: bytes) -> str:
        found = _META_CSP.search(page)
        policy = found.group(1).decode() if found else "default-src 'self'; object-src 'none'"
        return f"{policy}; {FRAMES}"

    @staticmethod
    def takes_body(request: Request) -> bool:
        """True for the one request whose body is read: a game posted to the score sheet (from
        the root's scorekeeper, or a language's: ``/de/sheets/score-sheet.pdf``)."""
        folder = language_folder(request.path)
        route = request.path[len(folder) + 1 :] if folder else request.path
        return request.method == "POST" and route == GAME_ROUTE

    def content_in(self, code: str) -> Content:
        """The content in a language (English's: the application's own)."""
        return self.content if code == "en" else load_content(code)

    def language(self, choices: Choices) -> Language:
        """The language of the sheets the choices make."""
        return self.content_in(choices.language).language

    def words(self, request: Request) -> Mapping[str, str]:
        """The words (the ``make`` section) of the language the request is answered in."""
        return self.content_in(request_language(request)).language.make

    async def respond(self, request: Request) -> Response:
        method, path = request.method, request.path
        if self.takes_body(request):
            folder = language_folder(path)
            if folder and not _LANGUAGE_PARAM.search(request.query):  # that language's sheet
                query = "&".join(filter(None, (f"language={folder}", request.query)))
                request = replace(request, query=query)
            return await self.game_sheet(request)
        if method not in ("GET", "HEAD"):
            words = self.words(request)
            return refused(405, words, "method", {"method": method}, [("Allow", "GET, HEAD")])
        if request.has_body:
            return refused(413, self.words(request), "body")
        if path in SHEETS:
            return await self.sheet(request)
        if path == "/make":
            return await self.make(request)
        folder = language_folder(path)
        if folder and path == f"/{folder}/make":  # the form in that language, where it lives
            query = "&".join(filter(None, (f"language={folder}", request.query)))
            return Response(301, b"", headers=[("Location", f"../make?{query}")])
        if path == "/healthz":
            return text(200, "ok")
        name = path[1:] + "index.html" if path.endswith("/") else path[1:]
        if f"{name}/index.html" in self.files:  # a language's folder, asked without its slash
            return Response(301, b"", headers=[("Location", f"{path}/")])
        if name not in self.files:
            return no_page(self.content_in(request_language(request)).language, path)
        return self.static(name, request.if_none_match)

    # -- the routes -----------------------------------------------------------------------------

    def _cached(self, response: Response, etag: str, if_none_match: str) -> Response:
        """A response with its validator and caching headers, or 304 when the client has it."""
        headers = [("ETag", etag), ("Cache-Control", f"public, max-age={MAX_AGE}")]
        if if_none_match and matches(if_none_match, etag):
            return Response(304, b"", response.media, headers, response.csp, "304")
        response.headers = [*headers, *response.headers]
        return response

    def static(self, name: str, if_none_match: str) -> Response:
        suffix = name[name.rfind(".") :] if "." in name else ""
        media = TYPES.get(suffix, "application/octet-stream")
        csp = self.file_csp.get(name, FRAMES)
        # a page says it came from this service (the scorekeeper then posts games to it)
        mark = [("Server-Timing", SERVICE_MARK)] if name.endswith(".html") else []
        return self._cached(
            Response(200, self.files[name], media, headers=mark, csp=csp),
            self.file_tags[name],
            if_none_match,
        )

    async def _choices(self, request: Request) -> Choices | Response:
        """The address's choices, read once (then kept), or the answer that refuses them."""
        query = request.query
        found = self._queries.get(query)
        if found is None:
            if self.renders.client_full(request.client):  # asks for more while it waits
                return busy(Busy("yours"), self.words(request))
            try:
                found = await self.lane.run(request.client, _read, query)
            except Busy as err:
                return busy(err, self.words(request))
            self._queries[query] = found
            while len(self._queries) > self.kept_queries:
                self._queries.popitem(last=False)
        else:
            self._queries.move_to_end(query)
        if isinstance(found, QueryTooLong):
            return refused(414, self.words(request), found.kind, found.values)
        return found

    async def _product(
        self, choices: Choices, product: str, request: Request, game: bytes = b""
    ) -> tuple[bytes | NotFit | Response, str]:
        """A product for good choices (and a game's canonical record, for the filled-in score
        sheet), with how it came (hit or render), or the refusal."""
        key = cache_key(self.fingerprint, choices.yaml + game, product, choices.paper)
        value = self.memory.get(key)
        if value is None and self.disk is not None:
            value = self.disk.read(key)
            if value is not None:
                self.memory.put(key, value)
        if value is not None:
            return value, "hit"
        try:
            made = await self.renders.make(key, (choices.query, product, game), request.client)
        except Busy as err:
            return busy(err, self.words(request)), ""
        except RenderFailed:
            return refused(500, self.words(request), "sheet-error"), ""
        for made_key, made_value, stored in made.made:
            self.memory.put(made_key, made_value)
            if stored and self.disk is not None:
                self.disk.added(made_key, stored)
        self.memory.put(key, made.value)
        return made.value, "render"

    async def sheet(self, request: Request) -> Response:
        choices = await self._choices(request)
        if isinstance(choices, Response):
            return choices
        if not choices.ok:  # a form sent without the page's script: back to it, with its messages
            return Response(
                303,
                b"",
                headers=[("Location", "../make?" + request.query), ("Cache-Control", "no-store")],
            )
        product, media, download = SHEETS[request.path]
        paper = "" if product == "yaml" else choices.paper
        etag = etag_of(self.fingerprint, request.path, choices.yaml, paper)
        if request.if_none_match and matches(request.if_none_match, etag):
            return self._cached(Response(200, media=media), etag, request.if_none_match)
        house = choices.good
        note = ""
        if product == "yaml":
            body = canonical_yaml(house, warnings(house.rules))
        else:
            made, note = await self._product(choices, product, request)
            if isinstance(made, Response):
                return made
            if isinstance(made, NotFit):
                return text(422, made.message)
            body = made
        headers = []
        if download:
            ending = ".yaml" if product == "yaml" else f"-{paper}.pdf"
            language = self.language(choices)
            title = house.in_language(language).title
            name = language.download_name(title, download, ending)
            headers.append(("Content-Disposition", f'attachment; filename="{name}"'))
        return self._cached(
            Response(200, body, media, headers, note=note), etag, request.if_none_match
        )

    async def game_sheet(self, request: Request) -> Response:
        """POST /sheets/score-sheet.pdf: the game in the body written into the score sheet."""
        if self.renders.client_full(request.client):
            return busy(Busy("yours"), self.words(request))
        choices = await self._choices(request)
        if isinstance(choices, Response):
            return choices
        if not choices.ok:  # said in the language the address asks for, as /make says them
            language = self.language(choices)
            return text(
                400, "\n".join(makepage.problem_said(language, p) for p in choices.problems)
            )
        try:
            content = self.content_in(choices.language)
            game = await self.lane.run(
                request.client, parse_game, game_body(request), content, "game"
            )
        except Busy as err:
            return busy(err, self.words(request))
        except InputError as err:
            return text(400, str(err), note="bad game")
        made, note = await self._product(choices, GAME_SHEET, request, game.canonical)
        if isinstance(made, Response):
            return made
        if isinstance(made, NotFit):
            return text(422, made.message)
        language = content.language
        title = choices.good.in_language(language).title
        name = language.download_name(title, GAME_SHEET, f"-{choices.paper}.pdf")
        return Response(
            200,
            made,
            "application/pdf",
            [
                # shown where it is opened (a tab of its own, a phone's print preview)
                ("Content-Disposition", f'inline; filename="{name}"'),
                ("Cache-Control", "no-store"),
            ],
            note=note,
        )

    async def _refused(self, request: Request, choices: Choices) -> Response:
        """Choices with problems: the /make page with each mistake beside its control."""
        try:
            content = self.content_in(choices.language)
            page = await self.lane.run(request.client, makepage.make_page, content, choices)
        except Busy as err:
            return busy(err, content.language.make)
        return Response(
            400,
            page.encode("utf-8"),
            TYPES[".html"],
            [("Cache-Control", "no-store")],
            f"{makepage.CSP}; {FRAMES}",
        )

    async def make(self, request: Request) -> Response:
        choices = await self._choices(request)
        if isinstance(choices, Response):
            return choices
        if not choices.ok:
            return await self._refused(request, choices)
        etag = etag_of(self.fingerprint, "/make", choices.yaml, choices.paper)
        if request.if_none_match and matches(request.if_none_match, etag):
            return self._cached(Response(200, media=TYPES[".html"]), etag, request.if_none_match)
        page, note = await self._product(choices, PAGE, request)
        if isinstance(page, Response):
            return page
        if isinstance(page, NotFit):  # the page itself always fits: it says what does not
            return text(422, page.message)
        return self._cached(
            Response(200, page, TYPES[".html"], csp=f"{makepage.CSP}; {FRAMES}", note=note),
            etag,
            request.if_none_match,
        )


__all__ = ["BODY_LIMIT", "GAME_ROUTE", "Lane", "MAX_AGE", "Renders", "SHEETS", "SheetsApp"]
