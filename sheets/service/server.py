"""``hearts-sheets serve``: the front, its render workers and the cache, started and stopped.

The process that runs ``serve`` opens the listening socket, loads the content, opens the cache
folder and forks the render zygote (:mod:`sheets.service.pool`), which warms up and forks the
workers while this process builds the site in memory in every language (the same code as
``make site``; kept for the next start: :mod:`sheets.service.sitefiles`). Then it
runs the front (:mod:`sheets.service.front`) until SIGINT or SIGTERM, and closes the workers.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from sheets.errors import SheetsError

BACKLOG = 1024
CACHE_MEGABYTES = 512
LOOPBACK = ("127.0.0.0/8", "::1/128")
LOG = logging.getLogger("sheets.service")


@dataclass
class Settings:
    """What ``serve``'s options choose (see ``hearts-sheets serve --help``)."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    cache: Path | None = None  # None: the user's cache folder
    cache_megabytes: int = CACHE_MEGABYTES
    client_header: str | None = None
    trusted_proxies: tuple[str, ...] = LOOPBACK
    renders_per_client: int = 3
    max_connections: int = 4096
    public_url: str = ""  # the address the site is reached at, for the sheets' QR codes


def default_cache() -> Path:
    """The user's cache folder for the service: ``$XDG_CACHE_HOME`` or ``~/.cache`` (on macOS
    ``~/Library/Caches``), then ``hearts-sheets``."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "hearts-sheets"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hearts-sheets"


def listen(host: str, port: int) -> socket.socket:
    """The listening socket (port 0: any free port), or a message saying why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise SheetsError(f"cannot listen on {host}:{port}: {err.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as err:
        sock.close()
        raise SheetsError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _room_for(connections: int) -> int:
    """Raise the limit on open files to hold the connections; how many it holds."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 64  # the workers' sockets, the cache's files, the log
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return connections if soft == resource.RLIM_INFINITY else min(connections, soft - 64)


def _log_to_stderr() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s [%(process)d] %(message)s"))
    log = logging.getLogger("sheets.service")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def serve(settings: Settings) -> int:
    """Serve until SIGINT or SIGTERM; the exit code."""
    from sheets.bundle import load_content
    from sheets.contentcache import cache_folder
    from sheets.service.app import SheetsApp
    from sheets.service.front import Front
    from sheets.service.pool import RenderPool
    from sheets.service.renders import Maker
    from sheets.service.responses import code_fingerprint
    from sheets.service.sitefiles import served_site
    from sheets.service.store import DiskCache

    sock = listen(settings.host, settings.port)
    connections = _room_for(settings.max_connections)
    _log_to_stderr()
    content = load_content()
    # the public address changes every sheet (its QR code): so its cache keys and ETags too
    fingerprint = code_fingerprint() + (f" {settings.public_url}" if settings.public_url else "")
    folder = settings.cache or default_cache()
    disk, why = DiskCache.open(folder, settings.cache_megabytes * 1024 * 1024)
    if disk is None:
        LOG.warning("the sheet cache cannot be kept in %s; sheets are kept in memory only", why)
    maker = Maker(content, fingerprint, disk, site_url=settings.public_url)
    pool = RenderPool(
        maker, workers=settings.workers, setup=maker.warm, per_client=settings.renders_per_client
    )
    pool.fork(close=[sock])
    # In this process, before the loop and any thread: its workers are forks of it.
    site = served_site(
        content,
        fingerprint,
        cache_folder() or (disk.folder if disk is not None else None),
        public_url=settings.public_url,
        workers=settings.workers,
    )
    app = SheetsApp(content, site, pool, disk=disk, fingerprint=fingerprint)
    front = Front(
        app,
        client_header=settings.client_header,
        trusted_proxies=settings.trusted_proxies,
        max_connections=connections,
    )
    url = url_of(sock)
    workers = settings.workers

    def ready() -> None:
        print(
            f"Hearts Sheets is serving {url}/ (make your own sheets at {url}/make) with "
            f"{workers} render worker{'s' if workers > 1 else ''}",
            flush=True,
        )

    async def run() -> int:
        pool.on_lost = lambda: front.stop(1)
        pool.start()
        try:
            return await front.run(sock, ready)
        finally:
            await pool.close()

    return asyncio.run(run())


__all__ = ["BACKLOG", "LOOPBACK", "Settings", "default_cache", "listen", "serve", "url_of"]
