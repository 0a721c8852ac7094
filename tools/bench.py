"""Benchmarks, run by ``make bench`` (not part of the installed package): they print figures and
assert nothing.

- the engine: random full hands per second (shuffle, pass, every card a random legal play),
  the median of 3 runs, pinned to one core, for 4 players and for 3, 5 and 8;
- the build: wall time of ``hearts-sheets build`` in a fresh process, beside the floor of a
  fresh process that imports ReportLab's platypus and writes a one-paragraph PDF;
- the site: wall time of ``hearts-sheets site``.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sheets.engine import Hand, HouseRules

RUNS = 3
HANDS = 2000


def random_hands(rules: HouseRules, count: int, seed: int = 0) -> float:
    """Play ``count`` random hands; return hands per second."""
    rng = random.Random(seed)
    players = rules.players
    start = time.perf_counter()
    for k in range(count):
        hand = Hand.random(rules, seed=seed + k, dealer=k % players, hand_number=k)
        if hand.phase == "pass":
            passed = rules.pass_count(hand.pass_direction)
            for seat in range(players):
                hand.pass_cards(seat, rng.sample(hand.held(seat), passed))
        while hand.phase == "play":
            hand.play(rng.choice(hand.legal_plays()))
    return count / (time.perf_counter() - start)


def bench_engine() -> None:
    for players, label in ((4, "4 players (standard)"), (3, "3 players"), (5, "5 players"),
                           (8, "8 players (Cancellation)")):
        rules = HouseRules(players=players)
        rates = [random_hands(rules, HANDS, seed=run * HANDS) for run in range(RUNS)]
        print(f"engine  {label:26s} {statistics.median(rates):8.0f} hands/s "
              f"(median of {RUNS} runs of {HANDS})")


FLOOR = """
from reportlab.platypus import SimpleDocTemplate, Paragraph
from reportlab.lib.styles import getSampleStyleSheet
import sys
doc = SimpleDocTemplate(sys.argv[1], invariant=1)
doc.build([Paragraph("Hearts", getSampleStyleSheet()["Normal"])])
"""


def _median_wall(args: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_build() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        floor = _median_wall([sys.executable, "-c", FLOOR, str(Path(tmp) / "floor.pdf")])
        build = _median_wall([sys.executable, "-m", "sheets", "build", "--out", tmp])
        print(f"build   floor (platypus, one paragraph)  {floor:6.3f} s")
        print(f"build   hearts-sheets build (both sheets)  {build:6.3f} s  "
              f"= {build / floor:.2f} x floor (target <= 2)")
        site = _median_wall([sys.executable, "-m", "sheets", "site", "--out",
                             str(Path(tmp) / "site")], runs=3)
        print(f"site    hearts-sheets site               {site:6.3f} s (median of 3)")


def main() -> None:
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") else None
    if cores:
        os.sched_setaffinity(0, {min(cores)})
    bench_engine()
    if cores:
        os.sched_setaffinity(0, cores)  # the builds run as children: the site uses every core
    bench_build()


if __name__ == "__main__":
    main()
