"""``hearts-sheets serve`` in public, over loopback: slow and idle clients held while others are
answered, heads cut at their deadlines, the front's own refusals with the security headers and
nothing typed in the log, a flood of new sheets refused at once, the per-client limit and the
proxy header it believes only when told, the cache shared by the workers and kept across
restarts, a zygote or worker that dies, and stops by SIGINT or SIGTERM that finish what is in
flight. Every load here is bounded in count and time, and every server is stopped by its id."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

import pytest
from service_server import hold_idle, hold_slow, raw_request, run_async, start_server

from sheets.bundle import load_content
from sheets.service.app import BODY_LIMIT
from sheets.service.limits import FIELD_LIMIT, FIELDS, HEAD_LIMIT, LINE_LIMIT

SECRET = "Grandma%27s%20secret%20table"
SECURITY = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


def check_secure(headers: dict[str, str]) -> None:
    for name, value in SECURITY.items():
        assert headers.get(name) == value, (name, headers)
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


def new_sheet(n: int, tag: str) -> str:
    return f"/sheets/rule-sheet.pdf?title={quote(f'{tag} {n}')}&target={10 + n}"


def at_once(
    server, paths: list[str], sources: list[str | None], headers: list[dict] | None = None
) -> list[tuple[int, dict, bytes]]:
    """Every path asked at the same time, each from its source address with its headers."""
    headers = headers or [{}] * len(paths)
    with ThreadPoolExecutor(len(paths)) as pool:
        return list(
            pool.map(
                lambda args: server.request(args[0], headers=args[2], source=args[1]),
                zip(paths, sources, headers),
            )
        )


def logged_last(server, ending: str) -> bool:
    """Does the log's last line end so (once the line is written: it follows the answer)?"""
    for _ in range(50):
        if server.log_text().rstrip().endswith(ending):
            return True
        time.sleep(0.05)
    return False


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


# -- slow and idle clients ---------------------------------------------------------------------


def test_slow_and_idle_connections_do_not_hold_up_anyone_else(server):
    cached = "/sheets/rule-sheet.pdf?preset=omnibus"
    assert server.get(cached)[0] == 200

    async def main():
        until = time.monotonic() + 8
        idle, slow = [0], [0]
        holders = [
            asyncio.create_task(hold_idle(server.host, server.port, until, idle))
            for _ in range(500)
        ]
        holders += [
            asyncio.create_task(hold_slow(server.host, server.port, until, slow))
            for _ in range(200)
        ]
        while idle[0] < 500 or slow[0] < 200:
            assert time.monotonic() < until - 4, f"only {idle[0]} idle, {slow[0]} slow held"
            await asyncio.sleep(0.1)
        loop = asyncio.get_running_loop()
        answers = []
        for path in ["/healthz", cached] * 5:  # a load balancer's check and a visitor, meanwhile
            connection = server.connection(timeout=5)
            answers.append(await loop.run_in_executor(None, _status, connection, path))
        held = (idle[0], slow[0])
        await asyncio.gather(*holders)
        return answers, held

    answers, held = run_async(main())
    assert answers == [200] * 10 and held == (500, 200)


def _status(connection, path: str) -> int:
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_trickling_head_gets_408_and_a_silent_connection_is_closed(server):
    async def trickle():
        reader, writer = await asyncio.open_connection(server.host, server.port)
        start = time.monotonic()
        # one read to the end for the whole trickle: a read cancelled between bytes would drop
        # what it had taken in, had the answer come just then
        answer = asyncio.ensure_future(reader.read())
        for byte in f"GET /make?title={SECRET} HTTP/1.1\r\nHost: x\r\n".encode():
            writer.write(bytes([byte]))
            done, _ = await asyncio.wait({answer}, timeout=2.5)  # a byte every 2.5 s, as a
            if done:  # slow-loris sends
                break
        writer.close()
        return await answer, time.monotonic() - start

    async def silent():
        reader, writer = await asyncio.open_connection(server.host, server.port)
        start = time.monotonic()
        answer = await reader.read()
        writer.close()
        return answer, time.monotonic() - start

    async def main():
        async with asyncio.timeout(30):
            return await asyncio.gather(trickle(), silent())

    (slow, slow_after), (quiet, quiet_after) = run_async(main())
    head = slow.decode("latin-1").lower()
    assert head.startswith("http/1.1 408 request timeout") and "connection: close" in head
    for name, value in SECURITY.items():
        assert f"{name}: {value.lower()}" in head
    assert quiet == b"" and quiet_after < slow_after  # closed without a word, sooner
    assert "Grandma" not in server.log_text()


def test_past_its_limit_the_oldest_waiting_connection_gives_way(tmp_path):
    own = start_server(tmp_path / "serve.log", workers=1, options=("--max-connections", "40"))
    try:
        sockets = [socket.create_connection((own.host, own.port)) for _ in range(60)]
        try:
            assert own.get("/healthz")[0] == 200
            time.sleep(0.5)
            closed = 0
            for sock in sockets:
                sock.setblocking(False)
                try:
                    closed += sock.recv(1) == b""
                except BlockingIOError:
                    pass
            assert closed >= 20  # the oldest, for the newer ones and the check
        finally:
            for sock in sockets:
                sock.close()
    finally:
        assert own.stop() == 0


# -- the front's own answers --------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, status",
    [
        (b"NONSENSE\r\n\r\n", 400),
        (b"GET /healthz HTTP/1.1\r\n\r\n", 400),  # HTTP/1.1 without Host
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
        (b"GET /make?title=" + SECRET.encode() + b"x" * LINE_LIMIT + b" HTTP/1.1\r\n\r\n", 414),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: "
            + SECRET.encode()
            + b"y" * FIELD_LIMIT
            + b"\r\n\r\n",
            431,
        ),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-Many: 1\r\n" * 51 + b"\r\n", 431),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", 413),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 413),
    ],
)
def test_every_refusal_has_the_security_headers_and_closes(server, data, status):
    found, headers, body = raw_request(server, data)
    assert found == status and body.endswith(b"\n")
    check_secure(headers)
    assert headers["connection"] == "close" and headers["cache-control"] == "no-store"
    assert "Grandma" not in server.log_text()


def test_the_fronts_refusals_speak_the_language_of_the_address(server):
    german = load_content("de").language.make
    line = f"GET /de/make?title={'x' * LINE_LIMIT} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    status, _, body = raw_request(server, line)
    assert (status, body.decode()) == (414, german["refused-line"].format(most=LINE_LIMIT) + "\n")
    posted = b"POST /de/sheets/score-sheet.pdf HTTP/1.1\r\nHost: x\r\n"
    posted += b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"  # no Content-Length
    status, _, body = raw_request(server, posted)
    assert (status, body.decode()) == (
        413,
        german["refused-body-length"].format(most=BODY_LIMIT) + "\n",
    )
    spanish = load_content("es").language.make
    big = f"GET /es/index.html HTTP/1.1\r\nHost: x\r\nX-Big: {'y' * FIELD_LIMIT}\r\n\r\n"
    status, _, body = raw_request(server, big.encode())
    said = spanish["refused-headers"].format(lines=FIELDS, most=FIELD_LIMIT, all=HEAD_LIMIT)
    assert (status, body.decode()) == (431, said + "\n")


def test_a_header_line_of_its_limit_is_read_and_one_byte_more_is_not(server):
    name = "X-Long"
    at_limit = "z" * (FIELD_LIMIT - len(f"{name}: "))  # the header line at its limit
    assert server.get("/healthz", **{name: at_limit})[0] == 200
    assert server.get("/healthz", **{name: at_limit + "z"})[0] == 431
    line = f"GET /{'a' * (LINE_LIMIT - 14)} HTTP/1.1"  # the request line at its limit
    assert len(line) == LINE_LIMIT
    assert raw_request(server, f"{line}\r\nHost: x\r\n\r\n".encode())[0] == 404
    assert raw_request(server, f"{line[:5]}a{line[5:]}\r\nHost: x\r\n\r\n".encode())[0] == 414


def test_keep_alive_and_pipelined_requests_are_answered_in_order(server):
    data = b"".join(
        f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        for path in ("/healthz", "/site.css", "/nothing")
    )
    with socket.create_connection((server.host, server.port), timeout=10) as sock:
        sock.sendall(data + b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        received = b""
        while part := sock.recv(65536):
            received += part
    assert re.findall(rb"HTTP/1\.1 (\d{3}) ", received) == [b"200", b"200", b"404", b"200"]


# -- a flood of new sheets, and the per-client limit --------------------------------------------


def test_a_flood_of_new_sheets_is_refused_at_once_and_the_rest_made(server):
    paths = [new_sheet(n, "Flood") for n in range(40)]
    sources = [f"127.0.0.{20 + n % 8}" for n in range(40)]
    checks: list[int] = []
    stop = threading.Event()

    def check() -> None:
        while not stop.is_set():
            checks.append(_status(server.connection(timeout=10), "/healthz"))

    checker = threading.Thread(target=check)
    checker.start()
    try:
        answers = at_once(server, paths, sources)
    finally:
        stop.set()
        checker.join()
    statuses = [status for status, _, _ in answers]
    assert set(statuses) == {200, 429} and statuses.count(200) >= 6, statuses
    for status, headers, body in answers:
        check_secure(headers)
        if status == 429:
            assert int(headers["retry-after"]) > 0 and headers["cache-control"] == "no-store"
            assert b"busy" in body or b"being made already" in body
    assert checks and set(checks) == {200}
    refused = [path for path, (status, _, _) in zip(paths, answers) if status == 429]
    for path in refused[:3]:  # asked again one at a time, they are made
        assert server.get(path)[0] == 200


def test_one_client_has_its_share_of_new_renders(server):
    paths = [new_sheet(n, "One client") for n in range(6)]
    for path in paths:  # the addresses read (their house-rules files asked), nothing made yet
        assert server.get(path.replace("rule-sheet.pdf", "house-rules.yaml"))[0] == 200
    from_one = at_once(server, paths, [None] * 6)
    assert sorted(status for status, _, _ in from_one) == [200] * 3 + [429] * 3
    assert all(
        b"You have sheets being made already" in body
        for status, _, body in from_one
        if status == 429
    )
    from_many = at_once(
        server,
        [new_sheet(n, "Many clients") for n in range(6)],
        [f"127.0.0.{40 + n}" for n in range(6)],
    )
    assert [status for status, _, _ in from_many] == [200] * 6
    forwarded = at_once(
        server,
        [new_sheet(n, "Forwarded") for n in range(6)],
        [None] * 6,
        [{"X-Forwarded-For": f"203.0.113.{n}"} for n in range(6)],
    )
    assert 429 in [status for status, _, _ in forwarded]  # no header is believed by default


def test_a_proxys_client_header_is_believed_only_from_the_proxy(tmp_path):
    own = start_server(
        tmp_path / "serve.log",
        options=("--client-address-header", "X-Forwarded-For", "--trusted-proxy", "127.0.0.2"),
    )
    try:

        def ask(tag: str, source: str) -> list[int]:
            answers = at_once(
                own,
                [new_sheet(n, tag) for n in range(6)],
                [source] * 6,
                [{"X-Forwarded-For": f"198.51.100.9, 203.0.113.{n}"} for n in range(6)],
            )
            return [status for status, _, _ in answers]

        assert ask("Through the proxy", "127.0.0.2") == [200] * 6  # six clients behind it
        assert 429 in ask("Around the proxy", "127.0.0.3")  # one client, whatever it says
    finally:
        assert own.stop() == 0


# -- the cache, the workers and the zygote ------------------------------------------------------


def test_the_workers_share_one_cache_that_outlives_them_and_the_server(tmp_path):
    cache = tmp_path / "cache"
    path = new_sheet(1, "Kept")
    own = start_server(tmp_path / "first.log", cache=cache)
    try:
        assert own.get(path)[0] == 200
        workers = own.workers()
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        for _ in range(100):
            if len(own.workers()) == 2 and not set(own.workers()) & set(workers):
                break
            time.sleep(0.1)
        assert len(own.workers()) == 2 and not set(own.workers()) & set(workers)
        status, headers, first = own.get(path)
        assert status == 200 and logged_last(own, " hit")
        assert own.get(path.replace("rule-sheet.pdf", "rule-sheet.png"))[0] == 200
    finally:
        assert own.stop() == 0
    assert len(os.listdir(cache)) >= 2
    again = start_server(tmp_path / "second.log", cache=cache)
    try:
        status, _, second = again.get(path)
        assert status == 200 and second == first and logged_last(again, " hit")
    finally:
        assert again.stop() == 0


def test_without_a_cache_folder_the_server_works_and_stops_if_its_zygote_dies(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    own = start_server(tmp_path / "serve.log", cache=tmp_path / "file" / "cache")
    try:
        assert "sheets are kept in memory only" in own.log_text()
        assert own.get(new_sheet(1, "Memory"))[0] == 200
        os.kill(own.zygote(), signal.SIGKILL)
        assert own.process.wait(15) == 1  # no worker could be replaced: it stops, and says so
        assert "the render zygote has stopped" in own.log_text()
    finally:
        if own.process.poll() is None:
            own.stop()


# -- stopping -----------------------------------------------------------------------------------


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_a_stop_finishes_what_is_in_flight_and_closes_keep_alive_connections(tmp_path, sig):
    own = start_server(tmp_path / "serve.log")
    zygote, workers = own.zygote(), own.workers()
    paths = [new_sheet(n, f"Stop {sig.name}") for n in range(6)]
    keep_alive: list = []
    signalled = threading.Event()

    def keep_asking() -> None:  # a kept-alive client that asks again and again
        connection = own.connection(timeout=10)
        try:
            while True:
                connection.request("GET", "/healthz")
                response = connection.getresponse()
                response.read()
                keep_alive.append(
                    (response.status, response.getheader("Connection"), signalled.is_set())
                )
                if response.getheader("Connection") == "close":
                    return
                time.sleep(0.02)
        except Exception as err:  # a reset, or the connection closed without an answer
            keep_alive.append(err)
        finally:
            connection.close()

    asker = threading.Thread(target=keep_asking)
    asker.start()
    with ThreadPoolExecutor(6) as pool:
        answers = pool.map(lambda n: own.request(paths[n], source=f"127.0.0.{60 + n}"), range(6))
        time.sleep(0.3)  # the renders are under way
        start = time.monotonic()
        os.kill(own.process.pid, sig)
        signalled.set()
        statuses = [status for status, _, _ in answers]
    code = own.process.wait(15)
    stopped = time.monotonic() - start
    asker.join()
    assert statuses == [200] * 6 and code == 0 and stopped < 5
    assert not isinstance(keep_alive[-1], Exception), keep_alive[-1]
    assert keep_alive[-1][:2] == (200, "close") and keep_alive[-1][2]
    assert all(status == 200 for status, _, _ in keep_alive)
    assert not [pid for pid in [zygote, *workers] if alive(pid)]
    with pytest.raises(OSError):
        own.get("/healthz")
    assert " 500 " not in own.log_text() and "Traceback" not in own.log_text()


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_fronts_rarer_refusals_speak_the_language_of_the_address(server, code):
    words = load_content(code).language.make
    folder = "" if code == "en" else f"/{code}"
    # h11 cannot read it (HTTP/1.1 without Host): the language from the request line
    status, _, body = raw_request(server, f"GET {folder}/index.html HTTP/1.1\r\n\r\n".encode())
    assert (status, body.decode()) == (400, words["refused-not-http"] + "\n")
    line = f"GET ftp://x{folder}/index.html HTTP/1.1\r\nHost: x\r\n\r\n"
    status, _, body = raw_request(server, line.encode())
    assert (status, body.decode()) == (400, words["refused-target"] + "\n")
    if code == "en":  # an address with a broken host is refused too (its language unread)
        line = "GET http://[x/de/index.html HTTP/1.1\r\nHost: x\r\n\r\n"
        status, _, body = raw_request(server, line.encode())
        assert (status, body.decode()) == (400, words["refused-target"] + "\n")
    # a posted game whose body ends before its Content-Length
    with socket.create_connection((server.host, server.port), timeout=30) as sock:
        sock.sendall(
            f"POST {folder}/sheets/score-sheet.pdf HTTP/1.1\r\nHost: x\r\n"
            "Content-Length: 10\r\n\r\n{}".encode()
        )
        sock.shutdown(socket.SHUT_WR)
        received = b""
        while part := sock.recv(65536):
            received += part
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ") and body.decode() == words["refused-body-short"] + "\n"
