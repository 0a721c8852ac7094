"""The service's benchmark, run by ``make bench``: prints figures, asserts nothing.

The mix is realistic: rule sheets for 3 to 10 players with random house rules, titles and notes
(tests/house_files.py draws them as a group would write them), each new, so every render
searches its worked example afresh. The reference is the CPU one new rule sheet of that mix
costs in this process, without HTTP.

Then ``hearts-sheets serve`` on a free loopback port with one render worker per core, its cache
in a new folder, and clients on the same machine (they take some of the CPU too):

- floor, cold and cached, 8 and 32 at a time, each client a thread on one kept-alive connection
  from a loopback address of its own (127.0.0.x, so that the per-client limit is not what
  refuses them); a client refused with 429 tries its next sheet 0.1 s later;
- slow and idle: 200 connections that send their head a byte a second and 500 that send nothing
  are held open (each opened again when the server closes it) while /healthz and a cached sheet
  are asked one at a time, each on a new connection;
- a flood: 32 connections from 8 addresses ask for new sheets back to back, ignoring
  Retry-After, while /healthz, a 304 and a cached sheet are asked the same way.

Each line gives requests per second, p50 and p99, and the answers that were not 200.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from house_files import house_file_text, random_mapping  # noqa: E402  (the tests' own)
from service_server import fetch, hold_idle, hold_slow, start_server  # noqa: E402

COLD = 96
CACHED = 1500
FLOOR = 1500
HELD_SECONDS = 12
FLOOD_SECONDS = 12
PROBES = 300
CACHED_SET = (
    "moon=subtract-from-shooter",
    "preset=omnibus",
    "preset=three-players&paper=a4",
    "preset=short-game&notes=Loser%20deals",
)


def realistic(count: int, seed: int) -> list[str]:
    """``count`` queries of the mix: 3 to 10 players, random rules, a title of its own each
    (the first parameter)."""
    from sheets.bundle import read_preset
    from sheets.errors import InputError
    from sheets.housefile import MAX_TITLE, parse_house_rules
    from sheets.service.choices import canonical_query

    rng, out = random.Random(seed), []
    while len(out) < count:
        mapping = random_mapping(rng)
        mapping["players"] = rng.randint(3, 10)
        mapping["title"] = f"{seed}.{len(out)} {mapping.get('title', 'Hearts')}"[:MAX_TITLE]
        try:
            house = parse_house_rules(house_file_text(mapping), "bench.yaml", read_preset)
        except InputError:
            continue
        out.append(canonical_query(house, rng.choice(("letter", "a4"))))
    return out


def reference(queries: list[str]) -> tuple[float, float]:
    """CPU seconds for one new rule sheet of the mix in this process (mean, median), the worked
    example searched each time; the first (which loads the fonts) left out."""
    from sheets.bundle import load_content
    from sheets.pipeline import prepare, render
    from sheets.service.choices import read_choices

    content, times = load_content(), []
    for query in queries:
        choices = read_choices(query)
        start = time.process_time()
        render(prepare(content, choices.house), "rule-sheet", choices.paper)
        times.append(time.process_time() - start)
    return statistics.mean(times[1:]), statistics.median(times[1:])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(len(ordered) * share))] if ordered else 0.0


# -- throughput: threads, each on one connection -----------------------------------------------


def run(server, paths: list[str], at_once: int) -> tuple[float, list[float], dict[int, int]]:
    """Send every path, ``at_once`` threads each on one connection from its own address;
    (seconds, latencies of the 200s, other statuses by count)."""
    latencies: list[float] = []
    others: dict[int, int] = {}
    lock = threading.Lock()
    queue = list(reversed(paths))

    def worker(number: int) -> None:
        source = f"127.0.0.{10 + number}"
        connection = server.connection(source)
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
                connection = server.connection(source)
                status = -1
            elapsed = time.perf_counter() - start
            with lock:
                if status == 200:
                    latencies.append(elapsed)
                else:
                    others[status] = others.get(status, 0) + 1
            if status == 429:
                time.sleep(0.1)
        connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(at_once)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, latencies, others


def report(label: str, at_once: int, result) -> None:
    seconds, latencies, others = result
    bad = f", not 200: {dict(sorted(others.items()))}" if others else ""
    print(
        f"serve   {label:7s} {at_once:2d} at a time {len(latencies) / seconds:8.1f} req/s   "
        f"p50 {percentile(latencies, 0.5) * 1000:7.1f} ms   "
        f"p99 {percentile(latencies, 0.99) * 1000:7.1f} ms{bad}"
    )


# -- probes: one request at a time, each on a new connection ------------------------------------


def probe(server, path: str, count: int, pause: float, **headers) -> tuple[list[float], dict]:
    latencies, statuses = [], {}
    for _ in range(count):
        start = time.perf_counter()
        try:
            status = server.get(path, **headers)[0]
        except OSError:
            status = -1
        latencies.append(time.perf_counter() - start)
        statuses[status] = statuses.get(status, 0) + 1
        time.sleep(pause)
    return latencies, statuses


def report_probe(label: str, result) -> None:
    latencies, statuses = result
    print(
        f"serve     {label:34s} p50 {percentile(latencies, 0.5) * 1000:6.1f} ms   "
        f"p99 {percentile(latencies, 0.99) * 1000:6.1f} ms   max "
        f"{max(latencies) * 1000:6.1f} ms   answers {dict(sorted(statuses.items()))}"
    )


def probes_meanwhile(server, cached: str, etag: str) -> None:
    """/healthz, a 304 and a cached sheet, asked in turn, one at a time."""
    results = {"/healthz": ([], {}), "304 (If-None-Match)": ([], {}), "a cached sheet": ([], {})}
    for _ in range(PROBES // 3):
        for label, path, headers in (
            ("/healthz", "/healthz", {}),
            ("304 (If-None-Match)", cached, {"If-None-Match": etag}),
            ("a cached sheet", cached, {}),
        ):
            latencies, statuses = probe(server, path, 1, 0.01, **headers)
            results[label][0].extend(latencies)
            for status, count in statuses.items():
                results[label][1][status] = results[label][1].get(status, 0) + count
    for label, result in results.items():
        report_probe(label, result)


# -- the clients that misbehave, each in a process of its own (--hold, --flood) ------------------


async def _hold(host: str, port: int, idle: int, slow: int, seconds: float) -> None:
    until = time.monotonic() + seconds
    idle_held, slow_held = [0], [0]

    async def later(holder, *args) -> None:  # started over a second, not all at once
        await asyncio.sleep(random.random())
        await holder(host, port, until, *args)

    tasks = [asyncio.create_task(later(hold_idle, idle_held)) for _ in range(idle)]
    tasks += [asyncio.create_task(later(hold_slow, slow_held)) for _ in range(slow)]
    await asyncio.sleep(2)
    print("ready", flush=True)
    samples = []
    while time.monotonic() < until - 0.5:
        samples.append((idle_held[0], slow_held[0]))
        await asyncio.sleep(0.25)
    await asyncio.gather(*tasks)
    print(
        json.dumps(
            {
                "idle": statistics.mean(s[0] for s in samples),
                "slow": statistics.mean(s[1] for s in samples),
            }
        ),
        flush=True,
    )


async def _flood(host: str, port: int, addresses: int, each: int, seconds: float) -> None:
    queries = realistic(100, seed=int(time.time()))
    counter = iter(range(10**9))
    print("ready", flush=True)
    until = time.monotonic() + seconds
    stats: dict[str, list[float]] = {}

    async def client(source: str) -> None:
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            try:
                while time.monotonic() < until:
                    n = next(counter)  # a title of its own: the rest of the mix's choices
                    rest = queries[n % len(queries)].partition("&")[2]
                    path = f"/sheets/rule-sheet.pdf?title=Flood%20{n}&{rest}"
                    start = time.perf_counter()
                    status, close = await fetch(reader, writer, path)
                    stats.setdefault(str(status), []).append(time.perf_counter() - start)
                    if close:
                        break
            except (OSError, asyncio.IncompleteReadError):
                stats.setdefault("failed", []).append(0)
            writer.close()

    await asyncio.gather(
        *(client(f"127.0.0.{100 + a}") for a in range(addresses) for _ in range(each))
    )
    print(
        json.dumps(
            {
                status: [len(times), percentile(times, 0.5), percentile(times, 0.99)]
                for status, times in stats.items()
            }
        ),
        flush=True,
    )


def misbehave(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE, text=True)


def held_open(server) -> None:
    helper = misbehave("--hold", server.host, str(server.port), "500", "200", str(HELD_SECONDS))
    try:
        assert helper.stdout.readline().strip() == "ready"
        cached = f"/sheets/rule-sheet.pdf?{CACHED_SET[0]}"
        print(
            "serve   slow and idle: 200 connections sending their head a byte a second and "
            "500 sending nothing, held open"
        )
        report_probe("/healthz", probe(server, "/healthz", PROBES // 2, 0.02))
        report_probe("a cached sheet", probe(server, cached, PROBES // 2, 0.02))
        held = json.loads(helper.stdout.readline())
        print(
            f"serve     (held open meanwhile, on average: {held['idle']:.0f} idle and "
            f"{held['slow']:.0f} slow; each is opened again when the server closes it)"
        )
    finally:
        helper.kill()
        helper.wait()


def flood(server, cores: int) -> None:
    cached = f"/sheets/rule-sheet.pdf?{CACHED_SET[1]}"
    etag = server.get(cached)[1]["etag"]
    helper = misbehave("--flood", server.host, str(server.port), "8", "4", str(FLOOD_SECONDS))
    try:
        assert helper.stdout.readline().strip() == "ready"
        start = time.perf_counter()
        time.sleep(1)
        print(
            f"serve   a flood: 32 connections from 8 addresses ask for new sheets back to back "
            f"({cores} render workers)"
        )
        probes_meanwhile(server, cached, etag)
        stats = json.loads(helper.stdout.readline())
        seconds = time.perf_counter() - start
    finally:
        helper.kill()
        helper.wait()
    for status, (count, p50, p99) in sorted(stats.items()):
        print(
            f"serve     flood answers {status}: {count:6d} ({count / seconds:7.1f}/s)   "
            f"p50 {p50 * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms"
        )


def main() -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    mix = realistic(41, seed=1)
    mean, median = reference(mix)
    print(
        f"serve   reference: one new rule sheet of the mix (3 to 10 players, random rules, "
        f"the worked example searched), in-process, no HTTP: {mean * 1000:.1f} ms of CPU on "
        f"average, median {median * 1000:.1f} ms"
    )
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "serve.log", workers=cores)
        try:
            print(f"serve   {cores} render workers on {cores} cores; clients on the same machine")
            for at_once in (8, 32):
                report("floor", at_once, run(server, ["/healthz"] * FLOOR, at_once))
            for at_once in (8, 32):
                paths = [f"/sheets/rule-sheet.pdf?{q}" for q in realistic(COLD, seed=100 + at_once)]
                report("cold", at_once, run(server, paths, at_once))
            cached = [f"/sheets/rule-sheet.pdf?{q}" for q in CACHED_SET]
            run(server, cached, 1)
            for at_once in (8, 32):
                paths = [cached[n % len(cached)] for n in range(CACHED)]
                report("cached", at_once, run(server, paths, at_once))
            held_open(server)
            flood(server, cores)
        finally:
            server.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--hold"]:
        host, port, idle, slow, seconds = sys.argv[2:]
        asyncio.run(_hold(host, int(port), int(idle), int(slow), float(seconds)))
    elif sys.argv[1:2] == ["--flood"]:
        host, port, addresses, each, seconds = sys.argv[2:]
        asyncio.run(_flood(host, int(port), int(addresses), int(each), float(seconds)))
    else:
        main()
