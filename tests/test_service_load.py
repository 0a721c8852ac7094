"""A bounded load on the real server, on loopback only: a few hundred requests, tens at a time,
half of them new combinations (rendered cold), half repeats (from the cache). It stops by itself
after its fixed count. No request may fail or get a 5xx, and every worker's memory stays bounded
(the render cache is capped; the rest is the code and the site)."""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

from service_server import rss_kib

REQUESTS = 300
AT_ONCE = 24
WORKER_MEMORY_MIB = 250  # a worker holds ~50 MiB; its render cache is capped at 32 MiB
GROWTH_MIB = 150
ROUTES = ("/sheets/rule-sheet.pdf", "/sheets/score-sheet.pdf", "/sheets/rule-sheet.png",
          "/sheets/house-rules.yaml", "/make")
REPEATED = ("preset=omnibus", "moon=subtract-from-shooter&paper=a4",
            "preset=three-players&target=50", "preset=partnership&shoot_the_sun=true")


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
            query = (f"title={quote(f'Load table {n}')}&target={pick.randint(10, 150)}"
                     f"&moon={moon}&paper={pick.choice(['letter', 'a4'])}")
        out.append(f"{route}?{query}")
    return out


def test_a_bounded_load_has_no_failures_and_bounded_memory(server):
    before = {pid: rss_kib(pid) for pid in server.workers()}

    def fetch(path: str) -> tuple[str, int]:
        try:
            return path, server.get(path)[0]
        except OSError:  # refused, reset or timed out: a failed request
            return path, -1

    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        results = list(pool.map(fetch, addresses()))
    failed = [(path, status) for path, status in results if status != 200]
    assert not failed, f"{len(failed)} of {REQUESTS} requests failed: {failed[:5]}"
    after = {pid: rss_kib(pid) for pid in server.workers()}
    assert set(after) == set(before), "a worker was replaced during the load"
    report = ", ".join(f"worker {pid}: {before[pid] // 1024} -> {after[pid] // 1024} MiB"
                       for pid in sorted(after))
    print(report)
    for pid, kib in after.items():
        assert kib < WORKER_MEMORY_MIB * 1024, report
        assert kib - before[pid] < GROWTH_MIB * 1024, report
    statuses = re.findall(r"\] (?:GET|HEAD) \S+ (\d{3}) [\d.]+ms", server.log_text())
    assert len(statuses) >= REQUESTS and not [s for s in statuses if s.startswith("5")]
