"""What a render worker does: make one product for a canonical set of choices, and keep it.

The products are the two sheets as PDFs, the rule sheet's preview (a PNG of its first page) and
the ``/make`` page itself, whose making renders both sheets to know whether they fit. A render is
CPU-bound Python (a tenth of a second or two), so it runs in a worker process
(:mod:`sheets.service.pool`), never in the front that answers requests.

Each product is kept under :func:`cache_key`: in the shared :class:`~sheets.service.store.DiskCache`
when there is one (so every worker, and the front, finds it), and in a small memory of the
worker's own. A sheet that does not fit its page is kept too, as its
:class:`~sheets.service.store.NotFit` message.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

from sheets.content import Content
from sheets.errors import DoesNotFitError
from sheets.gamerecord import parse_game
from sheets.houserules import warnings
from sheets.pipeline import ALL_KINDS, KINDS, Prepared, prepare, render, render_game_sheet
from sheets.service.choices import Choices, read_choices
from sheets.service.store import DiskCache, NotFit

PREVIEW = "preview"  # the rule sheet's first page as a PNG
PAGE = "page"  # the /make page, which says whether each sheet fits
GAME_SHEET = "game-score-sheet"  # the score sheet with a game written in
PRODUCTS = (*ALL_KINDS, PREVIEW, PAGE, GAME_SHEET)


def cache_key(fingerprint: str, house_yaml: bytes, product: str, paper: str) -> str:
    """The name a product is kept under: the code, the canonical rules, the product, the paper."""
    digest = hashlib.sha256()
    for part in (fingerprint.encode(), house_yaml, product.encode(), paper.encode()):
        digest.update(part)
        digest.update(b"\0")
    return digest.hexdigest()[:40]


class LRUBytes:
    """A least-recently-used memory of bytes (or :class:`NotFit`), bounded by their total size."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.size = 0
        self._items: OrderedDict[str, bytes | NotFit] = OrderedDict()

    @staticmethod
    def _cost(value: bytes | NotFit) -> int:
        return len(value) if isinstance(value, bytes) else len(value.message)

    def get(self, key: str) -> bytes | NotFit | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: str, value: bytes | NotFit) -> None:
        cost = self._cost(value)
        if cost > self.max_bytes:
            return
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= self._cost(old)
        self._items[key] = value
        self.size += cost
        while self.size > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            self.size -= self._cost(dropped)

    def __len__(self) -> int:
        return len(self._items)


@dataclass(frozen=True, slots=True)
class Made:
    """One job's answer: the product asked for, and everything made on the way (each with the
    bytes it takes in the disk cache, 0 when it was not written there), for the front to keep."""

    value: bytes | NotFit
    made: tuple[tuple[str, bytes | NotFit, int], ...] = ()


class Maker:
    """Makes products in a render worker (see the module). Called with a canonical query (the
    one :attr:`Choices.query` gives) and a product. With ``site_url`` (the service's public
    address), each sheet carries a QR code to its scorekeeper; the fingerprint must then name
    that address too, as the service's does."""

    def __init__(
        self,
        content: Content,
        fingerprint: str,
        disk: DiskCache | None,
        *,
        memory_bytes: int = 16 * 1024 * 1024,
        prepared_kept: int = 16,
        site_url: str = "",
    ):
        self.content = content
        self.site_url = site_url
        self.fingerprint = fingerprint
        self.disk = disk
        self.memory = LRUBytes(memory_bytes)
        self.prepared_kept = prepared_kept
        self._prepared: OrderedDict[bytes, Prepared] = OrderedDict()
        self._made: list[tuple[str, bytes | NotFit, int]] = []

    def content_of(self, choices: Choices) -> Content:
        """The content in the choices' language (English's is the one the maker was given)."""
        if choices.language == self.content.language.code:
            return self.content
        from sheets.bundle import load_content

        return load_content(choices.language)

    def __call__(self, query: str, product: str, game: bytes = b"") -> Made:
        if product not in PRODUCTS:
            raise ValueError(f"unknown product {product!r}")
        choices = read_choices(query)
        if not choices.ok:
            raise ValueError("a render was asked for choices with problems")
        self._made = []
        value = self._product(choices, product, game)
        return Made(value, tuple(self._made))

    def warm(self) -> None:
        """Make the standard sheets and preview once, unkept: ReportLab, the fonts and PDFium are
        then loaded in this process, and in every worker forked from it."""
        from sheets.site.preview import pdf_facts

        prepared = prepare(self.content, read_choices("").good)
        render(prepared, "score-sheet", "letter")
        pdf_facts(render(prepared, "rule-sheet", "letter"))

    def _product(self, choices: Choices, product: str, game: bytes = b"") -> bytes | NotFit:
        key = cache_key(self.fingerprint, choices.yaml + game, product, choices.paper)
        found = self.memory.get(key)
        if found is None and self.disk is not None:
            found = self.disk.read(key)
        if found is not None:
            return found
        if product == PREVIEW:
            value = self._product(choices, "rule-sheet")
            if not isinstance(value, NotFit):
                from sheets.site.preview import pdf_facts

                value = pdf_facts(value).png
        elif product == PAGE:
            from sheets.service.makepage import make_page

            fit = {}
            for kind in KINDS:
                sheet = self._product(choices, kind)
                if isinstance(sheet, NotFit):
                    fit[kind] = sheet.message
            value = make_page(
                self.content_of(choices), choices, fit=fit, warnings=warnings(choices.good.rules)
            ).encode("utf-8")
        elif product == GAME_SHEET:  # a game the front has read: its canonical record
            content = self.content_of(choices)
            try:
                value = render_game_sheet(
                    content,
                    choices.good.in_language(content.language),
                    parse_game(game, content),
                    choices.paper,
                ).pdf
            except DoesNotFitError as err:
                value = NotFit(err.message)
        else:
            try:
                value = render(self._prepare(choices), product, choices.paper, self.site_url)
            except DoesNotFitError as err:
                value = NotFit(err.message)
        self.memory.put(key, value)
        stored = self.disk.write(key, value) if self.disk is not None else 0
        self._made.append((key, value, stored))
        return value

    def _prepare(self, choices: Choices) -> Prepared:
        prepared = self._prepared.get(choices.yaml)
        if prepared is None:
            content = self.content_of(choices)
            prepared = prepare(content, choices.good.in_language(content.language))
            self._prepared[choices.yaml] = prepared
            while len(self._prepared) > self.prepared_kept:
                self._prepared.popitem(last=False)
        else:
            self._prepared.move_to_end(choices.yaml)
        return prepared


__all__ = ["GAME_SHEET", "LRUBytes", "Made", "Maker", "PAGE", "PREVIEW", "PRODUCTS", "cache_key"]
