"""``hearts-sheets serve``: the application on gunicorn, in several worker processes.

The master process builds the site in memory (the same code as ``make site``), loads the content
and fonts, opens the listening socket and forks the workers, which share all of that. Each worker
runs gunicorn's threaded worker: a few threads take requests, and sheets are rendered one at a
time in a thread of their own (:mod:`sheets.service.renders`). The limits:

- the request line (so the address) at most :data:`LIMIT_REQUEST_LINE` bytes (gunicorn answers
  414 beyond it), at most :data:`LIMIT_HEADERS` headers of at most :data:`LIMIT_HEADER_SIZE`
  bytes each (431); the choices themselves are checked as a house-rules file is;
- at most :data:`THREADS` requests at once in a worker and :data:`CONNECTIONS` connections held,
  at most :class:`~sheets.service.renders.Renderer`'s ``max_waiting`` renders waiting in a
  worker (429 past that) and its ``timeout`` for a sheet (429 too);
- a worker whose heartbeat stops for :data:`TIMEOUT` seconds is replaced, as is a worker whose
  render ran past its timeout, and every worker after about :data:`MAX_REQUESTS` requests;
- SIGTERM (or SIGINT) stops accepting, lets requests in flight finish for at most
  :data:`GRACEFUL_TIMEOUT` seconds, and exits.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys

from sheets.errors import SheetsError

THREADS = 4
CONNECTIONS = 16
TIMEOUT = 30
GRACEFUL_TIMEOUT = 5
KEEPALIVE = 2
LIMIT_REQUEST_LINE = 8190  # gunicorn's largest
LIMIT_HEADERS = 50
LIMIT_HEADER_SIZE = 8190
MAX_REQUESTS = 5000
BACKLOG = 128


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
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def build_app():
    """The application with the site built in memory (the master does this once)."""
    from sheets.bundle import load_content, load_presets
    from sheets.housefile import STANDARD_FILE
    from sheets.service.app import SheetsApp
    from sheets.site.builder import build_site, plan_site

    content = load_content()
    # In this process: a pool would leave its helpers (a fork server, a resource tracker)
    # running beside gunicorn's workers for the master's whole life.
    site = build_site(plan_site(content, STANDARD_FILE, load_presets()), make_link="make", workers=1)

    def retire() -> None:  # a render ran away: let gunicorn replace this worker
        os.kill(os.getpid(), signal.SIGTERM)

    return SheetsApp(content, site, on_stuck=retire)


def _access_log() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s [%(process)d] %(message)s"))
    log = logging.getLogger("sheets.service")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def serve(host: str, port: int, workers: int) -> None:
    """Build the site, listen, and serve until SIGTERM or SIGINT."""
    from gunicorn.app.base import BaseApplication

    sock = listen(host, port)
    app = build_app()
    _access_log()
    url = url_of(sock)

    def when_ready(_server) -> None:
        print(f"Hearts Sheets is serving {url}/ (make your own sheets at {url}/make) with "
              f"{workers} worker{'s' if workers > 1 else ''}", flush=True)

    options = {
        "bind": [f"fd://{sock.fileno()}"],
        "workers": workers,
        "worker_class": "gthread",
        "threads": THREADS,
        "worker_connections": CONNECTIONS,
        "backlog": BACKLOG,
        "timeout": TIMEOUT,
        "graceful_timeout": GRACEFUL_TIMEOUT,
        "keepalive": KEEPALIVE,
        "limit_request_line": LIMIT_REQUEST_LINE,
        "limit_request_fields": LIMIT_HEADERS,
        "limit_request_field_size": LIMIT_HEADER_SIZE,
        "max_requests": MAX_REQUESTS,
        "max_requests_jitter": MAX_REQUESTS // 10,
        "control_socket_disable": True,
        "proc_name": "hearts-sheets",
        "errorlog": "-",
        "loglevel": "info",
        "when_ready": when_ready,
    }

    class Gunicorn(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                if key in self.cfg.settings:  # control_socket_disable is new in gunicorn 25.1
                    self.cfg.set(key, value)

        def load(self):
            return app

    Gunicorn().run()


__all__ = ["BACKLOG", "CONNECTIONS", "GRACEFUL_TIMEOUT", "THREADS", "TIMEOUT", "build_app",
           "listen", "serve", "url_of"]
