"""A bounded load on the real server, on loopback only: a few hundred requests, tens at a time
from as many addresses, half of them new combinations (rendered cold), half repeats (from the
cache). It stops by itself after its fixed count. A request refused while the workers are busy
(429) must say when to come back, and is asked again then; none may fail or get a 5xx, each is
answered in the end, and every worker's memory stays bounded (its render memory is capped; the
rest is the code)."""

from __future__ import annotations

import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

from service_server import rss_kib

REQUESTS = 300
AT_ONCE = 24
TRIES = 30  # a request refused (429) 30 times in a row, a minute, has failed
WORKER_MEMORY_MIB = 250  # a worker holds ~60 MiB; its render memory is capped at 16 MiB
GROWTH_MIB = 150
ROUTES = (
    "/sheets/rule-sheet.pdf",
    "/sheets/score-sheet.pdf",
    "/sheets/rule-sheet.png",
    "/sheets/house-rules.yaml",
    "/make",
)
REPEATED = (
    "preset=omnibus",
    "moon=subtract-from-shooter&paper=a4",
    "preset=three-players&target=50",
    "preset=partnership&shoot_the_sun=true",
)


def addresses(seed: int = 14) -> list[str]:
    """Half new combinations (each its own title and target), half from a few repeated ones."""
    pick = random.Random(seed)
    out = []
    for n in range(REQUESTS):
        route = ROUTES[n % len(ROUTES)]
        if n % 2:
            query = pick.choice(REPEATED)
        else:
            moon = pick.choice(["add-to-others", "subtract-from-shooter", "shooter-chooses"])
            query = (
                f"title={quote(f'Load table {n}')}&target={pick.randint(10, 150)}"
                f"&moon={moon}&paper={pick.choice(['letter', 'a4'])}"
            )
        out.append(f"{route}?{query}")
    return out


def test_a_bounded_load_has_no_failures_and_bounded_memory(server):
    before = {pid: rss_kib(pid) for pid in server.workers()}

    def fetch(numbered: tuple[int, str]) -> tuple[str, int]:
        n, path = numbered
        try:
            for _ in range(TRIES):
                status, headers, _ = server.request(path, source=f"127.0.1.{n % AT_ONCE}")
                if status != 429 or int(headers["retry-after"]) <= 0:
                    break
                time.sleep(int(headers["retry-after"]))
            return path, status
        except OSError:  # refused, reset or timed out: a failed request
            return path, -1

    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        results = list(pool.map(fetch, enumerate(addresses())))
    failed = [(path, status) for path, status in results if status != 200]
    assert not failed, f"{len(failed)} of {REQUESTS} requests failed: {failed[:5]}"
    after = {pid: rss_kib(pid) for pid in server.workers()}
    assert set(after) == set(before), "a worker was replaced during the load"
    report = ", ".join(
        f"worker {pid}: {before[pid] // 1024} -> {after[pid] // 1024} MiB" for pid in sorted(after)
    )
    print(report)
    for pid, kib in after.items():
        assert kib < WORKER_MEMORY_MIB * 1024, report
        assert kib - before[pid] < GROWTH_MIB * 1024, report
    statuses = re.findall(r"\] (?:GET|HEAD) \S+ (\d{3}) [\d.]+ms", server.log_text())
    assert len(statuses) >= REQUESTS and not [s for s in statuses if s.startswith("5")]
