"""Benchmarks, run by ``make bench`` (not part of the installed package): they print figures and
assert nothing. ``python tools/bench.py --engine`` runs the engine's alone.

- the engine: random full hands per second (shuffle, pass, every card a random legal play)
  through the public API (``Hand.random``, ``held``, ``pass_cards``, ``legal_plays``, ``play``),
  pinned to one core, side by side with OpenSpiel's Hearts played the same way in the same
  process, and the ratio; then the engine alone for 3, 5 and 8 players. The engines take turns
  of 500 hands, so that both meet the same load on a shared machine while each runs long
  enough to have its own data in the caches (in turns of 100 hands the engine, whose tables
  of cards are the larger, loses some 5 % to the other's). Rates are in CPU time, not wall
  time, so that time spent waiting for the core is not counted;
- the build: wall time of ``hearts-sheets build`` in a fresh process, as a ratio to the floor of
  a fresh process that imports ReportLab's platypus and writes a one-paragraph PDF (medians of
  runs taken in turns), and where the build's time goes;
- each other edition (``build --edition NAME``): its wall time as a ratio to the standard
  sheets' build, run in turns with it;
- the site: wall time of ``hearts-sheets site``.

Every figure is the median of several runs. On a shared machine the rates move from run to
run; the ratio, taken from runs made in turn, moves much less.
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

RUNS = 7
HANDS = 2000


def random_hands(rules: HouseRules, count: int, seed: int = 0, reseed: bool = False) -> float:
    """Play ``count`` random hands; return the CPU seconds they took. The deals, passes and
    plays all draw from one generator, as OpenSpiel's loop below does; with ``reseed`` each
    hand is dealt from its own seed instead (``Hand.random(rules, seed=...)``), which costs
    a generator's seeding a hand."""
    rng = random.Random(seed)
    players = rules.players
    start = time.process_time()
    for k in range(count):
        if reseed:
            hand = Hand.random(rules, seed=seed + k, dealer=k % players, hand_number=k)
        else:
            hand = Hand.random(rules, dealer=k % players, hand_number=k, rng=rng)
        if hand.phase == "pass":
            passed = rules.pass_count(hand.pass_direction)
            for seat in range(players):
                hand.pass_cards(seat, rng.sample(hand.held(seat), passed))
        while hand.phase == "play":
            hand.play(rng.choice(hand.legal_plays()))
    return time.process_time() - start


def openspiel_hands(game, count: int, seed: int = 0) -> float:
    """Play ``count`` random hands of OpenSpiel's Hearts, every chance outcome and action a
    random legal one (its deal is 52 chance actions, its pass 3 actions a player); return the
    CPU seconds they took."""
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return time.process_time() - start


def side_by_side(game, runs: int = RUNS, hands: int = HANDS, turns: int = 4) -> None:
    """The engine and OpenSpiel, in turns of ``hands // turns`` hands each so that both meet
    the same load on a shared machine; each run's rates in CPU time, and their ratio."""
    standard = HouseRules()
    rates: dict[str, list[float]] = {"ours": [], "seeded": [], "theirs": []}
    ratios: dict[str, list[float]] = {"ours": [], "seeded": []}
    batch = hands // turns
    for run in range(runs):
        cpu = dict.fromkeys(rates, 0.0)
        for turn in range(turns):
            seed = (run * turns + turn) * batch
            cpu["ours"] += random_hands(standard, batch, seed=seed)
            cpu["seeded"] += random_hands(standard, batch, seed=seed, reseed=True)
            cpu["theirs"] += openspiel_hands(game, batch, seed=seed)
        for key, seconds in cpu.items():
            rates[key].append(hands / seconds)
        for key in ratios:
            ratios[key].append(cpu["theirs"] / cpu[key])
    median = statistics.median
    print(
        f"engine  4 players (standard)   {median(rates['ours']):8.0f} hands/s "
        "(one generator for every deal and choice, as OpenSpiel's loop)"
    )
    print(
        f"engine    with a seed a hand   {median(rates['seeded']):8.0f} hands/s "
        "(Hand.random(rules, seed=...) for each)"
    )
    print(f"engine  OpenSpiel's Hearts     {median(rates['theirs']):8.0f} hands/s")
    print(
        f"engine  ratio to OpenSpiel     {median(ratios['ours']):8.2f} x (target >= 1.0; "
        f"from {min(ratios['ours']):.2f} to {max(ratios['ours']):.2f}); with a seed a hand "
        f"{median(ratios['seeded']):.2f} x"
    )
    print(
        f"engine    (CPU time, median of {runs} runs of {hands} hands each, in turns of "
        f"{batch}, pinned to one core)"
    )


def bench_engine() -> None:
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print(
            "engine  OpenSpiel is not installed: `make bench` installs it "
            "(pip install -e '.[bench]'); the engine alone:"
        )
    if pyspiel is not None:
        # OpenSpiel's defaults, but the queen of spades does not break hearts, as in ours
        game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
        random_hands(HouseRules(), HANDS // 4)  # warm both up: caches, first imports
        openspiel_hands(game, HANDS // 4)
        side_by_side(game)
    for players, label in (
        (4, "4 players (standard)"),
        (3, "3 players"),
        (5, "5 players"),
        (8, "8 players (Cancellation)"),
    ):
        if players == 4 and pyspiel is not None:
            continue
        rules = HouseRules(players=players)
        rates = [HANDS / random_hands(rules, HANDS, seed=run * HANDS) for run in range(3)]
        print(
            f"engine  {label:26s} {statistics.median(rates):8.0f} hands/s "
            f"(median of 3 runs of {HANDS})"
        )


FLOOR = """
from reportlab.platypus import SimpleDocTemplate, Paragraph
from reportlab.lib.styles import getSampleStyleSheet
import sys
doc = SimpleDocTemplate(sys.argv[1], invariant=1)
doc.build([Paragraph("Hearts", getSampleStyleSheet()["Normal"])])
"""

BUILD_RUNS = 11
BUILD_TARGET = 2.0  # the build's wall time at most this many times the floor's

# Where a build's time goes, in one fresh process: each step timed as the command runs it.
STEPS = """
import json, time
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
        print(
            f"build   hearts-sheets build (both sheets)  {build * 1000:6.0f} ms  "
            f"= {build / floor:.2f} x floor (target <= {BUILD_TARGET}; each run's ratio "
            f"{ratios[0]:.2f} to {ratios[-1]:.2f}; medians of {BUILD_RUNS} fresh processes)"
        )
        steps = json.loads(
            subprocess.run(
                [sys.executable, "-c", STEPS], check=True, capture_output=True, text=True
            ).stdout
        )
        print("build   in one process: " + ", ".join(f"{name} {ms:.0f} ms" for name, ms in steps))
        bench_editions(tmp, build_args)
        site = _median_wall(
            [sys.executable, "-m", "sheets", "site", "--out", str(Path(tmp) / "site")], runs=3
        )
        print(f"site    hearts-sheets site                 {site:6.2f} s (median of 3)")


def bench_editions(tmp: str, build_args: list[str]) -> None:
    """Each edition but the standard one (``build --edition NAME``), a fresh process each, run in
    turns with the standard build: the medians, and each as a ratio to the standard sheets'."""
    from sheets.cli import EDITIONS

    others = [name for name in EDITIONS if name != "standard"]
    walls: dict[str, list[float]] = {name: [] for name in ["standard", *others]}
    args = {name: [*build_args, "--edition", name] for name in others}
    for name in others:
        _wall(args[name])  # warm
    for _ in range(BUILD_RUNS):
        walls["standard"].append(_wall(build_args))
        for name in others:
            walls[name].append(_wall(args[name]))
    standard = statistics.median(walls["standard"])
    for name in others:
        wall = statistics.median(walls[name])
        print(
            f"build   --edition {name:<24} {wall * 1000:6.0f} ms  = {wall / standard:.2f} x "
            f"the standard sheets' build (medians of {BUILD_RUNS} fresh processes)"
        )


def main() -> None:
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") else None
    if cores:
        os.sched_setaffinity(0, {min(cores)})
    bench_engine()
    if cores:
        os.sched_setaffinity(0, cores)  # the builds run as children: the site uses every core
    if "--engine" not in sys.argv:
        bench_build()


if __name__ == "__main__":
    main()
