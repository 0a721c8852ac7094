"""A real ``hearts-sheets serve`` for the tests and ``make bench``: started on a free loopback port
(port 0, the address read from its first line) with a cache folder of its own, stopped by its
process id.

Its log (stderr) goes to a file the tests read; :class:`Server` knows its render workers (the
children of its zygote, itself the server's only child), so a test can kill one or measure its
memory. :func:`raw_request` and the asyncio clients below speak HTTP/1.1 on a socket as written,
for what http.client will not send (slow heads, idle connections, floods from many addresses).
"""

from __future__ import annotations

import asyncio
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

START_TIMEOUT = 180  # seconds: the server builds the whole site before it listens


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path
    cache: Path

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname

    @property
    def port(self) -> int:
        return urlsplit(self.url).port

    def connection(
        self, source: str | None = None, timeout: float = 60
    ) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            self.host, self.port, timeout=timeout, source_address=(source, 0) if source else None
        )

    def request(
        self,
        path: str,
        method: str = "GET",
        headers: dict | None = None,
        body: bytes | None = None,
        source: str | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        """One request sent exactly as written (no normalising of the path), from ``source``
        (a loopback address) when given."""
        connection = self.connection(source)
        try:
            connection.putrequest(method, path, skip_accept_encoding=True)
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            return (
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                response.read(),
            )
        finally:
            connection.close()

    def get(self, path: str, **headers) -> tuple[int, dict[str, str], bytes]:
        return self.request(path, headers=headers)

    def zygote(self) -> int:
        """The process that forks the render workers (the server's one child)."""
        [pid] = _children(self.process.pid)
        return pid

    def workers(self) -> list[int]:
        """The render workers' process ids."""
        return _children(self.zygote())

    def log_text(self, until: str = "", timeout: float = 10) -> str:
        """The server's log; with ``until`` (a regular expression), once it holds a match, as
        a request's line is written after its answer is sent (the test fails without it)."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.log.read_text(encoding="utf-8", errors="replace")
            if not until or re.search(until, text) or time.monotonic() > deadline:
                return text
            time.sleep(0.05)

    def stop(self, timeout: float = 15, sig: int = signal.SIGTERM) -> int:
        """A signal to the server; its exit code (the test fails if it does not stop)."""
        if self.process.poll() is None:
            os.kill(self.process.pid, sig)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise AssertionError(f"the server did not stop within {timeout} s of {sig!r}") from None


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return sorted(int(child) for child in text.split())


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def start_server(
    log: Path, workers: int = 2, cache: Path | None = None, options: tuple[str, ...] = ()
) -> Server:
    """Start ``hearts-sheets serve`` on a free loopback port (its cache in ``cache``, else a
    folder beside the log); wait until its workers are up and it answers."""
    cache = cache or log.with_name(f"{log.stem}-cache")
    handle = open(log, "ab")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sheets",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--workers",
            str(workers),
            "--cache",
            str(cache),
            *options,
        ],
        stdout=subprocess.PIPE,
        stderr=handle,
        text=True,
    )
    handle.close()
    deadline = time.monotonic() + START_TIMEOUT
    line = ""
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if "is serving http://" in line or not line and process.poll() is not None:
            break
    if "is serving http://" not in line:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait()
        raise AssertionError(f"the server did not start: {line!r}\n{log.read_text()[-3000:]}")
    url = line.split("is serving ")[1].split("/ ")[0]
    server = Server(url, process, log, cache)
    for _ in range(300):  # the zygote warms up before it forks the workers
        try:
            if len(server.workers()) == workers and server.get("/healthz")[0] == 200:
                return server
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    server.stop()
    raise AssertionError("the server's render workers did not start")


def raw_request(server: Server, data: bytes, timeout: float = 30) -> tuple[int, dict, bytes]:
    """Send bytes as they are; the status, headers and body of the answer (status 0: the
    connection was closed without one)."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        sock.sendall(data)
        received = b""
        while True:
            try:
                part = sock.recv(65536)
            except ConnectionResetError:
                break
            if not part:
                break
            received += part
    if not received:
        return 0, {}, b""
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


# -- asyncio: clients of many connections from one process, and loops of their own ---------------


def run_async(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own: playwright (the browser tests) keeps an
    event loop running in the tests' main thread for the whole session."""
    outcome: dict = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as err:  # raised again in the caller's thread
            outcome["error"] = err

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


async def fetch(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str, headers: str = ""
) -> tuple[int, bool]:
    """One GET on a kept-alive connection; the status and whether the server closes it."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n{headers}\r\n".encode())
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
    length = re.search(r"(?im)^content-length: *(\d+)", head)
    if length:
        await reader.readexactly(int(length.group(1)))
    return int(head[9:12]), bool(re.search(r"(?im)^connection: *close", head))


async def _held(host: str, port: int, until: float, held: list[int], behave) -> None:
    """Keep a connection open doing ``await behave(reader, writer)``, a new one each time the
    server closes it, until ``until``; ``held[0]`` counts the connections open."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.1)
            continue
        held[0] += 1
        try:
            await behave(reader, writer)
        except (TimeoutError, OSError):
            pass
        held[0] -= 1
        writer.close()


async def hold_idle(host: str, port: int, until: float, held: list[int]) -> None:
    """Hold connections that never send a byte."""

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async with asyncio.timeout(max(until - time.monotonic(), 0.01)):
            await reader.read()

    await _held(host, port, until, held, silent)


async def hold_slow(
    host: str, port: int, until: float, held: list[int], pause: float = 1.0
) -> None:
    """Hold connections that send their request head a byte each ``pause`` seconds."""

    async def trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for byte in b"GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Slow: " + b"s" * 100_000:
            if time.monotonic() >= until or reader.at_eof():
                return
            writer.write(bytes([byte]))
            await writer.drain()
            try:
                async with asyncio.timeout(pause):
                    if await reader.read(1):
                        return  # the server answered (408): start again
            except TimeoutError:
                pass

    await _held(host, port, until, held, trickle)


__all__ = [
    "Server",
    "fetch",
    "hold_idle",
    "hold_slow",
    "raw_request",
    "rss_kib",
    "run_async",
    "start_server",
]
