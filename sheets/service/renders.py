"""The sheets a worker process makes, one at a time, and keeps.

A render is CPU-bound (a tenth of a second or two), so each worker process renders in one
thread of its own, in order, while its request threads answer from the cache, send 304s and
serve the site. :class:`Renderer` bounds everything:

- the cache holds at most ``max_bytes`` of PDFs and previews (least recently used go first),
  keyed on the canonical house-rules file, the sheet and the paper;
- at most ``max_waiting`` renders wait their turn; one more is refused at once with
  :class:`Busy` (the service answers 429 with Retry-After);
- a request waits at most ``timeout`` seconds for its sheet, then gets :class:`Busy`. When the
  render itself has run that long, :attr:`Renderer.stuck` is true and the service retires the
  worker (gunicorn starts a fresh one), so a runaway render cannot hold a worker for good.

Two requests for the same sheet share one render. A sheet that does not fit its page is
remembered too, as its :class:`~sheets.errors.DoesNotFitError` message.
"""

from __future__ import annotations

from dataclasses import dataclass
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from sheets.content import Content
from sheets.errors import DoesNotFitError
from sheets.housefile import HouseFile
from sheets.pipeline import Prepared, prepare, render

PREVIEW = "preview"  # the rule sheet's first page as a PNG
PRODUCTS = ("rule-sheet", "score-sheet", PREVIEW)


class Busy(Exception):
    """This worker cannot make the sheet now; the message says why. Try again shortly."""


@dataclass(frozen=True, slots=True)
class NotFit:
    """A remembered :class:`DoesNotFitError`."""

    message: str


class LRUBytes:
    """A least-recently-used cache of bytes (or :class:`NotFit`), bounded by their total size."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.size = 0
        self._items: OrderedDict[tuple, bytes | NotFit] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def _cost(value: bytes | NotFit) -> int:
        return len(value) if isinstance(value, bytes) else len(value.message)

    def get(self, key: tuple) -> bytes | NotFit | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: tuple, value: bytes | NotFit) -> None:
        cost = self._cost(value)
        if cost > self.max_bytes:
            return
        with self._lock:
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


class Renderer:
    """Makes a worker's sheets in one thread of its own and keeps them (see the module)."""

    def __init__(self, content: Content, *, max_bytes: int = 32 * 1024 * 1024,
                 max_waiting: int = 8, timeout: float = 10.0, prepared_kept: int = 32):
        self.content = content
        self.cache = LRUBytes(max_bytes)
        self.max_waiting = max_waiting
        self.timeout = timeout
        self.prepared_kept = prepared_kept
        self._prepared: OrderedDict[bytes, Prepared] = OrderedDict()
        self._lock = threading.Lock()
        self._inflight: dict[tuple, Future] = {}
        self._executor: ThreadPoolExecutor | None = None
        self._pid = 0  # the process the executor's thread belongs to (workers fork)
        self._running_since: float | None = None
        self.renders = 0  # sheets made by this process, for the log and the tests

    # -- the render thread ------------------------------------------------------------------

    def _prepare(self, key: bytes, house: HouseFile) -> Prepared:
        prepared = self._prepared.get(key)
        if prepared is None:
            prepared = prepare(self.content, house)
            self._prepared[key] = prepared
            while len(self._prepared) > self.prepared_kept:
                self._prepared.popitem(last=False)
        else:
            self._prepared.move_to_end(key)
        return prepared

    def _produce(self, key: bytes, house: HouseFile, product: str, paper: str) -> bytes | NotFit:
        """Make one product (in the render thread), keeping it in the cache."""
        found = self.cache.get((key, product, paper))
        if found is not None:
            return found
        if product == PREVIEW:
            pdf = self._produce(key, house, "rule-sheet", paper)
            if isinstance(pdf, NotFit):
                return pdf
            from sheets.site.preview import pdf_facts

            value: bytes | NotFit = pdf_facts(pdf).png
        else:
            try:
                value = render(self._prepare(key, house), product, paper)
            except DoesNotFitError as err:
                value = NotFit(err.message)
            self.renders += 1
        self.cache.put((key, product, paper), value)
        return value

    def _job(self, key: bytes, house: HouseFile, product: str, paper: str) -> bytes | NotFit:
        self._running_since = time.monotonic()
        try:
            return self._produce(key, house, product, paper)
        finally:
            self._running_since = None

    # -- the request threads ----------------------------------------------------------------

    def _pool(self) -> ThreadPoolExecutor:
        if self._executor is None or self._pid != os.getpid():
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")
            self._pid = os.getpid()
        return self._executor

    @property
    def stuck(self) -> bool:
        """True when the render running now has taken longer than the timeout."""
        since = self._running_since
        return since is not None and time.monotonic() - since > self.timeout

    def get(self, key: bytes, house: HouseFile, product: str, paper: str) -> bytes:
        """A product's bytes for a canonical house-rules file (``key``, its bytes) on a paper.

        Raises :class:`DoesNotFitError` when the sheet does not fit one page and :class:`Busy`
        when this worker cannot make it in time.
        """
        if product not in PRODUCTS:
            raise ValueError(f"unknown product {product!r}")
        name = (key, product, paper)
        value = self.cache.get(name)
        if value is None:
            with self._lock:
                future = self._inflight.get(name)
                new = future is None
                if new:
                    if len(self._inflight) >= self.max_waiting:
                        raise Busy(f"this server is busy: {len(self._inflight)} sheets are "
                                   "being made; try again in a few seconds")
                    future = self._pool().submit(self._job, key, house, product, paper)
                    self._inflight[name] = future
            if new:  # outside the lock: a future already done runs the callback at once, here
                future.add_done_callback(lambda _f: self._done(name))
            try:
                value = future.result(timeout=self.timeout)
            except FutureTimeout:
                raise Busy(f"making this sheet took longer than {self.timeout:g} seconds; "
                           "try again in a few seconds") from None
        if isinstance(value, NotFit):
            raise DoesNotFitError(value.message)
        return value

    def _done(self, name: tuple) -> None:
        with self._lock:
            self._inflight.pop(name, None)

    def fit_problems(self, key: bytes, house: HouseFile, paper: str) -> dict[str, str]:
        """Why each sheet that does not fit one page on a paper does not, by sheet."""
        problems = {}
        for kind in ("rule-sheet", "score-sheet"):
            try:
                self.get(key, house, kind, paper)
            except DoesNotFitError as err:
                problems[kind] = err.message
        return problems


__all__ = ["Busy", "LRUBytes", "NotFit", "PREVIEW", "PRODUCTS", "Renderer"]
