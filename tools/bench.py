"""Benchmarks, run by ``make bench`` (not part of the installed package): they print figures and
assert nothing.

- the engine: random full hands per second (shuffle, pass, every card a random legal play),
  the median of 3 runs, pinned to one core, for 4 players and for 3, 5 and 8;
- the build: wall time of ``hearts-sheets build`` in a fresh process, as a ratio to the floor of
  a fresh process that imports ReportLab's platypus and writes a one-paragraph PDF (medians of
  runs taken in turns), and where the build's time goes;
- the site: wall time of ``hearts-sheets site``.
"""

from __future__ import annotations

import json
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

BUILD_RUNS = 11
BUILD_TARGET = 1.5  # the build's wall time at most this many times the floor's

# Where a build's time goes, in one fresh process: each step timed as the command runs it
# (with the cyclic collector paused, as the command pauses it).
STEPS = """
import gc, json, time
gc.disable()
marks = [("start", time.perf_counter())]
def mark(name): marks.append((name, time.perf_counter()))
from sheets import cli, pipeline, bundle
from sheets.layout import rulesheet, scoresheet
mark("imports")
from sheets.housefile import STANDARD_FILE
content = bundle.load_content()
mark("content")
prepared = pipeline.prepare(content, STANDARD_FILE)
mark("text and example")
pipeline.render_rule_sheet(prepared, "letter")
mark("rule sheet")
pipeline.render_score_sheet(prepared, "letter")
mark("score sheet")
print(json.dumps([(name, (t - marks[i][1]) * 1000) for i, (name, t) in enumerate(marks[1:])]))
"""


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _median_wall(args: list[str], runs: int = 5) -> float:
    return statistics.median(_wall(args) for _ in range(runs))


def bench_build() -> None:
    """``hearts-sheets build`` and the floor, each a fresh process, run in turns (so that a busy
    machine slows both alike); the medians and their ratio, then where the build's time goes."""
    with tempfile.TemporaryDirectory() as tmp:
        floor_args = [sys.executable, "-c", FLOOR, str(Path(tmp) / "floor.pdf")]
        build_args = [sys.executable, "-m", "sheets", "build", "--out", tmp]
        _wall(floor_args), _wall(build_args)  # warm the file cache
        floors, builds = [], []
        for _ in range(BUILD_RUNS):
            floors.append(_wall(floor_args))
            builds.append(_wall(build_args))
        floor, build = statistics.median(floors), statistics.median(builds)
        ratios = sorted(b / f for b, f in zip(builds, floors))
        print(f"build   floor (platypus, one paragraph)    {floor * 1000:6.0f} ms")
        print(f"build   hearts-sheets build (both sheets)  {build * 1000:6.0f} ms  "
              f"= {build / floor:.2f} x floor (target <= {BUILD_TARGET}; each run's ratio "
              f"{ratios[0]:.2f} to {ratios[-1]:.2f}; medians of {BUILD_RUNS} fresh processes)")
        steps = json.loads(subprocess.run([sys.executable, "-c", STEPS], check=True,
                                          capture_output=True, text=True).stdout)
        print("build   in one process: " + ", ".join(f"{name} {ms:.0f} ms" for name, ms in steps))
        site = _median_wall([sys.executable, "-m", "sheets", "site", "--out",
                             str(Path(tmp) / "site")], runs=3)
        print(f"site    hearts-sheets site                 {site:6.2f} s (median of 3)")


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
