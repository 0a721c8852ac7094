"""The service's benchmark, run by ``make bench``: prints figures, asserts nothing.

Starts ``hearts-sheets serve`` on a free loopback port with one worker per core, then sends
requests from threads on the same machine (so the client takes some of the CPU too), 8 and 32
at a time, each thread on one kept-alive connection:

- floor: ``/healthz``, the cost of HTTP alone;
- cold: rule sheets for combinations never seen before (each its own title), so every request
  renders a PDF;
- cached: a few rule sheets asked again and again, answered from the workers' caches.

For each: requests per second, p50 and p99 latency, and any answer that was not 200. The
reference, measured in this process: one render of the same rule sheet without HTTP.
"""

from __future__ import annotations

import http.client
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from service_server import start_server  # noqa: E402  (the tests' server starter)

COLD = 96
CACHED = 1500
FLOOR = 1500
CACHED_SET = ("moon=subtract-from-shooter", "preset=omnibus", "preset=three-players&paper=a4",
              "preset=short-game&notes=Loser%20deals")


def reference_render() -> float:
    """Seconds for one rule sheet rendered in this process (median of 5), no HTTP."""
    from sheets.bundle import load_content
    from sheets.pipeline import prepare, render
    from sheets.service.choices import read_choices

    content, times = load_content(), []
    for n in range(6):
        house = read_choices(f"title={quote(f'Reference {n}')}").house
        start = time.perf_counter()
        render(prepare(content, house), "rule-sheet", "letter")
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])  # the first loads the fonts


def run(server, paths: list[str], at_once: int) -> tuple[float, list[float], dict[int, int]]:
    """Send every path, ``at_once`` threads each on one connection; (seconds, latencies,
    statuses other than 200 by count)."""
    latencies: list[float] = []
    others: dict[int, int] = {}
    lock = threading.Lock()
    queue = list(reversed(paths))

    def worker() -> None:
        connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        while True:
            with lock:
                if not queue:
                    break
                path = queue.pop()
            start = time.perf_counter()
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
                status = -1
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    others[status] = others.get(status, 0) + 1
        connection.close()

    threads = [threading.Thread(target=worker) for _ in range(at_once)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, latencies, others


def report(label: str, at_once: int, result, reference: float) -> None:
    seconds, latencies, others = result
    ordered = sorted(latencies)
    p50 = ordered[len(ordered) // 2]
    p99 = ordered[min(len(ordered) - 1, round(len(ordered) * 0.99))]
    bad = f", not 200: {others}" if others else ""
    print(f"serve   {label:7s} {at_once:2d} at a time {len(latencies) / seconds:8.1f} req/s   "
          f"p50 {p50 * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms   "
          f"(p50 = {p50 / reference:6.2f} x one render){bad}")


def main() -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    reference = reference_render()
    print(f"serve   reference: one rule sheet rendered in-process, no HTTP: "
          f"{reference * 1000:.1f} ms (median of 5)")
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "serve.log", workers=cores)
        try:
            print(f"serve   {cores} workers on {cores} cores; client threads on the same machine")
            for at_once in (8, 32):
                report("floor", at_once, run(server, ["/healthz"] * FLOOR, at_once), reference)
            for at_once in (8, 32):
                paths = [f"/sheets/rule-sheet.pdf?title={quote(f'Cold {at_once} {n}')}"
                         for n in range(COLD)]
                report("cold", at_once, run(server, paths, at_once), reference)
            cached = [f"/sheets/rule-sheet.pdf?{q}" for q in CACHED_SET]
            run(server, cached * cores * 4, cores * 4)  # every worker has every one
            for at_once in (8, 32):
                paths = [cached[n % len(cached)] for n in range(CACHED)]
                report("cached", at_once, run(server, paths, at_once), reference)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
