"""A real ``hearts-sheets serve`` for the tests: started on a free loopback port (port 0, the
address read from its first line), stopped by its process id.

Its log (stderr) goes to a file the tests read; :class:`Server` knows its worker processes, so
a test can measure their memory.
"""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

START_TIMEOUT = 180  # seconds: the master builds the whole site before it listens


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: Path

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname

    @property
    def port(self) -> int:
        return urlsplit(self.url).port

    def request(self, path: str, method: str = "GET", headers: dict | None = None,
                body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
        """One request sent exactly as written (no normalising of the path)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.putrequest(method, path, skip_accept_encoding=True)
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, \
                response.read()
        finally:
            connection.close()

    def get(self, path: str, **headers) -> tuple[int, dict[str, str], bytes]:
        return self.request(path, headers=headers)

    def workers(self) -> list[int]:
        """The worker processes' ids (the master's children)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self, timeout: float = 15) -> int:
        """SIGTERM to the master; its exit code (the test fails if it does not stop)."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise AssertionError(f"the server did not stop within {timeout} s of SIGTERM")


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")


def start_server(log: Path, workers: int = 2) -> Server:
    """Start ``hearts-sheets serve`` on a free loopback port; wait until it listens."""
    handle = open(log, "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--host", "127.0.0.1", "--port", "0",
         "--workers", str(workers)],
        stdout=subprocess.PIPE, stderr=handle, text=True)
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
    server = Server(url, process, log)
    for _ in range(100):  # the master listens before its workers have booted
        try:
            if len(server.workers()) == workers and server.get("/healthz")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    server.stop()
    raise AssertionError("the server's workers did not answer /healthz")
