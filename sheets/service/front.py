"""The front: one asyncio event loop that holds every connection and speaks HTTP/1.1.

A connection costs the front a few kilobytes and nothing while it waits, so slow and idle clients
cannot crowd out others; the limits are on time and size, checked as the bytes arrive (their
values, and the scan that measures a head, are in :mod:`sheets.service.limits`):

- the first byte of a request within :data:`IDLE_TIMEOUT` seconds of the connection opening or the
  previous response (else the connection is closed), and the whole head within
  :data:`HEAD_TIMEOUT` seconds of the same moment, however slowly it trickles (else 408);
- a request line of at most :data:`LINE_LIMIT` bytes (414), at most :data:`FIELDS` header lines of
  at most :data:`FIELD_LIMIT` bytes each and :data:`HEAD_LIMIT` bytes in all (431); a body is
  never read (413, then the connection is closed), but for the game posted to the score sheet
  (:meth:`~sheets.service.app.SheetsApp.takes_body`): at most
  :data:`~sheets.service.app.BODY_LIMIT` bytes, as its Content-Length says (else 413), all
  within :data:`HEAD_TIMEOUT` seconds of the head (else 408);
- a response taken by the client within :data:`SEND_TIMEOUT` seconds;
- at most ``max_connections`` connections: one more replaces the connection that has waited
  longest for a request.

A connection the front ends after an answer is half-closed, then read until the client closes it
too (for at most :data:`LINGER` seconds), so that bytes left unread (a body, the rest of a
refused head) cannot make the kernel reset it before the client has read the answer.

The head is framed and measured here, then read by h11 (method, target, version, header syntax,
whether a body follows). The application (:class:`~sheets.service.app.SheetsApp`) answers; every
response, the front's own refusals too, carries the security headers (:data:`SECURITY`) and is
logged as one line without the address's free text. A client is known by its address (an IPv6
client by its /64), or, from a trusted proxy, by the address a named header gives.

SIGINT and SIGTERM stop the same way: no new connections; requests in flight are answered; a
keep-alive connection that sends a request during the stop is answered too, with ``Connection:
close``; idle connections are closed once nothing is in flight (after :data:`STOP_GRACE` at the
least); all within :data:`STOP_TIMEOUT`. A second signal stops at once.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import signal
import socket
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from email.utils import formatdate
from urllib.parse import unquote, urlsplit

import h11

from sheets.service.app import BODY_LIMIT, SheetsApp
from sheets.service.limits import (
    HEAD_TIMEOUT,
    IDLE_TIMEOUT,
    LINE_LIMIT,
    LINGER,
    MAX_CONNECTIONS,
    SEND_TIMEOUT,
    STOP_GRACE,
    STOP_TIMEOUT,
    HeadScan,
    Refused,
    client_bucket,
    parse_address,
    within,
)
from sheets.service.pool import bug_report
from sheets.service.responses import Request, Response, loggable, text

LOG = logging.getLogger("sheets.service.access")
READ_SIZE = 65536
SECURITY = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
)
REASONS = {
    200: "OK",
    301: "Moved Permanently",
    303: "See Other",
    304: "Not Modified",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    413: "Content Too Large",
    414: "URI Too Long",
    422: "Unprocessable Content",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
}


def first_line(buffer: bytearray) -> Request | None:
    """What the start of a head refused before it was read says of the request: its method,
    path and query as far as they came (a query cut short loses its last part), to answer in
    its language; None when it says too little."""
    line = bytes(buffer[: LINE_LIMIT + 2]).split(b"\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    if len(parts) < 2:
        return None
    target = parts[1]
    if not target.startswith("/"):  # an absolute address (any scheme): its path says it
        try:
            split = urlsplit(target)
        except ValueError:  # a broken host ("http://[x/")
            return None
        if not (split.scheme and split.netloc):
            return None
        target = (split.path or "/") + (f"?{split.query}" if split.query else "")
    path, _, query = target.partition("?")
    if len(parts) < 3:  # the address goes on past what came
        query = query.rpartition("&")[0]
    return Request(parts[0], unquote(path, errors="replace"), query)


class _Connection:
    __slots__ = ("sock", "reader", "writer", "peer", "trusted", "busy", "dropped")

    def __init__(self, sock: socket.socket, peer: str, trusted: bool):
        self.sock, self.peer, self.trusted = sock, peer, trusted
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.busy = False
        self.dropped = False  # closed before its task took it up: the task closes it

    @property
    def streams(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """The connection's streams, once its task has opened them."""
        if self.reader is None or self.writer is None:
            raise ConnectionError("the connection's streams are not open")
        return self.reader, self.writer

    def close(self, abort: bool = False) -> None:
        if self.writer is None:
            self.dropped = True
        elif abort:
            self.writer.transport.abort()
        else:
            self.writer.close()


class Front:
    """Serves an application on a listening socket until stopped (see the module)."""

    def __init__(
        self,
        app: SheetsApp,
        *,
        client_header: str | None = None,
        trusted_proxies: Iterable[str] = (),
        max_connections: int = MAX_CONNECTIONS,
    ):
        self.app = app
        self.client_header = client_header.lower().encode("ascii") if client_header else None
        self.trusted = [ipaddress.ip_network(net, strict=False) for net in trusted_proxies]
        self.max_connections = max_connections
        self.exit_code = 0
        self._connections: dict[_Connection, None] = {}
        self._waiting: OrderedDict[_Connection, None] = OrderedDict()  # longest waiting first
        self._stopping = False
        self._accepting: asyncio.Task[None] | None = None
        self._stopped = asyncio.Event()
        self._date = (0, "")

    # -- running and stopping -----------------------------------------------------------------

    async def run(self, listener: socket.socket, ready: Callable[[], None] = lambda: None) -> int:
        """Serve until SIGINT or SIGTERM (or :meth:`stop`); the exit code."""
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, self.stop)
        listener.setblocking(False)
        self._accepting = loop.create_task(self._accept(listener))
        self._accepting.add_done_callback(lambda _task: listener.close())  # new ones refused
        ready()
        await self._stopped.wait()
        return self.exit_code

    def stop(self, exit_code: int = 0) -> None:
        """Stop as the module says; a second call stops at once."""
        self.exit_code = self.exit_code or exit_code
        if self._stopping:
            for connection in list(self._connections):
                connection.close(abort=True)
            self._stopped.set()
            return
        self._stopping = True
        if self._accepting is not None:
            self._accepting.cancel()
        asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        while loop.time() < start + STOP_TIMEOUT:
            if loop.time() >= start + STOP_GRACE and not any(c.busy for c in self._connections):
                break
            await asyncio.sleep(0.02)
        for connection in list(self._connections):
            connection.close(abort=connection.busy)
        await asyncio.sleep(0)  # let each connection see its end
        self._stopped.set()

    # -- connections --------------------------------------------------------------------------

    async def _accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, address = await loop.sock_accept(listener)
            except OSError as err:  # out of files, say: the connections held will free some
                LOG.warning("cannot accept a connection: %s", err.strerror or err)
                await asyncio.sleep(0.1)
                continue
            if len(self._connections) >= self.max_connections:
                if not self._waiting:
                    sock.close()
                    continue
                self._waiting.popitem(last=False)[0].close()
            peer = address[0]
            connection = _Connection(
                sock, client_bucket(peer), bool(self.client_header) and within(peer, self.trusted)
            )
            self._connections[connection] = None
            self._waiting[connection] = None
            loop.create_task(self._serve(connection))

    async def _serve(self, connection: _Connection) -> None:
        try:
            connection.reader, connection.writer = await asyncio.open_connection(
                sock=connection.sock, limit=READ_SIZE
            )
            buffer = bytearray()
            if connection.dropped:
                return
            while await self._exchange(connection, buffer):
                pass
            await self._linger(connection)
        except (ConnectionError, OSError, TimeoutError, asyncio.CancelledError):
            pass
        except Exception as err:  # a bug: logged without the request's text
            LOG.error("error on a connection: %s", bug_report(err))
        finally:
            self._connections.pop(connection, None)
            self._waiting.pop(connection, None)
            if connection.writer is None:
                connection.sock.close()
            else:
                connection.writer.close()

    async def _linger(self, connection: _Connection) -> None:
        """Half-close after the last answer, then read and drop what the client still sends
        until it closes too (see the module)."""
        reader, writer = connection.streams
        if writer.is_closing() or not writer.can_write_eof():
            return
        writer.write_eof()
        async with asyncio.timeout(LINGER):
            while await reader.read(READ_SIZE):
                pass

    async def _exchange(self, connection: _Connection, buffer: bytearray) -> bool:
        """Read one request and answer it; whether the connection stays open for another."""
        try:
            head = await self._head(connection, buffer)
        except Refused as refused:
            await self._refuse(connection, refused, first_line(buffer))
            return False
        if head is None:
            return False
        connection.busy = True
        started = time.perf_counter()
        request: Request | None = None
        try:
            request, keep = self._request(head, connection)
            if request.has_body and self.app.takes_body(request):
                request.body = await self._body(connection, buffer, request.length)
                request.has_body = False  # read: the connection may carry on
        except Refused as refused:  # a head h11 cannot read: its language from its first line
            await self._refuse(connection, refused, request or first_line(bytearray(head)))
            return False
        try:
            response = await self.app.respond(request)
        except Exception as err:  # a bug: logged without the request's text, answered 500
            LOG.error(
                "error answering %s %s: %s",
                request.method,
                loggable(request.path, request.query),
                bug_report(err),
            )
            response = self._failed(request)
        keep = keep and not request.has_body and not self._stopping
        await self._send(connection, response, request.method == "HEAD", keep)
        LOG.info(
            "%s %s %d %.1fms%s",
            request.method,
            loggable(request.path, request.query),
            response.status,
            (time.perf_counter() - started) * 1000,
            f" {response.note}" if response.note else "",
        )
        connection.busy = False
        return keep

    async def _head(self, connection: _Connection, buffer: bytearray) -> bytes | None:
        """The next request's head, or None when the client closed or stayed idle too long."""
        loop = asyncio.get_running_loop()
        self._waiting.pop(connection, None)  # the newest of those waiting
        self._waiting[connection] = None
        start = loop.time()
        scan = HeadScan()
        reader = connection.streams[0]
        try:
            while not (end := scan.end(buffer)):
                deadline = start + (HEAD_TIMEOUT if buffer else IDLE_TIMEOUT)
                try:
                    async with asyncio.timeout_at(deadline):
                        data = await reader.read(READ_SIZE)
                except TimeoutError:
                    if buffer:
                        raise Refused(408, kind="slow") from None
                    return None
                if not data:
                    return None
                buffer += data
        finally:
            self._waiting.pop(connection, None)
        head = bytes(buffer[:end])
        del buffer[:end]
        return head

    async def _body(self, connection: _Connection, buffer: bytearray, length: int | None) -> bytes:
        """A request's body of ``length`` bytes (see the module for the limits)."""
        if length is None or length > BODY_LIMIT:
            raise Refused(413, kind="body-length", most=BODY_LIMIT)
        reader = connection.streams[0]
        try:
            async with asyncio.timeout(HEAD_TIMEOUT):
                while len(buffer) < length:
                    data = await reader.read(READ_SIZE)
                    if not data:
                        raise Refused(400, kind="body-short")
                    buffer += data
        except TimeoutError:
            raise Refused(408, kind="slow") from None
        body = bytes(buffer[:length])
        del buffer[:length]
        return body

    def _request(self, head: bytes, connection: _Connection) -> tuple[Request, bool]:
        """The request in a head, and whether the client will keep the connection."""
        parser = h11.Connection(h11.SERVER, max_incomplete_event_size=len(head) + 1)
        parser.receive_data(head)
        event: object
        after: object
        try:
            event = parser.next_event()
            after = parser.next_event()
        except h11.RemoteProtocolError:
            event = after = None
        if not isinstance(event, h11.Request):
            raise Refused(400, kind="not-http")
        target = event.target.decode("ascii")
        if not target.startswith("/"):
            try:
                parts = urlsplit(target)
            except ValueError:  # a broken host ("http://[x/")
                raise Refused(400, kind="target") from None
            if parts.scheme not in ("http", "https"):
                raise Refused(400, kind="target")
            target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        raw_path, _, query = target.partition("?")
        tags, client, close = [], None, event.http_version != b"1.1"
        length, media = None, ""
        for name, value in event.headers:
            if name == b"content-length":
                length = int(value)
            elif name == b"content-type":
                media = value.decode("latin-1")
            elif name == b"if-none-match":
                tags.append(value.decode("latin-1"))
            elif name == b"connection" and b"close" in value.lower():
                close = True
            elif name == self.client_header and connection.trusted:
                client = parse_address(value.decode("latin-1").rsplit(",", 1)[-1].strip())
        request = Request(
            event.method.decode("ascii"),
            unquote(raw_path, errors="replace"),
            query,
            ", ".join(tags),
            client_bucket(client) if client else connection.peer,
            not isinstance(after, h11.EndOfMessage),
            length,
            media,
        )
        return request, not close

    # -- answers --------------------------------------------------------------------------------

    def _failed(self, request: Request) -> Response:
        """500 for a request the application failed to answer, in its language if it can."""
        try:
            words = self.app.words(request)
        except Exception:  # the language's words themselves: English's are loaded
            words = self.app.content.language.make
        return text(500, words["refused-error"])

    async def _refuse(
        self, connection: _Connection, refused: Refused, request: Request | None
    ) -> None:
        """Answer a refused head (in the request's language where its start says it) and end."""
        LOG.info("- - %d head refused", refused.status)
        words = self.app.words(request) if request is not None else self.app.content.language.make
        said = words[f"refused-{refused.kind}"].format(**refused.values)
        await self._send(connection, text(refused.status, said), False, False)

    async def _send(
        self, connection: _Connection, response: Response, head_only: bool, keep: bool
    ) -> None:
        now = int(time.time())
        if self._date[0] != now:
            self._date = (now, formatdate(now, usegmt=True))
        lines = [
            f"HTTP/1.1 {response.status} {REASONS.get(response.status, '')}",
            f"Date: {self._date[1]}",
            f"Content-Type: {response.media}",
        ]
        lines += [f"{name}: {value}" for name, value in response.headers]
        lines += [f"{name}: {value}" for name, value in SECURITY]
        lines.append(f"Content-Security-Policy: {response.csp}")
        if response.status != 304:
            lines.append(f"Content-Length: {len(response.body)}")
        if not keep:
            lines.append("Connection: close")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        body = b"" if head_only or response.status == 304 else response.body
        writer = connection.streams[1]
        if len(body) <= READ_SIZE:  # one write, one packet where it fits
            writer.write(head + body)
        else:
            writer.write(head)
            writer.write(body)
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await writer.drain()
        except TimeoutError:
            writer.transport.abort()
            raise ConnectionResetError("the client did not take the response in time") from None


__all__ = ["Front", "REASONS", "SECURITY"]
